"""The suits and the ranks of the cards (RULES section 1.2).

Below the cards and the decks: a card (``cards.Card``) is a suit and a rank, and a deck
(``deck.Deck``) says which ranks it holds, so both read them from here.
"""

from __future__ import annotations

import enum
import functools

from ..errors import CardNotationError, Part, Where

TRUMP = Where(Part.TRUMP)


class Suit(enum.Enum):
    """The four suits, in the order used for indexing (spades, hearts, diamonds, clubs)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's printed symbol."""
        return _SUIT_SYMBOLS[self]

    @functools.cached_property
    def index(self) -> int:
        """Position 0-3 in S, H, D, C order (kept on the suit: the meld tables ask it millions
        of times, and a member's hash is its name's, worked out in Python each time)."""
        return _SUIT_INDEX[self]

    @property
    def noun(self) -> str:
        """Plain English name, plural (``spades``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str, where: Where = TRUMP) -> Suit:
        """Read a suit letter, symbol or name (``S``, ``♠``, ``spades``) named as trump."""
        key = text.strip().upper()
        suit = _SUIT_ALIASES.get(key)
        if suit is None:
            raise CardNotationError(
                where, f"Trump '{text}' is not a suit: use S, H, D or C (or ♠ ♥ ♦ ♣)."
            )
        return suit

    def __str__(self) -> str:
        return self.value


class Rank(enum.Enum):
    """The six ranks, highest first."""

    ACE = "A"
    TEN = "T"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"

    @functools.cached_property
    def index(self) -> int:
        """Position 0-5 in A, T, K, Q, J, 9 order (kept on the rank, as ``Suit.index``)."""
        return _RANK_INDEX[self]

    @property
    def noun(self) -> str:
        """Plain English name, plural (``kings``)."""
        return _RANK_NOUNS[self]

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_RANK_NOUNS = {
    Rank.ACE: "aces",
    Rank.TEN: "tens",
    Rank.KING: "kings",
    Rank.QUEEN: "queens",
    Rank.JACK: "jacks",
    Rank.NINE: "nines",
}
_SUIT_ALIASES: dict[str, Suit] = {}
for _suit in SUITS:
    _SUIT_ALIASES[_suit.value] = _suit
    _SUIT_ALIASES[_suit.symbol] = _suit
    _SUIT_ALIASES[_suit.name] = _suit
    _SUIT_ALIASES[_suit.name[:-1]] = _suit  # SPADE, HEART, ...
for _alt, _suit in (
    ("♤", Suit.SPADES),
    ("♡", Suit.HEARTS),
    ("♢", Suit.DIAMONDS),
    ("♧", Suit.CLUBS),
):
    _SUIT_ALIASES[_alt] = _suit
