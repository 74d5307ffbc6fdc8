"""Idempotency-Key on every POST that creates (``scorekeeper/api/protocol/idempotency.py``): a
session, an import, a player leaving (hands and payments have theirs in test_hands_api and
test_payments_api). The same key with the same body makes nothing new and answers 200 with
what the first request made; with another body it is refused, nothing made.

Brooklyn, Ann, Bob, Cal and Dan; Bob makes 350 in hearts: 2 units from each of the three
others (docs/RULES.md section 7).
"""

from __future__ import annotations

import pytest

from ..calls import API, FOUR, figures, notes, problem_fields, start

BRIDGE = {"system": "brooklyn", "players": FOUR, "first_dealer_seat": 0, "stake_cents": 25}


def _sessions(api) -> list[int]:
    return [s["id"] for s in api.get(f"{API}/sessions").get_json()["sessions"]]


def _post(api, path: str, body: dict, key: str | None):
    headers = {"Idempotency-Key": key} if key else {}
    return api.post(f"{API}{path}", json=body, headers=headers)


def test_a_session_started_again_under_its_key_is_the_same_session(api):
    first = _post(api, "/sessions", BRIDGE, "night-1")
    again = _post(api, "/sessions", BRIDGE, "night-1")

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.headers["Location"] == first.headers["Location"]
    assert _sessions(api) == [first.get_json()["id"]]


def test_a_session_started_again_answers_it_as_it_stands(api):
    first = _post(api, "/sessions", BRIDGE, "night-1")
    session = start(api, "brooklyn", FOUR)  # another session, to tell ids apart
    url = first.headers["Location"]
    bob = {p["name"]: p["id"] for p in first.get_json()["players"]}["Bob"]
    body = {"declarer_id": bob, "bid": 350, "trump": "H", "outcome": "made"}
    assert api.post(f"{url}/hands", json=body).status_code == 201

    again = _post(api, "/sessions", BRIDGE, "night-1")

    assert again.status_code == 200
    assert again.get_json()["hand_count"] == 1
    assert figures(again.get_json()["standings"])["Bob"] == 6
    assert sorted(_sessions(api)) == sorted([first.get_json()["id"], session.id])


@pytest.mark.parametrize(
    "other",
    [
        pytest.param({**BRIDGE, "stake_cents": 50}, id="another-stake"),
        pytest.param({**BRIDGE, "players": ["Ann", "Bob", "Cal", "Eve"]}, id="another-player"),
    ],
)
def test_a_key_used_for_another_session_is_refused_and_nothing_started(api, other):
    first = _post(api, "/sessions", BRIDGE, "night-1")

    again = _post(api, "/sessions", other, "night-1")

    assert again.status_code == 422
    assert again.get_json()["code"] == "idempotency-key-reused"
    assert problem_fields(again) == {
        "Idempotency-Key": "Idempotency-Key: used for another session."
    }
    assert _sessions(api) == [first.get_json()["id"]]


def test_sessions_started_without_a_key_are_two_sessions(api):
    first = _post(api, "/sessions", BRIDGE, None)
    second = _post(api, "/sessions", BRIDGE, None)

    assert (first.status_code, second.status_code) == (201, 201)
    assert len(_sessions(api)) == 2


def _exported(api) -> dict:
    """The file of a Brooklyn session with Bob's 350 in hearts, made."""
    session = start(api, "brooklyn", FOUR)
    session.save(declarer="Bob", bid=350, trump="H", outcome="made")
    return api.get(f"{session.url}/export").get_json()


def test_a_file_imported_again_under_its_key_is_the_same_session(api):
    file = _exported(api)
    before = _sessions(api)

    first = _post(api, "/imports", file, "import-1")
    again = _post(api, "/imports", file, "import-1")

    assert (first.status_code, again.status_code) == (201, 200)
    made = first.get_json()
    assert again.get_json() == {**made, "added": []}
    assert (made["hand_count"], [p["name"] for p in made["players"]]) == (1, FOUR)
    assert again.headers["Location"] == first.headers["Location"]
    assert sorted(_sessions(api)) == sorted([*before, made["id"]])


def test_a_key_that_started_a_session_is_refused_for_an_import(api):
    file = _exported(api)
    assert _post(api, "/sessions", BRIDGE, "shared-key").status_code == 201
    before = _sessions(api)

    response = _post(api, "/imports", file, "shared-key")

    assert response.status_code == 422
    assert problem_fields(response) == {
        "Idempotency-Key": "Idempotency-Key: used for another import."
    }
    assert _sessions(api) == before


def test_a_player_leaving_sent_again_under_its_key_leaves_once(api):
    session = start(api, "brooklyn-pot", FOUR)
    url = f"{session.url}/departures"
    dan = {"player_id": session.ids["Dan"]}

    first = api.post(url, json=dan, headers={"Idempotency-Key": "dan-leaves"})
    again = api.post(url, json=dan, headers={"Idempotency-Key": "dan-leaves"})

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()
    assert session.read()["version"] == first.get_json()["version"]


@pytest.mark.parametrize("other", ["Cal", "a-hand"])
def test_a_key_of_a_player_leaving_is_refused_for_anything_else(api, other):
    session = start(api, "brooklyn-pot", FOUR)
    key = {"Idempotency-Key": "dan-leaves"}
    assert api.post(f"{session.url}/departures", json={"player_id": session.ids["Dan"]},
                    headers=key).status_code == 201  # fmt: skip
    version = session.read()["version"]

    if other == "a-hand":
        response = session.post_hand(key="dan-leaves", declarer="Cal", bid=300, trump="S",
                                     outcome="made")  # fmt: skip
    else:
        response = api.post(f"{session.url}/departures", json={"player_id": session.ids[other]},
                            headers=key)  # fmt: skip

    assert response.status_code == 422
    assert response.get_json()["code"] == "idempotency-key-reused"
    assert session.read()["version"] == version


def test_a_hand_key_is_refused_for_a_player_leaving(api):
    session = start(api, "brooklyn-pot", FOUR)
    saved = session.post_hand(key="hand-1", declarer="Cal", bid=300, trump="S", outcome="made")
    assert saved.status_code == 201

    response = api.post(f"{session.url}/departures", json={"player_id": session.ids["Dan"]},
                        headers={"Idempotency-Key": "hand-1"})  # fmt: skip

    assert response.status_code == 422
    assert problem_fields(response) == {
        "Idempotency-Key": "Idempotency-Key: used for another player leaving."
    }
    assert notes(session.standings())["Dan"] != "left"
