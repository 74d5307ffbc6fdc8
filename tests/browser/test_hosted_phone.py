"""Hosted mode on a phone (390x844), forms protected as in production: start a table, read its
links and PIN, open the member link on a second phone and enter the PIN, follow the watch
link on a third; table mode's PIN page.

Screenshots go to test-artifacts/screenshots/hosted-*.png (light and dark).
"""

from __future__ import annotations

import re

import pytest
import threadserver
from phone import check_phone_page, enter_hand, shoot, start_session
from playwright.sync_api import expect
from webhelpers import dispose, migrated_app
from werkzeug.serving import make_server

pytestmark = pytest.mark.browser


def serve(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threadserver.start(server)
    return server, thread, f"http://127.0.0.1:{server.server_port}"


@pytest.fixture
def hosted_server(tmp_path):
    app = migrated_app(tmp_path, csrf=True, HOSTED=True)
    server, thread, url = serve(app)
    yield url
    threadserver.stop(server, thread)
    dispose(app)


@pytest.fixture
def pinned_server(tmp_path):
    app = migrated_app(tmp_path, csrf=True, TABLE_PIN="4071")
    server, thread, url = serve(app)
    yield url
    threadserver.stop(server, thread)
    dispose(app)


def test_start_a_table_share_its_links_and_join_with_the_pin(
    hosted_server, browser, browser_page, screenshots_dir
):
    from conftest import PHONE

    page = browser_page
    page.goto(hosted_server + "/")
    expect(page).to_have_url(hosted_server + "/tables")
    shoot(page, screenshots_dir, "hosted-tables-stranger")
    with page.expect_navigation():  # the new page's stylesheet is in before it is measured
        page.get_by_role("link", name="+ Start a table").tap()
    page.get_by_label("Name of the table").fill("Thursday club")
    shoot(page, screenshots_dir, "hosted-start-table")
    shoot(page, screenshots_dir, "hosted-start-table-dark", dark=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the table").tap()

    expect(page.get_by_role("heading", name="Links for Thursday club")).to_be_visible()
    pin = page.locator(".pin-shown").inner_text()
    assert re.fullmatch(r"\d{6}", pin)
    member_url = page.locator(".link-box").nth(0).locator(".share-url a").inner_text()
    watch_url = page.locator(".link-box").nth(1).locator(".share-url a").inner_text()
    assert re.search(r"/join/[A-Za-z0-9_-]{32}$", member_url)
    assert re.search(r"/watch/[A-Za-z0-9_-]{32}$", watch_url)
    shoot(page, screenshots_dir, "hosted-links")
    shoot(page, screenshots_dir, "hosted-links-dark", dark=True)
    page.get_by_text("Make new links…").tap()
    expect(page.get_by_role("button", name="Regenerate links and PIN")).to_be_visible()
    shoot(page, screenshots_dir, "hosted-links-regenerate")
    session_url = start_session(
        page, hosted_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann", by_taps=True
    )
    enter_hand(page, declarer="Bob", bid=350, trump="S", outcome="Made")

    second = browser.new_context(**PHONE)
    try:
        phone = second.new_page()
        phone.goto(member_url)
        expect(phone.get_by_role("heading", name="Join Thursday club")).to_be_visible()
        field = phone.get_by_label("PIN")
        expect(field).to_be_focused()
        size = float(field.evaluate("el => getComputedStyle(el).fontSize").removesuffix("px"))
        assert size >= 32  # big enough to read at arm's length
        box = field.bounding_box()
        assert box is not None and box["width"] >= 300 and box["height"] >= 60
        shoot(phone, screenshots_dir, "hosted-pin")
        shoot(phone, screenshots_dir, "hosted-pin-dark", dark=True)
        field.fill("000000" if pin != "000000" else "111111")
        phone.get_by_role("button", name="Open the table").tap()
        expect(phone.get_by_role("alert")).to_contain_text("That PIN is not right")
        shoot(phone, screenshots_dir, "hosted-pin-wrong")
        phone.get_by_label("PIN").fill(pin)
        shoot(phone, screenshots_dir, "hosted-pin-typed")
        phone.get_by_role("button", name="Open the table").tap()
        expect(phone).to_have_url(hosted_server + "/")
        expect(phone.locator(".flash")).to_contain_text("Welcome to Thursday club")
        expect(phone.get_by_role("link", name="+ New session")).to_be_visible()
        check_phone_page(phone, "member home")
    finally:
        second.close()

    third = browser.new_context(**PHONE)
    try:
        watcher = third.new_page()
        watcher.goto(watch_url)
        expect(watcher).to_have_url(hosted_server + "/")
        expect(watcher.locator(".flash")).to_contain_text("read only")
        expect(watcher.get_by_role("link", name="+ New session")).to_have_count(0)
        shoot(watcher, screenshots_dir, "hosted-watcher-home")
        watcher.goto(session_url)
        expect(watcher.locator("#standings")).to_be_visible()
        expect(watcher.locator("#hand-form")).to_have_count(0)
        expect(watcher.locator("form")).to_have_count(0)
        shoot(watcher, screenshots_dir, "hosted-watcher-session")
    finally:
        third.close()


def test_a_phone_in_two_tables_has_a_switcher(hosted_server, browser_page, screenshots_dir):
    page = browser_page
    for name in ("Thursday club", "Family Sundays"):
        page.goto(hosted_server + "/tables/new")
        page.get_by_label("Name of the table").fill(name)
        page.get_by_role("button", name="Start the table").tap()
        expect(page.get_by_role("heading", name=f"Links for {name}")).to_be_visible()

    page.goto(hosted_server + "/")
    page.get_by_role("link", name="Switch table").tap()
    expect(page.locator("button.table-open")).to_have_count(2)
    shoot(page, screenshots_dir, "hosted-tables-switcher")
    page.locator("button.table-open", has_text="Thursday club").tap()
    expect(page).to_have_url(hosted_server + "/")
    expect(page.locator(".brand")).to_contain_text("Thursday club")


def test_table_mode_asks_for_its_pin_once(pinned_server, browser_page, screenshots_dir):
    page = browser_page
    page.goto(pinned_server + "/ledger")
    expect(page.get_by_role("heading", name="This table has a PIN")).to_be_visible()
    shoot(page, screenshots_dir, "hosted-table-pin")
    page.get_by_label("PIN").fill("4071")
    page.get_by_role("button", name="Open the table").tap()
    expect(page).to_have_url(pinned_server + "/ledger")
    page.goto(pinned_server + "/")
    expect(page.get_by_role("link", name="+ New session")).to_be_visible()
