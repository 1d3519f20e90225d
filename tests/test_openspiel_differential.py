"""Issue #29: the ``openspiel`` preset against OpenSpiel's own ``crazy_eights`` (pyspiel 2.0.2),
move for move: from the same deal and the same chance outcomes, the same player to act, the
same legal actions (an 8's suits too), the same chance outcomes and probabilities at every
step, and the same returns at the end. Zero differences are demanded. The large run is
``python -m eights.bench.openspiel_differential`` (its table is in docs/family.md)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is in the test extra")

from eights.bench.openspiel_differential import CONFIGS, Config, playout  # noqa: E402
from eights.engine.cards import parse_card  # noqa: E402
from eights.engine.family import FamilyMove, deal, legal_moves, parse_rules  # noqa: E402
from eights.engine.family.ruleset import PlayerCountError  # noqa: E402
from eights.engine.openspiel import (  # noqa: E402
    OpenSpielError,
    card_action,
    card_of_action,
    legal_actions,
    move_actions,
    move_of_actions,
    position_from_history,
    position_from_state,
    rules_of,
)

PLAYOUTS_PER_CONFIG = 6  # 48 configurations and 5 more: 318 playouts, a few seconds
# beyond the bench's: the preset's 8 players, a draw limit of 1, few card plays (an 8 ending the game)
MORE = (Config(8, True, True, 2), Config(8, False, False, 1), Config(2, True, False, 5, max_turns=5),
        Config(3, False, True, 1, max_turns=12), Config(4, True, True, 3, max_turns=30))


@pytest.mark.parametrize("config", CONFIGS + MORE, ids=lambda c: c.label().replace(", ", "-").replace(" ", ""))
def test_pyspiel_and_the_openspiel_preset_agree_on_every_step(config: Config) -> None:
    game = pyspiel.load_game("crazy_eights", config.parameters())
    rng = random.Random((CONFIGS + MORE).index(config))
    steps = 0
    for _ in range(PLAYOUTS_PER_CONFIG):
        taken, difference = playout(game, rng)
        assert difference is None, difference
        steps += taken
    assert steps > PLAYOUTS_PER_CONFIG * min(20, config.max_turns)


def test_card_ids_are_pyspiels_rank_times_four_plus_suit() -> None:
    assert [card_action(parse_card(name)) for name in ("2C", "2S", "9S", "TC", "AS")] == [0, 3, 31, 32, 51]
    assert sorted(card_action(card) for card in range(52)) == list(range(52))
    assert all(card_of_action(card_action(card)) == card for card in range(52))


def test_a_move_is_one_or_two_pyspiel_actions_and_back() -> None:
    for text, actions in (("draw", (52,)), ("pass", (53,)), ("play 7C", (20,)), ("play 8S/H", (27, 56)),
                          ("play 8S", (27,))):
        move = FamilyMove.from_notation(text)
        assert move_actions(move) == actions
        assert move_of_actions(actions) == move
    with pytest.raises(OpenSpielError, match="actions"):
        move_of_actions([27, 52])


def test_the_parameters_read_as_the_ruleset_with_pyspiels_defaults() -> None:
    game = pyspiel.load_game("crazy_eights")
    assert rules_of(game.get_parameters()) == parse_rules("openspiel/5")
    assert rules_of({"players": 6, "reshuffle": True}).name == "openspiel/6,reshuffle=yes"
    with pytest.raises(PlayerCountError, match="rules.players: .*2 to 8.*not 9.*15"):
        rules_of({"players": 9})
    with pytest.raises(OpenSpielError, match="parameters"):
        rules_of({"players": 3, "jokers": True})


@pytest.mark.parametrize("players", [2, 5, 6])
def test_a_dealt_state_reads_as_pyspiels_hands_and_upcard(players: int) -> None:
    """The hands against pyspiel's observation tensor (one-hot copies of each card held),
    the upcard and its suit against the tensor's next two blocks."""
    game = pyspiel.load_game("crazy_eights", {"players": players})
    rng = random.Random(players)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    position = position_from_state(state)
    decks = position.rules.decks
    for seat in range(players):
        tensor = state.observation_tensor(seat)
        held = [next(k for k in range(decks + 1) if tensor[card * (decks + 1) + k]) for card in range(52)]
        assert held == [position.hands[seat].count(card_of_action(card)) for card in range(52)]
    tensor = state.observation_tensor(0)
    base = (decks + 1) * 52
    assert position.upcard is not None
    assert tensor[base + card_action(position.upcard)] == 1
    assert position.turn == state.current_player()
    assert legal_actions(position) == sorted(state.legal_actions())


def test_a_history_stopping_between_an_eight_and_its_suit_is_refused() -> None:
    rules = rules_of({"players": 2})
    dealt = [52, 24] + list(range(1, 14)) + [20]  # seat 1 holds 8C, the upcard is 7C
    position = position_from_history(rules, dealt)
    assert FamilyMove.from_notation("play 8C/D") in set(legal_moves(position))
    with pytest.raises(OpenSpielError, match="history: it stops between an 8 and the suit"):
        position_from_history(rules, [*dealt, 24])
    with pytest.raises(OpenSpielError, match="history: the deal is not finished"):
        position_from_history(rules, dealt[:10])


def test_the_presets_seeded_deal_never_turns_up_an_eight() -> None:
    rules = parse_rules("openspiel/4")
    assert all(deal(rules, seed).upcard % 13 != 7 for seed in range(300))


def test_the_example_of_docs_family_reads_a_pyspiel_state_and_lists_its_moves(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "family.md").read_text(encoding="utf-8")
    start = page.index("    import pyspiel\n")
    block = page[start:page.index("\n\n", page.index("game = pyspiel", start))]
    exec("\n".join(line[4:] for line in block.splitlines()), {})  # noqa: S102 - the page's own example
    moves, actions = capsys.readouterr().out.splitlines()
    assert moves.startswith("[") and "'draw'" in moves and "(52,)" in actions
