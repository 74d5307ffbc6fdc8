"""Every kind of page is usable by everyone at the table (issue 19, "Accessible to everyone").

- axe-core finds no violation of any impact on any page, light and dark;
- at 200% text (WCAG 1.4.4, 1.4.10) and at 320 px wide nothing scrolls sideways, nothing
  sticks out and no word is split across two lines;
- Enter in a text field of the hand form saves the hand;
- the session page does not move as it loads (no layout shift).

The pages are those of an evening: a Brooklyn session with hands, a payment and a correction,
every preset's session page with its hand form, the page of a refused save, the house rules,
saved rules, the ledger, a club night's pages, the print view, the ratings, the API docs and
problems, the error and offline pages.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from axe import add_axe, violations
from conftest import PHONE
from flask import Flask
from phone import chip, figures, layout_problems, saved_hand, start_session
from playwright.sync_api import Browser, Page, Route, expect
from reflow import double_text, split_words
from webhelpers import (
    club_night_paired,
    dispose,
    find_form,
    form_values,
    hand_data,
    migrated_app,
    new_session,
    parse,
    player_ids,
    save_hand,
)
from werkzeug.serving import make_server

from scorekeeper.rules.game import variant
from scorekeeper.rules.game.options import PRESETS

pytestmark = pytest.mark.browser

_NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@dataclass(frozen=True)
class Evening:
    """The pages to visit: name -> path; ``refused`` is the page a refused save answers."""

    pages: dict[str, str]
    refused: str


def _players(system: variant.Game) -> list[str]:
    return _NAMES[: PRESETS[system].shape.players]


def play_an_evening(app: Flask) -> Evening:
    """Sessions of every preset, one of them played with hands, a payment and saved rules."""
    client = app.test_client()
    pages = {"home": "/"}
    for system in variant.all_games():
        sid = new_session(client, system.value, _players(system))
        pages[f"session-{system.value}"] = f"/s/{sid}"
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, trump="C", outcome="conceded")
    save_hand(client, sid, declarer="Dee", bid=400, trump="H", outcome="set")
    ids = player_ids(client)
    paid = client.post(
        f"/s/{sid}/settle/pay", data={"payer": ids["Cal"], "payee": ids["Bob"], "amount": "0.20"}
    )
    assert paid.status_code == 302
    page = client.get("/rules/new?system=hoyle")
    data = dict(form_values(find_form(parse(page), action="/rules/new")))
    data["name"] = "Hoyle nights"
    assert client.post("/rules/new", data=data).status_code == 302
    refused = client.post(
        f"/s/{sid}/hands", data=hand_data(client, sid, declarer="Ann", bid=340, trump="S")
    )
    assert refused.status_code == 422  # bids ending in 40 are refused (RULES, the bid ladder)
    rated = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])  # ended: rated
    save_hand(client, rated, declarer="Bob", bid=400, trump="H", outcome="made")
    assert client.post(f"/s/{rated}/end").status_code == 302
    pages |= {
        "session-played": f"/s/{sid}",
        "correction": f"/s/{sid}/hands/2/edit",
        "delete-hand": f"/s/{sid}/hands/3/delete",
        "history": f"/s/{sid}/history",
        "settle": f"/s/{sid}/settle",
        "ledger": "/ledger",
        "house-rules": f"/s/{sid}/settings",
        "leave": f"/s/{sid}/leave",
        "share": f"/s/{sid}/share",
        "print": f"/s/{sid}/print",
        "new-session": "/sessions/new",
        "new-session-bison": "/sessions/new?system=bison",
        "import": "/sessions/import",
        "saved-rules": "/rules/",
        "saved-rules-new": "/rules/new?system=double-deck",
        "saved-rules-edit": "/rules/1",
        "saved-rules-delete": "/rules/1/delete",
        "players": "/players/",
        "player": f"/players/{ids['Bob']}",
        "ratings": "/ratings",
        "rating": f"/ratings/{ids['Bob']}",
        "rating-not-yet": f"/ratings/{ids['Dee']}",
        "records": "/records/",
        "records-dates-refused": "/records/?from=21/11/2026&to=2026-02-30",
        "record": f"/records/{ids['Bob']}",
        "not-found": "/s/999",
        "offline": "/offline",
        "api-docs": "/api/v1/docs",
        "api-problems": "/api/v1/problems#stale-hand",
    }
    pages |= club_night_pages(client)
    return Evening(pages, refused.get_data(as_text=True))


def club_night_pages(client) -> dict[str, str]:
    """A club night of four in two fixed teams with round 1 paired: its pages by name."""
    night = club_night_paired(client)
    return {
        "club-nights": "/club/",
        "club-new": "/club/new",
        "club-night": night,
        "club-settings": f"{night}/settings",
    }


@pytest.fixture
def evening(app: Flask) -> Evening:
    return play_an_evening(app)


@pytest.fixture
def context(browser: Browser, live_server: str, evening: Evening) -> Iterator:
    """A phone's browser context with axe-core on every page, no service worker (its fetches
    would go round the test's routes) and the refused save's page served at /refused-save."""
    context = browser.new_context(**PHONE, service_workers="block")
    add_axe(context)
    context.route(
        f"{live_server}/refused-save",
        lambda route: route.fulfill(body=evening.refused, content_type="text/html"),
    )
    yield context
    context.close()


def every_page(evening: Evening) -> dict[str, str]:
    """Each kind of page by name, the refused save's included."""
    return evening.pages | {"refused-save": "/refused-save"}


def open_page(page: Page, url: str) -> None:
    """Open ``url`` and wait until it is drawn (the API docs draw their operations late)."""
    page.goto(url)
    if url.endswith("/api/v1/docs"):
        page.locator(".opblock").first.wait_for()


def test_every_page_light_and_dark_passes_axe(context, live_server, evening):
    page = context.new_page()
    found: list[str] = []
    for name, path in every_page(evening).items():
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            open_page(page, live_server + path)
            found += [f"{name} ({scheme}): {line}" for line in violations(page)]
        description = page.locator("meta[name=description]").get_attribute("content")
        if not description:
            found.append(f"{name}: no meta description")
    assert not found, "axe-core finds:\n  " + "\n  ".join(found)


def test_the_api_docs_with_operations_open_pass_axe(context, live_server):
    """Two operations open: their parameters, examples and responses, side by side."""
    page = context.new_page()
    open_page(page, f"{live_server}/api/v1/docs")
    for summary in ("Enter the next hand", "Start a session"):
        operation = page.locator(".opblock-post").filter(has_text=summary)
        operation.locator(".opblock-summary").click()
        operation.locator(".responses-table").wait_for()
    assert violations(page) == []


@pytest.mark.parametrize("script", [True, False], ids=["with-javascript", "without-javascript"])
def test_enter_in_a_text_field_saves_the_hand(browser, live_server, script):
    """Preview is the form's first button on screen, yet Enter in Other bid saves the hand."""
    context = browser.new_context(**PHONE, java_script_enabled=script)
    try:
        page = context.new_page()
        start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
        form = page.locator("#hand-form")
        chip(form, "Declarer", "Bob").tap()
        form.locator("label.suit-H").tap()
        chip(form, "Outcome", "Made").tap()
        other_bid = form.locator("input[name=bid_other]")
        other_bid.fill("350")
        with page.expect_navigation():
            other_bid.press("Enter")
        saved_hand(page, 1)
        # Bob makes 350 in hearts: 2 chips from each of Ann, Cy and Dee, so Bob +6.
        assert figures(page) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}
        buttons = form.locator(".actions button")
        assert buttons.all_inner_texts() == ["Preview", "Save hand"]  # as it was on screen
    finally:
        context.close()


def test_screen_readers_hear_cards_by_name_and_each_group_by_its_name(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    for group in ("Declarer", "Bid", "Trump", "Outcome"):
        expect(form.get_by_role("radiogroup", name=group, exact=True)).to_be_visible()
    form.locator("details.details > summary").tap()
    modes = form.get_by_role("radiogroup", name="Declarer's meld", exact=True)
    expect(modes).to_be_visible()
    modes.locator("label.chip", has_text="Cards").tap()

    ace = form.get_by_role("button", name="ace of spades, 0 held", exact=True)
    expect(ace).to_have_attribute("aria-pressed", "false")
    ace.tap()
    held = form.get_by_role("button", name="ace of spades, 1 held", exact=True)
    expect(held).to_have_attribute("aria-pressed", "true")
    form.get_by_role("button", name="ten of diamonds, 0 held", exact=True).tap()
    expect(form.locator("input[name=meld-declarer]")).to_have_value("AS TD")
    expect(form.get_by_role("button", name="nine of clubs, 0 held", exact=True)).to_be_visible()


_SIZES = {"200% text": (390, True), "320 px wide": (320, False)}


@pytest.mark.parametrize("size", list(_SIZES))
def test_at_200_percent_text_and_320_px_nothing_scrolls_sideways_and_no_word_splits(
    browser, live_server, evening, screenshots_dir, size
):
    """Every page with its folded parts opened (meld and tricks, the whole settlement)."""
    width, doubled = _SIZES[size]
    context = browser.new_context(
        **{**PHONE, "viewport": {"width": width, "height": 844}}, service_workers="block"
    )
    context.route(
        f"{live_server}/refused-save",
        lambda route: route.fulfill(body=evening.refused, content_type="text/html"),
    )
    page = context.new_page()
    found: list[str] = []
    try:
        for name, path in every_page(evening).items():
            open_page(page, live_server + path)
            if doubled:
                double_text(page)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            problems = layout_problems(page)
            if name == "api-docs":  # Swagger UI's own controls: their size is its own
                problems = [p for p in problems if "tap target" not in p]
            found += [f"{name}: {line}" for line in problems + split_words(page)]
            if name in ("session-brooklyn", "session-double-deck", "settle"):
                page.screenshot(path=screenshots_dir / f"reflow-{name}-{width}.png", full_page=True)
    finally:
        context.close()
    assert not found, f"At {size}:\n  " + "\n  ".join(found)


_LAYOUT_SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({type: 'layout-shift', buffered: true});
"""


@pytest.mark.parametrize("name", ["session-brooklyn", "session-played", "session-hoyle"])
def test_the_session_page_does_not_move_as_it_loads(browser, live_server, evening, name):
    """Cumulative layout shift 0, with the scripts arriving late (as on a slow phone, when
    the page is drawn before they run): the stepper and the screen switch have their room."""
    context = browser.new_context(**PHONE)
    context.add_init_script(_LAYOUT_SHIFTS)

    def late(route: Route) -> None:
        time.sleep(0.5)
        route.continue_()

    context.route("**/*.js*", late)
    try:
        page = context.new_page()
        page.goto(live_server + evening.pages[name])  # its scripts ran before "load"
        page.wait_for_function("!document.querySelector('.stepper').hidden")
        page.wait_for_timeout(300)  # any shift after the scripts is reported too
        assert page.evaluate("window.__shift") == 0
    finally:
        context.close()


def test_the_declarer_and_bid_grid_and_its_rows_have_names(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "double-deck", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    grid = page.get_by_role("group", name="Declarer and bid", exact=True)
    expect(grid).to_be_visible()
    for name in ("Ann", "Bob", "Cy", "Dee"):
        expect(grid.get_by_role("radiogroup", name=name, exact=True)).to_be_visible()
    expect(page.get_by_role("radiogroup", name="Trump", exact=True)).to_be_visible()


@pytest.fixture
def hosted_server(tmp_path) -> Iterator[str]:
    """The app in hosted mode, forms protected as in production, served over HTTP."""
    yield from _served(migrated_app(tmp_path, csrf=True, HOSTED=True))


@pytest.fixture
def pinned_server(tmp_path) -> Iterator[str]:
    """The app for one table behind a PIN (table mode), served over HTTP."""
    yield from _served(migrated_app(tmp_path, csrf=True, TABLE_PIN="4071"))


def _served(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free port while the test runs; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
    dispose(app)


def hosted_findings(page: Page, name: str) -> list[str]:
    """axe-core's violations light and dark, then what is wrong at 200% text."""
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{name} ({scheme}): {line}" for line in violations(page)]
    page.emulate_media(color_scheme="light")
    double_text(page)
    found += [f"{name} (200% text): {line}" for line in layout_problems(page) + split_words(page)]
    return found


def test_hosted_mode_pages_pass_axe_and_fit_at_200_percent(browser, hosted_server):
    """A stranger's tables page, starting a table, its links, its sessions; the member link's
    PIN page on a second phone."""
    context = browser.new_context(**PHONE, service_workers="block")
    add_axe(context)
    page = context.new_page()
    found: list[str] = []
    page.goto(hosted_server + "/tables")
    found += hosted_findings(page, "tables (a stranger's)")
    page.goto(hosted_server + "/tables/new")
    found += hosted_findings(page, "start a table")
    page.reload()
    page.get_by_label("Name of the table").fill("Thursday club")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the table").tap()
    member_url = page.locator(".link-box").nth(0).locator(".share-url a").inner_text()
    found += hosted_findings(page, "links")
    for name, path in (("sessions", "/"), ("tables", "/tables")):
        page.goto(hosted_server + path)
        found += hosted_findings(page, name)
    second = browser.new_context(**PHONE, service_workers="block")
    add_axe(second)
    try:
        phone = second.new_page()
        phone.goto(member_url)
        expect(phone.get_by_label("PIN")).to_be_visible()
        found += hosted_findings(phone, "join with the PIN")
    finally:
        second.close()
        context.close()
    assert not found, "\n  ".join(["Hosted pages:", *found])


def test_the_table_pin_page_passes_axe_and_fits_at_200_percent(browser, pinned_server):
    context = browser.new_context(**PHONE, service_workers="block")
    add_axe(context)
    try:
        page = context.new_page()
        page.goto(pinned_server + "/")
        expect(page.get_by_label("PIN")).to_be_visible()
        assert hosted_findings(page, "the table's PIN") == []
    finally:
        context.close()
