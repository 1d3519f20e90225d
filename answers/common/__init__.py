"""What several kinds of answer share: the position and move fields, the search options and results, reading positions."""
