"""Melds named in a line (issue 29; RULES 2.1, 2.2, 2.6 way 2, 2.7): "Cy has the dix", "Ann
a run and 80 kings", "double pinochle", read as that player's meld figure.

The names are the engine's own (``meldclaims.claim_names``, the names the hand form's named
melds take, with "double", "triple" and "quadruple" before them), and a meld's figure is the
engine's: the names said together are scored by ``meld_from_claims`` under the game's meld
table and written as the table writes figures (``Options.to_table``: a run is 15 at scale 10).
No second table of values is kept here.

A name that leaves the figure open is not guessed: trump not said is tried in every suit; a
marriage said with its suit ("a marriage in spades") is that suit's, and one said without it
(a common marriage, RULES 2.1: a royal marriage is named so) is tried in every suit but trump;
where these give different figures (two marriages: one suit's double, or two suits'?) every
figure is offered. A meld no hand of the game can show is no figure at all.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence

from ..errors import MeldError, RuleError
from ..game.options import Options
from ..pack.cards import SUITS, Suit
from ..pack.deck import Deck
from ..pack.meldclaims import Claim, claim_names, meld_from_claims, parse_claims, times_words
from .numbers import NUMBER_WORDS, spoken

_COUNTS = frozenset({"two", "three", "four"})
"""Counts said before a meld's name, as "double", "triple" and "quadruple" are."""

SUIT_ASKED = "?"
"""Where a named meld's suit goes when it is not said: every suit but trump is tried."""


@functools.lru_cache(maxsize=8)
def meld_phrases(deck: Deck) -> Mapping[str, str]:
    """Each way a table names a meld of ``deck`` ("pinochle", "double pinochle", "80 kings"),
    to the name the engine reads ("marriage ?" for a marriage said without its suit)."""
    # "double", "triple"... and "two", "three", "four" said before a name ("two dix"): the
    # phrase is longer than the figure "two", so the lexer reads the meld
    several = [w for w in times_words() if w.isalpha() and (w not in NUMBER_WORDS or w in _COUNTS)]
    phrases: dict[str, str] = {}
    for name in claim_names(deck):
        engine = name if _reads(name, deck) else f"{name} {SUIT_ASKED}"
        if not _reads(engine.replace(SUIT_ASKED, "S"), deck):
            continue  # a name this deck refuses
        for said in _spelled(name):
            phrases[said] = engine
            phrases.setdefault(f"dbl {said}", f"double {engine}")  # "dbl pinochle", typed
            for word in several:
                phrases.setdefault(f"{word} {said}", f"{word} {engine}")
                if word in _COUNTS and not said.endswith(("s", "around", "abound")):
                    # "two marriages", "four pinochles", "2 dixes": a count of them, never the
                    # figure
                    plural = f"{said}es" if said.endswith("x") else f"{said}s"
                    phrases.setdefault(f"{word} {plural}", f"{word} {engine}")
                    digit = str(times_words()[word])
                    phrases.setdefault(f"{digit} {plural}", f"{word} {engine}")
                if said.endswith(" around"):  # "double aces": aces around twice
                    phrases.setdefault(f"{word} {said[: -len(' around')]}", f"{word} {engine}")
        if name == "pinochle":  # dictation's mishearing, and the ways it is spelt
            for heard in ("pinnacle", "penuckle", "pinocle", "penochle", "pinochel", "pinocchio"):
                phrases.setdefault(heard, engine)
                for word in several:
                    phrases.setdefault(f"{word} {heard}", f"{word} {engine}")
        if name in ("run", "royal marriage"):  # "a club run": trump's, its suit said too
            for suit in SUITS:
                phrases.setdefault(f"{suit.noun[:-1]} {name}", engine)
                for noun in (suit.noun, suit.noun[:-1]):  # "a run in diamonds"
                    phrases.setdefault(f"{name} in {noun}", engine)
                    phrases.setdefault(f"{name} of {noun}", engine)
                    for word in several:  # "a double royal marriage in spades"
                        phrases.setdefault(f"{word} {name} in {noun}", f"{word} {engine}")
        if name == "dix":  # the nine of trump turned or shown: "turned the nine"
            for said in (
                "the nine",
                "nine of trump",
                "nine of trumps",
                "the nine of trump",
                "turned up a nine",
                "turned a nine",
                "turns up a nine",
            ):
                phrases[said] = engine
        if engine.endswith(SUIT_ASKED):  # "a marriage in spades": its suit, not trump
            for suit in SUITS:
                for noun in (suit.noun, suit.noun[:-1]):
                    phrases[f"{name} in {noun}"] = f"{name} {suit.value}"
                    phrases[f"{name} of {noun}"] = f"{name} {suit.value}"
                phrases[f"{suit.noun[:-1]} {name}"] = f"{name} {suit.value}"  # "a club marriage"
    if not deck.figure_names:  # "a hundred aces": aces around, by its figure (RULES 2.1)
        for figure_name, around in _AROUND_FIGURES:
            for said in _spelled(figure_name):
                phrases.setdefault(said, around)
    for rank in ("aces", "kings", "queens", "jacks"):  # "Cy queens, 60": queens around
        phrases.setdefault(rank, f"{rank} around")
        for counts, times in _CARDS_COUNTED[: deck.pack.copies - 1]:  # "eight aces": twice
            for count in counts:
                phrases.setdefault(f"{count} {rank}", f"{times} {rank} around")
    return phrases


_CARDS_COUNTED = (
    (("eight", "8"), "double"), (("twelve", "12"), "triple"), (("sixteen", "16"), "quadruple"),
)  # fmt: skip
"""An around counted in cards: eight aces are aces around twice, as many as the deck's copies
of each card allow (RULES 1.1: two in a single deck, four from two packs)."""


_AROUND_FIGURES = (
    ("100 aces", "aces around"), ("80 kings", "kings around"), ("60 queens", "queens around"),
    ("40 jacks", "jacks around"),
)  # fmt: skip
"""The arounds named by their figures at every table: where the deck names no meld by its
figure (the engine refuses "1000 aces" there, as four copies make it ambiguous), these four
are still one meld each, said so at any table."""


def _spelled(name: str) -> list[str]:
    """A name as written and, where it starts with a figure ("80 kings", "100 aces"), with the
    figure said in words: "eighty kings", "a hundred aces", "hundred aces"."""
    figure, _, rest = name.partition(" ")
    if not figure.isdigit():
        return [name]
    n = int(figure)
    said = [name, f"{spoken(n)} {rest}"]
    if n in (100, 1000):
        word = "hundred" if n == 100 else "thousand"
        said += [f"a {word} {rest}", f"{word} {rest}"]
    return said


def _reads(name: str, deck: Deck) -> bool:
    try:
        parse_claims(name, deck=deck)
    except MeldError:
        return False
    return True


def meld_worths(names: Sequence[str], trumps: Iterable[Suit], options: Options) -> set[int]:
    """The figures, as the table writes them, that the melds ``names`` (engine names, from
    ``meld_phrases``) together may be worth with trump one of ``trumps`` (every suit when it
    is not said); empty when no hand of the game can show them."""
    worths: set[int] = set()
    asked = sum(name.count(SUIT_ASKED) for name in names)
    for trump in trumps:
        plain = [suit for suit in SUITS if suit is not trump]
        for suits in itertools.product(plain, repeat=asked):
            left = iter(suits)
            said = [_with_suits(name, left) for name in names]
            try:
                claims: list[Claim] = []
                for name in said:
                    claims += parse_claims(name, deck=options.deck)
                score = meld_from_claims(claims, trump, options)
            except RuleError:  # no hand of the game shows them
                continue
            worths.add(options.to_table(score.total))
    return worths


def _with_suits(name: str, suits: Iterable[Suit]) -> str:
    """An engine name with each suit not said filled in from ``suits``."""
    left = iter(suits)
    while SUIT_ASKED in name:
        name = name.replace(SUIT_ASKED, next(left).value, 1)
    return name
