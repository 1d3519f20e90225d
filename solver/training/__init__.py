"""Training the ``trained`` evaluation (``eights.solver.trained``) by self-play.

``python -m eights.solver.training --generations 3 --seed 1`` plays deals with the search at a small
depth, labels every position with how its deal really ended, fits the model's weights (ridge
least squares), and keeps a refit only when a paired duel says it plays stronger than the
model it would replace; then writes the shipped weights file (``solver/weights/trained-v3.json``). Needs the ``train``
extra (numpy); nothing here runs when the solver searches.
"""
