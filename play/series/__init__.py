"""The game around the deals of sce2 (RULES.md "The game, the series, the cube and
resignation"): the measured payoff distribution of each deal (``distributions``), the equity
tables by dynamic programming (``tables``), and the cube and resignation hints (``cube``)."""
