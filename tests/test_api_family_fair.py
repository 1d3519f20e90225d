"""Issue #32, item 1 (fair hints, item 4): /v1/fair-hint in a game of the family samples the
hidden hands of every other player (and the stock, and the layout game's cards out of play)
from the view of the player to act; per move, her mean value over the samples, how separated
the best move is, and every seat's mean."""

from __future__ import annotations

import statistics
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.api.fair import hinting
from eights.engine.family.notation import compact_family, parse_family
from eights.engine.family.view import FamilyView

URL = "/v1/fair-hint"
CLASSIC = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
CLASSIC_SWAPPED = "rules:classic/4 0:K.5.. 1:Q..9. 2:.8..3 3:.J..7 up:5C turn:0 stock:..A."  # 3C and QS swapped
LAYOUT = ("rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
          "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73")
LAYOUT_SWAPPED = LAYOUT.replace("0:T3.T.Q.J", "0:T9.T.Q.J").replace("out:9875", "out:3875")  # 3S in, 9S out


def untimed(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer without its time, which varies from one call to the next."""
    return {key: value for key, value in answer.items() if key != "time_ms"}


def fair_hint(client: FlaskClient, **body: Any) -> Any:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_each_move_gets_its_mean_for_the_player_to_act_and_every_seats(client: FlaskClient) -> None:
    answer = fair_hint(client, position=CLASSIC, samples=6, depth=2, seed=4)
    assert (answer["rules"], answer["objective"], answer["player"], answer["samples"]) == ("classic/4", "maxn", 0, 6)
    assert answer["complete"] is True and answer["depth"] == 2 and answer["depths"] == {"min": 2, "max": 2}
    assert [move["move"] for move in answer["moves"]] == [answer["best"], *[m["move"] for m in answer["moves"][1:]]]
    assert {move["move"] for move in answer["moves"]} == {"play 5H", "draw"}
    best, other = answer["moves"]
    assert best["mean"] == answer["value"] >= other["mean"] and best["difference"] is None
    assert other["separated"] == (other["difference"]["ci95"][0] > 0)
    assert best["values"] == answer["values"] and len(best["values"]) == 4 and best["values"][0] == best["mean"]


def test_the_means_are_over_the_samples_of_the_view_each_searched_as_hint_searches_it(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[Any] = []
    searching = hinting.each_alone

    def each_alone(service: Any, deals: list[Any], options: Any) -> Any:
        searched.extend(deals)
        return searching(service, deals, options)

    monkeypatch.setattr(hinting, "each_alone", each_alone)
    answer = fair_hint(client, position=CLASSIC, samples=3, depth=2, seed=4)
    view = FamilyView.of(parse_family(CLASSIC))
    assert len(searched) == 3 and all(FamilyView.of(deal) == view for deal in searched)
    hints = [client.post("/v1/hint", json={"position": compact_family(deal), "depth": 2}).get_json() for deal in searched]
    means = {move["move"]: statistics.fmean(next(m["value"] for m in hint["moves"] if m["move"] == move["move"])
                                            for hint in hints) for move in answer["moves"]}
    assert {move["move"]: move["mean"] for move in answer["moves"]} == pytest.approx(means, abs=1e-6)


@pytest.mark.parametrize("positions", [(CLASSIC, CLASSIC_SWAPPED), (LAYOUT, LAYOUT_SWAPPED)])
def test_the_hidden_cards_do_not_change_the_hint(client: FlaskClient, positions: tuple[str, str]) -> None:
    answers = [fair_hint(client, position=position, samples=5, depth=2, seed=2) for position in positions]
    assert untimed(answers[0]) == untimed(answers[1])


def test_a_layout_hint_is_for_the_player_to_act_with_six_seats_means(client: FlaskClient) -> None:
    answer = fair_hint(client, position=LAYOUT, samples=4, time_ms=60)
    assert answer["player"] == 1 and len(answer["values"]) == 6 and answer["samples"] == 4
    assert {move["move"] for move in answer["moves"]} == {"play 6S on 6H", "play 6S on 6C"}


def test_by_time_the_samples_are_deepened_together_to_one_depth(client: FlaskClient) -> None:
    answer = fair_hint(client, position=CLASSIC, samples=4, time_ms=80)
    assert answer["depths"]["min"] == answer["depths"]["max"] == answer["depth"] >= 1 and answer["complete"] is True


def test_the_rules_field_reads_a_position_without_its_rules_word(client: FlaskClient) -> None:
    bare = CLASSIC.removeprefix("rules:classic/4 ")
    assert untimed(fair_hint(client, position=bare, rules="classic/4", depth=1, samples=2)) \
        == untimed(fair_hint(client, position=CLASSIC, depth=1, samples=2))


@pytest.mark.parametrize(("body", "field"), [
    ({"position": CLASSIC, "rules": "layout/6"}, "rules"),
    ({"position": CLASSIC, "rules": "classic/4,eights=maybe"}, "rules.eights"),
    ({"position": CLASSIC, "evaluation": "neural", "depth": 1}, "evaluation"),
    ({"position": CLASSIC, "samples": 100000}, "samples"),
    ({"position": "rules:classic/2 0:... 1:...K turn:1 up:7C stock:...2"}, "position"),
    ({"position": "rules:classic/2 0:7... 1:..K. turn:1 up:7C owed:1 stock:...2"}, "position"),
])
def test_bad_requests_name_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    response = client.post(URL, json=body)
    answer = response.get_json()
    assert response.status_code in (400, 422) and answer["field"] == field, answer
