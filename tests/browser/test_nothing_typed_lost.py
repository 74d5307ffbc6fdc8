"""Nothing typed is lost and every way forward works, on a 390x844 phone: choosing the game
keeps the seats (with JavaScript and without), Enter in a name starts the session, a refused
save's address opened again shows the form, a field's old error goes when it changes, letters
in Other bid never show "NaN", and no choice is ticked before a player makes it."""

from __future__ import annotations

import re

import pytest
from conftest import PHONE
from phone import follow, refused_brooklyn, shoot, start_session
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def _type_brooklyn_table(page: Page, base: str) -> None:
    page.goto(f"{base}/sessions/new?system=brooklyn")
    for seat, name in enumerate(FOUR):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(2).locator("label.dealer-pick").tap()
    page.locator("input[name=stake]").fill("0.25")


def _seats(page: Page) -> list[str]:
    return [page.locator(f"input[name=seat-{i}]").input_value() for i in range(4)]


@pytest.mark.parametrize("javascript", [True, False], ids=["with JavaScript", "without"])
def test_choosing_another_game_keeps_the_names_the_dealer_and_the_stake(
    live_server, browser, screenshots_dir, javascript
):
    context = browser.new_context(**PHONE, java_script_enabled=javascript)
    page = context.new_page()
    try:
        _type_brooklyn_table(page, live_server)

        follow(page, page.get_by_role("button", name="Hoyle (chips and the kitty)"))

        expect(page.locator("button.chip.choice.on")).to_have_text("Hoyle (chips and the kitty)")
        assert _seats(page) == FOUR
        expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()
        expect(page.locator("input[name=stake]")).to_have_value("0.25")
        shoot(page, screenshots_dir, f"new-session-game-chosen-{'js' if javascript else 'no-js'}")
        follow(page, page.get_by_role("button", name="Start the session"))
        expect(page.locator("#standings")).to_be_visible()
        expect(page.locator("main")).to_contain_text("Cy deals")
    finally:
        context.close()


def test_enter_in_a_name_starts_the_session_not_another_game(live_server, browser_page):
    page = browser_page
    _type_brooklyn_table(page, live_server)

    with page.expect_navigation():
        page.locator("input[name=seat-3]").press("Enter")

    expect(page.locator("#standings")).to_be_visible()
    assert re.search(r"/s/\d+$", page.url)


def test_a_refused_saves_address_opened_again_shows_the_hand_form(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    refused_brooklyn(page, live_server)
    assert page.url.endswith("/hands#hand-form")
    expect(page.locator("#hand-form p.error")).not_to_have_count(0)

    page.goto(page.url.split("#")[0])  # a copied link, a restored tab: a GET of the address

    assert re.search(r"/s/\d+#hand-form$", page.url)
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("Not that way")
    shoot(page, screenshots_dir, "refused-save-address-opened-again")


def test_a_fields_old_error_goes_when_the_field_changes(live_server, browser_page, screenshots_dir):
    page = browser_page
    refused_brooklyn(page, live_server)
    form = page.locator("#hand-form")
    bid_box = form.locator("fieldset").filter(has=page.locator("legend:text-is('Bid')"))
    expect(bid_box.locator("p.error")).to_contain_text("340")

    form.locator("input[name=bid_other]").fill("390")  # ends in 90: forbidden too

    expect(bid_box.locator("p.error")).to_have_count(1)  # the live word, not both
    expect(bid_box.locator("p.error.live-error")).to_contain_text("390")
    shoot(page, screenshots_dir, "bid-error-replaced-by-live-error")
    form.locator("input[name=bid_other]").fill("350")
    expect(bid_box.locator("p.error")).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("Bob")


def test_letters_in_other_bid_show_no_nan(live_server, browser_page, screenshots_dir):
    page = browser_page
    start_session(page, live_server, "brooklyn", FOUR[:3], "Ann")
    form = page.locator("#hand-form")
    shown = form.locator(".step-value")

    form.locator("input[name=bid_other]").fill("3x0")

    expect(shown).to_have_text("–")
    shoot(page, screenshots_dir, "other-bid-letters")
    form.locator("input[name=bid_other]").fill("350")
    expect(shown).to_have_text("350")


def test_bison_asks_who_took_the_last_trick_and_trump_with_nothing_ticked(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "bison", FOUR[:3], "Ann")
    form = page.locator("#hand-form")
    expect(form.locator(".takes")).to_be_visible()  # Bison's meld and tricks are open

    last = form.locator(".takes input[name=last_trick]")
    expect(last).to_have_count(3)  # Ann, Bob, Cy: no "Nobody"
    expect(form.locator("input[name=last_trick]:checked")).to_have_count(0)
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    expect(form.locator("input[name=trump][value=none]")).not_to_be_checked()
    form.locator(".takes label.chip", has_text="Cy").scroll_into_view_if_needed()
    shoot(page, screenshots_dir, "bison-last-trick-and-trump-unticked")
