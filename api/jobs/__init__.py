"""/v1/jobs: a batch or an analyse request run in the background, its searches on a Dask cluster.

A job is accepted (202, its URL) once its request has passed the same checks as the
synchronous endpoint's, with the job limits. Its state, progress and result live in
Redis when EIGHTS_REDIS_URL is set (any process of any instance answers for it, and
takes it over if the process running it dies), else in the SQLite database of
EIGHTS_DATA_DIR, which every worker process of the instance shares in the same way.
"""
