"""Wrong PINs are limited per table and client address, counted in the database for every
worker: ten wrong tries in a minute are checked, the eleventh is refused (429) with when to
try again (``Retry-After``). The client address is the connection's, or a reverse proxy's
``X-Forwarded-For`` only when ``PROXY_FIX_X_FOR`` says a proxy is there. Tries sent at once,
and tries whose request is run again after a collision: ``tests/test_pin_retries.py``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hostedhelpers import another_worker, hosted_app, join, start_table
from sqlalchemy import func, select, update
from webhelpers import dispose, migrated_app, page_text

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Attempt, utcnow
from scorekeeper.services import attempts


@pytest.fixture
def app(tmp_path):
    app = hosted_app(tmp_path)
    yield app
    dispose(app)


def wrong_pin(right: str) -> str:
    return "000000" if right != "000000" else "111111"


def from_address(app, address: str):
    """A phone whose requests come from ``address``."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def wrong_pins():
    """The rows of wrong PINs (the tables started are counted in the same table)."""
    return select(Attempt).where(Attempt.kind == "pin")


def tries(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(Attempt.id)).where(Attempt.kind == "pin"))


def test_ten_wrong_pins_are_checked_and_the_eleventh_is_refused_with_when_to_retry(app):
    started = start_table(app.test_client())
    phone = from_address(app, "203.0.113.7")

    checked = [join(phone, started, wrong_pin(started.pin)).status_code for _ in range(10)]
    refused = join(phone, started)  # the right PIN, but unchecked: too many wrong ones

    assert checked == [422] * 10
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60
    assert f"Try again in {wait} second" in page_text(refused)
    assert tries(app) == 10  # the refused try is not counted


def test_another_address_is_not_held_up_by_one_that_guessed(app):
    started = start_table(app.test_client())
    guesser = from_address(app, "203.0.113.7")
    for _ in range(10):
        join(guesser, started, wrong_pin(started.pin))

    other = join(from_address(app, "198.51.100.2"), started)

    assert join(guesser, started).status_code == 429
    assert other.status_code == 302


def test_the_count_is_per_table(app):
    first = start_table(app.test_client(), "First")
    second = start_table(app.test_client(), "Second")
    phone = from_address(app, "203.0.113.7")
    for _ in range(10):
        join(phone, first, wrong_pin(first.pin))

    assert join(phone, second).status_code == 302
    assert join(phone, first).status_code == 429


def test_tries_older_than_a_minute_no_longer_count(app):
    started = start_table(app.test_client())
    phone = from_address(app, "203.0.113.7")
    for _ in range(10):
        join(phone, started, wrong_pin(started.pin))
    with app.app_context():
        db.session.execute(update(Attempt).values(at=Attempt.at - timedelta(seconds=61)))
        db.session.commit()

    assert join(phone, started).status_code == 302


def test_retry_after_counts_from_when_the_oldest_try_leaves_the_minute(app):
    started = start_table(app.test_client())
    phone = from_address(app, "203.0.113.7")
    for _ in range(10):
        join(phone, started, wrong_pin(started.pin))
    with app.app_context():  # the ten tries were made 45 seconds ago
        db.session.execute(update(Attempt).values(at=utcnow() - timedelta(seconds=45)))
        db.session.commit()

    refused = join(phone, started)

    assert refused.status_code == 429
    assert 14 <= int(refused.headers["Retry-After"]) <= 16


def test_a_right_pin_does_not_count_against_the_phone(app):
    started = start_table(app.test_client())
    phone = from_address(app, "203.0.113.7")
    for _ in range(9):
        join(phone, started, wrong_pin(started.pin))

    assert join(phone, started).status_code == 302
    assert tries(app) == 9


def test_two_workers_share_the_count_through_the_database(app, tmp_path):
    """A second app on the same database file stands for another worker process."""
    started = start_table(app.test_client())
    other = another_worker(tmp_path)
    here, there = from_address(app, "203.0.113.7"), from_address(other, "203.0.113.7")

    statuses = [
        join(phone, started, wrong_pin(started.pin)).status_code for phone in [here, there] * 5
    ]

    assert statuses == [422] * 10
    assert join(there, started).status_code == 429
    assert join(here, started).status_code == 429
    dispose(other)


def test_the_table_pin_of_table_mode_is_limited_the_same_way(tmp_path):
    app = migrated_app(tmp_path, TABLE_PIN="2468")
    phone = app.test_client()

    checked = [phone.post("/pin", data={"pin": "1357"}).status_code for _ in range(10)]
    refused = phone.post("/pin", data={"pin": "2468"})

    assert checked == [422] * 10
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    dispose(app)


def test_without_proxy_settings_a_forwarded_address_is_ignored(app):
    """Otherwise a guesser would send a new X-Forwarded-For with each try."""
    started = start_table(app.test_client())
    phone = from_address(app, "203.0.113.7")
    for n in range(10):
        headers = {"X-Forwarded-For": f"192.0.2.{n}"}
        phone.post(
            f"/join/{started.member_token}", data={"pin": wrong_pin(started.pin)}, headers=headers
        )

    refused = phone.post(
        f"/join/{started.member_token}",
        data={"pin": started.pin},
        headers={"X-Forwarded-For": "192.0.2.99"},
    )

    assert refused.status_code == 429


def test_behind_a_configured_proxy_the_forwarded_address_is_the_clients(tmp_path):
    app = hosted_app(tmp_path, PROXY_FIX_X_FOR=1)
    started = start_table(app.test_client())
    proxy = from_address(app, "127.0.0.1")  # every request comes through the proxy
    for _ in range(10):
        proxy.post(
            f"/join/{started.member_token}",
            data={"pin": wrong_pin(started.pin)},
            headers={"X-Forwarded-For": "203.0.113.7"},
        )

    guesser = proxy.post(
        f"/join/{started.member_token}",
        data={"pin": started.pin},
        headers={"X-Forwarded-For": "203.0.113.7"},
    )
    someone_else = proxy.post(
        f"/join/{started.member_token}",
        data={"pin": started.pin},
        headers={"X-Forwarded-For": "198.51.100.2"},
    )

    assert (guesser.status_code, someone_else.status_code) == (429, 302)
    with app.app_context():
        assert {a.address for a in db.session.scalars(wrong_pins())} == {"203.0.113.7"}
    dispose(app)


def test_links_are_https_only_when_a_configured_proxy_says_so(tmp_path):
    trusting = hosted_app(tmp_path / "a", PROXY_FIX_X_PROTO=1)
    wary = hosted_app(tmp_path / "b")
    proto = {"X-Forwarded-Proto": "https"}
    shown = {}
    for name, app in (("trusting", trusting), ("wary", wary)):
        phone = app.test_client()
        phone.post("/tables/new", data={"name": "T"}, headers=proto)
        shown[name] = phone.get("/links", headers=proto).get_data(as_text=True)
        dispose(app)

    assert "https://localhost/join/" in shown["trusting"]
    assert "http://localhost/join/" in shown["wary"]
    assert "https://" not in shown["wary"]


@pytest.mark.parametrize("value", ["one", -1, "1.5", True])
def test_proxy_settings_must_be_whole_numbers(tmp_path, value):
    with pytest.raises(ValueError, match="PROXY_FIX_X_FOR must be a whole number"):
        create_app({"SECRET_KEY": "x", "PROXY_FIX_X_FOR": value}, instance_path=tmp_path)


def test_old_tries_are_cleared_as_new_ones_come(app):
    started = start_table(app.test_client())
    with app.app_context():
        old = utcnow() - attempts.KEEP * 2
        db.session.add(Attempt(kind="pin", table_id=started.id, address="x", at=old))
        db.session.commit()

    join(from_address(app, "203.0.113.7"), started, wrong_pin(started.pin))

    with app.app_context():
        assert [a.address for a in db.session.scalars(wrong_pins())] == ["203.0.113.7"]
