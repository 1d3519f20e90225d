"""/v1/fair-hint: a view, the samples, each sample's search and the seed in; each move's
mean value over the sampled deals, how often it was best, and its difference from the best out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import EXAMPLE_VIEW, ViewField
from eights.answers.common.schemas import ComparedMoveSchema, GameOptionsSchema, SearchCommonSchema, SearchOptionsSchema
from eights.answers.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.engine.steps import MAX_SEED
from eights.games.sce2_fair import FairAnswer
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED

REQUEST_EXAMPLE = {"position": EXAMPLE_VIEW, "samples": 16}
FAMILY_EXAMPLES = {name: {"position": body["position"], "samples": 8, "time_ms": 80}
                   for name, body in HINT_FAMILY_EXAMPLES.items()}


class FairHintRequestSchema(GameOptionsSchema, SearchOptionsSchema):
    """A view (sce2: the side to act's; a game of the family: the player to act's, or her view of
    the position) and how to sample and search. Each sample is searched ``depth`` deep, or the
    samples are deepened together within ``time_ms``, the whole hint's search time (default
    EIGHTS_HINT_TIME_MS, as a hint): depth 1 on every sample, then 2, ..., the answer at the last
    depth completed on every sample; draws are random (expectimax), a family game's search max-n."""

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
    """A move over the sampled deals."""

    samples = fields.Integer(required=True, metadata={"description": "Deals sampled.", "example": 16})


class DepthRangeSchema(Schema):
    """The least and the most depth the samples' searches completed (one depth when deepened together)."""

    min = fields.Integer(required=True, metadata={"example": 5})
    max = fields.Integer(required=True, metadata={"example": 7})


class FairHintResponseSchema(SearchCommonSchema):
    """The best move by its mean value over the samples, and every move compared, best first."""

    position = fields.String(required=True, metadata={
        "description": "The view, in canonical compact form (the hidden hand as its count).", "example": EXAMPLE_VIEW
        .replace(" view:W", " dir:cw draw:0 view:W")})
    view = fields.String(required=True, metadata={"example": "W"})
    side = fields.String(required=True, metadata={"description": "The side to act, whose values these are.",
                                                  "example": "EW"})
    samples = fields.Integer(required=True, metadata={
        "description": "Deals sampled and solved: those asked for, or fewer when a search by depth alone ran out "
                       "of the request's time.",
        "example": 16})
    asked = fields.Integer(required=True, metadata={"description": "Deals asked for.", "example": 16})
    complete = fields.Boolean(required=True, metadata={"description": "True when every deal asked for was solved.",
                                                       "example": True})
    seed = fields.Integer(required=True, metadata={"example": 1})
    best = fields.String(required=True, metadata={"example": "play JC"})
    value = fields.Float(required=True, metadata={"description": "The best move's mean value, for the side to act.",
                                                  "example": 12.5})
    value_ns = fields.Float(required=True, metadata={"description": "The same for side NS.", "example": -12.5})
    moves = fields.List(fields.Nested(SampledMoveSchema), required=True)
    depth = fields.Nested(DepthRangeSchema, required=True)
    time_ms = fields.Float(required=True, metadata={"description": "Time the hint took.", "example": 151.2})


class FamilySampledMoveSchema(SampledMoveSchema):
    """A move of a game of the family over the sampled deals: values for the player to act, and
    every seat's mean."""

    values = fields.List(fields.Float(), required=True, allow_none=True, metadata={
        "description": "Each seat's mean payoff over the samples, seat 0 first.",
        "example": [12.5, -4.0, -5.5, -3.0]})


class FamilyFairHintResponseSchema(SearchCommonSchema):
    """A game of the family's fair hint: the best move for the player to act by its mean value
    over the samples of her view, every move compared, best first, with every seat's mean."""

    rules = fields.String(required=True, metadata={"example": "classic/4"})
    position = fields.String(required=True, metadata={
        "description": "The view hinted, in canonical compact form (the other hands as their counts, view: last).",
        "example": "rules:classic/4 0:K.5.. 1:?2 2:?2 3:?2 up:5C turn:0 dir:cw draw:0 view:0"})
    view = fields.Integer(required=True, metadata={"description": "The seat whose view it is: the seat to act.",
                                                   "example": 0})
    objective = fields.String(required=True, metadata={"example": "maxn"})
    player = fields.Integer(required=True, metadata={
        "description": "The seat to act, whose view was sampled and whose values mean, moves and ci95 are.",
        "example": 0})
    samples = fields.Integer(required=True, metadata={
        "description": "Deals sampled and solved: those asked for, or fewer when the request's time ran out.",
        "example": 8})
    asked = fields.Integer(required=True, metadata={"description": "Deals asked for.", "example": 8})
    complete = fields.Boolean(required=True, metadata={"example": True})
    seed = fields.Integer(required=True, metadata={"example": 1})
    best = fields.String(required=True, metadata={"example": "play 5H"})
    value = fields.Float(required=True, metadata={"description": "The best move's mean value for the player.",
                                                  "example": 12.5})
    moves = fields.List(fields.Nested(FamilySampledMoveSchema), required=True)
    depth = fields.Nested(DepthRangeSchema, required=True)
    time_ms = fields.Float(required=True, metadata={"description": "Time the hint took.", "example": 81.2})


def fair_response_schema(answer: object) -> Schema:
    """The schema of a fair hint's answer: sce2's (``FairAnswer``), or a game of the family's."""
    return FairHintResponseSchema() if isinstance(answer, FairAnswer) else FamilyFairHintResponseSchema()
