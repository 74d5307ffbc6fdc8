"""Team games without a bid through the pages (RULES 6.4, "Teams without a bid"): Bicycle's
Partnership Pinochle, trump turned up, each team scoring its partners' meld and its tricks.

Figures worked by hand: the partnership preset (single deck, counters, 250 a hand) with
bidding off, and six-handed on the double deck written without the trailing zero (50 a hand).
"""

from __future__ import annotations

from webhelpers import (
    errors_at,
    figures,
    form_errors,
    new_session,
    page_text,
    player_ids,
    post_hand,
    save_hand,
    shown_value,
)

FOUR = ["N", "E", "S", "W"]
SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
NO_BIDDERS = {"auction": False, "trump_needs_meld": False, "bidders_save_meld": False}


def test_the_form_hides_declarer_and_bid_and_asks_the_first_teams_tricks(client):
    sid = new_session(client, "partnership", FOUR, auction=False)
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    assert 'name="declarer"' not in html and 'name="bid_other"' not in html
    assert "N &amp; S&#39;s tricks" in html
    ids = player_ids(client)
    for name in FOUR:  # each player's meld, and each side's as one figure
        assert f'name="meld-{ids[name]}"' in html
    assert f'name="meld-side-{ids["N"]}"' in html and f'name="meld-side-{ids["E"]}"' in html
    assert "leads first." in html


def test_u1_one_side_takes_every_trick_and_the_other_loses_its_meld(client):
    sid = new_session(client, "partnership", FOUR, first_dealer=3, auction=False)
    # U1: hearts turned by W, a dix (10) and W's marriage: 30. E the run and the other dix
    # (160), N 100 aces, S a pinochle. N & S take all 250: 140 + 250; E & W took no trick.
    page = save_hand(
        client, sid, trump="H", meld={"N": "100", "S": "40", "E": "160", "W": "30"}, tricks=250
    )
    assert figures(page) == {"N & S": 390, "E & W": 0}
    assert "Played: N & S +390, E & W 0" in page_text(page)
    assert "E & W: took no trick, so nothing scores" in page_text(page)


def test_a_correction_shows_the_hand_as_entered_and_saves_again(client):
    sid = new_session(client, "partnership", FOUR, auction=False)
    save_hand(client, sid, trump="H", meld={"N": "100", "E": "60"}, tricks=130)
    edit = client.get(f"/s/{sid}/hands/1/edit")
    ids = player_ids(client)
    assert shown_value(edit, "tricks") == "130"
    assert shown_value(edit, f"meld-{ids['E']}") == "60"
    # N & S 100 + 130, E & W 60 + 120; corrected to N & S taking all: 350 and 0.
    assert figures(client.get(f"/s/{sid}")) == {"N & S": 230, "E & W": 180}
    data = {
        "csrf_token": "",
        "version": shown_value(edit, "version"),
        "trump": "H",
        f"meld-{ids['N']}": "100",
        f"meld-{ids['E']}": "60",
        "tricks": "250",
        "action": "save",
    }
    response = client.post(f"/s/{sid}/hands/1/edit", data=data)
    assert response.status_code == 302
    assert figures(client.get(f"/s/{sid}")) == {"N & S": 350, "E & W": 0}


def test_six_handed_without_a_bid_keeps_the_20s(client):
    sid = new_session(client, "six-handed", SIX, **NO_BIDDERS)
    # Ann, Cal, Eve meld 20 + 10 + 15 and take 32: 77. Bob, Dee, Fay meld 18 (under 20) and
    # take 18 (under 20): nothing at all.
    page = save_hand(
        client, sid, trump="C",
        meld={"Ann": "20", "Cal": "10", "Eve": "15", "Bob": "8", "Dee": "6", "Fay": "4"},
        tricks=32,
    )  # fmt: skip
    assert figures(page) == {"Ann & Cal & Eve": 77, "Bob & Dee & Fay": 0}


def test_three_pairs_enter_each_teams_tricks(client):
    sid = new_session(client, "six-handed", SIX, shape="6/2", **NO_BIDDERS)
    # Ann & Dee 30 + 12 and 25, Bob & Eve 20 and 20, Cal & Fay 8 (not on the board) and 5:
    # under 20 in tricks, nothing.
    page = save_hand(
        client, sid, trump="D", meld={"Ann": "30", "Dee": "12", "Bob": "20", "Cal": "8"},
        takes={"Ann": 25, "Bob": 20, "Cal": 5},
    )  # fmt: skip
    assert figures(page) == {"Ann & Dee": 67, "Bob & Eve": 40, "Cal & Fay": 0}


def test_errors_show_at_their_field(client):
    sid = new_session(client, "partnership", FOUR, auction=False)
    response = post_hand(client, sid, trump="H", meld={"N": "15"}, tricks=255)
    assert response.status_code == 422
    ids = player_ids(client)
    assert errors_at(response, "tricks") == ["Trick points run from 0 to 250; 255 is outside."]
    assert errors_at(response, f"meld-{ids['N']}")


def test_a_declarer_posted_without_javascript_is_refused_at_the_top(client):
    sid = new_session(client, "partnership", FOUR, auction=False)
    response = post_hand(client, sid, declarer="N", trump="H", tricks=130)
    assert response.status_code == 422
    assert form_errors(response) == ["Nobody bids in this game: leave it empty."]


def test_bidding_off_with_a_bidders_option_on_is_refused_naming_both(client):
    from webhelpers import new_session_response

    response = new_session_response(client, "double-deck", FOUR, auction=False)
    assert response.status_code == 422
    assert "'Trump needs a meld' and 'Bidding' clash" in page_text(response)


def test_saved_rules_offer_bidding_off_for_a_team_game(client):
    from tests.views.test_saved_rules_views import post_form

    page = client.get("/rules/new?system=partnership")
    assert 'name="auction"' in page.get_data(as_text=True)
    response = post_form(
        client, "/rules/new?system=partnership", name="Turned trump", auction=False
    )
    assert response.status_code == 302
    assert "Turned trump Partnership Bidding: Off." in page_text(client.get("/rules/"))


def test_the_house_rules_page_turns_bidding_off_for_a_session(client):
    from tests.views.test_settings_views import _form_defaults

    sid = new_session(client, "partnership", FOUR)
    form = _form_defaults(client, f"/s/{sid}/settings")
    assert form.pop("auction") == "on"  # a ticked box, posted unticked
    response = client.post(f"/s/{sid}/settings", data=form)
    assert response.status_code == 302
    assert 'name="declarer"' not in client.get(f"/s/{sid}").get_data(as_text=True)


def test_the_print_view_and_the_csv_show_a_played_hand_with_no_declarer(client):
    sid = new_session(client, "partnership", FOUR, first_dealer=3, auction=False)
    save_hand(
        client, sid, trump="H", meld={"N": "100", "S": "40", "E": "160", "W": "30"}, tricks=250
    )
    printed = page_text(client.get(f"/s/{sid}/print"))
    # hand 1, W dealt, hearts, played: N & S meld 140, tricks 250, +390; E & W 190, 0, 0
    assert "1 W ♥ played │ 140 250 +390 +390 │ 190 0 0 0" in printed
    csv = client.get(f"/s/{sid}/hands.csv").get_data(as_text=True)
    assert csv.splitlines()[1] == (
        '1,1,W,,,,H,140,250,190,0,played,"Played: N & S +390, E & W 0 (E & W: took no trick, '
        'so nothing scores).",390,390,0,0'
    )
