"""Recording a change (services.changes.record_change): the session's version moves by one, one
audit entry is written, and the replay is remembered only once the change is committed.

Brooklyn, four players, Ann deals first: Dee, on the dealer's right, sits out but pays and is
paid as an opponent (RULES section 5). Bob makes 350 in hearts: 350 to 380 is worth 2 units,
so he collects 2 from each of Ann, Cal and Dee.
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named
from sqlalchemy import select, text

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, GameSession
from scorekeeper.services import hands, replays, sessions
from scorekeeper.services.changes import Audit, Clash, ConflictError, record_change
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

FOUR = ["Ann", "Bob", "Cal", "Dee"]
AFTER_HAND_1 = {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


@pytest.fixture
def evening(app):
    """A session with hand 1 saved and committed, and nothing remembered of it."""
    with app.app_context():
        with unit_of_work():
            sid = sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0).id
        with unit_of_work():
            loaded = sessions.load_session(sid)
            bob = ids_by_name(loaded)["Bob"]
            hands.save_hand(loaded, HandEntry(outcome="made", declarer=bob, bid=350, trump="H"))
        replays.forget()
        yield sid


def stored_version(sid: int) -> tuple[int, int]:
    """The session's version and rewritten version, as the database holds them."""
    row = db.session.execute(
        select(GameSession.version, GameSession.rewritten).where(GameSession.id == sid)
    ).one()
    return row.version, row.rewritten


def audit(sid: int) -> list[tuple[str, str]]:
    return [
        (a.action, a.summary)
        for a in db.session.scalars(
            select(AuditEntry).where(AuditEntry.session_id == sid).order_by(AuditEntry.id)
        )
    ]


def memory(sid: int) -> replays.Replayed | None:
    return replays._memory.get(sid)


def test_a_change_moves_the_version_by_one_audits_it_and_is_remembered_once_committed(evening):
    sid = evening
    version, _ = stored_version(sid)
    entries = len(audit(sid))
    with unit_of_work():
        loaded = sessions.load_session(sid)
        replays.forget()  # loading remembered the replay before the change: start from none

        record_change(loaded, Audit("noted", "A note on the session."))

        assert memory(sid) is None  # not before the commit
    assert stored_version(sid) == (version + 1, version + 1)  # a rewriting change by default
    assert audit(sid)[entries:] == [("noted", "A note on the session.")]
    remembered = memory(sid)
    assert remembered is not None
    assert remembered.version == version + 1
    assert named(dict(remembered.state.balances)) == AFTER_HAND_1


def test_a_change_that_only_adds_keeps_the_rewritten_version(evening):
    sid = evening
    version, rewritten = stored_version(sid)
    with unit_of_work():
        record_change(sessions.load_session(sid), None, rewrites=False)

    assert stored_version(sid) == (version + 1, rewritten)


def test_a_rolled_back_change_leaves_no_memory_no_version_and_no_audit_entry(evening):
    sid = evening
    version = stored_version(sid)
    entries = audit(sid)
    loaded = sessions.load_session(sid)
    replays.forget()

    record_change(loaded, Audit("noted", "A note on the session."))
    db.session.rollback()  # what a refused request does

    assert memory(sid) is None
    assert stored_version(sid) == version
    assert audit(sid) == entries


def _saved_elsewhere(sid: int) -> None:
    """Another worker's change, saved after this one loaded the session (as the UPDATE of a
    change on PostgreSQL sees another's commit that it waited for)."""
    db.session.execute(
        text("UPDATE sessions SET version = version + 1 WHERE id = :id"), {"id": sid}
    )


def test_a_checked_change_to_a_session_changed_since_is_a_conflict_and_audits_nothing(evening):
    sid = evening
    entries = audit(sid)
    loaded = sessions.load_session(sid)
    _saved_elsewhere(sid)

    with pytest.raises(ConflictError) as caught:
        record_change(loaded, Audit("noted", "A note on the session."))

    assert caught.value.clash is Clash.SESSION
    db.session.rollback()
    assert audit(sid) == entries


def test_an_unchecked_change_after_another_forgets_the_replay_it_does_not_include(evening):
    sid = evening
    loaded = sessions.load_session(sid)
    version, _ = stored_version(sid)
    _saved_elsewhere(sid)

    with unit_of_work():
        record_change(loaded, None, checked=False, rewrites=False)

    assert stored_version(sid)[0] == version + 2
    assert memory(sid) is None  # the other change is not in this replay: nothing kept


def test_a_new_session_keeps_its_first_version_and_is_remembered_once_committed(app):
    with app.app_context():
        replays.forget()
        with unit_of_work():
            row = sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0)
            sid = row.id
            assert memory(sid) is None

        assert stored_version(sid) == (1, 0)
        assert [action for action, _ in audit(sid)] == ["started"]
        remembered = memory(sid)
        assert remembered is not None
        assert (remembered.version, remembered.events) == (1, ())
        assert named(remembered.state.seated) == tuple(FOUR)
