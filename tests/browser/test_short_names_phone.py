"""A short name set on the player's page and said in the line box (issue 29): "Bob" for
Robert fills the hand form with Robert; a short name another player has is refused next to
its field, in view and focused."""

from __future__ import annotations

import pytest
from axe import add_axe, violations
from phone import check_phone_page, chip, figures, follow, saved_hand, shoot, start_session
from playwright.sync_api import Page, expect
from reflow import double_text, split_words

pytestmark = pytest.mark.browser

TABLE = ["Robert", "Ann", "Cy", "Dee"]


def open_player(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/players/")
    follow(page, page.get_by_role("link", name=name, exact=True))


def set_short_name(page: Page, short: str) -> None:
    box = page.get_by_role("textbox", name="Short name")
    box.tap()
    box.fill(short)
    follow(page, page.get_by_role("button", name="Save"))


def test_robert_said_as_bob_fills_the_hand_and_saves(live_server, browser_page, screenshots_dir):
    page = browser_page
    url = start_session(page, live_server, "brooklyn", TABLE, "Cy")  # Ann sits out (RULES 5.2)
    open_player(page, live_server, "Robert")
    set_short_name(page, "Bob")
    expect(page.locator(".flash")).to_have_text("Saved: Robert is said as Bob too.")
    shoot(page, screenshots_dir, "player-short-name")
    shoot(page, screenshots_dir, "player-short-name-dark", dark=True)

    page.goto(url)
    box = page.locator("#line")
    box.tap()
    box.fill("Bob, 350, spades. Made.")
    box.press("Enter")
    expect(page.locator("#line-read")).to_have_text("Read: check the hand below, then save it.")
    form = page.locator("#hand-form")
    expect(chip(form, "Declarer", "Robert").locator("input")).to_be_checked()
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    # RULES 5.4: 350 pays 2 chips, doubled for spades: 4 from each of Ann, Cy and Dee (Ann
    # sits out and pays as an opponent, RULES 5.2).
    assert figures(page) == {"Robert": "+12", "Ann": "−4", "Cy": "−4", "Dee": "−4"}


def test_a_short_name_taken_is_refused_next_to_its_field_in_view_and_focused(
    browser, live_server, screenshots_dir
):
    from conftest import PHONE

    context = browser.new_context(**PHONE)
    add_axe(context)
    try:
        page = context.new_page()
        start_session(page, live_server, "brooklyn", TABLE, "Ann")
        open_player(page, live_server, "Ann")
        set_short_name(page, " cy ")
        box = page.get_by_role("textbox", name="Short name")
        error = page.locator("#short-name-error")
        expect(error).to_have_text("The short name cy is Cy's name: it must be nobody else's.")
        expect(error).to_be_in_viewport()
        expect(box).to_be_focused()
        expect(box).to_have_value(" cy ")
        assert violations(page) == []
        shoot(page, screenshots_dir, "player-short-name-refused")
        double_text(page)
        check_phone_page(page, "player page at 200% text")
        assert split_words(page) == []
        shoot(page, screenshots_dir, "player-short-name-refused-200")
    finally:
        context.close()
