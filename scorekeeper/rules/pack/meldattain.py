"""Every meld total a hand can show (RULES 2.6, way 3: a meld entered as a number).

A figure is accepted only when some legal set of melds of a hand of the session's size totals
exactly that. With two copies of each card (a single deck) every set of counts is tried, meld
by meld, under the single deck's house rules. With four (a double deck, or two packs with
nines) that would be millions of sets, so the totals are worked out class by class and suit
by suit:

A set of melds fits in one hand when, card by card, the most copies any one class needs is at
most four and these add up to at most the hand size. Class III (arounds) and class II
(pinochles) are chosen first; what they need of every card is a floor. Class I is then
suit by suit: the trump's runs, royal marriages and dix, each other suit's marriages, and each
adds only the copies it needs beyond that floor. Per suit, and then for the suits together,
only the fewest cards for each class I total matter, so each choice of arounds and
pinochles costs a few hundred additions instead of the thousands of class I combinations.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import replace

from ..errors import MeldError, Where
from ..remember import remember_last
from .cards import SUITS, Suit, card_index
from .meldoptions import MeldOptions, meld_table, roundhouse_390
from .meldscore import (
    AROUND_RANKS,
    MELD,
    MeldCounts,
    cards_for,
    per_suit,
    roundhouse_bonus_of,
    score_counts,
)
from .meldtable import MeldTable

RUN_ROUNDHOUSE, DOUBLE_ROUNDHOUSE = 1, 2
"""What a suit's reading holds of a roundhouse beside a run (``roundhouse_with_run`` 390: a run
and no royal marriage in trump, a marriage elsewhere) and of a double roundhouse (two K-Q pairs
in every suit), as bits; the hand holds what every suit holds."""

_Fewest = dict[tuple[int, int], int]
"""(points, the roundhouse bits held) -> the fewest cards beyond the floor that show them."""


def _join(left: _Fewest, right: _Fewest, room: int) -> _Fewest:
    """Every sum of a reading of ``left`` and one of ``right``, with its fewest cards, holding
    the roundhouse parts both hold."""
    out: _Fewest = {}
    for (a, a_part), ca in left.items():
        for (b, b_part), cb in right.items():
            cards = ca + cb
            key = (a + b, a_part & b_part)
            if cards <= room and cards < out.get(key, room + 1):
                out[key] = cards
    return out


def _fewest(readings: Iterable[tuple[int, int, int]]) -> _Fewest:
    out: _Fewest = {}
    for points, part, cards in readings:
        if cards < out.get((points, part), cards + 1):
            out[points, part] = cards
    return out


def _marriages(table: MeldTable, king: int, queen: int) -> _Fewest:
    """One plain suit's marriages over a floor of ``king`` and ``queen``."""
    return _fewest(
        (
            m * table.marriage,
            (RUN_ROUNDHOUSE if m >= 1 else 0) | (DOUBLE_ROUNDHOUSE if m >= 2 else 0),
            max(0, m - king) + max(0, m - queen),
        )
        for m in range(table.copies + 1)
    )


def _trump(table: MeldTable, floor: tuple[int, int, int, int]) -> _Fewest:
    """The trump's runs, royal marriages and dix over a floor of its A, K, Q and J (the 10 and
    the 9 have none)."""
    ace, king, queen, jack = floor
    readings = []
    nines = range(table.copies + 1 if table.dix else 1)  # a double deck has no dix
    copies = range(table.copies + 1)
    for runs, royal, dix in itertools.product(copies, copies, nines):
        if runs + royal > table.copies:
            continue
        kq = runs + royal
        cards = max(0, runs - ace) + runs + max(0, kq - king) + max(0, kq - queen)
        readings.append(
            (
                table.run[runs] + table.royal_marriage[royal] + dix * table.dix,
                (RUN_ROUNDHOUSE if runs >= 1 and royal == 0 else 0)
                | (DOUBLE_ROUNDHOUSE if kq >= 2 else 0),
                cards + max(0, runs - jack) + dix,
            )
        )
    return _fewest(readings)


@functools.lru_cache(maxsize=16)
def suit_by_suit_totals(table: MeldTable, with_run_390: bool, hand_size: int) -> frozenset[int]:
    """Every total some legal set of melds of a ``hand_size``-card hand shows under ``table``."""
    copies = range(table.copies + 1)
    totals: set[int] = set()
    for aces, kings, queens, jacks in itertools.product(copies, repeat=4):
        floor = 4 * (aces + kings + queens + jacks)
        if floor > hand_size:
            continue
        around_points = sum(
            values[n] for values, n in zip(table.arounds, (aces, kings, queens, jacks), strict=True)
        )
        bonus = {
            RUN_ROUNDHOUSE: table.roundhouse_bonus if with_run_390 and kings and queens else 0,
            DOUBLE_ROUNDHOUSE: table.double_roundhouse_bonus if min(kings, queens) >= 2 else 0,
        }
        for pinochles in copies:
            spade_queen, diamond_jack = max(queens, pinochles), max(jacks, pinochles)
            base = floor + spade_queen - queens + diamond_jack - jacks
            if base > hand_size:
                continue
            room = hand_size - base
            points = around_points + table.pinochle[pinochles]
            # Suits are alike but for the pinochle's Q of spades and J of diamonds: trump in
            # spades, in diamonds, or in hearts (clubs plays the same part as hearts).
            for trump in ("S", "D", "H"):
                trump_queen = spade_queen if trump == "S" else queens
                trump_jack = diamond_jack if trump == "D" else jacks
                plain_queens = (queens if trump == "S" else spade_queen, queens, queens)
                shown = _trump(table, (aces, kings, trump_queen, trump_jack))
                for queen in plain_queens:
                    shown = _join(shown, _marriages(table, kings, queen), room)
                totals.update(
                    points + total + sum(v for bit, v in bonus.items() if part & bit)
                    for total, part in shown
                )
    return frozenset(totals)


# -- two copies of each card: meld by meld ---------------------------------------------------


@functools.lru_cache(maxsize=32)
def meld_by_meld_totals(table: MeldTable, with_run_390: bool, hand_size: int) -> frozenset[int]:
    """Every total of a ``hand_size``-card hand under a table of two copies of each card (a
    single deck's, with its house rules)."""
    whole = table.double_trump_whole
    copies = range(table.copies + 1)
    totals: set[int] = set()
    # Hearts and clubs play the same part; spades and diamonds touch the pinochle.
    for trump in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS):
        others = [s for s in SUITS if s is not trump]
        for runs, royal, dix, pinochles, *married in itertools.product(copies, repeat=7):
            if runs + royal > table.copies and not (whole and runs == 1 and royal == 2):
                continue
            marriages = [0, 0, 0, 0]
            for suit, m in zip(others, married, strict=True):
                marriages[suit.index] = m
            spares = range(2) if table.run_extra and runs == 1 and not royal else range(1)
            for extra_kings, extra_queens in itertools.product(spares, repeat=2):
                base = MeldCounts(
                    trump, runs, royal, per_suit(marriages), dix, pinochles,
                    extra_kings=extra_kings, extra_queens=extra_queens,
                )  # fmt: skip
                totals.update(_with_arounds(base, table, with_run_390, hand_size))
    return frozenset(totals)


def _with_arounds(
    base: MeldCounts, table: MeldTable, with_run_390: bool, hand_size: int
) -> Iterable[int]:
    """The totals of ``base`` with every choice of arounds that still fits the hand."""
    need = cards_for(base, table)
    if max(need) > table.copies or sum(need) > hand_size:
        return
    room = hand_size - sum(need)
    # Every choice of arounds so far, rank by rank (A, K, Q, J): its counts, the cards it
    # needs beyond ``need`` and its points. A choice that needs more cards than the hand has
    # room for is dropped at once: the next ranks only add cards.
    chosen: list[tuple[tuple[int, ...], int, int]] = [
        ((), 0, score_counts(base, table, with_run_390).total)
    ]
    for i, rank in enumerate(AROUND_RANKS):
        have = [need[card_index(rank, suit)] for suit in SUITS]
        steps = [
            (n, sum(max(0, n - h) for h in have), table.arounds[i][n])
            for n in range(table.copies + 1)
        ]
        chosen = [
            ((*counts, n), cards + more, points + gained)
            for counts, cards, points in chosen
            for n, more, gained in steps
            if cards + more <= room
        ]
    for arounds, _, points in chosen:
        if with_run_390 and arounds[1] and arounds[2]:
            points += roundhouse_bonus_of(replace(base, arounds=per_suit(arounds)), table, True)
        yield points


# -- a bare number ---------------------------------------------------------------------------


@remember_last
def attainable_totals(options: MeldOptions) -> frozenset[int]:
    """Every meld total some legal hand can show under these options (looked up once for the
    options of a replay, which asks on every hand)."""
    table = meld_table(options)
    totals = meld_by_meld_totals if table.copies == 2 else suit_by_suit_totals
    return totals(table, roundhouse_390(options), options.hand_size)


def is_attainable(points: int, options: MeldOptions) -> bool:
    """True if some legal meld totals exactly ``points`` (full points)."""
    return points in attainable_totals(options)


def check_meld_number(points: int, options: MeldOptions, where: Where = MELD) -> None:
    """Refuse a meld figure that no legal hand can total under these options."""
    if is_attainable(points, options):
        return
    shown = options.to_table(points) if points % options.scale == 0 else points
    top = max(attainable_totals(options))
    if points < 0:
        rule = f"Meld cannot be negative ({shown})."
    elif points > top:
        rule = (
            f"Meld {shown} is more than any hand can show here (at most {options.to_table(top)})."
        )
    elif points % 10:
        rule = (
            f"Meld {shown} is impossible: every meld is worth a multiple of {10 // options.scale}."
        )
    else:
        rule = f"No legal hand melds exactly {shown} under these rules."
    raise MeldError(where, rule)
