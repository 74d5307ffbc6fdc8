"""The report sessions of the five new games come out as their docstrings work them by hand
(tests/reportsessions.py; RULES 6.3 and 6.4), so the report and export tests that use them
read figures checked here. Balances in full points (a double-deck 70 is 700)."""

from __future__ import annotations

import pytest
import reportsessions as rs
from naming import named

from scorekeeper.services.sessions import load_session
from scorekeeper.services.standings import next_hand


@pytest.fixture
def ctx(app):
    """An app context: the services read and write the test database."""
    with app.app_context():
        yield app


@pytest.mark.parametrize(
    ("builder", "balances"),
    [
        pytest.param(rs.double_deck, {"N & S": 700, "W & E": -600}, id="double-deck"),
        pytest.param(
            rs.six_handed, {"Ann & Dee": 450, "Bob & Eve": 660, "Cal & Fay": 0}, id="six-handed"
        ),
        pytest.param(
            rs.eight_handed,
            {"Ann & Cal & Eve & Gus": 610, "Bob & Dee & Fay & Hal": 240},
            id="eight-handed",
        ),
        pytest.param(rs.two_handed, {"Ann": 580, "Bob": 400}, id="two-handed"),
        pytest.param(rs.cutthroat, {"A": 140, "B": 250, "C": 110, "D": 0}, id="cutthroat"),
        pytest.param(rs.partnership_no_bid, {"N & S": 540, "E & W": 220}, id="partnership-no-bid"),
        pytest.param(
            rs.six_handed_no_bid,
            {"Ann & Cal & Eve": 970, "Bob & Dee & Fay": 550},
            id="six-handed-no-bid",
        ),
        pytest.param(
            rs.six_two_packs,
            {"Ann & Cal & Eve": 1080, "Bob & Dee & Fay": 1070},
            id="six-two-packs",
        ),
        pytest.param(
            rs.eight_two_packs,
            {"Ann & Cal & Eve & Gus": 590, "Bob & Dee & Fay & Hal": 290},
            id="eight-two-packs",
        ),
    ],
)
def test_each_new_games_session_gives_the_figures_worked_by_hand(ctx, builder, balances):
    state = load_session(builder()).state
    assert dict(named(state.balances)) == balances


def test_two_packs_both_past_1000_on_one_hand_play_on(ctx):
    # RULES 6.4, P3: 1080 and 1070 raise the target to 1250; no game has ended.
    state = load_session(rs.six_two_packs()).state
    assert not state.games


def test_a_raised_target_is_the_one_the_table_plays_to(ctx):
    # RULES 6.4, P3: after 1080 and 1070 the next hand is played to 1250, raised from 1000.
    nxt = next_hand(load_session(rs.six_two_packs()))
    assert (nxt.target, nxt.raised_from) == (1250, 1000)
