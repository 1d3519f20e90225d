"""/v1/jobs: a job's request (a kind and that kind's synchronous request) in; the job out."""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, post_load, validate

from eights.answers.analyse.schemas import FAMILY_EXAMPLES as RECORDS
from eights.answers.batch.schemas import FAMILY_EXAMPLES as BATCH_FAMILY_EXAMPLES
from eights.answers.batch.schemas import REQUEST_EXAMPLE as BATCH_EXAMPLE
from eights.api.rollout.schemas import FAMILY_EXAMPLES as ROLLOUTS
from eights.answers.common.schemas import ProblemSchema
from eights.api.jobs.kinds import KINDS
from eights.api.jobs.model import STATES

REQUEST_EXAMPLE = {"kind": "batch", **BATCH_EXAMPLE}
JOB_EXAMPLES = {"batch": {"value": REQUEST_EXAMPLE},
                **{f"batch {name}": {"value": {**body, "kind": "batch"}} for name, body in BATCH_FAMILY_EXAMPLES.items()},
                **{f"analyse {name}": {"value": {**body, "kind": "analyse"}} for name, body in RECORDS.items()},
                **{f"rollout {name}": {"value": {**body, "kind": "rollout"}} for name, body in ROLLOUTS.items()}}
JOB_ID = "01a201bb93c08c7e5d4b3a2918073f2c"  # made 2026-11-22T05:30:00Z, as "created" says


class JobRequestSchema(Schema):
    """A job: ``kind`` and, beside it, the fields of that kind's synchronous request (POST
    /v1/batch's, /v1/analyse's or /v1/rollout's), checked the same way, with the job limits:
    EIGHTS_MAX_JOB_BATCH positions and EIGHTS_MAX_JOB_MS of searching in all; a rollout's
    EIGHTS_MAX_JOB_GAMES games per move, and time_ms up to EIGHTS_MAX_JOB_MS."""

    class Meta:
        unknown = INCLUDE

    kind = fields.String(required=True, validate=validate.OneOf(list(KINDS)), metadata={
        "description": "What to run: batch (the body of POST /v1/batch), analyse (of POST /v1/analyse) "
                       "or rollout (of POST /v1/rollout).",
        "example": "batch"})

    @post_load
    def load_request(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """``{"kind": ..., "args": the kind's request, loaded}``; the kind's schema's errors
        name the request's own fields."""
        kind = data.pop("kind")
        try:
            args = KINDS[kind].request().load(data)
        except ValidationError as error:
            raise ValidationError(error.messages) from None
        return {"kind": kind, "args": args}


def job_body_schema(kind: str) -> type[Schema]:
    """The body of a ``kind`` job as the OpenAPI document gives it: ``kind`` beside the fields
    of the kind's request, required as the service requires them (the service reads the body
    with JobRequestSchema)."""
    return type(f"{kind.capitalize()}JobBodySchema", (KINDS[kind].request,), {
        "kind": fields.String(required=True, validate=validate.OneOf([kind]), metadata={
            "description": f"A {kind} job: the other fields are the body of POST /v1/{kind}, with the job limits.",
            "example": kind})})


def request_body_document() -> dict[str, Any]:
    """The requestBody document of POST /v1/jobs: one of the kinds' bodies, told apart by ``kind``."""
    bodies = [job_body_schema(kind) for kind in KINDS]
    return {"content": {"application/json": {"examples": JOB_EXAMPLES, "schema": {
        "oneOf": bodies,
        "discriminator": {"propertyName": "kind", "mapping": {  # flask-smorest names a component without "Schema"
            kind: f"#/components/schemas/{body.__name__.removesuffix('Schema')}"
            for kind, body in zip(KINDS, bodies, strict=True)}},
    }}}}


class ProgressSchema(Schema):
    """Pieces finished of all the job's: distinct searches (found in the cache or searched),
    or a rollout's rounds (game i of every move)."""

    done = fields.Integer(required=True, metadata={"example": 12})
    total = fields.Integer(required=True, metadata={"description": "0 until the job has started.", "example": 64})


class JobSchema(Schema):
    """A job's state and progress; when done, its result as the synchronous endpoint answers it."""

    id = fields.String(required=True, metadata={
        "description": "32 hex digits: when the job was made (12) and random ones (20).", "example": JOB_ID})
    kind = fields.String(required=True, allow_none=True, metadata={
        "description": "batch, analyse or rollout; null when lost.", "example": "batch"})
    state = fields.String(required=True, validate=validate.OneOf(STATES), metadata={
        "description": "queued, running, done, failed, cancelled, or lost: Redis lost the job's state "
                       "(restarted without persistence, or emptied), which its error says.", "example": "running"})
    progress = fields.Nested(ProgressSchema, required=True)
    created = fields.String(required=True, metadata={"example": "2026-11-22T05:30:00.000+00:00"})
    finished = fields.String(required=True, allow_none=True, metadata={"example": None})
    expires = fields.String(required=True, allow_none=True, metadata={
        "description": "When a finished job is forgotten (EIGHTS_JOB_KEEP_S after it ended, or sooner when newer "
                       "finished jobs leave it no room); its URL then answers 410 job-expired.", "example": None})
    result = fields.Raw(required=True, allow_none=True, metadata={
        "description": "When done: the answer of POST /v1/batch, /v1/analyse or /v1/rollout.", "example": None})
    error = fields.Nested(ProblemSchema, required=True, allow_none=True, metadata={
        "description": "When failed or lost: the problem, as an answer would give it.", "example": None})
