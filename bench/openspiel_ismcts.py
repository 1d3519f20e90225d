"""``crazy_eights`` with an information state, so that information-set MCTS can play it: a
small Python game, registered with pyspiel as ``python_crazy_eights_infostate``, whose states
hold a ``crazy_eights`` state and pass every call to it, and add what ``crazy_eights`` lacks:

- ``information_state_string(player)``: the player's own cards dealt and drawn and the public
  actions in order, another seat's cards as ``?`` (``SeatRecord.information_state``);
- ``resample_from_infostate(player, sampler)``: a state with that information state, the
  hidden cards dealt at random as the public history allows (a card another seat played was
  in one of its hidden cards before, an 8 turned up at the deal only in a draw after it went
  back), replayed in pyspiel (``SeatRecord.resampled_history``).

The player is OpenSpiel's Python ``ismcts.ISMCTSBot``: pyspiel's C++ ``ISMCTSBot`` accepts a
Python game, but pyspiel's bridge for Python states (``PyState``) does not pass
``ResampleFromInfostate`` on to Python, and the C++ bot's first search crashes the process
(a segmentation fault, open-spiel 2.0.2); the Python bot calls the Python method.

    >>> import pyspiel
    >>> game = pyspiel.load_game(GAME_NAME, {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.apply_action(52)               # dealer 0
    >>> for card in range(4):
    ...     state.apply_action(card)         # seat 1 is dealt 2C and 2H, seat 0 the others
    >>> state.information_state_string(1)
    'seat 1: 52 0 ? 2 ?'
"""

from __future__ import annotations

import random
import time
from typing import Any

from eights.extras import require

require("eights.bench.openspiel_ismcts", "test", "pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from eights.bench.openspiel_clock import Clock
from eights.engine.openspiel_seat import SeatRecord

GAME_NAME = "python_crazy_eights_infostate"
INNER = "crazy_eights"
PROBE = 8  # ISMCTSBot's simulations that measure its speed on a position
MAX_SCALE = 8.0  # the most a search's rate is taken to differ from its probe's


class InfostateGame(pyspiel.Game):
    """``crazy_eights`` (the same parameters) whose states have information states."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.inner = pyspiel.load_game(INNER, dict(params or {}))
        info = pyspiel.GameInfo(num_distinct_actions=self.inner.num_distinct_actions(),
                                max_chance_outcomes=self.inner.max_chance_outcomes(),
                                num_players=self.inner.num_players(), min_utility=self.inner.min_utility(),
                                max_utility=self.inner.max_utility(),
                                max_game_length=self.inner.max_game_length())
        super().__init__(_game_type(), info, dict(params or {}))

    def new_initial_state(self) -> InfostateState:
        """A game's first state (the chance node choosing the dealer)."""
        return InfostateState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        """The information state with perfect recall, else ``crazy_eights``' observation."""
        return SeatObserver(iig_obs_type is None or iig_obs_type.perfect_recall)


class InfostateState(pyspiel.State):
    """A ``crazy_eights`` state (``inner``), every call passed to it, with information states."""

    def __init__(self, game: InfostateGame) -> None:
        super().__init__(game)
        self.inner = game.inner.new_initial_state()

    def current_player(self) -> int:
        return self.inner.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)

    def resample_from_infostate(self, player: int, sampler: Any) -> InfostateState:
        """A state ``player`` cannot tell from this one, the hidden cards at random
        (``sampler()`` a uniform number in [0, 1) seeds the draw), replayed from the start."""
        rng = random.Random(int(sampler() * 2**53))
        state = self.get_game().new_initial_state()
        for action in SeatRecord.of(self.inner, player).resampled_history(rng):
            state.apply_action(action)
        return state


class SeatObserver:
    """Strings of a state from a seat's view (pyspiel's ``PyObserver`` protocol): the
    information state (``SeatRecord.information_state``) or ``crazy_eights``' observation."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: InfostateState, player: int) -> None:
        """No tensors."""

    def string_from(self, state: InfostateState, player: int) -> str:
        """The seat's string of ``state``."""
        if self.perfect_recall:
            return SeatRecord.of(state.inner, player).information_state()
        return state.inner.observation_string(player)


def _game_type() -> pyspiel.GameType:
    inner = pyspiel.load_game(INNER).get_type()
    return pyspiel.GameType(
        short_name=GAME_NAME, long_name="crazy_eights with information states (eights' wrapper)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=inner.chance_mode,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION, utility=inner.utility,
        reward_model=inner.reward_model, max_num_players=inner.max_num_players,
        min_num_players=inner.min_num_players, provides_information_state_string=True,
        provides_information_state_tensor=False, provides_observation_string=True,
        provides_observation_tensor=False, parameter_specification=inner.parameter_specification)


class InnerRollouts:
    """Random rollouts (MCTSBot's evaluator's: every action uniform, chance by its odds; one a
    leaf) played on a wrapper state's ``crazy_eights`` state, pyspiel's C++ state stepped from
    Python without the wrapper's calls back into Python (pyspiel's C++ evaluator does not
    expose ``evaluate`` to Python, and OpenSpiel's Python one draws by NumPy, slower)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: InfostateState) -> list[float]:
        """The returns of a random rollout from ``state``."""
        rollout = state.inner.clone()
        while not rollout.is_terminal():
            if rollout.is_chance_node():
                actions, odds = zip(*rollout.chance_outcomes())
                rollout.apply_action(self.rng.choices(actions, odds)[0])
            else:
                rollout.apply_action(self.rng.choice(rollout.legal_actions()))
        return rollout.returns()

    def prior(self, state: InfostateState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (as MCTSBot's evaluator's)."""
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def wrap(state: Any) -> InfostateState:
    """The wrapper game's state with ``state``'s history (a ``crazy_eights`` state)."""
    game = pyspiel.load_game(GAME_NAME, state.get_game().get_parameters())
    wrapped = game.new_initial_state()
    for action in state.history():
        wrapped.apply_action(action)
    return wrapped


class IsmctsPlayer:
    """OpenSpiel's Python ``ISMCTSBot`` (random rollouts, a fresh world each simulation) on the
    wrapper game, given ``time_ms`` a decision by simulations (it has no clock of its own):
    each decision first times ``PROBE`` simulations on the position, then searches
    ``rate x (time left) x scale`` more, where ``scale``, learnt over the game's decisions, is
    how much faster a whole search runs than its probe (which bears the bot's setup); the
    probe's action if it took the time."""

    def __init__(self, game: Any, time_ms: float, seed: int, uct_c: float) -> None:
        self.game = pyspiel.load_game(GAME_NAME, game.get_parameters())
        self.time_ms, self.uct_c = time_ms, uct_c
        self.rng = random.Random(seed)
        self.clock = Clock()
        self.scale = 1.0

    def _bot(self, simulations: int) -> ismcts.ISMCTSBot:
        seed = self.rng.getrandbits(31)
        return ismcts.ISMCTSBot(self.game, InnerRollouts(seed), self.uct_c, simulations,
                                random_state=np.random.RandomState(seed))

    def act(self, state: Any) -> None:
        """Search ``state`` (``crazy_eights``') as an information set; apply the action chosen."""
        start = time.perf_counter()
        wrapped = wrap(state)
        action = self._bot(PROBE).step(wrapped)
        spent = time.perf_counter() - start
        left = self.time_ms / 1000 - spent
        simulations = max(PROBE, round(PROBE / spent * left * self.scale)) if left > 0 else 0
        if simulations:
            searching = time.perf_counter()
            action = self._bot(simulations).step(wrapped)
            self.scale = min(MAX_SCALE, max(1 / MAX_SCALE, self.scale * left / (time.perf_counter() - searching)))
        self.clock.count(time.perf_counter() - start, PROBE + simulations)
        state.apply_action(action)


pyspiel.register_game(_game_type(), InfostateGame)
