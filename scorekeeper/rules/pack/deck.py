"""The deck a table plays with (RULES sections 1 to 3): each one value carrying its data.

Single deck: 48 cards, A 10 K Q J 9 in each suit, two copies of each. Double deck: 80 cards,
A 10 K Q J in each suit, four copies of each (two single decks without their nines). Two
packs with nines: 96 cards, A 10 K Q J 9 four times over (two single decks shuffled together,
"Partnership Pinocle for more than four players", RULES 2.11). Every card is one of the 24 of
``cards.DECK``; a deck says which of them it holds and how many times.

Each deck is declared once below, as a ``Pack`` of its data: its cards, its trick points, the
table shapes it deals, its meld table and the house rules of meld that table takes, its words.
Nothing outside this module asks which deck it is: code asks the deck (``deck.seats(shape)``,
``deck.meld_table(rules)``, ``deck.takes(customs)``...). A deck is stored and typed as its key
(``deck.value``, ``str(deck)``: ``single``, ``double``, ``double-nines``), read back by
``Deck.parse`` or ``Deck("double")``; ``Deck`` iterates over the decks in declaration order.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..errors import OptionError, option
from .meldtable import (
    MeldCustoms,
    MeldRules,
    MeldTable,
    double_deck_table,
    nines_table,
    single_deck_table,
)
from .ranks import RANKS, Rank


class Ranked(Protocol):
    """Anything with a rank: a card (``cards.Card``)."""

    @property
    def rank(self) -> Rank: ...


class Seating(Protocol):
    """A table's shape as the deck reads it (``game.shape.Shape``): players dealt in, and how
    many of them score as one team (1: each for themselves)."""

    @property
    def players(self) -> int: ...

    @property
    def team_size(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Pack:
    """Everything one deck is, as data (each ``Deck`` below is declared as one)."""

    key: str  # stored and typed: ``single``
    label: str  # the choice shown to players: ``Single deck (48 cards)``
    phrase: str  # the pack in a sentence, after "a": ``single deck``, ``96-card pack``
    named: str  # the pack in a sentence, article and all: ``two packs with nines``
    copies_named: str  # the pack where a hand holds too many copies of a card
    copies: int  # of each card it holds
    ranks: tuple[Rank, ...]  # the ranks it holds, highest first
    card_points: int  # every card's trick points together, in full points
    last_trick: int  # full points for winning the last trick
    counters_only: bool  # counted by its aces, tens and kings alone (``card_values`` counters)
    shapes: tuple[tuple[int, int], ...]  # the table shapes it deals: (players, team size)
    widows: tuple[tuple[int, int], ...]  # (players dealt in, cards) of a widow no option sets
    chip_games: bool  # the chip games deal from it: three dealt in and a widow
    meld_table: Callable[[MeldRules], MeldTable]  # its meld table under the house rules
    meld_customs: MeldCustoms | None  # the house rules of meld its table takes (None: none)
    figure_names: bool  # melds may be named by its figures: "100 aces", "aces abound"


class Deck(enum.Enum):
    """Which pack is dealt: its ranks and the copies of each card."""

    # The docstring above is the API document's description of a deck (``api.schemas``).

    _value_: str
    pack: Pack

    SINGLE = Pack(
        key="single",
        label="Single deck (48 cards)",
        phrase="single deck",
        named="a single deck",
        copies_named="a pinochle deck",
        copies=2,
        ranks=RANKS,
        card_points=240,  # under every counting scheme (RULES 3.1)
        last_trick=10,
        counters_only=False,
        shapes=((2, 1), (3, 1), (4, 1), (4, 2)),
        widows=((3, 3),),  # three-handed: 15 each and a widow of 3
        chip_games=True,
        meld_table=single_deck_table,
        meld_customs=MeldCustoms.SINGLE_DECK,
        figure_names=True,
    )
    DOUBLE = Pack(
        key="double",
        label="Double deck (80 cards)",
        phrase="double deck",
        named="a double deck",
        copies_named="a double deck",
        copies=4,
        ranks=RANKS[:-1],  # no nines
        card_points=480,  # 48 counters at 10 (RULES 3.5)
        last_trick=20,  # 2 as tables write it, at scale 10
        counters_only=True,
        shapes=((4, 2), (6, 2), (6, 3), (8, 2), (8, 4)),
        widows=(),
        chip_games=False,
        meld_table=double_deck_table,
        meld_customs=MeldCustoms.DOUBLE_DECK,
        figure_names=False,  # with four copies "100 aces" is ambiguous
    )
    NINES = Pack(
        key="double-nines",
        label="Two packs with nines (96 cards)",
        phrase="96-card pack",
        named="two packs with nines",
        copies_named="a 96-card pack",
        copies=4,
        ranks=RANKS,
        card_points=480,  # 240 a pack under every counting scheme (RULES 3.1)
        last_trick=10,  # pokerwiner's count: one last trick
        counters_only=False,
        shapes=((6, 3), (8, 4)),  # the source's six and eight in two partnerships
        widows=(),
        chip_games=False,
        meld_table=nines_table,
        meld_customs=None,  # "Partnership Pinocle for more than four players" as printed
        figure_names=False,
    )

    def __new__(cls, pack: Pack) -> Deck:
        deck = object.__new__(cls)
        deck._value_ = pack.key
        deck.pack = pack
        return deck

    def __str__(self) -> str:
        return self.pack.key

    @classmethod
    def parse(cls, text: str) -> Deck:
        """The deck stored or typed as ``text`` (``single``, ``double``, ``double-nines``)."""
        key = str(text).strip().lower()
        for deck in cls:
            if deck.value == key:
                return deck
        known = ", ".join(deck.value for deck in cls)
        raise OptionError(option("deck"), f"'{text}' is not a deck; choose one of {known}.")

    @classmethod
    def taking(cls, customs: MeldCustoms) -> Deck:
        """The deck whose meld table the house rules ``customs`` change (the first declared)."""
        return next(deck for deck in cls if deck.takes(customs))

    # -- its words ---------------------------------------------------------------------------
    @property
    def label(self) -> str:
        """Name shown to players."""
        return self.pack.label

    @property
    def phrase(self) -> str:
        """The pack in a sentence, after "a": ``single deck``, ``96-card pack``."""
        return self.pack.phrase

    @property
    def named(self) -> str:
        """The pack in a sentence, article and all: ``a double deck``, ``two packs with
        nines``."""
        return self.pack.named

    @property
    def copies_named(self) -> str:
        """The pack where a hand holds too many copies: ``a pinochle deck`` has only two."""
        return self.pack.copies_named

    # -- its cards ---------------------------------------------------------------------------
    @property
    def copies(self) -> int:
        """Copies of each card in the pack."""
        return self.pack.copies

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in the pack, highest first."""
        return self.pack.ranks

    @property
    def size(self) -> int:
        """Cards in the pack."""
        return 4 * len(self.ranks) * self.copies

    @property
    def counters(self) -> int:
        """Aces, tens and kings in the pack: the cards that count in tricks."""
        return 4 * 3 * self.copies

    def holds(self, card: Ranked) -> bool:
        """True when ``card`` is in this pack (a double deck has no nines)."""
        return card.rank in self.ranks

    # -- its tricks --------------------------------------------------------------------------
    @property
    def last_trick(self) -> int:
        """Full points for winning the last trick: 20 with a double deck (2 at scale 10), 10
        with a single pack or two packs with nines (the pokerwiner count, one last trick)."""
        return self.pack.last_trick

    @property
    def trick_points(self) -> int:
        """Every trick point of a hand in full points: 250 single deck and 490 with two packs
        with nines (240 a pack in cards under every counting scheme, and the last trick); 500
        double (48 counters at 10 and the last trick)."""
        return self.pack.card_points + self.pack.last_trick

    @property
    def counters_only(self) -> bool:
        """True when the pack is counted by its aces, tens and kings alone (a double deck,
        RULES 3.5): ``card_values`` must be ``counters``."""
        return self.pack.counters_only

    # -- the table it deals ------------------------------------------------------------------
    @property
    def shapes(self) -> tuple[tuple[int, int], ...]:
        """The table shapes the pack deals, as (players, team size), in the order told."""
        return self.pack.shapes

    def seats(self, shape: Seating) -> bool:
        """True when the pack deals ``shape`` (RULES 1.3)."""
        return (shape.players, shape.team_size) in self.pack.shapes

    @property
    def chip_games(self) -> bool:
        """True when the chip games deal from this pack: three dealt in and a widow."""
        return self.pack.chip_games

    def widow(self, dealt_in: int) -> int:
        """Cards set aside when ``dealt_in`` play and no kitty option says how many: a single
        deck's three-handed widow of 3; none otherwise."""
        return dict(self.pack.widows).get(dealt_in, 0)

    def hand_size(self, dealt_in: int, widow: int = 0) -> int:
        """Cards each of ``dealt_in`` players holds once a ``widow`` is set aside."""
        return (self.size - widow) // dealt_in

    # -- its meld ----------------------------------------------------------------------------
    def meld_table(self, rules: MeldRules) -> MeldTable:
        """The pack's meld table under ``rules`` (only the family it takes counts)."""
        return self.pack.meld_table(rules)

    @property
    def meld_customs(self) -> MeldCustoms | None:
        """The house rules of meld the pack's table takes; None when no option changes it."""
        return self.pack.meld_customs

    def takes(self, customs: MeldCustoms) -> bool:
        """True when the house rules ``customs`` change this pack's meld table."""
        return self.pack.meld_customs is customs

    @property
    def figure_names(self) -> bool:
        """True when a meld may be named by the pack's figures ("100 aces", "aces abound"):
        with four copies of each card such a name could mean one around or two."""
        return self.pack.figure_names


DEFAULT_DECK = Deck.SINGLE
"""The pack a hand is dealt from, and its tricks counted for, unless a caller names one."""
