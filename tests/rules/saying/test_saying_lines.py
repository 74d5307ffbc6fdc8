"""Lines as a table says them (issue 29): any order, filler and dictation's punctuation
ignored, and never a silent guess: a figure or a field that could be two things is asked
about and left empty, what the line lacks is named, a word not understood is said.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity

BROOKLYN = table("brooklyn")  # Ann 1, Bob 2, Cy 3
BOB_350_SPADES_MADE = (2, 350, Suit.SPADES, Outcome.MADE)


def core(line: str, at=BROOKLYN) -> tuple:
    reading = read(line, at)
    return reading.declarer, reading.bid, reading.trump, reading.outcome


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Bob, three fifty in spades, made it", id="as-the-issue-says-it"),
        pytest.param("Bob, 350, spades. Made.", id="dictated-punctuation"),
        pytest.param("bob 350 spades made", id="plain"),
        pytest.param("Bob bid 350 in spades and made it", id="bid-and"),
        pytest.param("Bob took it for three hundred and fifty, spades, makes", id="took-it-for"),
        pytest.param("made it. spades! Bob at 350?", id="any-order"),
        pytest.param("Um, okay, Bob, uh, with the three fifty in spades, made", id="filler"),
        pytest.param("Bob 350 ♠ made", id="a-suit-symbol"),
        pytest.param("Bob for 350 trump spades made", id="for-and-trump"),
        pytest.param("Bob in at 350, spades are trump, made", id="in-at"),
        pytest.param("Bob three hundred fifty s made", id="a-suit-letter"),
    ],
)
def test_bob_350_in_spades_made_however_it_is_said(line):
    assert core(line) == BOB_350_SPADES_MADE
    reading = read(line, BROOKLYN)
    assert reading.missing == () and reading.ambiguous == () and reading.unknown_words == ()


def test_three_fifty_in_words_is_a_bid_of_350():
    assert read("Bob three fifty hearts made", BROOKLYN).bid == 350


def test_a_bid_under_the_games_minimum_is_read_as_said():
    # Brooklyn's least bid is 300; the engine refuses 200 when the hand is entered
    assert read("Bob bid 200 clubs made", BROOKLYN).bid == 200


def test_a_figure_nothing_marks_that_could_be_a_bid_or_meld_is_asked_about():
    # in a chip game Bob's figure could be his bid or his meld (the declarer melds); not his
    # tricks: a single deck's trick points are 250 in all (RULES 3.1)
    reading = read("Bob 350 made", BROOKLYN)
    assert reading.bid is None and reading.melds == () and reading.tricks is None
    assert reading.ambiguous == (Ambiguity("350", ("bid", "Bob's meld")),)
    assert reading.missing == ("bid", "trump")


def test_a_figure_nothing_marks_that_can_only_be_the_bid_is_the_bid():
    # a forfeit is given up unplayed: no meld, no tricks, so the figure can only be the bid
    reading = read("Ann 300 forfeit", table("hoyle"))
    assert (reading.declarer, reading.bid, reading.outcome) == (1, 300, Outcome.FORFEIT)
    assert reading.missing == ()  # a forfeit names no trump


def test_two_outcomes_said_are_asked_about_and_left_empty():
    reading = read("Bob 350 spades made set", BROOKLYN)
    assert reading.outcome is None
    assert reading.ambiguous == (Ambiguity("made / set", ("made", "set")),)
    assert "outcome" in reading.missing


def test_two_players_with_no_other_part_are_asked_about_as_the_declarer():
    reading = read("Bob Cy 350 spades made", BROOKLYN)
    assert reading.declarer is None
    assert reading.ambiguous == (Ambiguity("bob / cy", ("Bob", "Cy")),)


def test_the_same_thing_said_twice_is_read_once():
    assert core("Bob 350 spades made, spades, Bob made it") == BOB_350_SPADES_MADE


def test_words_not_understood_are_said_and_the_rest_is_read():
    reading = read("Bob 350 spades made, lovely hand", BROOKLYN)
    assert core("Bob 350 spades made, lovely hand") == BOB_350_SPADES_MADE
    assert reading.unknown_words == ("lovely",)  # "hand" is filler


def test_a_name_nobody_at_the_table_has_is_not_understood():
    reading = read("Rob 350 spades made", BROOKLYN)
    assert reading.declarer is None and reading.unknown_words == ("rob",)
    assert reading.missing == ("declarer",)


def test_an_empty_line_lacks_every_field_the_hand_asks_for():
    assert read("", BROOKLYN).missing == ("outcome", "declarer", "bid", "trump")


def test_a_figure_never_runs_on_across_a_pause():
    # "three, fifty": two figures, neither 350; fifty before the suit is the bid, and three
    # beside Bob could be his meld or his tricks
    reading = read("Bob, three, fifty, spades, made", BROOKLYN)
    assert reading.bid == 50
    assert reading.ambiguous == (Ambiguity("three", ("Bob's meld", "tricks")),)


def test_a_chip_games_figures_can_stand_for_the_outcome():
    # meld and tricks tell made from set in a chip game: the outcome is not missing
    reading = read("Bob 350 spades, meld 100, took 160", BROOKLYN)
    assert reading.outcome is None and reading.missing == ()
    assert reading.tricks == 160 and [(m.holder, m.figure) for m in reading.melds] == [(None, 100)]
    assert reading.fields()["melds"] == {2: {"mode": "number", "text": "100"}}


def test_a_very_long_line_is_read_whole_and_says_what_it_did_not_understand():
    # how fast is bench/bench_read_line.py's to say (a figure, not a timed test)
    line = "Bob 350 spades made " + "blah " * 5000
    reading = read(line, BROOKLYN)
    assert core(line) == BOB_350_SPADES_MADE
    assert reading.unknown_words == ("blah",) * 5000


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Ann misdealt, same dealer again", id="the-dealer-named"),
        pytest.param("Misdeal, Bob had five nines", id="a-figure-said-with-it"),
    ],
)
def test_a_misdeal_is_entered_with_nothing_but_its_outcome(line):
    # RULES 4.4: a misdeal is redealt by the same dealer; nothing else of the hand is entered
    reading = read(line, BROOKLYN)
    assert reading.outcome is Outcome.MISDEAL
    assert (reading.declarer, reading.bid, reading.trump, reading.melds) == (None, None, None, ())
    assert reading.missing == ()


@pytest.mark.parametrize("line", ["Bob 3:50 clubs made", "Bob 350 clubs made"])
def test_a_figure_dictation_writes_as_a_time_is_the_figure(line):
    # phones' dictation writes "three fifty" as 3:50
    assert core(line) == (2, 350, Suit.CLUBS, Outcome.MADE)


@pytest.mark.parametrize(
    ("game", "line", "outcome"),
    [
        # RULES 5.3: conceded is the single set or single bete; set, the double set or bete
        pytest.param("hoyle", "Bob 330 clubs, single bete", Outcome.CONCEDED, id="single-bete"),
        pytest.param("hoyle", "Bob 330 clubs, double bete", Outcome.SET, id="double-bete"),
        pytest.param("bison", "Ann 260 diamonds, single set", Outcome.CONCEDED, id="single-set"),
        pytest.param(
            "hoyle",
            "Bob 300 spades, the other two gave up",
            Outcome.OPPONENTS_CONCEDED,
            id="the-other-two-gave-up",
        ),
    ],
)
def test_the_tables_names_for_giving_up_are_read(game, line, outcome):
    reading = read(line, table(game))
    assert reading.outcome is outcome
    assert reading.ambiguous == () and reading.unknown_words == ()
