"""Every game behind one interface: a game is a value found by its name, and every tool
(the CLI, the service, bots, analysis) is written once against it (``Game``), never asking
which game it holds. sce2 keeps its own engine and fast core behind it; the family's engine
and core serve every other ruleset.

>>> from eights.games import find_game
>>> game = find_game("classic/4")
>>> p = game.deal(seed=7)
>>> view = game.view_of(p, game.to_act(p))
>>> game.notation(view).split()[1:5]
['0:?5', '1:AQ.72..Q', '2:?5', '3:?5']
>>> answer = game.search(p, depth=2)
>>> answer.player == game.to_act(p), answer.depth, len(answer.values)
(True, 2, 4)
"""

from eights.engine.family.notation import RulesMismatch
from eights.games.game import Game, MatchDeal, PlayedStep, SavedMatch, SearchAnswer, Standing
from eights.games.registry import EVALUATIONS, OBJECTIVES, find_game, game_for, game_of, read_any

__all__ = ["EVALUATIONS", "OBJECTIVES", "Game", "MatchDeal", "PlayedStep", "RulesMismatch", "SavedMatch", "SearchAnswer", "Standing",
           "find_game", "game_for", "game_of", "read_any"]
