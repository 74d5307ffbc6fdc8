"""The API's documentation page in a phone-sized Chromium: Swagger UI draws the operations
from the app's own files, under the strict Content-Security-Policy a later issue adds, and
the page asks no other site for anything; its header links back to the app."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from phone import picture
from playwright.sync_api import Route, expect

pytestmark = pytest.mark.browser

POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def with_policy(route: Route) -> None:
    """Answer with the app's response plus the Content-Security-Policy header."""
    response = route.fetch()
    headers = {**response.headers, "content-security-policy": POLICY}
    route.fulfill(response=response, headers=headers)


def test_the_docs_page_shows_the_operations_under_a_strict_policy_and_links_back_to_the_app(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(RECORD_VIOLATIONS)
    page.route(f"{live_server}/**", with_policy)

    response = page.goto(f"{live_server}/api/v1/docs")
    assert response is not None and response.status == 200
    assert response.headers["content-security-policy"] == POLICY

    create = page.locator(".opblock-post").filter(has_text="Enter the next hand")
    expect(create).to_be_visible()
    poll = page.locator(".opblock-summary-description", has_text="Poll the standings")
    expect(poll).to_be_visible()
    expect(page.locator(".info .title")).to_contain_text("Scorekeeper API")
    picture(page, screenshots_dir / "api-docs.png")

    create.locator(".opblock-summary").click()
    expect(create.locator(".parameters")).to_contain_text("Idempotency-Key")
    picture(page, screenshots_dir / "api-docs-create-hand.png")

    assert page.evaluate("window.__violations") == []
    assert errors == []
    own = urlsplit(live_server).netloc
    assert requested and all(urlsplit(url).netloc == own for url in requested), requested
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The same page, its link back to the app, answered as the app answers (the route that
    # added the policy taken away once its answers in flight are done).
    page.unroute_all(behavior="wait")
    with page.expect_navigation():
        page.get_by_role("link", name="♠ Scorekeeper").click()

    assert urlsplit(page.url).path == "/"
    expect(page.get_by_role("link", name="+ New session")).to_be_visible()
