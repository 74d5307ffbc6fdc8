"""Each session's count for players' records stored in the database (``session_tallies``): a
cache keyed by the session's version, so the first record read after a restart replays
nothing, and an edit to an old hand changes the record exactly as it does warm."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, SessionTally
from scorekeeper.services import replays
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import edit_hand
from scorekeeper.services.history import player as records
from scorekeeper.services.history import stored as session_tallies
from scorekeeper.services.history.player import table_record
from scorekeeper.services.history.tally import Record
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

from .test_records import build

WORKED = [
    "brooklyn", "hoyle", "bison", "partnership", "double-deck", "two-handed",
    "partnership-no-bid", "six-handed", "eight-handed", "summed-bids", "cutthroat",
    "eight-two-packs",
]  # fmt: skip


def restart() -> None:
    """What a worker remembers dropped, as after a restart: only the database is left."""
    records.forget()
    replays.forget()
    db.session.expire_all()


def bob(counted):
    return counted.player(next(p.id for p in counted.roster if p.name == "Bob"))


def ann(counted):
    return counted.player(next(p.id for p in counted.roster if p.name == "Ann"))


@pytest.mark.parametrize("session", WORKED)
def test_a_stored_count_reads_back_as_the_count_it_was(table, session):
    sid = build(table, session)
    row = db.session.get(GameSession, sid)
    counted = session_tallies.count(row, table.load(sid).state)

    stored = session_tallies.recall([(row, counted.sessions[0].day)], {})

    assert stored == {sid: counted}


# Brooklyn, stake 10 cents, Ann deals first (tests/settle_fixtures.py): Bob makes 350 hearts
# (2 from Ann and Cal), Cal is set at 300 spades (4 to Ann and Bob): Ann 2, Bob 8, Cal -10.
#   3. Ann makes 300 diamonds: 1 from Bob and Cal. Ann 4 ($0.40), Bob 7, Cal -11.
#   4. Bob makes 300 diamonds: 1 from Ann and Cal. Ann 3 ($0.30), Bob 9, Cal -12.
#   Hand 3 corrected to set: 1 x 2 (set) = 2 to Bob and Cal, so after hand 4 Ann 2 - 4 - 1 =
#   -3 (-$0.30). Ann also makes 400 hearts in Bison (its hand 3).
def test_an_edit_to_hand_3_of_an_old_session_changes_the_record_read_cold(table):
    with unit_of_work():
        old = build(table, "brooklyn")
        table.hand(old, "made", "Ann", 300, "D")
        table.hand(old, "made", "Bob", 300, "D")
        db.session.get(GameSession, old).created_at -= timedelta(days=60)
        build(table, "bison")
    before = table_record(default_table())
    assert ann(before).declared.made == 2  # hand 3 here, hand 3 of Bison
    assert ann(before).money[0].cents == 30

    with unit_of_work():
        loaded = table.load(old)
        ids = table.ids(old)
        edit_hand(loaded, 3, HandEntry(outcome="set", declarer=ids["Ann"], bid=300, trump="D"))
    restart()
    cold = table_record(default_table())

    assert ann(cold).declared.declared == 2
    assert ann(cold).declared.made == 1
    assert ann(cold).declared.set == 1
    assert ann(cold).money[0].cents == -30
    assert bob(cold).declared.made == bob(before).declared.made
    stored = db.session.get(SessionTally, old)
    assert stored is not None and stored.version == db.session.get(GameSession, old).version


def test_a_hand_saved_counts_that_hand_alone_and_a_correction_every_hand(table, monkeypatch):
    with unit_of_work():
        sid = build(table, "brooklyn")  # two hands
    counted = []
    every_hand = Record.count_hands

    def count_hands(record, state, hands):
        hands = list(hands)
        counted.append(len(hands))
        every_hand(record, state, hands)

    monkeypatch.setattr(Record, "count_hands", count_hands)
    with unit_of_work():
        table.hand(sid, "made", "Ann", 300, "D")
    with unit_of_work():
        ids = table.ids(sid)
        edit_hand(
            table.load(sid), 1, HandEntry(outcome="set", declarer=ids["Bob"], bid=350, trump="H")
        )

    assert counted == [1, 3]


def test_the_first_read_after_a_restart_replays_no_session(table, monkeypatch):
    with unit_of_work():
        for session in ("brooklyn", "hoyle", "bison"):
            build(table, session)
    warm = table_record(default_table())
    restart()

    def no_replay(*_):
        raise AssertionError("a session was replayed")

    monkeypatch.setattr(records, "load_session", no_replay)
    cold = table_record(default_table())

    assert cold.record == warm.record


def test_a_stale_or_missing_count_is_counted_again_from_the_hands(table):
    with unit_of_work():
        brooklyn = build(table, "brooklyn")
        hoyle = build(table, "hoyle")
    warm = table_record(default_table())
    with unit_of_work():
        stale = db.session.get(SessionTally, brooklyn)
        stale.version -= 1
        stale.counts = {**stale.counts, "players": []}  # a count of nobody, at an older version
        db.session.delete(db.session.get(SessionTally, hoyle))
    restart()

    assert table_record(default_table()).record == warm.record
    assert session_tallies.missing() == [brooklyn, hoyle]  # a read never writes
    with unit_of_work():
        assert records.store_missing_counts() == 2
    assert session_tallies.missing() == []
    with unit_of_work():
        assert records.store_missing_counts() == 0


@pytest.fixture
def table(app):
    from settle_fixtures import Table

    with app.app_context():
        yield Table(default_table())


@pytest.fixture(autouse=True)
def _fresh_memory():
    records.forget()
    yield
    records.forget()
