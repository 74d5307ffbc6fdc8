"""Each wrong PIN a person types counts exactly once, and a right one never, whatever the
retries: a request that collides on PostgreSQL (serialization failure or deadlock) is run again
whole (``unit_of_work.dispatch_retrying``), and the try it recorded is rolled back with it; only
the run that is answered leaves its row. The eleventh wrong PIN within a minute is still
refused with 429 and ``Retry-After``.

The collisions are injected as ``tests/test_retries.py`` does: after the try was recorded and
the PIN checked (a statement cancelled as a deadlock's victim), or at the commit of the answer.
Every test runs on SQLite and on a PostgreSQL database of its own. The clock the limit reads
is fixed (``Clock``), so the waits are the minute's arithmetic.
"""

from __future__ import annotations

import threading
from datetime import datetime

import pytest
from hostedhelpers import (  # the app on each database and the clock at T0: fixtures
    clock_at_t0,  # noqa: F401
    hosted_app_on_each_database,  # noqa: F401
    join,
    start_table,
)
from sqlalchemy import func, select
from test_retries import COLLISIONS, collided, fail_commits
from webhelpers import page_text

from scorekeeper.extensions import db
from scorekeeper.models import Attempt
from scorekeeper.services import attempts, unit_of_work
from scorekeeper.services import tables as table_service

T0 = datetime(2026, 11, 23, 20, 0, 0)
GUESSER = "203.0.113.7"


@pytest.fixture
def pauses(monkeypatch) -> list[int]:
    """No real pause between runs of a request; the retries that would have paused."""
    taken: list[int] = []
    monkeypatch.setattr(unit_of_work, "pause", taken.append)
    return taken


def wrong_pin(right: str) -> str:
    return "000000" if right != "000000" else "111111"


def guesser(app):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = GUESSER
    return client


def counted(app, table_id: int) -> int:
    """The wrong PINs stored for the table."""
    with app.app_context():
        return db.session.scalar(
            select(func.count(Attempt.id)).where(
                Attempt.kind == "pin", Attempt.table_id == table_id
            )
        )


def collide_after_the_check(monkeypatch, kind: str, times: int = 1) -> list[str]:
    """The first ``times`` requests are cancelled right after the PIN was checked (its try
    already recorded), as PostgreSQL cancels a statement it finds deadlocked; the calls."""
    real = table_service.is_pin_of
    calls: list[str] = []

    def check(*args) -> bool:
        right = real(*args)
        if len(calls) < times:
            calls.append("collided")
            raise collided(kind, "SELECT tables ...")
        calls.append("answered")
        return right

    monkeypatch.setattr(table_service, "is_pin_of", check)
    return calls


def inject(monkeypatch, where: str, kind: str) -> list[str]:
    if where == "after the check":
        return collide_after_the_check(monkeypatch, kind)
    calls = fail_commits(monkeypatch, collided(kind), times=1)
    return calls


WHERE = ["after the check", "at the commit"]


@pytest.mark.parametrize("kind", COLLISIONS)
@pytest.mark.parametrize("where", WHERE)
def test_a_wrong_pin_whose_request_collides_once_counts_once(
    app, clock, pauses, monkeypatch, where, kind
):
    started = start_table(app.test_client())
    calls = inject(monkeypatch, where, kind)

    answer = join(guesser(app), started, wrong_pin(started.pin))

    assert answer.status_code == 422
    assert "That PIN is not right" in page_text(answer)
    assert len(calls) == 2  # run twice: collided, then answered
    assert pauses == [0]
    assert counted(app, started.id) == 1


@pytest.mark.parametrize("where", WHERE)
def test_a_right_pin_whose_request_collides_once_never_counts(
    app, clock, pauses, monkeypatch, where
):
    started = start_table(app.test_client())
    phone = guesser(app)
    calls = inject(monkeypatch, where, "deadlock")

    answer = join(phone, started)

    assert answer.status_code == 302
    assert len(calls) == 2
    assert counted(app, started.id) == 0
    assert phone.get("/").status_code == 200  # a member now


def test_the_tenth_wrong_pin_collided_is_still_checked_and_the_eleventh_waits_40_seconds(
    app, clock, pauses, monkeypatch
):
    """Wrong PINs at 20:00:00, :01, ... :09; the tenth collides once and is run again. The
    eleventh, at 20:00:20, finds ten in the minute: the one of 20:00:00 leaves it at 20:01:00,
    40 seconds later. At 20:01:00 nine are left and the PIN is checked again."""
    started = start_table(app.test_client())
    phone = guesser(app)
    answers = []
    for n in range(10):
        if n == 9:
            calls = collide_after_the_check(monkeypatch, "serialization failure")
        answers.append(join(phone, started, wrong_pin(started.pin)).status_code)
        clock.advance(seconds=1)
    tenth = list(calls)

    clock.now = T0.replace(second=20)
    refused = join(phone, started)
    clock.now = T0.replace(minute=1)
    let_in = join(phone, started)

    assert answers == [422] * 10
    assert tenth == ["collided", "answered"]
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "40"
    assert "Try again in 40 seconds" in page_text(refused)
    assert let_in.status_code == 302
    assert counted(app, started.id) == 10  # the right PIN and the refused one never counted


def test_a_wrong_pin_that_keeps_colliding_answers_503_and_counts_nothing(
    app, clock, pauses, monkeypatch
):
    started = start_table(app.test_client())
    phone = guesser(app)
    commits = fail_commits(monkeypatch, collided("serialization failure"), times=100)

    busy = join(phone, started, wrong_pin(started.pin))
    monkeypatch.undo()  # the database answers again
    monkeypatch.setattr(attempts, "utcnow", clock)
    wrong = join(phone, started, wrong_pin(started.pin))

    assert busy.status_code == 503
    assert len(commits) == unit_of_work.RETRIES + 1
    assert wrong.status_code == 422
    assert counted(app, started.id) == 1


def test_twenty_wrong_pins_sent_at_once_ten_are_checked_and_ten_refused(app):
    """Each on its own connection, as workers would take them: the tries of one table and
    address are counted one after the other, so exactly ten are checked."""
    started = start_table(app.test_client())
    statuses: list[int] = []
    gate = threading.Barrier(20, timeout=60)

    def guess() -> None:
        phone = guesser(app)
        gate.wait()
        statuses.append(join(phone, started, wrong_pin(started.pin)).status_code)

    threads = [threading.Thread(target=guess) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(statuses) == [422] * 10 + [429] * 10
    assert counted(app, started.id) == 10
