"""A double-deck session under 'Every team's bid a contract' (RULES 6.6): each player's own
bid is stored, the replay works every team's contract out of them, and correcting a bid
replays the session. Seats Ann, Bob, Cal, Dee: Ann & Cal against Bob & Dee; Dee deals first,
so Ann bids first. Figures at scale 10 as the table writes them, balances in full points."""

from __future__ import annotations

import pytest
from naming import ids_by_name, named
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import HandBid
from scorekeeper.rules.errors import Part, RuleError
from scorekeeper.services import hands, sessions
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.tables import default_table

FOUR = ("Ann", "Bob", "Cal", "Dee")


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def start(table) -> int:
    options = {"system": "double-deck", "summed_bids": True, "min_bid": 200}
    return sessions.create_session(table, options, list(FOUR), 3).id


def entry(loaded, bids, ac_tricks, melds, declarer=None) -> HandEntry:
    ids = ids_by_name(loaded)
    return HandEntry(
        declarer=None if declarer is None else ids[declarer],
        trump="S",
        tricks=ac_tricks,
        melds={ids[p]: MeldText("number", str(m)) for p, m in melds.items()},
        bids={ids[p]: b for p, b in bids.items()},
    )


# S2 of RULES 6.6 with these names: Ann 40 + Cal 25 = 65 against Bob 30. Ann & Cal meld 39 and
# take 31: 70, made. Bob & Dee meld 38, take 19, under 20: set for their 30.
S2_BIDS = {"Ann": 40, "Cal": 25, "Bob": 30, "Dee": 0}
MELDS = {"Ann": 29, "Cal": 10, "Bob": 30, "Dee": 8}


def balances(table, sid) -> dict[str, int]:
    return named(dict(sessions.load_session(sid, table).state.balances))


def test_each_players_bid_is_stored_and_every_contract_replayed(table):
    sid = start(table)
    loaded = sessions.load_session(sid, table)
    saved = hands.save_hand(loaded, entry(loaded, S2_BIDS, 31, MELDS))
    stored = db.session.execute(select(HandBid.player_id, HandBid.bid).order_by(HandBid.id)).all()
    ids = ids_by_name(loaded)
    assert [tuple(row) for row in stored] == [
        (ids["Ann"], 400),
        (ids["Cal"], 250),
        (ids["Bob"], 300),
        (ids["Dee"], 0),
    ]
    assert saved.row.bid is None
    assert balances(table, sid) == {"Ann & Cal": 700, "Bob & Dee": -300}
    record = sessions.load_session(sid, table).state.hands[0]
    assert str(record.result.declarer) == "Ann"


def test_correcting_a_players_bid_replays_the_session(table):
    sid = start(table)
    loaded = sessions.load_session(sid, table)
    hands.save_hand(loaded, entry(loaded, S2_BIDS, 31, MELDS))
    loaded = sessions.load_session(sid, table)
    # Bob did not bid after all: Bob & Dee, without a contract, took under 20: nothing.
    hands.edit_hand(loaded, 1, entry(loaded, {**S2_BIDS, "Bob": 0}, 31, MELDS), version=2)
    assert balances(table, sid) == {"Ann & Cal": 700, "Bob & Dee": 0}
    assert len(db.session.scalars(select(HandBid)).all()) == 4


def test_a_tie_with_no_declarer_is_refused_at_the_declarer(table):
    sid = start(table)
    loaded = sessions.load_session(sid, table)
    tie = entry(loaded, {"Ann": 40, "Bob": 40}, 31, MELDS)
    with pytest.raises(RuleError) as error:
        hands.save_hand(loaded, tie)
    assert error.value.where.part is Part.DECLARER
    assert "Ann and Bob each bid 40: choose which of them declared." in error.value.rule
    # The table names Bob: the tricks entered are now his side's, 19. Bob & Dee at 40: 38
    # meld, 19 in tricks, under 20: set, -40. Ann & Cal at 40: 39 + 31 = 70, made.
    saved = hands.save_hand(loaded, entry(loaded, {"Ann": 40, "Bob": 40}, 19, MELDS, "Bob"))
    assert saved.row.declarer_id == ids_by_name(loaded)["Bob"]
    assert balances(table, sid) == {"Ann & Cal": 700, "Bob & Dee": -400}


def test_switching_summed_bids_off_after_a_summed_hand_is_refused_naming_the_hand(table):
    sid = start(table)
    loaded = sessions.load_session(sid, table)
    hands.save_hand(loaded, entry(loaded, S2_BIDS, 31, MELDS))
    loaded = sessions.load_session(sid, table)
    with pytest.raises(RuleError) as error:
        sessions.update_options(loaded, {"system": "double-deck", "summed_bids": False})
    assert error.value.rule == (
        "Under these rules hand 1: Choose the declarer. Enter the bid. Correct that hand first, "
        "or keep the rules."
    )
    assert sessions.load_session(sid, table).options.summed_bids is True
