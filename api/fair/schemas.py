"""/v1/fair-hint: a view, the samples, each sample's search and the seed in; each move's
mean value over the sampled deals, how often it was best, and its difference from the best out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.common.fields import EXAMPLE_VIEW, ViewField
from eights.api.common.schemas import ComparedMoveSchema, SearchOptionsSchema
from eights.engine.steps import MAX_SEED
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED

REQUEST_EXAMPLE = {"position": EXAMPLE_VIEW, "samples": 16}


class FairHintRequestSchema(SearchOptionsSchema):
    """A view (the side to act's) and how to sample and search. Each sample is searched
    ``depth`` deep, or the samples are deepened together within ``time_ms``, the whole hint's
    search time (default EIGHTS_HINT_TIME_MS, as a hint): depth 1 on every sample, then 2,
    ..., the answer at the last depth completed on every sample; draws are random (expectimax)."""

    class Meta:
        """No mode: the stock's order is unknown to the view."""

        exclude = ("mode",)

    position = ViewField(required=True)
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


class FairHintResponseSchema(Schema):
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
