"""Fixtures shared by the whole test suite.

- ``app``, ``client``, ``runner``: the app on a temporary SQLite file of its own, a copy of one
  migrated with Alembic once per test process (``webhelpers.migrated_template``).
- ``live_server``: the same app served over HTTP in a background thread; yields its base URL.
- ``browser``, ``browser_page``: Debian's Chromium through Playwright, as a 390x844 phone.
- ``postgres_url``: a throwaway PostgreSQL cluster for the session; ``pg_app``: the app on it.
- ``screenshots_dir``: ``test-artifacts/screenshots`` at the repository root (git-ignored).

The URL builders of the apps' routing rules are compiled once per process (tests/routingcache.py).

A browser or database that is missing skips its tests, except when ``CI=true``: there a test
may not be skipped because a browser or database is missing, so it fails instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from pgcluster import ClusterUnavailable, throwaway_postgres
from routingcache import install as share_url_builders
from webhelpers import dispose, migrated_app
from werkzeug.serving import make_server

from scorekeeper import ROOT
from scorekeeper.extensions import db

share_url_builders()  # tests/routingcache.py: the apps made for the tests made 5 times faster

CHROMIUM = os.environ.get("CHROMIUM_EXECUTABLE", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


def unavailable(reason: str) -> None:
    """Skip the test, or fail it under CI, because something it needs is not installed."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: a missing browser or database is a failure)")
    pytest.skip(reason)


# --- the app -------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh SQLite file, a copy of the one the migrations built for the run."""
    app = migrated_app(tmp_path)
    yield app
    dispose(app)


@pytest.fixture
def pg_app(postgres_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on the session's PostgreSQL database, brought up to date by the migrations
    (shared by the tests that use it: each looks only at the rows it made)."""
    app = migrated_app(tmp_path, database_url=postgres_url)
    with app.app_context():
        assert db.engine.dialect.name == "postgresql"
    yield app
    dispose(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def live_server(app: Flask) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 at a free port in a background thread; yields the base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live_server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's build, not Playwright's download), shared by the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install -e '.[test]')")
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(browser):
    """A fresh page in its own context, sized and behaving like a phone (390x844, touch)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    path = ROOT / "test-artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


# --- PostgreSQL ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on 127.0.0.1 with a fresh database; yields its URL
    (tests/pgcluster.py)."""
    try:
        with throwaway_postgres("scorekeeper_test") as url:
            yield url
    except ClusterUnavailable as reason:
        unavailable(str(reason))
