"""Live sessions on PostgreSQL: a change saved by one worker reaches the streams of another
through ``NOTIFY session_changed`` (two app instances stand for two worker processes, each
with its own hub and listening connection)."""

from __future__ import annotations

import pytest
from hostedserver import postgres_database
from livestream import Listening, version_event
from webhelpers import app_at, dispose, migrated_app

pytestmark = pytest.mark.postgres

FOUR = ["Ann", "Bob", "Cal", "Dan"]


@pytest.fixture
def two_workers(postgres_url, tmp_path):
    """Two apps on one fresh PostgreSQL database."""
    with postgres_database(postgres_url) as url:
        first = migrated_app(tmp_path / "first", database_url=url)
        second = app_at(url, tmp_path / "second")
        yield first, second
        dispose(first)
        dispose(second)


def hoyle(app) -> tuple[int, int]:
    """A Hoyle session of FOUR started through ``app``'s API: its id and Bob's."""
    made = (
        app.test_client()
        .post("/api/v1/sessions", json={"system": "hoyle", "players": FOUR})
        .get_json()
    )
    return made["id"], made["players"][1]["id"]


def listen(app, session_id: int) -> Listening:
    answer = app.test_client().get(
        f"/api/v1/sessions/{session_id}/events?timeout=4", buffered=False
    )
    assert answer.status_code == 200
    return Listening(answer)


def test_a_hand_saved_by_one_worker_reaches_the_streams_of_both(two_workers):
    first, second = two_workers
    sid, bob = hoyle(first)
    here, there = listen(first, sid), listen(second, sid)
    assert [here.next(), here.next()][1] == version_event(1)
    assert [there.next(), there.next()][1] == version_event(1)
    assert second.extensions["scorekeeper.live"]._listener.listening.wait(5)

    saved = first.test_client().post(
        f"/api/v1/sessions/{sid}/hands",
        json={"declarer_id": bob, "bid": 300, "outcome": "forfeit"},
    )

    assert saved.status_code == 201, saved.text
    event, waited = there.next_timed(timeout=2)
    assert event == version_event(2)
    assert waited < 1  # a NOTIFY crosses in milliseconds; 1 s leaves room for a busy CI
    assert here.next(timeout=1) == version_event(2)
    here.leave()
    there.leave()


def test_a_change_refused_is_never_announced(two_workers):
    first, second = two_workers
    sid, bob = hoyle(first)
    there = listen(second, sid)
    assert [there.next(), there.next()][1] == version_event(1)

    refused = first.test_client().post(
        f"/api/v1/sessions/{sid}/hands",
        json={"declarer_id": bob, "bid": 290, "outcome": "forfeit"},  # under the 300 minimum
    )

    assert refused.status_code == 422
    assert set(there.rest()) <= {": keep-alive\n\n"}
