"""/v1/deal for the family's other games (RULES-FAMILY.md): a seeded deal of the ruleset the
request names, its state and legal moves, in the family's notation (docs/family.md).

The family's hints, moves and the rest of the service follow (issue "Every interface speaks
every game"); until then a family deal is played and searched from Python and the command line.
"""

from __future__ import annotations

from typing import Any

from eights.engine.family.deal import deal
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import Ruleset, RulesetError, at_deal
from eights.games import find_game


def family_deal(rules: Ruleset, number: int | None, dealer: str | None, seed: int) -> dict[str, Any]:
    """The answer of /v1/deal for ``rules`` (not ``sce2``): deal ``number`` of a match (sce's
    numbered deals: ``at_deal``; None: the ruleset's), dealt by seat ``dealer`` (a seat number
    as text, ``"0"`` when None) from ``seed``, and its state (``Game.state``). RulesetError
    naming ``deal`` or ``dealer`` for a deal or a seat the game does not have."""
    if number is not None:
        rules = at_deal(rules, number)
    seat = dealer_seat(rules, dealer)
    return {"rules": rules.name, "dealer": str(seat), "seed": seed,
            **find_game(rules.name).state(deal(rules, seed, seat))}


def dealer_seat(rules: Ruleset, dealer: str | None) -> int:
    """The dealer's seat: ``dealer`` read as a seat number of ``rules``' table (0 when None).

    >>> from eights.engine.family.ruleset import parse_rules
    >>> dealer_seat(parse_rules("classic/3"), "2"), dealer_seat(parse_rules("classic/3"), None)
    (2, 0)
    """
    if dealer is None:
        return 0
    if not (dealer.isascii() and dealer.isdigit()) or int(dealer) >= rules.players:
        raise RulesetError("dealer", f"a seat 0 to {rules.players - 1} for {rules.name}, not {dealer!r}")
    return int(dealer)


