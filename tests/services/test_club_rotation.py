"""The KCMO table rotation's draw through the services: made once, when its first round is
paired, stored on each player with its round, and read back for every later round, never
drawn again. Four teams joined Ann & Bob, Cal & Dee, Eve & Fay, Gus & Hal; the hat here gives
them in that order: 1A Ann & Bob, 1B Cal & Dee, 2A Eve & Fay, 2B Gus & Hal. Round 1: table 1
Ann & Bob v Cal & Dee, table 2 Eve & Fay v Gus & Hal. Round 2, the B teams one table up (2B
from the last table to table 1): table 1 Ann & Bob v Gus & Hal, table 2 Eve & Fay v Cal & Dee.
Ann and Eve each bid 250 in hearts, meld 300 and take 200: 500, the round's points.
"""

from __future__ import annotations

import pytest

from scorekeeper.services.club import nights as clubnights
from scorekeeper.services.club import results as clubresults
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import load_session
from scorekeeper.services.tables import default_table

SETTINGS = {
    "system": "partnership", "table_size": 4, "team_size": 2, "rounds": 8, "minutes": 50,
    "points": 500, "movement": "kcmo-rotation", "byes": True, "ranking": "kcmo",
}  # fmt: skip
TEAMS = [("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2), ("Eve", 3), ("Fay", 3)]
TEAMS += [("Gus", 4), ("Hal", 4)]


@pytest.fixture
def night(app, monkeypatch):
    monkeypatch.setattr(clubnights, "shuffle_hat", lambda hat: None)
    with app.app_context():
        made = clubnights.create_night(default_table(), "Thursday club", SETTINGS)
        for name, team in TEAMS:
            clubnights.add_player(made, name, team)
        yield made


def named_tables(night, number):
    names = clubnights.names_of(night)
    row = night.rounds_played[number - 1]
    return [
        (t.number, [" & ".join(names[p] for p in team) for team in t.teams]) for t in row.tables
    ]


def win_each_table(night):
    for table in night.rounds_played[-1].tables:
        loaded = load_session(table.session_id)
        first = loaded.row.seats[0].player_id  # the A team's first player
        entry = HandEntry(
            declarer=first, bid=250, trump="H", tricks=200,
            melds={first: MeldText("number", "300")},
        )  # fmt: skip
        save_hand(loaded, entry)


def test_the_draw_is_stored_once_and_read_back_for_the_next_round(night, monkeypatch):
    clubresults.pair_next(night)
    assert named_tables(night, 1) == [
        (1, ["Ann & Bob", "Cal & Dee"]),
        (2, ["Eve & Fay", "Gus & Hal"]),
    ]
    assert [e.draw for e in night.entrants] == ["1A", "1A", "1B", "1B", "2A", "2A", "2B", "2B"]
    assert night.draw_round == 1

    def no_second_draw(hat):
        raise AssertionError("the draw is made once")

    monkeypatch.setattr(clubnights, "shuffle_hat", no_second_draw)
    win_each_table(night)
    clubresults.pair_next(night)
    assert named_tables(night, 2) == [
        (1, ["Ann & Bob", "Gus & Hal"]),
        (2, ["Eve & Fay", "Cal & Dee"]),
    ]
    assert clubresults.night_view(night).rotation == (2, 1)
