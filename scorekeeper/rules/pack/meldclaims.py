"""Named melds (RULES 2.6, way 2): "run, royal marriage, pinochle", checked to fit one hand.

A claim is one meld named by the table (``marriage H``, ``double pinochle``, ``roundhouse``);
``double``, ``triple`` and ``quadruple`` (or 2, 3, 4) name two, three or four of it. The list
is accepted only when one hand of the session's deck and hand size could hold it all
(``meldscore.check_fits_one_hand``). The single deck also reads the names by figure or
"abound" ("100 aces", "aces abound"); a deck of four copies of each card refuses them as
ambiguous (``Deck.figure_names`` says which).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import MeldError, TrumpError, Where
from .cards import SUITS, Suit
from .deck import DEFAULT_DECK, Deck
from .meldoptions import MeldOptions
from .meldscore import (
    MELD,
    NUMBER_WORDS,
    MeldCounts,
    MeldScore,
    check_fits_one_hand,
    per_suit,
    score_melds,
)
from .meldtable import AROUND_KINDS, MeldKind


@dataclass(frozen=True, slots=True)
class Claim:
    """One meld named by the table, such as ``marriage ♥`` or ``pinochle``."""

    kind: MeldKind
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str, where: Where = MELD, deck: Deck = DEFAULT_DECK) -> list[Claim]:
        """Read one claim; ``double`` or ``2`` in front names two of it (``triple`` three,
        ``quadruple`` four)."""
        return _parse_claim(text, where, deck)

    def __str__(self) -> str:
        if self.kind is MeldKind.MARRIAGE:
            return ROUNDHOUSE if self.suit is None else f"marriage {self.suit.value}"
        return self.kind.title


ROUNDHOUSE = "roundhouse"
_CLAIM_ALIASES: dict[str, MeldKind | str] = {
    "run": MeldKind.RUN,
    "rope": MeldKind.RUN,
    "flush": MeldKind.RUN,
    "sequence": MeldKind.RUN,
    "royal marriage": MeldKind.ROYAL_MARRIAGE,
    "trump marriage": MeldKind.ROYAL_MARRIAGE,
    "royal": MeldKind.ROYAL_MARRIAGE,
    "marriage": MeldKind.MARRIAGE,
    "common marriage": MeldKind.MARRIAGE,
    "dix": MeldKind.DIX,
    "deece": MeldKind.DIX,
    "deuce": MeldKind.DIX,
    "pinochle": MeldKind.PINOCHLE,
    "aces around": MeldKind.ACES_AROUND,
    "100 aces": MeldKind.ACES_AROUND,
    "kings around": MeldKind.KINGS_AROUND,
    "80 kings": MeldKind.KINGS_AROUND,
    "queens around": MeldKind.QUEENS_AROUND,
    "60 queens": MeldKind.QUEENS_AROUND,
    "jacks around": MeldKind.JACKS_AROUND,
    "40 jacks": MeldKind.JACKS_AROUND,
    "roundhouse": ROUNDHOUSE,
    "round house": ROUNDHOUSE,
    "extra king": MeldKind.EXTRA_KING,
    "spare king": MeldKind.EXTRA_KING,
    "extra queen": MeldKind.EXTRA_QUEEN,
    "spare queen": MeldKind.EXTRA_QUEEN,
}
_DOUBLE_ALIASES = {
    "aces abound": MeldKind.ACES_AROUND,
    "1000 aces": MeldKind.ACES_AROUND,
    "kings abound": MeldKind.KINGS_AROUND,
    "800 kings": MeldKind.KINGS_AROUND,
    "queens abound": MeldKind.QUEENS_AROUND,
    "600 queens": MeldKind.QUEENS_AROUND,
    "jacks abound": MeldKind.JACKS_AROUND,
    "400 jacks": MeldKind.JACKS_AROUND,
}
_TIMES_WORDS = {
    "double": 2, "2": 2, "two": 2, "2x": 2,
    "triple": 3, "3": 3, "three": 3, "3x": 3,
    "quadruple": 4, "4": 4, "four": 4, "4x": 4, "quad": 4,
}  # fmt: skip
_FIGURE_NAMES = frozenset(
    name for name in (*_CLAIM_ALIASES, *_DOUBLE_ALIASES) if name[0].isdigit() or "abound" in name
)  # "100 aces", "aces abound": a single deck's figures and counts, ambiguous with four copies
_SUIT_WORDS = {
    "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES, "♠": Suit.SPADES,
    "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "♥": Suit.HEARTS,
    "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS, "♣": Suit.CLUBS,
}  # fmt: skip


def claim_names(deck: Deck = DEFAULT_DECK) -> tuple[str, ...]:
    """Every name a meld is read by with ``deck`` ("run", "dix", "kings around", "roundhouse";
    "100 aces" and "aces abound" only where the deck has figure names), as ``parse_claims``
    reads them; "marriage" asks a suit after it ("marriage H")."""
    names = (*_CLAIM_ALIASES, *_DOUBLE_ALIASES)
    return tuple(name for name in names if deck.figure_names or name not in _FIGURE_NAMES)


def times_words() -> dict[str, int]:
    """The words before a meld's name that name several of it ("double" 2, "triple" 3)."""
    return dict(_TIMES_WORDS)


def _parse_claim(text: str, where: Where, deck: Deck) -> list[Claim]:
    words = re.sub(r"\s+", " ", text.strip().lower().replace("-", " ")).split(" ")
    times = 1
    if words and words[0] in _TIMES_WORDS:
        times, words = _TIMES_WORDS[words[0]], words[1:]
    suit = None
    for position in (len(words) - 1, 0):
        if len(words) > 1 and words[position] in _SUIT_WORDS:
            suit = _SUIT_WORDS[words.pop(position)]
            break
    if words and words[0] == "in" and len(words) > 1:
        words = words[1:]
    if words and words[-1] == "in":
        words = words[:-1]
    name = " ".join(words)
    if not deck.figure_names and name in _FIGURE_NAMES:
        raise MeldError(
            where,
            f"'{text.strip()}' names a single deck's meld: with a {deck.phrase} say how many, "
            "such as aces around, double aces around, triple or quadruple aces around.",
        )
    if name in _DOUBLE_ALIASES:
        return [Claim(_DOUBLE_ALIASES[name])] * 2 * times
    kind = _CLAIM_ALIASES.get(name)
    if kind is None:
        raise MeldError(
            where,
            f"'{text.strip()}' is not a meld: name run, royal marriage, marriage and a suit, "
            "dix, pinochle, roundhouse, or aces/kings/queens/jacks around.",
        )
    if isinstance(kind, str):  # ROUNDHOUSE, the one name that is not a MeldKind
        return [Claim(MeldKind.MARRIAGE)] * times  # a marriage of no one suit: all of them
    if kind is MeldKind.MARRIAGE and suit is None:
        raise MeldError(where, f"'{text.strip()}': say which suit the marriage is in (marriage H).")
    return [Claim(kind, suit if kind is MeldKind.MARRIAGE else None)] * times


def parse_claims(text: str, where: Where = MELD, deck: Deck = DEFAULT_DECK) -> list[Claim]:
    """Read claims separated by commas or ``+`` (``run, royal marriage, pinochle``), named as
    players of ``deck`` name them."""
    claims: list[Claim] = []
    for part in re.split(r"[,+;\n]", text):
        if part.strip():
            claims.extend(_parse_claim(part, where, deck))
    return claims


def format_claims(claims: Iterable[Claim]) -> str:
    """Claims written back in the notation ``parse_claims`` reads."""
    return ", ".join(str(claim) for claim in claims)


def counts_from_claims(
    claims: Sequence[Claim], trump: Suit | None, options: MeldOptions, where: Where = MELD
) -> MeldCounts:
    """The melds named, refused unless one hand could hold them all."""
    runs = royal = dix = pinochles = extra_kings = extra_queens = 0
    marriages = [0, 0, 0, 0]
    arounds = [0, 0, 0, 0]
    roundhouses = 0
    for claim in claims:
        kind = claim.kind
        if kind.needs_trump and trump is None:
            raise TrumpError(where, f"A {kind.title} is a trump meld: name trump first.")
        if kind is MeldKind.RUN:
            runs += 1
        elif kind is MeldKind.ROYAL_MARRIAGE:
            royal += 1
        elif kind is MeldKind.DIX:
            dix += 1
        elif kind is MeldKind.EXTRA_KING:
            extra_kings += 1
        elif kind is MeldKind.EXTRA_QUEEN:
            extra_queens += 1
        elif kind is MeldKind.PINOCHLE:
            pinochles += 1
        elif kind is MeldKind.MARRIAGE:
            if claim.suit is None:  # the roundhouse
                roundhouses += 1
            elif claim.suit is trump:
                royal += 1  # a marriage in trump is the royal marriage
            else:
                marriages[claim.suit.index] += 1
        else:
            arounds[AROUND_KINDS.index(kind)] += 1
    if roundhouses:
        # K and Q of every suit: kings and queens around, a marriage in each other suit and
        # the royal marriage, which shares a run's K and Q (roundhouse with run is 350; the
        # roundhouse_with_run option adds the 40 back when no other royal marriage counts).
        if trump is None:
            raise TrumpError(where, "A roundhouse holds the royal marriage: name trump first.")
        for suit in SUITS:
            if suit is not trump:
                marriages[suit.index] += roundhouses
        arounds[1] += roundhouses
        arounds[2] += roundhouses
        royal += roundhouses - min(roundhouses, runs)
    if extra_kings or extra_queens:
        _check_extras(runs, options, where)
    copies = options.deck.copies
    for name, n in (("runs", runs), ("dix", dix), ("pinochles", pinochles)):
        if n > copies:
            raise MeldError(
                where,
                f"{n} {name} need {NUMBER_WORDS[copies + 1]} copies of a card; "
                f"the deck has {NUMBER_WORDS[copies]}.",
            )
    counts = MeldCounts(
        trump,
        runs,
        royal,
        per_suit(marriages),
        dix,
        pinochles,
        per_suit(arounds),
        extra_kings,
        extra_queens,
    )
    check_fits_one_hand(counts, options, where)
    return counts


def _check_extras(runs: int, options: MeldOptions, where: Where) -> None:
    """An extra king or queen counts only beside a run, under ``run_extras`` (RULES 2.10)."""
    if not options.run_extras:
        raise MeldError(
            where,
            "An extra king or queen scores only under the house rule 'Run with extra K or Q'.",
        )
    if runs != 1:
        raise MeldError(where, "An extra king or queen counts beside a single run: name the run.")


def meld_from_claims(
    claims: Sequence[Claim], trump: Suit | None, options: MeldOptions, where: Where = MELD
) -> MeldScore:
    """Score named melds once they are shown to fit in one hand."""
    return score_melds(counts_from_claims(claims, trump, options, where), options)
