"""A team game without a bid on a phone (RULES 6.4, "Teams without a bid"): partnership with
bidding off, U1 entered by tapping at 390x844, the live preview before saving, and the form and
the session page checked for the phone and shot (test-artifacts/screenshots)."""

from __future__ import annotations

import pytest
from phone import Taps, check_phone_page, figures, follow, saved_hand, shoot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_partnership_hand_without_a_bid_by_taps(live_server, browser_page, screenshots_dir):
    page = browser_page
    page.goto(f"{live_server}/sessions/new?system=partnership")
    for seat, name in enumerate(["N", "E", "S", "W"]):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(3).locator("label.dealer-pick").tap()  # W deals
    page.locator("label.switch", has_text="Bidding").tap()  # bidding off
    follow(page, page.get_by_role("button", name="Start the session"))
    form = page.locator("#hand-form")
    expect(form.locator("input[name=declarer]")).to_have_count(0)
    expect(form.locator("input[name=bid_other]")).to_have_count(0)

    # U1: hearts turned; meld N 100, S 40, E 160, W 30; N & S take every trick (250).
    taps = Taps()
    taps.tap(form.locator("label.suit-H"), "trump ♥")
    melds = {"N": 100, "E": 160, "S": 40, "W": 30}
    for who, meld in melds.items():
        box = form.locator(f".meld[data-meld] input[aria-label='Meld of {who}']")
        taps.tap(box, f"{who} melds {meld}")
        box.press_sequentially(str(meld))
    tricks = form.locator("input[name=tricks]")
    taps.tap(tricks, "N & S took 250")
    tricks.press_sequentially("250")
    expect(page.locator("[data-other-side]")).to_have_text("Other side: 0")
    expect(page.locator("#preview")).to_contain_text(
        "Played: N & S +390, E & W 0 (E & W: took no trick, so nothing scores)."
    )
    check_phone_page(page, "partnership without a bid: hand form")
    shoot(page, screenshots_dir, "partnership-no-bid-form")
    expect(page.locator("#preview[aria-busy=true]")).to_have_count(0)
    with page.expect_navigation():
        taps.tap(form.get_by_role("button", name="Save hand"), "save")
    saved_hand(page, 1)
    assert figures(page) == {"N & S": "+390", "E & W": "0"}
    assert taps.count == 7  # trump, four melds, the tricks, save
    check_phone_page(page, "partnership without a bid: session page")
    shoot(page, screenshots_dir, "partnership-no-bid-session")
    page.goto(page.url.split("#")[0].rstrip("/") + "/history")
    expect(page.locator("body")).to_contain_text("Played: N & S +390")
    check_phone_page(page, "partnership without a bid: every hand")
    shoot(page, screenshots_dir, "partnership-no-bid-history")
