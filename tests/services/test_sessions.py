"""Sessions: started with checked options and seats, loaded by replaying, listed, ended."""

from __future__ import annotations

import pytest
from naming import ids_by_name, named
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, GameSession, Player, Table
from scorekeeper.rules.errors import Part, RuleError, RuleErrors, Where, option
from scorekeeper.services import sessions
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import save_hand
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.tables import add_player, default_table
from scorekeeper.services.unit_of_work import unit_of_work


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def start(table, system="brooklyn", names=("Ann", "Bob", "Cal"), first=0, **options):
    return sessions.create_session(table, {"system": system, **options}, list(names), first)


def players_on_roster() -> list[str]:
    return sorted(db.session.scalars(select(Player.name)))


def test_a_session_seats_its_players_clockwise_and_adds_new_names_to_the_roster(table):
    add_player(table, "Bob")

    row = start(table, names=("Ann", " bob ", "Cal"), first=2)

    assert [seat.player.name for seat in row.seats] == ["Ann", "Bob", "Cal"]  # Bob reused
    assert [seat.position for seat in row.seats] == [0, 1, 2]
    assert row.first_dealer.name == "Cal"
    assert players_on_roster() == ["Ann", "Bob", "Cal"]


def test_a_session_keeps_its_options_in_full_points_without_the_system(table):
    row = start(table, "bison", target=1000, game_stake=100)

    assert row.system == "bison"
    assert "system" not in row.options
    assert row.options["target"] == 1000
    assert row.options["game_stake"] == 100
    assert sessions.load_session(row.id, table).options.target == 1000


def test_starting_a_session_leaves_an_audit_entry(table):
    row = start(table, names=("Ann", "Bob", "Cal"), first=1)

    entry = db.session.scalar(select(AuditEntry).where(AuditEntry.session_id == row.id))

    assert entry.action == "started"
    assert entry.summary == ("Session started: Brooklyn (chips), Ann, Bob, Cal; Bob deals first.")


@pytest.mark.parametrize(
    ("system", "names", "first", "options", "where"),
    [
        ("brooklyn", ("Ann", "Bob"), 0, {}, Where(Part.PLAYERS)),
        ("brooklyn", ("Ann", "Bob", "ann"), 0, {}, Where(Part.PLAYERS, "ann", 2)),
        ("brooklyn", ("Ann", "Bob", "Cal"), 3, {}, Where(Part.FIRST_DEALER)),
        ("brooklyn", ("Ann", "Bob", "Cal"), 0, {"scale": 10}, option("scale")),
        ("brooklyn-pot", ("Ann", "Bob", "Cal"), 0, {"ante": 27}, option("ante")),
        ("bison", ("Ann", "Bob", "Cal", "Dee"), 0, {}, Where(Part.PLAYERS)),
        ("hoyle", ("Ann", "Bob", "Cal"), 0, {"target": 1500}, option("target")),
        ("brooklyn", ("Ann", "Bob", "C" * 41), 0, {}, Where(Part.PLAYERS, seat=2)),
    ],
    ids=[
        "too few players", "a name twice", "no such first dealer", "scale 10 with classic",
        "ante not whole units", "four at bison", "an option of another system", "a name too long",
    ],
)  # fmt: skip
def test_a_session_that_cannot_be_played_is_refused_and_nothing_is_saved(
    table, system, names, first, options, where
):
    with pytest.raises(RuleError) as caught:
        start(table, system, names, first, **options)

    assert caught.value.where == where
    assert db.session.scalar(select(func.count(GameSession.id))) == 0
    assert players_on_roster() == []


def test_loading_replays_the_stored_hands(table):
    row = start(table, names=("Ann", "Bob", "Cal"))
    loaded = sessions.load_session(row.id, table)
    # Ann deals; Bob makes 350 in hearts: 2 units from each of Ann and Cal (350-380 pays 2).
    save_hand(
        loaded, HandEntry(outcome="made", declarer=ids_by_name(loaded)["Bob"], bid=350, trump="H")
    )

    again = sessions.load_session(row.id, table)

    assert len(again.state.hands) == 1
    assert named(dict(again.state.balances)) == {"Ann": -2, "Bob": 4, "Cal": -2}
    assert named(again.state.next_hand.dealer) == "Bob"
    assert named(again.players) == {ids_by_name(again)[n]: n for n in ("Ann", "Bob", "Cal")}


@pytest.mark.parametrize("number", [0, 2, 3], ids=["hand 0", "one past the last", "two past"])
def test_a_hand_the_session_does_not_have_is_not_found_and_says_how_many_it_has(table, number):
    row = start(table, names=("Ann", "Bob", "Cal"))
    loaded = sessions.load_session(row.id, table)
    save_hand(
        loaded, HandEntry(outcome="made", declarer=ids_by_name(loaded)["Bob"], bid=350, trump="H")
    )
    again = sessions.load_session(row.id, table)

    assert named(again.hand(1).result.declarer) == "Bob"
    with pytest.raises(NotFound) as caught:
        again.hand(number)
    assert str(caught.value) == f"Session {row.id} has no hand {number}: it has 1."


def test_a_session_of_another_table_or_none_at_all_is_not_found(table):
    row = start(table)
    other = Table(name="Next door")
    with unit_of_work():
        db.session.add(other)

    with pytest.raises(NotFound):
        sessions.load_session(row.id, other)
    with pytest.raises(NotFound):
        sessions.load_session(row.id + 1, table)
    with pytest.raises(NotFound):
        sessions.session_stamp(row.id + 1, table)
    with pytest.raises(NotFound):
        sessions.session_stamp(row.id, other)


def test_sessions_are_listed_newest_first_and_the_newest_open_one_is_current(table):
    first = start(table, names=("Ann", "Bob", "Cal"))
    second = start(table, "bison", names=("Ann", "Bob", "Cal"))

    assert [s.id for s in sessions.list_sessions(table)] == [second.id, first.id]
    assert sessions.current_session(table).id == second.id

    sessions.end_session(sessions.load_session(second.id, table))

    assert sessions.current_session(table).id == first.id


def test_ending_and_reopening_mark_the_session_changed(table):
    row = start(table)
    stamps = [sessions.session_stamp(row.id, table)]

    sessions.end_session(sessions.load_session(row.id, table))

    assert sessions.load_session(row.id, table).row.ended_at is not None
    stamps.append(sessions.session_stamp(row.id, table))

    sessions.reopen_session(sessions.load_session(row.id, table))

    assert sessions.load_session(row.id, table).row.ended_at is None
    stamps.append(sessions.session_stamp(row.id, table))
    assert [stamp.rsplit("-", 1)[1] for stamp in stamps] == ["1", "2", "3"]
    assert len(set(stamps)) == 3


def test_hand_counts_count_hands_not_players_leaving(table):
    from scorekeeper.services.hands import player_leaves

    row = start(table, "hoyle", names=("Ann", "Bob", "Cal", "Dee"))
    loaded = sessions.load_session(row.id, table)
    # Ann deals and sits out; Bob, first to bid, forfeits the compulsory 300.
    save_hand(loaded, HandEntry(outcome="forfeit", declarer=ids_by_name(loaded)["Bob"], bid=300))
    loaded = sessions.load_session(row.id, table)
    player_leaves(loaded, ids_by_name(loaded)["Dee"])

    assert sessions.hand_counts(table) == {row.id: 1}


def test_two_spellings_of_one_name_are_one_player_seated_twice(table):
    before = db.session.scalar(select(func.count()).select_from(Player))
    with pytest.raises(RuleError) as error:
        sessions.create_session(table, {"system": "brooklyn"}, ["Ann  Lee", "Ann Lee", "Bob"], 0)
    assert error.value.where == Where(Part.PLAYERS, "Ann Lee", 1)
    assert "Ann Lee is seated twice" in error.value.rule
    assert db.session.scalar(select(func.count()).select_from(Player)) == before


@pytest.mark.parametrize(
    ("first", "again"),
    [
        pytest.param("ÉLODIE", "Élodie", id="a non-ascii capital"),
        pytest.param("Zo\u00eb", "ZOE\u0308", id="composed then decomposed"),
        pytest.param("Zoe\u0308", "zo\u00eb", id="decomposed then composed"),
    ],
)
def test_a_name_typed_again_in_another_form_is_the_same_player(table, first, again):
    one = start(table, names=(first, "Bob", "Cy"))
    two = start(table, names=(again, "Bob", "Cy"))

    assert one.seats[0].player_id == two.seats[0].player_id
    assert two.seats[0].player.name == first  # kept as first typed
    assert players_on_roster() == sorted([first, "Bob", "Cy"])


def test_a_broken_option_a_long_name_and_no_first_dealer_are_refused_together(table):
    with pytest.raises(RuleErrors) as caught:
        start(table, "brooklyn-pot", ("Ann", "B" * 41, "Cal"), 5, ante=27)

    assert [(e.where, e.rule) for e in caught.value.each][1:] == [
        (Where(Part.PLAYERS, seat=1), "A name is at most 40 characters."),
        (Where(Part.FIRST_DEALER), "Choose who deals first."),
    ]
    assert caught.value.each[0].where == option("ante")
    assert players_on_roster() == []
