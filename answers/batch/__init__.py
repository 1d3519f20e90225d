"""Many positions searched at once: /v1/batch's and ``eights batch``'s."""
