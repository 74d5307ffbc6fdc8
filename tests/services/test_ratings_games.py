"""The games a rating counts, from sessions of every game and table shape (tests/
reportsessions.py and tests/views/test_game_over.py, their figures worked out there): each
finished points game places its winner first and the rest by score; each ended chip session
places its players by their net, the kitty's or pot's share included; equal figures share."""

from __future__ import annotations

import pytest
import reportsessions as rs
from views.test_game_over import ENDINGS, play_ending

from scorekeeper.rules.holders import members
from scorekeeper.services.history.ratings import table_ratings
from scorekeeper.services.history.ratings_games import rated_games
from scorekeeper.services.history.stats import load_table_sessions
from scorekeeper.services.sessions import end_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work


def places_of(app) -> list[dict[str, int]]:
    """Each rated game of the table: every side (by name) and its place."""
    with app.app_context():
        games = rated_games(load_table_sessions(default_table()))
        return [{str(p.side): p.place for p in game.placings} for game in games]


def ended(app, builder, *args) -> int:
    """A session of ``builder``, ended."""
    with app.app_context():
        with unit_of_work():
            sid = builder(*args)
        with unit_of_work():
            end_session(load_session(sid, default_table()))
    return sid


@pytest.mark.parametrize(
    ("builder", "args", "places"),
    [
        # nets Ann -2, Bob +14, Cal -10, Dan -2 (Dan sat out hand 1 and still paid)
        pytest.param(rs.brooklyn, (), {"Bob": 1, "Ann": 2, "Dan": 2, "Cal": 4}, id="brooklyn"),
        # the pot's 39 units divided, 13 each: Ann 32, Bob -64, Cal 32
        pytest.param(rs.brooklyn_pot, (), {"Ann": 1, "Cal": 1, "Bob": 3}, id="brooklyn-pot"),
        # Ann -7, Bob +43, Cal -7, Dan -31; the kitty's 2 units divide to nothing each
        pytest.param(rs.hoyle, (), {"Bob": 1, "Ann": 2, "Cal": 2, "Dan": 4}, id="hoyle"),
        # Dan got up after hand 2 with -31: still ranked, by what he took away
        pytest.param(rs.hoyle, (True,), {"Bob": 1, "Ann": 2, "Cal": 2, "Dan": 4}, id="hoyle-left"),
        # Ann -19, Bob -22, Cal +41, the kitty empty
        pytest.param(rs.hoyle_variation, (), {"Cal": 1, "Ann": 2, "Bob": 3}, id="hoyle-3"),
    ],
)
def test_an_ended_chip_session_places_players_by_their_net(app, builder, args, places):
    ended(app, builder, *args)

    assert places_of(app) == [places]


def test_a_chip_session_not_ended_is_not_rated_yet(app):
    with app.app_context(), unit_of_work():
        rs.brooklyn()

    assert places_of(app) == []


@pytest.mark.parametrize(
    ("builder", "places"),
    [
        # Bob reaches 500 (590) and the bidder Ann (380) does not; Cal -240. Game 2 unfinished.
        pytest.param(rs.bison, {"Bob": 1, "Ann": 2, "Cal": 3}, id="bison"),
        # Ann & Cal 71 against Bob & Dan 15
        pytest.param(rs.partnership, {"Ann & Cal": 1, "Bob & Dan": 2}, id="partnership"),
    ],
)
def test_a_finished_points_game_places_its_winner_then_the_scores(app, builder, places):
    with app.app_context(), unit_of_work():
        builder()

    assert places_of(app) == [places]


@pytest.mark.parametrize(
    "builder",
    [
        rs.double_deck, rs.six_handed, rs.eight_handed, rs.two_handed, rs.cutthroat,
        rs.summed_bids, rs.partnership_no_bid, rs.six_handed_no_bid, rs.six_two_packs,
        rs.eight_two_packs,
    ],
    ids=lambda builder: builder.__name__,
)  # fmt: skip
def test_a_points_game_still_going_rates_nobody(app, builder):
    with app.app_context(), unit_of_work():
        builder()

    assert places_of(app) == []
    with app.app_context():
        assert table_ratings(default_table()).rated == ()


ENDED_PLACES = {
    # Ann 580, Bob 400
    "two-handed": {"Ann": 1, "Bob": 2},
    # A 140, B 250, C 110, D 0: B reaches 250
    "cutthroat": {"B": 1, "A": 2, "C": 3, "D": 4},
    # N & S 70 (past 60), W & E 0
    "double-deck": {"N & S": 1, "W & E": 2},
    # two teams of four: Ann's 590, Bob's 290
    "eight-two-packs": {"Ann & Cal & Eve & Gus": 1, "Bob & Dee & Fay & Hal": 2},
}


@pytest.mark.parametrize("system", list(ENDED_PLACES))
def test_every_game_shape_that_ends_places_its_sides(app, system):
    names = ENDINGS[system][1]
    play_ending(app, system)

    assert places_of(app) == [ENDED_PLACES[system]]
    with app.app_context():
        ratings = table_ratings(default_table())
    winners = [side for side, place in ENDED_PLACES[system].items() if place == 1]
    top = ratings.rated[0]
    assert any(top.name in side.split(" & ") for side in winners)
    assert {r.name for r in ratings.rated} == set(names)


def test_two_teams_of_three_are_rated_once_the_raised_target_is_reached(app):
    with app.app_context():
        with unit_of_work():
            sid = rs.six_two_packs()  # 1080 to 1070, both past 1000: the target rises to 1250
        # Hand 3: Ann melds 100 and her team takes 400: 1080 + 500 = 1580, past 1250; Bob's
        # team, without meld, takes 90: at most 1160. Ann, Cal and Eve win.
        with unit_of_work():
            rs._add(sid, trump="D", tricks=400, melds={"Ann": "100"})
        ratings = table_ratings(default_table())
        game = rated_games([load_session(sid, default_table())])[0]

    assert [(str(p.side), p.place) for p in game.placings] == [
        ("Ann & Cal & Eve", 1), ("Bob & Dee & Fay", 2),
    ]  # fmt: skip
    assert game.placings[0].figure == 1580
    winners = {r.name for r in ratings.rated[:3]}
    assert winners == {"Ann", "Cal", "Eve"}
    ann = ratings.of(ratings.rated[0].player.id)
    assert {m.name for m in members(ann.steps[0].side)} == {"Ann", "Cal", "Eve"}  # type: ignore[union-attr]
    assert len({r.figure for r in ratings.rated[:3]}) == 1  # partners move alike
