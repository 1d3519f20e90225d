"""What the resources share: the position and move fields, the search options and results."""
