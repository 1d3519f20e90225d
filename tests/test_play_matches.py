"""Issue #8, matches between bots (eights.play.matches, eights match): whole matches by the schedule
of RULES.md "The match", the same whatever the workers, bots reseeded before every deal,
the summary, the table, and records that replay to the same scores."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from eights.engine.cards import count
from eights.engine.deal import hand_size
from eights.engine.errors import NotationError
from eights.engine.match import MatchResult, dealer_seat, south_player
from eights.play.bots import Bot, BotSpecError, DelegatingBot, make_bot
from eights.play.matches import MAX_MATCHES, MatchesResult, play_one, run
from eights.play.report import match_report
from eights.play.workers import MAX_WORKERS
from tests.cli_support import run as eights
from tests.time_limit import time_limit

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def matches() -> MatchesResult:
    return run("solver:depth=1", "random", matches=3, seed=4, workers=1)


class Spy(DelegatingBot):
    """A bot that plays as ``inner`` does and notes the seeds it is given."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner)
        self.seeds: list[int] = []

    def new_game(self, seed: int) -> None:
        self.seeds.append(seed)
        super().new_game(seed)


# --- the matches -------------------------------------------------------------------------------

def test_each_match_is_the_15_deals_of_the_schedule(matches: MatchesResult) -> None:
    for match in matches.matches:
        deals = match.result.deals
        assert [(d.number, d.dealer, d.south_player) for d in deals] == \
            [(k, dealer_seat(k), south_player(k)) for k in range(1, 16)]
        assert [count(d.record.start.hands[0]) for d in deals] == [hand_size(k) for k in range(1, 16)]


def test_a_is_the_first_dealer_in_every_other_match(matches: MatchesResult) -> None:
    assert [match.a_player for match in matches.matches] == [0, 1, 0]
    assert [match.players for match in matches.matches] == [("solver:depth=1", "random"), ("random", "solver:depth=1"),
                                                            ("solver:depth=1", "random")]


def test_a_run_is_the_same_whatever_the_workers(matches: MatchesResult) -> None:
    again = run("solver:depth=1", "random", matches=3, seed=4, workers=2)
    assert again.to_json() == matches.to_json() and list(again.records()) == list(matches.records())


def test_another_seed_deals_other_cards(matches: MatchesResult) -> None:
    other = run("solver:depth=1", "random", matches=1, seed=5, workers=1)
    assert other.matches[0].result.deals[0].record.start != matches.matches[0].result.deals[0].record.start


def test_the_bots_get_a_seed_before_every_deal_so_a_match_does_not_depend_on_the_ones_before() -> None:
    a, b = Spy(make_bot("random")), Spy(make_bot("random"))
    first = play_one(1, a, b, seed=9)
    play_one(0, a, b, seed=9)
    assert play_one(1, a, b, seed=9) == first
    assert len(a.seeds) == len(b.seeds) == 45 and len(set(a.seeds[:15] + b.seeds[:15])) == 30
    assert a.seeds[:15] == a.seeds[30:]


# --- the summary and the table -------------------------------------------------------------------

def test_the_summary_counts_matches_won_by_the_lower_total(matches: MatchesResult) -> None:
    summary, totals = matches.summary(), [match.totals_ab for match in matches.matches]
    assert (summary.wins, summary.losses, summary.ties) == \
        (sum(a < b for a, b in totals), sum(a > b for a, b in totals), sum(a == b for a, b in totals))
    assert (summary.total_winner, summary.total_loser) == \
        (pytest.approx(sum(min(t) for t in totals) / 3), pytest.approx(sum(max(t) for t in totals) / 3))


def test_the_payoff_per_deal_is_bs_points_minus_as_over_the_deals(matches: MatchesResult) -> None:
    summary = matches.summary()
    assert summary.payoff.mean == pytest.approx(sum(b - a for a, b in (m.totals_ab for m in matches.matches)) / 45)
    assert summary.deals.deals == 45 and sum(e.deals for e in summary.deals.endings.values()) == 45
    assert summary.deals.against_b - summary.deals.against_a == pytest.approx(summary.payoff.mean)


def test_the_summary_of_one_match_has_no_interval_in_json() -> None:
    data = run("heuristic", "random", matches=1, seed=1, workers=1).to_json()
    assert data["summary"]["payoff_per_deal"]["ci95"] == [None, None]
    json.dumps(data, allow_nan=False)


def test_the_table_shows_the_matches_the_payoff_and_the_kellers_deals(matches: MatchesResult) -> None:
    table = match_report(matches)
    summary = matches.summary()
    assert f"{summary.wins} / {summary.losses} / {summary.ties}" in table
    assert f"{summary.payoff.mean:+.2f}   95% CI" in table
    assert "(Kellers: 316 / 442)" in table and "a dummy out (all three hands count)" in table


@pytest.mark.parametrize("a, count_, seed, workers, problem", [
    ("minimax", 1, 1, 1, BotSpecError),
    ("random", 0, 1, 1, ValueError),
    ("random", MAX_MATCHES + 1, 1, 1, ValueError),
    ("random", 1, -1, 1, NotationError),
    ("random", 1, 2**53, 1, NotationError),
    ("random", 1, 1, 0, ValueError),
    ("random", 1, 1, MAX_WORKERS + 1, ValueError),
])
def test_a_bad_spec_seed_or_number_of_matches_or_workers_is_refused(a: str, count_: int, seed: int, workers: int,
                                                                   problem: type) -> None:
    with pytest.raises(problem):
        run(a, "random", matches=count_, seed=seed, workers=workers)


# --- records -------------------------------------------------------------------------------------

def test_the_records_replay_to_the_same_matches(matches: MatchesResult) -> None:
    records = list(matches.records())
    assert [record["players"] for record in records] == [list(match.players) for match in matches.matches]
    assert [MatchResult.from_json(record) for record in records] == [match.result for match in matches.matches]


def test_eights_match_prints_the_table_and_writes_records_that_replay_to_the_same_scores(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = eights(capsys, "match", "--a", "heuristic", "--b", "random", "--matches", "2", "--seed", "1",
                            "--workers", "1", "--records", str(tmp_path / "records"), "--json", str(tmp_path / "run.json"))
    assert status == 0 and "matches A won / lost / tied" in out
    summary = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    files = sorted((tmp_path / "records").iterdir())
    assert [path.name for path in files] == ["match-001.json", "match-002.json"]
    for path, match in zip(files, summary["matches"]):
        status, out, _ = eights(capsys, "replay", "--json", str(path))
        replayed = json.loads(out)
        assert status == 0 and replayed["players"] == match["players"]
        assert replayed["totals"] == (match["totals_ab"] if match["a_player"] == 0 else match["totals_ab"][::-1])


def test_eights_match_with_a_bad_spec_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = eights(capsys, "match", "--a", "minimax", "--b", "random", "--matches", "1", "--workers", "1")
    assert status == 2 and err.startswith("eights: bot 'minimax'") and err.count("\n") == 1


def test_eights_match_with_an_error_on_a_worker_process_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = eights(capsys, "match", "--a", "solver:time=1e9", "--b", "random", "--matches", "2",
                            "--workers", "2")
    assert status == 2 and err.startswith("eights: time_ms: ") and err.count("\n") == 1


@pytest.mark.parametrize("where, problem", [("--json", "cannot write there"), ("--records", "cannot make the folder")])
def test_eights_match_checks_where_it_writes_before_playing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          where: str, problem: str) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    with time_limit(20):  # a million matches: it must stop before playing them
        status, _, err = eights(capsys, "match", "--a", "random", "--b", "random", "--matches", str(MAX_MATCHES),
                                "--workers", "1", where, str(blocked / "x"))
    assert status == 2 and problem in err and err.count("\n") == 1


def test_eights_match_shows_its_progress_on_a_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "eights", "match", "--a", "random", "--b", "random", "--matches", "2",
                                           "--workers", "1"], cwd=str(ROOT), encoding="utf-8", timeout=60)
    child.expect(r"2/2 \[")
    child.expect("matches A won / lost / tied")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
