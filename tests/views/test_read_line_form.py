"""The hand said in one line on the hand form, without JavaScript (issue 29): the line posted
with "Read" fills the form as if tapped, over what was already tapped, with the preview in
words; nothing is saved until Save, which then saves the hand as read.

Brooklyn, Ann, Bob and Cal, Ann deals: nobody sits out (RULES 5.2). Bob makes 350 in spades:
350-390 is 2 units (5.4), spades pay double (5.5): Ann and Cal each pay Bob 4 (5.6).
"""

from __future__ import annotations

from webhelpers import (
    figures,
    find_form,
    form_values,
    hand_count,
    new_session,
    page_text,
    parse,
    player_ids,
    shown_value,
)
from werkzeug.datastructures import MultiDict

THREE = ["Ann", "Bob", "Cal"]


def the_form(client, sid: int, **changes: str) -> list[tuple[str, str]]:
    """What the session page's hand form posts as shown, with ``changes``."""
    form = find_form(parse(client.get(f"/s/{sid}")), "hand-form")
    pairs = [(k, v) for k, v in form_values(form) if k not in changes]
    return pairs + list(changes.items())


def read(client, sid: int, line: str, **changes: str):
    pairs = [*the_form(client, sid, **changes), ("line", line), ("action", "read")]
    return client.post(f"/s/{sid}/hands", data=MultiDict(pairs))


def test_a_line_read_fills_the_form_as_if_tapped_and_saves_nothing(client):
    sid = new_session(client, "brooklyn", THREE)
    ids = player_ids(client)

    page = read(client, sid, "Bob, three fifty in spades, made it")

    assert page.status_code == 200
    shown = {name: shown_value(page, name) for name in ("declarer", "bid", "trump", "outcome")}
    assert shown == {"declarer": str(ids["Bob"]), "bid": "350", "trump": "S", "outcome": "made"}
    assert shown_value(page, "line") == "Bob, three fifty in spades, made it"
    assert "Bob makes 350: collects 4 chips from each player (spades pay 2x)." in page.text
    assert hand_count(client, sid) == 0


def test_the_form_a_line_filled_saves_the_hand_read(client):
    sid = new_session(client, "brooklyn", THREE)
    page = read(client, sid, "Bob 350 spades made")
    form = [(k, v) for k, v in form_values(find_form(parse(page), "hand-form")) if k != "line"]

    saved = client.post(f"/s/{sid}/hands", data=MultiDict([*form, ("action", "save")]))

    assert saved.status_code == 302
    assert figures(client.get(f"/s/{sid}")) == {"Ann": -4, "Bob": 8, "Cal": -4}


def test_a_line_read_fills_the_double_decks_declarer_and_bid(client):
    # The double deck asks declarer and bid as every game does: the line fills both, a bid
    # with a chip as that chip, one past the chips (85) in Other bid.
    sid = new_session(client, "double-deck", ["Ann", "Bob", "Cy", "Dee"])
    ids = player_ids(client)

    chosen = read(client, sid, "Cy sixty five hearts made")
    typed = read(client, sid, "Cy ninety hearts made")

    assert (shown_value(chosen, "declarer"), shown_value(chosen, "bid")) == (str(ids["Cy"]), "65")
    assert shown_value(chosen, "bid_other") == ""
    assert (shown_value(typed, "declarer"), shown_value(typed, "bid")) == (str(ids["Cy"]), None)
    assert shown_value(typed, "bid_other") == "90"


def test_what_was_tapped_stays_where_the_line_is_silent(client):
    sid = new_session(client, "brooklyn", THREE)
    ids = player_ids(client)

    page = read(client, sid, "350 hearts made", declarer=str(ids["Cal"]))

    assert shown_value(page, "declarer") == str(ids["Cal"])
    assert (shown_value(page, "bid"), shown_value(page, "trump")) == ("350", "H")


def test_a_line_too_long_is_refused_at_its_field_and_kept(client):
    sid = new_session(client, "brooklyn", THREE)

    page = read(client, sid, "Bob made " * 60)

    assert page.status_code == 422
    assert "Say the hand in at most 500 characters." in page.text
    assert hand_count(client, sid) == 0


def test_what_the_line_leaves_in_doubt_or_unsaid_is_said_next_to_it(client):
    sid = new_session(client, "brooklyn", THREE)

    page = read(client, sid, "Bob 350 made, Al")

    text = page_text(page)
    assert "“350” could be bid or Bob's meld: tap the one it is." in text
    assert "Still to enter: the bid, trump." in text
    assert "Not understood: al." in text
    assert shown_value(page, "bid") is None or shown_value(page, "bid") == ""
