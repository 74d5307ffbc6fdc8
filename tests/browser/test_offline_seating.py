"""Hands entered while the server is out of reach, at 390x844: each with its own seating, sent
in order, and each refused only for what is wrong with it.

While hands wait on the phone (save.js's outbox), the form is for the hand after them: the line
"Hand N · Ann deals…" and the declarer chips are that hand's, from the coming seatings the page
carries (``NextHand.plan``). A waiting hand the server refuses holds up the hands behind it,
which say so ("Waits for hand 2") rather than being refused for a reason that is not theirs;
once it is put back in the form or discarded they move up a number and are sent.

Brooklyn (RULES 5): with four players the one on the dealer's right sits out (5.2), the one on
the dealer's left bids first; the deal passes left, a misdeal is dealt again by the same dealer.
A bid of 300-340 is 1 unit, 350-390 2 units (5.4); spades double (5.5); the declarer collects
from, or pays, every other player at the table, the one sitting out too (5.6). A bid ending in
40 is refused (Brooklyn's schedule).
"""

from __future__ import annotations

import pytest
from phone import chip, enter_hand, figures, shoot, start_session
from playwright.sync_api import Page, expect
from test_offline_queue import (
    RETRIED,
    api_hands,
    back_online,
    phone,
    save_button,
    server,
    session_id,
)
from webhelpers import hand_count

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cal", "Dan"]
__all__ = ["phone", "server"]  # the fixtures, shared with test_offline_queue


def declarers_shown(page: Page) -> list[str]:
    """The declarer chips the form shows, in order (hidden ones left out)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#hand-form input[name=declarer]')]
            .map((i) => i.closest('label')).filter((l) => !l.hidden)
            .map((l) => l.textContent.trim())"""
    )


def notes(page: Page) -> dict[str, str]:
    """Each player's note in the standings ("deals", "sits out"), by name."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#standings .who')].map(
            (w) => [w.firstChild.textContent.trim(),
                    (w.querySelector('small') || {}).textContent || '']))"""
    )


def queue(page: Page, count: int) -> None:
    """Tap Save with the server out of reach; ``count`` hands then wait."""
    save_button(page).tap()
    title = f"{count} hand{'s' if count > 1 else ''} waiting to send"
    expect(page.locator(".queue.waiting .queue-title")).to_have_text(title)


def other_bid(page: Page, declarer: str, bid: int, trump: str) -> None:
    """A made hand with its bid typed in Other bid (the way a bid of 340 is entered)."""
    form = page.locator("#hand-form")
    chip(form, "Declarer", declarer).tap()
    form.locator("input[name=bid_other]").fill(str(bid))
    form.locator(f"label.suit-{trump}").tap()
    chip(form, "Outcome", "Made").tap()


def test_each_waiting_hand_is_entered_with_its_own_dealer_and_sit_out(
    app, server, phone, screenshots_dir
):
    page = phone
    sid = session_id(start_session(page, server.url, "brooklyn", FOUR, "Ann"))
    line = page.locator("#next-hand")
    expect(line).to_have_text("Hand 1 Ann deals, Dan sits out. Bob bids first.")
    assert declarers_shown(page) == ["Bob", "Cal", "Ann"]
    assert notes(page) == {"Ann": "deals", "Bob": "", "Cal": "", "Dan": "sits out"}
    server.stop()

    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made", save=False)
    queue(page, 1)
    # Hand 2: Bob deals, Ann on his right sits out, Cal on his left bids first.
    expect(line).to_have_text("Hand 2 Bob deals, Ann sits out. Cal bids first.")
    assert declarers_shown(page) == ["Cal", "Dan", "Bob"]
    assert notes(page) == {"Ann": "sits out", "Bob": "deals", "Cal": "", "Dan": ""}

    enter_hand(page, declarer="Dan", bid=300, trump="S", outcome="Made", save=False)
    queue(page, 2)
    expect(line).to_have_text("Hand 3 Cal deals, Bob sits out. Dan bids first.")
    assert declarers_shown(page) == ["Dan", "Ann", "Cal"]
    assert notes(page) == {"Ann": "", "Bob": "sits out", "Cal": "deals", "Dan": ""}
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    # The server previews only the hand after its last: no Preview until the others are sent.
    preview = page.locator("#hand-form").get_by_role("button", name="Preview")
    expect(preview).to_be_hidden()
    shoot(page, screenshots_dir, "offline-seating")
    assert hand_count(app.test_client(), sid) == 0

    back_online(page, server)
    expect(page.locator(".queue")).to_have_count(0, timeout=RETRIED)
    # Hand 1: Bob makes 350, 2 from each of the three others. Hand 2: Dan makes 300 in
    # spades, 1 doubled to 2, from each: Ann -4, Bob 6 - 2 = +4, Cal -4, Dan -2 + 6 = +4.
    dan = page.locator("#standings .standing").nth(3).locator(".figure")
    expect(dan).to_have_text("+4", timeout=RETRIED)
    assert figures(page) == {"Ann": "−4", "Bob": "+4", "Cal": "−4", "Dan": "+4"}
    expect(line).to_have_text("Hand 3 Cal deals, Bob sits out. Dan bids first.")
    expect(preview).to_be_visible()
    hands = api_hands(app, sid)
    assert [(h["dealer"]["name"], h["entry"]["bid"]) for h in hands] == [("Ann", 350), ("Bob", 300)]


def test_a_waiting_misdeal_is_dealt_again_by_the_same_dealer(server, phone):
    page = phone
    start_session(page, server.url, "brooklyn", FOUR, "Ann")
    server.stop()

    chip(page.locator("#hand-form"), "Outcome", "Misdeal").tap()
    queue(page, 1)

    expect(page.locator("#next-hand")).to_have_text(
        "Hand 2 Ann deals, Dan sits out. Bob bids first."
    )
    assert declarers_shown(page) == ["Bob", "Cal", "Ann"]


def test_bison_says_the_dealer_after_a_waiting_hand_is_unsure_and_offers_everyone(
    server, phone, screenshots_dir
):
    page = phone
    start_session(page, server.url, "bison", ["Ann", "Bob", "Cal"], "Ann")
    line = page.locator("#next-hand")
    expect(line).to_have_text("Hand 1 · game 1 Ann deals. Bob bids first.")
    server.stop()

    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    form.locator(".chips.bids label.chip").first.tap()
    queue(page, 1)

    # Bison's game goes to whoever reaches the target, and its winner deals the next game
    # (RULES 6): whether hand 1 ends it is not known until the server scores it.
    expect(line).to_have_text(
        "Hand 2 · game 1, unless a waiting hand ends it "
        "Bob deals, unless a waiting hand ends the game: then its winner deals. "
        "The player on the dealer's left bids first."
    )
    assert declarers_shown(page) == ["Cal", "Ann", "Bob"]  # everyone plays every hand
    assert notes(page) == {"Ann": "", "Bob": "deals", "Cal": ""}
    shoot(page, screenshots_dir, "offline-seating-bison")


def queue_a_refused_hand_between_two(page: Page, server) -> None:
    """Hands 1 (Bob makes 350 in hearts), 2 (Cal bids 340: refused) and 3 (Dan makes 300 in
    spades) wait; the server comes back: hand 1 is saved, hand 2 refused, hand 3 held up."""
    server.stop()
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made", save=False)
    queue(page, 1)
    other_bid(page, "Cal", 340, "C")
    queue(page, 2)
    enter_hand(page, declarer="Dan", bid=300, trump="S", outcome="Made", save=False)
    queue(page, 3)
    back_online(page, server)
    refused = page.locator(".queue.refused")
    expect(refused.locator(".queue-title")).to_have_text("1 hand not saved", timeout=RETRIED)
    expect(refused.locator(".queued-hand")).to_have_text(
        "Hand 2: Cal bid 340 in ♣, made. not saved"
    )
    expect(refused.locator(".reason").first).to_contain_text("40")
    waiting = page.locator(".queue.waiting")
    expect(waiting.locator(".queue-title")).to_have_text("1 hand waiting to send")
    expect(waiting.locator(".queued-hand")).to_have_text(
        "Hand 3: Dan bid 300 in ♠, made. not yet confirmed"
    )
    expect(waiting.locator(".waits")).to_have_text(
        "Waits for hand 2: sent once hand 2 is put back in the form or discarded."
    )
    expect(page.get_by_text("deleted on another phone")).to_have_count(0)


def test_a_refused_hand_holds_up_the_next_which_is_sent_once_it_is_discarded(
    app, server, phone, screenshots_dir
):
    page = phone
    sid = session_id(start_session(page, server.url, "brooklyn", FOUR, "Ann"))
    queue_a_refused_hand_between_two(page, server)
    # The phone tries again (save.js's flush, run every 4 s and when the phone is back
    # online: here at once, not waiting out the timer): hand 3 is still held up, not sent.
    page.evaluate("dispatchEvent(new Event('online'))")
    page.wait_for_timeout(500)
    expect(page.locator(".queue.waiting .waits")).to_have_count(1)
    assert hand_count(app.test_client(), sid) == 1
    # The standings followed the hand this phone sent; no other phone saved anything.
    expect(page.locator("#live .flash")).to_have_text(
        "What this phone sent is saved: standings updated."
    )
    shoot(page, screenshots_dir, "offline-held-up")

    page.locator(".queue.refused").get_by_role("button", name="Discard").tap()

    # Dan's hand is now hand 2 (Bob deals, Ann sits out): 300 in spades, 2 from each.
    expect(page.locator(".queue")).to_have_count(0, timeout=RETRIED)
    dan = page.locator("#standings .standing").nth(3).locator(".figure")
    expect(dan).to_have_text("+4", timeout=RETRIED)
    assert figures(page) == {"Ann": "−4", "Bob": "+4", "Cal": "−4", "Dan": "+4"}
    hands = api_hands(app, sid)
    assert [(h["number"], h["dealer"]["name"]) for h in hands] == [(1, "Ann"), (2, "Bob")]


def test_a_refused_hand_put_back_is_entered_with_the_seating_of_its_new_number(
    app, server, phone, screenshots_dir
):
    page = phone
    sid = session_id(start_session(page, server.url, "brooklyn", FOUR, "Ann"))
    queue_a_refused_hand_between_two(page, server)

    page.locator(".queue.refused").get_by_role("button", name="Put back in the form").tap()

    # Dan's hand moves up to hand 2 and is sent; Cal's is entered as hand 3: Cal deals, Bob
    # sits out, Dan bids first; Ann is dealt in again and may declare.
    expect(page.locator(".queue")).to_have_count(0, timeout=RETRIED)
    form = page.locator("#hand-form")
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 3 Cal deals, Bob sits out. Dan bids first.", timeout=RETRIED
    )
    assert declarers_shown(page) == ["Dan", "Ann", "Cal"]
    expect(chip(form, "Declarer", "Cal").locator("input")).to_be_checked()
    expect(form.locator("input[name=bid_other]")).to_have_value("340")
    expect(form.locator("input[name=hand_number]")).to_have_value("3")
    shoot(page, screenshots_dir, "offline-put-back")
    form.locator("input[name=bid_other]").fill("")
    chip(form, "Bid", "350").tap()
    expect(form.locator(".preview-text")).to_contain_text("Cal makes 350")
    save_button(page).tap()

    # Hand 3: Cal makes 350 in clubs, 2 from each: Ann -6, Bob +2, Cal -4 + 6 = +2, Dan +2.
    expect(page.locator(".saved-note")).to_contain_text("Hand 3 saved", timeout=RETRIED)
    assert figures(page) == {"Ann": "−6", "Bob": "+2", "Cal": "+2", "Dan": "+2"}
    hands = api_hands(app, sid)
    assert [(h["dealer"]["name"], h["entry"]["bid"]) for h in hands] == [
        ("Ann", 350), ("Bob", 300), ("Cal", 350),
    ]  # fmt: skip


def test_a_hand_put_back_is_still_listed_after_a_reload_and_holds_nothing_up(app, server, phone):
    page = phone
    sid = session_id(start_session(page, server.url, "brooklyn", FOUR, "Ann"))
    queue_a_refused_hand_between_two(page, server)
    page.locator(".queue.refused").get_by_role("button", name="Put back in the form").tap()
    expect(page.locator(".queue")).to_have_count(0, timeout=RETRIED)  # Dan's is now hand 2

    page.reload()  # the form is empty again: the hand is not lost, it is listed

    refused = page.locator(".queue.refused")
    expect(refused.locator(".queued-hand")).to_have_text(
        "Was hand 2: Cal bid 340 in ♣, made. not saved"
    )
    expect(page.locator(".queue.waiting")).to_have_count(0)
    expect(page.locator("#hand-form input[name=hand_number]")).to_have_value("3")
    refused.get_by_role("button", name="Discard").tap()
    expect(page.locator(".queue")).to_have_count(0)
    assert hand_count(app.test_client(), sid) == 2
