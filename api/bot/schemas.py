"""/v1/bot-move: a position, a bot spec and a seed in; the bot's move, its value and (``play``) the move
played out."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from eights.api.apply.schemas import AskedHintsSchema, ApplyResponseSchema
from eights.answers.common.fields import EXAMPLE_POSITION, PositionField
from eights.answers.common.play_for import PLAY_FOR_HELP, PlayedForSchema
from eights.answers.common.schemas import RulesSchema, SearchCommonSchema
from eights.answers.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.engine.steps import MAX_SEED
from eights.play.series.play_for import PLAY_FOR
from eights.play.versus import DEFAULT_PERSON_BOT

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "against": "person"}
FAMILY_EXAMPLES = {
    "classic/4": {"position": HINT_FAMILY_EXAMPLES["classic/4"]["position"], "bot": "solver:time=50", "play": True},
    "layout/6": {"position": HINT_FAMILY_EXAMPLES["layout/6"]["position"], "against": "person", "seed": 7},
}
PERSON = "person"


class BotMoveRequestSchema(RulesSchema, AskedHintsSchema):
    """The position (of the game ``rules`` names, sce2 by default; the side or seat to act is the
    bot's), the bot (named, or with ``against: person`` the fair one by default), for a bot that
    draws lots a seed, and with ``play`` the hints to answer with the position reached (as
    /v1/apply's): a person's values for her turn after the computer's, in the same call. A
    position with its game context is played by a solver bot for the game (``play_for``)."""

    position = PositionField(required=True, metadata={
        "description": "The position, every hand given (the compact string or the JSON object); or the view of the "
                       "hand to act (sce2's view:S or view:W, the family's view:K, the hidden hands as ?N), from "
                       "which a fair bot decides alone (and random and heuristic, which do not peek): a solver bot "
                       "needs every hand (422 naming position), and a move chosen from a view is not played (422 "
                       "naming play)."})
    against = fields.String(validate=validate.OneOf([PERSON]), metadata={
        "description": f"person: the bot plays against a person, whose concealed hand it must not see. Without "
                       f"bot it is then {DEFAULT_PERSON_BOT}, the fair bot, which decides from its own view (its "
                       "concealed hand, both dummies, the upcard, the discard pile): changing the person's hidden "
                       "cards does not change its move. A bot named is played as named: solver:... is double "
                       "dummy, seeing every hand. A game of the family's fair bot decides from the view of the seat "
                       "to act (its hand, the piles, the other hands' and the stock's sizes).", "example": PERSON})
    bot = fields.String(validate=validate.Length(min=1, max=200), metadata={
        "description": "random, heuristic (the seeds' strategy advice), solver:time=MS / solver:depth=D "
                       "(with eval=NAME, and hold8=P to keep an 8 when a play of another card is within P "
                       "points of it), or fair:time=MS / fair:depth=D with samples=N (deciding from its own view, "
                       "the hidden cards sampled from the seed, as /v1/fair-hint); the solver and fair bots are "
                       "held to the service's limits. A game of the family's bots (docs/family-bots.md): random, "
                       "heuristic, solver:time=MS / solver:depth=D and fair:time=MS / fair:depth=D with samples=N and schedule= "
                       "(each with mode=maxn|paranoid|brs), and rollout:games=N / rollout:time=MS (every move played "
                       "out by the heuristic; with samples=S from the seat's own view). Required unless against is "
                       "person.",
        "example": "solver:time=100"})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "Seed of the random bot's choice or the fair bot's samples, at most 2^53 - 1; a random "
                       "one when omitted.",
        "example": 7})
    play_for = fields.String(validate=validate.OneOf(PLAY_FOR), metadata={
        "description": f"{PLAY_FOR_HELP} A solver bot plays for it (over its spec's play_for=, which it "
                       "otherwise follows); the fair, random and heuristic bots play every deal for its points: "
                       "game or series asked of them is refused (422 naming play_for).", "example": "game"})
    play = fields.Boolean(load_default=False, metadata={
        "description": "Play the move too: the answer's `played` is then /v1/apply's answer for it (a draw's "
                       "cards from the same seed), the position reached with its state and legal moves, so "
                       "that a computer's turn takes one call.", "example": False})

    @validates_schema
    def check_bot(self, data: dict[str, Any], **kwargs: Any) -> None:
        """A bot named, unless the request says it plays against a person (then the fair one)."""
        if "bot" not in data and data.get("against") != PERSON:
            raise ValidationError({"bot": [f"Missing data for required field (unless against is {PERSON!r})."]})
        for field in ("hint", "fair_hint"):
            if field in data and not data["play"]:
                raise ValidationError({field: ["Only with play: the hint is of the position the move reaches."]})


class BotMoveResponseSchema(SearchCommonSchema, PlayedForSchema):
    """The bot's move in both forms, its value when the bot searched, the bot's canonical spec,
    the seed it used and, when asked to play it, the move played, in one shape for every game:
    the fields every game answers (``player_names``, ``to_act``, ``values``), then each game's
    own (sce2's ``side`` and ``value_ns``, the family's ``player``)."""

    bot = fields.String(required=True, metadata={"example": "solver:time=100"})
    move = fields.String(required=True, metadata={"example": "play JC"})
    move_json = fields.Dict(required=True, metadata={
        "description": "The move in the JSON form (this field was `json` before; `json` is a position in every "
                       "answer).", "example": {"action": "play", "card": "JC"}})
    seed = fields.Integer(required=True, metadata={"example": 7})
    value = fields.Float(required=True, allow_none=True, metadata={
        "description": "The move's value for the player to act: the solver bot's search value, the fair bot's mean "
                       "over its samples, a game of the family's rollout bot's mean payoff over its playouts of the "
                       "move (with samples=, over every sample's playouts); null for a bot that does not search "
                       "(random, heuristic), or a move played unsearched (the only legal one, or the heuristic's "
                       "where one action deep outlasts the time). `values` gives every player's alike.",
        "example": -16.99})
    depth = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The depth the bot's search reached (a fair bot's: the least over its samples); null for a bot "
                       "that does not search (the rollout bot's playouts go to the deal's end: null too). Less than the bot's depth= when the request's time "
                       "(EIGHTS_MAX_REQUEST_MS, shared with the hints asked) ran out first.", "example": 6})
    played = fields.Nested(ApplyResponseSchema, required=True, allow_none=True, metadata={
        "description": "With play: /v1/apply's answer for the move (its step, a draw naming its cards, the position "
                       "reached with its state and legal moves, and the hints asked); else null."})
    side = fields.String(allow_none=True, metadata={"description": "sce2's: the side to act, whose move this is.",
                                                    "example": "EW"})
    value_ns = fields.Float(allow_none=True, metadata={"description": "sce2's: the value for side NS.",
                                                       "example": 16.99})
    player = fields.Integer(metadata={"description": "A game of the family's: the seat to act, whose move this is.",
                                      "example": 0})
