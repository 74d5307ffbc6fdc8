"""The deck a table plays with (RULES section 1).

Single deck: 48 cards, A 10 K Q J 9 in each suit, two copies of each. Double deck: 80 cards,
A 10 K Q J in each suit, four copies of each (two single decks without their nines). Two
packs with nines: 96 cards, A 10 K Q J 9 four times over (two single decks shuffled together,
"Partnership Pinocle for more than four players", RULES 2.11). Every card is one of the 24 of
``cards.DECK``; a deck says which of them it holds and how many times.
"""

from __future__ import annotations

import enum

from .cards import RANKS, Card, Rank


class Deck(enum.Enum):
    """Which pack is dealt: its ranks and the copies of each card."""

    SINGLE = "single"
    DOUBLE = "double"
    NINES = "double-nines"

    @property
    def label(self) -> str:
        """Name shown to players."""
        return _LABELS[self]

    @property
    def phrase(self) -> str:
        """The pack in a sentence, after "a": ``single deck``, ``96-card pack``."""
        return _PHRASES[self]

    @property
    def copies(self) -> int:
        """Copies of each card in the pack."""
        return 2 if self is Deck.SINGLE else 4

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in the pack, highest first."""
        return RANKS[:-1] if self is Deck.DOUBLE else RANKS

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
        """Full points for winning the last trick: 20 with a double deck (2 at scale 10), 10
        with a single pack or two packs with nines (the pokerwiner count, one last trick)."""
        return 20 if self is Deck.DOUBLE else 10

    @property
    def trick_points(self) -> int:
        """Every trick point of a hand in full points: 250 single deck and 490 with two packs
        with nines (240 a pack in cards under every counting scheme, and the last trick); 500
        double (48 counters at 10 and the last trick)."""
        if self is Deck.DOUBLE:
            return 10 * self.counters + self.last_trick
        return 240 * (self.copies // 2) + self.last_trick

    def holds(self, card: Card) -> bool:
        """True when ``card`` is in this pack (a double deck has no nines)."""
        return card.rank in self.ranks

    def hand_size(self, dealt_in: int, widow: int = 0) -> int:
        """Cards each of ``dealt_in`` players holds once a ``widow`` is set aside."""
        return (self.size - widow) // dealt_in


_LABELS = {
    Deck.SINGLE: "Single deck (48 cards)",
    Deck.DOUBLE: "Double deck (80 cards)",
    Deck.NINES: "Two packs with nines (96 cards)",
}
_PHRASES = {Deck.SINGLE: "single deck", Deck.DOUBLE: "double deck", Deck.NINES: "96-card pack"}
