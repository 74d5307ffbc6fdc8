"""Plain statistics per player and running-score series, worked out from replayed sessions."""

from __future__ import annotations

import pytest
from naming import ids_by_name, named

from scorekeeper.rules.holders import Player
from scorekeeper.services import sessions, tables
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import save_hand
from scorekeeper.services.history.stats import game_series, load_table_sessions, table_stats
from scorekeeper.services.tables import default_table

THREE = ("Ann", "Bob", "Cal")


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def start(table, system, **options) -> int:
    return sessions.create_session(table, {"system": system, **options}, list(THREE), 0).id


def play(table, sid, declarer=None, bid=None, trump=None, outcome=None, melds=None, **more):
    loaded = sessions.load_session(sid, table)
    ids = ids_by_name(loaded)
    save_hand(
        loaded,
        HandEntry(
            outcome=outcome,
            declarer=ids[declarer] if declarer else None,
            bid=bid,
            trump=trump,
            melds={ids[n]: MeldText("number", m) for n, m in (melds or {}).items()},
            **more,
        ),
    )


def brooklyn_evening(table) -> int:
    sid = start(table, "brooklyn")
    play(table, sid, "Bob", 350, "H", melds={"Bob": "150"}, tricks=200)  # made: 350 >= 350
    play(table, sid, "Cal", 300, "H", "set", melds={"Cal": "100"})
    play(table, sid, outcome="misdeal")
    play(table, sid, "Ann", 300, "C", "conceded")
    play(table, sid, "Bob", 400, "S", "made")
    return sid


def bison_evening(table) -> int:
    """Bison at scale 10, game to 150: Cal goes out in hand 1; Ann makes hand 2 of game 2."""
    sid = start(table, "bison", scale=10, target=1500)
    ids = ids_by_name(sessions.load_session(sid, table))
    # Cal 150 meld (a double run, 1500) + 24 counters and the last trick (25) = 175.
    play(
        table, sid, "Cal", 25, "D", melds={"Cal": "150"},
        takes={ids["Ann"]: 0, ids["Bob"]: 0, ids["Cal"]: 24}, last_trick=ids["Cal"],
    )  # fmt: skip
    # Ann 10 meld + 14 counters + last trick 1 = 25, made; Bob 10 counters = 10; Cal took none.
    play(
        table, sid, "Ann", 25, "H", melds={"Ann": "10", "Cal": "6"},
        takes={ids["Ann"]: 14, ids["Bob"]: 10, ids["Cal"]: 0}, last_trick=ids["Ann"],
    )  # fmt: skip
    return sid


def stats_by_name(table):
    loaded = load_table_sessions(table)
    roster = [Player(p.id, p.name) for p in tables.roster(table)]
    return {s.name: s for s in table_stats(loaded, roster)}


def test_each_declarers_hands_made_and_set_are_counted(table):
    brooklyn_evening(table)

    stats = stats_by_name(table)

    assert (stats["Bob"].declared, stats["Bob"].made, stats["Bob"].set) == (2, 2, 0)
    assert (stats["Cal"].declared, stats["Cal"].made, stats["Cal"].set) == (1, 0, 1)
    # A concession counts as a set for the declarer.
    assert (stats["Ann"].declared, stats["Ann"].made, stats["Ann"].set) == (1, 0, 1)
    assert stats["Bob"].made_percent == 100
    assert stats["Cal"].made_percent == 0


def test_meld_average_counts_only_hands_with_meld_entered(table):
    brooklyn_evening(table)

    stats = stats_by_name(table)

    assert stats["Bob"].average_meld == 150  # one meld entered, 150
    assert stats["Cal"].average_meld == 100
    assert stats["Ann"].average_meld is None


def test_the_biggest_bid_is_the_highest_bid_made(table):
    brooklyn_evening(table)

    stats = stats_by_name(table)

    assert stats["Bob"].biggest_bid == 400
    assert stats["Cal"].biggest_bid is None  # set at 300: not made


def test_a_misdeal_is_not_a_hand_played(table):
    brooklyn_evening(table)

    stats = stats_by_name(table)

    assert [stats[n].hands_played for n in THREE] == [4, 4, 4]  # five hands, one a misdeal
    assert [stats[n].sessions for n in THREE] == [1, 1, 1]


def test_someone_who_never_played_has_empty_statistics(table):
    brooklyn_evening(table)
    tables.add_player(table, "Zed")

    zed = stats_by_name(table)["Zed"]

    assert (zed.sessions, zed.declared, zed.average_meld, zed.made_percent) == (0, 0, None, None)


def test_games_won_and_meld_figures_are_written_as_the_table_writes_them(table):
    bison_evening(table)

    stats = stats_by_name(table)

    assert stats["Cal"].games_won == 1
    assert stats["Ann"].games_won == 0
    assert stats["Cal"].average_meld == (150 + 6) // 2  # two melds entered: 150 and 6
    assert stats["Ann"].biggest_bid == 25
    assert stats["Cal"].biggest_bid == 25


def test_a_cumulative_session_charts_each_game_apart(table):
    sid = bison_evening(table)

    series = game_series(sessions.load_session(sid, table))

    assert [s.title.rsplit(", ", 1)[1] for s in series] == ["game 1", "game 2"]
    assert named(series[0].series) == [("Ann", [0]), ("Bob", [0]), ("Cal", [175])]
    # Game 2 starts again from 0: Ann 25, Bob 10, Cal nothing (no counter).
    assert named(series[1].series) == [("Ann", [25]), ("Bob", [10]), ("Cal", [0])]


def test_a_chip_session_charts_running_balances_in_units(table):
    sid = brooklyn_evening(table)

    (series,) = game_series(sessions.load_session(sid, table))

    # Units after each hand. 1: Bob +4 (2 from each); 2: Cal set 300 pays 2 to each;
    # 3: misdeal; 4: Ann concedes 300, pays 1 to each; 5: Bob 400 in spades, 4 x 2 = 8 each.
    assert named(series.series) == [
        ("Ann", [-2, 0, 0, -2, -10]),
        ("Bob", [4, 6, 6, 7, 23]),
        ("Cal", [-2, -6, -6, -5, -13]),
    ]


def test_the_tables_sessions_are_loaded_newest_first(table):
    first = brooklyn_evening(table)
    second = bison_evening(table)

    assert [s.row.id for s in load_table_sessions(table)] == [second, first]
    assert [s.row.id for s in load_table_sessions(table, limit=1)] == [second]
