"""The declarer-and-bid grid of the team games on a double deck, posted without JavaScript: one
chip is one radio button whose value is the declarer's id and the bid (``7:65``), or the
declarer and the bid typed in Other bid (``7:other``).

The hand is RULES section 6.3's E1: N E S W clockwise, N & S against E & W, W deals. A bid of
65 in spades; N & S meld 39 and take 31 (39 + 31 = 70 >= 65, made: +70); E & W meld 38 and
take 19, under 20: nothing. S, not N, is the declarer here, so the hand's line names who
declared where the standings (a side's) cannot.
"""

from __future__ import annotations

import pytest
from webhelpers import (
    errors_at,
    figures,
    find_form,
    hand_count,
    new_session,
    page_text,
    parse,
    player_ids,
    shown_value,
)

FOUR = ["N", "E", "S", "W"]
EW_TAKE_19 = "E & W: took under 20 in tricks, so nothing scores"


@pytest.fixture
def sid(client) -> int:
    return new_session(client, "double-deck", FOUR, first_dealer=3)


@pytest.fixture
def ids(client, sid) -> dict[str, int]:
    return player_ids(client)


def posted(client, sid: int, **fields: str) -> dict[str, str]:
    """E1's meld and tricks with ``fields``, and the hidden fields of the page as shown."""
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")
    hidden = {
        el.get("name"): el.get("value") or ""
        for el in form.iter("input")
        if el.get("type") == "hidden"
    }
    ids = player_ids(client)
    return {
        **hidden,
        "action": "save",
        "trump": "S",
        f"meld-side-{ids['N']}": "39",
        f"meld-side-{ids['E']}": "38",
        "tricks": "31",
        **fields,
    }


def grid_values(page) -> dict[str, list[str]]:
    """Each row of the grid, by the name heading it: its chips' values."""
    form = find_form(parse(page), form_id="hand-form")
    rows = {}
    for row in form.iter("div"):
        if row.get("class") == "bid-row":
            name = next(p for p in row.iter("p") if "bid-row-name" in p.get("class", ""))
            rows[name.text] = [el.get("value") for el in row.iter("input")]
    return rows


def test_the_grid_offers_each_player_dealt_in_the_lowest_bids_and_other(client, sid, ids):
    page = client.get(f"/s/{sid}")

    rows = grid_values(page)
    assert list(rows) == ["N", "E", "S", "W"]  # W deals: bidding starts at N, W's left
    bids = [*range(50, 61), 65, 70]  # the ladder: from 50 in ones, from 60 in fives
    assert rows["S"] == [f"{ids['S']}:{bid}" for bid in bids] + [f"{ids['S']}:other"]
    assert "Declarer and bid" in page_text(page)
    names = {el.get("name") for el in find_form(parse(page), form_id="hand-form").iter("input")}
    assert {"declarer", "bid"}.isdisjoint(names)  # one tap, not a declarer and then a bid
    assert shown_value(page, "declarer_bid") is None  # nothing chosen for the table


def test_other_games_keep_a_declarer_and_a_bid(client):
    sid = new_session(client, "partnership", ["Ann", "Bob", "Cal", "Dee"])
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")
    names = {el.get("name") for el in form.iter("input")}
    assert {"declarer", "bid", "bid_other"} <= names
    assert "declarer_bid" not in names


def test_a_chip_posted_saves_its_declarer_and_bid(client, sid, ids):
    response = client.post(
        f"/s/{sid}/hands", data=posted(client, sid, declarer_bid=f"{ids['S']}:65")
    )

    assert response.status_code == 302
    page = client.get(f"/s/{sid}")
    assert figures(page) == {"N & S": 70, "E & W": 0}
    assert f"S makes 65 with 39 meld and 31 in tricks: N & S +70, E & W 0 ({EW_TAKE_19})" in (
        page_text(page)
    )


def test_a_rows_other_chip_saves_that_player_at_the_bid_typed(client, sid, ids):
    # E4: S bids 75 in diamonds (past the chips); N & S meld 48 and take all 50: 98, made.
    # E & W meld 26 and take no trick: nothing.
    data = posted(
        client, sid, declarer_bid=f"{ids['S']}:other", bid_other="75", trump="D",
        tricks="50", **{f"meld-side-{ids['N']}": "48", f"meld-side-{ids['E']}": "26"},
    )  # fmt: skip

    assert client.post(f"/s/{sid}/hands", data=data).status_code == 302
    page = client.get(f"/s/{sid}")
    assert figures(page) == {"N & S": 98, "E & W": 0}
    assert "S makes 75 with 48 meld and 50 in tricks" in page_text(page)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param("S:65", "Choose the declarer and bid from the chips shown.", id="a name"),
        pytest.param("{S}:sixty", "Choose the declarer and bid from the chips shown.", id="words"),
        pytest.param("65", "Choose the declarer and bid from the chips shown.", id="no declarer"),
        pytest.param("{S}:100000", "Bid is at most 99999.", id="past the largest figure"),
    ],
)
def test_a_misshapen_chip_is_refused_at_the_grid_and_nothing_saved(
    client, sid, ids, value, message
):
    data = posted(client, sid, declarer_bid=value.format(S=ids["S"]))

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert errors_at(response, "declarer_bid") == [message]
    assert hand_count(client, sid) == 0


@pytest.mark.parametrize(
    ("value", "typed", "message", "shown"),
    [
        pytest.param(
            "999999:65", "", "That player is not at this table.", (None, ""),
            id="a player not at the table",
        ),
        pytest.param(
            "{S}:61", "", "Bid 61 is off the ladder: from 60 bids go up in fives (60, 65, 70).",
            ("{S}:other", "61"), id="a bid off the ladder: shown typed",
        ),
        pytest.param(
            "{S}:other", "", "Enter the bid.", ("{S}:other", ""), id="other with nothing typed"
        ),
        pytest.param(
            "{S}:65", "75",
            "Two bids given: 65 picked and 75 typed in Other bid. Clear one of them.",
            ("{S}:65", "75"), id="a chip and another bid typed",
        ),
    ],
)  # fmt: skip
def test_a_rule_the_chip_breaks_is_shown_at_the_grid_with_the_choice_kept(
    client, sid, ids, value, typed, message, shown
):
    data = posted(client, sid, declarer_bid=value.format(S=ids["S"]), bid_other=typed)

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert errors_at(response, "declarer_bid") == [message]
    chip, other = shown
    assert shown_value(response, "declarer_bid") == (chip and chip.format(S=ids["S"]))
    assert shown_value(response, "bid_other") == other
    assert hand_count(client, sid) == 0


def test_a_refused_hand_keeps_the_rows_other_chip_and_the_bid_typed(client, sid, ids):
    data = posted(client, sid, declarer_bid=f"{ids['S']}:other", bid_other="75", tricks="51")

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert errors_at(response, "tricks") == ["Trick points run from 0 to 50; 51 is outside."]
    assert shown_value(response, "declarer_bid") == f"{ids['S']}:other"
    assert shown_value(response, "bid_other") == "75"


@pytest.mark.parametrize(
    ("bid", "chip", "typed"),
    [
        pytest.param("65", "{S}:65", None, id="a bid with a chip"),
        pytest.param("75", "{S}:other", "75", id="a bid past the chips"),
    ],
)
def test_a_correction_shows_the_hands_declarer_and_bid_chosen(client, sid, ids, bid, chip, typed):
    data = posted(client, sid, declarer_bid=f"{ids['S']}:other", bid_other=bid)
    assert client.post(f"/s/{sid}/hands", data=data).status_code == 302

    edit = client.get(f"/s/{sid}/hands/1/edit")

    assert shown_value(edit, "declarer_bid") == chip.format(S=ids["S"])
    assert shown_value(edit, "bid_other") == (typed or "")


def test_a_correction_saves_another_declarer_from_the_grid(client, sid, ids):
    data = posted(client, sid, declarer_bid=f"{ids['S']}:65")
    assert client.post(f"/s/{sid}/hands", data=data).status_code == 302
    edit = client.get(f"/s/{sid}/hands/1/edit")
    fixed = posted(client, sid, declarer_bid=f"{ids['N']}:65", version=shown_value(edit, "version"))
    del fixed["request_id"], fixed["hand_number"]  # a correction is checked by its version

    response = client.post(f"/s/{sid}/hands/1/edit", data=fixed)

    assert response.status_code == 302
    page = client.get(f"/s/{sid}")
    assert "N makes 65" in page_text(page)
    assert "S makes 65" not in page_text(page)
    assert figures(page) == {"N & S": 70, "E & W": 0}


def test_the_live_preview_reads_the_chip(client, sid, ids):
    data = posted(client, sid, declarer_bid=f"{ids['S']}:65")

    answer = client.post(f"/s/{sid}/preview", data=data).get_json()

    assert answer["ok"] is True
    assert answer["text"].startswith("S makes 65 with 39 meld and 31 in tricks: N & S +70")


def test_the_live_preview_answers_a_misshapen_chip_at_the_grid(client, sid):
    answer = client.post(f"/s/{sid}/preview", data=posted(client, sid, declarer_bid="S")).get_json()

    # said once, at the grid: the engine's "choose the declarer" is not said again
    assert answer == {
        "ok": False,
        "errors": [
            {
                "field": "declarer_bid",
                "message": "Choose the declarer and bid from the chips shown.",
            }
        ],
        "breakdowns": {},
    }


def test_a_declarer_and_a_bid_posted_as_two_fields_still_save(client, sid, ids):
    # A page shown before the grid came, still open on a phone, posts the two fields.
    data = posted(client, sid, declarer=str(ids["S"]), bid="65")

    assert client.post(f"/s/{sid}/hands", data=data).status_code == 302
    assert "S makes 65" in page_text(client.get(f"/s/{sid}"))
