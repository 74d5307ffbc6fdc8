"""Team games without a bid through the services (RULES 6.4, "Teams without a bid"): saved,
corrected, deleted and replayed, and bidding switched off under hands that had a bid.

Sessions from ``tests/reportsessions.py`` (``partnership_no_bid``: N & S 540, E & W 220 in
full points, figures worked there); each correction is worked by hand beside it.
"""

from __future__ import annotations

import pytest
import reportsessions as rs
from naming import ids_by_name, named

from scorekeeper.rules.errors import OptionError
from scorekeeper.services import hands, sessions
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.tables import default_table


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def balances(session_id: int) -> dict[str, int]:
    return dict(named(sessions.load_session(session_id).state.balances))


def test_a_correction_replays_every_later_hand(table):
    sid = rs.partnership_no_bid()
    loaded = sessions.load_session(sid, table)
    ids = ids_by_name(loaded)
    # Hand 1 corrected: E & W took 10 (N & S 240). N & S 140 + 240 = 380, E & W 190 + 10 = 200;
    # hand 3 unchanged (+150, +220): N & S 530, E & W 420.
    melds = {
        ids["N"]: MeldText("number", "100"),
        ids["S"]: MeldText("number", "40"),
        ids["E"]: MeldText("number", "160"),
        ids["W"]: MeldText("number", "30"),
    }
    hands.edit_hand(loaded, 1, HandEntry(trump="H", tricks=240, melds=melds))
    assert balances(sid) == {"N & S": 530, "E & W": 420}
    assert sessions.load_session(sid, table).state.hand(1).result.declarer is None


def test_deleting_a_hand_replays_the_rest(table):
    sid = rs.partnership_no_bid()
    hands.delete_hand(sessions.load_session(sid, table), 1)
    assert balances(sid) == {"N & S": 150, "E & W": 220}  # hand 3 alone


def test_the_replay_from_scratch_gives_the_remembered_figures(table):
    sid = rs.six_handed_no_bid()
    remembered = balances(sid)
    row = sessions.load_session(sid, table).row
    scratch = sessions.replay_stored(row)
    assert (
        dict(named(scratch.state.balances))
        == remembered
        == {
            "Ann & Cal & Eve": 970,
            "Bob & Dee & Fay": 550,
        }
    )


def test_bidding_cannot_be_switched_off_under_a_hand_that_had_a_bid(table):
    sid = rs.partnership()
    loaded = sessions.load_session(sid, table)
    with pytest.raises(OptionError) as refused:
        sessions.update_options(loaded, {"auction": False})
    assert "Nobody bids in this game" in refused.value.rule


def test_bidding_switched_off_before_any_hand_is_saved_in_words(table):
    sid = sessions.create_session(table, {"system": "partnership"}, ["N", "E", "S", "W"], 0).id
    loaded = sessions.load_session(sid, table)
    assert sessions.update_options(loaded, {"auction": False}) == ["Bidding: On → Off"]
    assert not sessions.load_session(sid, table).options.auction
