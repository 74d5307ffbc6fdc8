"""Meld (RULES section 2 and the worked examples of the seeds): by cards, by named melds, by number.

Every expected figure was worked out by hand from the meld table of RULES section 2:
run 150 (double 1500), royal marriage 40 (80), marriage 20 (40), dix 10 each, pinochle 40
(300), aces / kings / queens / jacks around 100 / 80 / 60 / 40 (1000 / 800 / 600 / 400). The
big double figures apply only under ``double_meld_bonus``; otherwise a double is two singles.
The arithmetic is in each case's id.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import (
    HandSizeError,
    MeldError,
    Part,
    RuleError,
    TrumpError,
    Where,
)
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.pack.cards import DECK, SUITS, Hand, Rank, Suit
from scorekeeper.rules.pack.meld import (
    Claim,
    MeldCounts,
    MeldKind,
    attainable_totals,
    cards_needed,
    check_meld_number,
    format_claims,
    is_attainable,
    meld_by_trump,
    meld_from_cards,
    meld_from_claims,
    meld_points,
    parse_claims,
    roundhouse_bonus,
    score_melds,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

BROOKLYN = Options.preset("brooklyn")  # double_meld_bonus off, 350, 80
BISON = Options.preset("bison")  # double_meld_bonus on, 350, 80
PARTNERSHIP = Options.preset("partnership")  # bonus on, 12-card hands
RH390 = replace(BROOKLYN, roundhouse_with_run=390)
DTM240 = replace(BROOKLYN, double_trump_marriage=240)
BISON_DTM240 = replace(BISON, double_trump_marriage=240)
PARTNERSHIP_10 = Options.from_dict({"system": "partnership", "scale": "10"})

# Hands used more than once.
RUN_H = "AH TH KH QH JH"
ROUNDHOUSE = "KS QS KH QH KD QD KC QC"  # K and Q of every suit
ROUNDHOUSE_AND_RUN_H = "AH TH KH QH JH KS QS KD QD KC QC"  # run shares the trump K and Q
DOUBLE_RUN_H = "AH AH TH TH KH KH QH QH JH JH"


def total(cards: str, trump: Suit | None, options: Options = BROOKLYN) -> int:
    return meld_from_cards(Hand.parse(cards), trump, options).total


# -- worked examples by cards ----------------------------------------------------------------

WORKED = [
    # seed 001 (Bison)
    pytest.param("QS QH QD QC JD", H, BISON, 100, id="60 queens with a pinochle is 100 (60 + 40)"),
    pytest.param(
        "AH TH KH QH JH AS AD AC",
        H,
        BISON,
        250,
        id="run with 100 aces is 250 (150 + 100, the trump ace serves both)",
    ),
    pytest.param(RUN_H, H, BROOKLYN, 150, id="a run alone is 150 (its K Q is no royal marriage)"),
    pytest.param(
        "AH TH KH KH QH QH JH",
        H,
        BROOKLYN,
        190,
        id="run + royal marriage with a second K Q of trump is 190 (150 + 40)",
    ),
    pytest.param(
        "AH TH KH KH QH JH",
        H,
        BROOKLYN,
        150,
        id="run and a second trump K without a Q is 150",
    ),
    pytest.param("KD KD QD", H, BROOKLYN, 20, id="two K one Q is one marriage, 20"),
    pytest.param("KD QD QD", H, BROOKLYN, 20, id="two Q one K is one marriage, 20"),
    pytest.param("KH KH QH", H, BROOKLYN, 40, id="two trump K one Q is one royal marriage, 40"),
    pytest.param("KH QH", H, BROOKLYN, 40, id="K Q of trump is the royal marriage, 40"),
    pytest.param("KS QS", H, BROOKLYN, 20, id="K Q of a plain suit is a marriage, 20"),
    pytest.param("9H", H, BROOKLYN, 10, id="the 9 of trump is a dix, 10"),
    pytest.param("9S 9D 9C", H, BROOKLYN, 0, id="nines of other suits are not dix, 0"),
    pytest.param("QS JD", H, BROOKLYN, 40, id="Q spades J diamonds is a pinochle, 40"),
    pytest.param("AS AH AD AC", C, BROOKLYN, 100, id="aces around is 100"),
    pytest.param("KS KH KD KC", C, BROOKLYN, 80, id="kings around is 80"),
    pytest.param("QS QH QD QC", C, BROOKLYN, 60, id="queens around is 60"),
    pytest.param(
        "JS JH JD JC", C, BROOKLYN, 40, id="jacks around is 40 (no Q spades: no pinochle)"
    ),
    pytest.param(
        "TS TS TH TD TC",
        S,
        BISON,
        0,
        id="tens count in meld only inside a run: 0",
    ),
    pytest.param(
        ROUNDHOUSE,
        H,
        BROOKLYN,
        240,
        id="roundhouse is 240 (royal 40 + 3 marriages 60 + kings 80 + queens 60)",
    ),
    pytest.param(
        ROUNDHOUSE_AND_RUN_H,
        H,
        BROOKLYN,
        350,
        id="roundhouse with run is 350 (run 150 + 3 marriages 60 + kings 80 + queens 60)",
    ),
    pytest.param(
        ROUNDHOUSE_AND_RUN_H,
        H,
        RH390,
        390,
        id="roundhouse with run is 390 under roundhouse_with_run=390 (350 + trump marriage 40)",
    ),
    pytest.param(
        ROUNDHOUSE_AND_RUN_H + " KH QH",
        H,
        BROOKLYN,
        390,
        id="run + roundhouse with its own trump K Q is 390 (150 + 40 + 60 + 80 + 60)",
    ),
    pytest.param(
        ROUNDHOUSE_AND_RUN_H + " KH QH",
        H,
        RH390,
        390,
        id="390 option adds nothing when a royal marriage is already counted (390)",
    ),
    pytest.param(ROUNDHOUSE, H, RH390, 240, id="390 option needs a run: roundhouse alone 240"),
    pytest.param(
        "AH TH KH QH JH KS QS KD QD KC",
        H,
        RH390,
        150 + 40 + 80,
        id="390 option needs a K and Q of every suit: no QC, 150 + 2 marriages 40 + kings 80",
    ),
    # double trump marriage (St Joseph, seed 001)
    pytest.param("KH KH QH QH", H, BROOKLYN, 80, id="K K Q Q of trump by default is 2 x 40 = 80"),
    pytest.param("KH KH QH QH", H, BISON, 80, id="K K Q Q of trump with the bonus is 80"),
    pytest.param("KH KH QH QH", H, DTM240, 240, id="double trump marriage 240: K K Q Q alone 240"),
    pytest.param(
        "AH TH KH KH QH QH JH",
        H,
        DTM240,
        390,
        id="double trump marriage 240 with the run is 390 (150 + 240, sharing a K Q)",
    ),
    pytest.param(
        DOUBLE_RUN_H,
        H,
        DTM240,
        390,
        id="240 without the bonus: double run reads best as run + double marriage 390 > 300",
    ),
    pytest.param(
        DOUBLE_RUN_H,
        H,
        BISON_DTM240,
        1500,
        id="240 with the bonus: double run 1500 beats run + double marriage 390",
    ),
    pytest.param("KD KD QD QD", H, DTM240, 40, id="240 option is for trump only: plain KKQQ 40"),
    # double_meld_bonus on (bison) and off (brooklyn, seed 000)
    pytest.param(DOUBLE_RUN_H, H, BISON, 1500, id="double run with the bonus is 1500"),
    pytest.param(
        DOUBLE_RUN_H, H, BROOKLYN, 300, id="double run without the bonus is 2 x 150 = 300"
    ),
    pytest.param("QS QS JD JD", H, BISON, 300, id="double pinochle with the bonus is 300"),
    pytest.param(
        "QS QS JD JD",
        H,
        BROOKLYN,
        80,
        id="double pinochle without the bonus is 2 x 40 = 80",
    ),
    pytest.param("AS AS AH AH AD AD AC AC", C, BISON, 1000, id="eight aces with the bonus 1000"),
    pytest.param("AS AS AH AH AD AD AC AC", C, BROOKLYN, 200, id="eight aces without: 2 x 100"),
    pytest.param("KS KS KH KH KD KD KC KC", H, BISON, 800, id="eight kings with the bonus 800"),
    pytest.param(
        "KS KS KH KH KD KD KC KC",
        H,
        BROOKLYN,
        160,
        id="eight kings = 160 in Brooklyn (2 x 80)",
    ),
    pytest.param("QS QS QH QH QD QD QC QC", C, BISON, 600, id="eight queens with the bonus 600"),
    pytest.param("QS QS QH QH QD QD QC QC", C, BROOKLYN, 120, id="eight queens without: 2 x 60"),
    pytest.param("JS JS JH JH JD JD JC JC", C, BISON, 400, id="eight jacks with the bonus 400"),
    pytest.param("JS JS JH JH JD JD JC JC", C, BROOKLYN, 80, id="eight jacks without: 2 x 40"),
    pytest.param("KD KD QD QD", H, BISON, 40, id="double marriage is 40 with the bonus"),
    pytest.param("KD KD QD QD", H, BROOKLYN, 40, id="double marriage is 40 without the bonus"),
    pytest.param("9H 9H", H, BISON, 20, id="two dix are 10 each with the bonus: 20"),
    pytest.param("9H 9H", H, BROOKLYN, 20, id="two dix are 10 each without the bonus: 20"),
    # seed 000: a card serves melds of different classes, never two of one class
    pytest.param(
        "KH QH QS QD QC",
        S,
        BROOKLYN,
        80,
        id="Q hearts in a hearts marriage and in queens around: 20 + 60",
    ),
    pytest.param(
        "AH TH KH QH JH QS QD QC",
        H,
        BROOKLYN,
        210,
        id="Q hearts in the run and in queens around: 150 + 60",
    ),
    pytest.param(
        "KS QS JD",
        S,
        BROOKLYN,
        80,
        id="Q spades in the royal marriage and a pinochle: 40 + 40",
    ),
    pytest.param(
        "KS QS JD",
        H,
        BROOKLYN,
        60,
        id="Q spades in a marriage and a pinochle: 20 + 40",
    ),
    pytest.param(
        "AS TS KS QS JS JD",
        S,
        BROOKLYN,
        190,
        id="run in spades with a pinochle: 150 + 40",
    ),
    pytest.param(
        "AD TD KD QD JD 9D KS QS KH QH KC QC AS AH AC",
        D,
        BROOKLYN,
        500,
        id="big Brooklyn hand: run 150 + dix 10 + 3 marriages 60 + pinochle 40 + aces 100 "
        "+ kings 80 + queens 60 = 500",
    ),
    pytest.param(
        "AS AS TS TS KS KS QS QS JS JS JD JD AH AD AC",
        S,
        BISON,
        1900,
        id="big Bison hand: double run 1500 + double pinochle 300 + aces around 100 = 1900",
    ),
    pytest.param("", H, BROOKLYN, 0, id="no cards, no meld"),
]


@pytest.mark.parametrize(("cards", "trump", "options", "expected"), WORKED)
def test_meld_worked_examples(cards, trump, options, expected):
    assert total(cards, trump, options) == expected


# Seed 004 lists partnership meld at scale 10 (the trailing zero dropped). RULES section 2 keeps
# the class rule where seed 004 differs: the run's K and Q cannot also be a marriage, so the
# seed's "run and single marriage" J Q Q K 10 A (19) is only a run, and its "run and double
# marriage" J Q Q K K 10 A (23) is a run and one royal marriage (19).
SEED_004 = [
    pytest.param(DOUBLE_RUN_H, H, 150, id="double run 1500 written 150"),
    pytest.param(RUN_H, H, 15, id="run 150 written 15"),
    pytest.param("KH QH", H, 4, id="royal marriage 40 written 4"),
    pytest.param("KS QS", H, 2, id="common marriage 20 written 2"),
    pytest.param("9H", H, 1, id="dix 10 written 1"),
    pytest.param("QS QS JD JD", H, 30, id="double pinochle 300 written 30"),
    pytest.param("QS JD", H, 4, id="pinochle 40 written 4"),
    pytest.param("AS AS AH AH AD AD AC AC", C, 100, id="aces abound 1000 written 100"),
    pytest.param("AS AH AD AC", C, 10, id="aces around 100 written 10"),
    pytest.param("KS KS KH KH KD KD KC KC", C, 80, id="kings abound 800 written 80"),
    pytest.param("QS QS QH QH QD QD QC QC", C, 60, id="queens abound 600 written 60"),
    pytest.param("JS JS JH JH JD JD JC JC", C, 40, id="jacks abound 400 written 40"),
    pytest.param(
        "AH TH KH KH QH QH JH",
        H,
        19,
        id="RULES: J Q Q K K 10 A is run + royal marriage 190 written 19 (seed 004 says 23)",
    ),
    pytest.param(
        "AH TH KH QH QH JH",
        H,
        15,
        id="RULES: J Q Q K 10 A is a run only, 150 written 15 (seed 004 says 19)",
    ),
]


@pytest.mark.parametrize(("cards", "trump", "figure"), SEED_004)
def test_partnership_meld_at_scale_10(cards, trump, figure):
    points = total(cards, trump, PARTNERSHIP_10)
    assert PARTNERSHIP_10.to_table(points) == figure


def test_meld_by_cards_refuses_more_cards_than_a_hand_holds():
    sixteen = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH TH"
    with pytest.raises(HandSizeError) as caught:
        meld_from_cards(Hand.parse(sixteen), S, BROOKLYN)
    assert caught.value.where.part is Part.CARDS
    assert "16" in str(caught.value) and "15" in str(caught.value)


def test_partnership_meld_by_cards_holds_at_most_12():
    thirteen = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH"
    assert total(thirteen, S, BISON) == 1500 + 20  # double run + two dix: fine in 15
    with pytest.raises(HandSizeError) as caught:
        meld_from_cards(Hand.parse(thirteen), S, PARTNERSHIP)
    assert "13" in str(caught.value) and "12" in str(caught.value)


# -- each option changes an outcome ----------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "off", "on", "cards", "trump", "before", "after"),
    [
        pytest.param(
            "double_meld_bonus",
            False,
            True,
            "QS QS JD JD",
            H,
            80,
            300,
            id="double_meld_bonus: double pinochle 80 -> 300",
        ),
        pytest.param(
            "double_meld_bonus",
            False,
            True,
            DOUBLE_RUN_H,
            H,
            300,
            1500,
            id="double_meld_bonus: double run 300 -> 1500",
        ),
        pytest.param(
            "roundhouse_with_run",
            350,
            390,
            ROUNDHOUSE_AND_RUN_H,
            H,
            350,
            390,
            id="roundhouse_with_run: roundhouse + run 350 -> 390",
        ),
        pytest.param(
            "double_trump_marriage",
            80,
            240,
            "KH KH QH QH",
            H,
            80,
            240,
            id="double_trump_marriage: K K Q Q of trump 80 -> 240",
        ),
        pytest.param(
            "double_trump_marriage",
            80,
            240,
            "AH TH KH KH QH QH JH",
            H,
            190,
            390,
            id="double_trump_marriage: run with K K Q Q 190 -> 390",
        ),
    ],
)
def test_each_meld_option_changes_an_outcome(option, off, on, cards, trump, before, after):
    hand = Hand.parse(cards)
    assert meld_from_cards(hand, trump, replace(BROOKLYN, **{option: off})).total == before
    assert meld_from_cards(hand, trump, replace(BROOKLYN, **{option: on})).total == after


# -- breakdowns ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "options", "text"),
    [
        pytest.param(
            "AH TH KH KH QH QH JH", H, BROOKLYN, "run 150, royal marriage 40 = 190", id="run+royal"
        ),
        pytest.param(
            ROUNDHOUSE_AND_RUN_H,
            H,
            BROOKLYN,
            "run 150, marriage ♠ 20, marriage ♦ 20, marriage ♣ 20, "
            "kings around 80, queens around 60 = 350",
            id="roundhouse with run at 350",
        ),
        pytest.param(
            ROUNDHOUSE_AND_RUN_H,
            H,
            RH390,
            "run 150, marriage ♠ 20, marriage ♦ 20, marriage ♣ 20, "
            "roundhouse's trump marriage 40, kings around 80, queens around 60 = 390",
            id="roundhouse with run at 390",
        ),
        pytest.param("QS QS JD JD", H, BISON, "double pinochle 300 = 300", id="double pinochle"),
        pytest.param("QS QS JD JD", H, BROOKLYN, "double pinochle 80 = 80", id="two pinochles"),
        pytest.param("9H 9H KD QD", H, BROOKLYN, "marriage ♦ 20, double dix 20 = 40", id="dix"),
        pytest.param(
            "QS QH QD QC JD", H, BISON, "pinochle 40, queens around 60 = 100", id="60 queens"
        ),
        pytest.param("TS 9D", H, BROOKLYN, "no meld 0", id="nothing"),
    ],
)
def test_meld_breakdown_lines(cards, trump, options, text):
    score = meld_from_cards(Hand.parse(cards), trump, options)
    assert str(score) == text
    assert sum(line.points for line in score.lines) == score.total


def test_meld_by_trump_gives_four_figures_for_one_hand():
    hand = Hand.parse("AS TS KS QS JS 9H KD QD")
    by_trump = {suit: score.total for suit, score in meld_by_trump(hand, BROOKLYN).items()}
    assert by_trump == {
        S: 150 + 20,  # run in spades, marriage in diamonds
        H: 20 + 20 + 10,  # marriages in spades and diamonds, dix
        D: 40 + 20,  # royal marriage in diamonds, marriage in spades
        C: 20 + 20,  # marriages in spades and diamonds
    }


def test_meld_by_trump_refuses_an_oversized_hand():
    with pytest.raises(HandSizeError):
        meld_by_trump(Hand.parse("AS AS TS TS KS KS QS QS JS JS 9S 9S AH"), PARTNERSHIP)


# -- named melds (claims) --------------------------------------------------------------------


def claimed(text: str, trump: Suit | None, options: Options = BROOKLYN) -> int:
    return meld_from_claims(parse_claims(text), trump, options).total


@pytest.mark.parametrize(
    ("text", "trump", "options", "expected"),
    [
        pytest.param(
            "run, royal marriage, pinochle, kings around",
            S,
            BROOKLYN,
            310,
            id="run, royal marriage, pinochle, kings around in spades: 150 + 40 + 40 + 80 = 310",
        ),
        pytest.param("pinochle, pinochle", H, BISON, 300, id="two pinochles as the double: 300"),
        pytest.param("pinochle, pinochle", H, BROOKLYN, 80, id="two pinochles no bonus: 80"),
        pytest.param("run, run", H, BISON, 1500, id="two runs scored as the double run: 1500"),
        pytest.param(
            "aces around + aces around", C, BISON, 1000, id="two aces around as eight aces 1000"
        ),
        pytest.param("double pinochle", H, BISON, 300, id="double pinochle named: 300"),
        pytest.param("1000 aces", C, BROOKLYN, 200, id="1000 aces without the bonus: 200"),
        pytest.param("kings abound", C, BISON, 800, id="kings abound: 800"),
        pytest.param("marriage S", S, BROOKLYN, 40, id="a marriage in trump is the royal: 40"),
        pytest.param("marriage ♥", S, BROOKLYN, 20, id="a marriage in hearts, spades trump: 20"),
        pytest.param(
            "marriage hearts, marriage hearts", S, BROOKLYN, 40, id="double marriage: 2 x 20"
        ),
        pytest.param("dix, dix", H, BROOKLYN, 20, id="two dix: 10 each"),
        pytest.param("rope, deece", H, BROOKLYN, 160, id="aliases rope and deece: 150 + 10"),
        pytest.param("60 queens, pinochle", H, BISON, 100, id="60 queens and a pinochle: 100"),
        pytest.param(
            "roundhouse",
            H,
            BROOKLYN,
            240,
            id="roundhouse: royal 40 + 3 marriages 60 + kings 80 + queens 60 = 240",
        ),
        pytest.param(
            "run, kings around, queens around, marriage S, marriage D, marriage C",
            H,
            RH390,
            390,
            id="roundhouse sharing the run's K Q named meld by meld, 390 option: 350 + 40",
        ),
        pytest.param(
            "run, kings around, queens around, marriage S, marriage D, marriage C",
            H,
            BROOKLYN,
            350,
            id="the same claims at 350: 150 + 80 + 60 + 60",
        ),
        pytest.param(
            "run, royal marriage, royal marriage",
            H,
            DTM240,
            390,
            id="240 option: run and double trump marriage share a K Q: 150 + 240",
        ),
        pytest.param("royal marriage, royal marriage", H, DTM240, 240, id="240: KKQQ alone 240"),
        pytest.param("marriage H, marriage H", H, DTM240, 240, id="240: two trump marriages"),
        pytest.param("pinochle", None, BROOKLYN, 40, id="a pinochle needs no trump"),
        pytest.param("", H, BROOKLYN, 0, id="no claims, no meld"),
    ],
)
def test_meld_by_named_melds(text, trump, options, expected):
    assert claimed(text, trump, options) == expected


def test_marriage_in_trump_shows_as_royal_marriage():
    score = meld_from_claims(parse_claims("marriage spades"), S, BROOKLYN)
    assert str(score) == "royal marriage 40 = 40"


@pytest.mark.parametrize(
    ("claims", "cards"),
    [
        pytest.param(
            "run, royal marriage, pinochle, kings around",
            "AS TS KS KS QS QS JS JD KH KD KC",
            id="310 in spades",
        ),
        pytest.param("pinochle, pinochle", "QS QS JD JD", id="double pinochle"),
        pytest.param("roundhouse", ROUNDHOUSE, id="roundhouse"),
    ],
)
def test_claims_score_like_the_cards_that_hold_them(claims, cards):
    for options in (BROOKLYN, BISON):
        by_claims = meld_from_claims(parse_claims(claims), S, options).total
        assert by_claims == total(cards, S, options)


def test_a_claim_needing_16_cards_is_refused_naming_the_count():
    # double run: 10 cards (A T K Q J of hearts twice); eight aces add the six non-trump aces
    # (the two A of hearts are already in the runs): 10 + 6 = 16 > 15.
    with pytest.raises(MeldError) as caught:
        meld_from_claims(parse_claims("double run, aces abound"), H, BISON)
    assert caught.value.where.part is Part.MELD
    assert "16 cards" in str(caught.value)
    assert "15" in str(caught.value)


def test_partnership_claims_must_fit_in_12_cards():
    # run + royal marriage: 7 cards (one A of hearts); eight aces add the second A of hearts and
    # the six non-trump aces: 7 + 1 + 6 = 14, fine in 15 but not in 12.
    claims = parse_claims("run, royal marriage, aces abound")
    assert meld_from_claims(claims, H, BROOKLYN).total == 150 + 40 + 200
    with pytest.raises(MeldError) as caught:
        meld_from_claims(claims, H, PARTNERSHIP)
    assert "14 cards" in str(caught.value)
    assert "12" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "trump", "options", "words"),
    [
        pytest.param(
            "run, royal marriage, royal marriage",
            S,
            BROOKLYN,
            "3 copies of K♠",
            id="run and two royal marriages need three K of trump",
        ),
        pytest.param(
            "royal marriage, royal marriage, marriage S",
            S,
            BROOKLYN,
            "3 copies",
            id="three trump marriages",
        ),
        pytest.param(
            "marriage H, marriage H, marriage H",
            S,
            BROOKLYN,
            "3 copies of K♥",
            id="three heart marriages",
        ),
        pytest.param(
            "aces around, aces around, aces around",
            C,
            BROOKLYN,
            "3 copies of A♠",
            id="three aces around",
        ),
        pytest.param("pinochle, double pinochle", S, BISON, "three copies", id="3 pinochles"),
        pytest.param("dix, dix, dix", S, BROOKLYN, "three copies", id="three dix"),
        pytest.param("run, double run", S, BISON, "three copies", id="three runs"),
    ],
)
def test_a_claim_needing_three_copies_of_a_card_is_refused(text, trump, options, words):
    with pytest.raises(MeldError) as caught:
        meld_from_claims(parse_claims(text), trump, options)
    assert caught.value.where.part is Part.MELD
    assert words in str(caught.value)
    assert "two" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("run", id="run"),
        pytest.param("royal marriage", id="royal marriage"),
        pytest.param("dix", id="dix"),
        pytest.param("roundhouse", id="roundhouse holds the royal marriage"),
        pytest.param("pinochle, run", id="a trump meld among others"),
    ],
)
def test_a_trump_meld_claimed_without_trump_is_refused(text):
    with pytest.raises(TrumpError) as caught:
        meld_from_claims(parse_claims(text), None, BROOKLYN)
    assert isinstance(caught.value, ValueError)
    assert caught.value.where.part is Part.MELD
    assert "trump" in str(caught.value)


def test_claim_errors_are_placed_where_asked():
    with pytest.raises(TrumpError) as caught:
        meld_from_claims(parse_claims("run"), None, BROOKLYN, Where(Part.MELD, "Ann"))
    assert caught.value.where == Where(Part.MELD, "Ann")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("bezique", "'bezique' is not a meld", id="bezique"),
        pytest.param("run, double flush royal", "is not a meld", id="unknown among known"),
        pytest.param("marriage", "which suit", id="a marriage needs a suit"),
        pytest.param("90 queens", "'90 queens' is not a meld", id="wrong figure"),
    ],
)
def test_an_unknown_meld_name_is_refused(text, words):
    with pytest.raises(MeldError) as caught:
        parse_claims(text)
    assert caught.value.where.part is Part.MELD
    assert words in str(caught.value)


def test_claim_names_are_read_in_many_spellings():
    assert parse_claims("Run + 2 marriage ♥; double-pinochle\n100 aces") == [
        Claim(MeldKind.RUN),
        Claim(MeldKind.MARRIAGE, H),
        Claim(MeldKind.MARRIAGE, H),
        Claim(MeldKind.PINOCHLE),
        Claim(MeldKind.PINOCHLE),
        Claim(MeldKind.ACES_AROUND),
    ]
    assert parse_claims("marriage in clubs") == [Claim(MeldKind.MARRIAGE, C)]
    assert parse_claims("spades marriage") == [Claim(MeldKind.MARRIAGE, S)]


def test_claims_write_back_in_the_notation_they_are_read_in():
    claims = parse_claims("run, royal marriage, marriage h, pinochle, kings around, dix")
    assert parse_claims(format_claims(claims)) == claims


# -- a bare number ---------------------------------------------------------------------------


def test_meld_number_30_is_accepted():
    # 30 = a marriage (20) and a dix (10)
    check_meld_number(30, BROOKLYN)
    check_meld_number(30, BISON)
    check_meld_number(0, BROOKLYN)


@pytest.mark.parametrize("options", [BROOKLYN, BISON], ids=["brooklyn", "bison"])
def test_meld_number_35_is_refused_as_not_a_multiple_of_10(options):
    with pytest.raises(MeldError) as caught:
        check_meld_number(35, options)
    assert caught.value.where.part is Part.MELD
    assert "35" in str(caught.value)
    assert "multiple of 10" in str(caught.value)


def test_meld_number_50000_is_refused_as_more_than_any_hand():
    # Brooklyn's biggest hand is 500 (see the worked example above).
    with pytest.raises(MeldError) as caught:
        check_meld_number(50000, BROOKLYN)
    assert "50000" in str(caught.value)
    assert "more than any hand" in str(caught.value)
    assert "at most 500" in str(caught.value)


def test_bison_biggest_meld_is_1900():
    # double run 1500 + double pinochle 300 + aces around 100, in 15 cards
    assert max(attainable_totals(BISON)) == 1900
    check_meld_number(1900, BISON)
    with pytest.raises(MeldError) as caught:
        check_meld_number(1910, BISON, Where(Part.MELD, "Bob"))
    assert caught.value.where == Where(Part.MELD, "Bob")
    assert "at most 1900" in str(caught.value)


def test_meld_number_cannot_be_negative():
    with pytest.raises(MeldError) as caught:
        check_meld_number(-10, BROOKLYN)
    assert "negative" in str(caught.value)


def test_meld_number_messages_at_scale_10_show_the_table_figure():
    options = Options.from_dict({"system": "bison", "scale": "10"})
    check_meld_number(options.from_table(19), options)  # run + royal marriage, 190
    with pytest.raises(MeldError) as caught:
        check_meld_number(options.from_table(5000), options)
    assert "Meld 5000 " in str(caught.value)
    assert "at most 190" in str(caught.value)


def test_every_figure_up_to_500_is_attainable_without_the_bonus():
    # The 500 hand's melds are 150, 10, 20, 20, 20, 40, 100, 80, 60; leaving some out is still a
    # legal set of melds, and the left-out parts sum to every multiple of 10 from 0 to 500
    # (10 and the three 20s give 0-70, the 40 extends to 110, 60 to 170, 80 to 250, 100 to 350,
    # 150 to 500).
    for points in range(0, 510, 10):
        assert is_attainable(points, BROOKLYN), points


def test_double_figures_are_attainable_only_with_the_bonus():
    assert is_attainable(1500, BISON)
    assert not is_attainable(1500, BROOKLYN)


# -- properties ------------------------------------------------------------------------------

# 48 physical cards: each of the 24 distinct cards twice, so a set of slots never holds three.
SLOTS = [card for card in DECK for _ in range(2)]
# A "meldy" pool: every K and Q, A T J of hearts and spades, every A, the J of diamonds and the
# 9 of hearts; random hands drawn from it hold runs, roundhouses and doubles often.
RICH = [
    i
    for i, card in enumerate(SLOTS)
    if card.rank in (Rank.KING, Rank.QUEEN, Rank.ACE)
    or (card.suit in (S, H) and card.rank in (Rank.TEN, Rank.JACK))
    or (card.suit is D and card.rank is Rank.JACK)
    or (card.suit is H and card.rank is Rank.NINE)
]


def _hands(max_size: int):
    slots = st.one_of(
        st.lists(st.integers(0, 47), unique=True, max_size=max_size),
        st.lists(st.sampled_from(RICH), unique=True, max_size=max_size),
    )
    return slots.map(lambda chosen: Hand.from_cards(SLOTS[i] for i in chosen))


def _combo(bonus: tuple[str, ...] | None, rh: int, dtm: int, extras: bool, dmv: int) -> Options:
    return replace(
        BROOKLYN,
        double_meld_bonus=bonus is not None,
        double_bonus_melds=BROOKLYN.double_bonus_melds if bonus is None else bonus,
        roundhouse_with_run=rh,
        double_trump_marriage=dtm,
        run_extras=extras,
        double_marriage_value=dmv,
    )


# Every meld option of a single deck, RULES 2.10's among them: the bonus off, on for every meld
# or for some; run extras only with the double trump marriage 80 (the two clash).
OPTION_COMBOS = [
    _combo(bonus, rh, dtm, extras, dmv)
    for bonus, rh, dtm, extras, dmv in itertools.product(
        (None, BISON.double_bonus_melds, ("run",), ("pinochle", "aces", "kings")),
        (350, 390),
        (80, 240, 400),
        (False, True),
        (0, 300),
    )
    if not (extras and dtm != 80)
]
options_st = st.sampled_from(OPTION_COMBOS)
trumps = st.sampled_from([*SUITS, None])
FAST = settings(max_examples=100, deadline=None)
# Working out every attainable total takes about a second per combination of meld options
# (cached afterwards), so this property visits four of the eight: the two presets' and one
# with each of the options that change which totals exist.
ATTAINABLE_COMBOS = [
    BROOKLYN,
    BISON,
    RH390,
    BISON_DTM240,
    _combo(("pinochle", "aces", "kings"), 390, 400, False, 300),
    _combo(None, 390, 80, True, 0),
]


@FAST
@given(hand=_hands(14), trump=trumps, options=options_st, extra=st.integers(0, 47))
def test_adding_a_card_never_lowers_the_meld(hand, trump, options, extra):
    card = SLOTS[extra]
    if hand.count(card) == 2:
        card = next(c for c in DECK if hand.count(c) < 2)
    bigger = hand + Hand.from_cards([card])
    assert (
        meld_from_cards(bigger, trump, options).total >= meld_from_cards(hand, trump, options).total
    )


@FAST
@given(hand=_hands(15), trump=trumps, options=options_st)
def test_fast_path_equals_the_breakdown_total(hand, trump, options):
    assert meld_points(hand, trump, options) == meld_from_cards(hand, trump, options).total


@settings(max_examples=100, deadline=None)
@given(hand=_hands(15), trump=st.sampled_from(SUITS), options=st.sampled_from(ATTAINABLE_COMBOS))
def test_every_hands_meld_is_an_attainable_number(hand, trump, options):
    points = meld_from_cards(hand, trump, options).total
    assert points in attainable_totals(options)
    check_meld_number(points, options)


def _fits(counts: MeldCounts, hand: Hand, options: Options) -> bool:
    return all(
        n <= have for n, have in zip(cards_needed(counts, options), hand.counts, strict=True)
    )


def best_claims(hand: Hand, trump: Suit | None, options: Options) -> int:
    """The best total over every set of named melds that fits in ``hand``, by brute force.

    Class I (runs, royal marriages, marriages, dix), class II (pinochles) and class III
    (arounds) are chosen independently; the only cross-class term is the roundhouse bonus,
    which needs kings and queens around, so class III is taken both at its best and at its best
    among sets holding kings and queens around.
    """
    plain = [s for s in SUITS if s is not trump]
    trump_range = range(3) if trump is not None else range(1)
    best_one = []
    for runs, royal, dix in itertools.product(trump_range, repeat=3):
        # an extra king or queen is named beside a single run under run_extras (RULES 2.10)
        spares = range(2) if options.run_extras and runs == 1 else range(1)
        for married, extras in itertools.product(
            itertools.product(range(3), repeat=len(plain)), itertools.product(spares, repeat=2)
        ):
            marriages = [0, 0, 0, 0]
            for suit, m in zip(plain, married, strict=True):
                marriages[suit.index] = m
            counts = MeldCounts(trump, runs, royal, tuple(marriages), dix, 0, (0, 0, 0, 0), *extras)
            if _fits(counts, hand, options):
                best_one.append(counts)
    pinochle = max(
        score_melds(MeldCounts(trump, pinochles=n), options).total
        for n in range(3)
        if _fits(MeldCounts(trump, pinochles=n), hand, options)
    )
    arounds = [
        a
        for a in itertools.product(range(3), repeat=4)
        if _fits(MeldCounts(trump, arounds=a), hand, options)
    ]

    def around_points(a):
        return score_melds(MeldCounts(trump, arounds=a), options).total

    best_three = max(around_points(a) for a in arounds)
    with_kq = [around_points(a) for a in arounds if a[1] and a[2]]
    best = 0
    for counts in best_one:
        one = score_melds(counts, options).total
        candidate = one + best_three
        if with_kq:
            joined = replace(counts, arounds=(0, 1, 1, 0))
            candidate = max(candidate, one + max(with_kq) + roundhouse_bonus(joined, options))
        best = max(best, candidate)
    return best + pinochle


@settings(max_examples=40, deadline=None)
@given(hand=_hands(15), trump=trumps, options=options_st)
def test_card_maximum_equals_the_best_claims_that_fit_the_hand(hand, trump, options):
    assert meld_from_cards(hand, trump, options).total == best_claims(hand, trump, options)


def test_brute_force_best_claims_agrees_with_worked_examples():
    # the helper above, checked on hand-worked figures before it checks the engine
    assert best_claims(Hand.parse(ROUNDHOUSE_AND_RUN_H), H, BROOKLYN) == 350
    assert best_claims(Hand.parse(ROUNDHOUSE_AND_RUN_H), H, RH390) == 390
    assert best_claims(Hand.parse("AH TH KH KH QH QH JH"), H, DTM240) == 390
    assert best_claims(Hand.parse("QS QH QD QC JD"), H, BISON) == 100


def test_rule_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_claims("bezique")
    assert issubclass(MeldError, RuleError)


@pytest.mark.parametrize(
    ("claims", "roundhouse_with_run", "total"),
    [
        pytest.param("roundhouse", 350, 240, id="roundhouse alone is 80 + 60 + 40 + 3 x 20 = 240"),
        pytest.param("run, roundhouse", 350, 350, id="run and roundhouse share K Q: 350"),
        pytest.param("run, roundhouse", 390, 390, id="under 390 the trump marriage counts too"),
        pytest.param(
            "run, royal marriage, roundhouse", 350, 390,
            id="a second trump K Q is a royal marriage of its own: 150 + 40 + 200 = 390",
        ),
    ],
)  # fmt: skip
def test_a_named_roundhouse_shares_the_runs_king_and_queen(claims, roundhouse_with_run, total):
    options = replace(Options.preset("brooklyn"), roundhouse_with_run=roundhouse_with_run)
    parsed = parse_claims(claims)
    assert format_claims(parsed) == claims  # stored and read back unchanged
    assert meld_from_claims(parsed, Suit.SPADES, options).total == total
