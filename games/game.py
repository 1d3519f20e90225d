"""What a game is to every tool: the one interface (``Game``) that sce2 and each ruleset of
the family implement, and the answer shapes it gives (``SearchAnswer``, ``PlayedStep``).

The model is OpenSpiel's ``Game``/``State``: a tool is written once against ``Game`` and never
asks which game it holds. A game reads and writes positions, views (a position seen from one
seat) and moves in the notation and in JSON; lists the legal moves; plays a move (a draw's
cards at random) or a chance event; says who acts and each player's payoff of a finished
deal; deals a seeded deal; searches a position with its solver backend; samples the deals a
view cannot tell apart; and gives its heuristic bot. sce2 keeps its own engine and fast core
behind it (``eights.games.sce2``), the family's engine and core serve every other ruleset
(``eights.games.family``).

A game's *players* are those a payoff goes to: sce2's two sides (NS, EW), the family's seats.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX
from eights.solver.utility import Utility

PLAY_LEVEL = "eights.play"  # bots, fair hints, rollouts: loaded by ``later`` only when asked for


def later(module: str) -> Any:
    """``module`` (of play/, or a game's play-level part) imported when first needed. A game's
    rules, notation and search stand on the engine and the solver alone; its bots, fair hints
    and the samples' seeds load play/ only when a tool asks for them, so that the commands on
    positions (``eights show``, ``eights moves``...) load neither play/ nor the service, as
    ``eights.cli.main`` loads a command's module only when it runs (tests/test_import_graph.py)."""
    return importlib.import_module(module)


class Stopped(Exception):
    """Raised inside a rollout's game (``Game.play_round``) when the rollout's ``stop`` says so; the game is dropped."""


P = TypeVar("P")  # a position, every hand visible
V = TypeVar("V")  # a view: a position seen from one seat
M = TypeVar("M")  # a move


@dataclass(frozen=True)
class SearchAnswer:
    """A search's answer in one shape for every game: each legal move and its value for the
    player to act (``moves``, best first), every player's value (``values``, player 0 first),
    the depth the search completed and whether its values are exact."""

    player: int | None
    moves: tuple[tuple[Any, float], ...]
    values: tuple[float, ...] | None
    depth: int
    exact: bool

    @property
    def best(self) -> Any:
        """The move of best value for the player to act (None when the deal is over)."""
        return self.moves[0][0] if self.moves else None

    def to_json(self) -> dict[str, Any]:
        """``{"player": 0, "best": "play 9H", "moves": [{"move": ..., "value": ...}], "values": [...],
        "depth": 4, "exact": false}``."""
        return {"player": self.player, "best": None if self.best is None else self.best.notation(),
                "moves": [{"move": move.notation(), "value": value} for move, value in self.moves],
                "values": None if self.values is None else list(self.values), "depth": self.depth, "exact": self.exact}


def sampled_fields(moves: list[dict[str, Any]], depths: tuple[int, int]) -> dict[str, Any]:
    """A fair hint's fields in the one vocabulary (docs/service.md, #38), for every game: each of
    its ``moves`` (as ``MoveComparison.to_json`` writes them) with its ``value`` (its ``mean`` for
    the player to act), the ``depth`` every sample reached and the least and the most (``depths``).

    >>> sampled_fields([{"move": "draw", "mean": 1.5}], (3, 4))
    {'moves': [{'move': 'draw', 'mean': 1.5, 'value': 1.5}], 'depth': 3, 'depths': {'min': 3, 'max': 4}}
    """
    return {"moves": [{**move, "value": move["mean"]} for move in moves], "depth": depths[0],
            "depths": {"min": depths[0], "max": depths[1]}}


@dataclass(frozen=True)
class WholeGameFormat:
    """How a two-player game's deals make one game of a match (RULES.md "The game"; RULES-FAMILY.md's
    ``classic`` to 100 points): a fixed number of ``deals`` (sce2's 15) or the ``target`` winnings
    that end it (classic/2's 100), and whether the cube and resignation are played between deals
    (``cube``: sce2's, RULES.md)."""

    deals: int | None
    target: int | None
    cube: bool


@dataclass(frozen=True)
class PlayedStep(Generic[P]):
    """A move played (``move``, as the notation writes it), the cards a draw brought
    (``drawn``, card names, in order), the position after them, and the step as a record
    writes it (``events``: a draw names its cards, ``draw 5D,2C``, in every game; a step read
    from a family record of the format before, which wrote each card drawn as a chance event
    of its own, keeps them so, ``draw``, ``card 5D``, ``card 2C``)."""

    move: str
    drawn: tuple[str, ...]
    after: P
    events: tuple[str, ...]


@dataclass(frozen=True)
class MatchDeal(Generic[P]):
    """Deal ``number`` of a match: its first position, the game player each of the match's
    players plays in it (``sides[k]``: match player k's; sce2's players change sides after every
    two deals, the family's keep their seats) and the steps played from it so far."""

    number: int
    start: P
    sides: tuple[int, ...]
    steps: tuple[PlayedStep[P], ...] = ()

    @property
    def end(self) -> P:
        """The position after the last step."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def events(self) -> list[str]:
        """Every step's events, in order, as a record writes them."""
        return [event for step in self.steps for event in step.events]


@dataclass(frozen=True)
class SavedMatch(Generic[P]):
    """A match as its record has it: who played each match player (None: not said), the seed
    its deals came from (None: not said), the deals planned, the finished deals and the deal
    under way when it stopped (None: none)."""

    players: tuple[str, ...] | None
    seed: int | None
    planned: int
    deals: tuple[MatchDeal[P], ...]
    under_way: MatchDeal[P] | None


@dataclass(frozen=True)
class Standing:
    """A match after its finished deals: each match player's points (the game's own: sce2's
    points against, lower better; the family's payoffs or winnings), the leader (None: a
    tie) and whether the match is over."""

    points: tuple[Fraction, ...]
    leader: int | None
    over: bool


@dataclass(frozen=True)
class JudgedMove:
    """A move played, as the search of the position it was played in values it (a step of an
    analysis, ``eights.play.analysis``): the best move (``best``, notation) and its value, the
    played move's value, both for the player to act; every player's value of the position
    (``values``, its best move's) and of the played move (``played_values``), player 0 first;
    the least loss the search tells apart from none (``margin``: None when it tells none
    apart); whether its best move was also the best one depth shallower (``stable``: None
    when the game's search does not say); and how many legal moves there were (``choices``)."""

    best: str
    best_value: float
    played_value: float
    values: tuple[float, ...]
    played_values: tuple[float, ...]
    margin: float | None
    stable: bool | None
    choices: int


@dataclass(frozen=True)
class MatchDeals:
    """A match record as an analysis reads it: each deal's record (``deals``: the finished
    ones, then the one under way, as ``Game.read_played_deal`` reads a deal), the field of
    the match record each is (``where``: its errors are named under it), who held each
    player's place in each deal (``seating[d][p]``: the index in ``names`` of the match's
    player who held the game's player ``p`` in deal ``d``), the match's players' names, and
    the fields an answer gives about the match (``fields``: its totals...) and about each
    deal (``deal_fields``: whether it was finished, and the game's own)."""

    deals: tuple[dict[str, Any], ...]
    where: tuple[str, ...]
    seating: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    fields: dict[str, Any]
    deal_fields: tuple[dict[str, Any], ...]


class Game(ABC, Generic[P, V, M]):
    """A game of eights, found by its name (``eights.games.find_game``). Every method takes
    and gives the game's own values; errors are the engine's (``NotationError``,
    ``IllegalMoveError``), each naming its field."""

    #: the game's canonical name: ``sce2``, ``classic/4``, ``classic/4,skip=Q``...
    name: str
    #: the names of the players a payoff goes to, player 0 first
    player_names: tuple[str, ...]
    #: the evaluation its solver scores the horizon with unless asked for another (at a depth: ``default_evaluation``)
    evaluation: str
    #: every evaluation its solver may be asked for
    evaluations: tuple[str, ...]
    #: the objectives its search may be asked for (none: two-sided, the side to act's value)
    objectives: tuple[str, ...] = ()
    #: what a deal must be told (``number``, ``dealer``: sce2's deal of the match and its dealer)
    deal_requires: tuple[str, ...] = ()
    #: two players, each one's payoff the other's negated (sce2's sides): the value for one says both
    two_sided: bool = False
    #: what one of the players a payoff goes to is called (a seat, a side...)
    player_word: str = "player"

    def __repr__(self) -> str:
        return f"find_game({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def players(self) -> int:
        """How many players a payoff goes to."""
        return len(self.player_names)

    # -- the notation -------------------------------------------------------------------
    @abstractmethod
    def read_position(self, value: Any) -> P:
        """A position (every hand given) from its compact text or JSON object; a view is refused, naming ``view``."""

    @abstractmethod
    def read_view(self, value: Any) -> V:
        """A view (``view:`` given: the position seen from one seat) from either form."""

    @abstractmethod
    def is_view(self, value: Any) -> bool:
        """Whether ``value`` (text, JSON, or a position or view read) is written or read as a view."""

    def read(self, value: Any) -> P | V:
        """A view when ``value`` is written as one, else a position."""
        return self.read_view(value) if self.is_view(value) else self.read_position(value)

    @abstractmethod
    def notation(self, item: P | V) -> str:
        """The canonical compact form of a position or a view."""

    @abstractmethod
    def to_json(self, item: P | V) -> dict[str, Any]:
        """The JSON form of a position or a view."""

    @abstractmethod
    def diagram(self, item: P | V) -> str:
        """The hands as at the table (a view's hidden hands face down) and the state of play."""

    # -- the rules ----------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, item: P | V) -> list[M]:
        """The legal moves of the hand to act, in the engine's order; of a view, when the
        view's seat sees that hand (NotationError naming ``view`` otherwise)."""

    @abstractmethod
    def read_move(self, value: Any, field: str = "move") -> M:
        """A move from its notation (``play 9H``, ``draw``...) or JSON."""

    @abstractmethod
    def rolled_out_moves(self, position: P, values: list[Any], field: str = "moves") -> list[M]:
        """The moves a rollout's root ``values`` name (notation or JSON; errors naming
        ``field[i]``), each read as /v1/apply reads it (a family game's also played first, so
        that a draw naming a card the stock does not hold is refused alike)."""

    @abstractmethod
    def play(self, position: P, value: Any, rng: random.Random, field: str = "move") -> PlayedStep[P]:
        """The move ``value`` (notation or JSON) played: a draw that names no cards takes
        them at random from ``rng``; IllegalMoveError or NotationError naming ``field``."""

    @abstractmethod
    def outcomes(self, position: P, move: M) -> list[tuple[Fraction, P]]:
        """The positions ``move`` may lead to and their chances (one, certain, for a play;
        every draw's cards for a draw from an unknown stock)."""

    def check_choosing(self, position: P, field: str = "position") -> None:
        """NotationError naming ``field`` when no hand chooses in ``position`` though the deal
        goes on (a family game's draw under way, whose cards come first); sce2's hands always choose."""

    @abstractmethod
    def to_act(self, item: P | V) -> int | None:
        """The player to act (None when the deal is over)."""

    @abstractmethod
    def is_over(self, item: P | V) -> bool:
        """Whether the deal has ended."""

    @abstractmethod
    def exact_payoffs(self, position: P) -> tuple[Fraction, ...]:
        """Each player's payoff of a finished deal, exactly, player 0 first."""

    def payoffs(self, position: P) -> tuple[float, ...]:
        """Each player's payoff of a finished deal, player 0 first (``exact_payoffs`` as floats)."""
        return tuple(float(payoff) for payoff in self.exact_payoffs(position))

    @abstractmethod
    def state(self, position: P) -> dict[str, Any]:
        """The position as a front end shows it and plays on (/v1/moves' answer): both forms,
        who acts, its legal moves, whether the deal is over and then its result: the fields
        every game answers alike (``common_state``) and the game's own (sce2's ``turn``, ``side``,
        piles, effects and ``score``, the family's ``turn`` and number of ``players``)."""

    def common_state(self, position: P) -> dict[str, Any]:
        """The fields of a position's state that every game answers alike (the one vocabulary of
        docs/service.md, #38): the names of its players (``player_names``),
        the player to act (``to_act``: an index of ``player_names``, null when no hand chooses),
        whether the deal is over (``over``) and then each player's payoff (``payoffs``: exact
        fractions written as text, ``"-7/2"``, player 0 first; null until the deal is over)."""
        over = self.is_over(position)
        return {"player_names": list(self.player_names), "to_act": self.to_act(position),
                "over": over, "payoffs": [str(payoff) for payoff in self.exact_payoffs(position)] if over else None}

    @abstractmethod
    def deal_numbered(self, seed: int, number: int | None = None, dealer: str | None = None,
                      fields: tuple[str, str] = ("--deal", "--dealer")) -> P:
        """Deal ``number`` of a match (None: the game's only or first), ``dealer`` dealing (the
        seat as the notation writes it; None: the game's first), from ``seed``; NotationError
        naming the number's or the dealer's field (``fields``: the command line's by default) for one the game lacks."""

    def answer_fields(self, position: P) -> dict[str, Any]:
        """The fields an answer about ``position`` adds in this game (the family's ``rules``)."""
        return {}

    @abstractmethod
    def deal_result(self, position: P) -> tuple[dict[str, Any], str]:
        """A finished deal's result in the game's own words: the fields an answer gives it
        (sce2's ``score``, the family's ``payoffs``) and a line for a person."""

    @abstractmethod
    def perft(self, position: P, depth: int) -> int:
        """The number of action sequences ``depth`` actions deep (a draw's cards count as chance actions as the engine counts them)."""

    @abstractmethod
    def deal(self, seed: int, dealer: int = 0) -> P:
        """A seeded starting position (``dealer``: the game's dealing seat index)."""

    # -- records ------------------------------------------------------------------------
    @abstractmethod
    def deal_record(self, start: P, events: Sequence[str], players: Sequence[str] | None = None) -> dict[str, Any]:
        """The record of the deal played from ``start`` (``events``: each ``PlayedStep``'s, in
        order; the deal over or under way), as ``eights replay`` and ``eights analyse`` read it;
        ``players``: who played each player, player 0 first."""

    @abstractmethod
    def read_deal_record(self, data: Any) -> tuple[P, list[PlayedStep[P]], tuple[str, ...] | None]:
        """A deal record read back (checked as ``eights replay`` checks it; errors name the
        field): its first position, each step played from it, and who played (None: not said)."""

    @abstractmethod
    def replay(self, data: Any) -> tuple[dict[str, Any], str]:
        """A deal or match record replayed as ``eights replay`` shows it, checked on the way (errors
        name the field): the record as this version writes it, and the lines (a deal's every
        position and its result; a match's deals and their totals)."""

    @abstractmethod
    def read_played_deal(self, data: dict[str, Any]) -> tuple[P, list[PlayedStep[P]]]:
        """A deal record as an analysis reads it (``data``: a record's keys, as a request or a
        file gives them): its first position and each step played from it, each move as the
        record writes it, checked as ``read_deal_record`` checks a record, errors naming the
        field (``moves[3]``)."""

    @abstractmethod
    def read_match_record(self, data: Any) -> MatchDeals:
        """A match record (``eights match`` writes it) as an analysis reads it, errors naming the field."""

    def replayed(self, start: P, steps: Sequence[str]) -> list[PlayedStep[P]]:
        """Each step (a move whose draw names its cards: ``draw 5D,2C``) played from ``start``."""
        played: list[PlayedStep[P]] = []
        for index, step in enumerate(steps):
            played.append(self.play(played[-1].after if played else start, step, random.Random(0), f"moves[{index}]"))
        return played

    # -- search and hints ---------------------------------------------------------------
    @abstractmethod
    def search(self, position: P, depth: int | None = None, time_ms: float | None = None,
               solver: Any = None) -> SearchAnswer:
        """The game's solver backend on ``position``, ``depth`` deep or deepened within
        ``time_ms`` (with ``solver``, an ``eights.solver.Solver`` to reuse its table)."""

    @abstractmethod
    def solve(self, position: P, depth: int | None = None, time_ms: float | None = None, stock: str = EXPECTIMAX,
              evaluation: str | None = None, objective: str | None = None, player: int | None = None,
              solver: Any = None) -> Any:
        """The solver backend's full answer (sce2's ``Solution``, the family's ``FamilySolution``:
        ``to_json()``, ``moves``, ``pv``, ``depth``, ``exact``, ``bounds``...): ``stock`` how draws
        are treated, ``objective`` and ``player`` a game's with ``objectives``; SolverError naming
        the option otherwise."""

    def solve_options(self, evaluation: str | None = None, objective: str | None = None,
                      player: int | None = None, depth: int | None = None) -> tuple[str, str | None, int | None]:
        """The ``evaluation``, ``objective`` and ``player`` that ``solve`` searches with when
        asked for these: the game's own evaluation for a search ``depth`` deep (None: by time,
        ``default_evaluation``) and its first objective (none for a two-sided game) unless others
        are asked, so that equal searches are written alike (a cache's key). SolverError naming
        ``objective`` or ``player`` when a two-sided game is given one.

        >>> from eights.games import find_game
        >>> find_game("sce2").solve_options(), find_game("classic/3").solve_options(player=1, depth=4)
        (('trained', None, None), ('trained', 'maxn', 1))
        >>> find_game("classic/3").solve_options()[0]
        'playouts'
        """
        evaluation = evaluation or self.default_evaluation(depth)
        if not self.objectives:
            for field, value in (("objective", objective), ("player", player)):
                if value is not None:
                    raise SolverError(field, f"{self.name} is two-sided, with no objective or player to choose")
            return evaluation, None, None
        return evaluation, objective or self.objectives[0], player

    def default_evaluation(self, depth: int | None) -> str:
        """The horizon estimate of a search ``depth`` deep (None: by time) unless one is asked: the game's ``evaluation``."""
        return self.evaluation

    def searches_samples_alone(self, evaluation: str, depth: int | None) -> bool:
        """Whether a fair hint's samples searched with ``evaluation`` (``depth`` deep, None: by
        time) are each searched alone, each its share of the time, rather than deepened
        together: where the search's time goes to playouts, not depth (the family's)."""
        return False

    @abstractmethod
    def search_notation(self, position: P, stock: str = EXPECTIMAX) -> str:
        """The canonical compact form of ``position`` as a search with ``stock`` (how draws are
        treated) sees it: without the stock's order in expectimax, so that two positions that
        differ only there are one search; SolverError naming ``mode`` for a stock the game
        cannot search ``position`` with."""

    def search_common(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The fields a search's answer (``solve``'s solution as ``to_json`` writes it) gives
        alike in every game (the one vocabulary of docs/service.md, #38): the names of the players
        (``player_names``), the player to act (``to_act``, an index of them, null once the deal
        is over) and each player's value (``values``, player 0 first; null when the search
        values one player's payoff alone)."""
        return {"player_names": list(self.player_names), **self.search_values(answer)}

    def valued_fields(self, position: P, values: list[float] | None) -> dict[str, Any]:
        """``search_common``'s fields of an answer that values a move of ``position`` (/v1/bot-move's):
        ``values``, each player's value of the move (None: the answer has none)."""
        return {"player_names": list(self.player_names), "to_act": self.to_act(position), "values": values}

    def own_valued_fields(self, item: P | V, values: list[float] | None) -> dict[str, Any]:
        """The game's own fields of an answer that values a move of ``item`` (a position or a view)
        beside ``valued_fields``' (sce2's ``side`` and ``value_ns``, the family's ``player``)."""
        return {}

    @abstractmethod
    def reference_search(self, position: P, time_ms: float) -> tuple[int, int, float]:
        """The game's pure-Python reference search (whose values the native core's agree with
        exactly) deepened from depth 1 while ``time_ms`` lasts: the depth it completed, its
        nodes and its seconds (what a benchmark of the reference measures)."""

    @abstractmethod
    def search_values(self, answer: dict[str, Any]) -> dict[str, Any]:
        """``to_act`` and ``values`` of ``search_common`` from the solution's JSON ``answer``."""

    @abstractmethod
    def solution_from_json(self, data: dict[str, Any]) -> Any:
        """The solution ``solve`` gave, back from its ``to_json(digits=None)`` (a shared cache's entry)."""

    @abstractmethod
    def solution_words(self, solution: Any) -> tuple[str, str, str]:
        """How a person reads ``solution``'s values: whose they are, and the words before and after
        the search's account (``eights solve``'s last line)."""

    @abstractmethod
    def solution_values(self, solution: Any) -> tuple[float, ...]:
        """Every player's value of a searched position (``solve``'s solution), player 0 first."""

    @abstractmethod
    def judge(self, position: P, move: str, solution: Any) -> JudgedMove:
        """The move ``move`` (a ``PlayedStep``'s) played in ``position``, as ``solution`` (``solve``'s, of
        ``position``) values it against the best move for the player to act."""

    def analysis_step_fields(self, step: dict[str, Any]) -> dict[str, Any]:
        """The fields a step of an analysis adds in this game, from the fields every game gives it."""
        return {}

    def analysis_summary_fields(self, summary: dict[str, Any], final: P) -> dict[str, Any]:
        """The fields the summary of an analysis adds in this game, from the fields every game gives it
        and the last position analysed."""
        return {}

    def player_label(self, player: int) -> str:
        """A player as a line for a person names her: ``seat 2`` (``player_word`` and her name)."""
        return f"{self.player_word} {self.player_names[player]}"

    @abstractmethod
    def view_of(self, position: P, seat: int) -> V:
        """The view of ``seat`` (the game's seat index: sce2's N E S W 0-3, the family's 0..N-1)."""

    @abstractmethod
    def sample(self, view: V, rng: random.Random) -> P:
        """A deal drawn uniformly from those ``view`` cannot tell apart."""

    def samples(self, view: V, count: int, seed: int) -> list[P]:
        """``count`` deals sampled for ``view``, sample i drawn from ``seed`` and i alone."""
        derive = later(f"{PLAY_LEVEL}.paired").derive
        return [self.sample(view, random.Random(derive(seed, "sample", index))) for index in range(count)]

    @abstractmethod
    def own_view(self, position: P) -> V:
        """What the hand to act sees of ``position``: the view a fair bot or hint of that hand decides
        from (sce2's: its side's concealed hand's; the family's: the seat to act's)."""

    @abstractmethod
    def hint_view(self, item: P | V) -> V:
        """The view a fair hint answers from ``item`` (as ``read`` gave it): the hand to act's,
        the deal going on (NotationError naming the field otherwise)."""

    @property
    @abstractmethod
    def rollout_bot(self) -> str:
        """The bot a rollout plays every hand with when none is named."""

    @abstractmethod
    def make_bot(self, spec: str) -> Any:
        """The game's bot a spec names (``random``, ``heuristic``, ``solver:depth=3``, ``fair:time=100``...);
        BotSpecError naming the problem."""

    @abstractmethod
    def capped_bot(self, bot: Any, cap: Callable[[], float], solver: Any = None) -> Any:
        """``bot`` (``make_bot``'s), each move's search held to ``cap()`` ms when it searches (the
        service's limit, or what is left of a rollout's deadline), its moves otherwise unchanged;
        with ``solver`` (a service lane's), searching in its table where the game's bots take one
        (sce2's; a family bot keeps its own)."""

    def bot_objective(self, bot: Any) -> str | None:
        """The objective a searching ``bot`` of this game searches with (None: the game has one)."""
        return None

    def bot_searches(self, bot: Any, item: Any) -> Any:
        """What a searching ``bot`` searches of ``item`` (a position, or the view of the hand to
        act): ``item`` itself unless the bot assumes rules of its own (the family's ``must_play``),
        so that the service's bot moves are the bot's ``choose``."""
        return item

    @abstractmethod
    def bot_choice(self, bot: Any, solution: Any) -> tuple[M, float, list[float] | None]:
        """The move a solver ``bot`` plays from ``solve``'s ``solution`` of a position with moves,
        its value for the player to act and every player's (None: the objective gives none), 6 decimals."""

    @abstractmethod
    def step_json(self, before: P, step: PlayedStep[P]) -> dict[str, Any]:
        """A move played from ``before`` as answers give it (/v1/apply's steps): the move as played
        (``move``, a draw naming its cards), its JSON form (``move_json``), the position after it
        (``position``), and the game's own (sce2's ``effects``)."""

    @abstractmethod
    def heuristic_bot(self) -> Any:
        """The game's heuristic bot (``choose(position, moves)``), which reads only what the seat to act sees."""

    # -- the service's fair hint ----------------------------------------------------------
    #: the objective a sample of a fair hint is searched with (None: the game has one)
    fair_objective: str | None = None

    @abstractmethod
    def fair_ranker(self, solver: Any, objective: str | None = None) -> Any:
        """What ranks a sample's moves for ``eights.play.fair.deepen`` with ``solver`` (and ``objective``)."""

    @abstractmethod
    def fair_answer(self, view: V, values: list[list[Any]], seed: int, asked: int, depths: tuple[int, int],
                    time_ms: float, objective: str | None = None) -> Any:
        """The fair hint from each sample's move values (``to_json()``: the game's answer)."""

    # -- the game around the deals (#40) --------------------------------------------------
    def whole_game_format(self) -> WholeGameFormat | None:
        """How the deals make a game of two players (None: this game has none)."""
        return None

    def estimate(self, position: P) -> tuple[float, ...]:
        """The trained evaluation's estimate of each player's payoff in an unfinished deal (what
        a search reads at its horizon): the measure of how far a deal's end falls from it (the
        family's; sce2's is measured by ``eights.play.series.spreads``, which reads its own)."""
        raise NotImplementedError(f"{self.name}'s estimate is not given here")

    def read_game_context(self, value: Any) -> tuple[Any, Any]:
        """``value`` (a position's text or JSON) without the game context the game's notation
        writes in it, and the context (None: none); here, none is read (sce2's is read before
        its game is known: ``eights.engine.game.parse_game_position``)."""
        return value, None

    def target_context(self, totals: tuple[int, int]) -> Any:
        """The game context of a deal in a game to a target (``whole_game_format().target``), from
        each seat's winnings before it, seat 0's first, as the game's solver bots are told it (None:
        the game has no such context; sce2's deals have ``PlayedGame.context``'s instead)."""
        return None

    def play_for_utility(self, position: P, context: Any, play_for: str | None,
                         horizon: str | None = None) -> Utility | None:
        """The utility ``solve`` plays ``position``'s deal with for ``play_for`` (RULES.md's
        ``points``, ``game``, ``series``; None: ``game`` with a ``context``, else ``points``),
        None for its points; SolverError naming ``play_for`` for what the game cannot be played
        for. Here a deal is played for its points alone."""
        if play_for not in (None, "points"):
            raise SolverError("play_for", f"{self.name} has no game around its deals to play for (sce2's and "
                                          "classic/2's have one): play it for points")
        return None

    # -- rollouts -------------------------------------------------------------------------
    def legal_form(self, position: P, move: M) -> M | None:
        """The legal move of ``position`` that ``move`` names, as the legal-move list writes it
        (None when it names none): what a rollout's root moves are checked and kept as."""
        return move if move in self.legal_moves(position) else None

    @abstractmethod
    def mover_fields(self, position: P) -> dict[str, Any]:
        """The player to act in the game's own words, which an answer gives beside ``to_act``
        (sce2's ``side``, ``"EW"``; the family's ``mover``, the seat)."""

    @abstractmethod
    def payoffs_to(self, position: P) -> str:
        """Whose payoffs a rollout's means are, as the command line writes it."""

    @abstractmethod
    def play_round(self, position: P, moves: Sequence[M], index: int, bot: Any, seed: int,
                   stop: Callable[[], bool] | None = None) -> list[list[float]]:
        """Round ``index`` of a rollout: game ``index`` of every root move in ``moves`` played to
        the deal's end by ``bot`` in every seat, each from the same stock order and reshuffles
        and the bot seeded alike, all derived from ``seed`` and ``index`` (common random
        numbers): each move's payoffs, player 0 first. Stopped when ``stop`` says so (asked
        before every choice)."""

    @abstractmethod
    def seat_name(self, seat: int) -> str:
        """A seat as the notation writes it (sce2's N E S W, the family's numbers)."""

    # -- a person at the table (eights play) ----------------------------------------------
    #: the deals ``eights play`` plays when not told (sce2: its match of 15; 1: a deal alone)
    default_deals: int = 1
    #: the most deals a match has (None: as many as its rules play)
    max_deals: int | None = None

    def person_view(self, item: P, player: int) -> V:
        """What a person playing ``player`` sees of ``item`` (the family's seat's view; sce2's
        side's concealed hand's, which sees the dummies too)."""
        return self.view_of(item, player)

    def typed_move(self, position: P, value: Any, field: str = "move") -> M:
        """The move a person typed at ``position`` (``read_move``), written as ``legal_moves`` writes it."""
        return self.read_move(value, field)

    def prompt(self, position: P, player: int) -> str:
        """The prompt at the turn of the person playing ``player``: ``seat 0 (you)>`` and a space."""
        return f"seat {self.seat_name(player)} (you)> "

    def told(self, before: P, step: PlayedStep[P], player: int) -> str:
        """``step``, played from ``before``, as the person playing ``player`` is told it: ``seat 2
        plays 8D/S``, ``you draw 7S`` (the cards the person draws named, one a line; another's not)."""
        seat = self.to_act(before)
        verb, _, rest = step.move.partition(" ")
        if seat == player:
            if step.drawn:
                return "\n".join(f"you draw {card}" for card in step.drawn)
            return f"you {step.move}"
        said = {"play": "plays", "draw": "draws", "pass": "passes"}.get(verb, verb)
        if step.drawn:
            return f"seat {seat} draws {len(step.drawn)} card{'s' * (len(step.drawn) != 1)}"
        return f"seat {seat} {said}{' ' + rest if rest else ''}"

    # -- bots against bots (eights match) ---------------------------------------------------
    #: what ``eights match`` counts of the game and how many by default: sce2's whole matches
    #: (each paired), the family's deals (each played once a seat, the seats rotated)
    bot_match_unit: tuple[str, int] = ("deals", 20)

    @abstractmethod
    def bot_matches(self, specs: Sequence[str], count: int, seed: int, workers: int | None = None,
                    progress: Any = None, cluster: Any = None) -> Any:
        """``count`` of ``bot_match_unit`` played between the bots of ``specs`` (one a player) on
        ``workers`` processes or ``cluster``, ``progress`` told of each as it ends: its ``table()``,
        ``to_json()`` and ``records()`` (each record's file name, without ``.json``, and the record).
        BotSpecError for a bad spec; ValueError (a NotationError too) for a bad number or seed."""

    #: how many deals ``python -m eights.bench.strength`` plays when not told (each deal played
    #: once a player: sce2's a pair, the family's a round of the rotated seats)
    strength_deals: int = 50

    @abstractmethod
    def bot_strength(self, specs: Sequence[str], deals: int, seed: int, workers: int | None = None,
                     progress: Any = None, cluster: Any = None, deal_size: int | None = None) -> Any:
        """``python -m eights.bench.strength``'s run: ``deals`` deals, each played once a player
        by the bots of ``specs`` (one a player) with their places turned, on ``workers``
        processes or ``cluster``, ``progress`` told of each deal as it ends; ``deal_size`` the
        cards a hand (None: the game's own; NotationError naming ``--deal-size`` for a game that
        deals its rules' size). Its ``table(baseline)`` and ``to_json(baseline)``, each bot
        against ``baseline`` (a spec among the bots: the mean of the seats it holds, deal by
        deal; a two-sided game's paired table compares A with B, whatever the baseline), and
        ``record_lines()``, every game's record as a JSON object. BotSpecError for a bad spec;
        ValueError for a bad number or seed."""

    @abstractmethod
    def deal_intro(self, deal: MatchDeal[P], player: int) -> str:
        """How a deal starts, said to the person playing match player ``player``: the hand size,
        who deals, where the person sits, the upcard."""

    @abstractmethod
    def match_deal(self, seed: int, number: int) -> MatchDeal[P]:
        """Deal ``number`` (1 first) of the match of ``seed``, as the game's match deals it."""

    @abstractmethod
    def match_record(self, players: Sequence[str], seed: int, planned: int, deals: Sequence[MatchDeal[P]],
                     under_way: MatchDeal[P] | None) -> dict[str, Any]:
        """The record of a match between ``players`` (match player 0 first) of ``planned``
        deals from ``seed``: its finished ``deals`` and the deal ``under_way`` when it stopped
        (None: none), with the top-level fields of sce2's match record for every game (players,
        seed, schedule, deals, totals, unfinished), so that ``read_saved_match`` goes on with it."""

    @abstractmethod
    def read_saved_match(self, data: Any) -> SavedMatch[P]:
        """A match record read back (checked as ``eights replay`` checks it; errors name the field)."""

    @abstractmethod
    def match_standing(self, deals: Sequence[MatchDeal[P]], planned: int) -> Standing:
        """The match after its finished ``deals`` of ``planned``: the points, the leader, whether over."""
