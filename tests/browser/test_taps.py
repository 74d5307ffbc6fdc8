"""A Brooklyn hand takes 6 taps or fewer from the session page (the issue's speed target)."""

from __future__ import annotations

import pytest
from phone import Taps, chip, figures, saved_hand, start_session
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_brooklyn_hand_takes_five_taps_from_the_session_page(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    taps = Taps()

    taps.tap(chip(form, "Declarer", "Bob"), "declarer Bob")
    taps.tap(chip(form, "Bid", "350"), "bid 350 (quick pick)")
    taps.tap(form.locator("label.suit-H"), "trump ♥")
    taps.tap(chip(form, "Outcome", "Made"), "made")
    with page.expect_navigation():
        taps.tap(form.get_by_role("button", name="Save hand"), "save")

    saved_hand(page, 1)
    expect(page.locator(".flash")).to_contain_text("Bob makes 350")
    # Bob makes 350 in hearts: V = 2 from each of Ann, Cy and Dee (sitting out): Bob +6.
    assert figures(page) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}
    assert taps.log == ["declarer Bob", "bid 350 (quick pick)", "trump ♥", "made", "save"]
    assert taps.count == 5
    assert taps.count <= 6
