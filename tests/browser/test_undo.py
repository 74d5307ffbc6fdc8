"""Undo a slip, at 390x844: the phone that saved a hand shows "Hand N saved" with Undo for ten
seconds, the time left visible; Undo deletes exactly that hand (the history keeps an "undone"
entry), and no other phone looking at the session is offered it.

Brooklyn, three players (Ann, Bob, Cal), Ann deals first; with three nobody sits out (RULES
5.2). Hand 1: Bob makes 350 in hearts: 350-390 is 2 units (5.4), hearts do not multiply (5.5),
Ann and Cal each pay Bob 2 (5.6): Ann -2, Bob +4, Cal -2. Hand 2: Cal is set at 300 in spades:
300-340 is 1 unit, doubled for spades to 2, set factor 2: Cal pays 4 to each of Ann and Bob.
"""

from __future__ import annotations

import re

import pytest
from conftest import PHONE
from phone import enter_hand, figures, follow, saved_hand, shoot, start_session
from playwright.sync_api import expect
from sqlalchemy import select
from webhelpers import hand_count

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry

pytestmark = pytest.mark.browser

UNDO = re.compile(r"^Undo \((10|[1-9]) s\)$")


def brooklyn(page, live_server) -> str:
    """The session above started on ``page`` (Brooklyn, Ann, Bob, Cal, Ann dealing): its
    address."""
    return start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")


def session_id(url: str) -> int:
    found = re.search(r"/s/(\d+)", url)
    assert found, url
    return int(found.group(1))


def both_hands(page, live_server) -> int:
    """The session above with Bob's hand 1 saved and Cal's hand 2 entered and saved: its id."""
    sid = session_id(brooklyn(page, live_server))
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made")
    saved_hand(page, 1)
    enter_hand(page, declarer="Cal", bid=300, trump="S", outcome="Set")
    return sid


def audit(app, sid: int) -> list[tuple[str, int | None]]:
    """The session's audit trail: (action, hand number), oldest first."""
    with app.app_context():
        rows = db.session.scalars(
            select(AuditEntry).where(AuditEntry.session_id == sid).order_by(AuditEntry.id)
        )
        return [(row.action, row.hand_number) for row in rows]


def test_undo_deletes_exactly_the_hand_just_saved_and_the_history_says_so(
    app, live_server, browser_page, screenshots_dir
):
    page = browser_page
    sid = both_hands(page, live_server)
    note = page.locator(".saved-note")
    expect(note).to_contain_text("Hand 2 saved. Cal is set at 300")
    undo = note.get_by_role("button", name="Undo")
    expect(undo).to_have_text(UNDO)  # the seconds left are shown
    # Both hands count: Ann -2 + 4 = +2, Bob +4 + 4 = +8, Cal -2 - 8 = -10.
    assert figures(page) == {"Ann": "+2", "Bob": "+8", "Cal": "−10"}
    shoot(page, screenshots_dir, "undo-banner")

    follow(page, undo)
    expect(page.locator(".saved-note")).to_have_text("Hand 2 undone.")
    expect(page.locator(".saved-note button")).to_have_count(0)
    assert figures(page) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}
    assert hand_count(app.test_client(), sid) == 1
    assert audit(app, sid) == [("started", None), ("added", 1), ("added", 2), ("undone", 2)]
    page.goto(page.url.split("#")[0] + "/history")
    expect(page.locator(".audit")).to_contain_text("Hand 2 undone (was: Cal is set at 300")
    expect(page.locator(".audit")).not_to_contain_text("deleted")


def test_undo_is_offered_only_on_the_phone_that_saved(app, live_server, browser, browser_page):
    page = browser_page
    url = brooklyn(page, live_server)
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made")
    saved_hand(page, 1)
    other_context = browser.new_context(**PHONE)
    try:
        other = other_context.new_page()
        other.goto(url.split("#")[0])
        assert figures(other) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}
        other.wait_for_timeout(500)  # save.js has run by now
        expect(other.locator(".saved-note")).to_have_count(0)
        expect(other.get_by_role("button", name=UNDO)).to_have_count(0)
    finally:
        other_context.close()
    # The phone that saved still offers it after a reload, within its ten seconds.
    page.reload()
    expect(page.locator(".saved-note").get_by_role("button", name="Undo")).to_have_text(UNDO)
    assert hand_count(app.test_client(), session_id(url)) == 1


def test_undo_goes_after_ten_seconds_and_the_hand_stays(app, live_server, browser):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.clock.install()
        url = brooklyn(page, live_server)
        enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made")
        saved_hand(page, 1)
        undo = page.locator(".saved-note").get_by_role("button", name="Undo")
        expect(undo).to_have_text(UNDO)
        page.clock.run_for(11_000)
        expect(undo).to_have_count(0)
        expect(page.locator(".saved-note")).to_contain_text("Hand 1 saved.")  # still says so
        page.reload()
        page.wait_for_timeout(500)
        expect(page.locator(".saved-note")).to_have_count(0)  # not offered again
        assert hand_count(app.test_client(), session_id(url)) == 1
    finally:
        context.close()


def delete_elsewhere(app, sid: int, number: int) -> None:
    """Another phone deletes hand ``number`` through the API, with its ETag."""
    other = app.test_client()
    hand = f"/api/v1/sessions/{sid}/hands/{number}"
    deleted = other.delete(hand, headers={"If-Match": other.get(hand).headers["ETag"]})
    assert deleted.status_code == 200, deleted.get_json()


def renumbered_elsewhere(app, page, sid: int, saved: str, renumbered: str):
    """The saved note says ``saved``; another phone deletes hand 1; the note then says
    ``renumbered`` (read at the phone's next look at the session). The note."""
    note = page.locator(".saved-note")
    expect(note).to_contain_text(saved)
    delete_elsewhere(app, sid, 1)
    expect(note).to_contain_text(renumbered, timeout=8000)
    return note


def test_a_hand_renumbered_on_another_phone_is_said_so_and_undone_by_its_new_number(
    app, live_server, browser_page, screenshots_dir
):
    page = browser_page
    sid = both_hands(page, live_server)
    # The phone learns at its next look at the session: Cal's hand is hand 1 now.
    note = renumbered_elsewhere(
        app,
        page,
        sid,
        "Hand 2 saved. Cal is set at 300",
        "Hand 1 saved (it was hand 2: a hand before it was deleted on another phone). "
        "Cal is set at 300",
    )
    # Cal alone, set at 300 in spades, pays 4 to each: Ann +4, Bob +4, Cal -8.
    assert figures(page) == {"Ann": "+4", "Bob": "+4", "Cal": "−8"}
    shoot(page, screenshots_dir, "undo-renumbered")
    follow(page, note.get_by_role("button", name="Undo"))
    expect(page.locator(".saved-note")).to_have_text("Hand 1 undone.")
    assert hand_count(app.test_client(), sid) == 0
    assert audit(app, sid)[-2:] == [("deleted", 1), ("undone", 1)]


def test_a_hand_deleted_on_another_phone_is_said_so_and_offers_no_undo(
    app, live_server, browser_page
):
    page = browser_page
    sid = session_id(brooklyn(page, live_server))
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made")
    saved_hand(page, 1)

    delete_elsewhere(app, sid, 1)

    note = page.locator(".saved-note")
    expect(note).to_have_text(
        "Hand 1 was deleted on another phone: it is no longer in the standings.", timeout=8000
    )
    expect(note.get_by_role("button")).to_have_count(0)
    assert figures(page) == {"Ann": "0", "Bob": "0", "Cal": "0"}


def test_a_hand_past_the_first_page_of_the_list_is_found_when_renumbered(
    app, live_server, browser_page
):
    # The API lists a session's hands 50 to a page: the phone reads them all before it says
    # what became of its hand, so hand 61 is not taken for deleted when hand 1 goes.
    page = browser_page
    sid = session_id(brooklyn(page, live_server))
    other = app.test_client()
    bob = next(
        p["id"]
        for p in other.get(f"/api/v1/sessions/{sid}").get_json()["players"]
        if p["name"] == "Bob"
    )
    for number in range(1, 61):  # Bob makes 300 in hearts, sixty times
        made = other.post(
            f"/api/v1/sessions/{sid}/hands?number={number}",
            json={"declarer_id": bob, "bid": 300, "trump": "H", "outcome": "made"},
        )
        assert made.status_code == 201, made.get_json()
    # The live stream brings the page up to date by itself: nothing typed, it is read again.
    expect(page.locator("#next-hand")).to_contain_text("Hand 61", timeout=8000)
    enter_hand(page, declarer="Cal", bid=300, trump="S", outcome="Set")
    renumbered_elsewhere(
        app,
        page,
        sid,
        "Hand 61 saved. Cal is set at 300",
        "Hand 60 saved (it was hand 61: a hand before it was deleted on another phone). "
        "Cal is set at 300",
    )
