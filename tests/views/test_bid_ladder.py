"""A bid ladder whose steps widen, seen through the pages (RULES section 4.2): the quick picks,
the bid stepper's list of legal bids, a refusal next to the bid, and the house-rules page.

The table plays partnership with the double-deck ladder written without the trailing zero:
from 50 in ones, from 60 in fives (pagat, bradwilson.io), and from 100 in tens (Joe Andrews).
Ann, Bob, Cal and Dee sit in that order; Ann deals first, Bob partners Dee.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from webhelpers import (
    errors_at,
    figures,
    find_form,
    form_values,
    new_session,
    new_session_response,
    page_text,
    parse,
    post_hand,
    save_hand,
    shown_value,
)

FOUR = ["Ann", "Bob", "Cal", "Dee"]
LADDER = "from 60 in fives, from 100 in tens"
ONES_TO_60 = list(range(50, 61))


@pytest.fixture
def double_deck(client):
    """Partnership at scale 10, bids from 50 in ones, from 60 in fives, from 100 in tens."""
    return new_session(client, "partnership", FOUR, scale="10", min_bid="50", bid_rungs=LADDER)


def _hand_form(client, sid):
    return find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")


def _quick_picks(client, sid) -> list[int]:
    form = _hand_form(client, sid)
    return [
        int(el.get("value"))
        for el in form.iter("input")
        if el.get("name") == "bid" and el.get("type") == "radio"
    ]


def _stepper_bids(client, sid) -> list[int]:
    return [int(b) for b in _hand_form(client, sid).get("data-bids").split()]


def test_the_quick_picks_go_in_ones_to_60_then_in_fives(client, double_deck):
    # 16 quick picks: the eleven from 50 to 60, then 65, 70, 75, 80, 85.
    assert _quick_picks(client, double_deck) == [*ONES_TO_60, 65, 70, 75, 80, 85]


def test_the_stepper_steps_over_each_rung_up_to_the_most_a_team_can_make(client, double_deck):
    bids = _stepper_bids(client, double_deck)

    assert bids[:21] == [*ONES_TO_60, 65, 70, 75, 80, 85, 90, 95, 100, 110, 120]
    assert 61 not in bids and 105 not in bids
    # A partnership's ceiling: 250 in tricks plus twice the biggest 12-card meld (1800), 3850
    # full points, written 385; the last bid in tens below it is 380.
    assert bids[-1] == 380
    assert {b - a for a, b in pairwise(bids[18:])} == {10}


def test_a_bid_off_the_ladder_is_refused_next_to_the_bid(client, double_deck):
    page = post_hand(
        client, double_deck, declarer="Bob", bid=62, trump="S", meld={"Bob": "30"}, tricks=25
    )

    assert page.status_code == 422
    assert errors_at(page, "bid_other") == [
        "Bid 62 is off the ladder: from 60 bids go up in fives (60, 65, 70)."
    ]


def test_a_bid_past_a_rung_is_played_and_scored(client, double_deck):
    # Bob bids 65. Bob's double pinochle 30 and Dee's run 15 make 45 meld; with all 25 in
    # tricks, 70 >= 65: made. Bob & Dee score 45 + 25 = 70; Ann & Cal meld nothing: 0.
    page = save_hand(
        client,
        double_deck,
        declarer="Bob",
        bid=65,
        trump="S",
        meld={"Bob": "30", "Dee": "15"},
        tricks=25,
    )

    assert figures(page) == {"Ann & Cal": 0, "Bob & Dee": 70}
    assert "Bob makes 65" in page_text(page)


def test_the_house_rules_page_writes_the_ladder_and_changes_it(client, double_deck):
    settings = client.get(f"/s/{double_deck}/settings")
    assert shown_value(settings, "bid_rungs") == LADDER
    data = dict(form_values(find_form(parse(settings))))
    data["bid_rungs"] = "60:5"  # the tens from 100 go: fives all the way up

    changed = client.post(f"/s/{double_deck}/settings", data=data)

    assert changed.status_code == 302
    bids = _stepper_bids(client, double_deck)
    assert bids[17:21] == [95, 100, 105, 110]
    history = page_text(client.get(f"/s/{double_deck}/history"))
    assert f"Wider bid steps: {LADDER} → from 60 in fives" in history


def test_steps_that_narrow_are_refused_next_to_their_field(client):
    page = new_session_response(
        client,
        "partnership",
        FOUR,
        scale="10",
        min_bid="50",
        bid_rungs="from 60 in fives, from 100 in ones",
    )

    assert page.status_code == 422
    assert errors_at(page, "bid_rungs") == [
        "Wider bid steps from 100 in ones: bid steps only widen as the bid rises, and ones "
        "are not wider than the fives below."
    ]
    assert re.search(r'value="from 60 in fives, from 100 in ones"', page.text)
