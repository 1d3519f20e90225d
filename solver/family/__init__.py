"""The double-dummy search of the family games (RULES-FAMILY.md): max-n and paranoid
expectimax over ``eights.engine.family``, in pure Python (``eights.solver.family.reference``,
the definition a native core is to be checked against), behind ``solve``.

>>> from eights.engine.family import deal, parse_rules
>>> solution = solve(deal(parse_rules("layout/2"), seed=4), depth=2)
>>> solution.mode, len(solution.values)
('maxn', 2)
"""

from eights.solver.family.api import solve
from eights.solver.family.evaluation import DEFAULT_EVALUATION, EVALUATIONS, material
from eights.solver.family.objective import MAXN, MODES, PARANOID, leader
from eights.solver.family.solution import FamilyMoveValue, FamilySolution

__all__ = ["DEFAULT_EVALUATION", "EVALUATIONS", "MAXN", "MODES", "PARANOID", "FamilyMoveValue", "FamilySolution",
           "leader", "material", "solve"]
