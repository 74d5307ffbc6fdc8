"""Meld with a double deck (RULES sections 1.1 and 2.9): four copies of each card, no nines.

Every expected figure was worked out by hand from the published double-deck table (pagat's
Double Deck Pinochle as printed by Joe Andrews' "How to Calculate Meld in Double Deck
Pinochle" and TableGamesHub), written there without the trailing zero and held by the engine
in full points, ten times that: run 15 / 150 / 225 / 300, royal marriage 4 and marriage 2
each, pinochle 4 / 30 / 60 / 90, aces 10 / 100 / 150 / 200, kings 8 / 80 / 120 / 160, queens
6 / 60 / 90 / 120, jacks 4 / 40 / 60 / 80. The arithmetic (in published figures) is in each
case's id; the worked hands M1 to M4 are the research note's on the double deck.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from doubledeck import DOUBLE, PUBLISHED

from scorekeeper.rules.errors import CardCopiesError, MeldError, OptionError, Part, Where
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import MeldCards, evaluate_meld
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import (
    attainable_totals,
    check_meld_number,
    meld_by_trump,
    meld_from_cards,
    meld_from_claims,
    meld_points,
    parse_claims,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
RH390 = replace(DOUBLE, roundhouse_with_run=390)
NPA = replace(DOUBLE, npa_meld=True)
DOUBLING = replace(DOUBLE, double_deck_arounds=4000)
WHOLE_ROUNDHOUSE = replace(DOUBLE, double_roundhouse=2400)


def times(cards: str, n: int) -> str:
    """Each card of ``cards`` ``n`` times."""
    return " ".join(card for card in cards.split() for _ in range(n))


def total(cards: str, trump: Suit | None, options: Options = DOUBLE) -> int:
    hand = Hand.parse(cards, deck=Deck.DOUBLE)
    points = meld_from_cards(hand, trump, options).total
    assert meld_points(hand, trump, options) == points  # the fast path agrees
    return points


RUN_H = "AH TH KH QH JH"
ROUNDHOUSE = "KS QS KH QH KD QD KC QC"
M1 = "AS AS TS TS KS KS KS QS QS QS JS JS JD JD AH AD AC KH QH KC"
M2 = "KS QS KH QH KD QD KC QC AH TH JH AS AD AC JS JD JC TS TD TC"
M3 = "AS AS AS AH AH AH AD AD AD AC AC AC QS QS QS QS JD JD JD JD"


# -- the hand: four copies, no nines -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("AS AS AS", id="a third copy"),
        pytest.param("AS AS AS AS", id="a fourth copy"),
        pytest.param(times(RUN_H, 4), id="a quadruple run, 20 cards"),
    ],
)
def test_a_double_deck_hand_holds_up_to_four_copies(text):
    assert len(Hand.parse(text, deck=Deck.DOUBLE)) == len(text.split())


def test_a_fifth_copy_is_refused_naming_the_card():
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse("AS AS AS AS AS", where=Where(Part.MELD, "Bob"), deck=Deck.DOUBLE)
    assert caught.value.where == Where(Part.MELD, "Bob", card="AS")
    assert str(caught.value.rule) == "5 copies of AS (A♠): a double deck has only four."


def test_a_nine_is_refused_in_a_double_deck():
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse("AS 9S", deck=Deck.DOUBLE)
    assert caught.value.where.card == "9S"
    assert caught.value.rule == "A double deck has no nines: 9S."


def test_a_single_deck_still_refuses_a_third_copy():
    with pytest.raises(CardCopiesError) as caught:
        Hand.parse("AS AS AS")
    assert caught.value.rule == "3 copies of AS (A♠): a pinochle deck has only two."


def test_cards_entered_from_a_single_deck_are_checked_against_a_double_one():
    # A hand entered before the house rules changed the deck: its nine is refused at the meld.
    entry = MeldCards(Hand.parse("9H KH QH"))
    with pytest.raises(CardCopiesError) as caught:
        evaluate_meld(entry, H, DOUBLE, Where(Part.MELD, "Ann"))
    assert caught.value.where == Where(Part.MELD, "Ann", card="9H")
    assert evaluate_meld(MeldCards(Hand.parse("KH QH")), H, DOUBLE, Where(Part.MELD)) == 40


def test_meld_by_cards_refuses_more_cards_than_a_double_deck_hand_holds():
    with pytest.raises(MeldError, match="21 cards laid down"):
        evaluate_meld(
            MeldCards(Hand.parse(M1 + " QC", deck=Deck.DOUBLE)), S, DOUBLE, Where(Part.MELD)
        )


# -- the published table, meld by meld ---------------------------------------------------------

FOLD = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}
COPIES = [
    pytest.param(
        times(cards, n), trump, 10 * figure, id=f"{FOLD[n]} {name} {figure} (x10: {10 * figure})"
    )
    for name, cards, trump in (
        ("run", RUN_H, H),
        ("pinochle", "QS JD", H),
        ("aces", "AS AH AD AC", C),
        ("kings", "KS KH KD KC", C),
        ("queens", "QS QH QD QC", C),  # no J of diamonds: no pinochle
        ("jacks", "JS JH JD JC", C),  # no Q of spades: no pinochle
    )
    for n, figure in enumerate(PUBLISHED[name])
    if n
]
TABLE = [
    pytest.param("AH TH KH KH QH QH JH", H, 190, id="run + spare K Q of trump: 15 + 4 = 19"),
    pytest.param("KH KH KH QH QH QH", H, 120, id="three royal marriages: 3 x 4 = 12"),
    pytest.param(times("KS QS", 4), H, 80, id="four marriages in spades: 4 x 2 = 8"),
    pytest.param("KD KD KD QD", H, 20, id="three kings one queen: one marriage, 2"),
    pytest.param(
        "AS AS AH AH AD AD AC", C, 100, id="M4: aces 2 2 2 1 are single aces, 10, not 100"
    ),
    pytest.param(
        M1, S, 1960,
        id="M1: aces 10 + double pinochle 30 + double run 150 + royal 4 + marriage 2 = 196",
    ),
    pytest.param(
        M2, H, 530,
        id="M2: arounds 10 + 8 + 6 + 4, pinochle 4, run 15, marriages 3 x 2 = 53",
    ),
    pytest.param(M3, C, 2400, id="M3: triple aces 150 + quadruple pinochle 90 = 240"),
    pytest.param(
        ROUNDHOUSE, H, 240, id="roundhouse: kings 8 + queens 6 + royal 4 + 3 marriages 6 = 24"
    ),
    pytest.param(times(ROUNDHOUSE, 2), H, 1600, id="double roundhouse: 80 + 60 + 8 + 12 = 160"),
    pytest.param(
        times("AS TS KS QS JS", 3) + " QS JD JD JD JD", S, 3150,
        id="the biggest 20-card meld: triple run 225 + quadruple pinochle 90 = 315",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "trump", "expected"), COPIES + TABLE)
def test_double_deck_meld_follows_the_published_table(cards, trump, expected):
    assert total(cards, trump) == expected


@pytest.mark.parametrize(
    ("cards", "trump", "options", "plain", "varied"),
    [
        pytest.param(M2, H, RH390, 530, 570, id="roundhouse with run 390: M2 gains the royal 4"),
        pytest.param(RUN_H, H, NPA, 150, 250, id="NPA: a single run 25 instead of 15"),
        pytest.param("QS JD", H, NPA, 40, 150, id="NPA: a single pinochle 15 instead of 4"),
        pytest.param(
            times(RUN_H, 2), H, NPA, 1500, 1500, id="NPA: a double run stays 150"
        ),
        pytest.param(
            times("AS AH AD AC", 4), C, DOUBLING, 2000, 4000, id="doubling: quadruple aces 400"
        ),
        pytest.param(
            times("QS QH QD QC", 3), C, DOUBLING, 900, 1200, id="doubling: triple queens 120"
        ),
        pytest.param(
            M3, C, DOUBLING, 2400, 2900, id="M3 doubling: triple aces 200 + pinochles 90 = 290"
        ),
        pytest.param(
            times(ROUNDHOUSE, 2), H, WHOLE_ROUNDHOUSE, 1600, 2400,
            id="a double roundhouse scored whole: 240",
        ),
        pytest.param(
            ROUNDHOUSE, H, WHOLE_ROUNDHOUSE, 240, 240, id="a single roundhouse stays 24"
        ),
        pytest.param(
            times(ROUNDHOUSE, 2) + " AH TH JH", H, WHOLE_ROUNDHOUSE, 1710, 2510,
            id="double roundhouse beside a run: run 15 + royal 4 + 12 + 80 + 60 = 171; "
            "scored whole 240 - 4 + 15 = 251",
        ),
    ],
)  # fmt: skip
def test_each_double_deck_variant_changes_its_meld(cards, trump, options, plain, varied):
    assert total(cards, trump) == plain
    assert total(cards, trump, options) == varied


def test_breakdown_names_triples_and_quadruples_at_the_tables_scale():
    score = meld_from_cards(Hand.parse(M3, deck=Deck.DOUBLE), C, DOUBLE)
    assert score.written(10) == "quadruple pinochle 90, triple aces around 150 = 240"


def test_the_best_trump_of_a_double_deck_hand():
    # M1 in spades is 196; in hearts its spades are no run: aces 10 + pinochles 30 + royal
    # marriage K Q of hearts 4 + marriages K Q of spades x 3, 6 = 50.
    scores = meld_by_trump(Hand.parse(M1, deck=Deck.DOUBLE), DOUBLE)
    assert scores[S].total == 1960
    assert scores[H].total == 500


# -- named melds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("triple aces around", 1500, id="triple aces 150"),
        pytest.param("quadruple run", 3000, id="quadruple run 300"),
        pytest.param("run, run, run", 2250, id="three runs named one by one are the triple"),
        pytest.param("3 pinochle, marriage S", 620, id="triple pinochle 60 + marriage 2 = 62"),
        pytest.param("4x jacks around", 800, id="quadruple jacks 80"),
        pytest.param("double roundhouse", 1600, id="a double roundhouse, its parts 160"),
        pytest.param("triple run, royal marriage", 2290, id="triple run 225 + royal 4 = 229"),
    ],
)
def test_double_deck_claims(text, expected):
    assert meld_from_claims(parse_claims(text, deck=Deck.DOUBLE), H, DOUBLE).total == expected


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        pytest.param("dix", "A double deck has no nines: these melds need 9H.", id="no dix"),
        pytest.param(
            "quadruple run, run", "5 runs need five copies of a card; the deck has four.",
            id="a fifth run",
        ),
        pytest.param(
            "quadruple aces around, aces around",
            "These melds need 5 copies of A♠, but the deck has only four "
            "(a card serves only one meld of each class).",
            id="a fifth aces around",
        ),
        pytest.param(
            "quadruple aces around, quadruple kings around",
            "These melds need at least 32 cards, but a hand here holds 20.",
            id="32 cards in a 20-card hand",
        ),
        pytest.param(
            "quadruple run, aces around",
            "These melds need at least 23 cards, but a hand here holds 20.",
            id="a quadruple run shares only the ace of trump with aces around",
        ),
    ],
)  # fmt: skip
def test_double_deck_claims_that_no_hand_holds_are_refused(text, rule):
    with pytest.raises(MeldError) as caught:
        meld_from_claims(parse_claims(text, deck=Deck.DOUBLE), H, DOUBLE)
    assert caught.value.rule == rule


@pytest.mark.parametrize("text", ["100 aces", "1000 aces", "aces abound", "2 80 kings"])
def test_single_deck_names_are_refused_with_a_double_deck(text):
    with pytest.raises(MeldError, match="names a single deck's meld"):
        parse_claims(text, deck=Deck.DOUBLE)


def test_a_single_deck_still_reads_its_figure_names():
    assert len(parse_claims("1000 aces")) == 2


# -- a meld figure -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figure", "rule"),
    [
        pytest.param(2, None, id="2: a marriage"),
        pytest.param(19, None, id="19: run and royal marriage"),
        pytest.param(315, None, id="315: triple run and quadruple pinochle, 20 cards"),
        pytest.param(
            316, "Meld 316 is more than any hand can show here (at most 315).", id="316: too many"
        ),
        pytest.param(
            1, "No legal hand melds exactly 1 under these rules.", id="1: no dix without nines"
        ),
    ],
)
def test_a_double_deck_meld_figure_is_checked(figure, rule):
    if rule is None:
        check_meld_number(DOUBLE.from_table(figure), DOUBLE)
        return
    with pytest.raises(MeldError) as caught:
        check_meld_number(DOUBLE.from_table(figure), DOUBLE)
    assert caught.value.rule == rule


# An independent count of every total: each choice of arounds, pinochles, trump runs, royal
# marriages and marriages, with the copies of each card it needs counted card by card.
RUN = (0, 150, 1500, 2250, 3000)
PINOCHLE = (0, 40, 300, 600, 900)
AROUNDS = ((0, 100, 1000, 1500, 2000), (0, 80, 800, 1200, 1600), (0, 60, 600, 900, 1200),
           (0, 40, 400, 600, 800))  # fmt: skip


def every_total(cards: int, options: Options) -> set[int]:
    """Every total, under ``options``' roundhouse beside a run and double roundhouse."""
    run_roundhouse = 40 if options.roundhouse_with_run == 390 else 0
    double_roundhouse = options.double_roundhouse - 1600
    found = set()
    for arounds in itertools.product(range(5), repeat=4):
        for pinochles in range(5):
            floor = {
                rank + suit: n for suit in "SHDC" for rank, n in zip("AKQJ", arounds, strict=True)
            }
            floor |= {"T" + suit: 0 for suit in "SHDC"}
            floor["QS"] = max(floor["QS"], pinochles)
            floor["JD"] = max(floor["JD"], pinochles)
            if sum(floor.values()) > cards:
                continue
            points = PINOCHLE[pinochles] + sum(
                row[n] for row, n in zip(AROUNDS, arounds, strict=True)
            )
            for trump, runs, royal in itertools.product("SHDC", range(5), range(5)):
                if runs + royal > 4:
                    continue
                need = dict(floor)
                for rank in "ATJ":
                    need[rank + trump] = max(need[rank + trump], runs)
                for rank in "KQ":
                    need[rank + trump] = max(need[rank + trump], runs + royal)
                held = sum(need.values())
                if held > cards:
                    continue
                plain = [suit for suit in "SHDC" if suit != trump]
                # the kings and queens that m marriages of each plain suit add to the hand
                more = [
                    [sum(max(0, m - need[rank + suit]) for rank in "KQ") for m in range(5)]
                    for suit in plain
                ]
                for married in itertools.product(range(5), repeat=3):
                    extra = sum(more[i][m] for i, m in enumerate(married))
                    if held + extra > cards:
                        continue
                    total = points + RUN[runs] + 40 * royal + 20 * sum(married)
                    kings, queens = arounds[1], arounds[2]
                    if runs and not royal and kings and queens and min(married) >= 1:
                        total += run_roundhouse
                    if runs + royal >= 2 and min(kings, queens, *married) >= 2:
                        total += double_roundhouse
                    found.add(total)
    return found


@pytest.mark.parametrize(
    "variant",
    [{}, {"roundhouse_with_run": 390}, {"double_roundhouse": 2400}],
    ids=["pagat", "roundhouse with run 390", "double roundhouse 2400"],
)
@pytest.mark.parametrize(
    ("game", "cards"),
    [("eight-handed", 10), ("six-handed", 13), ("double-deck", 20)],
    ids=["eight players, 10 cards", "six players, 13 cards", "four players, 20 cards"],
)
def test_every_double_deck_total_agrees_with_a_count_of_every_meld(game, cards, variant):
    options = replace(Options.preset(game), **variant)
    assert options.hand_size == cards
    assert attainable_totals(options) == every_total(cards, options)


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        pytest.param(
            "npa_meld", True,
            "NPA meld values (On) is a double deck's meld: set Deck to Double deck (80 cards), "
            "or NPA meld values back to Off.",
            id="npa",
        ),
        pytest.param(
            "double_deck_arounds", 4000,
            "Arounds with a double deck (Doubling: aces 100, 1000, 2000, 4000) is a double "
            "deck's meld: set Deck to Double deck (80 cards), or Arounds with a double deck "
            "back to Pagat: aces 100, 1000, 1500, 2000.",
            id="doubling arounds",
        ),
        pytest.param(
            "double_roundhouse", 2400,
            "Double roundhouse (2400) is a double deck's meld: set Deck to Double deck "
            "(80 cards), or Double roundhouse back to 1600, its parts.",
            id="double roundhouse",
        ),
    ],
)  # fmt: skip
def test_a_double_deck_meld_option_is_refused_with_a_single_deck(name, value, words):
    with pytest.raises(OptionError) as caught:
        replace(Options.preset("partnership"), **{name: value}).validate()
    assert caught.value.where == Where(Part.OPTION, option=name)
    assert caught.value.rule == words
    replace(DOUBLE, **{name: value}).validate()


def test_the_st_joseph_double_trump_marriage_is_refused_with_a_double_deck():
    with pytest.raises(OptionError) as caught:
        replace(DOUBLE, double_trump_marriage=240).validate()
    assert caught.value.rule == (
        "Double trump marriage 240 is a single deck's custom: set Double trump marriage back "
        "to 80, or Deck to Single deck (48 cards)."
    )


def test_double_deck_meld_options_are_read_from_their_words():
    options = Options.from_dict(
        {"system": "double-deck", "npa_meld": "on",
         "double_deck_arounds": "4000", "double_roundhouse": "2400"}
    )  # fmt: skip
    assert (options.npa_meld, options.double_deck_arounds, options.double_roundhouse) == (
        True, 4000, 2400,
    )  # fmt: skip
    with pytest.raises(OptionError, match="must be one of 2000, 4000"):
        Options.from_dict({"system": "double-deck", "double_deck_arounds": "3000"})
