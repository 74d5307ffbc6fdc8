"""Meld with two packs with nines, 96 cards (RULES sections 1.1 and 2.11).

Every expected figure is worked out by hand from the table in ``nines.py`` (the source's
figures with its misprints settled): run 150 / 1500 / 3000; royal marriage and pinochle 40 /
300 / 900 / 1200; aces 100 / 1000 / 2000, kings 80 / 800 / 1600, queens 60 / 600 / 1200,
jacks 40 / 400 / 800, sixteen of any of them 3000; a marriage 20 and a dix 10 each. The
arithmetic is in each case's id or comment. Six players hold 16 cards, eight hold 12.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from nines import EIGHT, SIX

from scorekeeper.rules.errors import CardCopiesError, HandSizeError, MeldError, OptionError
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.pack.cards import Card, Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import (
    check_meld_number,
    meld_by_trump,
    meld_from_cards,
    meld_from_claims,
    meld_points,
    parse_claims,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
RUN_S = "AS TS KS QS JS"
ROUNDHOUSE = "KS QS KH QH KD QD KC QC"


def times(cards: str, n: int) -> str:
    """Each card of ``cards`` ``n`` times."""
    return " ".join(card for card in cards.split() for _ in range(n))


def total(cards: str, trump: Suit | None, options: Options = SIX) -> int:
    hand = Hand.parse(cards, deck=Deck.NINES)
    points = meld_from_cards(hand, trump, options).total
    assert meld_points(hand, trump, options) == points  # the fast path agrees
    return points


# -- the hand: four copies of every card, nines included -----------------------------------


def test_a_hand_from_two_packs_with_nines_holds_four_copies_of_a_nine():
    assert Hand.parse("9S 9S 9S 9S", deck=Deck.NINES).count(Card.parse("9S")) == 4


def test_a_fifth_copy_from_two_packs_with_nines_is_refused_naming_the_card():
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse("9S 9S 9S 9S 9S", deck=Deck.NINES)
    assert caught.value.rule == "5 copies of 9S (9♠): a 96-card pack has only four."


@pytest.mark.parametrize(
    ("options", "cards", "most"),
    [
        pytest.param(SIX, 17, 16, id="six players hold 16: a 17th card is refused"),
        pytest.param(EIGHT, 13, 12, id="eight players hold 12: a 13th card is refused"),
    ],
)
def test_a_hand_holds_the_pack_shared_out(options, cards, most):
    laid_down = times("AS TS KS QS JS 9S", 3).split()[:cards]
    hand = Hand.parse(" ".join(laid_down), deck=Deck.NINES)
    assert len(hand) == cards
    with pytest.raises(HandSizeError, match=f"holds at most {most}"):
        meld_from_cards(hand, S, options)


# -- meld from cards ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "points"),
    [
        pytest.param("9S", S, 10, id="a dix 10"),
        pytest.param("9S 9S 9S 9S", S, 40, id="four nines of trump: 4 x 10 = 40"),
        pytest.param("9H 9H 9H 9H", S, 0, id="nines of a plain suit: nothing"),
        pytest.param(RUN_S, S, 150, id="run 150"),
        pytest.param(f"{RUN_S} 9S", S, 160, id="run and dix 150 + 10"),
        pytest.param(times(RUN_S, 2), S, 1500, id="double run 1500"),
        pytest.param(times(RUN_S, 3), S, 3000, id="triple run 3000"),
        pytest.param(
            f"{times(RUN_S, 3)} JD", S, 3040,
            id="triple run and pinochle 3000 + 40: a run's QS serves the pinochle",
        ),
        pytest.param(
            "AS TS KS KS QS QS JS", S, 300,
            id="a run's A 10 J with K K Q Q: double royal marriage 300, not run + royal 190",
        ),
        pytest.param(
            "AS TS JS KS KS KS QS QS QS", S, 900,
            id="one A 10 J with three K-Q: triple royal marriage 900, not 150 + 300",
        ),
        pytest.param(
            f"AS TS JS {times('KS QS', 4)}", S, 1200,
            id="one A 10 J with four K-Q: quadruple royal marriage 1200, not 150 + 900",
        ),
        pytest.param(
            f"{times('AS TS JS', 2)} {times('KS QS', 3)}", S, 1540,
            id="two A 10 J with three K-Q: double run and royal marriage 1500 + 40",
        ),
        pytest.param(
            f"{times('AS TS JS', 2)} {times('KS QS', 4)}", S, 1800,
            id="two A 10 J with four K-Q: double run and double royal 1500 + 300",
        ),
        pytest.param("KS KS QS QS", S, 300, id="double royal marriage 300"),
        pytest.param(times("KS QS", 3), S, 900, id="triple royal marriage 900"),
        pytest.param(times("KS QS", 4), S, 1200, id="quadruple royal marriage 1200"),
        pytest.param("KH KH QH QH", S, 40, id="two plain marriages 2 x 20, no bonus"),
        pytest.param(times("KH QH", 4), S, 80, id="four plain marriages 4 x 20"),
        pytest.param("KS KS QS QS", None, 40, id="no trump: spades are a plain suit, 2 x 20"),
        pytest.param("QS QS JD JD", H, 300, id="double pinochle 300"),
        pytest.param(times("QS JD", 3), H, 900, id="triple pinochle 900"),
        pytest.param(times("QS JD", 4), H, 1200, id="quadruple pinochle 1200"),
        pytest.param("AS AH AD AC", S, 100, id="aces around 100"),
        pytest.param(times("AS AH AD AC", 2), S, 1000, id="8 aces 1000"),
        pytest.param(times("AS AH AD AC", 3), S, 2000, id="12 aces 2000"),
        pytest.param(times("AS AH AD AC", 4), S, 3000, id="16 aces 3000"),
        pytest.param(times("KS KH KD KC", 2), None, 800, id="8 kings 800"),
        pytest.param(times("KS KH KD KC", 3), None, 1600, id="12 kings 1600 (printed 1900)"),
        pytest.param(times("KS KH KD KC", 4), None, 3000, id="16 kings 3000"),
        pytest.param(times("QH QS QD QC", 2), None, 600, id="8 queens 600 (printed 900)"),
        pytest.param(times("QH QS QD QC", 3), D, 1200, id="12 queens 1200"),
        pytest.param(times("JS JH JD JC", 2), None, 400, id="8 jacks 400"),
        pytest.param(times("JS JH JD JC", 3), None, 800, id="12 jacks 800"),
        pytest.param(times("JS JH JD JC", 4), None, 3000, id="16 jacks 3000"),
        pytest.param(
            ROUNDHOUSE, S, 240,
            id="roundhouse 80 kings + 60 queens + 40 royal + 3 x 20 marriages = 240",
        ),
        pytest.param(
            times(ROUNDHOUSE, 2), S, 1820,
            id="double roundhouse 800 + 600 + 300 double royal + 6 x 20 = 1820",
        ),
    ],
)  # fmt: skip
def test_meld_from_cards_with_two_packs_with_nines(cards, trump, points):
    assert total(cards, trump) == points


def test_a_six_handed_hand_of_sixteen_cards_worked_through():
    # Spades trump. Class I: K K Q Q of spades with one A, 10 and J: double royal marriage
    # 300 (a run and a royal marriage would be 190); two dix 20; K Q of hearts 20. Class II:
    # Q♠ Q♠ J♦ J♦, double pinochle 300. Class III: an ace of each suit, 100; kings and queens
    # of diamonds and clubs missing. 300 + 20 + 20 + 300 + 100 = 740.
    cards = "AS TS KS KS QS QS JS 9S 9S JD JD AH AD AC KH QH"
    score = meld_from_cards(Hand.parse(cards, deck=Deck.NINES), S, SIX)
    assert str(score) == (
        "double royal marriage 300, marriage ♥ 20, double dix 20, double pinochle 300, "
        "aces around 100 = 740"
    )


def test_an_eight_handed_hand_of_twelve_cards_worked_through():
    # Spades trump: three K-Q of spades with one A, 10 and J, triple royal marriage 900 (run
    # and double royal 150 + 300 = 450), three dix 30: 930.
    cards = "KS KS KS QS QS QS AS TS JS 9S 9S 9S"
    assert total(cards, S, EIGHT) == 930


def test_the_trump_hint_prices_the_same_cards_in_every_suit():
    # K K Q Q of spades and of hearts, two nines of each: spades 300 + 20 (dix) + 40 (two
    # heart marriages) = 360; hearts the same; diamonds or clubs 4 x 20 = 80.
    hand = Hand.parse("KS KS QS QS KH KH QH QH 9S 9S 9H 9H", deck=Deck.NINES)
    assert {suit: score.total for suit, score in meld_by_trump(hand, SIX).items()} == {
        S: 360, H: 360, D: 80, C: 80,
    }  # fmt: skip


# -- named melds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claims", "points"),
    [
        pytest.param("dix, dix, dix, dix", 40, id="four dix named one at a time 4 x 10"),
        pytest.param("quadruple dix", 40, id="quadruple dix 40"),
        pytest.param("triple run", 3000, id="triple run 3000"),
        pytest.param("double royal marriage", 300, id="double royal marriage 300"),
        pytest.param("run, double royal marriage", 450, id="run and double royal 150 + 300"),
        pytest.param("quadruple aces around", 3000, id="16 aces 3000, the whole hand"),
        pytest.param("marriage H, marriage H", 40, id="two heart marriages 2 x 20"),
    ],
)
def test_named_melds_with_two_packs_with_nines(claims, points):
    score = meld_from_claims(parse_claims(claims, deck=Deck.NINES), S, SIX)
    assert score.total == points


@pytest.mark.parametrize(
    ("claims", "options", "message"),
    [
        pytest.param(
            "quadruple dix, dix", SIX, "5 dix need five copies of a card; the deck has four.",
            id="a fifth dix",
        ),
        pytest.param(
            "quadruple run", SIX, "These melds need at least 20 cards, but a hand here holds 16.",
            id="a quadruple run is 20 cards",
        ),
        pytest.param(
            "triple run, royal marriage", SIX,
            "These melds need at least 17 cards, but a hand here holds 16.",
            id="a triple run and a royal marriage are 17 cards",
        ),
        pytest.param(
            "1000 aces", SIX,
            "'1000 aces' names a single deck's meld: with a 96-card pack say how many, such as "
            "aces around, double aces around, triple or quadruple aces around.",
            id="a single deck's name by figure, ambiguous at scale 10",
        ),
        pytest.param(
            "quadruple jacks around", EIGHT,
            "These melds need at least 16 cards, but a hand here holds 12.",
            id="sixteen jacks with eight players",
        ),
    ],
)  # fmt: skip
def test_named_melds_no_hand_of_the_96_cards_holds_are_refused(claims, options, message):
    with pytest.raises(MeldError) as caught:  # read or scored: the same refusal
        meld_from_claims(parse_claims(claims, deck=Deck.NINES), S, options)
    assert caught.value.rule == message


# -- a meld figure ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "points"),
    [
        pytest.param(SIX, 10, id="a dix alone, 10 (the 80-card deck has none)"),
        pytest.param(SIX, 40, id="four dix 40"),
        pytest.param(SIX, 3040, id="six: triple run and pinochle 3040, the most"),
        pytest.param(SIX, 3000, id="six: 16 aces 3000"),
        pytest.param(
            EIGHT, 2400,
            id="eight: quadruple royal and quadruple pinochle in spades 1200 + 1200, the most",
        ),
        pytest.param(EIGHT, 930, id="eight: triple royal and three dix 900 + 30"),
    ],
)  # fmt: skip
def test_a_meld_figure_some_hand_of_the_96_cards_shows_is_accepted(options, points):
    check_meld_number(points, options)


@pytest.mark.parametrize(
    ("options", "points", "message"),
    [
        pytest.param(
            SIX, 3050, "Meld 3050 is more than any hand can show here (at most 3040).",
            id="six: above 3040",
        ),
        pytest.param(
            EIGHT, 3000, "Meld 3000 is more than any hand can show here (at most 2400).",
            id="eight: 16 aces do not fit in 12 cards",
        ),
        pytest.param(SIX, 15, "Meld 15 is impossible: every meld is worth a multiple of 10.",
                     id="not a multiple of 10"),
    ],
)  # fmt: skip
def test_a_meld_figure_no_hand_of_the_96_cards_shows_is_refused(options, points, message):
    with pytest.raises(MeldError) as caught:
        check_meld_number(points, options)
    assert caught.value.rule == message


def test_the_80_card_double_deck_still_has_no_dix():
    double = replace(Options.preset("double-deck"), scale=1)
    with pytest.raises(MeldError):
        check_meld_number(10, double)


# -- the options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param(
            {"system": "brooklyn", "shape": None},
            "Brooklyn (chips) is played with a single deck (three dealt in and a widow); no "
            "source deals it from a 96-card pack.",
            id="a chip game",
        ),
        pytest.param(
            {"shape": "6/2"},
            "'Players and teams' and 'Deck' clash: six players, three teams of two is not "
            "dealt from a 96-card pack; it seats six players, two teams of three, eight "
            "players, two teams of four.",
            id="three teams of two",
        ),
        pytest.param(
            {"shape": "4/2"},
            "'Players and teams' and 'Deck' clash: four players, two teams of two is not "
            "dealt from a 96-card pack; it seats six players, two teams of three, eight "
            "players, two teams of four.",
            id="four players",
        ),
        pytest.param(
            {"npa_meld": True},
            "'NPA meld values' and 'Deck' clash: the 80-card double deck's meld (On) does not "
            "apply to two packs with nines, which have their own table: set it back to Off.",
            id="the NPA's values",
        ),
        pytest.param(
            {"double_deck_arounds": 4000, "scale": 1, "card_values": "classic"},
            "'Arounds with a double deck' and 'Deck' clash: the 80-card double deck's meld "
            "(Doubling: aces 100, 1000, 2000, 4000) does not apply to two packs with nines, "
            "which have their own table: set it back to Pagat: aces 100, 1000, 1500, 2000.",
            id="arounds doubling each copy",
        ),
        pytest.param(
            {"double_roundhouse": 2400},
            "'Double roundhouse' and 'Deck' clash: the 80-card double deck's meld (2400) does "
            "not apply to two packs with nines, which have their own table: set it back to "
            "1600, its parts.",
            id="the double roundhouse as one meld",
        ),
        pytest.param(
            {"system": "partnership", "shape": "6/3"},
            "'Double meld bonus' and 'Deck' clash: a 96-card pack's meld table has its own "
            "doubles, triples and quadruples.",
            id="partnership's double meld bonus",
        ),
        pytest.param(
            {"double_trump_marriage": 240},
            "Double trump marriage 240 is a single deck's custom: set Double trump marriage "
            "back to 80, or Deck to Single deck (48 cards).",
            id="a single deck's double trump marriage",
        ),
    ],
)
def test_two_packs_with_nines_clash_with_what_cannot_apply(changes, message):
    data = {"system": "six-handed", "deck": "double-nines", **changes}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(OptionError) as caught:
        Options.from_dict(data)
    assert caught.value.rule == message


@pytest.mark.parametrize(
    ("changes", "hand_size", "tricks"),
    [
        pytest.param({}, 16, 490, id="six-handed's counters: 48 x 10 + 10 = 490, 16 cards"),
        pytest.param({"shape": "8/4"}, 12, 490, id="eight in two teams of four: 12 cards"),
        pytest.param(
            {"system": "partnership", "shape": "6/3", "double_meld_bonus": False,
             "card_values": "classic"},
            16, 490, id="partnership counted classic: 2 x 240 + 10 = 490",
        ),
        pytest.param(
            {"card_values": "simple", "scale": 1}, 16, 490,
            id="simple values: 2 x 240 + 10 = 490",
        ),
    ],
)  # fmt: skip
def test_two_packs_with_nines_deal_and_count(changes, hand_size, tricks):
    options = Options.from_dict({"system": "six-handed", "deck": "double-nines", **changes})
    assert (options.hand_size, options.deck.trick_points) == (hand_size, tricks)
