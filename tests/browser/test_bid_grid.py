"""The declarer-and-bid grid of the team games on a double deck, tapped at 390x844: a row of bid
chips per player, "S 65" one tap; a row's Other chip brings Other bid under that row with the
cursor in it, and a figure typed there is never lost. Saved offline, the hand waits with its
declarer and bid (save.js reads the chip).

Screenshots go to test-artifacts/screenshots/bid-grid-*.png: each game's form, light and dark,
checked for sideways scrolling and tap targets under 44x44 px.
"""

from __future__ import annotations

import pytest
from phone import follow, grid_chip, saved_hand, shoot, start_session
from playwright.sync_api import Page, expect
from webhelpers import player_ids

pytestmark = pytest.mark.browser

FOUR = ["N", "E", "S", "W"]


def row(page: Page, name: str):
    """The grid's row headed by ``name``."""
    return page.locator("#hand-form .bid-row").filter(
        has=page.locator(f".bid-row-name:text-is('{name}')")
    )


def chosen(page: Page):
    return page.locator("#hand-form input[name=declarer_bid]:checked")


@pytest.mark.parametrize(
    ("system", "players"),
    [
        pytest.param("double-deck", FOUR, id="double-deck"),
    ],
)
def test_the_grid_has_a_row_per_player_and_fits_the_phone(
    live_server, browser_page, screenshots_dir, system, players
):
    page = browser_page
    start_session(page, live_server, system, players, players[-1])
    rows = page.locator("#hand-form .bid-row")
    expect(rows).to_have_count(len(players))
    expect(rows.first.locator("label.chip")).to_have_count(14)  # 50 to 60, 65, 70, Other
    expect(chosen(page)).to_have_count(0)  # nothing chosen for the table
    shoot(page, screenshots_dir, f"bid-grid-{system}")
    shoot(page, screenshots_dir, f"bid-grid-{system}-dark", dark=True)


def test_other_comes_under_its_row_and_a_typed_bid_is_never_lost(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    other = form.locator("input[name=bid_other]")

    grid_chip(form, "N", None).tap()
    expect(other).to_be_focused()
    expect(row(page, "N").locator("input[name=bid_other]")).to_have_count(1)
    page.keyboard.type("80")

    grid_chip(form, "S", 65).tap()  # the typed 80 is kept aside: one bid is posted
    expect(other).to_have_value("")
    expect(form.locator(".bid-row input[name=bid_other]")).to_have_count(0)
    expect(grid_chip(form, "S", 65).locator("input")).to_be_checked()

    grid_chip(form, "S", None).tap()  # and comes back with the next Other chip
    expect(other).to_have_value("80")
    expect(row(page, "S").locator("input[name=bid_other]")).to_have_count(1)
    shoot(page, screenshots_dir, "bid-grid-other")

    grid_chip(form, "E", 60).tap()
    other.tap()
    page.keyboard.type("75")  # typing keeps E as declarer: E's Other chip is chosen
    expect(grid_chip(form, "E", None).locator("input")).to_be_checked()

    grid_chip(form, "E", None).tap()  # the chosen chip tapped again: nothing chosen
    expect(chosen(page)).to_have_count(0)


def side_meld(page: Page, first: str):
    return page.locator("#hand-form .side-meld").filter(has_text=f"{first} &").locator("input")


def test_a_hand_saved_offline_waits_with_its_declarer_and_bid(app, live_server, browser_page):
    page = browser_page
    url = start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    # E4: S bids 75 in diamonds (S's Other chip, 75 typed); N & S meld 48 and take all 50: 98.
    grid_chip(form, "S", None).tap()
    page.keyboard.type("75")
    form.locator("label.suit-D").tap()
    side_meld(page, "N").fill("48")
    form.locator("input[name=tricks]").fill("50")
    page.context.set_offline(True)
    form.get_by_role("button", name="Save hand").tap()

    waiting = page.locator(".queue.waiting .queued-hand")
    expect(waiting).to_have_text(
        "Hand 1: S bid 75 in ♦; meld N & S 48; tricks 50. not yet confirmed"
    )
    expect(chosen(page)).to_have_count(0)  # queued: the form is cleared for the next hand
    expect(form.locator("input[name=bid_other]")).to_have_value("")

    page.context.set_offline(False)
    expect(page.locator(".saved-note")).to_contain_text(
        "Hand 1 saved. S makes 75 with 48 meld and 50 in tricks", timeout=15_000
    )
    sid = int(url.rstrip("/").rsplit("/", 1)[1])
    hands = app.test_client().get(f"/api/v1/sessions/{sid}/hands").get_json()["hands"]
    ids = player_ids(app.test_client())
    assert [(h["entry"]["declarer_id"], h["entry"]["bid"]) for h in hands] == [(ids["S"], 75)]


def test_a_team_hand_saved_online_goes_by_the_api_with_each_sides_meld_once(
    live_server, browser_page
):
    """save.js sends each side's meld once: the API takes the hand the first time, without the
    form's post to fall back on (a player's meld box names its side too, not as a side's meld)."""
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    statuses: list[int] = []
    page.on(
        "response",
        lambda r: (
            statuses.append(r.status)
            if r.request.method == "POST" and "/api/v1/sessions/" in r.url
            else None
        ),
    )
    grid_chip(form, "S", 65).tap()
    form.locator("label.suit-S").tap()
    side_meld(page, "N").fill("39")
    side_meld(page, "E").fill("38")
    form.locator("input[name=tricks]").fill("31")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    assert statuses == [201]


def test_a_correction_shows_the_hands_chip_and_saves_another(live_server, browser_page):
    page = browser_page
    url = start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    # E1 with S declaring, then corrected to N: N & S meld 39 and take 31, 70 >= 65.
    grid_chip(form, "S", 65).tap()
    form.locator("label.suit-S").tap()
    side_meld(page, "N").fill("39")
    side_meld(page, "E").fill("38")
    form.locator("input[name=tricks]").fill("31")
    expect(form.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)

    page.goto(f"{url}/hands/1/edit")
    expect(grid_chip(form, "S", 65).locator("input")).to_be_checked()
    grid_chip(form, "N", 65).tap()
    expect(form.locator(".preview-text")).to_contain_text("N makes 65")
    follow(page, form.get_by_role("button", name="Save correction"))
    expect(page.locator("#hand-1")).to_contain_text("N makes 65 with 39 meld and 31 in tricks")


def test_the_live_preview_shows_a_bid_off_the_ladder_at_the_grid(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    grid_chip(form, "S", None).tap()
    page.keyboard.type("61")

    grid = form.locator("[data-bid-grid]")
    expect(grid.locator(".live-error")).to_contain_text(
        "Bid 61 is off the ladder: from 60 bids go up in fives (60, 65, 70)."
    )
