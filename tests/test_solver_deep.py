"""Deep searches, depth 6 and beyond, where the windows of the chance nodes grow narrow
enough for rounding to matter. Every root move's value is the same from a cold table as
from one warmed by the other searches; tests/test_sanitized.py runs this file again
against the sanitizer build, whose asserts (``alpha < beta`` at every node) are on."""

from __future__ import annotations

import pytest

from eights.engine.notation import parse_position
from eights.solver import Solution, Solver
from eights.solver.api import SAME_VALUE

TABLE_MB = 8
DEEP = 8
# Found by seeded random positions (tests/positions.py) whose depth-7 search takes 30,000
# to 300,000 nodes: pending 2s, penalties, 8s with a called suit, short and full stocks.
DEEP_POSITIONS = [
    "N:T.64.. E:..AQ.8 S:.K2..K W:6...5 up:7S turn:W dir:cw draw:0 "
    "discard:AKQJ95432.AQJT98753.KJT98765432.AQJT976432",
    "N:...8 E:4..3. S:.K6.T.5 W:2.92.74.Q up:2C turn:S dir:ccw draw:0 "
    "discard:AKQJT987653.AJT8754.KQJ98652.AKJT97643",
    "N:...4 E:J...5 S:8...6 W:6..T4. up:2C turn:E dir:cw draw:2 "
    "discard:AKQT97542.KJT9865432.AKQJ976532.AKQJT973",
    "N:6.A..J9 E:T7.53.. S:K.K.962.7 W:A.Q2..2 up:8D/C turn:W dir:cw draw:0 "
    "discard:Q985432.JT98764.AKQJT7543.KQT8654",
    "N:J...T E:2...4 S:73.T7.7.85 W:6...9 up:2H turn:W dir:cw draw:0 "
    "discard:AQT9.AKJ986543.AQJT9862.AQJ7632 penalty:S",
    "N:..A.97 E:8.A.J. S:.Q9.8.J W:62.7.. up:3D turn:E dir:cw draw:0 discard:AJT7543.KJ853.QT97542.AKQ86432",
    "N:T8...Q6 E:AKQ.3.63.A S:6...KJ52 W:.J2.J. up:AD turn:E dir:ccw draw:0 discard:J7543.QT98765.KT97542.T87",
    "N:2...K E:9...AQT9 S:.63.K74. W:JT.K..5 up:2D turn:E dir:cw draw:2 discard:AKQ8543.AQT9842.AJT98653.J876432",
    "N:K..9843. E:.65.T2.A S:T3.A.J.Q W:84.QT.K.T up:5D turn:N dir:cw draw:0 discard:AJ965.J873.AQ6.KJ982",
    "N:..2. E:..A. S:...4 W:2.K5.. up:3S turn:N dir:cw draw:0 "
    "discard:AKQJT987654.QJT98732.QJT976543.QJT9876532 penalty:W",
    "N:.83.J.A6 E:Q.6.62.T S:.A..J7 W:.J.K93. up:2S turn:W dir:cw draw:2 "
    "discard:AJT987543.KQT97542.AQT8754.KQ985432 penalty:W",
    "N:Q6..J.J6 E:.K64.. S:5..53.A43 W:A7.5..7 up:QD turn:E dir:cw draw:0 "
    "discard:KJT9843.AQJT9832.AKT987642.KQT9852 penalty:S",
]
# Rounding once closed a Star1 window here at depth 6 (assert alpha < beta failed).
NARROW_WINDOW = ("N:J.KT.Q5.Q3 E:9...8 S:A72.2.62.9 W:Q.A9.T4.K up:JC turn:N dir:ccw draw:0 "
                 "discard:.853.J8.7", 6)
CASES = [*((text, DEEP) for text in DEEP_POSITIONS), NARROW_WINDOW]


def values(solution: Solution) -> dict[str, float]:
    return {mv.move.notation(): mv.value for mv in solution.moves}


@pytest.fixture(scope="module")
def warm() -> Solver:
    """One solver for every case, so that each search meets the entries of the others."""
    return Solver(tt_mb=TABLE_MB)


@pytest.mark.parametrize("text, depth", CASES)
def test_a_deep_search_gives_the_same_values_from_a_cold_and_a_warm_table(warm: Solver, text: str,
                                                                           depth: int) -> None:
    position = parse_position(text)
    cold = Solver(tt_mb=TABLE_MB).solve(position, depth=depth)
    again = warm.solve(position, depth=depth)
    assert cold.depth == again.depth == depth
    assert values(again) == pytest.approx(values(cold), abs=SAME_VALUE)
    assert again.value_ns == pytest.approx(cold.value_ns, abs=SAME_VALUE)
