"""Issue #8, a person against a bot (eights.play.versus, eights.cli.table): the match's schedule from the
person's side, the record of a finished and of a stopped match, and the terminal table's
answers to commands and bad input, driven by a scripted person."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

import pytest

from eights.cli.search import service
from eights.cli.table import TerminalTable
from eights.engine import Move, Position, apply_move, legal_moves, parse_card, parse_position
from eights.engine.cards import S, W, bit
from eights.engine.display import diagram
from eights.engine.match import DealResult, MatchResult, south_player
from eights.engine.steps import Step
from eights.play.bots import make_bot
from eights.play.versus import PERSON_NAME, StopMatch, Undo, VersusMatch, person_side


class FirstMove:
    """A person who plays the first legal move and stops after ``stop_after`` moves; it notes
    what it is told, each with the deal's number."""

    def __init__(self, stop_after: int | None = None, stop: type[BaseException] = StopMatch) -> None:
        self.stop_after, self.stop = stop_after, stop
        self.number = 0
        self.sides: list[tuple[int, int]] = []
        self.chosen: list[tuple[int, Position]] = []
        self.steps: list[tuple[int, Step, bool]] = []
        self.ended: list[DealResult] = []
        self.taken: list[list[Step]] = []

    def deal_starts(self, number: int, start: Position, side: int) -> None:
        self.number = number
        self.sides.append((number, side))

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        if len(self.chosen) == self.stop_after:
            raise self.stop
        self.chosen.append((self.number, position))
        return moves[0]

    def action(self, step: Step, mine: bool) -> None:
        self.steps.append((self.number, step, mine))

    def taken_back(self, steps: Sequence[Step]) -> None:
        self.taken.append(list(steps))

    def deal_ends(self, deal: DealResult) -> None:
        self.ended.append(deal)


class TakesBack(FirstMove):
    """A person who, at their ``at``-th decision, takes back (once) before playing on."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        if len(self.chosen) == self.at and not self.taken:
            raise Undo
        return super().choose(position, moves)


def test_the_person_is_player_0_south_in_deal_1_and_changes_seats_every_two_deals() -> None:
    assert [person_side(k) for k in range(1, 16)] == [0 if south_player(k) == 0 else 1 for k in range(1, 16)]
    assert [person_side(k) for k in range(1, 6)] == [0, 0, 1, 1, 0]


def test_a_match_of_three_deals_tells_the_person_everything_and_records_the_match() -> None:
    person = FirstMove()
    versus = VersusMatch(person, make_bot("random"), seed=3, deals=3)
    match = versus.play()
    assert person.sides == [(1, 0), (2, 0), (3, 1)]
    assert person.ended == list(match.deals) and len(match.deals) == 3 and match.unfinished is None
    assert person.chosen and all(position.side_to_act == person_side(number) for number, position in person.chosen)
    assert [step.move for _, step, _ in person.steps] == [move for deal in match.deals for move in deal.record.moves]
    assert any(mine for _, _, mine in person.steps) and not all(mine for _, _, mine in person.steps)
    assert all(mine == (step.before.side_to_act == person_side(number)) for number, step, mine in person.steps)
    record = versus.record(match)
    assert record["players"] == [PERSON_NAME, "random"] and MatchResult.from_json(record) == match
    assert record["seed"] == 3 and [deal["number"] for deal in record["schedule"]] == [1, 2, 3]


def test_the_same_seed_and_moves_give_the_same_match() -> None:
    first = VersusMatch(FirstMove(), make_bot("random"), seed=8, deals=2).play()
    assert VersusMatch(FirstMove(), make_bot("random"), seed=8, deals=2).play() == first


@pytest.mark.parametrize("stop", [StopMatch, KeyboardInterrupt])
def test_a_stopped_match_keeps_its_finished_deals_and_the_moves_of_the_deal_under_way(
        stop: type[BaseException]) -> None:
    whole = VersusMatch(FirstMove(), make_bot("random"), seed=3, deals=3).play()
    in_deal_1 = sum(p.side_to_act == person_side(1) for p in whole.deals[0].record.positions()[:-1])
    stopped = VersusMatch(FirstMove(in_deal_1 + 1, stop), make_bot("random"), seed=3, deals=3).play()
    assert stopped.deals == whole.deals[:1] and stopped.totals == whole.deals[0].running_totals
    assert stopped.unfinished is not None
    moves = stopped.unfinished.moves
    assert stopped.unfinished.start == whole.deals[1].record.start and moves == whole.deals[1].record.moves[:len(moves)]
    assert MatchResult.from_json(stopped.to_json()) == stopped


def test_a_move_taken_back_and_made_again_gives_the_same_match_and_record() -> None:
    whole = VersusMatch(FirstMove(), make_bot("heuristic"), seed=3, deals=2).play()
    person = TakesBack(at=5)
    again = VersusMatch(person, make_bot("heuristic"), seed=3, deals=2).play()
    (taken,) = person.taken
    assert again == whole and taken and taken[0].before == person.chosen[4][1]
    assert [mine for number, step, mine in person.steps if step in taken][:1] == [True]


def test_a_stopped_match_played_on_is_the_match_never_stopped() -> None:
    whole = VersusMatch(FirstMove(), make_bot("heuristic"), seed=3, deals=2).play()
    for stop_after in (0, 7, 70):  # in deal 1 at its start and on, and in deal 2
        stopped = VersusMatch(FirstMove(stop_after), make_bot("heuristic"), seed=3, deals=2).play()
        assert VersusMatch(FirstMove(), make_bot("heuristic"), seed=3, deals=2, played=stopped).play() == whole


# --- the terminal table, scripted ------------------------------------------------------------------

START = "N:K2... E:Q3... S:54.9.. W:9..5. up:5H turn:S"
searching = cache(service)  # the hints' searches, as eights play makes them (once, when first asked)


def table_answers(*lines: str) -> tuple[list[str], Move | None]:
    """What the table writes for the typed ``lines``, and the move they end in (None: quit)."""
    written: list[str] = []
    typed = iter(lines)

    def read(prompt: str) -> str:
        written.append(prompt)
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    table = TerminalTable(searching(), hint_ms=10, deals=1, read=read, write=written.append)
    position = parse_position(START)
    try:
        move = table.choose(position, list(legal_moves(position)))
    except StopMatch:
        move = None
    return written, move


def test_the_table_hides_the_bots_concealed_hand_and_prompts_for_the_hand_to_act() -> None:
    written, move = table_answers("play 5S")
    assert written[0] == "\n" + diagram(parse_position(START), hidden=W) and "2 cards, face down" in written[0]
    assert written[1] == "S (your hand)> " and move == Move.from_notation("play 5S")


@pytest.mark.parametrize("typed, answer", [
    ("flibble", "unknown command 'flibble': type a move"),
    ("play ZZ", "move: "),
    ("play 9D", "play 9D is not legal here (legal: play 5S, play 9H, draw)"),
    ("draw KS", "a draw takes its cards from the stock: type draw"),
    ("moves", "play 5S, play 9H, draw"),
    ("help", "commands:"),
    ("hint", "fair hint, from what you see"),
    ("hint dd", "double-dummy hint"),
])
def test_every_command_or_bad_input_gets_an_answer_and_a_new_prompt(typed: str, answer: str) -> None:
    written, move = table_answers(typed, "draw")
    assert written[2].startswith(answer) and written[3] == "S (your hand)> " and move == Move.draw()
    if not typed.startswith(("help", "hint")):
        assert "\n" not in written[2]


@pytest.mark.parametrize("typed", ["quit", "QUIT"])
def test_quit_stops_the_match(typed: str) -> None:
    assert table_answers(typed)[1] is None


def test_the_end_of_input_stops_the_match() -> None:
    assert table_answers()[1] is None


def test_the_bots_concealed_draws_are_counted_not_named() -> None:
    written: list[str] = []
    table = TerminalTable(searching(), hint_ms=10, deals=1, read=input, write=written.append)
    before = parse_position("N:K2... E:Q3... S:54.9.. W:9..5. up:5H turn:W")
    for seat, mine, said in ((W, False, "W (the bot's hand) draws 1 card"), (S, True, "S (your hand) draws QH")):
        position = replace(before, turn=seat)
        move = Move.draw(bit(parse_card("QH")))
        table.action(Step(position, move, apply_move(position, move)), mine=mine)
        assert written[-1] == said
