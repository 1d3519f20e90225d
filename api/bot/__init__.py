"""POST /v1/bot-move: the move a named bot makes, for front ends that play against the computer."""
