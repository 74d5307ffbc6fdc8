"""A table's own rules on a phone: Friday's house rules saved from a session and the next
session started with them in one tap, every page of saved rules checked at 390x844.

Brooklyn, three at the table (Ann, Bob, Cal clockwise, Ann deals). Under Friday rules spades
are not doubled and a unit is 25 cents: Bob's 350 in spades collects the schedule value 2
from each of Ann and Cal, Bob +4 units ($1.00), Ann and Cal -2 each (-$0.50).
"""

from __future__ import annotations

import pytest
from phone import enter_hand, figures, follow, saved_hand, shoot, standings, start_session
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

THREE = ["Ann", "Bob", "Cal"]
FRIDAY_WORDS = "Friday rules: Spades double: Off; Stake per chip: $0.25."


def test_a_table_saves_friday_rules_and_starts_the_next_session_with_one_tap(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    first = start_session(page, live_server, "brooklyn", THREE, "Ann", by_taps=True)

    # Friday's house rules, changed on the house-rules page: spades not doubled, 25c a unit.
    follow(page, page.locator(".session-nav").get_by_role("link", name="House rules"))
    page.locator("label.switch", has_text="Spades double").tap()
    page.locator("#opt-stake").fill("0.25")
    follow(page, page.get_by_role("button", name="Save the house rules"))
    expect(page.locator(".flash")).to_contain_text("Stake per chip: $0.10 → $0.25")

    # "Save these rules as…" with no name: refused next to the name, nothing saved.
    page.goto(f"{first}/settings")
    follow(page, page.get_by_role("button", name="Save these rules"))
    expect(page.locator(".save-as .error")).to_have_text(
        "Give the rules a name, such as Friday rules."
    )
    shoot(page, screenshots_dir, "saved-rules-save-as-refused")
    page.locator("#save-as-name").fill("Friday rules")
    follow(page, page.get_by_role("button", name="Save these rules"))
    expect(page.locator(".flash")).to_contain_text("Saved as Friday rules")
    shoot(page, screenshots_dir, "saved-rules-save-as")

    # The next session: Friday rules in one tap, then the players and the dealer as ever.
    page.goto(f"{live_server}/")
    shoot(page, screenshots_dir, "saved-rules-home")
    follow(page, page.get_by_role("link", name="+ New session"))
    follow(page, page.locator(".saved-rules-picks button.chip", has_text="Friday rules"))
    expect(page.locator("button.chip.choice.on")).to_have_text("Friday rules")
    expect(page.locator("#opt-stake")).to_have_value("0.25")
    for seat, name in enumerate(THREE):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(0).locator("label.dealer-pick").tap()
    shoot(page, screenshots_dir, "saved-rules-new-session")
    shoot(page, screenshots_dir, "saved-rules-new-session-dark", dark=True)
    follow(page, page.get_by_role("button", name="Start the session"))

    expect(page.locator(".rules-note")).to_have_text(FRIDAY_WORDS)
    enter_hand(page, declarer="Bob", bid=350, trump="S", outcome="Made")
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}
    money = {name: s.money for name, s in standings(page).items()}
    assert money == {"Ann": "−$0.50", "Bob": "+$1.00", "Cal": "−$0.50"}
    shoot(page, screenshots_dir, "saved-rules-session")
    second = page.url

    follow(page, page.locator(".session-nav").get_by_role("link", name="Settle up"))
    expect(page.locator(".rules-note")).to_have_text(FRIDAY_WORDS)
    shoot(page, screenshots_dir, "saved-rules-settle")
    page.goto(f"{second}/print")
    expect(page.locator("#rules")).to_contain_text(
        "Started under the table's saved rules Friday rules."
    )
    shoot(page, screenshots_dir, "saved-rules-print")

    # The table's rules: listed in words, renamed, then deleted; the session keeps the name.
    page.goto(f"{live_server}/")
    follow(page, page.get_by_role("link", name="Saved house rules"))
    expect(page.locator(".saved-rules li")).to_contain_text(
        "Spades double: Off; Stake per chip: $0.25."
    )
    shoot(page, screenshots_dir, "saved-rules-list")
    shoot(page, screenshots_dir, "saved-rules-list-dark", dark=True)
    follow(page, page.get_by_role("link", name="Rename or edit"))
    shoot(page, screenshots_dir, "saved-rules-edit")
    page.locator("#rules-name").fill("Friday night")
    follow(page, page.get_by_role("button", name="Save the rules"))
    expect(page.locator(".saved-rules h2")).to_have_text("Friday night")
    follow(page, page.get_by_role("link", name="Delete"))
    shoot(page, screenshots_dir, "saved-rules-delete")
    follow(page, page.get_by_role("button", name="Delete Friday night"))
    expect(page.locator(".flash")).to_contain_text("Friday night deleted")
    page.goto(second)
    expect(page.locator(".rules-note")).to_have_text(FRIDAY_WORDS)

    # New saved rules from any preset, a name refused next to its field with the rest kept.
    page.goto(f"{live_server}/rules/new?system=hoyle")
    page.locator("#rules-name").fill("x" * 40)
    page.locator("#opt-min_bid").fill("305")
    follow(page, page.get_by_role("button", name="Save the rules"))
    expect(page.locator("#opt-min_bid")).to_have_value("305")
    expect(page.locator(".option.has-error .error")).to_have_text(
        "Minimum bid must be a multiple of 10 or 25 points, not 305."
    )
    shoot(page, screenshots_dir, "saved-rules-new-refused")
