"""Double-deck meld from cards against a brute force, on 20,000 random hands (RULES 2.9).

The brute force knows nothing of the engine: it counts the cards itself, takes the published
table from ``doubledeck.values`` and tries every choice of melds the cards allow, class by
class (class I: runs, royal marriages and each suit's marriages; class III: each around),
keeping the best. The two roundhouse rules join class I and class III, so those two classes
are tried together; class II (pinochles) joins nothing and is taken at its best.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

from doubledeck import DOUBLE, values

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.pack.cards import Card, Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import attainable_totals, meld_from_cards, meld_points

SUITS = "SHDC"
PACK = [rank + suit for suit in SUITS for rank in "ATKQJ" for _ in range(4)]  # 80 cards
# Pools rich in meld, so that doubles, triples and quadruples come up often: every K, Q and A
# with the 10 and J of hearts and the J of diamonds (runs in hearts, roundhouses); every K and
# Q with all of hearts (double and triple runs); every K and Q alone (double roundhouses);
# every A and J with the Q of spades (triple and quadruple aces, jacks and pinochles).
POOLS = (
    PACK,
    [card for card in PACK if card[0] in "KQ"],
    [card for card in PACK if card[0] in "KQA" or card in ("TH", "JH", "JD")],
    [card for card in PACK if card[0] in "KQ" or card[1] == "H"],
    [card for card in PACK if card[0] in "AJ" or card == "QS"],
)
OPTIONS = [
    DOUBLE,
    replace(DOUBLE, roundhouse_with_run=390),
    replace(DOUBLE, npa_meld=True),
    replace(DOUBLE, double_deck_arounds=4000),
    replace(DOUBLE, double_roundhouse=2400),
]
HANDS = 20_000
M1 = "AS AS TS TS KS KS KS QS QS QS JS JS JD JD AH AD AC KH QH KC"
M2 = "KS QS KH QH KD QD KC QC AH TH JH AS AD AC JS JD JC TS TD TC"


def class_one(held: Counter[str], trump: str | None) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every (runs, royal marriages, marriages of the other suits) the cards allow."""
    plain = [suit for suit in SUITS if suit != trump]
    pairs = [range(min(held["K" + suit], held["Q" + suit]) + 1) for suit in plain]
    readings = []
    if trump is None:
        return [(0, 0, married) for married in itertools.product(*pairs)]
    for runs in range(min(held[rank + trump] for rank in "ATKQJ") + 1):
        for royal in range(min(held["K" + trump], held["Q" + trump]) - runs + 1):
            readings.extend((runs, royal, married) for married in itertools.product(*pairs))
    return readings


def best_meld(held: Counter[str], trump: str | None, options: Options) -> int:
    """The most the cards ``held`` meld in ``trump``, trying every legal choice."""
    table = values(options)
    pinochle = max(table["pinochle"][n] for n in range(5) if min(held["QS"], held["JD"]) >= n)
    arounds = list(
        itertools.product(*(range(min(held[rank + suit] for suit in SUITS) + 1) for rank in "AKQJ"))
    )
    best = 0
    for runs, royal, married in class_one(held, trump):
        one = table["run"][runs] + 40 * royal + 20 * sum(married)
        for aces, kings, queens, jacks in arounds:
            points = one + (
                table["aces"][aces]
                + table["kings"][kings]
                + table["queens"][queens]
                + table["jacks"][jacks]
            )
            if trump and runs and not royal and min(kings, queens, *married) >= 1:
                points += 40 if options.roundhouse_with_run == 390 else 0
            if trump and runs + royal >= 2 and min(kings, queens, *married) >= 2:
                points += options.double_roundhouse - 1600
            best = max(best, points)
    return best + pinochle


def test_the_brute_force_agrees_with_the_published_worked_hands():
    # the research note's M1 (196) and M2 (53, 57 with the royal marriage beside the run)
    m1 = Counter(M1.split())
    m2 = Counter(M2.split())
    assert best_meld(m1, "S", DOUBLE) == 1960
    assert best_meld(m2, "H", DOUBLE) == 530
    assert best_meld(m2, "H", OPTIONS[1]) == 570


def test_meld_from_cards_agrees_with_the_brute_force_on_20000_double_deck_hands():
    rng = random.Random(18)
    trumps = [None, *SUITS]
    for n in range(HANDS):
        cards = rng.sample(POOLS[n % len(POOLS)], 20)
        trump = rng.choice(trumps)
        options = OPTIONS[n // len(POOLS) % len(OPTIONS)]  # every pool meets every option
        hand = Hand.from_cards((Card.parse(card) for card in cards), deck=Deck.DOUBLE)
        suit = None if trump is None else Suit(trump)
        expected = best_meld(Counter(cards), trump, options)
        assert meld_points(hand, suit, options) == expected, (sorted(cards), trump, options)
        assert meld_from_cards(hand, suit, options).total == expected, (sorted(cards), trump)
        assert expected in attainable_totals(options)
