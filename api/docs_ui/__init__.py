"""Swagger UI for ``/docs``, served from files shipped in the package so that the docs
work with no network: the few files flask-smorest's page loads, taken unchanged from the
npm package ``swagger-ui-dist`` at the version in ``swagger-ui/VERSION`` (``refresh.sh``
fetches them again)."""
