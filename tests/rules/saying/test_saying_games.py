"""Every registered game reads the core of a hand said in one line (issue 29): the declarer, the
bid, trump and how the hand ended, in the game's own words and units, asked of the game's
options (its outcomes, whether it bids), never of its name.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.variant import GAMES
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity
from scorekeeper.rules.saying.words import THROWN_IN

GAME_KEYS = list(GAMES)
BIDDING = [key for key in GAME_KEYS if Options.preset(key).auction]
NOT_BIDDING = [key for key in GAME_KEYS if not Options.preset(key).auction]

# The words the issue names for each way a hand ends, as a table says them.
SAID_OUTCOMES = [
    ("made", Outcome.MADE),
    ("made it", Outcome.MADE),
    ("makes", Outcome.MADE),
    ("set", Outcome.SET),
    ("went set", Outcome.SET),
    ("got set", Outcome.SET),
    ("bumped", Outcome.SET),
    ("conceded", Outcome.CONCEDED),
    ("thrown in", Outcome.CONCEDED),
    ("threw it in", Outcome.CONCEDED),
    ("forfeit", Outcome.FORFEIT),
    ("misdeal", Outcome.MISDEAL),
    ("everyone passed", Outcome.ALL_PASS),
    ("all passed", Outcome.ALL_PASS),
    ("passed out", Outcome.ALL_PASS),
]


def test_both_kinds_of_game_are_registered():
    assert BIDDING and NOT_BIDDING


@pytest.mark.parametrize("game", BIDDING)
def test_a_bidding_game_reads_declarer_bid_trump_and_made(game):
    options = Options.preset(game)
    least = options.to_table(options.min_bid)  # the minimum bid as the table writes it
    reading = read(f"Bob, bid {least} in spades, made it", table(game))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        2,
        least,
        Suit.SPADES,
        Outcome.MADE,
    )
    assert not {"declarer", "bid", "trump", "outcome"} & set(reading.missing)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize("game", BIDDING)
def test_a_bidding_game_reads_a_figure_before_the_suit_as_the_bid(game):
    options = Options.preset(game)
    bid = options.to_table(options.min_bid) + options.to_table(options.bid_step)
    reading = read(f"Cy {bid} hearts set", table(game))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        3,
        bid,
        Suit.HEARTS,
        Outcome.SET,
    )


@pytest.mark.parametrize("game", NOT_BIDDING)
def test_a_game_without_a_bid_reads_trump_and_asks_no_declarer_or_bid(game):
    reading = read("clubs", table(game))
    assert reading.trump is Suit.CLUBS
    assert reading.declarer is None and reading.bid is None
    assert not {"declarer", "bid", "outcome"} & set(reading.missing)


@pytest.mark.parametrize("game", NOT_BIDDING)
def test_a_game_without_a_bid_does_not_take_a_name_alone_as_a_declarer(game):
    reading = read("Ann clubs", table(game))
    assert reading.declarer is None
    assert reading.unknown_words == ("ann",)


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize(("words", "outcome"), SAID_OUTCOMES, ids=[w for w, _ in SAID_OUTCOMES])
def test_an_outcome_word_is_read_in_a_game_that_has_the_outcome(game, words, outcome):
    reading = read(words, table(game))
    outcomes = Options.preset(game).outcomes
    if words == "thrown in" and Outcome.OPPONENTS_CONCEDED.value in outcomes:
        # it does not say which side gave the hand up, where the opponents may (Hoyle)
        assert reading.outcome is None
        assert reading.ambiguous == (Ambiguity("thrown in", ("conceded", "opponents conceded")),)
    elif words in THROWN_IN and Outcome.ALL_PASS.value in outcomes:
        # said of no bid and no declarer: a concession, or the hand everyone passed thrown in
        # (RULES 4.3)? Asked
        assert reading.outcome is None
        assert reading.ambiguous == (Ambiguity(words, ("conceded", "all passed")),)
    elif outcome.value in outcomes:
        assert reading.outcome is outcome
        assert reading.unknown_words == ()
    else:  # not a way this game's hand ends: said not understood
        assert reading.outcome is None
        assert reading.unknown_words == (words,)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_hand_nobody_played_asks_for_nothing_more(game):
    reading = read("misdeal", table(game))
    assert reading.outcome is Outcome.MISDEAL
    assert reading.missing == ()


SUIT_SAID = [
    (said, suit)
    for suit, words in {
        Suit.SPADES: ("spades", "spade", "S", "♠", "♤"),
        Suit.HEARTS: ("hearts", "heart", "H", "♥"),
        Suit.DIAMONDS: ("diamonds", "diamond", "D", "♦"),
        Suit.CLUBS: ("clubs", "club", "C", "♣"),
    }.items()
    for said in words
]


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize(("said", "suit"), SUIT_SAID, ids=[s for s, _ in SUIT_SAID])
def test_a_suit_is_read_as_a_word_singular_or_plural_a_letter_or_a_symbol(game, said, suit):
    assert read(f"trump {said}", table(game)).trump is suit


@pytest.mark.parametrize("game", GAME_KEYS)
def test_no_trump_is_not_understood_where_the_game_has_no_no_trump(game):
    reading = read("no trump", table(game))
    assert reading.trump is None
    assert reading.unknown_words == ("no trump",)


@pytest.mark.parametrize("game", BIDDING)
def test_a_bidding_game_lists_the_core_fields_a_line_lacks(game):
    reading = read("hearts", table(game))
    assert {"outcome", "declarer", "bid"} <= set(reading.missing)
    assert "trump" not in reading.missing


def test_every_game_with_a_bid_reads_the_bidder_and_the_bid_of_the_same_line():
    # how fast each game reads it is bench/bench_read_line.py's to say, not a timed test
    line = "Bob, three fifty in spades. Made it, meld 60, took 160"
    for game in GAME_KEYS:
        reading = read(line, table(game))
        if table(game).asks.bid:
            assert (reading.declarer, reading.bid, reading.unknown_words) == (2, 350, ()), game
        else:  # without a bid, nobody "made it" and 350 is nobody's bid
            assert reading.bid is None and "made it" in reading.unknown_words, game
