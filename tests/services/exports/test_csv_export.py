"""The hand log as CSV: a header, a row per hand or player leaving, formulas quoted."""

from __future__ import annotations

import csv
import io

import reportsessions as rs
from naming import ids_by_name

from scorekeeper.services.exports.csv_export import hands_csv
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import add_player, default_table

# -- the hand log and its CSV ------------------------------------------------------------


def read_csv(session_id: int) -> list[list[str]]:
    return list(csv.reader(io.StringIO(hands_csv(load_session(session_id)))))


def test_the_csv_has_a_header_and_a_row_per_hand_with_changes_and_totals(ctx):
    rows = read_csv(rs.hoyle())
    assert rows[0] == [
        "hand", "game", "dealer", "sat out", "declarer", "bid", "trump", "meld", "tricks",
        "outcome", "description",
        "Ann change (chips)", "Ann total (chips)", "Bob change (chips)", "Bob total (chips)",
        "Cal change (chips)", "Cal total (chips)", "Dan change (chips)", "Dan total (chips)",
        "Kitty change (chips)", "Kitty total (chips)",
    ]  # fmt: skip
    assert len(rows) == 3
    # hand 1: Bob makes 350 in spades: 10 from each, 3 each for the kitty (see reportsessions)
    assert rows[1][:10] == ["1", "1", "Ann", "Ann", "Bob", "350", "S", "190", "170", "made"]
    assert rows[1][11:] == ["-13", "-13", "37", "37", "-13", "-13", "-13", "-13", "2", "2"]
    assert rows[1][10].startswith("Bob makes 350 with 190 meld and 170 in tricks")
    assert rows[2][:10] == ["2", "1", "Bob", "Bob", "Dan", "300", "H", "", "", "set"]
    assert rows[2][11:] == ["6", "-7", "6", "43", "6", "-7", "-18", "-31", "0", "2"]


def test_the_csv_of_a_points_game_has_each_players_meld_and_tricks(ctx):
    rows = read_csv(rs.bison())
    assert rows[0][-2:] == ["Cal change", "Cal total"]  # points, as the game counts them
    assert rows[0][7:13] == [
        "Ann meld", "Ann tricks", "Bob meld", "Bob tricks", "Cal meld", "Cal tricks",
    ]  # fmt: skip
    # hand 1: Ann 40 + 80, Bob 150 + 130, Cal 20 + 40; totals are the game's scores
    assert rows[1][7:13] == ["40", "80", "150", "130", "20", "40"]
    assert rows[1][-6:] == ["120", "120", "280", "280", "60", "60"]
    # hand 4 starts game 2: the totals start again from 0
    assert rows[4][1] == "2"
    assert rows[4][-6:] == ["20", "20", "40", "40", "-250", "-250"]


def test_the_csv_logs_a_player_leaving_without_a_hand_number(ctx):
    rows = read_csv(rs.hoyle(leave=True))
    assert rows[3][0] == "" and rows[3][4] == "Dan" and rows[3][9] == "left the table"
    assert rows[3][10] == "Dan left the table after hand 2."


def test_a_name_that_looks_like_a_formula_is_quoted_in_the_csv(ctx):
    table = default_table()
    add_player(table, "=cmd|' /C calc'!A0")
    row = create_session(table, {"system": "brooklyn-pot"}, ["=cmd|' /C calc'!A0", "Bo", "Cy"], 0)
    loaded = load_session(row.id, table)
    from scorekeeper.services.entries import HandEntry

    save_hand(
        loaded, HandEntry(declarer=ids_by_name(loaded)["Bo"], bid=250, trump="C", outcome="made")
    )
    rows = read_csv(row.id)
    assert rows[0][11] == "'=cmd|' /C calc'!A0 change (chips)"
    assert rows[1][2] == "'=cmd|' /C calc'!A0"  # the dealer


def test_the_csv_of_summed_bids_gives_each_teams_contract(ctx):
    rows = read_csv(rs.summed_bids())
    assert rows[0][:8] == [
        "hand", "game", "dealer", "sat out", "declarer", "bid", "contracts", "trump",
    ]  # fmt: skip
    # hand 1 (S2): N declares for 65; hand 2 (S3): N declares for 70, N & S set.
    assert rows[1][4:8] == ["N", "65", "N & S bid 65 (N 40 + S 25); W & E bid 30 (E 30)", "S"]
    assert rows[2][4:8] == [
        "N", "70", "N & S bid 70 (N 45 + S 25); W & E bid 50 (W 20 + E 30)", "H",
    ]  # fmt: skip
    assert rows[2][-4:] == ["66", "36", "-70", "0"]
