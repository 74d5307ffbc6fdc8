"""Table talk met in sentences written apart from the reader (issue 29,
``bench/sayings/third.json``), each class read by a general rule with its fields worked out
from the rules: punctuation said aloud, the auction's own words ("opened", "said", "passed"),
words that only weigh a figure ("only", "even"), figures read out ("three oh five"), melds named
with a figure in words ("eighty kings", "a hundred aces", "two dix"), the last trick said short,
when a hand was given up, and everyone passing said another way. What could be either side is
asked.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


@pytest.mark.parametrize(
    ("game", "line", "declarer", "bid", "trump", "outcome"),
    [
        # Ann 1, Bob 2, Cy 3 (Brooklyn with a pot deals three in); Bob's 280 tops Cy's 260
        pytest.param("brooklyn-pot", "Cy bid two sixty, Bob said two eighty, Cy passed, and "
                     "Bob made it in spades", 2, 280, S, Outcome.MADE, id="said-and-passed"),
        pytest.param("brooklyn", "Bob opened at three hundred, Cy three ten, Bob passes. Cy, "
                     "hearts, made", 3, 310, H, Outcome.MADE, id="opened-at"),
        pytest.param("brooklyn", "Cy won it at three thirty, clubs, went set",
                     3, 330, C, Outcome.SET, id="won-it-at"),
        pytest.param("brooklyn", "Bob comma four hundred even comma spades period made", 2, 400,
                     S, Outcome.MADE, id="punctuation-said-and-even"),
        pytest.param("hoyle", "Bob went three eighty in hearts, then after the widow he wanted "
                     "out so he conceded", 2, 380, H, Outcome.CONCEDED, id="wanted-out"),
        pytest.param("brooklyn-pot", "Cy conceded at two eighty, didn't like the widow", 3, 280,
                     None, Outcome.CONCEDED, id="didnt-like-the-widow"),
    ],
)  # fmt: skip
def test_the_auctions_own_words_and_asides_are_read_through(
    game, line, declarer, bid, trump, outcome
):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        declarer, bid, trump, outcome,
    )  # fmt: skip
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_name_that_is_a_punctuation_word_is_still_the_player():
    at = table("brooklyn", ("Comma", "Bob", "Cy"))
    reading = read("Comma 300 spades made", at)
    assert (reading.declarer, reading.bid) == (1, 300)


def test_only_weighs_a_figure_and_fills_nothing():
    # partnership (RULES 6.2): Ann & Cy bid; Bob & Dee took 90 of 250, so Ann & Cy took 160
    reading = read("Ann bid two eighty, clubs, and Bob and Dee only took ninety in tricks",
                   table("partnership"))  # fmt: skip
    assert (reading.declarer, reading.bid, reading.tricks) == (1, 280, 160)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_figure_read_out_digit_by_digit_gives_the_other_team_the_rest():
    # eight-handed on two packs (RULES 6.4): no bid; the figure is the first seat's team's:
    # Bob, Dee, Fay and Hal took 305 of 490, Ann's team 185
    reading = read("Hearts turned. Bob, Dee, Fay and Hal took three oh five",
                   table("eight-two-packs"))  # fmt: skip
    assert (reading.trump, reading.tricks) == (H, 185)


@pytest.mark.parametrize(
    ("game", "line", "melds"),
    [
        # Bison (RULES 2.1, single deck): a run 150 and kings around 80 in diamonds
        pytest.param("bison", "Cy, uh, three thirty in diamonds, Cy had the rope and eighty "
                     "kings", (Meld(3, 230),), id="eighty-kings"),
        # Hoyle: aces around 100 and a pinochle 40
        pytest.param("hoyle", "three twenty diamonds Bob. a hundred aces and a pinochle.",
                     (Meld(None, 140),), id="a-hundred-aces"),
        # two packs (RULES 2.6): two dix 20, a royal marriage 40 in clubs
        pytest.param("six-two-packs", "clubs are trump, Eve has two dix that's twenty, Cy has a "
                     "royal marriage", (Meld(3, 40), Meld(5, 20)), id="two-dix"),
    ],
)  # fmt: skip
def test_a_meld_named_with_its_figure_in_words_is_that_meld(game, line, melds):
    reading = read(line, table(game))
    worth = {(m.holder if m.holder else reading.declarer, m.figure) for m in reading.melds}
    assert worth == {(m.holder if m.holder else reading.declarer, m.figure) for m in melds}


def test_had_last_is_the_last_trick():
    reading = read("Bob two sixty spades. Counters Ann six, Bob fourteen, Cy four, Bob had "
                   "last. Made it", table("bison"))  # fmt: skip
    assert reading.last_trick == 2 and reading.unknown_words == ()


def test_nobody_wanting_it_and_throwing_them_in_is_everyone_passing():
    # eight-handed throws in a hand everyone passed (RULES 4.3, throw-in)
    reading = read("nobody wanted it, we threw them in", table("eight-handed"))
    assert reading.outcome is Outcome.ALL_PASS


def test_they_conceded_is_asked_where_the_opponents_may_concede_too():
    # Hoyle (RULES 5.3): the declarer concedes, or the opponents do: "they" is either side
    reading = read("Bob four fifty in clubs, they conceded", table("hoyle"))
    assert reading.outcome is None
    assert any({"conceded", "opponents conceded"} <= set(a.could_be) for a in reading.ambiguous)


def test_conceded_to_him_is_the_opponents_concession():
    # nobody concedes to himself: conceded to the declarer is the opponents' (RULES 5.3)
    reading = read("Bob four fifty in clubs, they conceded to him", table("hoyle"))
    assert reading.outcome is Outcome.OPPONENTS_CONCEDED


@pytest.mark.parametrize(
    ("game", "line", "trump", "holder", "figure"),
    [
        # two packs (RULES 2.6): a pinochle 40, a marriage in spades 20 (hearts trump), a dix 10
        pytest.param("eight-two-packs", "hearts trump, Gus pinochle, marriage in spades and a "
                     "dix", H, 7, 70, id="a-marriage-in-another-suit"),
        # Brooklyn with a pot (RULES 2.1): a double pinochle 80 and a marriage of clubs 20
        pytest.param("brooklyn-pot", "Ann 310 on hearts. double pinochle and a marriage in "
                     "clubs. took 212. made", H, None, 100, id="a-marriage-beside-trump-said"),
    ],
)  # fmt: skip
def test_a_marriage_said_with_its_suit_is_that_suits_and_trump_stays(
    game, line, trump, holder, figure
):
    reading = read(line, table(game))
    assert reading.trump is trump and reading.ambiguous == ()
    assert [(m.holder, m.figure) for m in reading.melds] == [(holder, figure)]
