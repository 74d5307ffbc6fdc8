"""The hand form of the next hand offers what the next hand is (``next_hand``): its declarers
are the players dealt in, its bids the quick picks and the ladder, its number the next one;
the form asks only for those, not for everything the page shows of the next hand."""

from __future__ import annotations

import pytest
import reportsessions as rs

from scorekeeper.services import sessions as session_service
from scorekeeper.services.standings import next_hand
from scorekeeper.services.tables import default_table
from scorekeeper.views.hand_form import hand_form_for

SEATED = {
    "brooklyn": 4, "brooklyn-pot": 5, "hoyle": 5, "bison": 3, "partnership": 4,
    "double-deck": 4, "six-handed": 6, "eight-handed": 8, "two-handed": 2, "cutthroat": 4,
    "six-two-packs": 6, "eight-two-packs": 8,
}  # fmt: skip
NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal"]


def offers_the_next_hand(loaded) -> None:
    form, nxt, options = hand_form_for(loaded), next_hand(loaded), loaded.options
    assert [value for value, _ in form.declarer.choices] == [str(p.id) for p in nxt.active]
    quick = [str(options.to_table(bid)) for bid in nxt.bids]
    bids = [value for value, _ in form.bid.choices]
    assert bids == quick
    assert form.bid_ladder == tuple(options.to_table(bid) for bid in nxt.ladder)
    assert form.hand_number.data == str(nxt.number)


@pytest.mark.parametrize("system", SEATED)
def test_the_next_hands_form_offers_the_next_hand(app, system):
    with app.test_request_context():
        row = session_service.create_session(
            default_table(), {"system": system}, NAMES[: SEATED[system]], 1
        )
        loaded = session_service.load_session(row.id)
        offers_the_next_hand(loaded)


def test_the_next_hands_form_after_some_hands_offers_the_next_hand(app):
    with app.test_request_context():
        loaded = session_service.load_session(rs.brooklyn())
        offers_the_next_hand(loaded)
