"""Meld from cards of two packs with nines against a brute force (RULES 2.11).

The brute force knows nothing of the engine: it counts the cards itself, reads the source's
table from ``nines.TABLE`` and tries every choice of melds the cards allow, class by class
(class I: runs, royal marriages, each suit's marriages and the dix; class II: pinochles;
class III: each around), keeping the best. Roundhouse with a run at 390 joins classes I and
III, so those are tried together. Every best total must also be a meld figure the engine
accepts for the hand size (``attainable_totals``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

from nines import DIX, EIGHT, MARRIAGE, ROUNDHOUSE_390, SIX, TABLE

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.pack.cards import Card, Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import attainable_totals, meld_from_cards, meld_points

SUITS = "SHDC"
PACK = [rank + suit for suit in SUITS for rank in "ATKQJ9" for _ in range(4)]  # 96 cards
# Pools rich in meld: all of spades with every K and Q (runs against royal marriages, triple
# runs, roundhouses); every K, Q and 9 (royal marriages of every size, the dix); every A and J
# with the Q of spades (triple and quadruple arounds and pinochles).
POOLS = (
    PACK,
    [card for card in PACK if card[1] == "S" or card[0] in "KQ"],
    [card for card in PACK if card[0] in "KQ9"],
    [card for card in PACK if card[0] in "AJ" or card == "QS"],
    [card for card in PACK if card[0] in "ATKQJ" and card[1] in "SH"],
)
OPTIONS = tuple(
    options for base in (SIX, EIGHT) for options in (base, replace(base, roundhouse_with_run=390))
)
HANDS = 10_000


def class_one(held: Counter[str], trump: str | None) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Every (runs, royal marriages, dix, marriages of the other suits) the cards allow."""
    plain = [suit for suit in SUITS if suit != trump]
    pairs = [range(min(held["K" + suit], held["Q" + suit]) + 1) for suit in plain]
    if trump is None:
        return [(0, 0, 0, married) for married in itertools.product(*pairs)]
    readings = []
    for runs in range(min(held[rank + trump] for rank in "ATKQJ") + 1):
        for royal in range(min(held["K" + trump], held["Q" + trump]) - runs + 1):
            for dix in range(held["9" + trump] + 1):
                readings.extend(
                    (runs, royal, dix, married) for married in itertools.product(*pairs)
                )
    return readings


def best_meld(held: Counter[str], trump: str | None, options: Options) -> int:
    """The most the cards ``held`` meld in ``trump``, trying every legal choice."""
    pinochle = max(TABLE["pinochle"][n] for n in range(min(held["QS"], held["JD"]) + 1))
    ranks = ("aces", "kings", "queens", "jacks")
    most = [min(held[name[0].upper() + suit] for suit in SUITS) for name in ranks]
    best = 0
    for runs, royal, dix, married in class_one(held, trump):
        one = TABLE["run"][runs] + TABLE["royal marriage"][royal]
        one += DIX * dix + MARRIAGE * sum(married)
        for held_arounds in itertools.product(*(range(n + 1) for n in most)):
            points = one + sum(TABLE[name][n] for name, n in zip(ranks, held_arounds, strict=True))
            _, kings, queens, _ = held_arounds
            roundhouse = min(kings, queens, *married) >= 1
            if options.roundhouse_with_run == 390 and runs and not royal and roundhouse:
                points += ROUNDHOUSE_390
            best = max(best, points)
    return best + pinochle


def test_the_brute_force_agrees_with_hands_worked_by_hand():
    # K K Q Q of spades with one A, 10 and J: double royal marriage 300 beats run and royal
    # marriage 190. Three of every card of a spade run and a J♦: triple run and a pinochle
    # 3000 + 40.
    assert best_meld(Counter(["AS", "TS", "KS", "KS", "QS", "QS", "JS"]), "S", SIX) == 300
    triple = Counter({card: 3 for card in ("AS", "TS", "KS", "QS", "JS")})
    assert best_meld(triple + Counter(["JD"]), "S", SIX) == 3040


def test_meld_from_cards_agrees_with_the_brute_force_on_96_card_hands():
    rng = random.Random(96)
    trumps = [None, *SUITS]
    for n in range(HANDS):
        options = OPTIONS[n // len(POOLS) % len(OPTIONS)]  # every pool meets every option
        cards = rng.sample(POOLS[n % len(POOLS)], options.hand_size)
        trump = rng.choice(trumps)
        hand = Hand.from_cards((Card.parse(card) for card in cards), deck=Deck.NINES)
        suit = None if trump is None else Suit(trump)
        expected = best_meld(Counter(cards), trump, options)
        assert meld_points(hand, suit, options) == expected, (sorted(cards), trump, options)
        assert meld_from_cards(hand, suit, options).total == expected, (sorted(cards), trump)
        assert expected in attainable_totals(options)
