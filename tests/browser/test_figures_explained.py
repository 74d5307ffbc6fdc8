"""The hand form at phone size says what a typed figure means (issue 30, items 5 and 7).

Double-deck partnership, written without the trailing zero: a hand's tricks total 50, meld
counts from 20 on the board. W, N, E, S clockwise; W deals, so N bids first.

Screenshots go to test-artifacts/screenshots/figures-explained-*.png (light, dark, 200% text).
"""

from __future__ import annotations

import pytest
from phone import check_phone_page, chip, picture, shoot, start_session
from playwright.sync_api import expect
from reflow import double_text, split_words

pytestmark = pytest.mark.browser

SEATS = ["W", "N", "E", "S"]


def open_details(page):
    """N bids 50 in spades, and the figures' details opened."""
    form = page.locator("#hand-form")
    chip(form, "Declarer", "N").tap()
    chip(form, "Bid", "50").tap()
    form.locator("label.suit-S").tap()
    details = form.locator("details.details")
    if details.get_attribute("open") is None:
        details.locator("summary").tap()
    return form


def test_tricks_over_the_decks_total_say_so_and_never_a_negative_other_side(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "double-deck", SEATS, "W")
    form = open_details(page)
    other = form.locator("[data-other-side]")
    tricks = form.locator("input[name=tricks]")

    tricks.fill("34")
    expect(other).to_have_text("Other side: 16")  # 50 - 34
    tricks.fill("51")  # one more than the 50 a hand holds: no other side to work out
    expect(other).to_have_text("Other side: — (a side takes 0 to 50)")
    expect(other).not_to_contain_text("-1")
    expect(other).not_to_contain_text("−1")
    other.scroll_into_view_if_needed()
    shoot(page, screenshots_dir, "figures-explained-over-50")
    shoot(page, screenshots_dir, "figures-explained-over-50-dark", dark=True)
    double_text(page)
    check_phone_page(page, "tricks over 50 at 200% text")
    assert split_words(page) == []
    picture(page, screenshots_dir / "figures-explained-over-50-200.png", full_page=True)


def test_the_preview_says_a_meld_under_the_minimum_does_not_count(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "double-deck", SEATS, "W")
    # N bids 50 with 16 meld and 34 in tricks: 16 is under the 20 minimum, so it counts 0, and
    # 34 alone is short of 50: set. E & W took 50 - 34 = 16, under the 20 that saves meld.
    form = open_details(page)
    form.get_by_label("Meld of N & S").fill("16")
    form.locator("input[name=tricks]").fill("34")
    preview = page.locator("#preview .preview-text")
    expect(preview).to_have_text(
        "N is set at 50 with 16 meld and 34 in tricks (the 16 meld does not count: under the 20 "
        "minimum; 34 in all, short of the 50 bid): W & E 0, N & S −50 (W & E: took under 20 in "
        "tricks, so nothing scores)."
    )
    preview.scroll_into_view_if_needed()
    shoot(page, screenshots_dir, "figures-explained-preview")
    double_text(page)
    check_phone_page(page, "the preview at 200% text")
    assert split_words(page) == []
    picture(page, screenshots_dir / "figures-explained-preview-200.png", full_page=True)
