"""The settle-up and ledger pages on a 390x844 phone, light and dark: no sideways scroll,
every button and link big enough for a thumb, and Mark paid works with one tap."""

from __future__ import annotations

import pytest
from settle_fixtures import Table, bison, brooklyn, brooklyn_pot, hoyle_with_leaver

from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser

SMALL_TARGETS = """
() => Array.from(document.querySelectorAll('a, button, summary, label.chip'))
  .filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height < 44; })
  .map(el => el.textContent.trim())
"""


@pytest.fixture
def sessions(app):
    with app.app_context(), unit_of_work():
        table = Table(default_table())
        first = brooklyn(table)
        table.end(first)
        return {
            "hoyle": hoyle_with_leaver(table),
            "pot": brooklyn_pot(table),
            "bison": bison(table),
        }


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_settle_and_ledger_pages_fit_a_phone(
    live_server, browser_page, screenshots_dir, sessions, scheme
):
    page = browser_page
    page.emulate_media(color_scheme=scheme)
    paths = {
        "hoyle": f"/s/{sessions['hoyle']}/settle?ledger=1",
        "pot-direct": f"/s/{sessions['pot']}/settle?view=direct",
        "bison": f"/s/{sessions['bison']}/settle",
        "ledger": "/ledger",
    }
    for name, path in paths.items():
        page.goto(live_server + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        assert page.evaluate(SMALL_TARGETS) == [], name
        page.screenshot(path=screenshots_dir / f"settle-{name}-{scheme}.png", full_page=True)


def test_mark_paid_and_the_direct_link_work_without_javascript(
    live_server, browser, screenshots_dir, sessions
):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
        java_script_enabled=False,
    )  # fmt: skip
    page = context.new_page()
    try:
        page.goto(f"{live_server}/s/{sessions['hoyle']}/settle")
        # Hoyle with Cal leaving: Ann pays Dee $2.40, Bob pays Cal $1.20, Bob pays Dee $0.20.
        assert page.locator(".payment .pay-text").all_inner_texts() == [
            "Ann pays Dee $2.40",
            "Bob pays Cal $1.20",
            "Bob pays Dee $0.20",
        ]
        with page.expect_navigation():
            page.get_by_role("button", name="Mark paid: Bob paid Cal $1.20").tap()
        page.wait_for_url("**/settle#payments")
        assert "Recorded: Bob paid Cal $1.20." in page.inner_text("main")
        assert page.locator(".payment .pay-text").all_inner_texts() == [
            "Ann pays Dee $2.40",
            "Bob pays Dee $0.20",
        ]
        page.get_by_role("link", name="Direct payments").tap()
        page.wait_for_url("**/settle?view=direct#payments")
        page.screenshot(path=screenshots_dir / "settle-after-mark-paid.png", full_page=True)
    finally:
        context.close()
