"""The app as it is served, with every form's security token checked (CSRF on), at 390x844.

The other browser tests run with the token check off; this one proves the script sends the
token with the live preview (an ``X-CSRFToken`` header) and that forms save with it on.
Brooklyn, three players (Ann, Bob, Cal), Ann deals: Bob makes 350 in hearts, worth 2 units
from each of Ann and Cal (RULES section 5).
"""

from __future__ import annotations

import pytest
from phone import chip, figures, follow, saved_hand, start_session
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture
def guarded_server(app, live_server):
    app.config["WTF_CSRF_ENABLED"] = True
    return live_server


def test_the_preview_and_the_save_carry_the_token(guarded_server, browser_page):
    page = browser_page
    start_session(page, guarded_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann", by_taps=True)
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "350").tap()
    form.locator("label.suit-H").tap()
    chip(form, "Outcome", "Made").tap()
    expect(form.locator(".preview-text")).to_contain_text(
        "Bob makes 350: collects 2 chips from each player"
    )
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}


def test_a_correction_previews_in_its_own_hand_with_the_token(guarded_server, browser_page):
    page = browser_page
    start_session(page, guarded_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann", by_taps=True)
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "350").tap()
    form.locator("label.suit-H").tap()
    chip(form, "Outcome", "Made").tap()
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    page.goto(page.url.split("#")[0] + "/hands/1/edit")
    edit = page.locator("#hand-form")
    chip(edit, "Outcome", "Set").tap()
    # Set at 350: Bob pays 2 x 2 = 4 units to each of Ann and Cal (set factor 2).
    expect(edit.locator(".preview-text")).to_contain_text("Bob is set at 350")
    expect(edit.locator(".preview-text")).to_contain_text("pays 4 chips to each player")
