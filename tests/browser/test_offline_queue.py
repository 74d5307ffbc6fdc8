"""A hand saved while the server is out of reach is never lost, at 390x844.

The session page saves through the JSON API (save.js). When the server cannot be reached the
hand waits on the phone (IndexedDB), shown as waiting and not yet confirmed, and is sent again
until the server answers, which saves it exactly once (the form's request id is the
Idempotency-Key). A waiting hand the server then refuses is kept beside the reason, to put back
in the form or discard. The server is really stopped and started again on the same port, or
the phone is cut off with ``context.set_offline``; the tests pass with or without a service
worker.

Brooklyn, three players (Ann, Bob, Cal), Ann deals first; with three nobody sits out (RULES
5.2). Hand 1: Bob makes 350 in hearts: 350-390 is 2 units (5.4), hearts do not multiply (5.5),
Ann and Cal each pay Bob 2 (5.6): Ann -2, Bob +4, Cal -2. Hand 2: Cal is set at 300 in spades:
300-340 is 1 unit, doubled for spades to 2, set factor 2: Cal pays 4 to each of Ann and Bob:
Ann +2, Bob +8, Cal -10 after both. A team hand of the double deck waits and is sent with its
declarer, bid and each side's meld (RULES 6.3's E1 and E4, worked in their tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import PHONE
from flask import Flask
from phone import (
    chip,
    enter_hand,
    figures,
    follow,
    saved_hand,
    shoot,
    start_session,
    type_team_hand,
)
from playwright.sync_api import Page, expect
from restartable import RestartableServer
from webhelpers import hand_count, player_ids

pytestmark = pytest.mark.browser

API = "/api/v1"
RETRIED = 15_000  # ms: the phone sends waiting hands again every few seconds


@pytest.fixture
def server(app: Flask) -> Iterator[RestartableServer]:
    """The app served on a port the test can stop and start again."""
    served = RestartableServer(app)
    served.start()
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture
def phone(browser) -> Iterator[Page]:
    """A phone-sized page that lets any service worker the app offers register."""
    context = browser.new_context(**PHONE)
    try:
        yield context.new_page()
    finally:
        context.close()


def session_id(url: str) -> int:
    found = re.search(r"/s/(\d+)", url)
    assert found, url
    return int(found.group(1))


def save_button(page: Page):
    return page.locator("#hand-form").get_by_role("button", name="Save hand")


def bob_makes_350(page: Page) -> None:
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made", save=False)


def api_posts(page: Page, path: str) -> list[int]:
    """The status of each POST ``page`` sends to an address holding ``path`` from now on."""
    statuses: list[int] = []
    page.on(
        "response",
        lambda r: (
            statuses.append(r.status) if r.request.method == "POST" and path in r.url else None
        ),
    )
    return statuses


def back_online(page: Page, server: RestartableServer) -> None:
    """The server answers again and the phone tries its waiting hands at once. save.js tries
    them every 4 seconds and when the phone is back online ('online', sent here), by the
    same function: a test about what follows need not wait for the timer.
    ``test_hands_saved_while_the_server_is_down_wait_and_are_saved_once_when_it_is_back``
    and ``test_a_save_whose_answer_is_lost_is_sent_again_and_saved_exactly_once`` leave the
    sending to the timer."""
    server.start()
    page.evaluate("dispatchEvent(new Event('online'))")


def api_hands(app: Flask, sid: int) -> list[dict]:
    """The session's hands as the API lists them (declarer, result), read from the database."""
    return app.test_client().get(f"{API}/sessions/{sid}/hands").get_json()["hands"]


def test_hands_saved_while_the_server_is_down_wait_and_are_saved_once_when_it_is_back(
    app, server, phone, screenshots_dir
):
    page = phone
    url = start_session(page, server.url, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")
    sid = session_id(url)
    bob_makes_350(page)
    server.stop()
    save_button(page).tap()

    waiting = page.locator(".queue.waiting")
    expect(waiting.locator(".queue-title")).to_have_text("1 hand waiting to send")
    expect(waiting.locator(".queued-hand")).to_have_text(
        "Hand 1: Bob bid 350 in ♥, made. not yet confirmed"
    )
    # Queued, so the form is cleared for the next hand.
    expect(page.locator("#hand-form input[name=declarer]:checked")).to_have_count(0)
    expect(page.locator("#hand-form input[name=bid]:checked")).to_have_count(0)

    enter_hand(page, declarer="Cal", bid=300, trump="S", outcome="Set", save=False)
    save_button(page).tap()
    expect(waiting.locator(".queue-title")).to_have_text("2 hands waiting to send")
    expect(waiting.locator(".queued-hand").nth(1)).to_have_text(
        "Hand 2: Cal bid 300 in ♠, set. not yet confirmed"
    )
    # Only the server's figures are standings: nothing is counted while the hands wait.
    assert figures(page) == {"Ann": "0", "Bob": "0", "Cal": "0"}
    shoot(page, screenshots_dir, "offline-waiting")
    reader = app.test_client()
    assert hand_count(reader, sid) == 0

    server.start()
    expect(page.locator(".queue")).to_have_count(0, timeout=RETRIED)
    expect(page.locator(".saved-note")).to_contain_text(
        "Hand 2 saved. Cal is set at 300", timeout=RETRIED
    )
    cal = page.locator("#standings .standing").nth(2).locator(".figure")
    expect(cal).to_have_text("−10", timeout=RETRIED)  # the page shows the server's figures
    assert figures(page) == {"Ann": "+2", "Bob": "+8", "Cal": "−10"}
    assert hand_count(reader, sid) == 2
    hands = api_hands(app, sid)
    assert [h["entry"]["bid"] for h in hands] == [350, 300]
    assert [h["result"]["outcome"] for h in hands] == ["made", "set"]


def test_a_save_whose_answer_is_lost_is_sent_again_and_saved_exactly_once(
    app, live_server, browser
):
    # Routing the API needs the page's own requests: a service worker would hide them.
    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        url = start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")
        bob_makes_350(page)
        lost: list[int] = []

        def lose_the_first_answer(route) -> None:
            if route.request.method == "POST" and not lost:
                lost.append(route.fetch().status)  # the server saves the hand...
                route.abort("connectionreset")  # ...and the answer never reaches the phone
            else:
                route.continue_()

        page.route(re.compile(r"/api/v1/sessions/\d+/hands(\?|$)"), lose_the_first_answer)
        answered = api_posts(page, "/api/v1/")
        save_button(page).tap()
        expect(page.locator(".saved-note")).to_contain_text(
            "Hand 1 saved. Bob makes 350: collects 2 chips from each player", timeout=RETRIED
        )
        assert lost == [201]
        assert answered == [200]  # sent again under the same key: "already saved", nothing new
        assert hand_count(app.test_client(), session_id(url)) == 1
        expect(page.locator("#standings .standing").nth(1).locator(".figure")).to_have_text(
            "+4", timeout=RETRIED
        )
        assert figures(page) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}
    finally:
        context.close()


def queue_while_another_phone_saves_hand_1(app: Flask, page: Page, sid: int, cut, mend) -> None:
    """Queue Bob's 350 on ``page`` while it is cut off; another phone saves hand 1 meanwhile;
    then the phone reaches the server again."""
    bob_makes_350(page)
    cut()
    save_button(page).tap()
    expect(page.locator(".queue.waiting .queue-title")).to_have_text("1 hand waiting to send")
    other = app.test_client()
    players = other.get(f"{API}/sessions/{sid}").get_json()["players"]
    ids = {p["name"]: p["id"] for p in players}
    saved = other.post(
        f"{API}/sessions/{sid}/hands?number=1",
        json={"declarer_id": ids["Bob"], "bid": 350, "trump": "H", "outcome": "made"},
        headers={"Idempotency-Key": "the-other-phone"},
    )
    assert saved.status_code == 201, saved.get_json()
    mend()


def test_a_waiting_hand_another_phone_saved_first_is_kept_beside_the_reason(
    app, server, phone, screenshots_dir
):
    page = phone
    sid = session_id(start_session(page, server.url, "brooklyn", ["Ann", "Bob", "Cal"], "Ann"))
    queue_while_another_phone_saves_hand_1(
        app, page, sid, server.stop, lambda: back_online(page, server)
    )

    refused = page.locator(".queue.refused")
    expect(refused.locator(".queue-title")).to_have_text("1 hand not saved", timeout=RETRIED)
    expect(refused.locator(".queued-hand")).to_have_text(
        "Hand 1: Bob bid 350 in ♥, made. not saved"
    )
    expect(refused.locator(".reason")).to_have_text(
        "Hand 1 was just saved from another phone. Check the standings: if this is "
        "a different hand, save it again."
    )
    expect(page.locator(".queue.waiting")).to_have_count(0)
    shoot(page, screenshots_dir, "offline-refused")
    assert hand_count(app.test_client(), sid) == 1  # the other phone's hand, once

    page.reload()  # kept on the phone, not in the page
    expect(refused.locator(".queue-title")).to_have_text("1 hand not saved")
    refused.get_by_role("button", name="Discard").tap()
    expect(refused).to_have_count(0)
    page.reload()
    expect(page.locator("#standings")).to_be_visible()
    page.wait_for_timeout(500)  # save.js has read the phone's store by now
    expect(page.locator(".queue")).to_have_count(0)
    assert hand_count(app.test_client(), sid) == 1


def test_a_refused_hand_put_back_in_the_form_saves_as_the_next_hand(app, live_server, phone):
    page = phone
    sid = session_id(start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann"))
    queue_while_another_phone_saves_hand_1(
        app,
        page,
        sid,
        lambda: page.context.set_offline(True),
        lambda: page.context.set_offline(False),
    )
    refused = page.locator(".queue.refused")
    expect(refused.locator(".queue-title")).to_have_text("1 hand not saved", timeout=RETRIED)
    refused.get_by_role("button", name="Put back in the form").tap()
    expect(refused).to_have_count(0)
    form = page.locator("#hand-form")
    expect(chip(form, "Declarer", "Bob").locator("input")).to_be_checked()
    expect(chip(form, "Bid", "350").locator("input")).to_be_checked()
    expect(form.locator("input[name=trump][value=H]")).to_be_checked()
    expect(chip(form, "Outcome", "Made").locator("input")).to_be_checked()
    # Bob made 350 in hearts again in hand 2: Ann -4, Bob +8, Cal -4 after both.
    expect(form.locator(".preview-text")).to_contain_text("Bob makes 350")
    follow(page, save_button(page))
    saved_hand(page, 2)
    assert figures(page) == {"Ann": "−4", "Bob": "+8", "Cal": "−4"}
    page.wait_for_timeout(500)
    expect(page.locator(".queue")).to_have_count(0)  # saved from the form: the entry is gone
    assert hand_count(app.test_client(), sid) == 2


def test_a_hand_the_server_refuses_at_once_is_shown_beside_its_field_as_before(
    app, live_server, phone
):
    page = phone
    sid = session_id(start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cal"], "Ann"))
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    form.locator("input[name=bid_other]").fill("340")  # Brooklyn forbids bids ending in 40
    form.locator("label.suit-H").tap()
    chip(form, "Outcome", "Made").tap()
    follow(page, save_button(page))
    bid_box = page.locator("#hand-form fieldset.field").filter(
        has=page.locator("legend:text-is('Bid')")
    )
    expect(bid_box.locator(".error")).to_contain_text("40")
    expect(page.locator("#hand-form input[name=bid_other]")).to_have_value("340")
    expect(chip(page.locator("#hand-form"), "Declarer", "Bob").locator("input")).to_be_checked()
    expect(page.locator("#hand-form input[name=trump][value=H]")).to_be_checked()
    expect(page.locator(".queue")).to_have_count(0)  # refused, not waiting: nothing queued
    assert hand_count(app.test_client(), sid) == 0


KEPT_BEFORE_THE_NAMES_CHANGED = """([sid, ids]) => new Promise((ok, no) => {
  const r = indexedDB.open("scorekeeper-outbox", 1);
  r.onupgradeneeded = () => r.result.createObjectStore("hands", { keyPath: "requestId" });
  r.onerror = () => no(r.error);
  r.onsuccess = () => {
    const t = r.result.transaction("hands", "readwrite");
    t.objectStore("hands").put({
      sessionId: sid, requestId: "kept-before-the-update", number: 1, time: Date.now(),
      state: "waiting", fields: [], words: "Hand 1: Bob bid 350 in ♥, made.",
      body: { outcome: "made", declarer: ids.Bob, bid: 350, trump: "H", takeover: false,
              melds: [{ player: ids.Bob, mode: "number", text: "20" }], takes: [], bids: [] },
    });
    t.oncomplete = () => ok(true);
    t.onerror = () => no(t.error);
  };
})"""


def test_a_hand_kept_before_the_api_renamed_its_fields_is_sent_in_todays_names(app, server, phone):
    # An update of the app while a hand waits (the API now says ``declarer_id`` and
    # ``player_id``) must not turn the waiting hand into a refused one.
    page = phone
    url = start_session(page, server.url, "brooklyn", ["Ann", "Bob", "Cal"], "Ann")
    sid = session_id(url)
    ids = {
        p["name"]: p["id"]
        for p in app.test_client().get(f"{API}/sessions/{sid}").get_json()["players"]
    }
    page.evaluate(KEPT_BEFORE_THE_NAMES_CHANGED, [sid, ids])

    page.reload()

    expect(page.locator(".saved-note")).to_contain_text("Hand 1 saved. Bob", timeout=RETRIED)
    (hand,) = api_hands(app, sid)
    assert hand["entry"]["declarer_id"] == ids["Bob"]
    assert hand["entry"]["melds"] == [{"player_id": ids["Bob"], "mode": "number", "text": "20"}]
    # the page read again, with the server's figures
    bob = page.locator("#standings .standing").nth(1).locator(".figure")
    expect(bob).to_have_text("+4", timeout=RETRIED)
    assert figures(page) == {"Ann": "−2", "Bob": "+4", "Cal": "−2"}  # 350-390: 2 units each


# --- a team hand of the double deck (RULES 6.3: N E S W clockwise, W deals) ---------------


def test_a_double_deck_hand_saved_offline_waits_with_its_declarer_and_bid(
    app, live_server, browser_page
):
    page = browser_page
    sid = session_id(start_session(page, live_server, "double-deck", ["N", "E", "S", "W"], "W"))
    form = page.locator("#hand-form")
    # E4: S bids 75 in diamonds (typed in Other bid); N & S meld 48 and take all 50: 98 >= 75,
    # made; E & W meld 26 and take no trick: nothing.
    chip(form, "Declarer", "S").tap()
    form.locator("input[name=bid_other]").fill("75")
    form.locator("label.suit-D").tap()
    form.locator("input[aria-label='Meld of N & S']").fill("48")
    form.locator("input[name=tricks]").fill("50")
    page.context.set_offline(True)
    save_button(page).tap()

    waiting = page.locator(".queue.waiting .queued-hand")
    expect(waiting).to_have_text(
        "Hand 1: S bid 75 in ♦; meld N & S 48; tricks 50. not yet confirmed"
    )
    expect(form.locator("input[name=declarer]:checked")).to_have_count(0)  # cleared
    expect(form.locator("input[name=bid_other]")).to_have_value("")

    page.context.set_offline(False)
    expect(page.locator(".saved-note")).to_contain_text(
        "Hand 1 saved. S makes 75 with 48 meld and 50 in tricks", timeout=RETRIED
    )
    ids = player_ids(app.test_client())
    hands = api_hands(app, sid)
    assert [(h["entry"]["declarer_id"], h["entry"]["bid"]) for h in hands] == [(ids["S"], 75)]


def test_a_double_deck_hand_saved_online_goes_by_the_api_with_each_sides_meld_once(
    live_server, browser_page
):
    """save.js sends the declarer and bid chips and each side's meld once: the API takes the
    hand the first time, without the form's post to fall back on."""
    page = browser_page
    start_session(page, live_server, "double-deck", ["N", "E", "S", "W"], "W")
    statuses = api_posts(page, "/api/v1/sessions/")
    # E1: S bids 65 in spades; N & S meld 39 and take 31: 70 >= 65, +70; E & W 38 and 19.
    sides = {"N & S": 39, "E & W": 38}
    type_team_hand(page, declarer="S", bid=65, trump="S", sides=sides, tricks=31)
    follow(page, save_button(page))
    saved_hand(page, 1)
    assert statuses == [201]
    assert figures(page) == {"N & S": "+70", "E & W": "0"}
