"""POST /v1/fair-hint: a hint from what one seat may see (single dummy), the rest sampled."""
