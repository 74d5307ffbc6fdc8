"""On SQLite a request that may write takes the write lock at its BEGIN (``BEGIN IMMEDIATE``),
so two saves at the same moment take turns instead of one failing with "database is locked";
a read begins deferred and never waits for a writer.

The table is Ann, Bob, Cal and Dee at Brooklyn, Ann deals first: Dee sits out hand 1 and Ann
hand 2, so Cal plays both and may declare whichever is saved first.
"""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from sqlalchemy import event, func, select
from webhelpers import dispose, migrated_app

from scorekeeper.extensions import db, sqlite_begin_statement
from scorekeeper.models import Hand
from scorekeeper.services import hands, sessions, unit_of_work
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.tables import default_table

API = "/api/v1"
FOUR = ["Ann", "Bob", "Cal", "Dee"]
OVERLAP = 0.3
"""Seconds each save spends between reading the session and writing its hand: long enough
that, left deferred, the two transactions would surely overlap."""


@pytest.fixture
def app(tmp_path):
    app = migrated_app(tmp_path)
    yield app
    dispose(app)


def start(app) -> tuple[int, int]:
    """A Brooklyn session; its id and Cal's."""
    with app.app_context(), unit_of_work.unit_of_work():
        row = sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0)
        cal = next(seat.player_id for seat in row.seats if seat.player.name == "Cal")
        return row.id, cal


def stored_hands(app, session_id: int) -> list[int]:
    with app.app_context():
        return list(
            db.session.scalars(
                select(Hand.seq).where(Hand.session_id == session_id).order_by(Hand.seq)
            )
        )


def at_once(*jobs) -> list[BaseException]:
    """Run the jobs in threads started together; the errors they raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(len(jobs), timeout=60)

    def run(job) -> None:
        start.wait()
        try:
            job()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def slow_saves(monkeypatch) -> None:
    """Every save waits ``OVERLAP`` after the session was read, before it writes."""
    real = hands.save_hand

    def slow(*args, **kwargs):
        time.sleep(OVERLAP)
        return real(*args, **kwargs)

    monkeypatch.setattr(hands, "save_hand", slow)


def test_two_saves_through_the_services_at_once_take_turns_and_both_succeed(app, monkeypatch):
    sid, cal = start(app)
    slow_saves(monkeypatch)

    def save() -> None:
        with app.app_context(), unit_of_work.unit_of_work():
            loaded = sessions.load_session(sid, default_table())  # reads, then waits to write
            hands.save_hand(loaded, HandEntry(outcome="made", declarer=cal, bid=300, trump="H"))

    began = time.monotonic()
    errors = at_once(save, save)

    assert errors == []
    assert stored_hands(app, sid) == [1, 2]
    # One waited at its BEGIN for the other's commit: the two did not overlap.
    assert time.monotonic() - began >= 2 * OVERLAP


def test_two_hands_posted_at_once_are_both_saved(app, monkeypatch):
    sid, cal = start(app)
    slow_saves(monkeypatch)
    answers: list[int] = []

    def post() -> None:
        response = app.test_client().post(
            f"{API}/sessions/{sid}/hands",
            json={"outcome": "made", "declarer_id": cal, "bid": 300, "trump": "H"},
        )
        answers.append(response.status_code)

    errors = at_once(post, post)

    assert errors == []
    assert answers == [201, 201]
    assert stored_hands(app, sid) == [1, 2]


def test_a_read_does_not_wait_for_a_writer(app, tmp_path):
    sid, _ = start(app)
    client = app.test_client()
    writer = sqlite3.connect(tmp_path / "scorekeeper.sqlite3", isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        began = time.monotonic()
        page = client.get(f"/s/{sid}")
        api = client.get(f"{API}/sessions/{sid}/hands")
        waited = time.monotonic() - began
    finally:
        writer.execute("ROLLBACK")
        writer.close()

    assert page.status_code == 200
    assert api.status_code == 200
    assert waited < 2  # nowhere near the 5 s a writer would wait for the lock


def begins(app):
    """Record every BEGIN the app's engine sends."""
    sent: list[str] = []

    def record(_conn, _cursor, statement, *_args) -> None:
        if statement.startswith("BEGIN"):
            sent.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", record)
    return sent


def test_a_request_that_may_write_begins_immediate_and_a_read_deferred(app):
    sid, cal = start(app)
    client = app.test_client()
    sent = begins(app)

    client.get(f"/s/{sid}")
    reads = list(sent)
    sent.clear()
    client.post(
        f"{API}/sessions/{sid}/hands",
        json={"outcome": "made", "declarer_id": cal, "bid": 300, "trump": "H"},
    )
    writes = list(sent)
    sent.clear()
    with app.app_context():  # outside a request: the command line, benchmarks
        db.session.scalar(select(func.count(Hand.id)))
        db.session.rollback()

    assert reads and set(reads) == {"BEGIN"}
    assert writes and set(writes) == {"BEGIN IMMEDIATE"}
    assert sent == ["BEGIN IMMEDIATE"]


@pytest.mark.parametrize(
    ("method", "path", "begins"),
    [
        ("GET", "/s/1", "BEGIN"),
        ("GET", f"{API}/sessions/1/hands", "BEGIN"),
        ("POST", "/s/1/hands", "BEGIN IMMEDIATE"),
        ("POST", f"{API}/sessions/1/hands", "BEGIN IMMEDIATE"),
        ("PUT", f"{API}/sessions/1/hands/1", "BEGIN IMMEDIATE"),
        ("DELETE", f"{API}/sessions/1/hands/1", "BEGIN IMMEDIATE"),
        ("POST", f"{API}/meld", "BEGIN"),  # a calculator: reads only, whatever its method
    ],
)
def test_the_begin_follows_what_the_request_may_do(app, method, path, begins):
    with app.test_request_context(path, method=method):
        assert sqlite_begin_statement() == begins
