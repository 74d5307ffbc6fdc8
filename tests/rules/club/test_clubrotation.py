"""The KCMO table rotation worked by hand from the published rules ("teams drawing numbers
with an A suffix are assigned to the corresponding table and do not move; teams drawing a B
suffix are assigned to the corresponding table and rotate to the next higher-numbered table
after each round") and the decisions in docs/club-nights.md.

Teams T1 to T9 are players (1, 2), (3, 4) ... (17, 18), drawn in that order: T1 1A, T2 1B,
T3 2A, T4 2B, T5 3A, T6 3B, T7 4A, T8 4B, T9 5A. "A" teams are seated first at their table.

Six teams, three tables: round 1 T1-T2, T3-T4, T5-T6; round 2 the B teams one table up, 3B
(T6) from the last table to table 1: T1-T6, T3-T2, T5-T4; round 3 T1-T4, T3-T6, T5-T2;
round 4 every B team is back where it started: T1-T2, T3-T4, T5-T6 again.

Seven teams, four tables (4B is nobody's): round 1 T7 alone at table 4 has the bye; round 2
the empty 4B has moved to table 1, T1 has the bye, T3-T2, T5-T4, T7-T6; round 4 (three
moves) 1B at table 4, 2B at 1, 3B at 2, the empty number at 3: T1-T4, T3-T6, T7-T2, T5 bye.

Eight teams, four tables, round 2: T8 (4B) from the last table to table 1: T1-T8, T3-T2,
T5-T4, T7-T6; round 5 (four moves) as round 1. T4 (2B) left after round 1: round 2's 2B is
empty at table 3, so T5 has the bye; a team joining later takes 2B, the first free number.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.pairing import Pairing, Seating
from scorekeeper.rules.club.rotation import (
    Letter,
    Slot,
    deal,
    numbers,
    pair_rotation,
    seat_late,
    tables_of,
)
from scorekeeper.rules.club.settings import Movement, NightSettings
from scorekeeper.rules.errors import Part, RuleError, SeatingError

T = {n: (2 * n - 1, 2 * n) for n in range(1, 11)}
NAMES = {p: f"P{p}" for p in range(1, 21)}


def teams(*ns):
    return [T[n] for n in ns]


def tables(*pairs):
    return tuple(Seating(t, (T[a], T[b])) for t, (a, b) in pairs)


ROUNDS = [
    pytest.param(6, 1, tables((1, (1, 2)), (2, (3, 4)), (3, (5, 6))), (), id="6-teams-round-1"),
    pytest.param(
        6, 2, tables((1, (1, 6)), (2, (3, 2)), (3, (5, 4))), (), id="6-teams-round-2-3B-wraps"
    ),
    pytest.param(6, 3, tables((1, (1, 4)), (2, (3, 6)), (3, (5, 2))), (), id="6-teams-round-3"),
    pytest.param(
        6, 4, tables((1, (1, 2)), (2, (3, 4)), (3, (5, 6))), (), id="6-teams-round-4-meet-again"
    ),
    pytest.param(
        7, 1, tables((1, (1, 2)), (2, (3, 4)), (3, (5, 6))), (T[7],), id="7-teams-round-1-4A-bye"
    ),
    pytest.param(
        7, 2, tables((2, (3, 2)), (3, (5, 4)), (4, (7, 6))), (T[1],), id="7-teams-round-2-1A-bye"
    ),
    pytest.param(
        7, 4, tables((1, (1, 4)), (2, (3, 6)), (4, (7, 2))), (T[5],), id="7-teams-round-4-3A-bye"
    ),
    pytest.param(
        8,
        2,
        tables((1, (1, 8)), (2, (3, 2)), (3, (5, 4)), (4, (7, 6))),
        (),
        id="8-teams-round-2-4B-wraps",
    ),
    pytest.param(
        8,
        5,
        tables((1, (1, 2)), (2, (3, 4)), (3, (5, 6)), (4, (7, 8))),
        (),
        id="8-teams-round-5-as-round-1",
    ),
    pytest.param(
        9,
        1,
        tables((1, (1, 2)), (2, (3, 4)), (3, (5, 6)), (4, (7, 8))),
        (T[9],),
        id="9-teams-round-1-5A-bye",
    ),
]


@pytest.mark.parametrize(("count", "number", "seated", "byes"), ROUNDS)
def test_a_teams_stay_and_b_teams_move_one_table_up(count, number, seated, byes):
    draw = deal(teams(*range(1, count + 1)))
    assert pair_rotation(draw, tables_of(draw), number - 1, number, byes=True) == Pairing(
        number, seated, byes
    )


@pytest.mark.parametrize(
    ("count", "drawn"),
    [
        pytest.param(4, "1A 1B 2A 2B", id="even"),
        pytest.param(5, "1A 1B 2A 2B 3A", id="odd-last-B-empty"),
        pytest.param(1, "1A", id="one-team"),
    ],
)
def test_the_hat_holds_1a_1b_2a_and_so_on(count, drawn):
    assert " ".join(str(slot) for slot in numbers(count)) == drawn


def test_a_draw_made_for_a_later_round_moves_from_that_round():
    draw = deal(teams(1, 2, 3, 4))  # drawn for round 3: round 4 is one move after it
    assert pair_rotation(draw, 2, 1, 4, byes=True) == Pairing(4, tables((1, (1, 4)), (2, (3, 2))))


def test_a_team_that_left_leaves_its_number_empty_and_its_opponent_a_bye():
    draw = deal(teams(*range(1, 9)))
    playing = {team: slot for team, slot in draw.items() if team != T[4]}
    assert pair_rotation(playing, 4, 1, 2, byes=True) == Pairing(
        2, tables((1, (1, 8)), (2, (3, 2)), (4, (7, 6))), (T[5],)
    )


@pytest.mark.parametrize(
    ("drawn", "playing", "late_slot"),
    [
        pytest.param(6, teams(1, 2, 3, 5, 6, 7), Slot(2, Letter.B), id="takes-a-leavers-number"),
        pytest.param(5, teams(1, 2, 3, 4, 5, 6), Slot(3, Letter.B), id="fills-the-empty-3B"),
    ],
)
def test_a_team_joining_after_the_draw_takes_the_first_free_number(drawn, playing, late_slot):
    draw = deal(teams(*range(1, drawn + 1)))
    seated = seat_late(draw, tables_of(draw), playing, NAMES)
    assert seated[playing[-1]] == late_slot
    assert all(seated[team] == draw[team] for team in playing if team in draw)


def test_a_team_joining_when_every_number_is_held_is_refused_saying_what_to_do():
    draw = deal(teams(1, 2, 3, 4))
    with pytest.raises(SeatingError) as refused:
        seat_late(draw, 2, teams(1, 2, 3, 4, 5), NAMES)
    assert refused.value.where.part is Part.PLAYERS
    assert refused.value.rule == (
        "P9 & P10 joined after the KCMO draw, and the rotation's 2 tables seat 4 teams, each "
        "number held: remove a team, or choose fixed partners paired on the standings for "
        "the rounds left."
    )


def test_a_bye_of_the_rotation_is_refused_when_byes_are_not_allowed():
    draw = deal(teams(1, 2, 3))
    with pytest.raises(SeatingError) as refused:
        pair_rotation(draw, 2, 0, 1, byes=False)
    assert refused.value.where.option == "byes"
    assert refused.value.rule == (
        "The KCMO rotation leaves 1 team without opponents in round 1: allow byes."
    )


def test_one_team_alone_seats_no_table():
    with pytest.raises(SeatingError, match="seats no table this round: add teams"):
        pair_rotation(deal(teams(1)), 1, 0, 1, byes=True)


@pytest.mark.parametrize(
    ("table_size", "team_size", "refused"),
    [
        pytest.param(4, 2, False, id="tables-of-4-teams-of-2"),
        pytest.param(6, 3, False, id="tables-of-6-two-teams-of-3"),
        pytest.param(6, 2, True, id="three-teams-a-table"),
        pytest.param(2, 1, True, id="players-alone"),
        pytest.param(3, 1, True, id="three-alone"),
    ],
)
def test_the_rotation_needs_two_fixed_teams_a_table(table_size, team_size, refused):
    settings = NightSettings("partnership", table_size, team_size, movement=Movement.KCMO)
    movement_errors = []
    try:
        settings.check()
    except RuleError as error:  # one rule or several at once
        movement_errors = [e.rule for e in error.each if e.where.option == "movement"]
    assert movement_errors == (
        [
            "The KCMO table rotation seats two fixed teams a table, an A and a B: choose "
            "tables of 4 in teams of 2."
        ]
        if refused
        else []
    )


def test_the_rotation_plays_fixed_teams():
    assert NightSettings("partnership", movement=Movement.KCMO).plays_as_teams
    assert Movement("kcmo-rotation") is Movement.KCMO


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        pytest.param("3B", Slot(3, Letter.B), id="3B"),
        pytest.param("12A", Slot(12, Letter.A), id="12A"),
    ],
)
def test_a_number_reads_back_as_written(text, slot):
    assert Slot.parse(text) == slot and str(slot) == text


@pytest.mark.parametrize("text", ["B", "0A", "3C", "xA", ""])
def test_a_number_that_is_not_a_table_and_letter_is_refused(text):
    with pytest.raises(ValueError):
        Slot.parse(text)
