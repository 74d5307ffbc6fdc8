"""Saving a hand through the API as a given hand number (``?number=N``): a phone that typed
hand 1 while another phone saved hand 1 (or sent it late, after being offline) is refused
with 409 and nothing is saved; the same key sent again still answers the hand it saved.

Brooklyn, three players (Ann, Bob, Cal), Ann deals: nobody sits out (RULES 5.2). Bob makes
350 in hearts: 350-390 is 2 units (5.4), hearts do not multiply (5.5), so Ann and Cal each pay
Bob 2 units (5.6).
"""

from __future__ import annotations

from flask.testing import FlaskClient
from webhelpers import hand_count

API = "/api/v1"


def brooklyn(client: FlaskClient) -> tuple[int, dict[str, int]]:
    """A three-player Brooklyn session; (its id, player ids by name)."""
    created = client.post(
        f"{API}/sessions", json={"system": "brooklyn", "players": ["Ann", "Bob", "Cal"]}
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    return session["id"], {p["name"]: p["id"] for p in session["players"]}


def bob_makes_350(ids: dict[str, int]) -> dict:
    return {"declarer_id": ids["Bob"], "bid": 350, "trump": "H", "outcome": "made"}


def test_a_hand_sent_as_the_next_number_is_saved_as_that_hand(client):
    sid, ids = brooklyn(client)
    saved = client.post(
        f"{API}/sessions/{sid}/hands?number=1",
        json=bob_makes_350(ids),
        headers={"Idempotency-Key": "first"},
    )
    assert saved.status_code == 201, saved.get_json()
    hand = saved.get_json()["hand"]
    assert hand["number"] == 1
    changes = {c["holder"]["name"]: c["change"] for c in hand["result"]["changes"]}
    assert changes == {"Ann": -2, "Bob": 4, "Cal": -2}


def test_a_hand_sent_for_a_number_another_phone_took_is_refused_and_not_saved(client):
    sid, ids = brooklyn(client)
    first = client.post(
        f"{API}/sessions/{sid}/hands?number=1",
        json=bob_makes_350(ids),
        headers={"Idempotency-Key": "phone-a"},
    )
    assert first.status_code == 201
    late = client.post(
        f"{API}/sessions/{sid}/hands?number=1",
        json=bob_makes_350(ids),
        headers={"Idempotency-Key": "phone-b"},
    )
    assert late.status_code == 409
    problem = late.get_json()
    assert problem["code"] == "hand-conflict"
    assert problem["detail"].startswith("number: Hand 1 was just saved from another phone.")
    assert [e["field"] for e in problem["errors"]] == ["number"]
    assert hand_count(client, sid) == 1


def test_a_number_past_the_next_hand_is_refused_as_a_deleted_hand(client):
    sid, ids = brooklyn(client)
    refused = client.post(f"{API}/sessions/{sid}/hands?number=2", json=bob_makes_350(ids))
    assert refused.status_code == 409
    assert "this is now hand 1" in refused.get_json()["detail"]
    assert hand_count(client, sid) == 0


def test_the_same_key_sent_again_after_the_session_moved_on_answers_the_saved_hand(client):
    sid, ids = brooklyn(client)
    body = bob_makes_350(ids)
    key = {"Idempotency-Key": "sent-twice"}
    assert client.post(f"{API}/sessions/{sid}/hands?number=1", json=body, headers=key).status_code
    # The answer was lost on the way back: the phone sends it again, now that hand 1 exists.
    again = client.post(f"{API}/sessions/{sid}/hands?number=1", json=body, headers=key)
    assert again.status_code == 200
    assert again.get_json()["repeated"] is True
    assert again.get_json()["hand"]["number"] == 1
    assert hand_count(client, sid) == 1


def test_a_number_that_is_not_a_hand_number_is_named(client):
    sid, ids = brooklyn(client)
    refused = client.post(f"{API}/sessions/{sid}/hands?number=0", json=bob_makes_350(ids))
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["number"]
    assert hand_count(client, sid) == 0
