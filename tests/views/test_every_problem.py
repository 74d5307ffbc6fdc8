"""Every problem of a hand in one answer, a field's shape and the rules alike (issue 19).

A field the form refuses for its shape (a negative figure, letters in a number) is said once,
by the form; the engine still checks every field that parsed, and each rule it breaks is
shown at its field in the same answer: on the session page, on a correction, in the live
preview. Nothing is saved. Brooklyn, four (Ann, Bob, Cal, Dee; Ann deals, Dee sits out):
meld 35 is impossible (every meld is a multiple of 10) and trick points run from 0 to 250.
"""

from __future__ import annotations

import pytest
from webhelpers import (
    all_errors,
    errors_at,
    find_form,
    form_values,
    hand_count,
    hand_data,
    new_session,
    parse,
    player_ids,
    post_hand,
    save_hand,
    shown_value,
)

FOUR = ["Ann", "Bob", "Cal", "Dee"]
IMPOSSIBLE_MELD = "Meld 35 is impossible: every meld is worth a multiple of 10."
NO_NEGATIVE_TRICKS = "Declarer's tricks cannot be negative."


@pytest.fixture
def brooklyn(client):
    return new_session(client, "brooklyn", FOUR)


@pytest.fixture
def bison(client):
    return new_session(client, "bison", FOUR[:3])


def test_a_negative_figure_and_an_impossible_meld_are_shown_together(client, brooklyn):
    typed = {"declarer": "Bob", "bid": 350, "trump": "H", "meld": "35", "tricks": "-20"}

    response = post_hand(client, brooklyn, **typed)

    assert response.status_code == 422
    assert errors_at(response, "tricks") == [NO_NEGATIVE_TRICKS]
    assert errors_at(response, "meld-declarer") == [IMPOSSIBLE_MELD]
    assert len(all_errors(response)) == 2
    assert [shown_value(response, n) for n in ("meld-declarer", "tricks")] == ["35", "-20"]
    assert hand_count(client, brooklyn) == 0


def test_letters_in_other_bid_leave_the_bid_out_and_the_rules_checked(client, brooklyn):
    # The bid is refused for its shape: the engine, which would ask for a bid, says nothing
    # about it; the meld and the tricks break their rules.
    typed = {"declarer": "Bob", "trump": "H", "meld": "35", "tricks": 260, "bid_other": "3x0"}

    response = post_hand(client, brooklyn, **typed)

    assert response.status_code == 422
    assert errors_at(response, "bid_other") == ["Other bid must be a whole number, not '3x0'."]
    assert errors_at(response, "meld-declarer") == [IMPOSSIBLE_MELD]
    assert errors_at(response, "tricks") == ["Trick points run from 0 to 250; 260 is outside."]
    assert len(all_errors(response)) == 3
    assert hand_count(client, brooklyn) == 0


def test_a_take_refused_leaves_the_counters_unsummed_but_the_last_trick_asked(client, bison):
    # Ann's take is letters: the counters cannot be added up, so their sum is not judged; who
    # took the last trick is still asked for, and Bob's impossible meld is still refused.
    typed = {
        "declarer": "Bob", "bid": 250, "trump": "S", "meld": {"Bob": "35"},
        "takes": {"Ann": "twelve", "Bob": 8, "Cal": 3},
    }  # fmt: skip

    response = post_hand(client, bison, **typed)

    assert response.status_code == 422
    ann = player_ids(client)["Ann"]
    bob = player_ids(client)["Bob"]
    takes = ["Ann's counters must be a whole number, not 'twelve'.", "Say who took the last trick."]
    assert errors_at(response, f"take-{ann}") == errors_at(response, "last_trick") == takes
    assert errors_at(response, f"meld-{bob}") == [IMPOSSIBLE_MELD]
    assert len(all_errors(response)) == 3
    assert hand_count(client, bison) == 0


def test_a_correction_shows_every_problem_at_once_and_keeps_the_hand(client, brooklyn):
    save_hand(client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="made")
    page = client.get(f"/s/{brooklyn}/hands/1/edit")
    data = dict(form_values(find_form(parse(page), form_id="hand-form")))
    data.update({"outcome": "", "meld-declarer": "35", "tricks": "-20", "action": "save"})

    response = client.post(f"/s/{brooklyn}/hands/1/edit", data=data)

    assert response.status_code == 422
    assert errors_at(response, "tricks") == [NO_NEGATIVE_TRICKS]
    assert errors_at(response, "meld-declarer") == [IMPOSSIBLE_MELD]
    assert len(all_errors(response)) == 2
    assert "Bob makes 350" in client.get(f"/s/{brooklyn}/history").get_data(as_text=True)


def test_the_live_preview_answers_the_shape_and_then_the_rules(client, brooklyn):
    data = hand_data(client, brooklyn, declarer="Bob", bid=350, trump="H", meld="35", tricks=-20)

    answer = client.post(f"/s/{brooklyn}/preview", data=data).get_json()

    assert answer["ok"] is False
    assert answer["errors"] == [
        {"field": "tricks", "message": NO_NEGATIVE_TRICKS},
        {"field": "meld-declarer", "message": IMPOSSIBLE_MELD},
    ]


def test_tricks_refused_do_not_also_ask_for_the_outcome_they_would_give(client, brooklyn):
    typed = {"declarer": "Bob", "bid": 350, "trump": "H", "tricks": "1OO"}

    response = post_hand(client, brooklyn, **typed)

    assert response.status_code == 422
    assert all_errors(response) == ["Declarer's tricks must be a whole number, not '1OO'."]
