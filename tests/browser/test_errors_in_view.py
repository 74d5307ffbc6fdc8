"""Errors where the eye is (issue 30, item 1 and "Errors where the eye is"), on a 390x844 phone:
a bid typed in Other that the rules refuse is said right under the box it was typed in, with
the box and its message both on the screen; after a refused save the page opens on the first
problem, its field focused.

The double deck's least bid is 50 (RULES 6.3, written without the trailing zero); Brooklyn
forbids a bid ending in 40 (RULES 4: 340 is not on its schedule).
"""

from __future__ import annotations

import pytest
from conftest import PHONE
from phone import chip, refused_brooklyn, shoot, start_session
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SCREEN = PHONE["viewport"]["height"]


_RECT = "(el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"


def box_of(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(_RECT)


def bid_typed(page: Page, base: str, declarer: str, figure: str):
    """A double-deck form, Ann dealing: ``declarer`` tapped and ``figure`` typed in Other bid;
    gives the form."""
    start_session(page, base, "double-deck", FOUR, "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", declarer).tap()
    form.locator("input[name=bid_other]").tap()
    page.keyboard.type(figure)
    return form


def test_a_bid_under_the_least_typed_in_other_is_said_under_the_box(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    form = bid_typed(page, live_server, "Bob", "40")

    said = form.locator("p.live-error", has_text="below the minimum bid of 50")
    expect(said).to_have_count(1)
    box = box_of(page, "input[name=bid_other]")
    error = said.evaluate(_RECT)
    assert 0 <= error["top"] - box["bottom"] < 60, (box, error)
    assert error["bottom"] <= SCREEN, error
    shoot(page, screenshots_dir, "bid-other-error-under-its-box")


def test_after_a_refused_save_the_first_problem_is_in_view_and_its_field_focused(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    refused_brooklyn(page, live_server)

    error = page.locator("#hand-form p.error").first
    expect(error).to_contain_text("340")
    expect(error).to_be_in_viewport()
    expect(page.locator("#hand-form input[name=bid_other]")).to_be_focused()
    shoot(page, screenshots_dir, "refused-save-first-problem-in-view")


def test_a_rule_broken_at_one_field_is_said_there_once_not_again_in_the_preview(
    live_server, browser_page
):
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "55").tap()
    form.locator("label.suit-S").tap()
    form.locator("input[name=tricks]").fill("51")  # the double deck's tricks run 0 to 50
    said = form.get_by_text("Trick points run from 0 to 50; 51 is outside.")
    expect(said).to_have_count(1)
    expect(said).to_have_class("error live-error")
    expect(page.locator("#preview .preview-text")).to_have_text(
        "The rules refuse this hand as it is: see the message above."
    )


def test_the_live_preview_says_a_bid_off_the_ladder_under_the_bid_typed(live_server, browser_page):
    # The double deck's bids go up in fives from 60 (RULES 6.3): 61 is not a bid.
    page = browser_page
    form = bid_typed(page, live_server, "Cy", "61")

    bid_box = form.locator("fieldset.field").filter(has=page.locator("legend:text-is('Bid')"))
    said = bid_box.locator(".live-error")
    expect(said).to_have_text("Bid 61 is off the ladder: from 60 bids go up in fives (60, 65, 70).")
    box, error = box_of(page, "input[name=bid_other]"), said.evaluate(_RECT)
    assert 0 <= error["top"] - box["bottom"] < 60, (box, error)
