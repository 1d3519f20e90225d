"""Every move searched: /v1/solve's answer."""
