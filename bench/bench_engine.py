"""Benchmark of the rules engine: prints figures, asserts nothing.

Targets (issue 2): meld from cards >= 100,000 hand evaluations per second on one core;
replaying a 1,000-hand session from scratch <= 100 ms; fewest payments for 10 holders <= 50 ms.
Issue 18: meld from cards of a 20-card double-deck hand >= 100,000 hands per second; the same
figure for a 16-card hand from two packs with nines (96 cards, six players).

    python bench/bench_engine.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.evening.settlement import fewest_payments
from scorekeeper.rules.game.bidding import legal_bids
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandInput, MeldCards, MeldNumber
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import DECK, SUITS, Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import meld_from_cards, meld_points
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks


def random_hands(
    rng: random.Random, n: int, size: int = 15, deck: Deck = Deck.SINGLE
) -> list[tuple[Hand, Suit]]:
    """``n`` random hands of ``size`` cards from ``deck``, each with a random trump."""
    pack = [card for card in DECK if deck.holds(card)] * deck.copies
    return [
        (Hand.from_cards(rng.sample(pack, size), deck=deck), rng.choice(SUITS)) for _ in range(n)
    ]


def hands_per_second(
    options: Options, hands: list[tuple[Hand, Suit]], score: Callable[..., object]
) -> float:
    """The best of three passes of ``score`` over ``hands``."""
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for hand, trump in hands:
            score(hand, trump, options)
        best = max(best, len(hands) / (time.perf_counter() - start))
    return best


TARGET = "   (target >= 100,000)"


def bench_meld(rng: random.Random) -> None:
    single, bison = random_hands(rng, 50_000), Options.preset("bison")
    double = random_hands(random.Random(18), 50_000, 20, Deck.DOUBLE)  # leaves ``rng`` as it was
    double_deck = Options.preset("double-deck")  # four players, 20 cards each
    nines = random_hands(random.Random(96), 50_000, 16, Deck.NINES)
    six_nines = replace(Options.preset("six-handed"), deck=Deck.NINES)  # 16 cards each
    for label, options, hands, score, target in (
        ("meld from cards, figure only:    ", bison, single, meld_points, TARGET),
        ("meld from cards, with breakdown: ", bison, single[:20_000], meld_from_cards, ""),
        ("double deck 20 cards, figure:    ", double_deck, double, meld_points, TARGET),
        ("double deck 20 cards, breakdown: ", double_deck, double[:20_000], meld_from_cards, ""),
        ("96 cards, 16-card hand, figure:  ", six_nines, nines, meld_points, TARGET),
        ("96 cards, 16-card hand, breakdown:", six_nines, nines[:20_000], meld_from_cards, ""),
    ):
        rate = hands_per_second(options, hands, score)
        print(f"{label}  {rate:>10,.0f} hands/s{target}")


def brooklyn_history(rng: random.Random, n: int) -> tuple[SessionSetup, list[HandInput]]:
    """A 4-player Brooklyn session: outcomes entered directly, some with meld and tricks."""
    options = Options.preset("brooklyn")
    setup = SessionSetup(options, ("Ann", "Bob", "Cal", "Dee"), "Ann")
    bids = legal_bids(options, count=14)
    events: list[HandInput] = []
    state = replay(setup, [])
    order = setup.players
    dealer = 0
    for i in range(n):
        active = [order[(dealer + k) % 4] for k in (1, 2, 0)]  # right of dealer sits out
        declarer = rng.choice(active)
        trump = rng.choice(SUITS)
        bid = rng.choice(bids)
        if i % 3 == 0:
            hand = HandInput(
                None, declarer, bid, trump,
                meld=((declarer, MeldNumber(rng.choice((100, 150, 190, 240)))),),
                tricks=SideTricks(rng.randrange(60, 200, 10)),
            )  # fmt: skip
        else:
            outcome = rng.choice((Outcome.MADE, Outcome.MADE, Outcome.SET, Outcome.CONCEDED))
            hand = HandInput(outcome, declarer, bid, trump)
        events.append(hand)
        dealer = (dealer + 1) % 4
    del state
    return setup, events


def bison_history(rng: random.Random, n: int) -> tuple[SessionSetup, list[HandInput]]:
    """A Bison session: everyone melds by cards, counters per player and the last trick."""
    options = Options.preset("bison")
    players = ("Ann", "Bob", "Cal")
    setup = SessionSetup(options, players, "Ann")
    deck = list(DECK) * 2
    events = []
    for _ in range(n):
        rng.shuffle(deck)
        declarer = rng.choice(players)
        cut = sorted(rng.sample(range(1, 24), 2))
        counters = dict(zip(players, (cut[0], cut[1] - cut[0], 24 - cut[1]), strict=True))
        melds = tuple(
            (p, MeldCards(Hand.from_cards(deck[15 * i : 15 * i + 15])))
            for i, p in enumerate(players)
        )
        events.append(
            HandInput(
                None, declarer, rng.choice((250, 260, 300, 350)), rng.choice(SUITS), melds,
                PlayerTricks.of(counters, rng.choice(players)),
            )
        )  # fmt: skip
    return setup, events


def double_deck_history(rng: random.Random, n: int) -> tuple[SessionSetup, list[HandInput]]:
    """A double-deck partnership session: each side's meld as one figure, the bidders' tricks."""
    options = Options.preset("double-deck")
    players = ("N", "E", "S", "W")
    setup = SessionSetup(options, players, "W")
    events = []
    for _ in range(n):
        declarer = rng.choice(players)
        partner = players[(players.index(declarer) + 2) % 4]
        others = [p for p in players if p not in (declarer, partner)]
        melds = (
            (declarer, MeldNumber(rng.choice((200, 300, 400, 550)), 2)),
            (others[0], MeldNumber(rng.choice((0, 200, 300)), 2)),
        )
        events.append(
            HandInput(
                None, declarer, rng.choice((500, 550, 600, 650, 700)), rng.choice(SUITS), melds,
                SideTricks(10 * rng.randint(10, 50)),
            )
        )  # fmt: skip
    return setup, events


def bench_replay(rng: random.Random) -> None:
    for label, build in (
        ("brooklyn, 4 players", brooklyn_history),
        ("bison, meld by cards", bison_history),
        ("double deck, side meld", double_deck_history),
    ):
        setup, events = build(rng, 1000)
        times = []
        for _ in range(7):
            start = time.perf_counter()
            replay(setup, events)
            times.append(time.perf_counter() - start)
        print(
            f"replay 1,000 hands ({label}): {1000 * statistics.median(times):>7.1f} ms median"
            f"   (target <= {50 if 'double' in label else 100} ms)"
        )


def bench_settlement(rng: random.Random) -> None:
    times = []
    for _ in range(200):
        values = [rng.randint(-5000, 5000) for _ in range(9)]
        values.append(-sum(values))
        nets = {f"P{i}": v for i, v in enumerate(values)}
        start = time.perf_counter()
        fewest_payments(nets)
        times.append(time.perf_counter() - start)
    print(f"fewest payments, 10 holders:       {1000 * statistics.median(times):>7.2f} ms median"
          f" (worst {1000 * max(times):.2f} ms; target <= 50 ms)")  # fmt: skip


def main() -> None:
    rng = random.Random(2026)
    print(f"Python {sys.version.split()[0]}, one core")
    bench_meld(rng)
    bench_replay(rng)
    bench_settlement(rng)


if __name__ == "__main__":
    main()
