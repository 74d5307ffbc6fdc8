"""A club night on phones (390x844): the organiser starts a night with KCMO's settings, adds
four players in two fixed teams, pairs round 1; table 1's phone opens its table and enters a
hand; the organiser's page follows it without a reload and shows the standings.

By hand: Ann bids 250 in hearts, melds 300 and her side takes 200 of the 250: 500, the
round's 500 points, so Ann & Bob win 500 to 50 (Cal & Dee take the other 50 in tricks).
"""

from __future__ import annotations

import pytest
from conftest import PHONE
from phone import enter_hand, follow, saved_hand, shoot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TEAMS = [("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2)]


def test_an_organiser_pairs_a_round_and_follows_a_table_live(
    browser, live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.goto(f"{live_server}/")
    follow(page, page.get_by_role("link", name="Club nights"))
    follow(page, page.get_by_role("link", name="+ New club night"))
    page.locator("#night-name").fill("Thursday club")
    expect(page.locator("#points")).to_have_value("500")
    shoot(page, screenshots_dir, "club-new")
    follow(page, page.get_by_role("button", name="Start the night"))

    # A player without a name is refused next to the name.
    follow(page, page.get_by_role("button", name="Add the player"))
    expect(page.locator("#player-error")).to_have_text("A player needs a name.")
    shoot(page, screenshots_dir, "club-player-refused")
    for name, team in TEAMS:
        page.locator("#player-name").fill(name)
        page.locator("#player-team").fill(str(team))
        follow(page, page.get_by_role("button", name="Add the player"))
    expect(page.locator("#players")).to_contain_text("Ann & Bob, Cal & Dee")

    follow(page, page.get_by_role("button", name="Pair round 1"))
    expect(page.locator(".flash")).to_contain_text("Round 1 paired")
    expect(page.locator("#round-1")).to_contain_text("Table 1 · 0 hands")
    shoot(page, screenshots_dir, "club-round-1")
    page.locator("#round-1 summary", has_text="QR code for table 1's phones").tap()
    expect(page.locator("#round-1 .qr svg")).to_be_visible()
    shoot(page, screenshots_dir, "club-table-qr")
    table_link = page.get_by_role("link", name="Open table 1").get_attribute("href")

    # Table 1's phone enters its own hand on its session page.
    context = browser.new_context(**PHONE)
    try:
        table = context.new_page()
        table.goto(live_server + table_link)
        enter_hand(table, declarer="Ann", bid=250, trump="H", melds={"Ann": 300}, tricks=200)
        saved_hand(table, 1)
        shoot(table, screenshots_dir, "club-table-phone")
    finally:
        context.close()

    # The organiser's page follows without a reload (it polls every 5 seconds).
    live = page.locator("#club-live")
    expect(live).to_contain_text("Table 1 · 1 hand · game over", timeout=15_000)
    rows = live.locator(".club-standings tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Ann & Bob")
    expect(rows.nth(0).locator("td.num")).to_have_text(["1", "0", "500"])
    expect(rows.nth(1).locator("td.num")).to_have_text(["0", "1", "50"])
    expect(page.get_by_role("button", name="Pair round 2")).to_be_visible()
    shoot(page, screenshots_dir, "club-standings")
    shoot(page, screenshots_dir, "club-standings-dark", dark=True)
