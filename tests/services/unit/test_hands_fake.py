"""The hand service on the fake unit of work (no app, no database): hands saved, corrected
and deleted, a repeated request saved once, the conflicts, and the figures replayed.

Ann, Bob, Cal and Dee at Brooklyn, Ann dealing first (RULES section 5): schedule `brooklyn`
(300-340: 1 chip, 350-390: 2), spades double, a set pays twice; "each opponent" is every
player but the declarer, the one sitting out too. So Bob making 300 in spades collects
1 x 2 = 2 chips from each of the three others (+6), Cal making 350 in hearts collects 2 from
each (+6), and Dee set at 300 in hearts pays each of the others 2 x 1 = 2 (-6). After the
three: Ann -2 - 2 + 2 = -2, Bob +6 - 2 + 2 = 6, Cal -2 + 6 + 2 = 6, Dee -2 - 2 - 6 = -10.
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named

from scorekeeper.rules.errors import Part, RuleError, Where
from scorekeeper.rules.holders import Player
from scorekeeper.services import hands, sessions
from scorekeeper.services.changes import Clash, ConflictError
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.keyset import Page
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.repository import SavedMeanwhile

FOUR = ["Ann", "Bob", "Cal", "Dee"]


@pytest.fixture
def session_id(uow, table) -> int:
    row = sessions.create_session(table, {"system": "brooklyn"}, FOUR, 0)
    uow.commit()
    return row.id


def load(table, session_id):
    return sessions.load_session(session_id, table)


def entry(loaded, declarer: str, bid: int, trump: str, outcome: str = "made") -> HandEntry:
    return HandEntry(outcome=outcome, declarer=ids_by_name(loaded)[declarer], bid=bid, trump=trump)


def save(uow, table, session_id, declarer, bid, trump, outcome="made", request_id=None):
    loaded = load(table, session_id)
    saved = hands.save_hand(loaded, entry(loaded, declarer, bid, trump, outcome), request_id)
    uow.commit()
    return saved


def balances(table, session_id) -> dict[str, int]:
    return named(dict(load(table, session_id).state.balances))


def test_hands_saved_are_replayed_into_the_standings(uow, table, session_id):
    first = save(uow, table, session_id, "Bob", 300, "S")
    save(uow, table, session_id, "Cal", 350, "H")
    save(uow, table, session_id, "Dee", 300, "H", "set")

    assert first.number == 1 and first.text.startswith("Bob makes 300")
    assert balances(table, session_id) == {"Ann": -2, "Bob": 6, "Cal": 6, "Dee": -10}
    # Ann, then Bob, then Cal deal; with four the player on the dealer's right sits out
    dealt = [(str(h.dealer), named(h.sitting_out)) for h in load(table, session_id).state.hands]
    assert dealt == [("Ann", ("Dee",)), ("Bob", ("Ann",)), ("Cal", ("Bob",))]
    assert [h.seq for h in uow.sessions.stored_hands(session_id, None)] == [1, 2, 3]
    assert sessions.hand_counts(table) == {session_id: 3}


def test_each_change_moves_the_version_once_and_is_written_in_the_history(uow, table, session_id):
    save(uow, table, session_id, "Bob", 300, "S")

    row = load(table, session_id).row
    assert row.version == 2 and row.rewritten == 0  # a hand added rewrites nothing
    assert uow.sessions.announced == [(session_id, 2)]
    assert uow.sessions.tallies[session_id] == (2, True)
    (added, _started) = sessions.audit_trail(session_id)
    assert (added.action, added.hand_number) == ("added", 1)
    assert added.summary.startswith("Hand 1 added: Bob makes 300")


def test_a_hand_corrected_changes_every_figure_after_it(uow, table, session_id):
    save(uow, table, session_id, "Bob", 300, "S")
    save(uow, table, session_id, "Cal", 350, "H")
    loaded = load(table, session_id)
    row = loaded.event_row(loaded.hand(1).position)

    # Bob's hand was hearts, not spades: 1 chip from each, not 2
    after = hands.edit_hand(loaded, 1, entry(loaded, "Bob", 300, "H"), row.version, row.id)
    uow.commit()

    assert named(dict(after.state.balances)) == {"Ann": -3, "Bob": 1, "Cal": 5, "Dee": -3}
    assert balances(table, session_id) == {"Ann": -3, "Bob": 1, "Cal": 5, "Dee": -3}
    assert row.trump == "H" and row.version == 4  # the session's version after the edit
    assert load(table, session_id).row.rewritten == 4  # replays remembered start again
    edited = sessions.audit_trail(session_id)[0]
    assert edited.action == "edited" and "trump S → H" in edited.summary


def test_a_hand_deleted_is_gone_and_the_later_hands_renumbered(uow, table, session_id):
    first = save(uow, table, session_id, "Bob", 300, "S")
    save(uow, table, session_id, "Cal", 350, "H")

    after = hands.delete_hand(load(table, session_id), 1)
    uow.commit()

    assert first.row.id not in uow.sessions.hands
    assert len(after.state.hands) == 1
    assert balances(table, session_id) == {"Ann": -2, "Bob": -2, "Cal": 6, "Dee": -2}
    # the hand left is hand 1 now, still at its stored place
    assert hands.hand_page(load(table, session_id), Page(None, 10)).next is None
    assert uow.sessions.hand_places(session_id) == {after.hand_ids[0]: 2}
    assert sessions.audit_trail(session_id)[0].summary.startswith("Hand 1 deleted (was: Bob")


def test_a_repeated_request_id_saves_the_hand_once(uow, table, session_id):
    first = save(uow, table, session_id, "Bob", 300, "S", request_id="tap-1")
    again = save(uow, table, session_id, "Bob", 300, "S", request_id="tap-1")

    assert not first.repeated and again.repeated and again.matches
    assert again.row is first.row and again.number == 1
    assert len(uow.sessions.hands) == 1
    assert load(table, session_id).row.version == 2
    assert balances(table, session_id) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


def test_an_edit_opened_on_a_stale_version_of_the_hand_is_refused(uow, table, session_id):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)
    row = loaded.event_row(loaded.hand(1).position)
    opened = row.version  # a phone opens hand 1 to correct it
    hands.edit_hand(loaded, 1, entry(loaded, "Bob", 350, "S"), opened, row.id)
    uow.commit()  # another phone corrects it first

    loaded = load(table, session_id)
    with pytest.raises(ConflictError) as refused:
        hands.edit_hand(loaded, 1, entry(loaded, "Bob", 300, "H"), opened, row.id)
    uow.rollback()

    assert refused.value.clash is Clash.VERSION
    assert (row.bid, row.trump) == (350, "S")
    assert balances(table, session_id) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}


def test_a_hand_saved_on_a_session_changed_since_it_was_loaded_is_refused(uow, table, session_id):
    loaded = load(table, session_id)

    uow.sessions.changed_elsewhere(session_id)  # another phone's change, committed
    with pytest.raises(ConflictError) as refused:
        hands.save_hand(loaded, entry(loaded, "Bob", 300, "S"), "tap-1")
    uow.commit()

    assert refused.value.clash is Clash.NEXT_HAND
    assert uow.sessions.hands == {}  # rolled back by the save itself
    assert [e.action for e in sessions.audit_trail(session_id)] == ["started"]
    assert load(table, session_id).row.version == 2


def test_the_next_hand_expected_is_checked(uow, table, session_id):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)

    with pytest.raises(ConflictError) as refused:
        hands.save_hand(loaded, entry(loaded, "Cal", 350, "H"), expected_number=1)

    assert refused.value.clash is Clash.NEXT_HAND
    assert "Hand 1 was just saved from another phone." in refused.value.message


def test_a_player_leaving_is_recorded_once(uow, table, session_id):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)
    dee = ids_by_name(loaded)["Dee"]

    left = hands.player_leaves(loaded, dee, "leave-1")
    uow.commit()
    again = hands.player_leaves(load(table, session_id), dee, "leave-1")

    assert not left.repeated and again.repeated and again.matches and again.row is left.row
    assert [h.kind for h in uow.sessions.stored_hands(session_id, None)] == ["hand", "leave"]
    assert sessions.hand_counts(table) == {session_id: 1}
    assert sessions.audit_trail(session_id)[0].summary == "Dee left the table after hand 1."


def test_only_the_melds_typed_are_broken_down(uow, table, session_id):
    loaded = load(table, session_id)
    bob, cal = ids_by_name(loaded)["Bob"], ids_by_name(loaded)["Cal"]
    typed = HandEntry(
        declarer=bob,
        bid=300,
        trump="H",
        melds={bob: MeldText("cards", "qs jd"), cal: MeldText("cards", "  ")},
    )

    breakdowns = hands.meld_breakdowns(loaded, typed)

    # Bob's queen of spades and jack of diamonds: a pinochle, 40 (RULES 2.2); Cal typed none.
    assert {str(player): score.total for player, score in breakdowns.items()} == {"Bob": 40}


def test_an_edit_with_a_meld_that_is_no_number_is_refused_there_and_changes_nothing(
    uow, table, session_id
):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)
    bob = ids_by_name(loaded)["Bob"]
    typed = HandEntry(
        declarer=bob, bid=300, trump="S", tricks=200, melds={bob: MeldText("number", "lots")}
    )

    with pytest.raises(RuleError) as refused:
        hands.edit_hand(loaded, 1, typed)
    uow.rollback()

    assert refused.value.where == Where(Part.MELD, Player(bob, "Bob"))
    assert refused.value.rule == "Meld 'lots' is not a whole number."
    assert balances(table, session_id) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


def test_a_page_of_hands_read_after_a_hand_was_deleted_elsewhere_is_not_found(
    uow, table, session_id
):
    save(uow, table, session_id, "Bob", 300, "S")
    save(uow, table, session_id, "Cal", 350, "H")
    read_before = load(table, session_id)
    hands.delete_hand(load(table, session_id), 1)  # another phone deletes hand 1
    uow.commit()

    with pytest.raises(NotFound) as refused:
        hands.hand_page(read_before, Page(None, 10))

    assert str(refused.value) == f"Session {session_id} changed while it was read: read it again."


def _saved_before_it_looked(uow, monkeypatch, seq: int) -> None:
    """The next save looks for its request id and its place before another worker's save
    under the same id commits (PostgreSQL: the unique key then waits for that commit)."""
    monkeypatch.setattr(
        uow.sessions, "next_seq_or_saved", lambda session_id, request_id: (seq, None)
    )


def test_the_same_hand_sent_to_two_workers_at_once_is_saved_once(
    uow, table, session_id, monkeypatch
):
    loaded = load(table, session_id)  # the second worker loads the session
    first = save(uow, table, session_id, "Bob", 300, "S", request_id="tap-1")
    _saved_before_it_looked(uow, monkeypatch, seq=1)

    again = hands.save_hand(loaded, entry(loaded, "Bob", 300, "S"), "tap-1")
    uow.commit()

    assert again.repeated and again.matches
    assert (again.row.id, again.number) == (first.row.id, 1)
    assert len(uow.sessions.hands) == 1
    assert balances(table, session_id) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


def test_a_player_leaving_sent_to_two_workers_at_once_is_recorded_once(
    uow, table, session_id, monkeypatch
):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)
    dee = ids_by_name(loaded)["Dee"]
    left = hands.player_leaves(loaded, dee, "leave-1")
    uow.commit()
    _saved_before_it_looked(uow, monkeypatch, seq=2)

    again = hands.player_leaves(loaded, dee, "leave-1")
    uow.commit()

    assert again.repeated and again.matches and again.row is left.row
    assert [h.kind for h in uow.sessions.stored_hands(session_id, None)] == ["hand", "leave"]
    assert [e.summary for e in sessions.audit_trail(session_id)].count(
        "Dee left the table after hand 1."
    ) == 1


def test_a_player_leaving_whose_place_a_hand_took_meanwhile_records_nothing(
    uow, table, session_id, monkeypatch
):
    save(uow, table, session_id, "Bob", 300, "S")
    loaded = load(table, session_id)
    save(uow, table, session_id, "Cal", 350, "H")  # another phone's hand 2 takes place 2
    _saved_before_it_looked(uow, monkeypatch, seq=2)

    with pytest.raises(SavedMeanwhile):
        hands.player_leaves(loaded, ids_by_name(loaded)["Dee"])

    assert [h.kind for h in uow.sessions.stored_hands(session_id, None)] == ["hand", "hand"]
    assert named(load(table, session_id).state.seated) == ("Ann", "Bob", "Cal", "Dee")
