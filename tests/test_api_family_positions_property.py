"""Issue #37: every endpoint that takes a position answers a family position, valid or not,
with an answer or a 4xx problem naming a field, never a 500. Positions are generated from the
notation's grammar (NOTATION.md, ``eights.engine.family.notation``): valid ones (a deal of
every preset played a few random moves on), near-valid ones (one field of the compact or the
JSON form set to a hostile value: counts, flags, hands, cards, types) and hostile text.

Bounded: a few dozen examples, each request's search given a few milliseconds (``time_ms``, so
that a search that cannot finish one action deep is refused at once) and bots that do not
search, so that the module runs in well under a minute on one core.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from eights.api import create_app
from eights.bench.load import free_port
from eights.engine.family import compact_family, family_to_json, parse_rules
from eights.engine.family.position import FamilyPosition
from tests.family_moves import walk

# Jobs are accepted or refused at submission, never run: the scheduler's port answers nothing.
SETTINGS = {"TESTING": True, "EIGHTS_TT_MB": 1, "EIGHTS_MAX_TIME_MS": 20, "EIGHTS_MAX_JOBS": 100_000,
            "EIGHTS_DASK_SCHEDULER": f"tcp://127.0.0.1:{free_port()}"}
RULESETS = ["sce/3", "sce/6", "classic/2", "classic/4,draw2=2", "classic/6,draw2=2,skip=Q,reverse=A",
            "classic/3,eights=nosuit,reshuffle=no", "classic/5,draw=one,must_play=yes", "openspiel/2",
            "openspiel/6,use_special_cards=yes,reshuffle=yes", "layout/2", "layout/8"]
COMPACT_KEYS = ["rules", "0", "1", "2", "7", "up", "under", "turn", "dir", "stock", "discard", "order", "piles", "out",
                "draw", "owed", "draws", "passes", "plays", "dealer"]
FLAGS = ["penalty", "free", "ext"]
JSON_KEYS = ["rules", "hands", "upcard", "called", "under", "turn", "direction", "stock", "discard", "out", "piles",
             "stock_order", "pending_draw", "owed", "draws", "passes", "plays", "dealer", "penalty", "free",
             "extended_play"]
SEARCH = {"time_ms": 10}
PROBES = settings(max_examples=30, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))

cards = st.sampled_from([rank + suit for rank in "A23456789TJQK" for suit in "SHDC"])
hands = st.one_of(st.lists(cards, max_size=8).map(",".join),
                  st.lists(st.text("AKQJT98765432x", max_size=5), min_size=1, max_size=5).map(".".join))
counts = st.one_of(st.integers(-3, 20), st.sampled_from([-1, 0, 2, 8, 16, 18, 64, 66, 255, 256, 65_535, 65_536, 10 ** 12]))
words = st.one_of(counts.map(str), cards, hands, st.sampled_from(["", "-", "cw", "ccw", "8C/H", "7C/X", "2C", "x"]),
                  st.text(max_size=8))
json_values = st.recursive(st.one_of(st.none(), st.booleans(), counts, st.floats(allow_nan=False), words),
                           lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                   st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                           max_leaves=6)


DRAW_TWO = [name for name in RULESETS if any(effect == "draw2" for _, effect in parse_rules(name).effects)]


@st.composite
def played_positions(draw: st.DrawFn, names: list[str] = RULESETS) -> FamilyPosition:
    """A deal of one of ``names``, then up to 40 random moves and chance cards."""
    return walk(draw(st.sampled_from(names)), draw(st.integers(0, 2 ** 16)), draw(st.integers(0, 40)))[-1]


@st.composite
def near_compact(draw: st.DrawFn) -> str:
    """A played position's compact form with one field set, a flag added, or a word dropped or doubled."""
    change = draw(st.sampled_from(["count", "pending", "set", "flag", "drop", "twice"]))
    words_ = compact_family(draw(played_positions(DRAW_TWO if change == "pending" else RULESETS))).split()
    if change == "count":
        key = draw(st.sampled_from(["turn", "draw", "owed", "draws", "passes", "plays", "dealer"]))
        words_ = [word for word in words_ if not word.startswith(f"{key}:")] + [f"{key}:{draw(counts)}"]
    elif change == "pending":  # a draw-two card on top, a count pending on it
        up = draw(st.sampled_from(["2C", "2D", "2H", "2S"]))
        words_ = [word for word in words_ if not word.startswith(("up:", "draw:", "stock:", "order:"))]
        words_ += [f"up:{up}", f"draw:{draw(st.sampled_from([66, 256, 18, 64, 16, 10, 8, 6, 4, 2]))}"]
    elif change == "set":
        key = draw(st.sampled_from(COMPACT_KEYS))
        words_ = [word for word in words_ if not word.startswith(f"{key}:")] + [f"{key}:{draw(words)}"]
    elif change == "flag":
        words_.append(draw(st.sampled_from(FLAGS)))
    else:
        index = draw(st.integers(0, len(words_) - 1))
        words_[index:index + 1] = [] if change == "drop" else [words_[index]] * 2
    return " ".join(words_)


@st.composite
def near_json(draw: st.DrawFn) -> dict[str, Any]:
    """A played position's JSON form with one key set to any JSON value, or left out."""
    data = family_to_json(draw(played_positions()))
    key = draw(st.sampled_from([*JSON_KEYS, "colour"]))
    if key in ("pending_draw", "owed", "turn", "plays", "draws", "passes", "dealer") and draw(st.booleans()):
        data[key] = draw(counts)
    elif draw(st.booleans()):
        data.pop(key, None)
    else:
        data[key] = draw(json_values)
    return data


hostile = st.lists(st.sampled_from(list("0123456789:./,- ") + ["rules:", "classic/4", "sce/3", "layout/2", "draw:", "up:",
                                                             "turn:", "0:", "1:", "AS", "8C", "ext", " "]),
                   max_size=30).map("".join)
any_position = st.one_of(played_positions().map(compact_family), played_positions().map(family_to_json),
                         near_compact(), near_json(), hostile)


def requests(position: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every endpoint that takes a position, asked about ``position`` within a few milliseconds."""
    return [
        ("/v1/hint", {"position": position, **SEARCH}),
        ("/v1/solve", {"position": position, **SEARCH}),
        ("/v1/batch", {"positions": [position], **SEARCH}),
        ("/v1/jobs", {"kind": "batch", "positions": [position], **SEARCH}),
        ("/v1/fair-hint", {"position": position, "samples": 2, **SEARCH}),
        ("/v1/bot-move", {"position": position, "bot": "random", "play": True}),
        ("/v1/analyse", {"position": position, "moves": ["draw"], **SEARCH}),
        ("/v1/apply", {"position": position, "moves": ["draw"]}),
        ("/v1/apply", {"position": position, "moves": ["pass"], "hint": SEARCH}),
        ("/v1/rollout", {"position": position, "games": 1, "bot": "random"}),
        ("/v1/moves", {"position": position}),
        ("/v1/positions/normalise", {"position": position}),
    ]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    """One app for every example (its cache and its accepted jobs are harmless here)."""
    return create_app(SETTINGS).test_client()


def check_every_endpoint(client: FlaskClient, position: Any) -> None:
    """Each endpoint answers, or refuses in a problem naming a field; none fails."""
    for url, body in requests(position):
        response = client.post(url, json=body)
        assert response.status_code < 500, (url, body, response.get_json())
        if response.status_code >= 400:
            problem = response.get_json()
            assert response.mimetype == "application/problem+json" and problem["detail"], (url, body, problem)


ISSUE_37 = "rules:classic/4,draw2=2 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0"
ISSUE_37_JSON = {"rules": "classic/4,draw2=2", "hands": ["K.5..", "..9.3", "Q.8..", ".J..7"], "upcard": "2C", "turn": 0}


@PROBES
@given(position=any_position)
@example(position=f"{ISSUE_37} draw:66")  # the findings of issue #37, always among the examples
@example(position=f"{ISSUE_37} draw:256 plays:9999")
@example(position={**ISSUE_37_JSON, "pending_draw": -2})
@example(position={**ISSUE_37_JSON, "pending_draw": 66, "plays": 10 ** 12})
@example(position={**ISSUE_37_JSON, "turn": "0"})
@example(position=f"{ISSUE_37} ext")
def test_no_family_position_makes_any_endpoint_fail(client: FlaskClient, position: Any) -> None:
    check_every_endpoint(client, position)


@PROBES
@given(position=near_compact())
def test_no_near_valid_compact_position_makes_any_endpoint_fail(client: FlaskClient, position: str) -> None:
    check_every_endpoint(client, position)


@PROBES
@given(position=near_json())
def test_no_near_valid_json_position_makes_any_endpoint_fail(client: FlaskClient, position: dict[str, Any]) -> None:
    check_every_endpoint(client, position)
