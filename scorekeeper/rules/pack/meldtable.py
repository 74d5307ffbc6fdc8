"""What each meld is worth, per deck (RULES sections 2.1, 2.2, 2.9 and 2.11).

A ``MeldTable`` gives the points of 0, 1, 2... copies of each meld under one set of options.
Each deck names the function that builds its table (``deck.Deck.meld_table``:
``single_deck_table``, ``double_deck_table``, ``nines_table``) from ``MeldRules``, the house
rules that change figures, of which it reads the one family its deck takes (``MeldCustoms``).
This module knows no deck: the decks know their tables.

- Single deck: ``MeldKind``'s figures. A double is two singles, or under
  ``double_meld_bonus`` the big figure (double run 1500, double pinochle 300, 1000 aces) for
  the melds ``double_bonus_melds`` lists (Bison, seed 001: "no special score for some or all
  of the double melds"). The house rules of RULES 2.10: ``double_trump_marriage`` 240 or 400
  (St Joseph, seed 001; Wikipedia, seed 003), ``double_marriage_value`` (a double marriage
  in a plain suit, seed 001) and ``run_extras`` (a spare trump K or Q beside a run, 40
  each: seed 004).
- Double deck: the published double-deck table (pagat.com's Double Deck Pinochle and the pages
  printing the same table: Joe Andrews' "How to Calculate Meld in Double Deck Pinochle",
  TableGamesHub), with four copies of each card: single, double, triple and quadruple runs,
  pinochles and arounds. Those sources write figures without the trailing zero (a run is 15);
  the engine holds full points, ten times that, so a table at scale 10 writes them as
  published. Its variants: ``npa_meld`` (the National Pinochle Association's run 25 and
  pinochle 15, pagat's variations), ``double_deck_arounds`` 4000 (arounds doubling each copy,
  aces 10/100/200/400, Instructables) and ``double_roundhouse`` 2400 (a double roundhouse
  worth 240 instead of its parts' 160, pagat's variations).
- Two packs with nines (96 cards): "Partnership Pinocle for more than four players" (a
  card-games book reproduced at pokerwiner.com), the four-handed Partnership Pinocle table
  (Bicycle's Partnership Pinochle) with its doubles, triples and quadruples, its misprints
  settled in RULES 2.11 and section 8: run 150 / 1500 / 3000, royal marriage 40 / 300 / 900 /
  1200, pinochle the same, aces 100 / 1000 / 2000, kings 80 / 800 / 1600, queens 60 / 600 /
  1200, jacks 40 / 400 / 800, any 16 of a rank 3000; marriages 20 and the dix 10 each.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class MeldKind(enum.Enum):
    """A named meld, with its class and its single-deck single and Bison-style double values."""

    RUN = ("run", 1, 150, 1500)
    ROYAL_MARRIAGE = ("royal marriage", 1, 40, 80)
    MARRIAGE = ("marriage", 1, 20, 40)
    DIX = ("dix", 1, 10, 20)
    PINOCHLE = ("pinochle", 2, 40, 300)
    ACES_AROUND = ("aces around", 3, 100, 1000)
    KINGS_AROUND = ("kings around", 3, 80, 800)
    QUEENS_AROUND = ("queens around", 3, 60, 600)
    JACKS_AROUND = ("jacks around", 3, 40, 400)

    EXTRA_KING = ("extra king", 1, 40, 80)  # beside a run, under ``run_extras`` (seed 004)
    EXTRA_QUEEN = ("extra queen", 1, 40, 80)

    def __init__(self, title: str, meld_class: int, single: int, double: int) -> None:
        self.title = title
        self.meld_class = meld_class
        self.single = single
        self.double = double

    @property
    def needs_trump(self) -> bool:
        """True for the melds that only exist in the trump suit."""
        return self in _TRUMP_KINDS

    def points(self, count: int, double_bonus: bool) -> int:
        """Single-deck points for ``count`` (0, 1 or 2) of this meld."""
        if count == 2 and double_bonus:
            return self.double
        return count * self.single


_TRUMP_KINDS = frozenset(
    (MeldKind.RUN, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX, MeldKind.EXTRA_KING, MeldKind.EXTRA_QUEEN)
)
AROUND_KINDS = (
    MeldKind.ACES_AROUND,
    MeldKind.KINGS_AROUND,
    MeldKind.QUEENS_AROUND,
    MeldKind.JACKS_AROUND,
)
DOUBLE_TRUMP_MARRIAGE_ALT = 240  # St Joseph, Missouri (seed 001)
DOUBLE_TRUMP_MARRIAGE_WIKIPEDIA = 400  # "a double marriage in trump is worth 400" (seed 003)
DOUBLE_TRUMP_MARRIAGES = (80, DOUBLE_TRUMP_MARRIAGE_ALT, DOUBLE_TRUMP_MARRIAGE_WIKIPEDIA)
RUN_EXTRA = 40  # a spare trump K or Q beside a run, under ``run_extras`` (seed 004)
BONUS_MELDS = {
    "run": MeldKind.RUN,
    "pinochle": MeldKind.PINOCHLE,
    "aces": MeldKind.ACES_AROUND,
    "kings": MeldKind.KINGS_AROUND,
    "queens": MeldKind.QUEENS_AROUND,
    "jacks": MeldKind.JACKS_AROUND,
}
"""The melds whose double has a big figure, by the name ``double_bonus_melds`` lists."""

# The double deck as published (pagat.com, Double Deck Pinochle), times ten: 0 to 4 copies.
DOUBLE_DECK_RUN = (0, 150, 1500, 2250, 3000)
DOUBLE_DECK_PINOCHLE = (0, 40, 300, 600, 900)
DOUBLE_DECK_AROUNDS = (
    (0, 100, 1000, 1500, 2000),  # aces
    (0, 80, 800, 1200, 1600),  # kings
    (0, 60, 600, 900, 1200),  # queens
    (0, 40, 400, 600, 800),  # jacks
)
NPA_RUN, NPA_PINOCHLE = 250, 150  # the NPA's single run and single pinochle
AROUNDS_PAGAT, AROUNDS_DOUBLING = 2000, 4000  # ``double_deck_arounds``: quadruple aces
ROUNDHOUSE_PARTS, ROUNDHOUSE_WHOLE = 1600, 2400  # ``double_roundhouse``


@dataclass(frozen=True, slots=True)
class MeldTable:
    """Points of 0, 1, 2... copies of each meld (index = copies), for one deck and options."""

    copies: int
    run: tuple[int, ...]
    royal_marriage: tuple[int, ...]
    marriage: int  # each: every table counts marriages one by one
    dix: int  # each; a double deck has no nines
    pinochle: tuple[int, ...]
    arounds: tuple[tuple[int, ...], ...]  # aces, kings, queens, jacks
    double_trump_whole: bool = False  # single deck: K K Q Q of trump as one meld (240, 400)
    double_marriage: int = 0  # single deck: a plain suit's double marriage (0: two singles)
    run_extra: int = 0  # single deck: each spare trump K or Q beside a run (0: nothing)
    double_roundhouse_bonus: int = 0  # double deck: a double roundhouse's 240 over its 160
    run_split: tuple[tuple[int, ...], ...] = ()  # 96 cards: runs[K-Q pairs][most runs]

    @property
    def roundhouse_bonus(self) -> int:
        """What ``roundhouse_with_run`` 390 adds: the roundhouse's royal marriage, once."""
        return self.royal_marriage[1]

    def runs_of(self, most: int, pairs: int) -> int:
        """How many runs the trump's ``pairs`` K-Q pairs make when the other cards allow
        ``most``: all it can, unless royal marriages score more (two packs with nines: K K Q Q
        with one A, 10 and J is a double royal marriage, 300, not a run and one, 190)."""
        return self.run_split[pairs][most] if self.run_split else most


def _single(kind: MeldKind, bonus: bool) -> tuple[int, ...]:
    return tuple(kind.points(n, bonus) for n in range(3))


def _doubling(around: tuple[int, ...]) -> tuple[int, ...]:
    """An around whose triple and quadruple double the copy before (10/100/200/400)."""
    return (*around[:3], 2 * around[2], 4 * around[2])


# Two packs with nines (pokerwiner's "Partnership Pinocle for more than four players"), the
# printed figures with the misprints settled (RULES section 8): 0 to 4 copies.
NINES_RUN = (0, 150, 1500, 3000, 3150)  # a quadruple (20 cards, no hand) as triple and single
NINES_ROYAL_MARRIAGE = (0, 40, 300, 900, 1200)  # "Kings and Queens of the same suit", trump
NINES_PINOCHLE = (0, 40, 300, 900, 1200)
NINES_SIXTEEN = 3000  # "15 Aces, Kings, Queens and Jacks": sixteen of any one of those ranks
NINES_AROUNDS = (
    (0, 100, 1000, 2000, NINES_SIXTEEN),  # aces
    (0, 80, 800, 1600, NINES_SIXTEEN),  # kings (12 kings printed 1,900)
    (0, 60, 600, 1200, NINES_SIXTEEN),  # queens (8 queens printed 900)
    (0, 40, 400, 800, NINES_SIXTEEN),  # jacks
)


def _run_split(run: tuple[int, ...], royal: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each number of trump K-Q pairs and of runs the A, 10 and J allow, the runs that
    score most beside royal marriages of the other pairs (more runs on a tie)."""
    return tuple(
        tuple(
            max(range(most + 1), key=lambda runs: (run[runs] + royal[pairs - runs], runs))
            for most in range(pairs + 1)
        )
        for pairs in range(len(run))
    )


NINES_TABLE = MeldTable(
    copies=4,
    run=NINES_RUN,
    royal_marriage=NINES_ROYAL_MARRIAGE,
    marriage=20,
    dix=10,
    pinochle=NINES_PINOCHLE,
    arounds=NINES_AROUNDS,
    run_split=_run_split(NINES_RUN, NINES_ROYAL_MARRIAGE),
)
"""The 96-card table: no option changes it (RULES 2.11)."""


class MeldCustoms(enum.Enum):
    """A family of house rules that change a meld table's figures; a deck's table takes one
    family, or none when no option changes it (two packs with nines, RULES 2.11)."""

    SINGLE_DECK = "single-deck"  # RULES 2.2 and 2.10: ``SingleDeckRules``
    DOUBLE_DECK = "double-deck"  # RULES 2.9: ``DoubleDeckRules``


@dataclass(frozen=True, slots=True)
class SingleDeckRules:
    """The single deck's meld options that change figures (RULES 2.2, 2.10)."""

    bonus: frozenset[MeldKind] = frozenset()  # the doubles scored with the big figure
    double_trump_marriage: int = 80
    double_marriage: int = 0
    run_extras: bool = False


@dataclass(frozen=True, slots=True)
class DoubleDeckRules:
    """The double deck's meld options (RULES 2.9): the NPA's single run and pinochle, four aces
    around at 2000 or 4000, a double roundhouse at its parts' 1600 or whole at 2400."""

    npa: bool = False
    arounds: int = AROUNDS_PAGAT
    roundhouse: int = ROUNDHOUSE_PARTS


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Every house rule that changes a meld table's figures, as one hashable value: each deck
    builds its table from the family it takes (``Deck.meld_table``)."""

    single: SingleDeckRules = field(default_factory=SingleDeckRules)
    double: DoubleDeckRules = field(default_factory=DoubleDeckRules)


def single_deck_table(rules: MeldRules) -> MeldTable:
    """The single deck's table (``MeldKind``'s figures) under its house rules."""
    single = rules.single
    bonus = single.bonus
    whole = single.double_trump_marriage != 80
    return MeldTable(
        copies=2,
        run=_single(MeldKind.RUN, MeldKind.RUN in bonus),
        royal_marriage=(0, MeldKind.ROYAL_MARRIAGE.single, single.double_trump_marriage),
        marriage=MeldKind.MARRIAGE.single,
        dix=MeldKind.DIX.single,
        pinochle=_single(MeldKind.PINOCHLE, MeldKind.PINOCHLE in bonus),
        arounds=tuple(_single(kind, kind in bonus) for kind in AROUND_KINDS),
        double_trump_whole=whole,
        double_marriage=single.double_marriage,
        run_extra=RUN_EXTRA if single.run_extras else 0,
    )


def double_deck_table(rules: MeldRules) -> MeldTable:
    """The published double-deck table under its variants (RULES 2.9)."""
    double = rules.double
    run, pinochle = DOUBLE_DECK_RUN, DOUBLE_DECK_PINOCHLE
    if double.npa:
        run, pinochle = (0, NPA_RUN, *run[2:]), (0, NPA_PINOCHLE, *pinochle[2:])
    doubling = double.arounds == AROUNDS_DOUBLING
    return MeldTable(
        copies=4,
        run=run,
        royal_marriage=tuple(40 * n for n in range(5)),
        marriage=20,
        dix=0,
        pinochle=pinochle,
        arounds=tuple(_doubling(a) if doubling else a for a in DOUBLE_DECK_AROUNDS),
        double_roundhouse_bonus=double.roundhouse - ROUNDHOUSE_PARTS,
    )


def nines_table(rules: MeldRules) -> MeldTable:
    """The 96-card table, whatever the house rules: no option changes it (RULES 2.11)."""
    return NINES_TABLE


def bonus_melds(names: tuple[str, ...]) -> frozenset[MeldKind]:
    """The melds ``double_bonus_melds`` lists by name (``run``, ``aces``...)."""
    return frozenset(BONUS_MELDS[name] for name in names)
