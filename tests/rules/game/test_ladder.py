"""The bid ladder (RULES section 4.2): a minimum, and steps that may widen as the bid rises.

Figures from the sources, in full points (the table writes them divided by ``scale``):

- single deck (seeds 000 and 002): from 300 in tens, all the way;
- double-deck partnership (pagat's double-deck page, bradwilson.io): bids start at 50 and go
  up by 1 until 60, then by 5; written without the trailing zero, that is 500 full points up
  in tens, then from 600 in fifties;
- Joe Andrews (ourpastimes.com, "How to Play Double Deck Partnership Pinochle"): also by 10
  from 100, so from 1000 full points in hundreds;
- Wikipedia's Pinochle article (seed 003): each bid "a multiple of 10 or 25", so a ladder
  from 250 in twenty-fives at scale 1.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import OptionError, RuleError, option
from scorekeeper.rules.game.ladder import BidLadder, Rung, format_rungs, parse_rungs

SINGLE = BidLadder(300, 10)
DOUBLE = BidLadder(500, 10, (Rung(600, 50),), scale=10)
ANDREWS = BidLadder(500, 10, (Rung(600, 50), Rung(1000, 100)), scale=10)
DOUBLE_FULL = BidLadder(500, 10, (Rung(600, 50),))  # the same bids, written in full points
TWENTY_FIVES = BidLadder(250, 25)


# -- which bids are on the ladder ------------------------------------------------------------


@pytest.mark.parametrize(
    ("ladder", "bid", "on"),
    [
        pytest.param(SINGLE, 300, True, id="single: 300, the minimum"),
        pytest.param(SINGLE, 340, True, id="single: 340 (endings are another rule)"),
        pytest.param(SINGLE, 305, False, id="single: 305 between tens"),
        pytest.param(SINGLE, 290, False, id="single: 290 below the minimum"),
        pytest.param(DOUBLE, 510, True, id="double: 51 in ones"),
        pytest.param(DOUBLE, 590, True, id="double: 59 in ones"),
        pytest.param(DOUBLE, 600, True, id="double: 60, the rung"),
        pytest.param(DOUBLE, 610, False, id="double: 61 is past the ones"),
        pytest.param(DOUBLE, 620, False, id="double: 62 is past the ones"),
        pytest.param(DOUBLE, 650, True, id="double: 65 in fives"),
        pytest.param(DOUBLE, 1050, True, id="double: 105 still in fives"),
        pytest.param(ANDREWS, 1050, False, id="andrews: 105 is past the fives"),
        pytest.param(ANDREWS, 1100, True, id="andrews: 110 in tens"),
        pytest.param(ANDREWS, 950, True, id="andrews: 95, the last five"),
        pytest.param(TWENTY_FIVES, 275, True, id="wikipedia: 275"),
        pytest.param(TWENTY_FIVES, 260, False, id="wikipedia: 260 is between 25s"),
    ],
)
def test_a_bid_is_on_the_ladder_when_its_stretch_steps_onto_it(ladder, bid, on):
    assert ladder.is_on_ladder(bid) is on


@pytest.mark.parametrize(
    ("ladder", "start", "count", "bids"),
    [
        pytest.param(SINGLE, None, 4, [300, 310, 320, 330], id="single from the minimum"),
        pytest.param(
            DOUBLE,
            570,
            7,
            [570, 580, 590, 600, 650, 700, 750],
            id="double: 57 58 59 60 then 65 70 75",
        ),
        pytest.param(
            ANDREWS, 900, 5, [900, 950, 1000, 1100, 1200], id="andrews: 90 95 100 then 110 120"
        ),
        pytest.param(DOUBLE, 612, 2, [650, 700], id="double: from 61.2 up is 65"),
        pytest.param(DOUBLE, 0, 3, [500, 510, 520], id="double: below the minimum starts at 50"),
        pytest.param(TWENTY_FIVES, 251, 3, [275, 300, 325], id="wikipedia: 251 up is 275"),
    ],
)
def test_bids_climb_the_ladder_from_a_start(ladder, start, count, bids):
    assert ladder.bids(start, count) == bids


@pytest.mark.parametrize(
    ("ladder", "bid", "after", "before"),
    [
        pytest.param(SINGLE, 300, 310, None, id="single: nothing below the minimum"),
        pytest.param(SINGLE, 305, 310, 300, id="single: 305 sits between 300 and 310"),
        pytest.param(SINGLE, 250, 300, None, id="single: below the minimum goes to it"),
        pytest.param(DOUBLE, 590, 600, 580, id="double: 59 between 58 and 60"),
        pytest.param(DOUBLE, 600, 650, 590, id="double: 60 between 59 and 65"),
        pytest.param(DOUBLE, 620, 650, 600, id="double: 62 between 60 and 65"),
        pytest.param(DOUBLE, 650, 700, 600, id="double: 65 between 60 and 70"),
        pytest.param(ANDREWS, 1000, 1100, 950, id="andrews: 100 between 95 and 110"),
        pytest.param(ANDREWS, 1020, 1100, 1000, id="andrews: 102 between 100 and 110"),
    ],
)
def test_next_and_previous_bid_step_over_each_rung(ladder, bid, after, before):
    assert ladder.next_bid(bid) == after
    assert ladder.previous_bid(bid) == before


# -- refusals name the rule ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ladder", "bid", "words"),
    [
        pytest.param(
            DOUBLE,
            620,
            "Bid 62 is off the ladder: from 60 bids go up in fives (60, 65, 70).",
            id="double: 62",
        ),
        pytest.param(
            DOUBLE_FULL,
            620,
            "Bid 620 is off the ladder: from 600 bids go up in fifties (600, 650, 700).",
            id="double in full points: 620",
        ),
        pytest.param(
            ANDREWS,
            1050,
            "Bid 105 is off the ladder: from 100 bids go up in tens (100, 110, 120).",
            id="andrews: 105",
        ),
        pytest.param(
            SINGLE,
            305,
            "Bid 305 is off the ladder: from 300 bids go up in tens (300, 310, 320).",
            id="single: 305",
        ),
        pytest.param(
            TWENTY_FIVES,
            260,
            "Bid 260 is off the ladder: from 250 bids go up in twenty-fives (250, 275, 300).",
            id="wikipedia: 260",
        ),
        pytest.param(DOUBLE, 490, "Bid 49 is below the minimum bid of 50.", id="double: 49"),
        pytest.param(DOUBLE, 495, "Bid 49.5 is below the minimum bid of 50.", id="half a point"),
    ],
)
def test_a_bid_off_the_ladder_is_refused_naming_its_stretch(ladder, bid, words):
    assert ladder.problem(bid) == words


def test_the_examples_shown_can_leave_out_bids_another_rule_forbids():
    # From 250 in fifties with no bid ending in 00 (the table's own rule): 250, 350, 450.
    ladder = BidLadder(250, 50)
    problem = ladder.problem(260, allowed=lambda bid: bid % 100 != 0)
    assert problem == "Bid 260 is off the ladder: from 250 bids go up in fifties (250, 350, 450)."


def test_a_bid_on_the_ladder_has_no_problem():
    assert ANDREWS.problem(1100) is None
    assert DOUBLE.problem(650) is None


@pytest.mark.parametrize(
    ("ladder", "name", "words"),
    [
        pytest.param(
            (500, 50, (Rung(600, 10),), 10),
            "bid_rungs",
            "Wider bid steps from 60 in ones: bid steps only widen as the bid rises, "
            "and ones are not wider than the fives below.",
            id="the step narrows",
        ),
        pytest.param(
            (300, 10, (Rung(400, 10),), 1),
            "bid_rungs",
            "Wider bid steps from 400 in tens: bid steps only widen as the bid rises, "
            "and tens are not wider than the tens below.",
            id="the step stays the same",
        ),
        pytest.param(
            (300, 20, (Rung(350, 50),), 1),
            "bid_rungs",
            "Wider bid steps from 350 in fifties: 350 is not a bid of the ladder below it; "
            "from 300 bids go up in twenties (300, 320, 340).",
            id="the rung is off the ladder below",
        ),
        pytest.param(
            (500, 10, (Rung(1000, 100), Rung(600, 50)), 10),
            "bid_rungs",
            "Wider bid steps from 60 in fives: each wider step starts above the one below it, "
            "and this one does not start above 100.",
            id="rungs out of order",
        ),
        pytest.param(
            (500, 10, (Rung(500, 50),), 10),
            "bid_rungs",
            "Wider bid steps from 50 in fives: each wider step starts above the one below it, "
            "and this one does not start above 50.",
            id="a rung at the minimum",
        ),
        pytest.param(
            (250, 25, (), 10),
            "bid_step",
            "Bid step must be a whole number as the table writes it, without the trailing "
            "zero: 2.5 is not.",
            id="steps of 25 cannot be written at scale 10",
        ),
        pytest.param(
            (305, 10, (), 1),
            "min_bid",
            "Minimum bid must be a multiple of 10 or 25 points, not 305.",
            id="305 is neither 10s nor 25s",
        ),
        pytest.param((300, 0, (), 1), "bid_step", "Bid step must be more than 0.", id="step 0"),
        pytest.param(
            (300, 10, (Rung(400, 15),), 1),
            "bid_rungs",
            "A wider bid step must be a multiple of 10 or 25 points, not 15.",
            id="a rung step of 15",
        ),
        pytest.param(
            (300, 10, tuple(Rung(300 + 100 * n, 10 * 2**n) for n in range(1, 10)), 1),
            "bid_rungs",
            "Wider bid steps: at most 8 rungs, not more.",
            id="nine rungs",
        ),
    ],
)
def test_a_ladder_that_narrows_or_cannot_be_written_is_refused(ladder, name, words):
    with pytest.raises(OptionError) as caught:
        BidLadder(*ladder)
    assert isinstance(caught.value, RuleError) and isinstance(caught.value, ValueError)
    assert caught.value.where == option(name)
    assert caught.value.rule == words


def test_steps_of_25_are_fine_at_scale_1():
    assert TWENTY_FIVES.bids(count=5) == [250, 275, 300, 325, 350]
    assert BidLadder(300, 10, (Rung(500, 25),)).bids(480, 4) == [480, 490, 500, 525]


# -- written and read: the ladder in words ---------------------------------------------------


@pytest.mark.parametrize(
    ("ladder", "words"),
    [
        pytest.param(SINGLE, "from 300 in tens", id="single deck"),
        pytest.param(DOUBLE, "from 50 in ones, from 60 in fives", id="double deck at scale 10"),
        pytest.param(
            DOUBLE_FULL, "from 500 in tens, from 600 in fifties", id="the same bids in full"
        ),
        pytest.param(
            ANDREWS,
            "from 50 in ones, from 60 in fives, from 100 in tens",
            id="andrews at scale 10",
        ),
        pytest.param(TWENTY_FIVES, "from 250 in twenty-fives", id="wikipedia's 25s"),
        pytest.param(BidLadder(300, 30), "from 300 in steps of 30", id="a step with no word"),
    ],
)
def test_a_ladder_is_written_in_words_and_read_back(ladder, words):
    assert ladder.format() == words
    assert BidLadder.parse(words, ladder.scale) == ladder


@pytest.mark.parametrize(
    ("text", "scale", "rungs"),
    [
        pytest.param("from 60 in fives", 10, (Rung(600, 50),), id="words at scale 10"),
        pytest.param("from 600 in fifties", 1, (Rung(600, 50),), id="the same in full points"),
        pytest.param("60:5", 10, (Rung(600, 50),), id="compact"),
        pytest.param("From 60 in 5s", 10, (Rung(600, 50),), id="5s"),
        pytest.param("from 60 in steps of 5", 10, (Rung(600, 50),), id="steps of"),
        pytest.param("from 60 by 5", 10, (Rung(600, 50),), id="by"),
        pytest.param(
            "from 60 in fives; then 100:10",
            10,
            (Rung(600, 50), Rung(1000, 100)),
            id="two rungs, mixed writing",
        ),
        pytest.param(
            "from 60 in fives and from 100 in tens",
            10,
            (Rung(600, 50), Rung(1000, 100)),
            id="two rungs joined by and",
        ),
        pytest.param("", 10, (), id="nothing is no rung"),
        pytest.param("None", 1, (), id="None is no rung"),
    ],
)
def test_rungs_are_read_as_the_table_writes_them(text, scale, rungs):
    assert parse_rungs(text, scale) == rungs


def test_rungs_are_written_as_the_table_writes_them():
    assert (
        format_rungs((Rung(600, 50), Rung(1000, 100)), 10) == "from 60 in fives, from 100 in tens"
    )
    assert format_rungs((Rung(600, 50),), 1) == "from 600 in fifties"
    assert format_rungs((), 1) == "None"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("sixty in fives", id="a figure in words"),
        pytest.param("from 60 in sevens", id="a step word not known"),
        pytest.param("60", id="no step"),
        pytest.param("from 6" + "0" * 30 + " in fives", id="a figure too long to read"),
    ],
)
def test_words_that_are_no_rung_are_refused_naming_the_option(text):
    with pytest.raises(OptionError) as caught:
        parse_rungs(text, 10)
    assert caught.value.where == option("bid_rungs")
    assert "is not a step such as 'from 60 in fives' or '60:5'" in caught.value.rule


def test_a_ladder_needs_a_first_stretch():
    with pytest.raises(OptionError) as caught:
        BidLadder.parse("none")
    assert caught.value.where == option("min_bid")
