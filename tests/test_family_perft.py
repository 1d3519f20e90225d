"""Issue #29: perft of fixed positions of every preset, the counts docs/family.md publishes so
that another implementation can check its own. An event is a legal move or a distinct card a
draw under way brings (a draw of two cards is two events)."""

from __future__ import annotations

from pathlib import Path

import pytest

from eights.engine.family import parse_family, perft

# the seeded deals ``deal(parse_rules(name), seed)`` of docs/family.md, the stock the rest of the deck(s)
POSITIONS = [
    ("rules:sce/4 0:QT3.T7.KQ.J 1:6.J3.T4.K85 2:K.98.7.AQ92 3:J4.K62.A98. up:5H turn:1", [8, 69, 497, 3381, 21061]),
    ("rules:sce/6 0:A32.2.AKJ.3 1:AK7.A44.J.4 2:JT66.Q76..K 3:.62.Q2.K766 4:7.Q53.K963. 5:Q2.K87.Q.JJ up:JH turn:1", [4, 47, 318, 2620]),
    ("rules:classic/4 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 up:KS turn:1", [4, 36, 250, 1431, 13238]),
    ("rules:classic/3,draw=one_play,skip=Q,reverse=A,draw2=2 0:T5.93.4. 1:7.QT.A.K 2:9.6.J9.2 up:5D turn:1", [2, 38, 136, 376, 4255]),
    ("rules:classic/7,must_play=yes,eights=nosuit 0:JT.J.A.9 1:.733.K.T 2:2.J.3.86 3:Q.K9.2.3 4:6.K8..52 5:77..J6.4 6:5.Q5.4.K up:TH turn:1", [3, 7, 14, 33, 34, 802]),
    ("rules:openspiel/5 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q up:AD turn:1", [3, 31, 164, 1144, 8063]),
    ("rules:openspiel/2,max_draw_cards=2,use_special_cards=yes 0:4.A7.A43.K 1:QJ7.T5.J7. up:TC turn:1", [2, 40, 145, 1739, 9479]),
    ("rules:openspiel/7,reshuffle=yes 0:J2..J.K9 1:.K.Q.A85 2:83..83.T 3:4.A8.4.A 4:973..A8. 5:.J3.4.Q8 6:T6.KT.5. up:3C turn:1", [7, 105, 936, 11868]),
    ("rules:layout/4 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 piles:KS/QC/7D/8H/KH/AD/9D/JS turn:1", [4, 12, 48, 96, 240, 320, 960, 960]),
    # RULES-FAMILY "Every deal ends": the deal's reshuffles are spent, so once the stock's two 8s
    # are drawn the discard pile stays put (without the cap: 1; 2; 10; 48; 264; 1,066; 7,520)
    ("rules:classic/2 0:953..AT96.AKQJT9765432 1:AKQJT7642.AKQJT9765432.KQJ75432. up:8S/C turn:1 stock:..8.8 reshuffles:2", [1, 2, 10, 48, 262, 1044, 7336]),
]


@pytest.mark.parametrize(("text", "counts"), POSITIONS, ids=[text.split()[0][6:] for text, _ in POSITIONS])
def test_perft_counts_of_the_published_positions(text: str, counts: list[int]) -> None:
    position = parse_family(text)
    assert [perft(position, depth) for depth in range(1, len(counts) + 1)] == counts


def test_docs_family_publishes_the_same_counts() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "family.md").read_text(encoding="utf-8")
    for text, counts in POSITIONS:
        assert text in page
        assert "; ".join(f"{count:,}" for count in counts) in page


def test_the_python_examples_of_docs_family_do_what_they_show() -> None:
    import doctest

    page = Path(__file__).resolve().parent.parent / "docs" / "family.md"
    results = doctest.testfile(str(page), module_relative=False)
    assert results.attempted and not results.failed
