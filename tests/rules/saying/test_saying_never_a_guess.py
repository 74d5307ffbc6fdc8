"""Lines a table says that could be read wrong and must not be (issue 29: never a silent
guess): "they" beside a figure names no side, and a figure no bid can be is no bid."""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.saying import Ambiguity, Meld

FOUR = ("Ann", "Bob", "Cy", "Dee")


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("partnership", "Cy 270 hearts made, they took 100"),
        ("brooklyn", "Bob 350 spades, they took 100"),
        ("double-deck", "Ann 60 spades made, they had 20 meld"),
    ],
    ids=["partnership-they-took", "brooklyn", "double-deck-meld"],
)
def test_they_beside_a_figure_is_asked_whose_it_is_among_the_players(game, line):
    # "they" after the bidder could be the bidders or the others: never taken as either
    at = table(game)
    reading = read(line, at)
    names = tuple(seat.name for seat in at.seats)
    assert Ambiguity("they", names) in reading.ambiguous
    assert reading.tricks is None and reading.takes == ()


def test_they_said_of_no_figure_is_a_filler_word():
    reading = read("Cy 270 hearts, they made it", table("partnership"))
    assert (reading.declarer, reading.bid, reading.outcome) == (3, 270, Outcome.MADE)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("bison", "all three passed"),
        ("partnership", "they all passed"),
        ("six-handed", "All six passed."),
    ],
    ids=["bison-all-three", "partnership-they-all", "six-handed-all-six"],
)
def test_all_of_them_passing_is_everyone_passed(game, line):
    reading = read(line, table(game))
    assert reading.outcome is Outcome.ALL_PASS
    assert reading.bid is None and reading.unknown_words == ()


def test_a_figure_under_the_lowest_bid_is_not_read_as_the_bid():
    # Bison's lowest bid is 250 (RULES 4.1, `min_bid`): a bare 3 that could only be the bid
    # is no bid.
    reading = read("Hearts, 3", table("bison"))
    assert reading.bid is None
    assert "3" in reading.unknown_words


def test_one_opponents_tricks_do_not_give_the_declarer_the_rest_where_two_play_against():
    # Brooklyn deals three in (RULES 5.2): Ann is one of Bob's two opponents, so her 100 says
    # nothing of Bob's tricks (250 less Ann's and Cy's, RULES 3.1)
    reading = read("Bob 350 spades made, Ann took 100", table("brooklyn"))
    assert reading.tricks is None
    assert reading.unknown_words == ("ann took 100",)


@pytest.mark.parametrize("game", ["brooklyn", "bison", "two-handed"])
def test_two_players_who_are_no_team_said_together_with_a_figure_are_asked_whose_it_is(game):
    reading = read("Ann and Bob took 100", table(game))
    assert reading.ambiguous == (Ambiguity("ann and bob", ("Ann", "Bob")),)
    assert (reading.declarer, reading.tricks, reading.takes, reading.melds) == (None, None, (), ())


def test_a_figure_a_pause_parts_from_the_cue_after_it_is_not_that_cues():
    # "took 190, meld 120": 190 is the tricks (RULES 3.3) and 120 the meld, never swapped
    reading = read("Bob 350 spades, took 190, meld 120", table("brooklyn"))
    assert (reading.tricks, reading.melds) == (190, (Meld(None, 120),))


def test_a_players_figure_before_a_comma_is_not_the_take_said_after_it():
    # Two-handed enters each player's take (RULES 6.4): "Bob 20, took Ann 140" says Ann's take
    # only; Bob's 20 could be his meld or his take, so it is asked
    reading = read("hearts, Ann 60 Bob 20, took Ann 140", table("two-handed"))
    assert reading.takes == ((1, 140),)
    assert Ambiguity("20", ("Bob's meld", "Bob's tricks")) in reading.ambiguous
