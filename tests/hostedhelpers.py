"""Helpers for hosted mode's tests: start a table through its page and read back its links and
PIN as its creator sees them, join with the member link and PIN, follow the watch link; the
hosted app on SQLite or on a PostgreSQL database of its own. The page helpers only send
requests and read pages, so they work in process (Flask's test client) and over HTTP
(``hostedserver.LiveClient``) alike."""

from __future__ import annotations

import re
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hostedserver import LiveClient, postgres_database
from webhelpers import app_at, dispose, migrated_app, parse, sqlite_url, text_of

from scorekeeper.services import attempts


@dataclass(frozen=True)
class Started:
    """A hosted table as its creator was shown it."""

    id: int
    member_token: str
    watch_token: str
    pin: str

    @property
    def bearer(self) -> dict[str, str]:
        """The member token as the API takes it."""
        return {"Authorization": f"Bearer {self.member_token}"}

    @property
    def watch_bearer(self) -> dict[str, str]:
        """The watch token as the API takes it."""
        return {"Authorization": f"Bearer {self.watch_token}"}


def hosted_app(root: Path, **config: Any) -> Flask:
    """The app in hosted mode on a fresh SQLite file under ``root``."""
    return migrated_app(root, HOSTED=True, **config)


def another_worker(root: Path) -> Flask:
    """The hosted app again on the database file of ``hosted_app(root)``: what a second
    worker process serves (the schema is there already)."""
    return app_at(sqlite_url(root), root / "other", HOSTED=True)


@contextmanager
def hosted_app_on(kind: str, root: Path, postgres_url: str | None = None, **config: Any):
    """The hosted app on a fresh SQLite file under ``root`` (``kind`` "sqlite"), or on a
    fresh PostgreSQL database of its own in the cluster of ``postgres_url`` ("postgresql"),
    so that no other test's rows are counted; closed (and the database dropped) afterwards."""
    with ExitStack() as stack:
        url = None
        if kind != "sqlite":
            assert postgres_url is not None
            url = stack.enter_context(postgres_database(postgres_url))
        app = hosted_app(root, database_url=url, **config)
        try:
            yield app
        finally:
            dispose(app)


def links_shown(page) -> tuple[str | None, str | None, str | None]:
    """(member token, watch token, PIN) as the links page shows them (None when not shown)."""
    html = page.get_data(as_text=True)
    member = re.search(r'href="https?://[^/"]+/join/([A-Za-z0-9_-]+)"', html)
    watch = re.search(r'href="https?://[^/"]+/watch/([A-Za-z0-9_-]+)"', html)
    shown = [text_of(p) for p in parse(page).iter("p") if "pin-shown" in (p.get("class") or "")]
    return (
        member.group(1) if member else None,
        watch.group(1) if watch else None,
        shown[0] if shown else None,
    )


def start_table(client: FlaskClient | LiveClient, name: str = "Thursday club") -> Started:
    """Start a table through the page, as its creator; returns what the creator was shown
    (its id as the tables page shows it: the table open now). Works over HTTP too."""
    made = client.post("/tables/new", data={"name": name})
    assert made.status_code == 302, made.status_code
    assert made.headers["Location"] == "/links"
    page = client.get("/links")
    assert page.status_code == 200
    member, watch, pin = links_shown(page)
    assert member and watch and pin
    return Started(open_table_id(client), member, watch, pin)


def open_table_id(client: FlaskClient | LiveClient) -> int:
    """The id of the table the phone has open now, read from the tables page."""
    tables = client.get("/tables")
    assert tables.status_code == 200
    current = [li for li in parse(tables).iter("li") if "current" in (li.get("class") or "")]
    assert len(current) == 1, len(current)
    opening = current[0].find("form")
    assert opening is not None
    found = re.fullmatch(r"/tables/(\d+)/open", opening.get("action") or "")
    assert found, opening.get("action")
    return int(found.group(1))


def join(client: FlaskClient | LiveClient, started: Started, pin: str | None = None):
    """Open the member link and enter the PIN (the right one unless ``pin`` is given)."""
    return client.post(f"/join/{started.member_token}", data={"pin": pin or started.pin})


def watch(client: FlaskClient | LiveClient, started: Started):
    """Open the watch link."""
    return client.get(f"/watch/{started.watch_token}")


class Clock:
    """The time the attempt limits read (``services.attempts.utcnow``), moved by the test."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move the clock on by ``timedelta(**delta)``."""
        self.now += timedelta(**delta)


@pytest.fixture(
    name="app", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def hosted_app_on_each_database(request, tmp_path):
    """The hosted app on SQLite, then on a PostgreSQL database of its own (a module takes it
    as its ``app`` by importing it)."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    with hosted_app_on(request.param, tmp_path, url) as app:
        yield app


@pytest.fixture(name="clock")
def clock_at_t0(request, monkeypatch) -> Clock:
    """The attempt limits' clock, fixed at the test module's ``T0`` until moved."""
    fixed = Clock(request.module.T0)
    monkeypatch.setattr(attempts, "utcnow", fixed)
    return fixed
