"""Nothing typed is lost (issue 30): what is typed in the hand form and in the new-session form
is kept on the phone (its localStorage) across a reload, for that session and hand number only,
and gone once saved; never applied to another hand or shown on another phone. At 390x844
(the note on a restored form also at 320 px wide and at 200% text).

The double-deck hand is RULES 6.3's example E1: seats N E S W, N bids 65 in spades, N+S meld 39
and take 31, E+W meld 38 and take the other 19 (50 a hand, RULES 3.5). Under the preset N+S
have 39 + 31 = 70, at least the 65 bid: made, +70; E+W took 19, under 20, so count nothing: +0.
"""

from __future__ import annotations

import json
import re

import pytest
from axe import add_axe, violations
from conftest import PHONE
from phone import (
    check_phone_page,
    chip,
    follow,
    shoot,
    start_session,
    type_team_hand,
)
from playwright.sync_api import Browser, Locator, Page, expect
from reflow import double_text, split_words

pytestmark = pytest.mark.browser

FOUR = ["N", "E", "S", "W"]
DRAFTS = """() => Object.keys(localStorage).filter((k) => k.startsWith('scorekeeper-draft:'))"""


def _drafts(page: Page) -> list[str]:
    return page.evaluate(DRAFTS)


def _side_meld(page: Page, side: str):
    return page.locator(f"#hand-form input[aria-label='Meld of {side}']")


def _type_e1(page: Page) -> None:
    """RULES 6.3 E1 tapped and typed: N, 65, spades, both sides' meld, N+S's tricks."""
    sides = {"N & S": 39, "E & W": 38}
    type_team_hand(page, declarer="N", bid=65, trump="S", sides=sides, tricks=31)


def _expect_e1(page: Page) -> None:
    form = page.locator("#hand-form")
    expect(chip(form, "Declarer", "N").locator("input")).to_be_checked()
    expect(chip(form, "Bid", "65").locator("input")).to_be_checked()
    expect(form.locator("input[name=trump][value=S]")).to_be_checked()
    expect(_side_meld(page, "N & S")).to_have_value("39")
    expect(_side_meld(page, "E & W")).to_have_value("38")
    expect(form.locator("input[name=tricks]")).to_have_value("31")
    expect(form.locator("[data-other-side]")).to_have_text("Other side: 19")
    expect(form.locator(".step-value")).to_have_text("65")
    preview = form.locator("#preview .preview-text")
    expect(preview).to_contain_text("N makes 65 with 39 meld and 31 in tricks: N & S +70, E & W 0")
    expect(preview).not_to_have_class(re.compile(r"\bbad\b"))


def _expect_empty(page: Page) -> None:
    form = page.locator("#hand-form")
    expect(
        form.locator("input[type=radio]:checked:not([value='']):not([name^=meld_mode-])")
    ).to_have_count(0)
    for box in form.locator("input[type=text]:not([type=hidden]), input:not([type])").all():
        expect(box).to_have_value("")
    expect(page.locator(".draft-note")).to_have_count(0)
    expect(form.locator("#preview")).to_have_text("")


def test_a_double_deck_hand_typed_is_all_back_after_a_reload_and_gone_once_saved(
    live_server, browser_page, screenshots_dir
):
    """The note said on the restored form is also held to a phone 320 px wide and to 200%
    text, on the same page laid out again for each (as a phone turned or set to larger text
    does); then the page is read again at its usual size and the hand saved."""
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "W")
    _type_e1(page)
    assert len(_drafts(page)) == 1
    add_axe(page.context)

    page.reload()

    _expect_e1(page)
    note = page.locator(".draft-note")
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("Restored what you had typed for hand 1.")
    expect(note.get_by_role("button", name="Clear what was restored")).to_be_visible()
    expect(page.locator("input[name=bid_other]")).not_to_be_focused()
    shoot(page, screenshots_dir, "draft-restored")
    shoot(page, screenshots_dir, "draft-restored-dark", dark=True)
    assert violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert violations(page) == []
    page.emulate_media(color_scheme="light")

    expect(note.locator(".note-text")).to_be_visible()
    page.set_viewport_size({"width": 320, "height": 844})
    note.scroll_into_view_if_needed()
    check_phone_page(page, "a restored draft at 320 px")
    assert [w for w in split_words(page) if "note-text" in w or "Clear" in w] == []
    shoot(page, screenshots_dir, "draft-restored-320")
    page.set_viewport_size(PHONE["viewport"])
    double_text(page)
    note.scroll_into_view_if_needed()
    assert [w for w in split_words(page) if "note-text" in w or "Clear" in w] == []
    shoot(page, screenshots_dir, "draft-restored-200")
    shoot(page, screenshots_dir, "draft-restored-200-dark", dark=True)

    page.reload()  # at the usual text size: the draft is put back again, still unsaved
    _expect_e1(page)
    form = page.locator("#hand-form")
    with page.expect_navigation():
        form.get_by_role("button", name="Save hand").tap()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved")
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    _expect_empty(page)
    assert _drafts(page) == []

    page.reload()  # the next hand's form stays empty
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    _expect_empty(page)


def test_clear_empties_the_form_and_forgets_the_draft(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "double-deck", FOUR, "W")
    _type_e1(page)
    page.reload()
    _expect_e1(page)

    page.locator(".draft-note").get_by_role("button", name="Clear what was restored").tap()

    expect(page.locator(".draft-note")).to_have_text("Cleared.")
    expect(page.locator(".draft-note")).to_be_focused()
    form = page.locator("#hand-form")
    expect(form.locator("input[name=declarer]:checked")).to_have_count(0)
    expect(form.locator("input[name=bid]:checked")).to_have_count(0)
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    expect(_side_meld(page, "N & S")).to_have_value("")
    expect(form.locator("input[name=tricks]")).to_have_value("")
    expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)
    expect(form.locator("#preview")).to_have_text("")
    assert _drafts(page) == []
    page.reload()
    _expect_empty(page)


def test_another_phone_sees_nothing_and_hand_1_typed_is_not_put_in_hand_2(
    live_server, browser_page, browser: Browser
):
    page = browser_page
    url = start_session(page, live_server, "double-deck", FOUR, "W")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "E").tap()  # hand 1, half typed on this phone
    chip(form, "Bid", "60").tap()
    form.locator("label.suit-H").tap()

    other = browser.new_context(**PHONE)
    try:
        phone = other.new_page()
        phone.goto(url)
        _expect_empty(phone)  # the other phone: nothing of this phone's draft
        assert _drafts(phone) == []
        _type_e1(phone)  # and it saves hand 1
        with phone.expect_navigation():
            phone.locator("#hand-form").get_by_role("button", name="Save hand").tap()
        expect(phone.locator(".flash")).to_contain_text("Hand 1 saved")
    finally:
        other.close()

    page.reload()  # this phone: the form is for hand 2, and hand 1's draft is gone
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    _expect_empty(page)
    assert _drafts(page) == []


def test_a_draft_is_only_put_back_in_its_own_hand(live_server, browser_page):
    page = browser_page
    url = start_session(page, live_server, "double-deck", FOUR, "W")
    _type_e1(page)
    key = _drafts(page)[0]
    assert key.endswith(":1")
    draft = page.evaluate("(k) => localStorage.getItem(k)", key)

    with page.expect_navigation():
        page.locator("#hand-form").get_by_role("button", name="Save hand").tap()
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("2")
    # hand 1's draft left behind (as a tab closed before its page was read again would)
    page.evaluate("([k, d]) => localStorage.setItem(k, d)", [key, draft])
    page.goto(url)

    _expect_empty(page)
    assert _drafts(page) == []  # an earlier hand's draft goes: that hand was saved


def _brooklyn(page: Page, base: str) -> str:
    return start_session(page, base, "brooklyn", ["Ann", "Bob", "Cy"], "Ann")


def _bob_350_hearts_made(page: Page) -> Locator:
    """Bob, 350 typed in Other, hearts, Made, tapped in the hand form, its preview in; the form."""
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    form.locator("input[name=bid_other]").fill("350")
    chip(form, "Trump", "♥").tap()
    chip(form, "Outcome", "Made").tap()
    expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)
    return form


def test_a_refused_save_shows_what_was_sent_not_an_older_draft(live_server, browser_page):
    page = browser_page
    url = _brooklyn(page, live_server)
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    form.locator("input[name=bid_other]").fill("340")  # Brooklyn refuses a bid ending in 40
    chip(form, "Trump", "♥").tap()
    chip(form, "Outcome", "Made").tap()
    key = _drafts(page)[0]
    older = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
    older["fields"] = [["declarer", _value_of(page, "declarer", "Cy")], ["trump", "S"]]
    page.evaluate("([k, d]) => localStorage.setItem(k, d)", [key, json.dumps(older)])
    expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)

    follow(page, form.get_by_role("button", name="Save hand"))

    expect(form.locator(".error").first).to_be_visible()
    expect(chip(form, "Declarer", "Bob").locator("input")).to_be_checked()
    expect(form.locator("input[name=bid_other]")).to_have_value("340")
    expect(form.locator("input[name=trump][value=H]")).to_be_checked()
    expect(page.locator(".draft-note")).to_have_count(0)

    page.goto(url)  # the draft is now what the server showed: Bob's 340 in hearts
    expect(chip(form, "Declarer", "Bob").locator("input")).to_be_checked()
    expect(form.locator("input[name=bid_other]")).to_have_value("340")
    expect(form.locator("input[name=trump][value=H]")).to_be_checked()
    expect(page.locator(".draft-note")).to_be_visible()


def _value_of(page: Page, name: str, label: str) -> str:
    return (
        chip(page.locator("#hand-form"), name.capitalize(), label)
        .locator("input")
        .get_attribute("value")
    )


def test_the_line_said_is_kept_with_the_hand(live_server, browser_page):
    page = browser_page
    _brooklyn(page, live_server)
    page.locator("#line").fill("Bob 350 in spades")  # typed, not read yet
    chip(page.locator("#hand-form"), "Declarer", "Bob").tap()

    page.reload()

    expect(page.locator("#line")).to_have_value("Bob 350 in spades")
    expect(chip(page.locator("#hand-form"), "Declarer", "Bob").locator("input")).to_be_checked()


def test_a_correction_page_keeps_no_draft(live_server, browser_page):
    page = browser_page
    url = _brooklyn(page, live_server)
    form = _bob_350_hearts_made(page)
    follow(page, form.get_by_role("button", name="Save hand"))
    page.goto(url + "/hands/1/edit")
    expect(page.locator("#hand-form input[name=version]")).not_to_have_value("")
    chip(form, "Trump", "♠").tap()
    assert _drafts(page) == []


SEATS = ["Ann", "Bob", "Cy", "Dee"]


def _seats(page: Page, count: int = 4) -> list[str]:
    return [page.locator(f"input[name=seat-{i}]").input_value() for i in range(count)]


def test_the_new_session_forms_names_and_dealer_survive_a_reload_until_it_starts(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.goto(f"{live_server}/sessions/new?system=brooklyn")
    for seat, name in enumerate(SEATS):
        page.locator(f"input[name=seat-{seat}]").fill(name)
    page.locator(".seats li").nth(2).locator("label.dealer-pick").tap()
    page.locator("input[name=stake]").fill("0.25")

    page.reload()

    assert _seats(page) == SEATS
    expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()
    expect(page.locator("input[name=stake]")).to_have_value("0.25")
    expect(page.locator(".draft-note")).to_contain_text("Restored what you had typed.")
    shoot(page, screenshots_dir, "draft-new-session")

    page.goto(f"{live_server}/sessions/new")  # another game: the names and the dealer only
    assert _seats(page) == SEATS
    expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()

    page.goto(f"{live_server}/sessions/new?system=brooklyn")
    follow(page, page.get_by_role("button", name="Start the session"))
    expect(page.locator("#standings")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Cy deals")
    assert _drafts(page) == []

    page.goto(f"{live_server}/sessions/new?system=brooklyn")
    assert _seats(page) == ["", "", "", ""]
    expect(page.locator(".draft-note")).to_have_count(0)


def test_with_a_hand_waiting_to_send_the_next_hands_draft_comes_back_in_its_own_form(
    live_server, browser_page
):
    """No answer from the server: hand 1 waits on the phone (save.js) and its draft goes; hand 2
    typed, the page read again while hand 1 still waits: the server's form is for hand 1,
    save.js makes it hand 2's and hand 2's draft comes back into it."""
    page = browser_page
    _brooklyn(page, live_server)
    page.route(re.compile(r"/api/v1/sessions/\d+/hands\?number="), lambda route: route.abort())
    form = _bob_350_hearts_made(page)
    form.get_by_role("button", name="Save hand").tap()

    expect(page.locator(".queue.waiting")).to_contain_text("Hand 1:")
    expect(form.locator("input[name=hand_number]")).to_have_value("2")
    assert _drafts(page) == []  # hand 1 waits in the outbox, not as a draft
    chip(form, "Declarer", "Cy").tap()
    chip(form, "Trump", "♠").tap()
    assert [k.rsplit(":", 1)[1] for k in _drafts(page)] == ["2"]

    page.reload()

    expect(form.locator("input[name=hand_number]")).to_have_value("2")
    expect(chip(form, "Declarer", "Cy").locator("input")).to_be_checked()
    expect(form.locator("input[name=trump][value=S]")).to_be_checked()
    expect(page.locator(".draft-note")).to_contain_text("for hand 2")
    expect(page.locator(".queue.waiting")).to_contain_text("Hand 1:")
