"""What a new user tripped over, tapped through at phone size (390x844): a trump tapped by
mistake, the bid stepper past the quick picks, the new-session form, the kitty's share.

Screenshots go to test-artifacts/screenshots/first-use-*.png.
"""

from __future__ import annotations

import pytest
from phone import (
    check_phone_page,
    chip,
    figures,
    follow,
    picture,
    saved_hand,
    shoot,
    start_session,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HOYLE_TABLE = ["Ann", "Bob", "Cy", "Dee"]


def test_a_trump_tapped_by_mistake_is_cleared_and_a_hoyle_forfeit_saves(
    live_server, browser_page, screenshots_dir
):
    """Hoyle, four; Ann deals and sits out, Bob's 300 is compulsory.

    Hand 1: Bob forfeits the 300 without naming trump: he pays the schedule value for
    300-340, 3 units, to the kitty only (RULES section 5). Ann 0, Bob −3, Cy 0, Dee 0, kitty 3.
    """
    page = browser_page
    start_session(page, live_server, "hoyle", HOYLE_TABLE, "Ann", by_taps=True)
    form = page.locator("#hand-form")
    no_trump = form.locator("input[name=trump][value=none]")
    spades = form.locator("input[name=trump][value=S]")
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)  # nothing chosen yet

    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "300").tap()
    form.locator("label.suit-S").tap()
    expect(spades).to_be_checked()
    form.locator("label.suit-S").tap()  # the chosen trump again: cleared, nothing chosen
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    form.locator("label.suit-H").tap()
    chip(form, "Trump", "No trump").tap()  # or the visible choice
    expect(no_trump).to_be_checked()

    forfeit = chip(form, "Outcome", "Forfeit")
    forfeit.tap()
    forfeit.tap()  # tapped again: back to "From meld and tricks"
    expect(form.locator("input[name=outcome]:checked")).to_have_attribute("value", "")
    forfeit.tap()
    expect(form.locator("input[name=outcome][value=forfeit]")).to_be_checked()
    expect(form.locator(".preview-text")).to_contain_text("Bob forfeits the compulsory 300")
    shoot(page, screenshots_dir, "first-use-hoyle-no-trump")

    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "0", "Bob": "\u22123", "Cy": "0", "Dee": "0", "Kitty": "3"}


def test_hoyle_standings_show_chips_and_the_kitty_share_side_by_side(
    live_server, browser_page, screenshots_dir
):
    """Hand 1 as above (Bob forfeits: −3, kitty 3). Hand 2: Bob deals and sits out; Cy is set
    at 350 in hearts: 5 units, set 2 x 5 = 10 to each of Ann, Bob, Dee and the kitty.
    Chips: Ann +10, Bob −3+10 = +7, Cy −40, Dee +10; kitty 13.
    The kitty's 13 among the 4 at the table: 13 // 4 = 3 each (1 stays undivided), so with
    kitty share: Ann +13, Bob +10, Cy −37, Dee +13.
    """
    page = browser_page
    start_session(page, live_server, "hoyle", HOYLE_TABLE, "Ann", by_taps=True)
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "300").tap()
    chip(form, "Outcome", "Forfeit").tap()
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Cy").tap()
    chip(form, "Bid", "350").tap()
    form.locator("label.suit-H").tap()
    chip(form, "Outcome", "Set").tap()
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 2)

    assert figures(page) == {
        "Ann": "+10",
        "Bob": "+7",
        "Cy": "\u221240",
        "Dee": "+10",
        "Kitty": "13",
    }
    shares = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#standings .with-share')]
            .map(row => [row.querySelector('.who').childNodes[0].textContent.trim(),
                         [row.querySelector('.chips-caption').textContent.trim(),
                          row.querySelector('.share-caption').textContent.trim(),
                          row.querySelector('.share-figure').textContent.trim()]]))"""
    )
    assert shares == {
        "Ann": ["Chips", "With kitty share", "+13"],
        "Bob": ["Chips", "With kitty share", "+10"],
        "Cy": ["Chips", "With kitty share", "\u221237"],
        "Dee": ["Chips", "With kitty share", "+13"],
    }
    page.locator("#standings").scroll_into_view_if_needed()
    shoot(page, screenshots_dir, "first-use-hoyle-kitty-share")
    shoot(page, screenshots_dir, "first-use-hoyle-kitty-share-dark", dark=True)

    follow(page, page.locator(".session-nav").get_by_role("link", name="Settle up"))
    expect(page.locator(".nets")).to_contain_text("Chips +10 · With kitty share +13")
    shoot(page, screenshots_dir, "first-use-hoyle-settle")


def test_the_bid_stepper_steps_over_brooklyns_forbidden_490(
    live_server, browser_page, screenshots_dir
):
    """Brooklyn forbids bids ending in 40 or 90 (RULES section 4): up from 480 is 500, down
    from 500 is 480, up from 330 is 350. Bob then makes 500 in hearts: 500-530 is worth 16
    units from each of Ann, Cy and Dee (Dee sits out but pays): Bob +48, the others −16."""
    page = browser_page
    start_session(page, live_server, "brooklyn", HOYLE_TABLE, "Ann", by_taps=True)
    form = page.locator("#hand-form")
    value = form.locator(".step-value")
    up = form.locator(".step[data-step='1']")
    down = form.locator(".step[data-step='-1']")
    chip(form, "Declarer", "Bob").tap()

    chip(form, "Bid", "330").tap()
    up.tap()
    expect(value).to_have_text("350")
    expect(form.locator("input[name=bid][value='350']")).to_be_checked()

    chip(form, "Bid", "480").tap()
    up.tap()
    expect(value).to_have_text("500")
    expect(form.locator("input[name=bid_other]")).to_have_value("500")
    expect(form.locator("input[name=bid]:checked")).to_have_count(0)
    down.tap()
    expect(value).to_have_text("480")
    expect(form.locator("input[name=bid][value='480']")).to_be_checked()
    up.tap()
    expect(value).to_have_text("500")

    form.locator("label.suit-H").tap()
    chip(form, "Outcome", "Made").tap()
    expect(form.locator(".preview-text")).to_contain_text("Bob makes 500")
    shoot(page, screenshots_dir, "first-use-brooklyn-stepper")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "\u221216", "Bob": "+48", "Cy": "\u221216", "Dee": "\u221216"}


@pytest.mark.parametrize("system", ["hoyle", "brooklyn"])
def test_the_new_session_form_fits_the_phone_and_shows_who_sits_out_in_full(
    live_server, browser_page, screenshots_dir, system
):
    page = browser_page
    page.goto(f"{live_server}/sessions/new?system={system}")

    check_phone_page(page, f"new {system} session")  # no sideways scrolling, nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("fieldset.choice-list").filter(
        has=page.locator("legend", has_text="Who sits out")
    )
    cut = box.evaluate(
        """box => [...box.querySelectorAll('label.chip span')]
            .filter(s => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > 390)
            .map(s => s.textContent)"""
    )
    assert cut == []
    expect(box).to_contain_text(
        "The dealer, and with 5 also the second player to the dealer's left"
    )
    stake = page.locator(".option").filter(has=page.locator("input[name=stake]"))
    expect(stake.locator("label")).to_have_text("Stake per chip ($)")
    expect(stake.locator("input")).to_have_value("0.10")
    expect(stake.locator(".hint")).to_contain_text("in dollars and cents: 0.10 is ten cents")
    shoot(page, screenshots_dir, f"first-use-new-{system}")
    box.evaluate("box => box.scrollIntoView({block: 'center'})")
    picture(page, screenshots_dir / f"first-use-new-{system}-sit-out.png")
