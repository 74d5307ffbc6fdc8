"""One hand form for the next hand and for a correction: its declarers, and what it holds.

The evening is ``tests/reportsessions.brooklyn``: Ann, Bob, Cal and Dan sit clockwise, Ann
deals hand 1 and Dan (her right) sits out; Bob deals hand 2 and Ann sits out; Cal deals hand 3,
the next, and Bob sits out. Bob made 350 in spades in hand 1. The declarers are offered in
bidding order, from the dealer's left.
"""

from __future__ import annotations

import re

import pytest
import reportsessions as rs
from naming import ids_by_name
from werkzeug.datastructures import MultiDict

from scorekeeper.services.notfound import NotFound
from scorekeeper.services.sessions import load_session
from scorekeeper.views.hand_form import hand_form_for, version_of


@pytest.fixture
def loaded(app):
    with app.test_request_context():
        yield load_session(rs.brooklyn())


def declarer_names(form) -> list[str]:
    return [str(label) for _, label in form.declarer.choices]


@pytest.mark.parametrize(
    ("number", "dealt_in"),
    [
        pytest.param(None, ["Dan", "Ann", "Cal"], id="the next hand: Bob sits out"),
        pytest.param(1, ["Bob", "Cal", "Ann"], id="hand 1: Dan sat out"),
        pytest.param(2, ["Cal", "Dan", "Bob"], id="hand 2: Ann sat out"),
    ],
)
def test_the_declarers_offered_are_the_players_dealt_into_that_hand(loaded, number, dealt_in):
    assert declarer_names(hand_form_for(loaded, number)) == dealt_in


def test_a_new_hands_form_carries_its_number_and_a_fresh_request_id(loaded):
    first, second = hand_form_for(loaded), hand_form_for(loaded)
    assert first.hand_number.data == "3"
    assert re.fullmatch(r"[0-9a-f]{32}", first.request_id.data)
    assert first.request_id.data != second.request_id.data  # each page shown saves once
    assert first.version.data is None


def test_a_correction_is_filled_in_with_the_hand_as_entered_and_its_version(loaded):
    form = hand_form_for(loaded, 1)
    row = loaded.event_row(loaded.hand(1).position)
    assert form.declarer.data == str(ids_by_name(loaded)["Bob"])
    assert (form.trump.data, form.outcome.data) == ("S", "made")
    assert version_of(form.version.data) == (row.id, row.version)
    assert form.request_id.data is None  # a correction is checked by its version instead


def test_a_posted_form_keeps_what_was_typed(loaded):
    posted = MultiDict({"bid_other": "400", "trump": "H"})
    for number in (None, 1):
        form = hand_form_for(loaded, number, posted)
        assert (form.bid_other.data, form.trump.data) == (400, "H")
        assert form.declarer.data is None  # not filled in from the stored hand
        assert not form.version.data and not form.request_id.data


def test_a_correction_of_a_hand_the_session_does_not_have_is_not_found(loaded):
    with pytest.raises(NotFound):
        hand_form_for(loaded, 3)
