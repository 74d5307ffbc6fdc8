"""The per-process replay memory (services.replays): used as it is when the session has not
changed, caught up with the events added since when nothing stored was rewritten, replayed
again otherwise.

Another worker is played here by putting back what this worker remembered before a change:
the memory then holds an older version of the session, as a worker that did not make the
change does. Brooklyn, four players, Ann deals first; the player to the dealer's right sits
out but pays and is paid as an opponent (RULES section 5).
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named

from scorekeeper.extensions import db
from scorekeeper.services import hands, replays, sessions
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

FOUR = ["Ann", "Bob", "Cal", "Dee"]


@pytest.fixture
def evening(app, monkeypatch):
    """A session with hand 1 (Bob made 350 in hearts), remembered at that version; and the
    ``after`` argument of every read of stored events, in order."""
    with app.app_context():
        replays.forget()
        with unit_of_work():
            sid = sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0).id
        ids = ids_by_name(sessions.load_session(sid))
        with unit_of_work():
            add(sid, outcome="made", declarer=ids["Bob"], bid=350, trump="H")
        reads: list[int | None] = []
        stored_events = sessions.stored_events

        def counted(session_id, players, options, after=None):
            reads.append(after)
            return stored_events(session_id, players, options, after)

        monkeypatch.setattr(sessions, "stored_events", counted)
        yield sid, ids, reads


def add(sid: int, **fields) -> None:
    hands.save_hand(sessions.load_session(sid), HandEntry(**fields))


def remembered(sid: int) -> replays.Replayed:
    entry = replays._memory.get(sid)
    assert entry is not None
    return entry


def as_another_worker(sid: int, entry: replays.Replayed) -> None:
    """The memory as a worker that remembered ``entry`` and saw nothing since holds it."""
    replays._memory.put(sid, entry)


def fresh(sid: int) -> dict[str, int]:
    """The balances replayed from the stored rows alone, by name."""
    replays.forget()
    db.session.remove()
    return named(dict(sessions.load_session(sid).state.balances))


def test_a_replay_remembered_before_hands_were_added_reads_only_the_new_ones(evening):
    sid, ids, reads = evening
    older = remembered(sid)
    with unit_of_work():  # on another worker: hand 2, hand 3, then Dee leaves
        # 2. Bob deals, Ann sits out. Cal makes 400 in spades: 4 x 2 = 8 from each other.
        add(sid, outcome="made", declarer=ids["Cal"], bid=400, trump="S")
    with unit_of_work():
        # 3. Cal deals, Bob sits out. Dee is set at 300 in clubs: 2 x 1 = 2 to each other.
        add(sid, outcome="set", declarer=ids["Dee"], bid=300, trump="C")
    with unit_of_work():
        hands.player_leaves(sessions.load_session(sid), ids["Dee"])
    as_another_worker(sid, older)
    reads.clear()

    loaded = sessions.load_session(sid)

    assert reads == [older.hand_ids[-1]]  # only the events after hand 1 were read
    # Ann -2 - 8 + 2, Bob 6 - 8 + 2, Cal -2 + 24 + 2, Dee -2 - 8 - 6.
    balances = {"Ann": -8, "Bob": 0, "Cal": 24, "Dee": -16}
    assert named(dict(loaded.state.balances)) == balances
    assert named(loaded.state.seated) == ("Ann", "Bob", "Cal")
    assert len(loaded.events) == 4 and len(loaded.hand_ids) == 4
    assert remembered(sid).version == loaded.row.version  # kept, caught up
    assert fresh(sid) == balances


def test_a_replay_remembered_before_the_session_ended_catches_up_with_nothing_new(evening):
    sid, _, reads = evening
    older = remembered(sid)
    with unit_of_work():
        sessions.end_session(sessions.load_session(sid))
    as_another_worker(sid, older)
    reads.clear()

    loaded = sessions.load_session(sid)

    assert reads == [older.hand_ids[-1]]
    assert loaded.row.ended_at is not None
    assert named(dict(loaded.state.balances)) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


@pytest.mark.parametrize("change", ["edit", "delete", "house rules"])
def test_a_replay_remembered_before_a_stored_hand_or_rule_changed_is_replayed_again(
    evening, change
):
    sid, ids, reads = evening
    older = remembered(sid)
    with unit_of_work():
        loaded = sessions.load_session(sid)
        if change == "edit":  # hand 1 becomes Bob set at 350 in hearts: 2 x 2 to each other
            hands.edit_hand(
                loaded, 1, HandEntry(outcome="set", declarer=ids["Bob"], bid=350, trump="H")
            )
        elif change == "delete":
            hands.delete_hand(loaded, 1)
        else:  # hearts triple: Bob's 350 pays 2 x 3 from each other
            sessions.update_options(loaded, {"system": "brooklyn", "hearts_triple": True})
    as_another_worker(sid, older)
    reads.clear()

    balances = named(dict(sessions.load_session(sid).state.balances))

    assert reads == [None]  # the whole session read again
    expected = {
        "edit": {"Ann": 4, "Bob": -12, "Cal": 4, "Dee": 4},
        "delete": {"Ann": 0, "Bob": 0, "Cal": 0, "Dee": 0},
        "house rules": {"Ann": -6, "Bob": 18, "Cal": -6, "Dee": -6},
    }[change]
    assert balances == expected
    assert fresh(sid) == expected


def test_a_remembered_replay_is_never_replaced_by_an_older_one(evening):
    sid, ids, _ = evening
    older = remembered(sid)
    with unit_of_work():
        add(sid, outcome="made", declarer=ids["Cal"], bid=400, trump="S")
    newer = remembered(sid)

    replays.remember(sid, older)  # a slow request of the old version finishing last

    assert remembered(sid) is newer
