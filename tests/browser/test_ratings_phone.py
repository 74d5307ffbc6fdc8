"""The ratings on a 390x844 phone, light and dark and at 200% text: from the home page through
the players to the ratings, to a player's rating with its chart, game by game and the chances
in words; nothing scrolls sideways, every link is big enough for a thumb, no word is split."""

from __future__ import annotations

import pytest
import reportsessions as rs
from phone import check_phone_page, follow, shoot
from playwright.sync_api import expect
from reflow import double_text, split_words

from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser


@pytest.fixture
def rated(app):
    """Bison (Bob wins game 1 from Ann and Cal) and Partnership (Ann & Cal beat Bob & Dan)."""
    with app.app_context(), unit_of_work():
        rs.bison()
        rs.partnership()


def test_from_home_to_a_players_rating_on_a_phone(
    live_server, browser_page, screenshots_dir, rated
):
    page = browser_page
    page.goto(f"{live_server}/")
    follow(page, page.locator("header.bar").get_by_role("link", name="Players"))
    follow(page, page.locator("header.bar").get_by_role("link", name="Ratings"))

    expect(page.locator("h1")).to_have_text("Ratings")
    rows = page.locator("table.ratings tbody th")
    expect(rows).to_have_count(4)
    expect(page.get_by_text("Worked out from 2 finished games")).to_be_visible()
    shoot(page, screenshots_dir, "ratings")
    shoot(page, screenshots_dir, "ratings-dark", dark=True)

    follow(page, page.locator("table.ratings").get_by_role("link", name="Bob"))
    expect(page.locator("h1")).to_have_text("Bob")
    expect(page.get_by_role("img", name="Bob: rating after each game")).to_be_visible()
    steps = page.locator("ol.rating-steps > li")
    expect(steps).to_have_count(2)  # newest first: the partnership game, then Bison
    expect(steps.first).to_contain_text("Bob & Dan: 2nd of 2")
    expect(steps.nth(1)).to_contain_text("1st of 3")
    expect(page.get_by_text("to finish ahead of Ann.")).to_be_visible()
    shoot(page, screenshots_dir, "rating-player")
    shoot(page, screenshots_dir, "rating-player-dark", dark=True)

    double_text(page)
    check_phone_page(page, "a player's rating at 200% text")
    assert split_words(page) == []
    page.screenshot(path=screenshots_dir / "rating-player-200.png", full_page=True, scale="css")

    follow(page, steps.first.locator("a"))
    assert page.url.endswith("/s/2")
