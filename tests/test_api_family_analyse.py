"""POST /v1/analyse of a family deal record (``rules``): whole classic/4 and layout/6 deals
analysed end to end (each decision against the solver's best move for its mover, per player
her decisions, mistakes and loss, every seat's value after each step), the errors naming the
field, the time budget shared as sce2's, and an analyse job answering as the endpoint."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.answers.analyse.analysis import SHARED_FLOOR_MS, SHARED_PART
from eights.answers.analyse.schemas import FAMILY_EXAMPLES
from eights.engine.family import FamilyDealRecord, apply_move, deal, parse_family, parse_rules, record_events
from eights.play.family import make_family_bot
from eights.play.family.seats import play_deal
from eights.solver.family_native import solve
from tests.test_api_jobs import CLUSTER_START_S, finished

URL = "/v1/analyse"


def whole_deal(rules: str, seed: int, bot: str = "heuristic") -> dict[str, Any]:
    """The record of a whole deal of ``rules``, dealt from ``seed`` and played by ``bot`` in every seat."""
    start = deal(parse_rules(rules), seed, dealer=seed % parse_rules(rules).players)
    return play_deal(start, [make_family_bot(bot)] * start.rules.players, seed).to_json()


def analysed(client: FlaskClient, record: dict[str, Any], **options: Any) -> dict[str, Any]:
    response = client.post(URL, json={**record, **options})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def check_whole_deal(record: dict[str, Any], answer: dict[str, Any]) -> None:
    """Every step's move, mover and values; the accounts per player; the graph per seat."""
    replayed = FamilyDealRecord.from_json(record)
    players = replayed.start.rules.players
    moves = [(index, event.split()[0] if event.startswith("draw") else event)  # the analysis names a draw, its cards apart
             for index, event in enumerate(record["moves"]) if not event.startswith("card ")]
    steps = answer["steps"]
    assert (answer["game"], answer["rules"], answer["player_names"]) == (record["rules"], record["rules"],
                                                                         [str(seat) for seat in range(players)])
    assert [(step["step"], step["played"]) for step in steps] == moves
    for step in steps:
        position = parse_family(step["position"])
        assert step["to_act"] == position.turn and len(step["values"]) == len(step["after"]) == players
        assert step["loss"] == pytest.approx(step["best_value"] - step["played_value"], abs=1e-5)
        assert step["loss"] >= -1e-6 and step["mistake"] == (step["loss"] > 1e-9)  # max-n: the best is the mover's most
        assert step["values"][step["to_act"]] == step["best_value"]
        assert step["played_values"][step["to_act"]] == step["played_value"]
    assert [step["after"] for step in steps[:-1]] == [step["values"] for step in steps[1:]]
    summary = answer["summary"]
    assert summary["over"] and summary["payoffs"] == record["result"]
    assert steps[-1]["after"] == summary["result"] == [float(Fraction(paid)) for paid in record["result"]]
    assert summary["start"] == steps[0]["values"]
    for seat, account in enumerate(summary["players"]):
        own = [step for step in steps if step["to_act"] == seat]
        assert account["player"] == seat and account["decisions"] == sum(step["choices"] > 1 for step in own)
        assert account["mistakes"] == sum(step["mistake"] for step in own)
        assert account["loss"] == pytest.approx(sum(step["loss"] for step in own), abs=1e-5)
    graph = answer["graph"]
    assert len(graph) == players and all(len(line) == len(steps) + 1 for line in graph)
    assert [line[0] for line in graph] == summary["start"]
    assert [[line[i + 1] for line in graph] for i in range(len(steps))] == [step["after"] for step in steps]


def test_a_whole_classic4_deal_is_analysed_end_to_end(client: FlaskClient) -> None:
    record = whole_deal("classic/4", 3)
    check_whole_deal(record, analysed(client, record, depth=2))


def test_a_whole_layout6_deal_is_analysed_end_to_end(client: FlaskClient) -> None:
    record = whole_deal("layout/6", 4, bot="random")
    check_whole_deal(record, analysed(client, record, depth=3))


def test_a_deal_under_way_ends_at_its_last_positions_value(client: FlaskClient) -> None:
    record = whole_deal("classic/4", 3)
    record = {**record, "moves": record["moves"][:5], "end": None, "result": None}
    answer = analysed(client, record, depth=2)
    assert not answer["summary"]["over"] and answer["summary"]["payoffs"] is None
    assert answer["steps"][-1]["after"] == answer["summary"]["result"] == [line[-1] for line in answer["graph"]]


def test_a_move_worse_than_the_best_is_a_mistake_of_its_mover(client: FlaskClient) -> None:
    start = parse_family(FAMILY_EXAMPLES["classic/4"]["position"])
    ranked = solve(start, depth=2).moves
    worst = ranked[-1]
    assert ranked[0].value > worst.value
    record = record_events(start, [worst.move.notation()]).to_json()
    answer = analysed(client, record, depth=2)
    step = answer["steps"][0]
    assert (step["played"], step["best"], step["to_act"]) == (worst.move.notation(), ranked[0].move.notation(), 0)
    assert step["mistake"] and step["loss"] == pytest.approx(ranked[0].value - worst.value, abs=1e-5)
    assert answer["summary"]["mistakes"] == [step]
    assert answer["summary"]["players"][0]["mistakes"] == 1 and answer["summary"]["players"][1]["mistakes"] == 0
    assert apply_move(start, worst.move) == parse_family(answer["summary"]["final"])


def test_a_draws_luck_is_the_value_after_it_minus_its_expectation(client: FlaskClient) -> None:
    answer = analysed(client, FAMILY_EXAMPLES["classic/4"])
    draws = [step for step in answer["steps"] if step["played"] == "draw"]
    assert draws and all(step["cards"] for step in draws)
    for step in draws:
        assert step["luck"] == pytest.approx(step["after"][step["to_act"]] - step["played_values"][step["to_act"]],
                                             abs=1e-5)
    plays = [step for step in answer["steps"] if step["played"] != "draw"]
    assert all(step["luck"] is None and step["cards"] == [] for step in plays)


def test_the_rules_field_reads_a_bare_position(client: FlaskClient) -> None:
    example = FAMILY_EXAMPLES["layout/6"]
    assert not example["position"].startswith("rules:")
    answer = analysed(client, example)
    assert answer["rules"] == "layout/6" and answer["position"].startswith("rules:layout/6")


def problem(client: FlaskClient, body: dict[str, Any]) -> tuple[int, str, str | None]:
    response = client.post(URL, json=body)
    answer = response.get_json()
    return response.status_code, response.mimetype, answer.get("field")


def test_errors_are_problems_naming_the_field(client: FlaskClient) -> None:
    record = FAMILY_EXAMPLES["classic/4"]
    json_problem = "application/problem+json"
    assert problem(client, {**record, "rules": "classic/9"}) == (422, json_problem, "rules.players")
    assert problem(client, {**record, "rules": "nonsuch"}) == (422, json_problem, "rules.preset")
    assert problem(client, {**record, "rules": "layout/6"}) == (422, json_problem, "rules")  # a record of another game
    sce2 = {"position": "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S", "moves": ["play 9H"]}
    assert problem(client, {**sce2, "rules": "classic/4"})[:2] == (422, json_problem)
    illegal = list(record["moves"])
    illegal[3] = "play 9C"
    assert problem(client, {**record, "moves": illegal}) == (422, json_problem, "moves[3]")
    not_a_card = list(record["moves"])
    not_a_card[2] = "draw"  # the draw of moves[1] then names no card
    assert problem(client, {**record, "moves": not_a_card}) == (422, json_problem, "moves[1]")
    assert problem(client, {**record, "result": ["1", "2", "3", "-6"]}) == (422, json_problem, "result")
    assert problem(client, {**record, "end": record["position"]}) == (422, json_problem, "end")
    assert problem(client, {**record, "dealt": {"seed": 1}}) == (422, json_problem, "dealt")
    assert problem(client, {**record, "objective": "paranoid"}) == (422, json_problem, "objective")
    assert problem(client, {**record, "evaluation": "neural"}) == (422, json_problem, "evaluation")


def test_an_analysis_without_time_or_depth_shares_the_request_budget(make_app: Callable[..., Flask]) -> None:
    record = {key: value for key, value in FAMILY_EXAMPLES["classic/4"].items() if key != "depth"}
    searches = sum(not event.startswith("card ") for event in record["moves"])  # the deal is over: no last search
    client = make_app(EIGHTS_MAX_REQUEST_MS=3000).test_client()
    answer = analysed(client, record)
    assert answer["summary"]["searched"] == {"time_ms": int(3000 * SHARED_PART / 1.5 / searches), "depth": None}
    budget_ms = int(SHARED_FLOOR_MS * 1.5 * searches / SHARED_PART) - 1
    response = make_app(EIGHTS_MAX_REQUEST_MS=budget_ms).test_client().post(URL, json=record)
    floored = response.get_json()  # #37: under the floor, searched at it up to the deadline, not refused
    assert response.status_code == 200 and floored["summary"]["searched"]["time_ms"] == SHARED_FLOOR_MS
    assert floored["complete"] == (not floored["not_done"])


def test_an_analyse_job_answers_as_the_endpoint(client: FlaskClient) -> None:
    record = whole_deal("classic/4", 3)
    answer = analysed(client, record, depth=2)
    job = finished(client, client.post("/v1/jobs", json={**record, "kind": "analyse", "depth": 2}).headers["Location"])
    assert job["state"] == "done", job
    result = job["result"]
    assert result["rules"] == "classic/4" and result["graph"] == answer["graph"]
    assert [{**step, "cached": True} for step in answer["steps"]] == result["steps"]


def test_a_bad_family_analyse_job_is_refused_naming_the_field(client: FlaskClient) -> None:
    record = dict(FAMILY_EXAMPLES["classic/4"])
    record["moves"] = ["play 9C"]
    response = client.post("/v1/jobs", json={**record, "kind": "analyse"})  # a job's kind in place of the record's
    assert (response.status_code, response.get_json()["field"]) == (422, "moves[0]")


def test_an_analyse_job_searches_a_family_deal_on_the_cluster(client: FlaskClient) -> None:
    record = whole_deal("layout/6", 5)
    accepted = client.post("/v1/jobs", json={**record, "kind": "analyse", "depth": 1})
    job = finished(client, accepted.headers["Location"], CLUSTER_START_S)
    assert job["state"] == "done", job
    assert not any(step["cached"] for step in job["result"]["steps"])  # searched by the cluster's workers
    check_whole_deal(record, job["result"])


def test_the_moves_as_v1_apply_plays_them_are_analysed(client: FlaskClient) -> None:
    # /v1/apply's steps write a draw with the cards it brought (draw 5D,2C); /v1/analyse takes
    # them as the record's draw and card events, and an error names the move as asked
    dealt = client.post("/v1/deal", json={"rules": "classic/4", "seed": 7}).get_json()
    position, moves = dealt["position"], []
    while len(moves) < 24:
        played = client.post("/v1/bot-move", json={"rules": "classic/4", "position": position, "bot": "heuristic",
                                                   "play": True, "seed": len(moves)}).get_json()["played"]
        moves.append(played["steps"][0]["move"])
        position = played["position"]
        if played["over"]:
            break
    assert any(move.startswith("draw ") for move in moves)
    answer = analysed(client, {"rules": "classic/4", "position": dealt["position"], "moves": moves}, depth=1)
    assert [step["played"] for step in answer["steps"]] == [move.split()[0] if move.startswith("draw") else move
                                                            for move in moves]
    drawn = next(index for index, move in enumerate(moves) if move.startswith("draw "))
    wrong = [*moves[:drawn], "draw " + ",".join(["AS"] * (moves[drawn].count(",") + 1)), *moves[drawn + 1:]]
    problem = client.post(URL, json={"rules": "classic/4", "position": dealt["position"], "moves": wrong,
                                     "depth": 1}).get_json()
    assert problem["field"].startswith(f"moves[{drawn}]"), problem
