"""Every kind of page works under the Content-Security-Policy with nothing refused.

The pages are visited in Chromium at phone size and used as the table uses them (a hand
entered by taps with the preview and the card grid, a payment marked paid, an import that
fails...). Every refusal the browser reports fails the test: a ``securitypolicyviolation``
listener (added before any page script runs) and Chromium's own "Refused to ..." console
messages are both collected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from phone import chip, enter_hand, follow, saved_hand, start_session
from playwright.sync_api import ConsoleMessage, Error, Page, expect
from webhelpers import club_night_paired

from scorekeeper.security import CONTENT_SECURITY_POLICY

pytestmark = pytest.mark.browser

_LISTENER = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.violatedDirective} refused ${e.blockedURI || 'inline'}` +
    ` in ${e.sourceFile || document.location.href}:${e.lineNumber} ${e.sample || ''}`);
}, true);
"""


@dataclass
class Refusals:
    """What the browser refused on each page, and the script errors it met."""

    page: Page
    seen: list[str] = field(default_factory=list)
    visited: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.add_init_script(_LISTENER)
        self.page.on("console", self._console)
        self.page.on("pageerror", self._error)
        self.page.on("framenavigated", self._navigated)

    def _console(self, message: ConsoleMessage) -> None:
        text = message.text
        if "CSP violation" in text or "Refused to" in text or "Content Security Policy" in text:
            self.seen.append(f"{self.page.url}: {text}")

    def _error(self, error: Error) -> None:
        self.seen.append(f"{self.page.url}: script error {error}")

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self.visited.append(re.sub(r"^https?://[^/]+", "", frame.url))

    def visit(self, url: str, status: int = 200) -> None:
        """Open ``url``; it must answer ``status`` with the policy header."""
        response = self.page.goto(url)
        assert response is not None and response.status == status, (url, response)
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, url
        self.page.wait_for_load_state("load")

    def check(self) -> None:
        """Fail with every refusal seen so far (after giving late reports a moment)."""
        self.page.wait_for_timeout(150)
        assert not self.seen, "refused under the policy:\n  " + "\n  ".join(self.seen)


@pytest.fixture
def refusals(browser_page) -> Refusals:
    return Refusals(browser_page)


def test_the_listener_reports_inline_style_and_script(app, live_server, refusals):
    """A page with inline style and script is refused, and the test sees it (so the check
    below can be trusted when it sees nothing)."""

    def inline_page():
        return (
            "<!doctype html><title>x</title><style>p { color: red }</style>"
            "<p style='color: blue'>x</p><script>document.title = 'ran'</script>"
        )

    app.add_url_rule("/test-inline", "test_inline", inline_page)

    refusals.visit(f"{live_server}/test-inline")
    refusals.page.wait_for_timeout(150)

    assert refusals.page.title() == "x"  # the inline script did not run
    joined = "\n".join(refusals.seen)
    assert "style-src" in joined and "script-src" in joined, joined
    assert len([line for line in refusals.seen if "CSP violation" in line]) >= 3


def test_every_page_kind_works_with_nothing_refused(app, live_server, refusals):
    page, base = refusals.page, live_server

    refusals.visit(f"{base}/")  # home, before anything exists
    refusals.visit(f"{base}/no-such-page", 404)
    url = start_session(page, base, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann", by_taps=True)
    sid = int(url.rsplit("/", 1)[1])

    # The hand form used: the preview asks the server as it is filled in, then Save.
    enter_hand(
        page, declarer="Bob", bid=350, trump="H", melds={"declarer": 190}, tricks=170, save=False
    )
    expect(page.locator("#preview")).to_contain_text("Bob makes 350")
    follow(page, page.locator("#hand-form").get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    # The second hand's meld by the card grid (its breakdown drawn by the script).
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Cy").tap()
    chip(form, "Bid", "300").tap()
    form.locator("label.suit-S").tap()
    form.locator("details.details summary").tap()
    form.locator("input[name=tricks]").fill("100")
    meld = form.locator(".meld[data-meld=declarer]")
    meld.locator("label.chip", has_text="Cards").tap()
    for card in ("AS", "TS", "KS", "QS", "JS"):
        meld.locator(f".card-grid button[data-card={card}]").tap()
    expect(meld.locator("[data-breakdown]")).to_contain_text("run 150")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 2)
    refusals.check()

    for path in (
        f"/s/{sid}/history",
        f"/s/{sid}/hands/1/edit",
        f"/s/{sid}/hands/2/delete",
        f"/s/{sid}/settings",
        f"/s/{sid}/leave",
        f"/s/{sid}/share",
        f"/s/{sid}/print",
        f"/s/{sid}/print?size=a4",
        "/sessions/new",
        "/players/",
    ):
        refusals.visit(base + path)
    expect(page.locator("h1")).to_have_text("Players")
    follow(page, page.locator("table.stats tbody a").first)  # a player's page, with the stats
    refusals.check()

    refusals.visit(f"{base}/s/{sid}/share")
    expect(page.locator(".qr svg")).to_be_visible()  # the QR code drawn

    # Settle up: mark the first payment paid, then the ledger and deleting a payment.
    refusals.visit(f"{base}/s/{sid}/settle")
    with page.expect_navigation():
        page.locator(".payment button").first.tap()
    expect(page.locator("main")).to_contain_text("Recorded:")
    refusals.visit(f"{base}/ledger")
    follow(page, page.locator(".recorded a.danger").first)
    expect(page.locator("h1")).to_contain_text("Delete")

    # Import: a file's text pasted that is not a session file, refused on the page.
    refusals.visit(f"{base}/sessions/import")
    page.locator("#import-text").fill("not a session file")
    follow(page, page.get_by_role("button", name="Import"))
    expect(page.locator("#import-error")).to_be_visible()

    if any(rule.rule == "/api/v1/docs" for rule in app.url_map.iter_rules()):
        refusals.visit(f"{base}/api/v1/docs")
        page.wait_for_load_state("networkidle")
    refusals.visit(f"{base}/api/v1/sessions/{sid}")  # an API answer shown by the browser
    refusals.check()

    kinds = {re.sub(r"\d+", "N", path.split("?")[0].split("#")[0]) for path in refusals.visited}
    assert {
        "/",
        "/sessions/new",
        "/s/N",
        "/s/N/history",
        "/s/N/hands/N/edit",
        "/s/N/hands/N/delete",
        "/s/N/settings",
        "/s/N/leave",
        "/s/N/share",
        "/s/N/print",
        "/s/N/settle",
        "/ledger",
        "/ledger/payments/N/delete",
        "/players/",
        "/players/N",
        "/sessions/import",
    } <= kinds, kinds


def test_a_club_night_works_with_nothing_refused(app, live_server, refusals):
    night = club_night_paired(app.test_client())
    for path in ("/club/", "/club/new", f"{night}/settings", night):
        refusals.visit(live_server + path)
    page = refusals.page
    page.locator("summary", has_text="QR code for table 1").tap()
    expect(page.locator(".qr svg")).to_be_visible()  # the QR code drawn
    # A poll of every table: the one the page makes when the phone is looked at again, not
    # waiting up to 5 s for the timer's (the same request, by the same function).
    with page.expect_response(lambda r: r.url.endswith("/live")):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    refusals.check()
