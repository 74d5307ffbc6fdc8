"""The records on a 390x844 phone (issue 21): from the home page to the table's records, a
date typed wrong named at its field and kept, a range narrowing the figures, and a player's
page, light and dark, each checked for sideways scrolling and thumb-sized targets."""

from __future__ import annotations

from datetime import date

import pytest
from phone import check_phone_page, follow, shoot
from playwright.sync_api import expect
from settle_fixtures import Table, bison, brooklyn, partnership

from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser


@pytest.fixture
def evenings(app):
    """Three evenings worked out by hand in tests/settle_fixtures.py: Brooklyn (Bob +$0.80),
    Bison (Ann wins, +$7.00) and Partnership (Ann & Cal win, each +$1.00)."""
    with app.app_context(), unit_of_work():
        table = Table(default_table())
        brooklyn(table)
        bison(table)
        partnership(table)


def bids_row(page, name: str) -> list[str]:
    row = page.locator("table.stats").first.locator("tbody tr").filter(has_text=name)
    return row.locator("td").all_inner_texts()


def test_a_phone_reaches_the_records_and_narrows_them_by_date(
    live_server, browser_page, screenshots_dir, evenings
):
    page = browser_page
    page.goto(live_server + "/")
    shoot(page, screenshots_dir, "records-home")
    follow(page, page.get_by_role("link", name="Players' records"))
    expect(page.locator("h1")).to_have_text("Records")
    # Ann: Brooklyn 2 hands, Bison 3, Partnership 2; she made 400 hearts and 300 spades.
    #                          hands bids made (share) set conceded
    assert bids_row(page, "Ann") == ["7", "2", "2 100%", "0", "0"]
    shoot(page, screenshots_dir, "records")
    shoot(page, screenshots_dir, "records-dark", dark=True)

    page.get_by_role("textbox", name="From (YYYY-MM-DD)").fill("21/11/2026")
    follow(page, page.get_by_role("button", name="Show"))
    expect(page.locator("#record-from-error")).to_have_text(
        "Type a date as year-month-day, like 2026-11-21."
    )
    expect(page.get_by_role("textbox", name="From (YYYY-MM-DD)")).to_have_value("21/11/2026")
    check_phone_page(page, "records with a date typed wrong")

    page.get_by_role("textbox", name="From (YYYY-MM-DD)").fill("2000-01-01")
    page.get_by_role("textbox", name="To (YYYY-MM-DD)").fill("2000-12-31")
    follow(page, page.get_by_role("button", name="Show"))
    expect(
        page.get_by_text("Counted over 0 sessions: those started from 01 Jan 2000 to 31 Dec 2000.")
    ).to_be_visible()

    today = date.today().isoformat()
    page.get_by_role("textbox", name="From (YYYY-MM-DD)").fill(today)
    page.get_by_role("textbox", name="To (YYYY-MM-DD)").fill("")
    follow(page, page.get_by_role("button", name="Show"))
    follow(page, page.locator("table.stats").first.get_by_role("link", name="Ann"))
    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.get_by_role("textbox", name="From (YYYY-MM-DD)")).to_have_value(
        today
    )  # the range goes with her name
    # Bison: Ann melds 20, 40, 190 over three hands (83.3) and wins the game, $4 + $3.
    bison_part = page.locator("section").filter(has_text="Bison")
    expect(bison_part.locator("dd").nth(2)).to_have_text("83.3")
    shoot(page, screenshots_dir, "record-ann")
    shoot(page, screenshots_dir, "record-ann-dark", dark=True)
