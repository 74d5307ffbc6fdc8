"""The browser fixtures work: a phone-sized Chromium reaches the live server."""

import pytest

pytestmark = pytest.mark.browser


def test_a_phone_sized_browser_opens_healthz(live_server, browser_page, screenshots_dir):
    response = browser_page.goto(f"{live_server}/healthz")

    assert response is not None and response.status == 200
    assert browser_page.inner_text("body").strip() == "ok"
    assert browser_page.viewport_size == {"width": 390, "height": 844}
    assert browser_page.evaluate("window.devicePixelRatio") == 3
    browser_page.screenshot(path=screenshots_dir / "smoke-healthz.png")
