"""The bid stepper on a ladder whose steps widen, tapped at phone size (RULES section 4.2).

Partnership with the double-deck ladder written without the trailing zero: from 50 in ones,
from 60 in fives (pagat, bradwilson.io), from 100 in tens (Joe Andrews). The quick picks stop
at 85; the stepper climbs 85, 90, 95, 100, then 110.

Screenshots go to test-artifacts/screenshots/bid-ladder-*.png.
"""

from __future__ import annotations

import pytest
from phone import chip, follow, shoot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_the_stepper_climbs_over_each_rung_of_a_widening_ladder(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.goto(f"{live_server}/sessions/new?system=partnership")
    for seat, name in enumerate(FOUR):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(0).locator("label.dealer-pick").tap()
    page.locator("#opt-scale").select_option("10")
    page.locator("#opt-min_bid").fill("50")
    page.locator("#opt-bid_rungs").fill("from 60 in fives, from 100 in tens")
    follow(page, page.get_by_role("button", name="Start the session"))
    expect(page.locator("#standings")).to_be_visible()

    form = page.locator("#hand-form")
    value = form.locator(".step-value")
    up = form.locator(".step[data-step='1']")
    down = form.locator(".step[data-step='-1']")

    chip(form, "Bid", "60").tap()
    down.tap()
    expect(value).to_have_text("59")  # below 60 the bids go in ones
    up.tap()
    up.tap()
    expect(value).to_have_text("65")  # from 60 in fives: 61 is no bid
    expect(form.locator("input[name=bid][value='65']")).to_be_checked()

    chip(form, "Bid", "85").tap()
    for shown in ("90", "95", "100", "110"):  # past the quick picks; tens from 100
        up.tap()
        expect(value).to_have_text(shown)
    expect(form.locator("input[name=bid_other]")).to_have_value("110")
    down.tap()
    expect(value).to_have_text("100")
    shoot(page, screenshots_dir, "bid-ladder-stepper")
