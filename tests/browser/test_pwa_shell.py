"""The phone at the table, installed and offline (Chromium at 390x844): the manifest and the
service worker make the app installable, the session page opens from the phone's own copy
when the laptop can't be reached, and the worker leaves the live standings and every POST to
the laptop.

The table is Brooklyn with four (Ann, Bob, Cal, Dee; Ann deals first, so Dee sits out hand 1),
at the preset: schedule 350-390 wins 2 units, 400-440 wins 4, spades double, hearts single,
10 cents a unit (RULES sections 5.4-5.6). Each opponent, the one sitting out included, pays:

- hand 1, Bob makes 350 in hearts: V = 2; Bob +6, Ann −2, Cal −2, Dee −2;
- hand 2 (Bob deals, Ann sits out), Cal makes 400 in spades: V = 4 x 2 = 8; Cal +24, the
  others −8 each. Totals: Ann −10, Bob −2, Cal +22, Dee −10.

"Offline" is played three ways: the phone's network switched off, the laptop's server
stopped, and a laptop so slow that the phone's copy is shown after 3 s.

Screenshots go to test-artifacts/screenshots/pwa-*.png.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import threadserver
from conftest import CHROMIUM, PHONE, chromium_args
from phone import enter_hand, figures, follow, saved_hand, shoot, wait_until
from playwright.sync_api import Page, expect
from webhelpers import new_session, save_hand
from werkzeug.serving import BaseWSGIServer, make_server

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cal", "Dee"]
AFTER_HAND_1 = {"Ann": "−2", "Bob": "+6", "Cal": "−2", "Dee": "−2"}
AFTER_HAND_2 = {"Ann": "−10", "Bob": "−2", "Cal": "+22", "Dee": "−10"}
PAGES_CACHE = "scorekeeper-pages"


# -- helpers ----------------------------------------------------------------------------------


def wait_for_worker(page: Page) -> None:
    """Wait until the service worker is active and looks after this page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_until(page, "navigator.serviceWorker.controller !== null")


_KEPT_VERSION = """async ([name, url]) => {
  const kept = await (await caches.open(name)).match(url);
  if (!kept) return null;
  const found = /data-version="([^"]*)"/.exec(await kept.text());
  return found ? found[1] : '';
}"""


_KEPT_SEEN = """async ([name, url]) => {
  const kept = await (await caches.open(name)).match(url);
  return kept ? kept.headers.get('X-Scorekeeper-Seen') : null;
}"""


def wait_until_kept(page: Page, timeout: float = 10.0) -> None:
    """Wait until the phone's copy of this session page is the one on the screen."""
    shown = page.locator("#live").get_attribute("data-version")
    deadline = time.monotonic() + timeout
    kept = None
    while time.monotonic() < deadline:
        kept = page.evaluate(_KEPT_VERSION, [PAGES_CACHE, page.url])
        if kept == shown:
            return
        time.sleep(0.1)
    raise AssertionError(f"the kept copy of {page.url} is version {kept}, the page {shown}")


def cached_urls(page: Page) -> list[str]:
    """Every URL in every cache of the page's origin."""
    return page.evaluate(
        """async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            for (const key of await (await caches.open(name)).keys()) urls.push(key.url);
          }
          return urls;
        }"""
    )


@dataclass
class Laptop:
    """The app served over HTTP, which a test may slow down (``delay`` seconds before each
    answer) or switch off (the laptop went to sleep)."""

    server: BaseWSGIServer | None = None
    thread: threading.Thread | None = None
    delay: float = 0.0

    def wsgi(self, app):
        def slowed(environ, start_response):
            if self.delay:
                time.sleep(self.delay)
            return app(environ, start_response)

        return slowed

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_port}"

    def switch_off(self) -> None:
        assert self.server is not None and self.thread is not None
        threadserver.stop(self.server, self.thread)


@pytest.fixture
def laptop(app) -> Iterator[Laptop]:
    machine = Laptop()
    machine.server = make_server("127.0.0.1", 0, machine.wsgi(app), threaded=True)
    machine.thread = threadserver.start(machine.server, "laptop")
    yield machine
    machine.delay = 0
    if machine.thread.is_alive():
        machine.switch_off()


# -- installable ------------------------------------------------------------------------------


def test_chromium_finds_the_app_installable_and_reads_its_manifest(browser, live_server, tmp_path):
    """Installing needs a profile of its own (not an incognito context) and a secure origin:
    127.0.0.1 is one."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=chromium_args(), **PHONE
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{live_server}/")
        wait_for_worker(page)
        cdp = context.new_cdp_session(page)

        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        answer = cdp.send("Page.getAppManifest")
        assert answer["url"] == f"{live_server}/manifest.webmanifest"
        assert answer["errors"] == []
        read = answer["manifest"]  # Chromium's own reading of the manifest
        assert read["name"] == "Scorekeeper"
        assert read["startUrl"] == read["id"] == read["scope"] == f"{live_server}/"
        assert [icon["url"] for icon in read["icons"]] == [
            f"{live_server}/static/icon-192.png",
            f"{live_server}/static/icon-512.png",
            f"{live_server}/static/icon-maskable-512.png",
        ]

        # The check sees a broken manifest: the same one without its icons is refused.
        data = json.loads(answer["data"])
        del data["icons"]
        context.route(
            "**/manifest.webmanifest",
            lambda route: route.fulfill(
                body=json.dumps(data), content_type="application/manifest+json"
            ),
        )
        page.reload()
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert "manifest-missing-suitable-icon" in [error["errorId"] for error in errors]
    finally:
        context.close()


# -- offline ----------------------------------------------------------------------------------


def test_the_session_page_opens_offline_after_one_visit(
    app, live_server, browser_page, screenshots_dir
):
    client = app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = browser_page
    page.goto(f"{live_server}/s/{sid}")  # the one visit: the worker is installed meanwhile
    wait_for_worker(page)
    wait_until_kept(page)

    page.context.set_offline(True)
    page.reload()

    note = page.locator("[data-kept-copy]")
    expect(note).to_contain_text("The laptop can't be reached")
    expect(note).to_contain_text("as this phone last saw it")
    assert figures(page) == AFTER_HAND_1
    expect(page.locator(".next-no")).to_have_text("Hand 2")
    shoot(page, screenshots_dir, "pwa-session-from-cache-offline")

    page.goto(f"{live_server}/players/")  # never opened on this phone

    expect(page.locator("h1")).to_have_text("The laptop can't be reached")
    kept = page.locator("[data-kept-pages]")
    expect(kept).to_be_visible()
    session_link = kept.locator(f"a[href='{live_server}/s/{sid}']")
    expect(session_link).to_contain_text("Brooklyn (chips)")
    shoot(page, screenshots_dir, "pwa-offline-page")
    shoot(page, screenshots_dir, "pwa-offline-page-dark", dark=True)

    follow(page, session_link)
    assert figures(page) == AFTER_HAND_1
    posted = page.evaluate(
        """(url) => fetch(url, {method: 'POST', body: new FormData()})
             .then(r => 'answered ' + r.status, () => 'failed')""",
        f"{live_server}/s/{sid}/hands",
    )
    assert posted == "failed"  # a POST is never answered from a copy

    page.context.set_offline(False)
    follow(page, page.locator("[data-kept-copy]").get_by_role("link", name="Try again"))
    expect(page.locator("[data-kept-copy]")).to_have_count(0)  # the laptop's own page again
    assert figures(page) == AFTER_HAND_1


def test_the_last_session_page_seen_opens_when_the_laptop_is_switched_off(
    app, laptop, browser_page, screenshots_dir
):
    client = app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = browser_page
    page.goto(f"{laptop.url}/s/{sid}")
    wait_for_worker(page)

    enter_hand(page, declarer="Cal", bid=400, trump="S", outcome="Made")  # a POST: not touched
    saved_hand(page, 2)
    assert figures(page) == AFTER_HAND_2
    wait_until_kept(page)
    laptop.switch_off()
    page.reload()

    expect(page.locator("[data-kept-copy]")).to_contain_text("The laptop can't be reached")
    assert figures(page) == AFTER_HAND_2  # the page as last seen, after hand 2
    expect(page.locator(".flash", has_text="Hand 2 saved")).to_have_count(0)  # said once only
    shoot(page, screenshots_dir, "pwa-session-laptop-off")


def test_a_laptop_slow_to_answer_shows_the_kept_copy_after_three_seconds(app, laptop, browser_page):
    """The worker waits 3 s (WAIT in static/sw.js) for the laptop before showing the copy."""
    client = app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = browser_page
    page.goto(f"{laptop.url}/s/{sid}")
    wait_for_worker(page)
    wait_until_kept(page)
    kept_at = page.evaluate(_KEPT_SEEN, [PAGES_CACHE, page.url])

    laptop.delay = 6
    started = time.monotonic()
    page.reload()
    waited = time.monotonic() - started

    expect(page.locator("[data-kept-copy]")).to_contain_text("The laptop can't be reached")
    assert figures(page) == AFTER_HAND_1
    assert 2.5 < waited < 5.5, f"the copy came after {waited:.1f} s"
    # The laptop's answer, when it comes, still refreshes the copy for next time.
    deadline = time.monotonic() + 10
    while page.evaluate(_KEPT_SEEN, [PAGES_CACHE, page.url]) == kept_at:
        assert time.monotonic() < deadline, "the late answer was not kept"
        time.sleep(0.2)


def test_the_worker_leaves_the_live_standings_and_the_api_to_the_laptop(
    app, live_server, browser_page
):
    client = app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = browser_page
    page.goto(f"{live_server}/s/{sid}")
    wait_for_worker(page)
    page.reload()  # looked after by the worker from its first request
    wait_until_kept(page)
    api = f"{live_server}/api/v1/sessions/{sid}"
    first = page.evaluate("(url) => fetch(url).then(r => r.json())", api)

    save_hand(client, sid, declarer="Cal", bid=400, trump="S", outcome="made")  # another phone

    expect(page.locator(".next-no")).to_have_text("Hand 3", timeout=10_000)  # followed live
    page.wait_for_timeout(300)  # the page is read again, nothing being typed on it
    page.wait_for_load_state()
    assert figures(page) == AFTER_HAND_2
    second = page.evaluate("(url) => fetch(url).then(r => r.json())", api)
    assert second != first  # read from the laptop, not from a copy
    urls = cached_urls(page)
    assert f"{live_server}/s/{sid}" in urls
    assert not [url for url in urls if "/api/" in url or url.endswith("/standings")], urls
