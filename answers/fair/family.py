"""A fair hint in a game of the family from a full position: the view of the player to act
(``eights.engine.family.view``) hinted as any game's view is (``eights.answers.fair.hinting.hint_from_view``:
the other hands, the stock and the layout game's cards out of play sampled, each sample searched
double dummy through the service, each move's values for the player compared over the samples,
with every seat's mean). The samples come from the view alone, so that the hint does not change
with how the other hands' cards lie."""

from __future__ import annotations

from eights.answers.fair.hinting import FairSearch, hint_from_view
from eights.answers.service import SolveService
from eights.engine.family.position import FamilyPosition
from eights.engine.family.view import FamilyView
from eights.games import find_game
from eights.games.family_fair import FamilyFairAnswer
from eights.solver.family import MAXN


def family_hint_fairly(service: SolveService, position: FamilyPosition, samples: int, search: FairSearch, seed: int,
                       objective: str = MAXN) -> FamilyFairAnswer:
    """The fair hint of the player to act in ``position``: ``samples`` samples of her view
    (from ``seed``) searched as ``search`` says (with ``objective``), through the service;
    DeadlineExceeded when not one is solved in the request's time."""
    answer: FamilyFairAnswer = hint_from_view(service, find_game(position.rules.name), FamilyView.of(position),
                                              samples, search, seed, objective)
    return answer
