"""POST /v1/rollout: every move played out many times by a bot, within the request's time."""
