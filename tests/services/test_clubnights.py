"""A club night through the services: settings checked, players added, rounds paired with a
session at each card table, standings replayed from those sessions, settings changed without
losing a hand. Figures worked out by hand (partnership, scale 1, tables of four in two teams):

Round 1 (rotating partners, players in the order they joined): Ann & Bob v Cal & Dee at table
1 (seats Ann, Cal, Bob, Dee), Eve & Fay v Gus & Hal at table 2.
- Table 1: Ann bids 250 in hearts, melds 300, and her side takes 200 of the 250 in tricks:
  500, the round's 500 points reached, so Ann & Bob win 500 to 50 (Cal & Dee's 50 in tricks).
- Table 2: Eve bids 250 in spades, melds 100, takes 150: 250; Gus melds 60 and his side takes
  100: 160. Time is called: Eve & Fay win 250 to 160.
Standings: Ann, Bob 1 win 500; Eve, Fay 1 win 250; Gus, Hal 0 wins 160; Cal, Dee 0 wins 50.
Round 2, Swiss after the movement is changed (order Ann, Bob, Eve, Fay, Gus, Hal, Cal, Dee):
Ann takes Eve (no meeting), Gus (1, before Cal and Dee), Cal (1): Ann & Cal v Eve & Gus (the
split with no repeat); Bob takes Fay, Hal, Dee: Bob & Dee v Fay & Hal.
"""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Table
from scorekeeper.rules.errors import Part, RuleError
from scorekeeper.services.club import nights as clubnights
from scorekeeper.services.club import results as clubresults
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import save_hand
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.sessions import load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

PLAYERS = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
ROTATING = {
    "system": "partnership", "table_size": 4, "team_size": 2, "rounds": 8, "minutes": 50,
    "points": 500, "movement": "rotating", "byes": True, "ranking": "kcmo",
}  # fmt: skip


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def night_of(table, settings=ROTATING, players=PLAYERS):
    night = clubnights.create_night(table, "Thursday club", settings)
    for name in players:
        clubnights.add_player(night, name)
    return night


def seated(session_id):
    return [seat.player.name for seat in load_session(session_id).row.seats]


def ids(session_id):
    return {seat.player.name: seat.player_id for seat in load_session(session_id).row.seats}


def play_round_1(night):
    """The hands of round 1 (see the module's docstring), time called."""
    one, two = (t.session_id for t in night.rounds_played[0].tables)
    p = ids(one)
    save_hand(
        load_session(one),
        HandEntry(
            declarer=p["Ann"], bid=250, trump="H", tricks=200,
            melds={p["Ann"]: MeldText("number", "300")},
        ),
    )  # fmt: skip
    q = ids(two)
    save_hand(
        load_session(two),
        HandEntry(
            declarer=q["Eve"], bid=250, trump="S", tricks=150,
            melds={q["Eve"]: MeldText("number", "100"), q["Gus"]: MeldText("number", "60")},
        ),
    )  # fmt: skip
    clubnights.call_time(night)


def lines(view, round_number):
    after = dict(view.after)[round_number]
    return [(s.rank, s.name, s.wins, s.losses, s.points) for s in after]


def test_a_round_starts_a_session_at_each_table_with_partners_across(table):
    night = night_of(table)
    clubresults.pair_next(night)

    one, two = night.rounds_played[0].tables
    assert seated(one.session_id) == ["Ann", "Cal", "Bob", "Dee"]
    assert seated(two.session_id) == ["Eve", "Gus", "Fay", "Hal"]
    assert load_session(one.session_id).options.target == 500  # the round's points


def test_standings_after_a_round_come_from_the_tables_sessions(table):
    night = night_of(table)
    clubresults.pair_next(night)
    play_round_1(night)

    view = clubresults.night_view(night)
    first, second = view.rounds[0].tables
    assert [(s.names, s.score, s.won) for s in first.sides] == [
        ("Ann & Bob", 500, True),
        ("Cal & Dee", 50, False),
    ]
    assert (first.finished, second.finished, second.hands) == (True, False, 1)
    assert lines(view, 1) == [
        (1, "Ann", 1, 0, 500), (1, "Bob", 1, 0, 500),
        (3, "Eve", 1, 0, 250), (3, "Fay", 1, 0, 250),
        (5, "Gus", 0, 1, 160), (5, "Hal", 0, 1, 160),
        (7, "Cal", 0, 1, 50), (7, "Dee", 0, 1, 50),
    ]  # fmt: skip
    assert view.next_round == 2


def test_the_next_round_waits_for_the_tables_still_playing(table):
    night = night_of(table)
    clubresults.pair_next(night)

    with pytest.raises(RuleError, match="Round 1 is still being played: finish it or call time"):
        clubresults.pair_next(night)
    assert clubresults.night_view(night).why_not.startswith("Round 1 is still being played")


def test_changing_the_settings_keeps_every_hand_and_pairs_the_next_round_by_them(table):
    night = night_of(table)
    clubresults.pair_next(night)
    play_round_1(night)
    before = lines(clubresults.night_view(night), 1)

    clubnights.change_settings(night, {**ROTATING, "movement": "swiss", "points": 400, "rounds": 3})
    sessions = [t.session_id for t in night.rounds_played[0].tables]
    assert [len(load_session(s).events) for s in sessions] == [1, 1]
    assert load_session(sessions[0]).options.target == 500  # started with it, kept
    assert lines(clubresults.night_view(night), 1) == before

    second = clubresults.pair_next(night)
    teams = [t.teams for t in second.tables]
    names = {e.player_id: e.player.name for e in night.entrants}
    assert [[[names[p] for p in team] for team in t] for t in teams] == [
        [["Ann", "Cal"], ["Eve", "Gus"]],
        [["Bob", "Dee"], ["Fay", "Hal"]],
    ]
    assert load_session(second.tables[0].session_id).options.target == 400


def test_the_tables_cannot_change_once_a_round_is_paired(table):
    night = night_of(table)
    clubresults.pair_next(night)

    with pytest.raises(RuleError) as refused:
        clubnights.change_settings(night, {**ROTATING, "table_size": 6, "team_size": 3})
    assert [one.where.option for one in refused.value.each] == ["table_size", "team_size"]
    assert night.table_size == 4


def test_nine_players_without_byes_are_refused_with_the_reason(table):
    night = night_of(table, {**ROTATING, "movement": "swiss", "byes": False}, [*PLAYERS, "Ivy"])

    with pytest.raises(RuleError, match="9 players cannot fill tables of 4 without 1 bye: allow"):
        clubresults.pair_next(night)
    assert night.rounds_played == []


def test_a_new_night_refuses_every_problem_at_once(table):
    with pytest.raises(RuleError) as refused:
        clubnights.create_night(
            table, "  ", {**ROTATING, "system": "brooklyn", "rounds": 0, "minutes": 1}
        )
    places = [(one.where.part, one.where.option) for one in refused.value.each]
    assert places == [(Part.NAME, None), (Part.OPTION, "rounds"), (Part.OPTION, "minutes")]


def test_a_chip_game_is_refused_for_a_club_night(table):
    with pytest.raises(RuleError, match=r"Brooklyn.* is played for chips"):
        clubnights.create_night(table, "Chips", {**ROTATING, "system": "brooklyn"})


def test_a_player_playing_tonight_already_is_refused(table):
    night = night_of(table, players=["Ann"])
    with pytest.raises(RuleError, match="Ann is playing tonight already"):
        clubnights.add_player(night, " ann ")


def test_another_tables_night_is_not_found(table):
    night = night_of(table, players=[])
    other = Table(name="Upstairs")

    db.session.add(other)
    db.session.flush()
    with pytest.raises(NotFound):
        clubnights.load_night(night.id, other)


def test_a_night_is_committed_with_its_round(app):
    with app.app_context():
        with unit_of_work():
            night = night_of(default_table())
            clubresults.pair_next(night)
            night_id = night.id
        with unit_of_work():
            night = clubnights.load_night(night_id, default_table())
            assert [len(r.tables) for r in night.rounds_played] == [2]


def test_a_bye_scores_the_average_winning_score_and_moves_on(table):
    # Nine players, Swiss: Ivy, last to join, has round 1's bye. The round's winners score
    # 500 and 250, so Ivy wins with (500 + 250) / 2 = 375. Round 2's bye goes to Dee, the
    # lowest in the standings who has had none.
    night = night_of(table, {**ROTATING, "movement": "swiss"}, [*PLAYERS, "Ivy"])
    clubresults.pair_next(night)
    play_round_1(night)

    view = clubresults.night_view(night)
    assert view.rounds[0].byes == ("Ivy",)
    assert lines(view, 1)[:5] == [
        (1, "Ann", 1, 0, 500), (1, "Bob", 1, 0, 500), (3, "Ivy", 1, 0, 375),
        (4, "Eve", 1, 0, 250), (4, "Fay", 1, 0, 250),
    ]  # fmt: skip
    assert clubresults.pair_next(night).byes == [[ids_of(night)["Dee"]]]


def ids_of(night):
    return {e.player.name: e.player_id for e in night.entrants}


def test_a_round_shows_when_its_time_is_up(table):
    night = night_of(table)
    row = clubresults.pair_next(night)
    (view,) = clubresults.night_view(night).rounds
    assert (view.due_at - row.started_at).total_seconds() == 50 * 60


def test_the_rounds_cannot_drop_below_those_paired(table):
    night = night_of(table)
    clubresults.pair_next(night)
    with pytest.raises(RuleError, match="1 round is paired already"):
        clubnights.change_settings(night, {**ROTATING, "rounds": 0})


def test_a_player_who_has_not_played_is_simply_taken_off(table):
    night = night_of(table, players=["Ann", "Bob"])
    assert clubnights.remove_player(night, ids_of(night)["Bob"]) == "Bob"
    assert [e.player.name for e in night.entrants] == ["Ann"]


def test_a_player_who_leaves_keeps_their_results_and_is_paired_no_more(table):
    # Hal leaves after round 1 and Ivy joins. Rotating partners, in the order they joined
    # (Ann, Bob, Cal, Dee, Eve, Fay, Gus, Ivy): Ann takes Eve (no meeting), Ivy (none), Cal
    # (1, before Dee and Gus): Ann & Cal v Eve & Ivy, no repeat. Bob takes Fay (none), Dee
    # (1, before Gus), Gus: Bob & Dee v Fay & Gus (the split with no repeat).
    night = night_of(table)
    clubresults.pair_next(night)
    play_round_1(night)
    clubnights.remove_player(night, ids_of(night)["Hal"])
    clubnights.add_player(night, "Ivy")

    view = clubresults.night_view(night)
    assert (5, "Hal", 0, 1, 160) in lines(view, 1)
    assert [(p.name, p.left_after) for p in view.roster][-2:] == [("Hal", 1), ("Ivy", None)]
    second = clubresults.pair_next(night)
    names = {e.player_id: e.player.name for e in night.entrants}
    assert [[[names[p] for p in team] for team in t.teams] for t in second.tables] == [
        [["Ann", "Cal"], ["Eve", "Ivy"]],
        [["Bob", "Dee"], ["Fay", "Gus"]],
    ]
    with pytest.raises(NotFound):
        clubnights.remove_player(night, ids_of(night)["Hal"])


def test_a_player_who_left_comes_back_when_added_again(table):
    night = night_of(table)
    clubresults.pair_next(night)
    clubnights.remove_player(night, ids_of(night)["Hal"])
    clubnights.add_player(night, "hal")
    assert [e.left_after for e in night.entrants] == [None] * 8


def test_a_movement_the_club_does_not_know_is_refused_naming_those_it_does(table):
    with pytest.raises(RuleError) as refused:
        clubnights.create_night(table, "Thursday club", {**ROTATING, "movement": "shuffle"})

    assert refused.value.where.option == "movement"
    assert refused.value.rule == (
        "'shuffle' is not a movement; choose one of fixed, rotating, swiss, kcmo-rotation."
    )


def test_a_game_not_played_at_the_nights_tables_is_refused_at_the_table_size(table):
    # Bison is scored each player for themselves: no tables of two teams of two.
    with pytest.raises(RuleError) as refused:
        clubnights.create_night(table, "Bison night", {**ROTATING, "system": "bison"})

    assert refused.value.where.option == "table_size"
    assert refused.value.rule.startswith(
        "Bison (points to 1500) is not played at tables of 4 in teams of 2: "
    )


def test_a_nights_name_is_at_most_80_characters(table):
    with pytest.raises(RuleError) as refused:
        clubnights.create_night(table, "Thursday " * 10, ROTATING)

    assert refused.value.where.part is Part.NAME
    assert refused.value.rule == "A club night's name is at most 80 characters."


@pytest.mark.parametrize("team", [0, 100])
def test_a_team_is_numbered_1_to_99(table, team):
    night = night_of(table, players=[])

    with pytest.raises(RuleError) as refused:
        clubnights.add_player(night, "Ann", team=team)

    assert refused.value.rule == "A team is numbered 1 to 99."
    assert night.entrants == []


def test_no_round_is_started_past_the_nights_last(table):
    night = night_of(table, {**ROTATING, "rounds": 1})
    clubresults.pair_next(night)
    standings = clubnights.entrants_of(night, clubnights.settings_of(night))

    with pytest.raises(RuleError) as refused:
        clubnights.start_round(night, standings)

    assert refused.value.where.option == "rounds"
    assert refused.value.rule == "All 1 rounds are paired: the night is over."
    assert len(night.rounds_played) == 1
