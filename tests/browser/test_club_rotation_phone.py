"""The KCMO table rotation chosen on a phone (390x844): the organiser picks it in the night's
settings, reads how it moves under the choice, adds two fixed teams and pairs round 1. Two
teams draw 1A and 1B, whichever way the hat falls: one table, each player's number shown."""

from __future__ import annotations

import pytest
from phone import follow, shoot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TEAMS = [("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2)]


def test_an_organiser_chooses_the_kcmo_rotation_and_sees_the_draw(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.goto(f"{live_server}/club/new")
    page.locator("#night-name").fill("Thursday club")
    page.locator("#movement").select_option(
        label=("KCMO table rotation (A teams stay, B teams move up a table)")
    )
    expect(page.locator(".option", has=page.locator("#movement"))).to_contain_text(
        "A teams stay at their table, B teams move one table up each round, from the last "
        "table to table 1."
    )
    shoot(page, screenshots_dir, "club-kcmo-rotation")
    follow(page, page.get_by_role("button", name="Start the night"))
    expect(page.locator("main")).to_contain_text(
        "KCMO table rotation (A teams stay, B teams move up a table)"
    )

    for name, team in TEAMS:
        page.locator("#player-name").fill(name)
        page.locator("#player-team").fill(str(team))
        follow(page, page.get_by_role("button", name="Add the player"))
    follow(page, page.get_by_role("button", name="Pair round 1"))
    expect(page.locator("#round-1")).to_contain_text("Table 1 · 0 hands")
    roster = page.locator(".club-roster")
    expect(roster.locator("li", has_text="drew 1A")).to_have_count(2)
    expect(roster.locator("li", has_text="drew 1B")).to_have_count(2)
    shoot(page, screenshots_dir, "club-kcmo-drawn")
