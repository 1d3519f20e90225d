"""A person against bots (``eights play``), written once over the game interface
(``eights.games``) for every game: one deal (``DealPlay``) or a match of deals (``PersonMatch``),
the person choosing the moves of one match player through a ``Table``
(``eights.cli.deal_play.TerminalTable`` is one on a terminal), a bot the others'.

A match is the game's own (``Game.match_deal``: sce2's 15 deals, in which the person, player 0,
is South and deals deal 1 and the players change sides after every two deals; the family's,
seat 0 dealing first and the deal passing to the left, the person keeping their seat). The
seed fixes the cards (each deal's come from it and the deal's number), the cards each draw
brings (from the seed, the deal's number and the step's) and the bots' seeds (one a deal and
player), so the same seed and the same moves give the same match.

The person may take moves back (the table raises ``Undo``): their last move of the deal and
the bots' moves after it, again and again back to the deal's start; a draw made again at the
same step brings the same cards, and a move taken back is in no record. The person may stop at
any of their turns (the table raises ``StopMatch``), or at any moment with Ctrl-C
(KeyboardInterrupt); the match then stands as it was: its finished deals, and the deal under way
with the steps made in it. A match so stopped goes on from where it stood when given its
``SavedMatch`` (``eights play --resume``): the finished deals kept, the deal under way at its
last position (the table told its steps again) and played on.

From another module: ``DealPlay(game, deal, bots, person, table, seed).play()`` plays one deal
(``deal``: ``Game.match_deal``'s, or any first position as a ``MatchDeal``) to its end (True) or
until the person stops (False), ``DealPlay.deal`` is the deal as played, and
``deal_record(deal, players)`` its record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from eights.games import Game, MatchDeal, PlayedStep, SavedMatch, Standing, game_for
from eights.play.bot import told_the_step
from eights.play.paired import derive

PERSON_NAME = "human"  # how records name the person
# The bot that plays a person when none is named (``eights play``, the board's computer,
# /v1/bot-move with ``"against": "person"``): the fair bot, which decides from its own view and
# never sees the person's concealed hand; 100 ms a move, the service's hint time.
DEFAULT_PERSON_BOT = "fair:time=100"
DEAL_SEEDS = 2**32  # sce2's deal seed is below this, as eights.engine.match deals them


class StopMatch(Exception):
    """The person stopped the match."""


class Undo(Exception):
    """The person takes back their last move of the deal, and the bots' moves after it."""


class Table(Protocol):
    """The person's side of the game: what they are shown, and the moves they choose."""

    def deal_starts(self, game: Game[Any, Any, Any], deal: MatchDeal[Any], player: int) -> None:
        """``deal`` starts (or goes on from its steps); the person plays match player ``player``."""
        ...

    def choose(self, position: Any, moves: Sequence[Any]) -> str:
        """The person's move (its notation), one of ``moves``; may raise StopMatch or Undo."""
        ...

    def played(self, before: Any, step: PlayedStep[Any]) -> None:
        """``step`` was played from ``before`` (the person's or a bot's)."""
        ...

    def taken_back(self, steps: Sequence[tuple[Any, PlayedStep[Any]]]) -> None:
        """``steps`` (each with the position it was played from) were taken back, the person's
        first; none: there was nothing to take back."""
        ...

    def deal_ends(self, deal: MatchDeal[Any], before: Standing, after: Standing) -> None:
        """``deal`` is over: the match's standing before it and after it."""
        ...


def deal_seed(seed: int, number: int) -> int:
    """The seed sce2's deal ``number`` of the match of ``seed`` is dealt from."""
    return derive(seed, "deal", number) % DEAL_SEEDS


def deal_record(deal: MatchDeal[Any], players: Sequence[str]) -> dict[str, Any]:
    """The record of ``deal`` as played so far (``Game.deal_record``), ``players`` naming who plays
    each match player (the deal's game players are theirs as ``deal.sides`` seats them)."""
    game = game_for(deal.start)
    return game.deal_record(deal.start, deal.events, [players[deal.sides.index(player)] for player in range(game.players)])


class DealPlay:
    """One deal at ``table``: the person plays game player ``person``, ``bots[p]`` game player
    p; ``seed`` (the match's) seeds the draws and the bots. Played from ``deal``'s steps."""

    def __init__(self, game: Game[Any, Any, Any], deal: MatchDeal[Any], bots: dict[int, Any], person: int,
                 table: Table, seed: int, changed: Callable[[MatchDeal[Any]], None] | None = None) -> None:
        self.game, self.start, self.number, self.sides = game, deal.start, deal.number, deal.sides
        self.bots, self.person, self.table, self.seed = bots, person, table, seed
        self.changed = changed  # told the deal as it stands after every step played or taken back
        self.steps: list[PlayedStep[Any]] = list(deal.steps)
        self._new_bots()

    def _new_bots(self) -> None:
        """Each bot's deal from its seed, told of every step played so far (a deal resumed, or
        after a move taken back: the bot's own model of the deal, ``told_the_step``, as if it
        had been played so from the start)."""
        for player, bot in self.bots.items():
            bot.new_game(derive(self.seed, "bot", self.number, player))
        for index, step in enumerate(self.steps):
            told_the_step(self.bots.values(), self._before(index), step)

    @property
    def deal(self) -> MatchDeal[Any]:
        """The deal as played so far (the moves taken back left out)."""
        return MatchDeal(self.number, self.start, self.sides, tuple(self.steps))

    @property
    def position(self) -> Any:
        """The position now."""
        return self.steps[-1].after if self.steps else self.start

    def _before(self, index: int) -> Any:
        """The position step ``index`` was played from."""
        return self.steps[index - 1].after if index else self.start

    def play(self) -> bool:
        """Play to the deal's end (True) or until the person stops (False: StopMatch, Ctrl-C)."""
        try:
            while not self.game.is_over(self.position):
                position = self.position
                player = self.game.to_act(position)
                assert player is not None  # the deal goes on
                moves = self.game.legal_moves(position)
                if player == self.person:
                    try:
                        move = self.table.choose(position, moves)
                    except Undo:
                        self._undo()
                        continue
                else:
                    move = self.bots[player].choose(position, moves).notation()
                rng = random.Random(derive(self.seed, "draw", self.number, len(self.steps)))
                self.steps.append(self.game.play(position, move, rng))
                told_the_step(self.bots.values(), position, self.steps[-1])
                self._changed()
                self.table.played(position, self.steps[-1])
        except (StopMatch, KeyboardInterrupt):
            return False
        return True

    def _undo(self) -> None:
        """Take back the person's last move of the deal and the bots' after it."""
        mine = [index for index in range(len(self.steps)) if self.game.to_act(self._before(index)) == self.person]
        taken = [(self._before(index), self.steps[index]) for index in range(mine[-1], len(self.steps))] if mine else []
        del self.steps[len(self.steps) - len(taken):]
        if taken:
            self._new_bots()
            self._changed()
        self.table.taken_back(taken)

    def _changed(self) -> None:
        """Tell ``changed`` of the deal as it now stands."""
        if self.changed is not None:
            self.changed(self.deal)


class PersonMatch:
    """A match of ``game`` (``planned`` deals at most) between the person at ``table``, match
    player ``person``, and ``bots`` (one a match player but the person's), from ``seed``;
    ``saved``: the match so far, to go on with; ``changed``: told of the match after every
    step played or taken back and every deal finished (``eights play`` writes its record there,
    so that a terminal closed loses nothing)."""

    def __init__(self, game: Game[Any, Any, Any], table: Table, bots: dict[int, Any], person: int, seed: int,
                 planned: int, saved: SavedMatch[Any] | None = None,
                 changed: Callable[[PersonMatch], None] | None = None) -> None:
        self.game, self.table, self.bots, self.person = game, table, bots, person
        self.seed, self.planned, self.changed = seed, planned, changed
        self.deals: list[MatchDeal[Any]] = list(saved.deals) if saved is not None else []
        self.under_way: MatchDeal[Any] | None = None if saved is None else saved.under_way

    @property
    def standing(self) -> Standing:
        """The match after its finished deals."""
        return self.game.match_standing(self.deals, self.planned)

    def play(self) -> bool:
        """Play the match to its end (True), or until the person stops it (False)."""
        while not self.standing.over:
            deal = self.under_way or self.game.match_deal(self.seed, len(self.deals) + 1)
            self.table.deal_starts(self.game, deal, self.person)
            bots = {deal.sides[player]: bot for player, bot in self.bots.items()}
            playing = DealPlay(game_for(deal.start), deal, bots, deal.sides[self.person], self.table, self.seed,
                               self._under_way)
            over = playing.play()
            self.under_way = playing.deal
            if not over:
                return False
            before = self.standing
            self.deals.append(playing.deal)
            self.under_way = None
            self._tell()
            self.table.deal_ends(playing.deal, before, self.standing)
        return True

    def _under_way(self, deal: MatchDeal[Any]) -> None:
        """The deal under way changed: keep it, and tell ``changed`` (of a deal that goes on:
        one just over is told of as a finished deal, once the match has counted it)."""
        self.under_way = deal
        if not self.game.is_over(deal.end):
            self._tell()

    def _tell(self) -> None:
        """Tell ``changed`` of the match as it stands."""
        if self.changed is not None:
            self.changed(self)

    def record(self, players: Sequence[str]) -> dict[str, Any]:
        """The match's record as it stands, ``players`` naming who played each match player."""
        return self.game.match_record(players, self.seed, self.planned, self.deals, self.under_way)
