"""Issue #32, item 1: /v1/bot-move plays a game of the family: the family's bots (random,
heuristic, solver, fair) from their specs, searches through the service, against a person the
fair bot by default, blind to the other seats' hidden hands, and (play) /v1/apply's answer."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.answers.service import EXTENSION
from eights.api.bot import routes as bot_routes
from eights.games import find_game
from eights.games.game import Game
from eights.play.family import make_family_bot
from eights.play.versus import DEFAULT_PERSON_BOT
from eights.solver.errors import SolverError

URL = "/v1/bot-move"
CLASSIC = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5S turn:0 stock:..A."  # seat 0 may play KS or 5H
CLASSIC_SWAPPED = "rules:classic/4 0:K.5.. 1:Q..9. 2:.8..3 3:.J..7 up:5S turn:0 stock:..A."  # 3C and QS swapped
SEARCHED = CLASSIC.replace("rules:classic/4", "rules:classic/4,must_play=yes")  # as the bots search it (issue #39)
LAYOUT = ("rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
          "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73")
LAYOUT_SWAPPED = LAYOUT.replace("3:.9..A982 4:K.K8.7.Q", "3:K.9..A98 4:.K8.7.Q2")  # 2C and KS swapped


def bot_move(client: FlaskClient, **body: Any) -> Any:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_solver_bot_plays_the_hints_best_move_with_every_seats_value(client: FlaskClient) -> None:
    answer = bot_move(client, position=CLASSIC, bot="solver:depth=3")
    hint = client.post("/v1/hint", json={"position": SEARCHED, "depth": 3, "evaluation": "trained"}).get_json()
    assert (answer["bot"], answer["move"], answer["player"]) == ("solver:depth=3", hint["best"], 0)
    assert answer["value"] == hint["value"] and answer["values"] == hint["values"] and len(answer["values"]) == 4
    assert answer["played"] is None


def test_the_solver_bot_searches_through_the_service_cache(client: FlaskClient) -> None:
    client.post("/v1/hint", json={"position": SEARCHED, "depth": 3, "evaluation": "trained"})
    stats = client.get("/v1/stats").get_json()["solves"]
    bot_move(client, position=CLASSIC, bot="solver:depth=3")
    assert client.get("/v1/stats").get_json()["solves"] == stats  # the hint's search, from the cache


def test_the_paranoid_solver_bot_names_its_mode(client: FlaskClient) -> None:
    answer = bot_move(client, position=CLASSIC, bot="solver:depth=2,mode=paranoid")
    assert answer["bot"] == "solver:depth=2,mode=paranoid" and answer["values"] is None


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_a_bot_that_does_not_search_plays_a_legal_move_and_gives_no_value(client: FlaskClient, spec: str) -> None:
    answer = bot_move(client, position=LAYOUT, bot=spec, seed=3)
    assert answer["move"] in ("play 6S on 6H", "play 6S on 6C") and answer["value"] is None and answer["values"] is None
    assert answer["move_json"]["pile"] in ("6H", "6C")


def test_the_random_bot_follows_its_seed(client: FlaskClient) -> None:
    moves = {bot_move(client, position=LAYOUT, bot="random", seed=seed)["move"] for seed in range(10)}
    assert moves == {"play 6S on 6H", "play 6S on 6C"}
    assert bot_move(client, position=LAYOUT, bot="random", seed=4) == bot_move(client, position=LAYOUT, bot="random",
                                                                                seed=4)


def test_the_fair_bot_gives_its_moves_mean_over_the_samples_as_the_fair_hint(client: FlaskClient) -> None:
    answer = bot_move(client, position=CLASSIC, bot="fair:depth=2,samples=6", seed=9)
    fair = client.post("/v1/fair-hint", json={"position": CLASSIC, "depth": 2, "samples": 6, "seed": 9, "evaluation": "trained"}).get_json()
    assert (answer["move"], answer["value"], answer["values"]) == (fair["best"], fair["value"], fair["values"])


def test_against_a_person_the_bot_is_the_fair_one_by_default(client: FlaskClient) -> None:
    answer = bot_move(client, position=LAYOUT, against="person", seed=5)
    assert answer["bot"] == make_family_bot(DEFAULT_PERSON_BOT).spec == "fair:time=100,samples=50"
    assert answer["player"] == 1 and len(answer["values"]) == 6


@pytest.mark.parametrize("positions", [(CLASSIC, CLASSIC_SWAPPED), (LAYOUT, LAYOUT_SWAPPED)])
def test_the_other_seats_hidden_hands_do_not_change_the_fair_bots_move(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch, positions: tuple[str, str]) -> None:
    searched: list[list[Any]] = []
    sampling = Game.samples

    def samples(*args: Any) -> Any:
        searched.append(sampling(*args))
        return searched[-1]

    monkeypatch.setattr(Game, "samples", samples)
    by_depth = [bot_move(client, position=position, bot="fair:depth=2,samples=8", seed=5) for position in positions]
    assert by_depth[0] == by_depth[1]
    # The default bot, by time: what it searches (the samples of its view) is the same, whatever depth it reaches.
    for position in positions:
        bot_move(client, position=position, against="person", seed=5)
    assert searched[2] == searched[3] and searched[0] == searched[1] and len(searched[2]) == 50


def test_a_bot_move_is_played_when_asked_as_apply_plays_it(client: FlaskClient) -> None:
    answer = bot_move(client, position=CLASSIC, bot="solver:depth=2", play=True, seed=4)
    applied = client.post("/v1/apply", json={"position": CLASSIC, "moves": [answer["move"]], "seed": 4}).get_json()
    assert answer["played"] == applied


def test_a_played_bot_move_answers_the_hints_asked_for_the_seat_to_act_next(client: FlaskClient) -> None:
    answer = bot_move(client, position=CLASSIC, bot="heuristic", play=True, seed=4,
                      hint={"players": [1, 2, 3], "depth": 2}, fair_hint={"players": [2], "depth": 1, "samples": 2})
    played = answer["played"]
    hint = client.post("/v1/hint", json={"position": played["position"], "depth": 2}).get_json()
    assert played["turn"] == "1" and played["fair_hint"] is None
    assert played["hint"] == {**hint, "time_ms": played["hint"]["time_ms"], "cached": played["hint"]["cached"]}


def test_an_only_move_is_played_unsearched(client: FlaskClient) -> None:
    position = "rules:classic/2 0:7... 1:..K. turn:1 up:7C stock:...2"  # seat 1 cannot follow: draw
    answer = bot_move(client, position=position, bot="solver:depth=3")
    assert answer["move"] == "draw" and answer["value"] is None


def test_a_search_that_outlasts_its_time_plays_the_heuristics_move(client: FlaskClient,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def overrun(*args: Any) -> Any:
        raise SolverError("time_ms", "one action deep outlasts the time")

    monkeypatch.setattr(bot_routes, "solver_move", overrun)
    answer = bot_move(client, position=CLASSIC, bot="solver:time=10")
    assert answer["move"] in ("play 5H", "play KS") and answer["value"] is None


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"position": CLASSIC, "bot": "solver:depth=2,hold8=2"}, "bot", "invalid-notation"),
    ({"position": CLASSIC, "bot": "fair:time=100,schedule=sometimes"}, "bot", "invalid-notation"),
    ({"position": CLASSIC, "bot": "mcts"}, "bot", "invalid-notation"),
    ({"position": CLASSIC, "bot": "solver:time=999999"}, "bot", "limit-exceeded"),
    ({"position": CLASSIC, "bot": "fair:depth=2,samples=9999"}, "bot", "limit-exceeded"),
    ({"position": CLASSIC, "bot": "rollout:time=999999"}, "bot", "limit-exceeded"),
    ({"position": CLASSIC, "bot": "rollout:games=1000000,samples=9999"}, "bot", "limit-exceeded"),
    ({"position": CLASSIC, "rules": "layout/6", "bot": "random"}, "rules", "invalid-notation"),
    ({"position": CLASSIC, "rules": "classic/4,draw=sometimes", "bot": "random"}, "rules.draw", "invalid-notation"),
    ({"position": "rules:classic/2 0:... 1:...K turn:1 up:7C stock:...2", "bot": "random"}, "position", "deal-over"),
    ({"position": "rules:classic/2 0:7... 1:..K. turn:1 up:7C owed:1 stock:...2", "bot": "random"}, "position",
     "invalid-notation"),
])
def test_bad_requests_name_the_field(client: FlaskClient, body: dict[str, Any], field: str, code: str) -> None:
    response = client.post(URL, json=body)
    answer = response.get_json()
    assert response.status_code in (400, 422) and (answer["field"], answer["code"]) == (field, code), answer


def test_a_rollout_bot_asked_by_games_alone_stops_at_the_services_time(client: FlaskClient,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """EIGHTS_MAX_TIME_MS holds a rollout bot's playouts as it holds a search: ``rollout:games=N``
    plays out for at most the cap, however large N (the core's rounds stop at the time)."""
    from eights.play.family import rollout_bot

    asked: list[float | None] = []
    mean_payoffs = rollout_bot.FamilyRolloutBot.mean_payoffs

    def spied(bot: Any, position: Any, time_ms: float | None = None) -> Any:
        asked.append(bot.move_time_ms() if time_ms is None else time_ms)
        return mean_payoffs(bot, position, time_ms)

    monkeypatch.setattr(rollout_bot.FamilyRolloutBot, "mean_payoffs", spied)
    answer = bot_move(client, position=CLASSIC, bot="rollout:games=1000")
    assert answer["move"] in ("play 5H", "draw", "play KH", "play 5S") and asked
    cap = client.application.extensions[EXTENSION].settings.max_time_ms  # the service's cap, as every bot's
    assert all(time_ms is not None and time_ms <= cap for time_ms in asked)


def spy_on(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[Any, dict[int, tuple[float, ...]]]]:
    """Each call of the rollout bot's ``name`` (``mean_payoffs`` or ``view_means``): the position
    and the means it gave."""
    from eights.play.family.rollout_bot import FamilyRolloutBot

    calls: list[tuple[Any, dict[int, tuple[float, ...]]]] = []
    means_of = getattr(FamilyRolloutBot, name)

    def spied(bot: Any, position: Any, *args: Any) -> Any:
        calls.append((position, means_of(bot, position, *args)))
        return calls[-1][1]

    monkeypatch.setattr(FamilyRolloutBot, name, spied)
    return calls


def chosen_means(answer: dict[str, Any], position: Any, means: dict[int, tuple[float, ...]]) -> tuple[float, ...]:
    """The means of the move ``answer`` names, checked to be the best for the seat to act."""
    from eights.engine.family import FamilyMove
    from eights.solver.family_convert import move_code

    chosen = means[move_code(position, FamilyMove.from_notation(answer["move"]))]
    assert chosen[answer["player"]] == max(values[answer["player"]] for values in means.values())
    return chosen


def test_the_rollout_bot_gives_its_moves_mean_payoff_over_its_playouts(client: FlaskClient,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollout bot's value is the chosen move's mean payoff for the seat to act over its
    playouts (``rollout:games=N``), every seat's in ``values``, from the one rollout it chose by."""
    calls = spy_on(monkeypatch, "mean_payoffs")
    answer = bot_move(client, position=CLASSIC, bot="rollout:games=64", seed=3)
    assert len(calls) == 1 and (answer["bot"], answer["player"], answer["depth"]) == ("rollout:games=64", 0, None)
    chosen = chosen_means(answer, *calls[0])
    assert answer["value"] == round(chosen[0], 6) and answer["values"] == [round(mean, 6) for mean in chosen]


def test_the_rollout_bot_from_a_view_gives_its_moves_mean_over_the_samples(client: FlaskClient,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """From the view of the seat to act (``samples=``), the value is the chosen move's mean over
    every sample's playouts, each sample played out once."""
    game = find_game("classic/4")
    view = game.notation(game.own_view(game.read_position(CLASSIC)))
    samples, means = spy_on(monkeypatch, "mean_payoffs"), spy_on(monkeypatch, "view_means")
    answer = bot_move(client, position=view, bot="rollout:time=50,samples=4", seed=3)
    assert len(means) == 1 and len(samples) == 4 and answer["bot"] == "rollout:time=50,samples=4"
    chosen = chosen_means(answer, *means[0])
    assert answer["value"] == round(chosen[0], 6) and answer["values"] == [round(mean, 6) for mean in chosen]
    assert answer["depth"] is None and answer["value"] == answer["values"][0]
