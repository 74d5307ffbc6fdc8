"""Fixtures shared by the whole test suite.

- ``app``, ``client``, ``runner``: the app on a temporary SQLite file of its own, a copy of one
  migrated with Alembic once per test process (``webhelpers.migrated_template``).
- ``live_server``: the same app served over HTTP in a background thread; yields its base URL.
- ``browser``, ``browser_page``: Debian's Chromium through Playwright, as a 390x844 phone.
- ``postgres_url``: a throwaway PostgreSQL cluster for the session; ``pg_app``: the app on it.
- ``screenshots_dir``: ``test-artifacts/screenshots`` at the repository root (git-ignored).

This file is loaded for every test, those of ``tests/rules`` among them, which import nothing
of Flask (``tests/rules/test_purity.py`` checks it): so at module level it imports only
pytest and the standard library, and each fixture imports the app, Flask, Werkzeug or the
database when it is first used.

The URL builders of the apps' routing rules are compiled once per process (tests/routingcache.py),
and so is the SQL their SQLite engines run (tests/sqlcache.py), shared from before the first
test module outside ``tests/rules`` is imported (``pytest_collectstart``): some of them make an
app at import time.

A browser or database that is missing skips its tests, except when ``CI=true``: there a test
may not be skipped because a browser or database is missing, so it fails instead.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import threadserver  # the standard library only
from pgcluster import ClusterUnavailable, throwaway_postgres  # the standard library only

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient, FlaskCliRunner

RULES_TESTS = Path(__file__).resolve().parent / "rules"

# Every database the tests make is thrown away: SQLite need not wait for each commit to reach
# the disk (the setting's default, FULL, does; a tenth of the database tests' time went on it).
# Set here, it reaches the servers the tests start too; tests/test_app.py checks the setting.
os.environ.setdefault("SCOREKEEPER_SQLITE_SYNCHRONOUS", "OFF")

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
NO_OMNIBOX_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")
"""The features of the address bar's drop-down, which Chromium 156 draws as a page of its own
(``chrome://omnibox-popup.top-chrome``) in a renderer of its own for every window, so for
every browser context a test opens, in headless mode too: about a fifth of the browser tests'
Chromium CPU (67 s of CPU down to 55 s for test_presets.py, test_undo.py and test_smoke.py,
measured on the 2-core machine), for a drop-down no test opens."""


@functools.cache
def chromium_args() -> tuple[str, ...]:
    """``CHROMIUM_ARGS``, and the address bar's drop-down turned off (``NO_OMNIBOX_POPUP``).

    Chromium reads only the last ``--disable-features`` it is given, and Playwright gives one
    of its own, so ours repeats Playwright's list (as its driver spells it) with those
    features added. When that list cannot be read (another Playwright), the drop-down stays:
    slower, never different."""
    kept = _playwright_disabled_features()
    if kept is None:
        return tuple(CHROMIUM_ARGS)
    return (*CHROMIUM_ARGS, "--disable-features=" + ",".join([*kept, *NO_OMNIBOX_POPUP]))


def _playwright_disabled_features() -> list[str] | None:
    """The features Playwright's driver turns off in Chromium, read from its source; None
    unless the list is plain names (and comments)."""
    spec = importlib.util.find_spec("playwright")
    if spec is None or not spec.submodule_search_locations:
        return None
    package = Path(next(iter(spec.submodule_search_locations)))
    try:
        source = (package / "driver" / "package" / "lib" / "coreBundle.js").read_text("utf-8")
    except OSError:
        return None
    found = re.search(r"\bdisabledFeatures = \[(.*?)\]\.filter\(Boolean\);", source, re.S)
    if found is None:
        return None
    listed = re.sub(r"//[^\n]*", "", found.group(1))
    if re.sub(r'"\w+"|[\s,]', "", listed):
        return None  # something besides names: not read
    return re.findall(r'"(\w+)"', listed)


def unavailable(reason: str) -> None:
    """Skip the test, or fail it under CI, because something it needs is not installed."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: a missing browser or database is a failure)")
    pytest.skip(reason)


def pytest_collectstart(collector: pytest.Collector) -> None:
    """Before a test module outside ``tests/rules`` is imported, share the URL builders
    (tests/routingcache.py: the apps made for the tests made 5 times faster) and the compiled
    SQL (tests/sqlcache.py: a fifth of a test's CPU that saves hands through the pages)."""
    if isinstance(collector, pytest.Module) and RULES_TESTS not in collector.path.parents:
        from routingcache import install as share_url_builders
        from sqlcache import install as share_compiled_sql

        share_url_builders()  # once: each does nothing the second time
        share_compiled_sql()


# --- the app -------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh SQLite file, a copy of the one the migrations built for the run."""
    from webhelpers import dispose, migrated_app

    app = migrated_app(tmp_path)
    yield app
    dispose(app)


@pytest.fixture
def pg_app(postgres_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on the session's PostgreSQL database, brought up to date by the migrations
    (shared by the tests that use it: each looks only at the rows it made)."""
    from webhelpers import dispose, migrated_app

    from scorekeeper.extensions import db

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
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threadserver.start(server, "live_server")
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        threadserver.stop(server, thread)  # at once (tests/threadserver.py)


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's build, not Playwright's download), shared by the session,
    without the address bar's drop-down (``chromium_args``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install -e '.[test]')")
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=chromium_args())
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
    from scorekeeper import ROOT  # scorekeeper.factory, which imports Flask

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
