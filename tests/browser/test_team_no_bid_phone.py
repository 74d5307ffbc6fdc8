"""A team game without a bid on a phone (RULES 6.4, "Teams without a bid"): partnership with
bidding off, U1 entered by tapping at 390x844, the live preview before saving, and the form and
the session page checked for the phone and shot (test-artifacts/screenshots)."""

from __future__ import annotations

import pytest
from phone import Taps, check_phone_page, figures, follow, saved_hand, shoot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def start_without_bidding(page: Page, base: str, dealer: int = 0) -> None:
    """Start a partnership session of N, E, S, W with bidding off (``dealer``: a seat)."""
    page.goto(f"{base}/sessions/new?system=partnership")
    for seat, name in enumerate(["N", "E", "S", "W"]):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(dealer).locator("label.dealer-pick").tap()
    page.locator("label.switch", has_text="Bidding").tap()  # bidding off
    follow(page, page.get_by_role("button", name="Start the session"))


def test_a_partnership_hand_without_a_bid_by_taps(live_server, browser_page, screenshots_dir):
    page = browser_page
    start_without_bidding(page, live_server, dealer=3)  # W deals
    form = page.locator("#hand-form")
    expect(form.locator("input[name=declarer]")).to_have_count(0)
    expect(form.locator("input[name=bid_other]")).to_have_count(0)

    # U1: hearts turned; meld N 100, S 40, E 160, W 30; N & S take every trick (250).
    taps = Taps()
    taps.tap(form.locator("label.suit-H"), "trump ♥")
    # each player's meld is folded away in the team games (each side's is the ordinary way)
    taps.tap(form.locator("details.by-player > summary"), "each player's meld")
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
    assert taps.count == 8  # trump, each player's meld, four melds, the tricks, save
    check_phone_page(page, "partnership without a bid: session page")
    shoot(page, screenshots_dir, "partnership-no-bid-session")
    page.goto(page.url.split("#")[0].rstrip("/") + "/history")
    expect(page.locator("body")).to_contain_text("Played: N & S +390")
    check_phone_page(page, "partnership without a bid: every hand")
    shoot(page, screenshots_dir, "partnership-no-bid-history")


def test_a_hand_without_a_bid_waits_offline_as_played(live_server, browser_page):
    page = browser_page
    start_without_bidding(page, live_server)
    form = page.locator("#hand-form")
    # N melds 20 and N & S take 130: +150; E & W take 120 and meld nothing: +120.
    form.locator("label.suit-S").tap()
    form.locator("details.by-player > summary").tap()  # each player's meld, folded away
    form.locator("input[aria-label='Meld of N']").fill("20")
    form.locator("input[name=tricks]").fill("130")
    expect(page.locator("#preview")).to_contain_text("Played: N & S +150, E & W +120.")
    page.context.set_offline(True)
    form.get_by_role("button", name="Save hand").tap()
    waiting = page.locator(".queue.waiting")
    expect(waiting.locator(".queued-hand")).to_have_text(
        "Hand 1: Played in ♠; meld N 20; tricks 130. not yet confirmed"
    )
    page.context.set_offline(False)
    expect(page.locator(".queue")).to_have_count(0, timeout=15_000)
    expect(page.locator(".saved-note")).to_contain_text(
        "Hand 1 saved. Played: N & S +150, E & W +120.", timeout=15_000
    )
