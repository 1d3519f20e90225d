"""/v1/fair-hint: a view, the samples, each sample's search and the seed in; each move's
mean value over the sampled deals, how often it was best, and its difference from the best out."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import EXAMPLE_VIEW, ViewField
from eights.answers.common.play_for import PlayedForSchema, PlayForSchema
from eights.answers.common.schemas import ComparedMoveSchema, GameOptionsSchema, SearchCommonSchema, SearchOptionsSchema
from eights.answers.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.engine.steps import MAX_SEED
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED

REQUEST_EXAMPLE = {"position": EXAMPLE_VIEW, "samples": 16}
FAMILY_EXAMPLES = {name: {"position": body["position"], "samples": 8, "time_ms": 80}
                   for name, body in HINT_FAMILY_EXAMPLES.items()}


class FairHintRequestSchema(GameOptionsSchema, SearchOptionsSchema, PlayForSchema):
    """A view (sce2: the side to act's, with its game context if any: ``deal:12 lead:60``; a game
    of the family: the player to act's, or her view of the position), what the deal is played
    for (``play_for``: each sample searched for it) and how to sample and search. Each sample is
    searched ``depth`` deep, or the samples are deepened together within ``time_ms``, the whole
    hint's search time (default EIGHTS_HINT_TIME_MS, as a hint): depth 1 on every sample, then 2,
    ..., the answer at the last depth completed on every sample; draws are random (expectimax), a
    family game's search max-n."""

    class Meta:
        """No mode: the stock's order is unknown to the view; a family game's fair hint is max-n,
        for the player to act."""

        exclude = ("mode", "objective", "player")

    position = ViewField(required=True, metadata={
        "description": "sce2: a position seen from one concealed hand (view:S or view:W, the other concealed hand "
                       "as its cards or ?N). A game of the family (rules: word, or the rules field): a view of the "
                       "seat to act (view:K, the other hands as their cards or ?N, JSON a number), or a full "
                       "position, of which only what the player to act sees is used: her hand, the piles and the "
                       "counts of the other hands and the stock, the hidden cards being sampled."})
    samples = fields.Integer(strict=True, load_default=DEFAULT_SAMPLES, validate=validate.Range(min=1), metadata={
        "description": f"Deals to sample (default {DEFAULT_SAMPLES}), at most EIGHTS_MAX_SAMPLES.", "example": 16})
    seed = fields.Integer(strict=True, load_default=DEFAULT_SEED, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": f"Seed of the samples (default {DEFAULT_SEED}): the same request "
                                                   "gives the same samples.", "example": 1})
    time_ms = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "The whole hint's search time, in which the samples are deepened together (default "
                       "EIGHTS_HINT_TIME_MS); at most EIGHTS_MAX_TIME_MS.", "example": 100})


class SampledMoveSchema(ComparedMoveSchema):
    """A move over the sampled deals: its value for the player to act (``value``, the same as
    ``mean``), and (a game of the family's) every seat's mean."""

    samples = fields.Integer(required=True, metadata={"description": "Deals sampled.", "example": 16})
    value = fields.Float(required=True, metadata={
        "description": "The move's mean value over the samples for the player to act: a move's value, as every "
                       "answer names it (`mean` is the same number, kept for the clients that read it).",
        "example": -6.35})
    values = fields.List(fields.Float(), allow_none=True, metadata={
        "description": "A game of the family's: each seat's mean payoff over the samples, seat 0 first.",
        "example": [12.5, -4.0, -5.5, -3.0]})

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        """A move's field by its key (an sce2 move has no ``values``, which is not the dict's method)."""
        return obj.get(attr, default)


class DepthRangeSchema(Schema):
    """The least and the most depth the samples' searches completed (one depth when deepened together)."""

    min = fields.Integer(required=True, metadata={"example": 5})
    max = fields.Integer(required=True, metadata={"example": 7})


class FairHintResponseSchema(SearchCommonSchema, PlayedForSchema):
    """The best move for the player to act by its mean value over the samples of her view, and
    every move compared, best first, in one shape for every game: the fields every game answers
    (``player_names``, ``to_act``, ``values``: the best move's means), then each game's own
    (sce2's ``side`` and ``value_ns``, the family's ``rules``, ``objective`` and ``player``)."""

    position = fields.String(required=True, metadata={
        "description": "The view hinted, in canonical compact form (the hidden hands as their counts).",
        "example": EXAMPLE_VIEW.replace(" view:W", " dir:cw draw:0 view:W")})
    view = fields.Raw(required=True, metadata={
        "description": "The hand whose view it is, as the notation writes it: sce2's S or W (text), the family's "
                       "seat number (an integer).", "example": "W"})
    samples = fields.Integer(required=True, metadata={
        "description": "Deals sampled and solved: those asked for, or fewer when a search by depth alone ran out "
                       "of the request's time.",
        "example": 16})
    asked = fields.Integer(required=True, metadata={"description": "Deals asked for.", "example": 16})
    complete = fields.Boolean(required=True, metadata={"description": "True when every deal asked for was solved.",
                                                       "example": True})
    seed = fields.Integer(required=True, metadata={"example": 1})
    best = fields.String(required=True, metadata={"example": "play JC"})
    value = fields.Float(required=True, metadata={"description": "The best move's mean value, for the player to act.",
                                                  "example": 12.5})
    moves = fields.List(fields.Nested(SampledMoveSchema), required=True)
    depth = fields.Integer(required=True, metadata={
        "description": "The depth every sample's search completed (the least of them), as every answer names the "
                       "depth reached.", "example": 5})
    depths = fields.Nested(DepthRangeSchema, required=True, metadata={
        "description": "The least and the most depth the samples' searches completed (this was `depth` before)."})
    time_ms = fields.Float(required=True, metadata={"description": "Time the hint took.", "example": 151.2})
    side = fields.String(metadata={"description": "sce2's: the side to act, whose values these are.",
                                   "example": "EW"})
    value_ns = fields.Float(metadata={"description": "sce2's: the best move's mean value for side NS.",
                                      "example": -12.5})
    rules = fields.String(metadata={"description": "A game of the family's: the ruleset.", "example": "classic/4"})
    objective = fields.String(metadata={"description": "A game of the family's: the samples' search objective.",
                                        "example": "maxn"})
    player = fields.Integer(metadata={
        "description": "A game of the family's: the seat to act, whose view was sampled and whose values value, "
                       "moves and ci95 are.", "example": 0})
