"""Starting hosted tables is limited per client address, counted in the database for every
worker like wrong PINs (``services.attempts``): ``NEW_TABLES_PER_HOUR`` (10 unless set) within
an hour; one more is answered 429 with ``Retry-After``, the form shown again with the name as
typed and a message beside it saying when another may be started, and nothing saved. A name
refused, or a start rolled back, does not count; a start run again after a collision counts
once. The address is the connection's, or a reverse proxy's ``X-Forwarded-For`` only when
``PROXY_FIX_X_FOR`` says a proxy is there. No API route starts a table.

The clock the limit reads is fixed (``Clock``), so the waits are the hour's arithmetic.
"""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path

import pytest
from hostedhelpers import (
    another_worker,  # the app on each database and the clock at T0: fixtures
    clock_at_t0,  # noqa: F401
    hosted_app,
    hosted_app_on,
    hosted_app_on_each_database,  # noqa: F401
)
from sqlalchemy import func, select
from test_retries import collided, fail_commits
from webhelpers import database_dump, dispose, find_form, page_text, parse, shown_value, text_of

import scorekeeper
from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Attempt, Table
from scorekeeper.services import unit_of_work

T0 = datetime(2026, 11, 23, 19, 0, 0)
CLUB = "203.0.113.7"


def from_address(app, address: str = CLUB):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def start(client, name: str = "Thursday club", **headers: str):
    return client.post("/tables/new", data={"name": name}, headers=headers)


def tables(app) -> int:
    with app.app_context():
        return db.session.scalar(
            select(func.count(Table.id)).where(Table.member_token_hash.is_not(None))
        )


def starts_counted(app) -> list[str]:
    """The address of each table start in the count, oldest first."""
    with app.app_context():
        rows = db.session.scalars(
            select(Attempt.address).where(Attempt.kind == "table").order_by(Attempt.at)
        )
        return list(rows)


def refusal_beside_the_form(page) -> str:
    """The message shown inside the start-a-table form, beside its button."""
    form = find_form(parse(page))
    return " ".join(text_of(p) for p in form.iter("p") if p.get("id") == "new-table-refused")


def test_ten_tables_an_hour_then_the_form_again_with_429_and_the_wait(app, clock):
    """Tables started at 19:00, 19:05, ... 19:45. At 19:50 one more waits until 19:00's start
    leaves the hour, at 20:00: 600 s, 10 minutes. At 20:00 one is started; the next then
    waits for 19:05's to leave, at 20:05: 300 s. At 20:03:30 that is 90 seconds."""
    club = from_address(app)
    answers = []
    for n in range(10):
        answers.append(start(club, f"Table {n + 1}").status_code)
        clock.advance(minutes=5)
    before = database_dump(app)

    refused = start(club, "Eleventh club")
    after_refusal = database_dump(app)
    clock.now = T0.replace(hour=20)
    at_eight = start(club, "Eleventh club")
    again = start(club, "Twelfth club")
    clock.now = T0.replace(hour=20, minute=3, second=30)
    later = start(club, "Twelfth club")

    assert answers == [302] * 10
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "600"
    assert shown_value(refused, "name") == "Eleventh club"
    said = refusal_beside_the_form(refused)
    assert "This address has started 10 tables in the last hour" in said
    assert "Nothing was saved" in said
    assert "You can start another in 10 minutes." in said
    assert after_refusal == before  # nothing saved, not even the refused try
    assert at_eight.status_code == 302
    assert again.status_code == 429
    assert again.headers["Retry-After"] == "300"
    assert "You can start another in 5 minutes." in refusal_beside_the_form(again)
    assert (later.status_code, later.headers["Retry-After"]) == (429, "90")
    assert "You can start another in 90 seconds." in page_text(later)
    assert tables(app) == 11
    assert starts_counted(app) == [CLUB] * 11


def test_another_address_starts_tables_while_one_is_held(app, clock):
    script = from_address(app, "198.51.100.66")
    for n in range(10):
        start(script, f"Spam {n}")

    held = start(script, "Spam 11")
    club = start(from_address(app, CLUB), "Thursday club")

    assert (held.status_code, club.status_code) == (429, 302)
    assert tables(app) == 11


def test_a_name_refused_does_not_count(app, clock):
    """Nine tables, five names refused, then the tenth table: the eleventh is the one held."""
    club = from_address(app)
    started = [start(club, f"Table {n}").status_code for n in range(1, 10)]
    refused = [start(club, "   ").status_code for _ in range(5)]
    tenth = start(club, "Table 10")
    eleventh = start(club, "Table 11")

    assert started == [302] * 9
    assert refused == [422] * 5
    assert (tenth.status_code, eleventh.status_code) == (302, 429)
    assert len(starts_counted(app)) == 10


def test_a_start_whose_commit_collides_is_saved_and_counted_once(tmp_path, monkeypatch):
    """With two tables an hour: the first start's commit is refused once and run again. One
    table, one start counted: the second start is let through, the third held."""
    with hosted_app_on("sqlite", tmp_path, None, NEW_TABLES_PER_HOUR=2) as app:
        check_a_collided_start_counts_once(app, monkeypatch)


@pytest.mark.postgres
def test_on_postgresql_a_start_whose_commit_collides_is_saved_and_counted_once(
    tmp_path, postgres_url, monkeypatch
):
    with hosted_app_on("postgresql", tmp_path, postgres_url, NEW_TABLES_PER_HOUR=2) as app:
        check_a_collided_start_counts_once(app, monkeypatch)


def check_a_collided_start_counts_once(app, monkeypatch) -> None:
    monkeypatch.setattr(unit_of_work, "pause", lambda retry: None)
    club = from_address(app)
    calls = fail_commits(monkeypatch, collided("serialization failure"), times=1)

    first = start(club, "First")
    second = start(club, "Second")
    third = start(club, "Third")

    assert calls == ["failed", "committed", "committed"]  # the third is rolled back
    assert (first.status_code, second.status_code, third.status_code) == (302, 302, 429)
    assert tables(app) == 2
    assert starts_counted(app) == [CLUB, CLUB]


def test_fifteen_starts_at_once_from_one_address_save_exactly_ten(app):
    """Each on its own connection, as workers would take them: the starts of one address are
    counted one after the other."""
    statuses: list[int] = []
    gate = threading.Barrier(15, timeout=60)

    def start_one(n: int) -> None:
        club = from_address(app)
        gate.wait()
        statuses.append(start(club, f"Table {n}").status_code)

    threads = [threading.Thread(target=start_one, args=(n,)) for n in range(15)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(statuses) == [302] * 10 + [429] * 5
    assert tables(app) == 10


def test_two_workers_share_the_count_through_the_database(tmp_path, clock):
    """A second app on the same database file stands for another worker process."""
    here = hosted_app(tmp_path)
    there = another_worker(tmp_path)
    phones = [from_address(here), from_address(there)]

    statuses = [start(phones[n % 2], f"Table {n}").status_code for n in range(10)]

    assert statuses == [302] * 10
    assert start(phones[0]).status_code == 429
    assert start(phones[1]).status_code == 429
    dispose(here)
    dispose(there)


def test_the_limit_is_the_new_tables_per_hour_setting(tmp_path, clock):
    """Two an hour: starts at 19:00 and 19:10; at 19:20 the third waits for 20:00, 2400 s."""
    app = hosted_app(tmp_path, NEW_TABLES_PER_HOUR=2)
    club = from_address(app)
    first = start(club, "First")
    clock.advance(minutes=10)
    second = start(club, "Second")
    clock.advance(minutes=10)

    third = start(club, "Third")

    assert (first.status_code, second.status_code, third.status_code) == (302, 302, 429)
    assert third.headers["Retry-After"] == "2400"
    said = refusal_beside_the_form(third)
    assert "started 2 tables in the last hour" in said
    assert "You can start another in 40 minutes." in said
    dispose(app)


def test_the_setting_is_ten_unless_set_and_read_from_the_environment(tmp_path, monkeypatch):
    plain = create_app({"SECRET_KEY": "x"}, instance_path=tmp_path / "a")
    monkeypatch.setenv("SCOREKEEPER_NEW_TABLES_PER_HOUR", "25")
    from_env = create_app({"SECRET_KEY": "x"}, instance_path=tmp_path / "b")

    assert plain.config["NEW_TABLES_PER_HOUR"] == 10
    assert from_env.config["NEW_TABLES_PER_HOUR"] == 25


@pytest.mark.parametrize("value", [0, -1, "ten", "1.5", True, None])
def test_the_setting_must_be_a_whole_number_of_at_least_one(tmp_path, value):
    with pytest.raises(ValueError, match="NEW_TABLES_PER_HOUR must be a whole number of at"):
        create_app({"SECRET_KEY": "x", "NEW_TABLES_PER_HOUR": value}, instance_path=tmp_path)


def test_without_proxy_settings_a_forwarded_address_is_ignored(tmp_path, clock):
    """Otherwise a script would send a new X-Forwarded-For with each table."""
    app = hosted_app(tmp_path)
    script = from_address(app)
    for n in range(10):
        start(script, f"Spam {n}", **{"X-Forwarded-For": f"192.0.2.{n}"})

    held = start(script, "Spam 11", **{"X-Forwarded-For": "192.0.2.99"})

    assert held.status_code == 429
    assert starts_counted(app) == [CLUB] * 10
    dispose(app)


def test_behind_a_configured_proxy_the_forwarded_address_is_counted(tmp_path, clock):
    app = hosted_app(tmp_path, PROXY_FIX_X_FOR=1)
    proxy = from_address(app, "127.0.0.1")  # every request comes through the proxy
    for n in range(10):
        start(proxy, f"Spam {n}", **{"X-Forwarded-For": "198.51.100.66"})

    script = start(proxy, "Spam 11", **{"X-Forwarded-For": "198.51.100.66"})
    club = start(proxy, "Thursday club", **{"X-Forwarded-For": CLUB})

    assert (script.status_code, club.status_code) == (429, 302)
    assert starts_counted(app) == ["198.51.100.66"] * 10 + [CLUB]
    dispose(app)


def test_only_the_new_table_page_starts_a_hosted_table():
    """The limit has one way in to guard: no API route starts a table (the API works within
    the table its token names), and the page is the one caller of ``start_hosted_table``."""
    package = Path(scorekeeper.__file__).parent
    callers = {
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if "start_hosted_table(" in path.read_text(encoding="utf-8")
    }

    assert callers == {"services/tables.py", "views/tables.py"}
