"""The hand history, correcting an earlier hand, deleting one, and two phones doing so at once.

Brooklyn with four (Ann, Bob, Cal, Dee; Ann deals first): the player to the dealer's right sits
out, so Dee sits out hand 1 (Ann deals), Ann hand 2 (Bob deals), Bob hand 3 (Cal deals).
"""

from __future__ import annotations

import pytest
from webhelpers import (
    all_errors,
    built_once,
    errors_at,
    figures,
    find_form,
    form_errors,
    form_values,
    hand_count,
    new_session,
    next_hand_text,
    page_text,
    parse,
    player_ids,
    save_hand,
    shown_value,
    text_of,
)

FOUR = ["Ann", "Bob", "Cal", "Dee"]


@pytest.fixture
def evening(client):
    """Brooklyn, two hands: Bob makes 350 in hearts (hand 1), Dee 300 in spades (hand 2)
    (entered through the pages once per test process, each test on a copy of it)."""
    return built_once(client, "test_history_and_edit.evening", _two_hands)


def _two_hands(client) -> int:
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    save_hand(client, sid, declarer="Dee", bid=300, trump="S", outcome="made")
    return sid


def edit_data(client, sid, number, page=None, **changes) -> dict[str, str]:
    """The edit form as the page filled it in, with ``changes`` (player names for ids)."""
    page = page or client.get(f"/s/{sid}/hands/{number}/edit")
    data = dict(form_values(find_form(parse(page), form_id="hand-form")))
    ids = player_ids(client)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        elif name == "declarer":
            data[name] = str(ids[value])
        else:
            data[name] = str(value)
    data["action"] = "save"
    return data


def history_hands(page) -> dict[str, str]:
    tree = parse(page)
    return {
        li.get("id"): text_of(li)
        for li in tree.iter("li")
        if "history-hand" in (li.get("class") or "")
    }


def audit_lines(page) -> list[str]:
    tree = parse(page)
    trail = next(ol for ol in tree.iter("ol") if "audit" in (ol.get("class") or ""))
    return [text_of(li.find("span")) for li in trail]  # each line's summary, after its time


# -- the history ----------------------------------------------------------------------------


def test_the_history_lists_every_hand_newest_first_with_changes_and_totals(client, evening):
    page = client.get(f"/s/{evening}/history")

    assert page.status_code == 200
    hands = history_hands(page)
    assert list(hands) == ["hand-2", "hand-1"]
    # Hand 1: Bob +6, the others -2. Hand 2: Dee 1 x 2 (spades) = 2 from each, +6.
    assert hands["hand-1"] == (
        "1 Ann dealt · Dee out Edit Bob makes 350: collects 2 chips from each player. "
        "In one line: made, Bob at 350, hearts "  # the line box reads it back (issue 29)
        "AnnBobCalDee −2+6−2−2 −2+6−2−2"
    )
    assert hands["hand-2"].startswith("2 Bob dealt · Ann out Edit Dee makes 300")
    # running totals are signed figures too: Ann −4, Bob +4, Cal −4, Dee +4
    assert hands["hand-2"].endswith("−2−2−2+6 −4+4−4+4")


def test_the_history_shows_meld_breakdowns_and_the_kitty(client):
    sid = new_session(client, "hoyle", FOUR)
    # Ann deals and sits out. Cal is set at 350 claiming a run: 10 to each and the kitty.
    save_hand(
        client, sid, declarer="Cal", bid=350, trump="H", outcome="set",
        meld="run", meld_mode="claims",
    )  # fmt: skip

    (hand,) = history_hands(client.get(f"/s/{sid}/history")).values()

    assert "Cal: run 150 = 150" in hand
    assert "In one line: set, Cal at 350, hearts, meld Cal 150" in hand  # the run's worth
    # the kitty holds 10 (a holding, never below 0, so no sign); the players are signed
    assert hand.endswith("AnnBobCalDeeKitty +10+10−40+10+10 +10+10−40+1010")


def test_the_audit_trail_says_what_happened_newest_first(client, evening):
    page = client.get(f"/s/{evening}/history")

    assert audit_lines(page) == [
        "Hand 2 added: Dee makes 300: collects 2 chips from each player (spades pay 2x).",
        "Hand 1 added: Bob makes 350: collects 2 chips from each player.",
        "Session started: Brooklyn (chips), Ann, Bob, Cal, Dee; Ann deals first.",
    ]


def test_an_empty_history(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"])

    assert "No hands yet." in page_text(client.get(f"/s/{sid}/history"))


# -- correcting a hand ----------------------------------------------------------------------


def test_the_edit_form_is_filled_in_with_the_hand_as_entered(client):
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(
        client, sid, declarer="Ann", bid=250, trump="C", outcome="made", takeover=True,
        meld="run, pinochle", meld_mode="claims", tricks=120,
    )  # fmt: skip

    page = client.get(f"/s/{sid}/hands/1/edit")

    assert page.status_code == 200
    said = "Ann dealt, Dee sat out. Saving works out every hand after this one again."
    assert said in page_text(page)
    data = edit_data(client, sid, 1, page)
    ids = player_ids(client)
    assert data["declarer"] == str(ids["Ann"])
    assert (data["bid"] if "bid" in data else data["bid_other"]) == "250"
    assert (data["trump"], data["outcome"], data["takeover"]) == ("C", "made", "on")
    assert (data["meld-declarer"], data["meld_mode-declarer"]) == ("run, pinochle", "claims")
    assert data["tricks"] == "120"
    assert data["version"].endswith(":2")  # hand 1 was saved at the session's version 2


def test_correcting_an_earlier_hand_changes_every_figure_after_it(client, evening):
    response = client.post(
        f"/s/{evening}/hands/1/edit", data=edit_data(client, evening, 1, bid=400)
    )

    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{evening}/history#hand-1"
    history = client.get(f"/s/{evening}/history")
    assert "Hand 1 corrected; every hand after it is worked out again." in page_text(history)
    # Hand 1 now pays 4 (400-430): Bob +12, the others -4; hand 2 as before (Dee +6, -2 each).
    assert figures(client.get(f"/s/{evening}")) == {"Ann": -6, "Bob": 10, "Cal": -6, "Dee": 2}
    assert audit_lines(history)[0] == (
        "Hand 1 edited: bid 350 → 400. Now: Bob makes 400: collects 4 chips from each player."
    )
    assert history_hands(history)["hand-2"].endswith("−2−2−2+6 −6+10−6+2")


def test_correcting_the_declarer_and_outcome_names_both_in_the_audit(client, evening):
    data = edit_data(client, evening, 1, declarer="Cal", outcome="set")

    client.post(f"/s/{evening}/hands/1/edit", data=data)

    # Cal set at 350 in hearts: 2 x 2 = 4 to each of three; then hand 2 as before.
    assert figures(client.get(f"/s/{evening}")) == {"Ann": 2, "Bob": 2, "Cal": -14, "Dee": 10}
    assert audit_lines(client.get(f"/s/{evening}/history"))[0].startswith(
        "Hand 1 edited: outcome made → set, declarer Bob → Cal. Now: Cal is set at 350"
    )


def test_a_correction_that_breaks_a_rule_is_shown_next_to_its_field_and_changes_nothing(
    client, evening
):
    data = edit_data(client, evening, 1, bid=None, bid_other=390)

    response = client.post(f"/s/{evening}/hands/1/edit", data=data)

    assert response.status_code == 422
    assert errors_at(response, "bid_other") == [
        "Bid 390 ends in 90; house rules forbid bids ending in 40 or 90."
    ]
    assert shown_value(response, "bid_other") == "390"
    assert figures(client.get(f"/s/{evening}")) == {"Ann": -4, "Bob": 4, "Cal": -4, "Dee": 4}


def test_a_correction_that_would_break_a_later_hand_is_refused(client, evening):
    # A misdeal keeps Ann dealing hand 2, where Dee sits out: Dee's 300 could not stand.
    data = edit_data(client, evening, 1, outcome="misdeal")

    response = client.post(f"/s/{evening}/hands/1/edit", data=data)

    assert response.status_code == 409
    assert form_errors(response) == [
        "That change would break hand 2: Dee sits out this hand; the declarer is one of Bob, "
        "Cal, Ann. Fix or delete that hand first."
    ]
    assert shown_value(response, "outcome") == "misdeal"
    assert figures(client.get(f"/s/{evening}")) == {"Ann": -4, "Bob": 4, "Cal": -4, "Dee": 4}


def test_a_correction_from_a_stale_form_shows_the_latest_figures(client, evening):
    phone_a = client.get(f"/s/{evening}/hands/1/edit")
    phone_b = client.get(f"/s/{evening}/hands/1/edit")
    client.post(f"/s/{evening}/hands/1/edit", data=edit_data(client, evening, 1, phone_b, bid=400))

    response = client.post(
        f"/s/{evening}/hands/1/edit", data=edit_data(client, evening, 1, phone_a, bid=380)
    )

    assert response.status_code == 409
    assert form_errors(response) == [
        "Hand 1 was changed on another phone while you were editing. The latest figures are "
        "shown: make your change again."
    ]
    assert shown_value(response, "bid") == "400"  # phone B's correction, now shown
    assert figures(client.get(f"/s/{evening}"))["Bob"] == 10  # 400 stands: +12 - 2

    # The form shown carries the new version, so phone A's next save goes through.
    again = client.post(
        f"/s/{evening}/hands/1/edit", data=edit_data(client, evening, 1, response, bid=380)
    )
    assert again.status_code == 302
    # 380 pays 2: Bob +6 in hand 1, -2 in hand 2.
    assert figures(client.get(f"/s/{evening}"))["Bob"] == 4


def test_a_correction_opened_before_a_deletion_does_not_land_on_another_hand(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, trump="C", outcome="made")
    save_hand(client, sid, declarer="Ann", bid=300, trump="D", outcome="made")
    phone_a = client.get(f"/s/{sid}/hands/2/edit")  # Cal's 300, about to become 400
    client.post(f"/s/{sid}/hands/1/delete", data={})  # meanwhile phone B deletes hand 1
    before = figures(client.get(f"/s/{sid}"))

    response = client.post(
        f"/s/{sid}/hands/2/edit", data=edit_data(client, sid, 2, phone_a, bid=400)
    )

    # Hand 2 is now Ann's hand: it must not be overwritten with Cal's correction.
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{sid}/history"
    history = client.get(f"/s/{sid}/history")
    assert "so hand 2 is now a different hand. Nothing was saved" in page_text(history)
    assert figures(client.get(f"/s/{sid}")) == before
    assert "Ann makes 300" in history_hands(history)["hand-2"]


def test_editing_a_hand_that_does_not_exist_is_a_404(client, evening):
    assert client.get(f"/s/{evening}/hands/3/edit").status_code == 404
    assert client.post(f"/s/{evening}/hands/3/edit", data={}).status_code == 404


def test_correcting_a_bison_hand_undoes_the_game_it_ended(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"], target="500")
    # Ann deals; Cal goes out with a double run (1500) and every counter: game 1 is Cal's,
    # and Cal deals game 2.
    page = save_hand(
        client, sid, declarer="Cal", bid=250, trump="D", meld={"Cal": "1500"},
        takes={"Ann": 0, "Bob": 0, "Cal": 24}, last_trick="Cal",
    )  # fmt: skip
    assert next_hand_text(page) == "Hand 2 · game 2 Cal deals. Ann bids first."

    # The meld was really a single run (150): 150 + 250 = 400, short of 500.
    client.post(
        f"/s/{sid}/hands/1/edit",
        data=edit_data(client, sid, 1, **{f"meld-{player_ids(client)['Cal']}": "150"}),
    )

    page = client.get(f"/s/{sid}")
    assert "Game 1 goes to" not in page_text(page)
    assert figures(page) == {"Ann": 0, "Bob": 0, "Cal": 400}
    assert next_hand_text(page) == "Hand 2 · game 1 Bob deals. Cal bids first."


# -- deleting a hand ------------------------------------------------------------------------


def test_the_delete_page_asks_first_and_shows_the_hand(client, evening):
    page = client.get(f"/s/{evening}/hands/2/delete")

    assert page.status_code == 200
    text = page_text(page)
    assert "Delete hand 2?" in text
    assert "Dee makes 300: collects 2 chips from each player (spades pay 2x)." in text
    assert "Every later hand is worked out again, dealers and figures, as if it had never " in text
    assert hand_count(client, evening) == 2


def test_deleting_a_hand_recomputes_the_rest(client):
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, trump="H", outcome="made")  # Bob deals

    page = client.get(f"/s/{sid}/hands/1/delete")
    data = dict(form_values(find_form(parse(page))))
    response = client.post(f"/s/{sid}/hands/1/delete", data=data)

    assert response.status_code == 302
    assert hand_count(client, sid) == 1
    history = client.get(f"/s/{sid}/history")
    assert "Hand 1 deleted; every hand after it is worked out again." in page_text(history)
    page = client.get(f"/s/{sid}")
    # Cal's 300 is now hand 1, dealt by Ann: 1 from each of three.
    assert figures(page) == {"Ann": -1, "Bob": -1, "Cal": 3, "Dee": -1}
    assert next_hand_text(page) == "Hand 2 Bob deals, Ann sits out. Cal bids first."
    assert audit_lines(history)[0] == (
        "Hand 1 deleted (was: Bob makes 350: collects 2 chips from each player.)"
    )


def test_a_delete_that_would_break_a_later_hand_is_refused(client, evening):
    # Without hand 1, Dee's hand would be dealt by Ann, and Dee sits out Ann's deal.
    response = client.post(f"/s/{evening}/hands/1/delete", data={})

    assert response.status_code == 409
    assert all_errors(response) == [
        "That change would break hand 2: Dee sits out this hand; the declarer is one of Bob, "
        "Cal, Ann. Fix or delete that hand first."
    ]
    assert hand_count(client, evening) == 2
    assert figures(client.get(f"/s/{evening}")) == {"Ann": -4, "Bob": 4, "Cal": -4, "Dee": 4}


def test_a_delete_from_a_stale_page_is_refused(client, evening):
    page = client.get(f"/s/{evening}/hands/2/delete")
    client.post(f"/s/{evening}/hands/2/edit", data=edit_data(client, evening, 2, bid=400))

    response = client.post(
        f"/s/{evening}/hands/2/delete", data=dict(form_values(find_form(parse(page))))
    )

    assert response.status_code == 409
    assert all_errors(response) == [
        "Hand 2 was changed on another phone while you were editing. The latest figures are "
        "shown: make your change again."
    ]
    assert hand_count(client, evening) == 2


def test_the_last_hand_can_always_be_deleted(client, evening):
    response = client.post(f"/s/{evening}/hands/2/delete", data={})

    assert response.status_code == 302
    assert figures(client.get(f"/s/{evening}")) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


# -- the live preview of a correction -------------------------------------------------------
# It checks the corrected hand in its own seating: Bob sits out hand 3 (Cal deals) but played
# hand 1, where Dee sat out. Bob's 350 is worth 2 units in the Brooklyn schedule.


def test_the_edit_page_previews_against_its_own_hand(client, evening):
    page = parse(client.get(f"/s/{evening}/hands/1/edit"))
    assert (
        find_form(page, form_id="hand-form")
        .get("data-preview-url")
        .endswith(f"/s/{evening}/preview?hand=1")
    )


def test_a_correction_of_hand_1_accepts_bob_who_sits_out_the_next_hand(client, evening):
    # Bob sits out hand 3 (Cal deals), but he played hand 1: the correction is checked there.
    data = edit_data(client, evening, 1, bid=360)
    answer = client.post(f"/s/{evening}/preview?hand=1", data=data).get_json()
    assert answer["ok"], answer
    assert answer["text"].startswith("Bob makes 360")
    assert "collects 2 chips from each player" in answer["text"]


def test_the_next_hands_preview_still_refuses_bob(client, evening):
    data = edit_data(client, evening, 1)
    data.pop("version", None)
    answer = client.post(f"/s/{evening}/preview", data=data).get_json()
    assert not answer["ok"]
    assert [problem["field"] for problem in answer["errors"]] == ["declarer"]


def test_a_correction_naming_someone_who_sat_that_hand_out_is_refused_with_that_hand(
    client, evening
):
    # Dee sat out hand 1 (Ann dealt; Dee is to her right), though she plays the next hand.
    data = edit_data(client, evening, 1)
    data["declarer"] = str(player_ids(client)["Dee"])
    answer = client.post(f"/s/{evening}/preview?hand=1", data=data).get_json()
    assert not answer["ok"]
    assert [problem["field"] for problem in answer["errors"]] == ["declarer"]


def test_a_preview_of_a_hand_that_does_not_exist_is_a_404(client, evening):
    data = edit_data(client, evening, 1)
    assert client.post(f"/s/{evening}/preview?hand=9", data=data).status_code == 404
