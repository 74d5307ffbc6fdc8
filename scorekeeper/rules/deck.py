"""The deck a table plays with (RULES section 1).

Single deck: 48 cards, A 10 K Q J 9 in each suit, two copies of each. Double deck: 80 cards,
A 10 K Q J in each suit, four copies of each (two single decks without their nines). Every
card is one of the 24 of ``cards.DECK``; a deck says which of them it holds and how many times.
"""

from __future__ import annotations

import enum

from .cards import RANKS, Card, Rank


class Deck(enum.Enum):
    """Which pack is dealt: its ranks and the copies of each card."""

    SINGLE = "single"
    DOUBLE = "double"

    @property
    def label(self) -> str:
        """Name shown to players."""
        return "Single deck (48 cards)" if self is Deck.SINGLE else "Double deck (80 cards)"

    @property
    def copies(self) -> int:
        """Copies of each card in the pack."""
        return 2 if self is Deck.SINGLE else 4

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in the pack, highest first."""
        return RANKS if self is Deck.SINGLE else RANKS[:-1]

    @property
    def size(self) -> int:
        """Cards in the pack."""
        return 4 * len(self.ranks) * self.copies

    @property
    def counters(self) -> int:
        """Aces, tens and kings in the pack: the cards that count in tricks."""
        return 4 * 3 * self.copies

    @property
    def last_trick(self) -> int:
        """Full points for winning the last trick: 10 single deck, 20 double (2 at scale 10)."""
        return 10 if self is Deck.SINGLE else 20

    @property
    def trick_points(self) -> int:
        """Every trick point of a hand in full points: 250 single deck (under every counting
        scheme), 500 double (48 counters at 10 and the last trick)."""
        return 250 if self is Deck.SINGLE else 10 * self.counters + self.last_trick

    def holds(self, card: Card) -> bool:
        """True when ``card`` is in this pack (a double deck has no nines)."""
        return card.rank in self.ranks

    def hand_size(self, dealt_in: int, widow: int = 0) -> int:
        """Cards each of ``dealt_in`` players holds once a ``widow`` is set aside."""
        return (self.size - widow) // dealt_in
