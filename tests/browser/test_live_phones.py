"""Two phones at the table, each 390x844, on the laptop's own server (waitress, as ``serve``
runs it): a hand saved on one shows on the other at once, through the session's live stream;
a phone without EventSource still follows the table by asking every few seconds.

Brooklyn, three players (Ann, Bob, Cal), Ann deals first. Hand 1: Bob makes 350 in hearts:
350-390 is 2 units (RULES 5.4), hearts do not multiply (5.5), Ann and Cal each pay Bob 2
(5.6): Ann -2, Bob +4, Cal -2.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import waitress
from conftest import PHONE
from phone import enter_hand, figures, shoot, start_session
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from scorekeeper.cli import SERVE_THREADS

pytestmark = pytest.mark.browser

AFTER = {"Ann": "−2", "Bob": "+4", "Cal": "−2"}
AT_ONCE = 1.0
"""Seconds from the tap on Save to the figure on the other phone. Measured on the 2-core
machine this was written on: about 0.2 s (the save, the event, the other phone reading its
page again); asking every 3 seconds instead would take up to 3 s, so 1 s still tells the
two apart while leaving a busy CI machine four times the room."""

BOB_SHOWS_FOUR = """() => {
  sessionStorage.removeItem('bobShown');  // the time Bob's +4 is first on the screen
  const bob = () => [...document.querySelectorAll('#standings .standing')]
    .find((row) => row.querySelector('.who').childNodes[0].textContent.trim() === 'Bob');
  const check = () => {
    const row = bob();
    if (row && row.querySelector('.figure').textContent.trim() === '+4') {
      sessionStorage.setItem('bobShown', Date.now());
    }
    else requestAnimationFrame(check);
  };
  check();
}"""
"""Note the time Bob's +4 shows (in the tab's sessionStorage: the page is read again after the
figures are in, when nothing is typed in its form)."""


@pytest.fixture
def laptop(app) -> Iterator[str]:
    """The app served by waitress with the threads ``serve`` gives it, on a free port.

    A stream finds its phone gone at its next heartbeat: every half second here, so the
    streams of the phones closed by the test end before the server does (a stream still
    writing once the server is closed logs a broken pipe into a later test's output)."""
    app.config["LIVE_HEARTBEAT"] = 0.5
    hub = app.extensions["scorekeeper.live"]
    server = waitress.create_server(
        app, host="127.0.0.1", port=0, threads=SERVE_THREADS + hub.limit
    )
    thread = threading.Thread(target=server.run, name="laptop", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        deadline = time.monotonic() + 5
        while hub.open_streams and time.monotonic() < deadline:
            time.sleep(0.05)

        def close_all() -> None:
            for channel in list(server._map.values()):  # the server, its trigger, any phone
                channel.close()

        # Closed in the server's own loop (its trigger runs the thunk there): closed from this
        # thread, the loop's select could meet the closed socket (EBADF, a thread exception).
        server.trigger.pull_trigger(close_all)
        thread.join(timeout=5)


def streams_open(app, count: int) -> None:
    """Wait until the server holds ``count`` live streams (each phone's page opened one)."""
    deadline = time.monotonic() + 10
    while app.extensions["scorekeeper.live"].open_streams < count:
        assert time.monotonic() < deadline, "the phones did not open their streams"
        time.sleep(0.05)


def settled_figures(page: Page) -> dict[str, str]:
    """The standings figures once the page has been read again: on a loaded machine the
    figures may be looked for while the page that showed them is still being replaced."""
    for _ in range(20):
        page.wait_for_load_state()
        try:
            return figures(page)
        except PlaywrightError:  # the page being read again: its new one is looked at
            page.wait_for_timeout(250)
    return figures(page)


def save_and_time(saver: Page, watcher: Page) -> float:
    """Tap Save on ``saver``; seconds until Bob's +4 shows on ``watcher`` (both clocks are
    this machine's)."""
    watcher.evaluate(BOB_SHOWS_FOUR)  # watching before the tap
    form = saver.locator("#hand-form")
    expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)
    tapped = saver.evaluate("Date.now()")
    form.get_by_role("button", name="Save hand").tap()
    # Should the figure have come with a page read again, the new page's time stands.
    shown = watcher.wait_for_function(
        "() => +sessionStorage.getItem('bobShown') || (document.readyState === 'complete' && "
        "[...document.querySelectorAll('#standings .figure')].some((f) => "
        "f.textContent.trim() === '+4') && Date.now())",
        timeout=10000,
    )
    return (shown.json_value() - tapped) / 1000


def test_a_hand_saved_on_one_phone_shows_on_the_other_within_a_second(
    app, laptop, browser, screenshots_dir
):
    ann_phone = browser.new_context(**PHONE)
    bob_phone = browser.new_context(**PHONE)
    try:
        ann = ann_phone.new_page()
        url = start_session(ann, laptop, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")
        bob = bob_phone.new_page()
        bob.goto(url)
        streams_open(app, 2)
        enter_hand(ann, declarer="Bob", bid=350, trump="H", outcome="Made", save=False)

        took = save_and_time(ann, bob)

        assert took < AT_ONCE, f"{took:.2f} s"
        bob.wait_for_timeout(300)  # the page read again, nothing being typed on it
        bob.wait_for_load_state()
        assert figures(bob) == AFTER
        shoot(bob, screenshots_dir, "live-other-phone")
        # Ann's phone reads the page again after its save: wait for it before reading it.
        expect(ann.locator("#standings .standing").nth(1).locator(".figure")).to_have_text("+4")
        assert figures(ann) == AFTER
    finally:
        ann_phone.close()
        bob_phone.close()


def test_a_phone_without_eventsource_follows_the_table_by_asking(app, laptop, browser):
    ann_phone = browser.new_context(**PHONE)
    old_phone = browser.new_context(**PHONE)
    old_phone.add_init_script("delete window.EventSource;")
    try:
        ann = ann_phone.new_page()
        url = start_session(ann, laptop, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")
        old = old_phone.new_page()
        old.goto(url)
        streams_open(app, 1)  # Ann's phone only
        enter_hand(ann, declarer="Bob", bid=350, trump="H", outcome="Made", save=False)

        took = save_and_time(ann, old)

        assert took < 3 + 1.5  # the next ask, every 3 s, and the page read again
        assert settled_figures(old) == AFTER
    finally:
        ann_phone.close()
        old_phone.close()
