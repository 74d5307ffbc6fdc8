"""Cards and their notation (RULES section 1).

A pinochle deck holds two copies of A, T, K, Q, J and 9 in each suit. A card is written rank
first: ``AS``, ``TD`` (or ``10D``), ``9♣``; case does not matter. A hand is a count of each
of the 24 distinct cards, checked against the deck it is dealt from (``deck.Deck``), which
says how many copies of each card it holds: never more than two from a single deck; from a
double deck up to four, and no nines; from two packs with nines up to four of every card.
The suits and ranks are ``ranks``'s, read by the decks too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from ..errors import CardCopiesError, CardNotationError, HandSizeError, Part, Where
from .deck import DEFAULT_DECK, Deck
from .ranks import RANKS, SUITS, TRUMP, Rank, Suit

__all__ = [
    "CARDS",
    "DECK",
    "RANKS",
    "SUITS",
    "TRUMP",
    "Card",
    "Hand",
    "Rank",
    "Suit",
    "card_index",
    "parse_cards",
]

CARDS = Where(Part.CARDS)

_COPY_WORDS = {2: "two", 4: "four"}


_RANK_ALIASES = {rank.value: rank for rank in RANKS} | {"10": Rank.TEN}
_TOKEN = re.compile(r"^(10|[ATKQJ9])([SHDC♠♥♦♣♤♡♢♧])$")
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One card, such as the queen of spades (``QS``)."""

    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, token: str, where: Where = CARDS) -> Card:
        """Read one card in RULES notation; the error names the bad token (its ``card``)."""
        match = _TOKEN.match(token.strip().upper())
        if match is None:
            raise CardNotationError(
                replace(where, card=token),
                f"'{token}' is not a card: write rank then suit, "
                "rank A T K Q J 9 (or 10), suit S H D C (or ♠ ♥ ♦ ♣), e.g. QS or 10D.",
            )
        return cls(Suit.parse(match.group(2)), _RANK_ALIASES[match.group(1)])

    @property
    def index(self) -> int:
        """Position 0-23: suit-major, rank-minor (AS=0, TS=1, ... 9C=23)."""
        return self.suit.index * 6 + self.rank.index

    @property
    def symbol(self) -> str:
        """The card with its suit symbol (``Q♠``), for display."""
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return f"{rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)


def card_index(rank: Rank, suit: Suit) -> int:
    """Position 0-23 of a card given rank and suit."""
    return suit.index * 6 + rank.index


def parse_cards(text: str, where: Where = CARDS) -> list[Card]:
    """Read cards separated by spaces or commas; the error names the first bad token."""
    return [Card.parse(token, where) for token in _SEPARATORS.split(text.strip()) if token]


@dataclass(frozen=True, slots=True)
class Hand:
    """A multiset of cards: how many copies of each of the 24 cards, dealt from ``deck``.

    A single deck holds two copies of each card; a double deck four, and no nines; two packs
    with nines four of every card.
    """

    counts: tuple[int, ...] = (0,) * 24
    deck: Deck = DEFAULT_DECK

    def __post_init__(self) -> None:
        if len(self.counts) != 24:
            raise ValueError("a hand has a count for each of the 24 cards")
        copies = self.deck.copies
        for card, count in zip(DECK, self.counts, strict=True):
            if count < 0:
                raise ValueError("card counts cannot be negative")
            if count > copies:
                raise CardCopiesError(
                    Where(Part.CARDS, card=str(card)),
                    f"{count} copies of {card} ({card.symbol}): "
                    f"{self.deck.copies_named} has only {_COPY_WORDS[copies]}.",
                )
            if count and not self.deck.holds(card):
                raise CardCopiesError(
                    Where(Part.CARDS, card=str(card)),
                    f"A {self.deck.phrase} has no {card.rank.noun}: {card}.",
                )

    @classmethod
    def from_cards(
        cls, cards: Iterable[Card], max_cards: int | None = None, deck: Deck | None = None
    ) -> Hand:
        """Build a hand from cards, refusing more copies than ``deck`` (``DEFAULT_DECK``) holds
        or more than ``max_cards``."""
        counts = [0] * 24
        for card in cards:
            counts[card.index] += 1
        hand = cls(tuple(counts), deck or DEFAULT_DECK)
        if max_cards is not None:
            hand.check_size(max_cards)
        return hand

    @classmethod
    def parse(
        cls,
        text: str,
        max_cards: int | None = None,
        where: Where = CARDS,
        deck: Deck | None = None,
    ) -> Hand:
        """Read a hand in RULES notation (``AS TS KS QS JS``) dealt from ``deck``
        (``DEFAULT_DECK``); errors are placed at ``where``."""
        try:
            return cls.from_cards(parse_cards(text, where), max_cards, deck)
        except CardCopiesError as error:
            raise CardCopiesError(replace(where, card=error.where.card), error.rule) from None
        except HandSizeError as error:
            raise HandSizeError(where, error.rule) from None

    def within(self, deck: Deck, where: Where = CARDS) -> Hand:
        """The same cards as dealt from ``deck``: refused (placed at ``where``, naming the card)
        when that deck holds fewer copies of one, or none (a nine in a double deck)."""
        if deck is self.deck:
            return self
        try:
            return Hand(self.counts, deck)
        except CardCopiesError as error:
            raise CardCopiesError(replace(where, card=error.where.card), error.rule) from None

    def check_size(self, max_cards: int) -> None:
        """Refuse a hand holding more than ``max_cards`` cards."""
        if len(self) > max_cards:
            raise HandSizeError(
                CARDS, f"{len(self)} cards laid down, but a hand here holds at most {max_cards}."
            )

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the hand holds."""
        return self.counts[card.index]

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Card]:
        for card, count in zip(DECK, self.counts, strict=True):
            for _ in range(count):
                yield card

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self.counts[card.index] > 0

    def __add__(self, other: Hand) -> Hand:
        if other.deck is not self.deck:
            raise ValueError("cards of two different packs do not make one hand")
        counts = tuple(a + b for a, b in zip(self.counts, other.counts, strict=True))
        return Hand(counts, self.deck)

    def issubset(self, other: Hand) -> bool:
        """True if every card of this hand is also in ``other`` (counting copies)."""
        return all(a <= b for a, b in zip(self.counts, other.counts, strict=True))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    @property
    def symbols(self) -> str:
        """The hand with suit symbols, for display."""
        return " ".join(card.symbol for card in self)
