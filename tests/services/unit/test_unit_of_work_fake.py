"""``with unit_of_work():`` on the installed (fake) unit of work, as the views' services use
it: a block that finishes commits it and runs its after-commit work; a block that raises
rolls back everything it wrote and drops that work.

Ann, Bob and Cal at Brooklyn, Ann dealing: Bob making 350 in hearts collects 2 chips from
each of the others (RULES 5.4), so Bob +4, Ann and Cal -2.
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named

from scorekeeper.rules.errors import RuleError
from scorekeeper.services import hands, sessions
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.unit_of_work import after_commit, unit_of_work


@pytest.fixture
def session_id(uow, table) -> int:
    row = sessions.create_session(table, {"system": "brooklyn"}, ["Ann", "Bob", "Cal"], 0)
    uow.commit()
    return row.id


def bob_makes(loaded, bid: int) -> HandEntry:
    return HandEntry(outcome="made", declarer=ids_by_name(loaded)["Bob"], bid=bid, trump="H")


def test_a_block_that_finishes_commits_and_then_runs_its_after_commit_work(uow, table, session_id):
    told: list[str] = []
    committed = uow.committed

    with unit_of_work():
        loaded = sessions.load_session(session_id, table)
        hands.save_hand(loaded, bob_makes(loaded, 350))
        after_commit(lambda: told.append("saved"))
        assert told == []  # not before the commit

    assert uow.committed == committed + 1
    assert told == ["saved"]
    state = sessions.load_session(session_id, table).state
    assert named(dict(state.balances)) == {"Ann": -2, "Bob": 4, "Cal": -2}


def test_a_block_that_raises_rolls_back_what_it_wrote_and_drops_its_work(uow, table, session_id):
    told: list[str] = []

    with pytest.raises(RuleError, match="Bid 340 ends in 40"), unit_of_work():
        loaded = sessions.load_session(session_id, table)
        hands.save_hand(loaded, bob_makes(loaded, 350))
        after_commit(lambda: told.append("saved"))
        again = sessions.load_session(session_id, table)
        hands.save_hand(again, bob_makes(again, 340))  # Brooklyn forbids bids ending in 40

    assert told == []
    assert uow.sessions.hands == {}
    loaded = sessions.load_session(session_id, table)
    assert loaded.state.hands == ()
    assert [e.action for e in sessions.audit_trail(session_id)] == ["started"]
