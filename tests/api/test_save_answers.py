"""What a save answers is what reading it answers: the API's create answers the session as it
was started (not read and replayed again), and a phone's save answers the hand with the words
its save worked out; either is byte for byte what a read of it says next."""

from __future__ import annotations

import pytest

from .calls import API, FIRST_HANDS, FIVE, FOUR, first_hand, start

PRESETS = {
    "brooklyn": FOUR, "brooklyn-pot": FIVE, "hoyle": FOUR, "bison": FOUR[:3],
    "partnership": FOUR, "double-deck": FOUR, "six-handed": [*FIVE, "Fay"],
    "eight-handed": [*FIVE, "Fay", "Gus", "Hal"], "two-handed": FOUR[:2], "cutthroat": FOUR,
    "six-two-packs": [*FIVE, "Fay"], "eight-two-packs": [*FIVE, "Fay", "Gus", "Hal"],
}  # fmt: skip


@pytest.mark.parametrize("system", PRESETS)
def test_a_session_is_answered_as_started_as_it_is_read(api, system):
    body = {"system": system, "players": PRESETS[system], "first_dealer_seat": 1}
    made = api.post(f"{API}/sessions", json=body, headers={"Idempotency-Key": "start"})
    assert made.status_code == 201, made.get_json()
    again = api.post(f"{API}/sessions", json=body, headers={"Idempotency-Key": "start"})
    read = api.get(made.headers["Location"])
    assert made.get_data() == read.get_data() == again.get_data()
    assert again.status_code == 200


def test_a_session_under_saved_rules_is_answered_as_it_is_read(api):
    saved = api.post(
        f"{API}/saved-rules", json={"name": "Friday", "system": "hoyle", "options": {"stake": 5}}
    )
    assert saved.status_code == 201, saved.get_json()
    body = {"saved_rules_id": saved.get_json()["id"], "players": FOUR, "first_dealer_seat": 0}
    made = api.post(f"{API}/sessions", json=body)
    assert made.status_code == 201, made.get_json()
    assert made.get_data() == api.get(made.headers["Location"]).get_data()


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_a_hand_saved_is_answered_as_it_is_read(api, system):
    session, fields = first_hand(api, system)
    saved = session.post_hand(key="hand-1", **fields)
    assert saved.status_code == 201, saved.get_json()
    again = session.post_hand(key="hand-1", **fields)
    assert again.status_code == 200
    read = session.hand(1)
    for answer in (saved, again):
        assert answer.get_json()["hand"] == read.get_json()
        assert answer.headers["ETag"] == read.headers["ETag"]
    assert saved.get_json()["standings"] == session.standings()


def test_the_answers_words_are_those_of_the_hand_saved(api):
    session = start(api, "brooklyn", FOUR)
    saved = session.save(declarer="Bob", bid=350, trump="S", outcome="made")
    text = saved["hand"]["result"]["text"]
    assert text.startswith("Bob makes 350")
    assert session.hand(1).get_json()["result"]["text"] == text
