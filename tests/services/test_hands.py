"""Hands: preview, add (idempotent), edit and delete (versioned, checked by replaying), leave.

The table is Ann, Bob, Cal and Dee at Brooklyn unless a test says otherwise; Ann deals first.
With four at Brooklyn the player to the dealer's right sits out: Dee in hand 1 (Ann deals),
Ann in hand 2 (Bob deals), Bob in hand 3 (Cal deals).
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named
from sqlalchemy import func, select, text

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, Hand
from scorekeeper.rules.errors import Part, RuleError, RuleErrors, Where
from scorekeeper.rules.holders import Player
from scorekeeper.services import hands, sessions
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.sessions import Clash
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

FOUR = ("Ann", "Bob", "Cal", "Dee")


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def start(table, system="brooklyn", names=FOUR, **options) -> int:
    return sessions.create_session(table, {"system": system, **options}, list(names), 0).id


def load(table, session_id):
    return sessions.load_session(session_id, table)


def entry(loaded, declarer, bid, trump="H", outcome="made", **more) -> HandEntry:
    return HandEntry(
        outcome=outcome, declarer=ids_by_name(loaded)[declarer], bid=bid, trump=trump, **more
    )


def add(table, session_id, declarer, bid, trump="H", outcome="made", **more):
    loaded = load(table, session_id)
    return hands.save_hand(loaded, entry(loaded, declarer, bid, trump, outcome, **more)).row


def balances(table, session_id) -> dict[str, int]:
    return named(dict(load(table, session_id).state.balances))


def stored_hands(session_id) -> int:
    return db.session.scalar(select(func.count(Hand.id)).where(Hand.session_id == session_id))


def audit(session_id) -> list[str]:
    return list(
        db.session.scalars(
            select(AuditEntry.summary)
            .where(AuditEntry.session_id == session_id)
            .order_by(AuditEntry.id)
        )
    )


# -- preview and add ------------------------------------------------------------------------


def test_a_preview_says_what_the_hand_would_do_and_saves_nothing(table):
    sid = start(table)
    loaded = load(table, sid)

    bob = ids_by_name(loaded)["Bob"]
    typed = HandEntry(
        declarer=bob, bid=350, trump="H", tricks=200, melds={bob: MeldText("number", "150")}
    )

    preview = hands.preview_hand(loaded, typed)

    # 150 meld + 200 tricks = 350 reaches the bid; 350-380 pays 2 from each of 3 opponents.
    assert preview.text == (
        "Bob makes 350 with 150 meld and 200 in tricks: collects 2 chips from each player."
    )
    assert named(dict(preview.result.changes))["Bob"] == 6
    assert stored_hands(sid) == 0


def test_a_preview_refuses_a_broken_rule_naming_the_field(table):
    sid = start(table)
    loaded = load(table, sid)

    with pytest.raises(RuleError) as caught:
        hands.preview_hand(loaded, entry(loaded, "Bob", 340))

    assert caught.value.where == Where(Part.BID)
    assert caught.value.rule == "Bid 340 ends in 40; house rules forbid bids ending in 40 or 90."


def test_a_saved_hand_is_replayed_and_audited(table):
    sid = start(table)

    add(table, sid, "Bob", 350)

    # Bob makes 350 in hearts: 2 units from each of Ann, Cal and Dee (Dee sits out but pays).
    assert balances(table, sid) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}
    assert audit(sid)[-1] == "Hand 1 added: Bob makes 350: collects 2 chips from each player."


def test_the_same_request_saved_twice_is_one_hand(table):
    sid = start(table)
    loaded = load(table, sid)
    first = hands.save_hand(loaded, entry(loaded, "Bob", 350), request_id="phone-1-hand-1").row

    again = hands.save_hand(load(table, sid), entry(loaded, "Bob", 350), "phone-1-hand-1").row

    assert again.id == first.id
    assert stored_hands(sid) == 1
    assert balances(table, sid)["Bob"] == 6


def test_a_form_for_a_hand_already_saved_elsewhere_is_a_conflict(table):
    sid = start(table)
    add(table, sid, "Bob", 350)  # another phone saved hand 1
    loaded = load(table, sid)

    with pytest.raises(hands.ConflictError) as caught:
        hands.save_hand(loaded, entry(loaded, "Cal", 300), "phone-2", expected_number=1)

    assert caught.value.message == (
        "Hand 1 was just saved from another phone. Check the standings: if this is a different "
        "hand, save it again."
    )
    assert stored_hands(sid) == 1


def test_two_hands_saved_elsewhere_name_the_latest(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    add(table, sid, "Cal", 300)
    loaded = load(table, sid)

    with pytest.raises(hands.ConflictError) as caught:
        hands.save_hand(loaded, entry(loaded, "Dee", 300), expected_number=2)

    assert caught.value.message.startswith("Hand 2 was just saved from another phone.")


def test_a_form_older_than_a_deletion_is_a_conflict_too(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    add(table, sid, "Bob", 300, outcome="set")  # hand 2: Bob deals and may declare
    hands.delete_hand(load(table, sid), 2)
    loaded = load(table, sid)

    with pytest.raises(hands.ConflictError) as caught:
        hands.save_hand(loaded, entry(loaded, "Cal", 300), expected_number=3)

    assert "deleted on another phone, so this is now hand 2" in caught.value.message


def test_an_ended_session_takes_no_hands(table):
    sid = start(table)
    sessions.end_session(load(table, sid))
    loaded = load(table, sid)

    with pytest.raises(hands.SessionEnded):
        hands.save_hand(loaded, entry(loaded, "Bob", 350))

    assert stored_hands(sid) == 0


def test_a_rule_broken_by_a_players_meld_is_placed_at_that_players_meld(table):
    sid = start(table, "bison", ("Ann", "Bob", "Cal"))
    loaded = load(table, sid)
    cal = ids_by_name(loaded)["Cal"]

    with pytest.raises(RuleError) as caught:
        hands.save_hand(
            loaded,
            HandEntry(
                declarer=ids_by_name(loaded)["Bob"], bid=250, trump="S",
                melds={cal: MeldText("number", "35")},
                takes={ids_by_name(loaded)["Bob"]: 12, cal: 12}, last_trick=cal,
            ),
        )  # fmt: skip

    assert caught.value.where == Where(Part.MELD, Player(cal, "Cal"))
    assert "35" in caught.value.rule
    assert stored_hands(sid) == 0


# -- edit -----------------------------------------------------------------------------------


def test_editing_an_earlier_hand_recomputes_everything_after_it(table):
    sid = start(table)
    add(table, sid, "Bob", 350)  # hand 1, Ann deals: Bob +6, the others -2
    add(table, sid, "Dee", 300, trump="S")  # hand 2, Bob deals: spades 1 x 2 = 2 from each
    assert balances(table, sid) == {"Ann": -4, "Bob": 4, "Cal": -4, "Dee": 4}
    loaded = load(table, sid)

    hands.edit_hand(loaded, 1, entry(loaded, "Bob", 400), version=2)  # saved at version 2

    # Hand 1 now pays 4 (400-430) from each: Bob +12, the others -4; hand 2 unchanged.
    assert balances(table, sid) == {"Ann": -6, "Bob": 10, "Cal": -6, "Dee": 2}
    assert audit(sid)[-1] == (
        "Hand 1 edited: bid 350 → 400. Now: Bob makes 400: collects 4 chips from each player."
    )


def test_an_edit_names_each_changed_field(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    loaded = load(table, sid)

    hands.edit_hand(loaded, 1, entry(loaded, "Cal", 350, trump="C", outcome="set"))

    assert audit(sid)[-1].startswith(
        "Hand 1 edited: outcome made → set, declarer Bob → Cal, trump H → C. Now: Cal is set"
    )


def test_an_edit_from_a_stale_form_is_refused(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    loaded = load(table, sid)
    hands.edit_hand(loaded, 1, entry(loaded, "Bob", 400), version=2)  # the other phone
    loaded = load(table, sid)

    with pytest.raises(hands.ConflictError) as caught:  # the form opened on version 2
        hands.edit_hand(loaded, 1, entry(loaded, "Bob", 380), version=2)

    assert caught.value.clash is Clash.VERSION
    assert "changed on another phone" in caught.value.message
    assert balances(table, sid)["Bob"] == 12  # still the other phone's 400


def test_an_edit_that_breaks_the_hand_itself_names_its_field(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    loaded = load(table, sid)

    with pytest.raises(RuleError) as caught:
        hands.edit_hand(loaded, 1, entry(loaded, "Dee", 350))

    assert caught.value.where == Where(Part.DECLARER, Player(ids_by_name(loaded)["Dee"], "Dee"))
    assert caught.value.rule == "Dee sits out this hand; the declarer is one of Bob, Cal, Ann."


def test_an_edit_that_would_break_a_later_hand_is_refused_and_changes_nothing(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    add(table, sid, "Dee", 300, trump="S")  # Bob deals hand 2, so Dee plays
    loaded = load(table, sid)

    # A misdeal keeps Ann dealing, so hand 2 would be Ann's deal, where Dee sits out.
    with pytest.raises(hands.ConflictError) as caught:
        hands.edit_hand(loaded, 1, HandEntry(outcome="misdeal"))

    assert caught.value.message == (
        "That change would break hand 2: Dee sits out this hand; the declarer is one of Bob, "
        "Cal, Ann. Fix or delete that hand first."
    )
    assert balances(table, sid) == {"Ann": -4, "Bob": 4, "Cal": -4, "Dee": 4}


# -- delete ---------------------------------------------------------------------------------


def test_deleting_a_hand_replays_the_rest_with_new_dealers(table):
    sid = start(table)
    add(table, sid, "Bob", 350)  # hand 1, Ann deals
    add(table, sid, "Cal", 300)  # hand 2, Bob deals: Cal +3, the others -1
    loaded = load(table, sid)

    hands.delete_hand(loaded, 1, version=2)  # hand 1 was saved at the session's version 2

    state = load(table, sid).state
    assert len(state.hands) == 1
    assert named(state.hands[0].dealer) == "Ann"  # Cal's hand is now Ann's deal
    assert named(dict(state.balances)) == {"Ann": -1, "Bob": -1, "Cal": 3, "Dee": -1}
    assert named(state.next_hand.dealer) == "Bob"
    assert audit(sid)[-1] == (
        "Hand 1 deleted (was: Bob makes 350: collects 2 chips from each player.)"
    )


def test_an_undo_is_recorded_as_undone_not_deleted(table):
    sid = start(table)
    add(table, sid, "Bob", 350)  # hand 1, Ann deals: 2 from each of the three others
    add(table, sid, "Cal", 300)  # hand 2, Bob deals: Cal +3, the others -1

    hands.delete_hand(load(table, sid), 2, undo=True)

    assert balances(table, sid) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}
    assert audit(sid)[-1] == (
        "Hand 2 undone (was: Cal makes 300: collects 1 chip from each player.)"
    )
    assert db.session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()[-1] == (
        "undone"
    )


def test_a_delete_that_would_break_a_later_hand_is_refused(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    add(table, sid, "Dee", 300, trump="S")  # only possible because Bob deals hand 2

    with pytest.raises(hands.ConflictError) as caught:
        hands.delete_hand(load(table, sid), 1)

    assert caught.value.message == (
        "That change would break hand 2: Dee sits out this hand; the declarer is one of Bob, "
        "Cal, Ann. Fix or delete that hand first."
    )
    assert stored_hands(sid) == 2


def test_a_hand_is_at_the_sessions_version_that_saved_or_corrected_it(table):
    sid = start(table)  # version 1
    add(table, sid, "Bob", 350)  # hand 1: version 2
    add(table, sid, "Cal", 300)  # hand 2: version 3
    loaded = load(table, sid)
    hands.edit_hand(loaded, 1, entry(loaded, "Bob", 400))  # hand 1: version 4
    hands.delete_hand(load(table, sid), 2)  # version 5; hand 2 gone
    add(table, sid, "Cal", 300)  # hand 2 again, stored in the same place: version 6

    rows = db.session.scalars(select(Hand).where(Hand.session_id == sid).order_by(Hand.seq))

    assert [(row.seq, row.version) for row in rows] == [(1, 4), (2, 6)]


def test_a_delete_from_a_stale_page_is_refused(table):
    sid = start(table)
    add(table, sid, "Bob", 350)
    loaded = load(table, sid)
    hands.edit_hand(loaded, 1, entry(loaded, "Bob", 400), version=2)

    with pytest.raises(hands.ConflictError):  # the page opened on version 2; it is now 3
        hands.delete_hand(load(table, sid), 1, version=2)

    assert stored_hands(sid) == 1


# -- leaving --------------------------------------------------------------------------------


def test_a_player_leaving_hoyle_is_paid_their_share_of_the_kitty(table):
    sid = start(table, "hoyle")
    # Ann deals and sits out. Bob is set at 350 in hearts: the kitty joins at 350, so Bob pays
    # 2 x 5 = 10 to each of Ann, Cal, Dee and the kitty.
    add(table, sid, "Bob", 350, outcome="set")
    loaded = load(table, sid)

    hands.player_leaves(loaded, ids_by_name(loaded)["Dee"])

    # Dee's share: 10 in the kitty // 4 owners = 2.
    state = load(table, sid).state
    assert named(dict(state.balances)) == {"Ann": 10, "Bob": -40, "Cal": 10, "Dee": 12}
    assert state.kitty == 8
    assert named(state.seated) == ("Ann", "Bob", "Cal")
    assert audit(sid)[-1] == "Dee left the table after hand 1."


def test_nobody_leaves_a_bison_game(table):
    sid = start(table, "bison", ("Ann", "Bob", "Cal"))
    loaded = load(table, sid)

    with pytest.raises(RuleError) as caught:
        hands.player_leaves(loaded, ids_by_name(loaded)["Cal"])

    assert "needs all its players" in caught.value.rule
    assert stored_hands(sid) == 0


def test_a_stranger_cannot_leave(table):
    sid = start(table)

    with pytest.raises(RuleError) as caught:
        hands.player_leaves(load(table, sid), 9999)

    assert caught.value.where == Where(Part.LEAVER)


def test_three_players_must_stay(table):
    sid = start(table, "brooklyn", ("Ann", "Bob", "Cal"))
    loaded = load(table, sid)

    with pytest.raises(RuleError) as caught:
        hands.player_leaves(loaded, ids_by_name(loaded)["Ann"])

    assert caught.value.rule == "Three players must stay at the table."


def test_editing_a_bison_hand_updates_kept_meld_and_drops_removed_meld(table):
    from scorekeeper.models import HandMeld, HandTake

    sid = start(table, "bison", ("Ann", "Bob", "Cal"))
    loaded = load(table, sid)
    ids = ids_by_name(loaded)
    melds = {ids["Ann"]: MeldText("number", "60"), ids["Bob"]: MeldText("number", "190"),
             ids["Cal"]: MeldText("number", "40")}  # fmt: skip
    takes = {ids["Ann"]: 0, ids["Bob"]: 14, ids["Cal"]: 10}
    hands.save_hand(
        loaded, entry(loaded, "Bob", 300, outcome=None, melds=melds, takes=takes,
                      last_trick=ids["Bob"]),
    )  # fmt: skip
    # Bob 190 + 14 counters x 10 + last trick 10 = 340 makes 300; Cal 40 + 100 = 140;
    # Ann took no counter and scores nothing.
    assert balances(table, sid) == {"Ann": 0, "Bob": 340, "Cal": 140}

    loaded = load(table, sid)
    corrected = {ids["Bob"]: MeldText("claims", "run, pinochle"), ids["Cal"]: melds[ids["Cal"]]}
    hands.edit_hand(
        loaded, 1, entry(loaded, "Bob", 300, outcome=None, melds=corrected,
                         takes={ids["Ann"]: 2, ids["Bob"]: 12, ids["Cal"]: 10},
                         last_trick=ids["Bob"]),
    )  # fmt: skip
    # Bob: run 150 + pinochle 40 = 190, and 12 x 10 + 10 = 130: 320. Cal 40 + 100 = 140.
    # Ann: no meld now, 2 counters = 20.
    assert balances(table, sid) == {"Ann": 20, "Bob": 320, "Cal": 140}
    rows = {m.player_id: (m.mode, m.entry) for m in db.session.scalars(select(HandMeld))}
    assert rows == {ids["Bob"]: ("claims", "run, pinochle"), ids["Cal"]: ("number", "40")}
    assert db.session.scalar(select(func.count(HandTake.id))) == 3


# -- a change worked out from a session another worker has changed since ---------------------


def _saved_elsewhere(session_id: int) -> None:
    """Another worker's save, committed after this one loaded the session: the version moves
    in the database, not in the row this one holds."""
    db.session.execute(
        text("UPDATE sessions SET version = version + 1 WHERE id = :id"), {"id": session_id}
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda loaded: hands.edit_hand(loaded, 1, entry(loaded, "Bob", 360)),
        lambda loaded: hands.delete_hand(loaded, 1),
        lambda loaded: hands.player_leaves(loaded, ids_by_name(loaded)["Dee"]),
        lambda loaded: sessions.update_options(
            loaded, {**loaded.options.to_dict(), "set_factor": 3}
        ),
    ],
    ids=["edit", "delete", "a player leaving", "house rules"],
)
def test_a_change_worked_out_from_a_session_changed_since_is_a_conflict(table, change):
    sid = start(table)
    add(table, sid, "Bob", 350)
    loaded = load(table, sid)
    _saved_elsewhere(sid)

    with pytest.raises(sessions.ConflictError, match="Another phone changed this session"):
        change(loaded)


def test_a_hand_saved_against_a_session_changed_since_is_a_conflict(table):
    with unit_of_work():  # the session is saved; the save that loses the race is rolled back
        sid = start(table)
    loaded = load(table, sid)
    _saved_elsewhere(sid)

    with pytest.raises(hands.ConflictError):
        hands.save_hand(loaded, entry(loaded, "Bob", 350))
    assert stored_hands(sid) == 0


def test_ending_a_session_does_not_depend_on_its_hands(table):
    sid = start(table)
    loaded = load(table, sid)
    _saved_elsewhere(sid)

    sessions.end_session(loaded)

    assert load(table, sid).row.ended_at is not None


def test_a_hand_breaking_two_rules_is_refused_with_both_and_nothing_is_saved(table):
    sid = start(table)
    loaded = load(table, sid)
    bob = ids_by_name(loaded)["Bob"]
    impossible = {bob: MeldText("number", "15")}

    with pytest.raises(RuleErrors) as caught:
        hands.save_hand(
            loaded, entry(loaded, "Bob", 350, outcome=None, melds=impossible, tricks=255)
        )

    assert [(e.where, e.rule) for e in caught.value.each] == [
        (
            Where(Part.MELD, Player(bob, "Bob")),
            "Meld 15 is impossible: every meld is worth a multiple of 10.",
        ),
        (Where(Part.TRICKS), "Trick points run from 0 to 250; 255 is outside."),
    ]
    assert stored_hands(sid) == 0
