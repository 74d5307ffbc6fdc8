"""What a set of melds scores and needs (RULES section 2): the shape every way in ends in.

A ``MeldCounts`` says how many of each meld a hand shows; ``score_melds`` scores it under the
session's meld table (``meldoptions.meld_table``), line by line (``MeldScore``), and
``cards_needed`` says the fewest copies of each card a hand must hold to show it, which
``check_fits_one_hand`` holds to the deck and the hand size. Each way in is a module of its
own: cards (``meldcards``), named melds (``meldclaims``) and a bare number (``meldattain``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import MeldError, Part, Where
from .cards import DECK, SUITS, Rank, Suit, card_index
from .meldoptions import MeldOptions, meld_table, roundhouse_390
from .meldtable import AROUND_KINDS, MeldKind, MeldTable

MELD = Where(Part.MELD)
AROUND_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_TIMES = {2: "double", 3: "triple", 4: "quadruple"}
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True, slots=True)
class MeldCounts:
    """How many of each meld a hand shows; the shape every way of entering meld ends in."""

    trump: Suit | None = None
    runs: int = 0
    royal_marriages: int = 0
    marriages: tuple[int, int, int, int] = (0, 0, 0, 0)  # per suit S H D C; trump slot is 0
    dix: int = 0
    pinochles: int = 0
    arounds: tuple[int, int, int, int] = (0, 0, 0, 0)  # aces, kings, queens, jacks
    extra_kings: int = 0  # spare trump kings beside a run, under ``run_extras``
    extra_queens: int = 0


@dataclass(frozen=True, slots=True)
class MeldLine:
    """One line of a breakdown: ``double pinochle 300``, ``triple run 2250``, ``marriage ♥ 20``."""

    kind: str
    count: int
    points: int
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.written()

    def written(self, scale: int = 1) -> str:
        """The line as the table writes it: points divided by ``scale`` (``run 15`` at 10)."""
        name = f"{self.kind} {self.suit.symbol}" if self.suit else self.kind
        if self.count in _TIMES:
            name = f"{_TIMES[self.count]} {name}"
        return f"{name} {self.points // scale}"


@dataclass(frozen=True, slots=True)
class MeldScore:
    """A meld total with its breakdown, meld by meld."""

    total: int
    lines: tuple[MeldLine, ...]
    counts: MeldCounts

    def __str__(self) -> str:
        return self.written()

    def written(self, scale: int = 1) -> str:
        """The breakdown as the table writes it: points divided by ``scale``."""
        if not self.lines:
            return "no meld 0"
        lines = ", ".join(line.written(scale) for line in self.lines)
        return f"{lines} = {self.total // scale}"


# -- scoring ---------------------------------------------------------------------------------


def class_one_trump(runs: int, royal: int, table: MeldTable) -> tuple[tuple[MeldLine, ...], int]:
    """The trump's runs and royal marriages under ``table``: their lines and their points."""
    lines = []
    if runs:
        lines.append(MeldLine("run", runs, table.run[runs]))
    if royal:
        lines.append(MeldLine("royal marriage", royal, table.royal_marriage[royal]))
    return tuple(lines), sum(line.points for line in lines)


def _marriages(married: int, table: MeldTable) -> int:
    """A plain suit's marriages: two as one meld under ``double_marriage_value``."""
    if married == 2 and table.double_marriage:
        return table.double_marriage
    return married * table.marriage


def roundhouse_bonus(counts: MeldCounts, options: MeldOptions) -> int:
    """The roundhouse's trump marriage beside a run (+40), under ``roundhouse_with_run`` 390."""
    return roundhouse_bonus_of(counts, meld_table(options), roundhouse_390(options))


def roundhouse_bonus_of(counts: MeldCounts, table: MeldTable, with_run_390: bool) -> int:
    """``roundhouse_bonus`` under ``table``, the 390 counted or not (``with_run_390``)."""
    if not with_run_390 or counts.trump is None:
        return 0
    if counts.runs < 1 or counts.royal_marriages or counts.extra_kings or counts.extra_queens:
        return 0  # the trump marriage beside the run already counts
    if counts.arounds[1] < 1 or counts.arounds[2] < 1:
        return 0
    others = [
        m for suit, m in zip(SUITS, counts.marriages, strict=True) if suit is not counts.trump
    ]
    return table.roundhouse_bonus if all(m >= 1 for m in others) else 0


def _double_roundhouse(counts: MeldCounts, table: MeldTable) -> int:
    """A double roundhouse scored whole (2400, not its parts' 1600) under ``double_roundhouse``:
    two K-Q pairs of trump (in runs or royal marriages) and of every other suit, so double
    kings and double queens around."""
    bonus = table.double_roundhouse_bonus
    if not bonus or counts.trump is None or counts.runs + counts.royal_marriages < 2:
        return 0
    if counts.arounds[1] < 2 or counts.arounds[2] < 2:
        return 0
    others = [
        m for suit, m in zip(SUITS, counts.marriages, strict=True) if suit is not counts.trump
    ]
    return bonus if all(m >= 2 for m in others) else 0


def score_melds(counts: MeldCounts, options: MeldOptions) -> MeldScore:
    """Points for the melds counted, with the breakdown, under the session's options."""
    return score_counts(counts, meld_table(options), roundhouse_390(options))


def score_counts(counts: MeldCounts, table: MeldTable, with_run_390: bool) -> MeldScore:
    """Points for the melds counted under ``table``, with the breakdown; ``with_run_390``:
    the roundhouse's trump marriage counts beside a run (``roundhouse_with_run`` 390)."""
    lines: list[MeldLine] = list(class_one_trump(counts.runs, counts.royal_marriages, table)[0])
    for kind, extra in (
        (MeldKind.EXTRA_KING, counts.extra_kings),
        (MeldKind.EXTRA_QUEEN, counts.extra_queens),
    ):
        if extra:
            lines.append(MeldLine(kind.title, extra, extra * table.run_extra))
    for suit, married in zip(SUITS, counts.marriages, strict=True):
        if married:
            lines.append(MeldLine("marriage", married, _marriages(married, table), suit))
    if counts.dix:
        lines.append(MeldLine("dix", counts.dix, counts.dix * table.dix))
    extra = roundhouse_bonus_of(counts, table, with_run_390)
    if extra:
        lines.append(MeldLine("roundhouse's trump marriage", 1, extra))
    whole = _double_roundhouse(counts, table)
    if whole:
        lines.append(MeldLine("double roundhouse bonus", 1, whole))
    if counts.pinochles:
        lines.append(MeldLine("pinochle", counts.pinochles, table.pinochle[counts.pinochles]))
    for kind, values, n in zip(AROUND_KINDS, table.arounds, counts.arounds, strict=True):
        if n:
            lines.append(MeldLine(kind.title, n, values[n]))
    return MeldScore(sum(line.points for line in lines), tuple(lines), counts)


# -- cards a set of melds needs --------------------------------------------------------------


def cards_needed(counts: MeldCounts, options: MeldOptions) -> tuple[int, ...]:
    """The fewest copies of each card a hand must hold to show these melds (may exceed the
    deck's copies)."""
    return cards_for(counts, meld_table(options))


def cards_for(counts: MeldCounts, table: MeldTable) -> tuple[int, ...]:
    """``cards_needed`` under ``table``."""
    class_one = [0] * 24
    trump = counts.trump
    if trump is not None:
        runs, royal = counts.runs, counts.royal_marriages
        for rank in (Rank.ACE, Rank.TEN, Rank.JACK):
            class_one[card_index(rank, trump)] = runs
        overlap = table.double_trump_whole and royal == 2 and runs == 1
        kq = 2 if overlap else runs + royal
        class_one[card_index(Rank.KING, trump)] = kq + counts.extra_kings
        class_one[card_index(Rank.QUEEN, trump)] = kq + counts.extra_queens
        class_one[card_index(Rank.NINE, trump)] = counts.dix
    for suit, married in zip(SUITS, counts.marriages, strict=True):
        if married:
            class_one[card_index(Rank.KING, suit)] += married
            class_one[card_index(Rank.QUEEN, suit)] += married
    need = class_one
    need[card_index(Rank.QUEEN, Suit.SPADES)] = max(
        need[card_index(Rank.QUEEN, Suit.SPADES)], counts.pinochles
    )
    need[card_index(Rank.JACK, Suit.DIAMONDS)] = max(
        need[card_index(Rank.JACK, Suit.DIAMONDS)], counts.pinochles
    )
    for rank, n in zip(AROUND_RANKS, counts.arounds, strict=True):
        for suit in SUITS:
            i = card_index(rank, suit)
            need[i] = max(need[i], n)
    return tuple(need)


def check_fits_one_hand(counts: MeldCounts, options: MeldOptions, where: Where = MELD) -> None:
    """Refuse melds that no single hand could hold (more copies of a card than the deck has, a
    card it lacks, or too many cards)."""
    need = cards_needed(counts, options)
    deck = options.deck
    for card, n in zip(DECK, need, strict=True):
        if n and not deck.holds(card):
            raise MeldError(
                where, f"A {deck.phrase} has no {card.rank.noun}: these melds need {card}."
            )
        if n > deck.copies:
            raise MeldError(
                where,
                f"These melds need {n} copies of {card.symbol}, but the deck has only "
                f"{NUMBER_WORDS[deck.copies]} (a card serves only one meld of each class).",
            )
    total = sum(need)
    if total > options.hand_size:
        raise MeldError(
            where,
            f"These melds need at least {total} cards, but a hand here holds {options.hand_size}.",
        )


def per_suit(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Four counts (one a suit, or one an around) as the fixed tuple ``MeldCounts`` holds."""
    first, second, third, fourth = counts
    return (first, second, third, fourth)
