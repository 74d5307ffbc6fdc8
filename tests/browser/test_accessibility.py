"""Every kind of page is usable by everyone at the table (issue 19, "Accessible to everyone").

- axe-core finds no violation of any impact on any page, light, nor of the rules the colours
  decide (``axe.COLOUR_RULES``: contrast, links told apart) dark;
- on the same pages, each loaded once for all these checks, at 320 px wide and at 200% text
  (WCAG 1.4.4, 1.4.10) nothing scrolls sideways, nothing sticks out and no word is split
  across two lines, with every folded part opened (``reflow.py``);
- Enter in a text field of the hand form saves the hand;
- screen readers hear the cards and each group of the hand form by name;
- the hosted mode's pages and the table's PIN page pass axe-core and fit at 200% text.

The pages are those of ``everypage.play_an_evening``: a Brooklyn session with hands, a payment
and a correction, every preset's session page with its hand form, the page of a refused save,
the house rules, saved rules, the ledger, a club night's pages, the print view, the ratings,
the API docs and problems, the error and offline pages. The session page as it loads, and the
hand form's choices at 320 px, are ``test_reflow.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import threadserver
from axe import COLOUR_RULES, add_axe, violations
from conftest import PHONE
from everypage import Evening, evening_once, every_page, open_page
from flask import Flask
from phone import chip, figures, layout_problems, picture, saved_hand, start_session
from playwright.sync_api import Browser, Page, expect
from reflow import double_text, split_words
from webhelpers import dispose, migrated_app
from werkzeug.serving import make_server

pytestmark = pytest.mark.browser


@pytest.fixture
def evening(app: Flask) -> Evening:
    return evening_once(app)


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


def test_every_page_passes_axe_light_and_dark_and_fits_at_320_px_and_at_200_percent_text(
    context, live_server, evening, screenshots_dir
):
    """Each page, loaded at the phone's 390 px: axe-core light, then dark (the colours follow
    the scheme without a reload; only they change in the dark). Then the same page with its
    folded parts opened (meld and tricks, the whole settlement) at 320 px wide, then at 390 px
    with its text at 200%: the page lays itself out again for each, as a phone turned or set
    to larger text does, with no reload (no script of the app reads the page's width)."""
    page = context.new_page()
    found: list[str] = []
    layout: list[str] = []
    for name, path in every_page(evening).items():
        page.set_viewport_size(PHONE["viewport"])
        page.emulate_media(color_scheme="light")
        open_page(page, live_server + path)
        found += [f"{name} (light): {line}" for line in violations(page)]
        page.emulate_media(color_scheme="dark")
        found += [f"{name} (dark): {line}" for line in violations(page, COLOUR_RULES)]
        description = page.locator("meta[name=description]").get_attribute("content")
        if not description:
            found.append(f"{name}: no meta description")

        page.emulate_media(color_scheme="light")
        page.set_viewport_size({"width": 320, "height": 844})
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        layout += _reflow_problems(page, name, "320 px wide")
        if name in ("session-brooklyn", "session-double-deck", "settle"):
            picture(page, screenshots_dir / f"reflow-{name}-320.png", full_page=True)
        page.set_viewport_size(PHONE["viewport"])
        double_text(page)
        layout += _reflow_problems(page, name, "200% text")
        if name in ("session-brooklyn", "session-double-deck", "settle"):
            picture(page, screenshots_dir / f"reflow-{name}-390.png", full_page=True)
    assert not found + layout, "\n  ".join(["axe-core finds:", *found, "Layout problems:", *layout])


def _reflow_problems(page, name: str, size: str) -> list[str]:
    """What scrolls sideways, runs over or splits a word on the page as it is now laid out."""
    problems = layout_problems(page)
    if name == "api-docs":  # Swagger UI's own controls: their size is its own
        problems = [p for p in problems if "tap target" not in p]
    return [f"{name} ({size}): {line}" for line in problems + split_words(page)]


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


def test_the_double_decks_declarer_and_bid_are_groups_named_as_every_games(
    live_server, browser_page
):
    page = browser_page
    start_session(page, live_server, "double-deck", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    for group in ("Declarer", "Bid", "Trump"):
        expect(form.get_by_role("radiogroup", name=group, exact=True)).to_be_visible()
    declarers = form.get_by_role("radiogroup", name="Declarer", exact=True)
    for name in ("Bob", "Cy", "Dee", "Ann"):  # Ann deals: Bob bids first
        expect(declarers.get_by_role("radio", name=name, exact=True)).to_have_count(1)
    expect(form.get_by_role("textbox", name="Other bid", exact=True)).to_be_visible()


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
    thread = threadserver.start(server)
    yield f"http://127.0.0.1:{server.server_port}"
    threadserver.stop(server, thread)
    dispose(app)


def hosted_findings(page: Page, name: str) -> list[str]:
    """axe-core's violations light and dark, then what is wrong at 200% text."""
    page.emulate_media(color_scheme="light")
    found = [f"{name} (light): {line}" for line in violations(page)]
    page.emulate_media(color_scheme="dark")
    found += [f"{name} (dark): {line}" for line in violations(page, COLOUR_RULES)]
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
