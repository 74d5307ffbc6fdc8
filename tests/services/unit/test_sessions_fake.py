"""The session service on the fake unit of work (no app, no database): start a session, load
it, list the table's sessions, change its house rules, end and reopen it, a change refused
when another phone changed the session first, and a rollback.

Ann, Bob, Cal and Dee at Brooklyn, Ann dealing first (RULES section 5).
"""

from __future__ import annotations

import pytest

from scorekeeper.models import Player
from scorekeeper.rules.errors import RuleError
from scorekeeper.services import sessions
from scorekeeper.services.changes import Clash, ConflictError
from scorekeeper.services.keyset import Page
from scorekeeper.services.notfound import NotFound

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def start(table, names=FOUR, system="brooklyn", **options):
    return sessions.create_session(table, {"system": system, **options}, names, 0)


def test_a_session_started_is_stored_with_its_seats_players_and_history(uow, table):
    row = start(table)
    uow.commit()

    store = uow.sessions
    assert row.id in store.sessions and row.table_id == table.id
    assert [seat.player.name for seat in row.seats] == FOUR
    assert [p.name for p in store.players.values()] == FOUR
    assert row.first_dealer.name == "Ann" and row.version == 1
    assert [e.summary for e in sessions.audit_trail(row.id)] == [
        "Session started: Brooklyn (chips), Ann, Bob, Cal, Dee; Ann deals first."
    ]
    assert sessions.session_stamp(row.id, table) == f"{row.token}-1"


def test_a_session_loaded_is_the_one_started_and_its_replay_is_remembered(uow, table):
    row = start(table)
    uow.commit()

    loaded = sessions.load_session(row.id, table)

    assert [str(p) for p in loaded.players.values()] == FOUR
    assert len(loaded.state.hands) == 0 and loaded.row is row
    assert sessions.started_now(row) is not None
    with pytest.raises(NotFound):
        sessions.load_session(row.id + 1, table)


def test_the_roster_keeps_a_player_across_sessions(uow, table):
    first = start(table)
    second = start(table, ["ann", "Bob", "Cal", "Eve"])
    uow.commit()

    ann = first.seats[0].player
    assert second.seats[0].player is ann  # "ann" is Ann, as typed first
    assert sorted(p.name for p in uow.sessions.players.values()) == [*FOUR, "Eve"]


def test_a_table_lists_its_sessions_newest_first_with_the_current_one(uow, table):
    first, second = start(table), start(table)
    sessions.end_session(sessions.load_session(second.id, table))
    uow.commit()

    assert sessions.list_sessions(table) == [second, first]
    assert sessions.current_session(table) is first
    page = sessions.session_page(table, Page(None, 1))
    assert page.items == [second] and page.next == (second.created_at, second.id)
    assert sessions.session_page(table, Page(page.next, 1)).items == [first]
    assert sessions.hand_counts(table) == {}


def test_house_rules_changed_are_recorded_and_replayed(uow, table):
    row = start(table)
    uow.commit()

    changes = sessions.update_options(sessions.load_session(row.id, table), {"stake": 25})
    uow.commit()

    assert changes == ["Stake per chip: $0.10 → $0.25"]
    assert row.options["stake"] == 25 and row.version == 2 and row.rewritten == 2
    assert sessions.load_session(row.id, table).options.stake == 25
    assert uow.sessions.announced == [(row.id, 2)]  # the phones told, once committed


def test_a_session_is_not_started_on_broken_rules_and_nothing_is_written(uow, table):
    with pytest.raises(RuleError):
        start(table, ["Ann", "Ann", "", "Cal"])

    assert uow.sessions.sessions == {} and uow.sessions.players == {}


def test_ending_and_reopening_a_session_move_its_version(uow, table):
    row = start(table)
    uow.commit()

    sessions.end_session(sessions.load_session(row.id, table))
    uow.commit()
    assert row.ended_at is not None and row.version == 2
    sessions.reopen_session(sessions.load_session(row.id, table))
    uow.commit()

    assert row.ended_at is None and row.version == 3
    assert sessions.current_session(table) is row


def test_a_change_from_a_session_changed_since_it_was_loaded_is_refused(uow, table):
    row = start(table)
    uow.commit()
    loaded = sessions.load_session(row.id, table)

    uow.sessions.changed_elsewhere(row.id)  # another phone's change, committed
    with pytest.raises(ConflictError) as refused:
        sessions.update_options(loaded, {"stake": 25})
    uow.rollback()  # as the request's hook rolls a refused change back

    assert refused.value.clash is Clash.SESSION
    assert row.options.get("stake", 10) == 10
    assert sessions.load_session(row.id, table).row.version == 2
    assert [e.action for e in sessions.audit_trail(row.id)] == ["started"]


def test_a_rollback_puts_back_what_the_transaction_wrote(uow, table):
    kept = start(table)
    uow.commit()

    dropped = start(table, ["Ann", "Bob", "Zed"])
    sessions.end_session(sessions.load_session(kept.id, table))
    uow.rollback()

    assert list(uow.sessions.sessions) == [kept.id] and dropped.id not in uow.sessions.sessions
    assert kept.ended_at is None and kept.version == 1
    assert all(isinstance(p, Player) and p.name != "Zed" for p in uow.sessions.players.values())
    assert uow.sessions.announced == []
