"""Words typed a little wrong (issue 29): a key held down ("tookk"), vowels left out
("cncded"), two letters swapped ("mdae", "conecded"), a letter added or left out
("marrige", "evrybody"). Each is read as the one word of the table's it can be, never when it
could be two; the words that say which figure is which are never read through a slip (their
short spellings have English neighbours: "takers" is no "takes").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Generic, TypeVar

T = TypeVar("T")

SLIP_LEAST = 6
"""The fewest letters of a word read through a letter added, left out or swapped, and of the
word it is read as (shorter words have too many neighbours)."""

VOWELS = frozenset("aeiouy")
"""The letters a slip may leave out of a word ("cncded"); "y" among them."""


def _bare(word: str) -> str:
    """``word`` without its vowels."""
    return "".join(c for c in word if c not in VOWELS)


class Slips(Generic[T]):
    """The table's words (``words``: each one word and what it means), indexed for slips;
    ``spelt`` are those read through any slip, ``swapped`` those read through two letters
    swapped however short (the outcomes), ``meaning`` what makes two words one."""

    def __init__(
        self,
        words: Mapping[str, T],
        spelt: Callable[[T], bool],
        swapped: Callable[[T], bool],
        meaning: Callable[[T], Hashable],
    ) -> None:
        self.words = words
        self.swapped = {w: t for w, t in words.items() if swapped(t)}
        self.meaning = meaning
        self.spelt = {w: t for w, t in words.items() if spelt(t) and len(w) >= SLIP_LEAST}
        skeletons: dict[str, list[tuple[str, T]]] = {}
        for word, thing in self.spelt.items():
            skeletons.setdefault(_bare(word), []).append((word, thing))
        self.bare = {
            bare: max(said, key=lambda s: len(s[0]))
            for bare, said in skeletons.items()
            if len({meaning(thing) for _, thing in said}) == 1
        }
        self.dropped: dict[str, list[str]] = {}  # each word with a letter left out
        for word in self.spelt:
            for i in range(len(word)):
                self.dropped.setdefault(word[:i] + word[i + 1 :], []).append(word)

    def read(self, word: str) -> T | None:
        """What ``word`` means if it is one of the table's words typed a little wrong."""
        if not word.isalpha() or len(word) < 4:
            return None
        if word[-1] == word[-2] and word[:-1] in self.words:
            return self.words[word[:-1]]  # "tookk": a key held down
        bare = self.bare.get(_bare(word))
        if bare is not None and len(bare[0]) > len(word):
            return bare[1]  # "cncded": its vowels left out
        swaps = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
        outcomes = {self.meaning(t): t for w in swaps - {word} if (t := self.swapped.get(w))}
        if len(outcomes) == 1:
            return next(iter(outcomes.values()))  # "mdae": two letters swapped
        if len(word) < SLIP_LEAST:
            return None
        near = set(self.dropped.get(word, ()))  # a letter left out of the word said
        for i in range(len(word)):
            near.add(word[:i] + word[i + 1 :])  # a letter added
            near.add(word[:i] + word[i + 1 : i + 2] + word[i : i + 1] + word[i + 2 :])
        near.discard(word)
        fits = {self.meaning(t): t for w in near if (t := self.spelt.get(w)) is not None}
        return next(iter(fits.values())) if len(fits) == 1 else None
