"""Players' records through the API (issue 21): the figures of a hand worked out by hand, the
ETag of a read, the date range and its problems, a player of no table."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.services.history import player as records
from scorekeeper.services.history.player import LATER_THAN_TO

from .calls import problem_fields
from .test_payments_api import API, brooklyn_hand


@pytest.fixture(autouse=True)
def _fresh_memory():
    records.forget()
    yield
    records.forget()


NOUGHT = {
    "declared_count": 0, "made_count": 0, "set_count": 0, "conceded_count": 0,
    "made_percent": None,
}  # fmt: skip
ONE_MADE = {**NOUGHT, "declared_count": 1, "made_count": 1, "made_percent": 100}


def test_every_players_record_counts_the_hand_as_worked_by_hand(api: FlaskClient):
    # Bob makes 350 spades with 200 meld and 180 in tricks at 25 cents; Dee sits out, yet
    # pays as an opponent (RULES 5.6): Bob +300 cents, Ann, Cal and Dee -100 each.
    brooklyn_hand(api)

    body = api.get(f"{API}/records").get_json()

    assert body["counted"]["session_count"] == 1
    assert body["counted"]["words"] == "every session of the table"
    players = {p["name"]: p for p in body["players"]}
    assert {n: (p["hand_count"], p["net_cents"]) for n, p in players.items()} == {
        "Ann": (1, -100), "Bob": (1, 300), "Cal": (1, -100), "Dee": (0, -100),
    }  # fmt: skip
    (brooklyn,) = players["Bob"]["kinds"]
    assert (brooklyn["kind"], brooklyn["system"], brooklyn["deck"], brooklyn["scale"]) == (
        "brooklyn", "brooklyn", "single", 1,
    )  # fmt: skip
    assert brooklyn["fates"] == ONE_MADE
    assert brooklyn["by_bid_range"] == [{"lowest_bid": 350, "highest_bid": 399, **ONE_MADE}]
    assert brooklyn["by_trump"] == [{"trump": "S", **ONE_MADE}]
    assert (brooklyn["average_meld"], brooklyn["meld_hand_count"]) == (200.0, 1)
    assert (brooklyn["average_tricks"], brooklyn["trick_hand_count"]) == (180.0, 1)
    assert (brooklyn["biggest_bid_made"], brooklyn["sessions_won_count"]) == (350, 1)
    ids = {n: p["player_id"] for n, p in players.items()}
    # Dee sat out: Bob's bid was made while Ann and Cal defended.
    pairs = {(h["declarer_id"], h["defender_id"]): h["fates"] for h in body["head_to_head"]}
    assert pairs == {(ids["Bob"], ids["Ann"]): ONE_MADE, (ids["Bob"], ids["Cal"]): ONE_MADE}
    assert body["partnerships"] == []


def test_a_players_record_gives_their_rivals_and_money_session_by_session(api: FlaskClient):
    sid, ids = brooklyn_hand(api)

    body = api.get(f"{API}/players/{ids['Ann']}/record").get_json()

    assert body["player"]["player_id"] == ids["Ann"]
    assert [
        (m["session_id"], m["net_cents"], m["running_cents"]) for m in body["player"]["money"]
    ] == [(sid, -100, -100)]
    assert body["head_to_head"] == [
        {"player_id": ids["Bob"], "name": "Bob", "bids": NOUGHT, "against": ONE_MADE}
    ]


def test_a_record_read_is_tagged_and_answered_304_while_unchanged(api: FlaskClient):
    sid, ids = brooklyn_hand(api)
    first = api.get(f"{API}/players/{ids['Bob']}/record")

    again = api.get(
        f"{API}/players/{ids['Bob']}/record", headers={"If-None-Match": first.headers["ETag"]}
    )
    hand = {"declarer_id": ids["Cal"], "bid": 300, "trump": "H", "outcome": "set"}
    assert api.post(f"{API}/sessions/{sid}/hands", json=hand).status_code == 201
    changed = api.get(
        f"{API}/players/{ids['Bob']}/record", headers={"If-None-Match": first.headers["ETag"]}
    )

    assert again.status_code == 304
    assert changed.status_code == 200
    assert changed.get_json()["player"]["hand_count"] == 2


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param(
            {"from": "2026-13-01"},
            {"from": "from: Must be a date (YYYY-MM-DD)."},
            id="no-such-month",
        ),
        pytest.param(
            {"from": "2026-11-21", "to": "2026-11-20"},
            {"to": f"to: {LATER_THAN_TO}"},
            id="ends-before-it-starts",
        ),
    ],
)
def test_a_range_that_cannot_be_read_is_a_problem_at_its_name(api: FlaskClient, query, expected):
    response = api.get(f"{API}/records", query_string=query)

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"
    assert problem_fields(response) == expected


def test_a_range_before_every_session_counts_none(api: FlaskClient):
    _, ids = brooklyn_hand(api)

    body = api.get(
        f"{API}/players/{ids['Bob']}/record", query_string={"to": "2000-01-01"}
    ).get_json()

    assert body["counted"]["session_count"] == 0
    assert (body["player"]["hand_count"], body["player"]["kinds"]) == (0, [])


def test_a_player_of_no_table_is_not_found(api: FlaskClient):
    response = api.get(f"{API}/players/4242/record")

    assert response.status_code == 404
    assert response.get_json()["code"] == "not-found"


def test_the_document_describes_both_reads(api: FlaskClient):
    paths = api.get(f"{API}/openapi.json").get_json()["paths"]

    assert set(paths[f"{API}/records"]["get"]["responses"]) >= {"200", "304", "422"}
    operation = paths[f"{API}/players/{{player_id}}/record"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {
        "player_id",
        "from",
        "to",
        "If-None-Match",
    }
