"""A small club night worked by hand from the KCMO tournament rules and docs/club-nights.md.

Players 1 to 8 are Ann, Bob, Cal, Dee, Eve, Fay, Gus and Hal (9 is Ivy, 10 Jon); tables of four
in two teams of two. A round's cost of seating x with the players already at a table is 2 for
each round x partnered one of them and 1 for each round x opposed one; a split's cost is 2 for
each pair partnered again and 1 for each pair opposed again; the first in order wins a tie.

Rotating partners, 8 players, 3 rounds (order: the order they joined):
- Round 1, nobody has met: Ann takes Bob, Cal, Dee (all cost 0), split ab|cd; Eve's table
  ef|gh.
- Round 2: Ann takes Eve (first at cost 0), then Cal (cost 1: opposed Ann; Bob costs 2), then
  Gus (cost 1; Bob 3, Dee 3, Fay 2). Splits of Ann, Eve, Cal, Gus: ae|cg 2, ac|eg 0, ag|ec 2:
  Ann & Cal v Eve & Gus. Then Bob, Fay (cost 0), Dee (cost 1, before Hal), Hal: bd|fh 0.
- Round 3: Ann takes Fay (0), Dee (2; Gus 2 is later), Gus (2; Eve 3, Hal 4). Splits af|dg 4,
  ad|fg 2, ag|fd 2: Ann & Dee v Fay & Gus. Bob takes Eve (0), Cal (2, before Hal), Hal:
  be|ch 4, bc|eh 2, bh|ec 2: Bob & Cal v Eve & Hal. Nobody partners anyone twice.

Swiss, round 2 after the round 1 scores below (standings Ann, Bob, Gus, Hal, Eve, Fay, Cal, Dee):
Ann takes Gus (0), Eve (1, first of Eve, Fay, Cal, Dee), Cal (1; Fay and Hal 3): ac|ge.
Then Bob, Hal (0), Fay (1, before Dee), Dee: bd|hf.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.pairing import Pairing, Seating, pair_round
from scorekeeper.rules.club.settings import Movement, NightSettings, kcmo
from scorekeeper.rules.club.standings import RoundResult, SideScore, TableResult, standings
from scorekeeper.rules.errors import OptionError, Part, RuleError, RuleErrors, SeatingError

NAMES = dict(enumerate(["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"], 1))
EIGHT = [(p,) for p in range(1, 9)]
NINE = [(p,) for p in range(1, 10)]
TEAMS = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
ROTATING = NightSettings("partnership", movement=Movement.ROTATING)
SWISS = NightSettings("partnership", movement=Movement.SWISS)
FIXED = kcmo("partnership")


def table(number, *teams):
    return Seating(number, tuple(teams))


ROTATING_ROUNDS = [
    Pairing(1, (table(1, (1, 2), (3, 4)), table(2, (5, 6), (7, 8)))),
    Pairing(2, (table(1, (1, 3), (5, 7)), table(2, (2, 4), (6, 8)))),
    Pairing(3, (table(1, (1, 4), (6, 7)), table(2, (2, 3), (5, 8)))),
]


def paired(settings, entrants, order, earlier):
    return pair_round(settings, entrants, order, earlier, NAMES)


@pytest.mark.parametrize("number", [pytest.param(n, id=f"rotating-round-{n}") for n in (1, 2, 3)])
def test_rotating_partners_give_everyone_new_partners(number):
    earlier = ROTATING_ROUNDS[: number - 1]
    assert paired(ROTATING, EIGHT, EIGHT, earlier) == ROTATING_ROUNDS[number - 1]


def test_partners_sit_across_the_table():
    assert table(1, (1, 4), (6, 7)).seats == (1, 6, 4, 7)


# Round 1 of the rotating night: Ann & Bob won 510 to 380; at table 2, time was called with
# Gus & Hal ahead 450 to 420. Round 2: Eve & Gus won 520 to 300; Bob & Dee won 505 to 250.
# Round 3: time called with Ann & Dee ahead 360 to 350; Eve & Hal won 510 to 200.
def game(number, first, second, won=None):
    """Table ``number``'s game: each side as (players, score), ``won`` the winner's index."""
    sides = (SideScore(*first), SideScore(*second))
    return TableResult(number, sides, None if won is None else sides[won].players)


ROTATING_RESULTS = [
    RoundResult(
        ROTATING_ROUNDS[0],
        (game(1, ((1, 2), 510), ((3, 4), 380), 0), game(2, ((5, 6), 420), ((7, 8), 450))),
    ),
    RoundResult(
        ROTATING_ROUNDS[1],
        (game(1, ((1, 3), 300), ((5, 7), 520), 1), game(2, ((2, 4), 505), ((6, 8), 250), 0)),
    ),
    RoundResult(
        ROTATING_ROUNDS[2],
        (game(1, ((1, 4), 360), ((6, 7), 350)), game(2, ((2, 3), 200), ((5, 8), 510), 1)),
    ),
]


def rows(table_):
    return [(NAMES[s.entrant[0]], s.rank, s.wins, s.losses, s.byes, s.points) for s in table_]


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        pytest.param(
            1,
            [
                ("Ann", 1, 1, 0, 0, 510),
                ("Bob", 1, 1, 0, 0, 510),
                ("Gus", 3, 1, 0, 0, 450),
                ("Hal", 3, 1, 0, 0, 450),
                ("Eve", 5, 0, 1, 0, 420),
                ("Fay", 5, 0, 1, 0, 420),
                ("Cal", 7, 0, 1, 0, 380),
                ("Dee", 7, 0, 1, 0, 380),
            ],
            id="after-round-1-level-players-share-a-rank",
        ),
        pytest.param(
            3,
            [
                ("Eve", 1, 2, 1, 0, 1450),
                ("Gus", 2, 2, 1, 0, 1320),
                ("Dee", 3, 2, 1, 0, 1245),
                ("Bob", 4, 2, 1, 0, 1215),
                ("Hal", 5, 2, 1, 0, 1210),
                ("Ann", 6, 2, 1, 0, 1170),
                ("Fay", 7, 0, 3, 0, 1020),
                ("Cal", 8, 0, 3, 0, 880),
            ],
            id="after-round-3-wins-then-total-points",
        ),
    ],
)
def test_standings_rank_wins_then_points(rounds, expected):
    assert rows(standings(ROTATING, EIGHT, ROTATING_RESULTS[:rounds])) == expected


def test_swiss_pairs_the_standings_avoiding_repeats():
    order = [(p,) for p in (1, 2, 7, 8, 5, 6, 3, 4)]
    expected = Pairing(2, (table(1, (1, 3), (7, 5)), table(2, (2, 4), (8, 6))))
    assert paired(SWISS, EIGHT, order, ROTATING_ROUNDS[:1]) == expected


# Nine players, Swiss, byes allowed. Round 1: Ivy (last in the standings) has the bye; Ann &
# Bob win 510 to 300 and Gus & Hal 500 to 200, so Ivy scores (510 + 500) / 2 = 505 and a win.
NINE_ROUND_1 = Pairing(1, (table(1, (1, 2), (3, 4)), table(2, (5, 6), (7, 8))), ((9,),))
NINE_RESULT_1 = RoundResult(
    NINE_ROUND_1,
    (
        TableResult(1, (SideScore((1, 2), 510), SideScore((3, 4), 300)), winner=(1, 2)),
        TableResult(2, (SideScore((5, 6), 200), SideScore((7, 8), 500)), winner=(7, 8)),
    ),
)


def test_nine_players_give_the_last_the_bye():
    assert paired(SWISS, NINE, NINE, []) == NINE_ROUND_1


def test_a_bye_wins_with_the_average_winning_score():
    assert rows(standings(SWISS, NINE, [NINE_RESULT_1]))[:3] == [
        ("Ann", 1, 1, 0, 0, 510),
        ("Bob", 1, 1, 0, 0, 510),
        ("Ivy", 3, 1, 0, 1, 505),
    ]


def test_the_next_bye_goes_to_the_lowest_without_one():
    # standings Ann, Bob, Ivy, Gus, Hal, Cal, Dee, Eve, Fay: Fay is lowest; Ivy had hers.
    # Ann takes Ivy (0), Gus (0), Cal (1, before Dee and Eve): ac|ig. Bob, Hal, Dee, Eve: bd|he.
    order = [(p,) for p in (1, 2, 9, 7, 8, 3, 4, 5, 6)]
    expected = Pairing(2, (table(1, (1, 3), (9, 7)), table(2, (2, 4), (8, 5))), ((6,),))
    assert paired(SWISS, NINE, order, [NINE_ROUND_1]) == expected


@pytest.mark.parametrize(
    ("first", "second", "average"),
    [
        pytest.param(510, 500, 505, id="even-average"),
        pytest.param(510, 515, 513, id="half-rounds-up"),
        pytest.param(500, 501, 501, id="half-point-up"),
    ],
)
def test_average_winning_score_rounds_half_up(first, second, average):
    result = RoundResult(
        NINE_ROUND_1,
        (
            TableResult(1, (SideScore((1, 2), first), SideScore((3, 4), 0)), winner=(1, 2)),
            TableResult(2, (SideScore((5, 6), 0), SideScore((7, 8), second)), winner=(7, 8)),
        ),
    )
    assert result.average_winning_score() == average


# Fixed partners (KCMO), five teams. Round 1: the fifth team, Ivy & Jon, has the bye; Ann & Bob
# win 500 to 420, and Eve & Fay lead Gus & Hal 480 to 300 when time is called: the bye scores
# 490. Standings: Ann & Bob 500, Ivy & Jon 490, Eve & Fay 480, Cal & Dee 420, Gus & Hal 300.
# Round 2: Gus & Hal, lowest without a bye, sit out; Ann & Bob meet Ivy & Jon (no meeting
# yet; Cal & Dee would be a rematch), Eve & Fay meet Cal & Dee.
KCMO_ROUND_1 = Pairing(1, (table(1, (1, 2), (3, 4)), table(2, (5, 6), (7, 8))), ((9, 10),))


def test_fixed_partners_keep_their_teams_with_a_bye():
    assert paired(FIXED, TEAMS, TEAMS, []) == KCMO_ROUND_1


def test_kcmo_standings_and_the_second_round():
    result = RoundResult(
        KCMO_ROUND_1,
        (
            TableResult(1, (SideScore((1, 2), 500), SideScore((3, 4), 420)), winner=(1, 2)),
            TableResult(2, (SideScore((5, 6), 480), SideScore((7, 8), 300))),
        ),
    )
    table_ = standings(FIXED, TEAMS, [result])
    assert [(s.entrant, s.rank, s.wins, s.points) for s in table_] == [
        ((1, 2), 1, 1, 500),
        ((9, 10), 2, 1, 490),
        ((5, 6), 3, 1, 480),
        ((3, 4), 4, 0, 420),
        ((7, 8), 5, 0, 300),
    ]
    order = [s.entrant for s in table_]
    assert paired(FIXED, TEAMS, order, [KCMO_ROUND_1]) == Pairing(
        2, (table(1, (1, 2), (9, 10)), table(2, (5, 6), (3, 4))), ((7, 8),)
    )


@pytest.mark.parametrize(
    ("settings", "entrants", "message"),
    [
        pytest.param(
            NightSettings("partnership", movement=Movement.SWISS, byes=False),
            NINE,
            "9 players cannot fill tables of 4 without 1 bye: allow byes.",
            id="nine-players-without-byes",
        ),
        pytest.param(
            NightSettings("partnership", byes=False),
            TEAMS,
            "5 teams cannot fill tables of 2 teams without 1 bye: allow byes.",
            id="five-teams-without-byes",
        ),
        pytest.param(
            SWISS,
            EIGHT[:3],
            "3 players cannot fill a table of 4 players: add players.",
            id="too-few-for-a-table",
        ),
    ],
)
def test_a_round_that_cannot_be_paired_says_why(settings, entrants, message):
    with pytest.raises(SeatingError, match=message) as caught:
        paired(settings, entrants, entrants, [])
    assert caught.value.where.part in (Part.OPTION, Part.PLAYERS)


def test_fixed_partners_name_the_player_without_a_partner():
    entrants = [(1, 2), (3,), (5, 6)]
    with pytest.raises(RuleError, match="Cal must play as a team of 2") as caught:
        paired(FIXED, entrants, entrants, [])
    assert caught.value.where.player.name == "Cal"


def test_a_player_entered_twice_is_refused():
    entrants = [(1, 2), (3, 4), (1, 5)]
    with pytest.raises(RuleError, match="Ann is entered twice"):
        paired(FIXED, entrants, entrants, [])


def test_a_tie_when_time_is_called_is_refused():
    tied = TableResult(2, (SideScore((1, 4), 350), SideScore((6, 7), 350)))
    with pytest.raises(RuleError, match="Table 2 is tied at 350 when time was called"):
        tied.winning_side()


@pytest.mark.parametrize(
    ("settings", "options"),
    [
        pytest.param(NightSettings("partnership", table_size=9), ["table_size"], id="nine-seats"),
        pytest.param(
            NightSettings("partnership", team_size=3), ["team_size"], id="teams-of-3-at-4"
        ),
        pytest.param(
            NightSettings("partnership", team_size=4, table_size=4), ["team_size"], id="one-side"
        ),
        pytest.param(NightSettings("partnership", rounds=0), ["rounds"], id="no-rounds"),
        pytest.param(
            NightSettings("partnership", minutes=None, points=None), ["minutes"], id="no-limit"
        ),
        pytest.param(
            NightSettings("cutthroat", table_size=3, team_size=1, movement=Movement.ROTATING),
            ["movement"],
            id="rotating-without-partners",
        ),
        pytest.param(
            NightSettings("partnership", ranking="elo", minutes=2),
            ["minutes", "ranking"],
            id="every-problem-at-once",
        ),
    ],
)
def test_settings_refuse_each_broken_rule(settings, options):
    with pytest.raises(OptionError if len(options) == 1 else RuleErrors) as caught:
        settings.check()
    assert [e.where.option for e in caught.value.each] == options


def test_kcmo_is_eight_rounds_of_50_minutes_or_500_points():
    night = kcmo("partnership")
    night.check()
    assert (night.rounds, night.minutes, night.points, night.movement) == (
        8,
        50,
        500,
        Movement.FIXED,
    )
    assert (night.rules.bye_wins, night.entrants_per_table) == (True, 2)
