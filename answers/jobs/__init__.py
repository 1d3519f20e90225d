"""A job's work on a Dask cluster, split into pieces: a job's (``eights.api.jobs``) and ``eights batch|analyse --cluster``'s."""
