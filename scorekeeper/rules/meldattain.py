"""Every meld total a hand of four copies of each card can show: a double deck, or two packs
with nines (RULES section 2.6, a meld entered as a number).

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
def double_deck_totals(table: MeldTable, roundhouse_390: bool, hand_size: int) -> frozenset[int]:
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
            RUN_ROUNDHOUSE: table.roundhouse_bonus if roundhouse_390 and kings and queens else 0,
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
