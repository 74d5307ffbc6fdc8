"""A request cancelled by PostgreSQL for colliding with another (a serialization failure,
SQLSTATE 40001, or a deadlock, 40P01) is rolled back and run again: the hand is saved exactly
once and the answer is the normal one. If it keeps colliding the answer is a 503 saying nothing
was saved, never the error page. Any other database error is not retried.

The failures are injected on SQLite (where the retry works the same: it looks at the error's
SQLSTATE only) and on PostgreSQL; one test on PostgreSQL provokes a real deadlock.

The table is Ann, Bob, Cal and Dee at Brooklyn, Ann deals first: Bob bids first in hand 1,
and a 300 made in hearts wins him 1 chip from each of the other three.
"""

from __future__ import annotations

import threading
import time

import psycopg
import psycopg.errors
import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from webhelpers import figures, page_text, post_hand

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.services import hands, sessions, unit_of_work
from scorekeeper.services.tables import default_table

API = "/api/v1"
FOUR = ["Ann", "Bob", "Cal", "Dee"]
COLLISIONS = {
    "serialization failure": psycopg.errors.SerializationFailure(
        "could not serialize access due to concurrent update"
    ),
    "deadlock": psycopg.errors.DeadlockDetected("deadlock detected"),
}


def collided(kind: str, statement: str = "COMMIT") -> OperationalError:
    """The error SQLAlchemy raises when PostgreSQL cancels a transaction so."""
    return OperationalError(statement, None, COLLISIONS[kind])


@pytest.fixture
def pauses(monkeypatch) -> list[int]:
    """No real pause between attempts; the retries that would have paused, in order."""
    taken: list[int] = []
    monkeypatch.setattr(unit_of_work, "pause", taken.append)
    return taken


def start(app) -> tuple[int, dict[str, int]]:
    """A Brooklyn session; its id and the players' ids by name."""
    with app.app_context(), unit_of_work.unit_of_work():
        row = sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0)
        return row.id, {seat.player.name: seat.player_id for seat in row.seats}


def stored_hands(app, session_id: int) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(Hand.id)).where(Hand.session_id == session_id))


def fail_commits(monkeypatch, error: OperationalError, times: int) -> list[str]:
    """The first ``times`` commits write everything, then fail with ``error`` (as PostgreSQL
    refuses a commit that would not be serializable); the calls made, in order."""
    real = db.session.commit
    calls: list[str] = []

    def commit() -> None:
        if len(calls) < times:
            calls.append("failed")
            db.session.flush()  # what the request wrote reached the database...
            raise error  # ...and the commit is refused
        calls.append("committed")
        real()

    monkeypatch.setattr(db.session, "commit", commit)
    return calls


@pytest.mark.parametrize("kind", COLLISIONS)
def test_a_hand_whose_commit_collides_once_is_saved_once_with_the_normal_page(
    app, monkeypatch, pauses, kind
):
    sid, _ = start(app)
    client = app.test_client()
    calls = fail_commits(monkeypatch, collided(kind), times=1)

    response = post_hand(client, sid, declarer="Bob", bid=300, trump="H", outcome="made")

    assert response.status_code == 302
    assert response.headers["Location"].startswith(f"/s/{sid}")
    assert calls == ["failed", "committed"]
    assert pauses == [0]
    assert stored_hands(app, sid) == 1
    shown = client.get(f"/s/{sid}")
    assert figures(shown) == {"Ann": -1, "Bob": 3, "Cal": -1, "Dee": -1}
    assert page_text(shown).count("Hand 1 saved") == 1  # said once, not once per attempt


def test_a_hand_posted_to_the_api_whose_commit_collides_is_saved_once(app, monkeypatch, pauses):
    sid, ids = start(app)
    client = app.test_client()
    calls = fail_commits(monkeypatch, collided("serialization failure"), times=2)

    response = client.post(
        f"{API}/sessions/{sid}/hands",
        json={"outcome": "made", "declarer_id": ids["Bob"], "bid": 300, "trump": "H"},
    )

    assert response.status_code == 201
    assert response.json["hand"]["number"] == 1
    assert calls == ["failed", "failed", "committed"]
    assert pauses == [0, 1]
    assert stored_hands(app, sid) == 1


def test_a_view_that_collides_mid_save_is_run_again(app, monkeypatch, pauses):
    sid, _ = start(app)
    client = app.test_client()
    real = hands.save_hand
    runs: list[int] = []

    def save_then_collide(*args, **kwargs):
        saved = real(*args, **kwargs)  # the hand is written (flushed)...
        runs.append(saved.row.id)
        if len(runs) == 1:
            raise collided("deadlock", "UPDATE sessions ...")  # ...then a statement is cancelled
        return saved

    monkeypatch.setattr(hands, "save_hand", save_then_collide)

    response = post_hand(client, sid, declarer="Bob", bid=300, trump="H", outcome="made")

    assert response.status_code == 302
    assert len(runs) == 2
    assert stored_hands(app, sid) == 1
    assert figures(client.get(f"/s/{sid}")) == {"Ann": -1, "Bob": 3, "Cal": -1, "Dee": -1}


def test_a_request_that_keeps_colliding_answers_503_and_saves_nothing(app, monkeypatch, pauses):
    sid, ids = start(app)
    client = app.test_client()
    calls = fail_commits(monkeypatch, collided("serialization failure"), times=100)

    page = post_hand(client, sid, declarer="Bob", bid=300, trump="H", outcome="made")
    api = client.post(
        f"{API}/sessions/{sid}/hands",
        json={"outcome": "made", "declarer_id": ids["Bob"], "bid": 300, "trump": "H"},
    )

    attempts = unit_of_work.RETRIES + 1
    assert len(calls) == 2 * attempts
    assert pauses == [*range(unit_of_work.RETRIES)] * 2
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "1"
    assert "was NOT saved" in page_text(page)
    assert "tap Save again" in page_text(page)
    assert "Hand 1 saved" not in page_text(page)  # no attempt's message survives
    assert api.status_code == 503
    assert api.headers["Retry-After"] == "1"
    assert api.content_type == "application/problem+json"
    assert api.json["code"] == "database-busy"
    assert "NOT saved" in api.json["detail"]
    assert stored_hands(app, sid) == 0


def test_another_database_error_is_not_retried(app, monkeypatch, pauses):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: the error page is shown
    sid, _ = start(app)
    client = app.test_client()
    full = OperationalError("COMMIT", None, psycopg.errors.DiskFull("no space left on device"))
    calls = fail_commits(monkeypatch, full, times=1)

    response = post_hand(client, sid, declarer="Bob", bid=300, trump="H", outcome="made")

    assert response.status_code == 500
    assert calls == ["failed"]
    assert pauses == []
    assert stored_hands(app, sid) == 0


def test_the_pause_before_a_retry_is_short_random_and_grows(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(unit_of_work.time, "sleep", slept.append)

    for retry in (0, 0, 0, 2, 2, 2):
        unit_of_work.pause(retry)

    assert all(0 <= s <= unit_of_work.PAUSE for s in slept[:3])
    assert all(0 <= s <= 4 * unit_of_work.PAUSE for s in slept[3:])
    assert len(set(slept)) > 1  # jittered: two requests colliding do not retry in step


# -- PostgreSQL -----------------------------------------------------------------------------


@pytest.mark.postgres
def test_on_postgresql_a_commit_refused_once_saves_the_hand_once(pg_app, monkeypatch, pauses):
    sid, ids = start(pg_app)
    client = pg_app.test_client()
    calls = fail_commits(monkeypatch, collided("serialization failure"), times=1)

    response = client.post(
        f"{API}/sessions/{sid}/hands",
        json={"outcome": "made", "declarer_id": ids["Bob"], "bid": 300, "trump": "H"},
    )

    assert response.status_code == 201
    assert calls == ["failed", "committed"]
    assert stored_hands(pg_app, sid) == 1
    rows = response.json["standings"]["rows"]
    standings = {row["holder"]["name"]: row["figure"] for row in rows}
    assert standings == {"Ann": -1, "Bob": 3, "Cal": -1, "Dee": -1}


def _waiting_on_a_lock(connection, query_start: str) -> bool:
    row = connection.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE %s",
        (query_start + "%",),
    ).fetchone()
    return bool(row and row[0])


@pytest.mark.postgres
def test_on_postgresql_a_real_deadlock_is_retried_and_the_hand_saved_once(
    pg_app, postgres_url, pauses
):
    """Another transaction holds the session's row and then inserts the same hand number the
    request has just inserted: each waits for the other, and PostgreSQL cancels the request
    (its deadlock check runs first). The request runs again once the other has gone."""
    sid, ids = start(pg_app)
    client = pg_app.test_client()
    url = make_url(postgres_url)
    connect = dict(host=url.host, port=url.port, user=url.username, dbname=url.database)
    answers: list[int] = []

    with psycopg.connect(**connect) as other, psycopg.connect(**connect, autocommit=True) as watch:
        other.execute("SET deadlock_timeout = '10s'")  # the request's 1 s check comes first
        other.execute("UPDATE sessions SET version = version WHERE id = %s", (sid,))

        def post() -> None:
            response = client.post(
                f"{API}/sessions/{sid}/hands",
                json={"outcome": "made", "declarer_id": ids["Bob"], "bid": 300, "trump": "H"},
            )
            answers.append(response.status_code)

        request = threading.Thread(target=post)
        request.start()
        deadline = time.monotonic() + 10
        while not _waiting_on_a_lock(watch, "UPDATE sessions"):  # the hand is inserted
            assert time.monotonic() < deadline, "the request never waited for the session row"
            time.sleep(0.02)
        other.execute(
            "INSERT INTO hands (session_id, seq, kind, takeover, version, created_at, updated_at)"
            " VALUES (%s, 1, 'hand', false, 1, now(), now())",
            (sid,),
        )  # waits for the request's hand 1: a deadlock, and the request is cancelled
        other.rollback()
        request.join(timeout=30)

    assert answers == [201]
    # Retried at least once; the retry may itself collide once more with the other's insert
    # of hand 1 (racing it to the index) before the other rolls back.
    assert pauses and pauses == list(range(len(pauses)))
    assert stored_hands(pg_app, sid) == 1
