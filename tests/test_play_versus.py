"""Issue #8 and #38, a person against bots (eights.play.versus, eights.cli.deal_play) in every game:
the match's schedule from the person's side, the record of a finished and of a stopped match,
undo, a stopped match played on, and the terminal table's answers to commands and bad input,
driven by a scripted person."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from eights.cli.deal_play import Sitting, TerminalTable
from eights.cli.search import service
from eights.engine import Move, parse_card, parse_position
from eights.engine.cards import S, W, bit
from eights.engine.display import diagram
from eights.engine.match import MatchResult, south_player
from eights.games import Game, MatchDeal, PlayedStep, SavedMatch, Standing, find_game
from eights.play.versus import PERSON_NAME, DealPlay, PersonMatch, StopMatch, Undo, deal_record

GAMES = ["sce2", "classic/3"]


class FirstMove:
    """A person who plays the first legal move and stops after ``stop_after`` moves; it notes
    what it is told, each with the deal's number."""

    def __init__(self, stop_after: int | None = None, stop: type[BaseException] = StopMatch) -> None:
        self.stop_after, self.stop = stop_after, stop
        self.deal: MatchDeal[Any] | None = None
        self.sides: list[tuple[int, int]] = []
        self.chosen: list[tuple[int, Any]] = []
        self.steps: list[tuple[int, Any, PlayedStep[Any]]] = []
        self.ended: list[MatchDeal[Any]] = []
        self.taken: list[list[tuple[Any, PlayedStep[Any]]]] = []

    def deal_starts(self, game: Game[Any, Any, Any], deal: MatchDeal[Any], player: int) -> None:
        self.deal = deal
        self.sides.append((deal.number, deal.sides[player]))

    def choose(self, position: Any, moves: Sequence[Any]) -> str:
        if len(self.chosen) == self.stop_after:
            raise self.stop
        assert self.deal is not None
        self.chosen.append((self.deal.number, position))
        return str(moves[0].notation())

    def played(self, before: Any, step: PlayedStep[Any]) -> None:
        assert self.deal is not None
        self.steps.append((self.deal.number, before, step))

    def taken_back(self, steps: Sequence[tuple[Any, PlayedStep[Any]]]) -> None:
        self.taken.append(list(steps))

    def deal_ends(self, deal: MatchDeal[Any], before: Standing, after: Standing) -> None:
        self.ended.append(deal)


class TakesBack(FirstMove):
    """A person who, at their ``at``-th decision, takes back (once) before playing on."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at

    def choose(self, position: Any, moves: Sequence[Any]) -> str:
        if len(self.chosen) == self.at and not self.taken:
            raise Undo
        return super().choose(position, moves)


def match(name: str, person: FirstMove, seed: int, deals: int, spec: str = "random", **saved: Any) -> PersonMatch:
    """A match of ``name`` between ``person`` (player 0) and a bot of ``spec`` at every other seat."""
    game = find_game(name)
    bots = {player: game.make_bot(spec) for player in range(1, game.players)}
    return PersonMatch(game, person, bots, 0, seed, deals, saved.get("saved"))


def played(versus: PersonMatch) -> list[tuple[int, list[str]]]:
    """Each finished deal's number and events."""
    return [(deal.number, deal.events) for deal in versus.deals]


def test_in_sce2_the_person_is_player_0_ns_in_deal_1_and_changes_sides_every_two_deals() -> None:
    person = FirstMove()
    match("sce2", person, seed=3, deals=5).play()
    assert person.sides == [(number, 0 if south_player(number) == 0 else 1) for number in range(1, 6)]
    assert [side for _, side in person.sides] == [0, 0, 1, 1, 0]


@pytest.mark.parametrize("name", GAMES)
def test_a_match_of_three_deals_tells_the_person_everything_and_records_the_match(name: str) -> None:
    person = FirstMove()
    versus = match(name, person, seed=3, deals=3)
    assert versus.play() and versus.standing.over
    game = find_game(name)
    assert person.ended == versus.deals and len(versus.deals) == 3 and versus.under_way is None
    sides = dict(person.sides)
    assert person.chosen and all(game.to_act(position) == sides[number] for number, position in person.chosen)
    assert [step for _, _, step in person.steps] == [step for deal in versus.deals for step in deal.steps]
    record = versus.record([PERSON_NAME, *["random"] * (game.players - 1)])
    saved = game.read_saved_match(record)
    assert [deal.events for deal in saved.deals] == [deal.events for deal in versus.deals]


def test_sce2_s_match_record_names_the_players_the_seed_and_the_schedule() -> None:
    versus = match("sce2", FirstMove(), seed=3, deals=3)
    versus.play()
    record = versus.record([PERSON_NAME, "random"])
    assert record["players"] == [PERSON_NAME, "random"] and record["seed"] == 3
    assert [deal["number"] for deal in record["schedule"]] == [1, 2, 3]
    assert len(MatchResult.from_json(record).deals) == 3


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_moves_give_the_same_match(name: str) -> None:
    first = match(name, FirstMove(), seed=8, deals=2)
    first.play()
    again = match(name, FirstMove(), seed=8, deals=2)
    again.play()
    assert played(again) == played(first)


@pytest.mark.parametrize("stop", [StopMatch, KeyboardInterrupt])
@pytest.mark.parametrize("name", GAMES)
def test_a_stopped_match_keeps_its_finished_deals_and_the_steps_of_the_deal_under_way(
        name: str, stop: type[BaseException]) -> None:
    whole = match(name, FirstMove(), seed=3, deals=3)
    whole.play()
    person = FirstMove()
    match(name, person, seed=3, deals=3).play()
    in_deal_1 = sum(number == 1 for number, _ in person.chosen)
    stopped = match(name, FirstMove(in_deal_1 + 1, stop), seed=3, deals=3)
    assert not stopped.play()
    assert played(stopped) == played(whole)[:1] and stopped.under_way is not None
    events = stopped.under_way.events
    assert stopped.under_way.start == whole.deals[1].start and events == whole.deals[1].events[:len(events)]


@pytest.mark.parametrize("name", GAMES)
def test_a_move_taken_back_and_made_again_gives_the_same_match(name: str) -> None:
    whole = match(name, FirstMove(), seed=3, deals=2, spec="heuristic")
    whole.play()
    person = TakesBack(at=5)
    again = match(name, person, seed=3, deals=2, spec="heuristic")
    again.play()
    (taken,) = person.taken
    assert played(again) == played(whole) and taken and taken[0][0] == person.chosen[4][1]


@pytest.mark.parametrize("name", GAMES)
def test_a_stopped_match_played_on_is_the_match_never_stopped(name: str) -> None:
    whole = match(name, FirstMove(), seed=3, deals=2, spec="heuristic")
    whole.play()
    game = find_game(name)
    for stop_after in (0, 7, 40):  # in deal 1 at its start and on, and in deal 2
        stopped = match(name, FirstMove(stop_after), seed=3, deals=2, spec="heuristic")
        stopped.play()
        # sce2's match record holds the deal under way; the family's does not: played on as it stood
        saved = game.read_saved_match(stopped.record([PERSON_NAME, "heuristic"])) if name == "sce2" \
            else SavedMatch(None, 3, 2, tuple(stopped.deals), stopped.under_way)
        on = match(name, FirstMove(), seed=3, deals=2, spec="heuristic", saved=saved)
        assert on.play() and played(on) == played(whole)


@pytest.mark.parametrize("name", GAMES)
def test_one_deal_is_played_alone_from_another_module_and_gives_its_record(name: str) -> None:
    game = find_game(name)
    deal = game.match_deal(seed=5, number=3)
    person = FirstMove()
    person.deal = deal
    bots = {player: game.make_bot("random") for player in range(game.players) if player != deal.sides[0]}
    playing = DealPlay(game, deal, bots, deal.sides[0], person, seed=5)
    assert playing.play() and game.is_over(playing.deal.end)
    players = [PERSON_NAME, *["random"] * (game.players - 1)]
    start, steps, named = game.read_deal_record(deal_record(playing.deal, players))
    assert start == deal.start and [step.move for step in steps] == [step.move for step in playing.deal.steps]
    assert named is not None and named[deal.sides[0]] == PERSON_NAME


# --- the terminal table, scripted ------------------------------------------------------------------

START = "N:K2... E:Q3... S:54.9.. W:9..5. up:5H turn:S"
searching = cache(service)  # the hints' searches, as eights play makes them (once, when first asked)


def sce2_table(read: Any, written: list[str]) -> TerminalTable:
    """The terminal's table of an sce2 match, the person South (NS) in deal 1."""
    game = find_game("sce2")
    sitting = Sitting(game, 0, (PERSON_NAME, "random"), 1, 1, Path("match.json"), alone=False)
    table = TerminalTable(sitting, searching(), hint_ms=10, analysis_ms=0, read=read, write=written.append)
    table.deal_starts(game, MatchDeal(1, parse_position(START), (0, 1)), 0)
    written.clear()
    return table


def table_answers(*lines: str) -> tuple[list[str], str | None]:
    """What the table writes for the typed ``lines``, and the move they end in (None: quit)."""
    written: list[str] = []
    typed = iter(lines)

    def read(prompt: str) -> str:
        written.append(prompt)
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    table = sce2_table(read, written)
    position = parse_position(START)
    try:
        move: str | None = table.choose(position, find_game("sce2").legal_moves(position))
    except StopMatch:
        move = None
    return written, move


def test_the_table_hides_the_bots_concealed_hand_and_prompts_for_the_hand_to_act() -> None:
    written, move = table_answers("play 5S")
    assert written[0] == "\n" + diagram(parse_position(START), hidden=W) and "2 cards, face down" in written[0]
    assert written[1] == "S (your hand)> " and move == "play 5S"


@pytest.mark.parametrize("typed, answer", [
    ("flibble", "unknown command 'flibble': type a move"),
    ("play ZZ", "move: "),
    ("play 9D", "play 9D is not legal here (legal: play 5S, play 9H, draw)"),
    ("draw KS", "a draw takes its cards from the stock: type draw"),
    ("moves", "play 5S, play 9H, draw"),
    ("help", "commands:"),
    ("hint", "fair hint from your view"),
    ("hint dd", "double-dummy hint"),
])
def test_every_command_or_bad_input_gets_an_answer_and_a_new_prompt(typed: str, answer: str) -> None:
    written, move = table_answers(typed, "draw")
    assert written[2].startswith(answer) and written[3] == "S (your hand)> " and move == "draw"
    if not typed.startswith(("help", "hint")):
        assert "\n" not in written[2]


@pytest.mark.parametrize("typed", ["quit", "QUIT"])
def test_quit_stops_the_match(typed: str) -> None:
    assert table_answers(typed)[1] is None


def test_the_end_of_input_stops_the_match() -> None:
    assert table_answers()[1] is None


def test_the_bots_concealed_draws_are_counted_not_named() -> None:
    written: list[str] = []
    table = sce2_table(input, written)
    game = find_game("sce2")
    before = parse_position("N:K2... E:Q3... S:54.9.. W:9..5. up:5H turn:W")
    for seat, said in ((W, "W (the bot's hand) draws 1 card"), (S, "S (your hand) draws QH")):
        position = replace(before, turn=seat)
        step = game.play(position, Move.draw(bit(parse_card("QH"))).notation(), None)  # type: ignore[arg-type]
        table.played(position, step)
        assert written[-1] == said


def test_an_eight_that_goes_out_may_name_a_suit_as_typed() -> None:
    written: list[str] = []
    typed = iter(["play 8S/H"])
    table = sce2_table(lambda _prompt: next(typed), written)
    position = parse_position("N:K2... E:Q3... S:8... W:9..5. up:5S turn:S")
    assert table.choose(position, find_game("sce2").legal_moves(position)) == "play 8S"
