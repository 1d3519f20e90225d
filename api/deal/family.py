"""/v1/deal for the family's other games (RULES-FAMILY.md): a seeded deal of the ruleset the
request names, its state and legal moves, in the family's notation (docs/family.md), dealt
and answered by the game (``Game.deal_numbered``, ``Game.state``)."""

from __future__ import annotations

from typing import Any

from eights.games import Game

FIELDS = ("deal", "dealer")  # the request's fields a deal number or a dealer the game lacks is refused naming


def family_deal(game: Game[Any, Any, Any], number: int | None, dealer: str | None, seed: int) -> dict[str, Any]:
    """The answer of /v1/deal for ``game`` (not ``sce2``): deal ``number`` of a match (sce's
    numbered deals: its ruleset names the deal; None: the ruleset's), dealt by seat ``dealer``
    (a seat number as text, ``"0"`` when None) from ``seed``, and its state (``Game.state``).
    NotationError naming ``deal`` or ``dealer`` for a deal or a seat the game does not have."""
    position = game.deal_numbered(seed, number, dealer, FIELDS)
    return {**game.answer_fields(position), "dealer": "0" if dealer is None else str(int(dealer)), "seed": seed,
            **game.state(position)}
