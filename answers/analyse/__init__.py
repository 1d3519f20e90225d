"""A played deal or match analysed move by move: /v1/analyse's and ``eights analyse``'s."""
