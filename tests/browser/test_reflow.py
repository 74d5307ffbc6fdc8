"""The session page does not move as it loads, and the hand form's choices fit at 320 px wide
(issue 19, "Accessible to everyone").

- the session page does not move as it loads (no layout shift), its scripts arriving late;
- at 320 px no two choices of the hand form overlap, and each is a 44 px target.

Every kind of page at 200% text and at 320 px wide (nothing scrolls sideways, nothing sticks
out, no word split) is checked on the same load as its axe-core checks, in
``test_accessibility.py``; the pages are those of ``everypage.play_an_evening``.
"""

from __future__ import annotations

import time

import pytest
from conftest import PHONE
from everypage import Evening, evening_once
from flask import Flask
from phone import start_session, wait_until

pytestmark = pytest.mark.browser


@pytest.fixture
def evening(app: Flask) -> Evening:
    return evening_once(app)


_LAYOUT_SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({type: 'layout-shift', buffered: true});
"""


@pytest.mark.parametrize("name", ["session-brooklyn", "session-played", "session-hoyle"])
def test_the_session_page_does_not_move_as_it_loads(app, browser, live_server, evening, name):
    """Cumulative layout shift 0, with the scripts arriving late (as on a slow phone, when
    the page is drawn before they run): the stepper and the screen switch have their room.

    The server holds each script back half a second before answering, each in its own
    thread: the scripts arrive together, late. (Held in a route of the browser context, each
    waited for the one before it, the worker's eight as well: 4.5 s a test.)"""
    answer = app.wsgi_app

    def late(environ, start_response):
        if ".js" in environ["PATH_INFO"]:
            time.sleep(0.5)
        return answer(environ, start_response)

    app.wsgi_app = late  # type: ignore[method-assign]
    context = browser.new_context(**PHONE)
    context.add_init_script(_LAYOUT_SHIFTS)
    try:
        page = context.new_page()
        page.goto(live_server + evening.pages[name])  # its scripts ran before "load"
        wait_until(page, "!document.querySelector('.stepper').hidden")
        page.wait_for_timeout(300)  # any shift after the scripts is reported too
        assert page.evaluate("window.__shift") == 0
    finally:
        context.close()


_OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#hand-form label.chip')]
    .map(l => [l.innerText.trim(), l.getBoundingClientRect()]);
  const out = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, s]) => {
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) out.push(a + ' / ' + b);
  }));
  return out;
}"""


@pytest.mark.parametrize("system", ["double-deck", "partnership", "six-handed"])
def test_at_320_px_no_two_choices_of_the_hand_form_overlap(live_server, browser_page, system):
    # four suits and No trump beside the Trump legend were 30 px each at 320 px and overlapped
    page = browser_page
    page.set_viewport_size({"width": 320, "height": 844})
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][: 6 if system == "six-handed" else 4]
    start_session(page, live_server, system, players, "Ann")
    assert page.evaluate(_OVERLAPS) == []
    widths = page.locator("#hand-form .chips.suits label").evaluate_all(
        "ls => ls.map(l => l.getBoundingClientRect().width)"
    )
    assert min(widths) >= 44
