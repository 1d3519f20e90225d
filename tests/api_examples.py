"""Positions and records the API tests send (tests/test_api_*.py)."""

from __future__ import annotations

# W to act on an 8 that called clubs: play JC or draw.
MIDGAME = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
# The same position in the JSON form, cards in another order.
MIDGAME_JSON = {"hands": {"W": ["JC", "7D", "9D", "QD", "AD", "JH", "AH", "TS"], "N": "K43.5.K82.",
                          "E": ["7C", "6C", "JD", "4H", "7H", "TH", "KH", "6S"], "S": "J92.9.54.A2"},
                "upcard": "8s", "called": "c", "turn": "w"}
# W to act, in two positions that differ only in S's concealed hand (exchanged for the two-card
# stock): W sees the same. W's fair best move, play 5D, is clear of the draw by some 6 points.
HIDDEN_HANDS = ("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:W stock:2.3..",
                "N:K... E:Q... S:2.3.. W:9..5. up:5H turn:W stock:5.9..")
# S to act with two cards and a two-card stock: play 5S, play 9H or draw.
ENDGAME = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S stock:2.3.."
# ENDGAME played on: S 5S (not the best at depth 2), W 5D, N and E draw the stock.
ENDGAME_MOVES = ["play 5S", "play 5D", "draw 2S", {"action": "draw", "cards": ["3H"]}]
# S went out: the deal is over.
FINISHED = "N:5... E:Q... S:... W:9... up:5H turn:W"
