"""A hint from what one seat may see (single dummy), the rest sampled: /v1/fair-hint's and ``eights hint`` on a view's."""
