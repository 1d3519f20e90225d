"""Issue #39's diagnosis of the family's search: how often a bot draws holding a play or sheds
an 8 holding another play (eights.play.family.decision_rates), and that the searching bots,
which search classic under must_play by default, never draw holding a play."""

from __future__ import annotations

import pytest

from eights.engine.family import parse_rules
from eights.engine.family.moves import FamilyMove
from eights.play.family.decision_rates import DecisionRates, decision_rates, main


def moves(*texts: str) -> list[FamilyMove]:
    return [FamilyMove.from_notation(text) for text in texts]


def test_a_draw_or_an_8_counts_only_where_an_ordinary_play_was_legal() -> None:
    rates = DecisionRates()
    rates.note(moves("play 5S", "draw"), FamilyMove.from_notation("draw"))
    rates.note(moves("play 8S/H", "draw"), FamilyMove.from_notation("draw"))
    rates.note(moves("play 8S/H", "play 5S", "draw"), FamilyMove.from_notation("play 8S/H"))
    rates.note(moves("play 8S/H", "draw"), FamilyMove.from_notation("play 8S/H"))
    assert (rates.decisions, rates.draws_holding_a_play, rates.eights_holding_a_play) == (4, 2, 1)


@pytest.mark.parametrize("spec", ["solver:depth=2", "fair:depth=1,samples=2"])
def test_the_searching_bots_never_draw_holding_a_play_in_classic(spec: str) -> None:
    rates = decision_rates(parse_rules("classic/2"), spec, deals=2, seed=1)
    assert rates.decisions > 0 and rates.draws_holding_a_play == 0


def test_the_command_prints_the_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "classic/2", "--bot", "solver:depth=1,must_play=no", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("classic/2 solver:depth=1,must_play=no: ") and "draws holding a play" in out
