"""POST /v1/jobs, GET and DELETE /v1/jobs/<id>."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.jobs.jobs import current_jobs
from eights.api.jobs.schemas import JobRequestSchema, JobSchema, request_body_document

blp = Blueprint("jobs", __name__, url_prefix="/v1", description="Long batches, analyses and rollouts, run in the background.")
LOCATION = {"Location": {"description": "The job's URL.", "schema": {"type": "string"}}}


@blp.route("/jobs")
class Jobs(MethodView):
    """Jobs."""

    @blp.arguments(JobRequestSchema)  # its examples are in request_body_document's
    @blp.doc(requestBody=request_body_document())
    @blp.response(202, JobSchema, headers=LOCATION)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
        """Start a job: a batch, analyse or rollout request run on the cluster; poll the URL in Location"""
        job = current_jobs().submit(args["kind"], args["args"])
        return job.to_json(), 202, {"Location": url_for("jobs.Job", job_id=job.id)}


@blp.route("/jobs/<job_id>")
class Job(MethodView):
    """One job."""

    @blp.response(200, JobSchema)
    @problem_responses(blp, 404, 410, 503)
    def get(self, job_id: str) -> dict[str, Any]:
        """Give a job's state, progress and, when done, its result"""
        return current_jobs().get(job_id).to_json()

    @blp.response(200, JobSchema)
    @problem_responses(blp, 404, 410, 503)
    def delete(self, job_id: str) -> dict[str, Any]:
        """Cancel a job: its searches not yet under way never start (a finished job stays as it is)

        The job is kept, not deleted: its state is then cancelled, and GET gives it as any
        finished job, for EIGHTS_JOB_KEEP_S at most after it ended.
        """
        return current_jobs().cancel(job_id).to_json()
