"""Whole games, deal after deal, with the cube between deals (issue #40, items 6 and 7), written
once over the one game interface (``eights.games``): a game whose deals make a game of two
players (``Game.whole_game_format``: sce2's 15 deals with the cube and resignation, RULES.md;
``classic/2``'s deals to 100 points, RULES-FAMILY.md, no cube) is played by ``play_game``.

Each deal is the game's deal of its match (``Game.match_deal``: its hand size, dealer and who
plays which side, sce2's players changing seats every two deals), and the game's record its
match record (``Game.match_record``; read back by ``Game.read_saved_match``), to which a game
with cube actions adds ``cube_actions`` (docs/rules/game.md). The deals are played by a ``DealPlayer`` (bots: ``bots_deal``; a person at the terminal:
``eights.cli.game_play``); before each deal the players' ``CubeChooser``s make the cube actions
the rules allow (RULES.md "The game, the series, the cube and resignation"): the player who
leads may double (before deals 2 to 15), the other takes or passes; then either may offer to
resign at 200 x the cube, the other accepts or refuses. A bot chooses them by the tables
(``TableCube``: ``eights.play.series.cube``'s hints).

Players are numbered as a match record numbers them: player 0 deals deal 1. ``PlayedGame.lead``
is player 0's: the sum of her deals' payoffs (sce2: her opponent's total minus hers).

>>> from eights.games import find_game
>>> game = find_game("sce2")
>>> played = play_game(game, ("random", "random"), seed=3, play_deal=bots_deal(game, ("random", "random"), 3),
...                    cube=(TableCube(), TableCube()))
>>> played.over, played.record()["kind"]
(True, 'match')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from eights.engine.game import (
    ACCEPT,
    DOUBLE,
    PASS,
    REFUSE,
    RESIGN,
    TAKE,
    CubeAction,
    CubeState,
    GameContext,
    replay_cube,
)
from eights.engine.errors import NotationError
from eights.games import Game, MatchDeal, PlayedStep
from eights.play.bot import told_the_step
from eights.play.paired import derive
from eights.play.series.cube import cube_hint, resignation_hints
from eights.play.series.tables import Tables

RESIGN_TOLERANCE = 1.0  # points of equity a bot's offer to resign may cost it
MAX_DEALS = 1_000  # a game to a target that reaches none in this many deals is stopped (as the family's matches)


class CubeChooser(Protocol):
    """A player's cube and resignation decisions before a deal, ``side`` being the side (0 NS,
    1 EW) she plays in it and ``context`` the game as that deal sees it."""

    def doubles(self, context: GameContext, side: int) -> bool:
        """Whether she doubles (asked only where she may)."""
        ...

    def takes(self, context: GameContext, side: int) -> bool:
        """Whether she takes the double just offered (the cube not yet turned)."""
        ...

    def resigns(self, context: GameContext, side: int) -> bool:
        """Whether she offers to resign at 200 x the cube."""
        ...

    def accepts(self, context: GameContext, side: int) -> bool:
        """Whether she accepts her opponent's offer to resign."""
        ...


@dataclass(frozen=True)
class TableCube:
    """The tables' decisions (``eights.play.series.cube``): double when the hint says so, take
    when taking costs less than passing, accept a resignation worth at least playing on, and
    offer one when the opponent should accept it and it costs her at most ``RESIGN_TOLERANCE``
    points against playing on (the tables' resignations change no value: an offer that saves
    the resigner anything is one the opponent refuses, so a bot offers only what costs nothing,
    as when the opponent holds a double she would have to pass)."""

    tables: Tables | None = None

    def doubles(self, context: GameContext, side: int) -> bool:
        return cube_hint(context, self.tables).should_double

    def takes(self, context: GameContext, side: int) -> bool:
        return bool(cube_hint(context, self.tables).should_take)

    def resigns(self, context: GameContext, side: int) -> bool:
        offer = resignation_hints(context, self.tables)[side]
        return offer.accept and offer.points - offer.before <= RESIGN_TOLERANCE

    def accepts(self, context: GameContext, side: int) -> bool:
        return resignation_hints(context, self.tables)[1 - side].accept


@dataclass(frozen=True)
class PlayedDeal:
    """Deal ``number`` of a game: its first position, its steps, which player played the game's
    player 0 and 1 (``sides``), and each player's payoff (player 0 first)."""

    number: int
    start: Any
    steps: tuple[PlayedStep[Any], ...]
    sides: tuple[int, int]
    payoffs: tuple[float, float]


@dataclass(frozen=True)
class PlayedGame:
    """A game as played so far: the game, the players' names (player 0 first), the seed, the
    deals finished, the cube actions before them, and the steps of the next deal when it is
    under way (None: not dealt yet; its cube actions are then all made)."""

    game: Game[Any, Any, Any]
    players: tuple[str, str]
    seed: int
    deals: tuple[PlayedDeal, ...] = ()
    cube_actions: tuple[CubeAction, ...] = field(default=())
    under_way: tuple[PlayedStep[Any], ...] | None = None

    @property
    def lead(self) -> int:
        """Player 0's lead: the sum of her payoffs."""
        return round(sum(deal.payoffs[0] for deal in self.deals))

    @property
    def leads(self) -> tuple[int, ...]:
        """Player 0's lead before each deal played, and after the last."""
        leads = [0]
        for deal in self.deals:
            leads.append(leads[-1] + round(deal.payoffs[0]))
        return tuple(leads)

    @property
    def winnings(self) -> tuple[int, int]:
        """Each player's winnings (the sum of her positive payoffs: classic's score)."""
        return (round(sum(max(deal.payoffs[0], 0) for deal in self.deals)),
                round(sum(max(deal.payoffs[1], 0) for deal in self.deals)))

    @property
    def cube(self) -> CubeState:
        """The cube after the actions, and how the game ended if a pass or a resignation ended it."""
        return replay_cube(self.cube_actions, self.leads)

    @property
    def over(self) -> bool:
        """Whether the game is over: ended by a pass or a resignation, its deals played, or its target reached."""
        rules = self.game.whole_game_format()
        assert rules is not None
        if self.cube.end is not None:
            return True
        if rules.deals is not None:
            return len(self.deals) >= rules.deals
        return max(self.winnings) >= (rules.target or 0) or len(self.deals) >= MAX_DEALS

    @property
    def payoff(self) -> int:
        """What the game pays player 0: a pass's or a resignation's points, else her lead (or,
        in a game to a target, her winnings minus her opponent's) times the cube."""
        state = self.cube
        if state.end is not None:
            return state.end.points if state.end.winner == 0 else -state.end.points
        rules = self.game.whole_game_format()
        lead = self.lead if rules is None or rules.deals is not None else self.winnings[0] - self.winnings[1]
        return lead * state.cube

    @property
    def winner(self) -> int | None:
        """The player who won the game (None: a draw, or not over)."""
        payoff = self.payoff
        return None if not self.over or payoff == 0 else (0 if payoff > 0 else 1)

    def context(self, number: int | None = None) -> GameContext:
        """The game before deal ``number`` (default the next), as that deal's sides see it."""
        number = len(self.deals) + 1 if number is None else number
        state = replay_cube(tuple(a for a in self.cube_actions if a.before_deal < number), self.leads[:number])
        ns_player = deal_sides(self.game, self.seed, number)[0]
        lead = self.leads[number - 1]
        owner = None if state.owner is None else (0 if state.owner == ns_player else 1)
        return GameContext(number, lead if ns_player == 0 else -lead, state.cube, owner)

    def deal_context(self, number: int, sides: tuple[int, int]) -> Any:
        """What deal ``number``'s bots are told of the game around it (``told_the_game``): sce2's
        ``context`` (the deals are numbered), or the seats' winnings before it in a game to a target
        (``Game.target_context``; ``sides``: the match player of seat 0, of seat 1)."""
        rules = self.game.whole_game_format()
        if rules is not None and rules.deals is not None:
            return self.context(number)
        winnings = self.winnings
        return self.game.target_context((winnings[sides[0]], winnings[sides[1]]))

    def record(self) -> dict[str, Any]:
        """The game's record: its match record (``Game.match_record``, with the deal under way
        where the game's records hold one), and its cube actions."""
        rules = self.game.whole_game_format()
        planned = len(self.deals) + (self.under_way is not None) if rules is None or rules.deals is None else rules.deals
        deals = [MatchDeal(deal.number, deal.start, _match_sides(deal.sides), deal.steps) for deal in self.deals]
        under_way = None
        if self.under_way is not None:
            dealt = self.game.match_deal(self.seed, len(self.deals) + 1)
            under_way = MatchDeal(dealt.number, dealt.start, dealt.sides, self.under_way)
        record = self.game.match_record(self.players, self.seed, max(planned, 1), deals, under_way)
        return {**record, "cube_actions": [a.to_json() for a in self.cube_actions]} if self.cube_actions else record

    @classmethod
    def from_record(cls, game: Game[Any, Any, Any], data: Any) -> PlayedGame:
        """A game's record read back (``Game.read_saved_match``, the cube actions replayed by the
        rules; errors name the field)."""
        saved = game.read_saved_match(data)
        deals = []
        for deal in saved.deals:
            sides = _match_sides(deal.sides)
            payoffs = game.payoffs(deal.end)
            deals.append(PlayedDeal(deal.number, deal.start, deal.steps, sides,
                                    (payoffs[sides.index(0)], payoffs[sides.index(1)])))
        raw = data.get("cube_actions") or [] if isinstance(data, dict) else []
        if not isinstance(raw, list):
            raise NotationError("cube_actions", "expected a list of cube actions")
        actions = tuple(CubeAction.from_json(action, f"cube_actions[{index}]") for index, action in enumerate(raw))
        players = saved.players or ("player 0", "player 1")
        under_way = None if saved.under_way is None else saved.under_way.steps
        played = cls(game, (players[0], players[1]), saved.seed or 0, tuple(deals), actions, under_way)
        replay_cube(actions, played.leads)  # the rules: NotationError naming the action they refuse
        return played


def game_of_moves(game: Game[Any, Any, Any], players: tuple[str, str], seed: int, deals: Sequence[Sequence[str]],
                  under_way: Sequence[str] | None, actions: Sequence[Any]) -> PlayedGame:
    """The game of ``seed`` whose deals (``Game.match_deal``'s) were played by ``deals``' moves (each
    a deal's, its draws naming their cards: the board's), the next deal under way by ``under_way``'s
    (None: not dealt), with the cube ``actions`` (records' JSON); NotationError naming the field
    (``deals[1].moves[4]``, ``under_way.moves[0]``, ``cube_actions[2]``) when the rules refuse them."""
    raw = tuple(CubeAction.from_json(action, f"cube_actions[{index}]") for index, action in enumerate(actions))
    played = PlayedGame(game, players, seed)
    for index, moves in enumerate([*deals, *([] if under_way is None else [under_way])]):
        field = f"deals[{index}]" if index < len(deals) else "under_way"
        number = index + 1
        before = replace(played, cube_actions=tuple(a for a in raw if a.before_deal <= number))
        if before.over:
            raise NotationError(field, f"the game is over before deal {number}")
        dealt = game.match_deal(seed, number)
        try:
            steps = tuple(game.replayed(dealt.start, moves))
        except NotationError as error:
            raise NotationError(f"{field}.{error.field}", error.problem) from None
        end = steps[-1].after if steps else dealt.start
        if index == len(deals):
            played = replace(played, under_way=steps)
            break
        if not game.is_over(end):
            raise NotationError(field, f"deal {number} is not over")
        sides = _match_sides(dealt.sides)
        payoffs = game.payoffs(end)
        played = replace(played, deals=(*played.deals, PlayedDeal(number, dealt.start, steps, sides,
                                                                   (payoffs[sides.index(0)], payoffs[sides.index(1)]))))
    played = replace(played, cube_actions=raw)
    replay_cube(raw, played.leads)  # the rules: NotationError naming the action they refuse
    return played


def _match_sides(sides: tuple[int, ...]) -> tuple[int, int]:
    """The other way round of a two-player deal's sides: (the match player of game player 0, of 1)
    from (the game player of match player 0, of 1), and back (a permutation of two is its own inverse)."""
    return sides.index(0), sides.index(1)


def deal_sides(game: Game[Any, Any, Any], seed: int, number: int) -> tuple[int, int]:
    """The match player who plays game player 0 and 1 in deal ``number`` (``Game.match_deal``'s sides)."""
    return _match_sides(game.match_deal(seed, number).sides)


class DealPlayer(Protocol):
    """Plays deal ``number`` from ``start``, the game's player i played by player ``sides[i]``,
    the game around it ``context`` (``PlayedGame.deal_context``; None: a deal measured alone); its
    steps, or None when it stopped (a person quit)."""

    def __call__(self, number: int, start: Any, sides: tuple[int, int],
                 context: Any = None) -> Sequence[PlayedStep[Any]] | None:
        ...


def told_the_game(bot: Any, context: Any) -> None:
    """Tell a bot that plays a deal for the game around it (``play_in``: the solver bot, which
    plays for the game unless its spec says ``play_for=points``) the deal's game context."""
    if hasattr(bot, "play_in"):
        bot.play_in(context)


def plays_for(bot: Any) -> str:
    """What a bot plays each deal of a game for (RULES.md's objectives): a bot told the game
    (``told_the_game``) plays for its ``play_for`` (unset: the game), any other for the points."""
    return (getattr(bot, "play_for", None) or "game") if hasattr(bot, "play_in") else "points"


def bots_deal(game: Game[Any, Any, Any], specs: tuple[str, str], seed: int) -> DealPlayer:
    """A ``DealPlayer`` of two bots (``Game.make_bot``: player 0's spec first), each taking a new
    seed from ``seed`` and the deal's number before it, the draws seeded likewise, and told the
    deal's game context (``told_the_game``: a solver bot plays each deal for the game)."""
    bots = tuple(game.make_bot(spec) for spec in specs)

    def play(number: int, start: Any, sides: tuple[int, int],
             context: Any = None) -> list[PlayedStep[Any]]:
        for player, bot in enumerate(bots):
            bot.new_game(derive(seed, "bot", number, player))
            told_the_game(bot, context)
        rng = random.Random(derive(seed, "draws", number))
        steps: list[PlayedStep[Any]] = []
        position = start
        while not game.is_over(position):
            acting = game.to_act(position)
            assert acting is not None  # the deal goes on
            move = bots[sides[acting]].choose(position, game.legal_moves(position))
            steps.append(game.play(position, move.notation(), rng))
            told_the_step(bots, position, steps[-1])
            position = steps[-1].after
        return steps

    return play


def cube_actions_before(played: PlayedGame, choosers: tuple[CubeChooser, CubeChooser],
                        acted: Callable[[PlayedGame], None] | None = None) -> PlayedGame:
    """The cube actions before the next deal: the leader's double if she may and will, answered;
    then each player's offer to resign (the one behind first), answered; ``acted`` is told of
    the game after each answer. The game as it stands after them (over when a pass or an
    accepted resignation ended it). Those ``played`` already holds before the deal (a game
    resumed) are not asked again: a double made, and each player's offer to resign."""
    number = len(played.deals) + 1
    actions = list(played.cube_actions)
    done = [(action.player, action.action) for action in actions if action.before_deal == number]

    def act(player: int, action: str) -> None:
        actions.append(CubeAction(number, player, action))
        if acted is not None and action not in (DOUBLE, RESIGN):
            acted(replace(played, cube_actions=tuple(actions)))

    def now() -> GameContext:
        return replace(played, cube_actions=tuple(actions)).context(number)

    sides = deal_sides(played.game, played.seed, number)
    for side in (0, 1):
        if now().may_double(side) and not any(action == DOUBLE for _, action in done):
            doubler = sides[side]
            if choosers[doubler].doubles(now(), side):
                taken = choosers[1 - doubler].takes(now(), 1 - side)
                act(doubler, DOUBLE)
                act(1 - doubler, TAKE if taken else PASS)
                if not taken:
                    return replace(played, cube_actions=tuple(actions))
    behind_first = sorted((0, 1), key=lambda side: now().lead_of(side))
    for side in behind_first:
        resigner = sides[side]
        if (resigner, RESIGN) not in done and choosers[resigner].resigns(now(), side):
            accepted = choosers[1 - resigner].accepts(now(), 1 - side)
            act(resigner, RESIGN)
            act(1 - resigner, ACCEPT if accepted else REFUSE)
            if accepted:
                break
    return replace(played, cube_actions=tuple(actions))


def play_game(game: Game[Any, Any, Any], players: tuple[str, str], seed: int, play_deal: DealPlayer,
              cube: tuple[CubeChooser, CubeChooser] | None = None, played: PlayedGame | None = None,
              after_deal: Callable[[PlayedGame], None] | None = None) -> PlayedGame:
    """Play a game of ``game`` (``Game.whole_game_format``; ValueError for a game with none) from
    ``seed`` to its end, or until ``play_deal`` stops: the cube actions by ``cube`` (None: no
    cube; a game without one plays none), each deal by ``play_deal``; ``after_deal`` is told of
    the game after each deal and each answered cube action. ``played``: a game so far, to go
    on with (its deal under way, ``played.under_way``, is dealt with no cube actions before it:
    ``play_deal`` goes on from those steps)."""
    rules = game.whole_game_format()
    if rules is None:
        raise ValueError(f"{game.name} has no game of two players around its deals (sce2, classic/2)")
    played = played or PlayedGame(game, players, seed)
    while not played.over:
        if cube is not None and rules.cube and played.under_way is None:
            played = cube_actions_before(played, cube, after_deal)
            if played.over:
                break
        number = len(played.deals) + 1
        dealt = game.match_deal(seed, number)
        start, sides = dealt.start, _match_sides(dealt.sides)
        steps = play_deal(number, start, sides, played.deal_context(number, sides))
        if steps is None:
            break
        end = steps[-1].after if steps else start
        payoffs = game.payoffs(end)
        deal = PlayedDeal(number, start, tuple(steps), sides, (payoffs[sides.index(0)], payoffs[sides.index(1)]))
        played = replace(played, deals=(*played.deals, deal), under_way=None)
        if after_deal is not None:
            after_deal(played)
    return played
