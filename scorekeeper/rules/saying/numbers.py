"""Figures as people say them (issue 29): digits, or words the way a table says a bid or a meld.

"350", "three fifty", "three hundred fifty", "three hundred and fifty", "two fifty", "3 50",
"three oh five", "sixty-five", "twenty", "fifteen hundred", "a thousand", "twelve fifty",
"nothing". A figure is read as said, in the table's own units (RULES 2.7 and 3.2: at
``scale`` 10 a table says "fifty" for a bid of 500, and the hand's fields take 50).
``read_number`` and ``spoken`` are a parse/format pair: ``spoken(n)`` reads back as ``n``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import NOTHING_WORDS

_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen")  # fmt: skip
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

SMALL: dict[str, int] = {w: i for i, w in enumerate(_UNITS)}
SMALL |= {w: 10 + i for i, w in enumerate(_TEENS)}
SMALL |= {w: 20 + 10 * i for i, w in enumerate(TENS)}
SMALL["fourty"] = 40  # as it is often typed

NUMBER_WORDS: frozenset[str] = frozenset({*SMALL, "hundred", "thousand", "grand", *NOTHING_WORDS})
"""Every word that can start or continue a figure said in words ("a" and "and" only inside)."""

_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000}
"""Words after a figure in digits that multiply it ("5 hundred")."""

MOST_DIGITS = 7
"""A figure written in more digits than this is no figure a hand holds: read as a word."""


def read_number(words: Sequence[str], start: int = 0) -> tuple[int, int] | None:
    """The figure said at ``words[start]`` and how many words it takes, or None when none is.

    ``words`` are as the lexer gives them (lower case, "sixty-five" as two words); a figure
    never runs on past a word that is not part of it."""
    if start >= len(words):
        return None
    word = words[start]
    if word.isdigit() and len(word) <= MOST_DIGITS:
        value = int(word)
        times = _SCALES.get(words[start + 1]) if start + 1 < len(words) else None
        if times is not None and 0 < value < 100:  # "5 hundred", "2 thousand", as dictated
            said = _said([_UNITS[value], *words[start + 1 :]], 0) if value < 10 else None
            if said is not None and said[1] > 2 and len(word) == 1:
                return said  # "3 hundred and sixty"
            return value * times, 2
        if 0 < value < 10 and len(word) == 1:  # "3 twenty", "3 oh five": a digit said as a word
            said = _said([_UNITS[value], *words[start + 1 :]], 0)
            if said is not None and said[1] > 1:
                return said
            after = words[start + 1] if start + 1 < len(words) else ""
            if len(after) == 2 and after.isdigit() and after[0] != "0":  # "3 10", "1 20"
                return value * 100 + int(after), 2
        return value, 1
    if word.isdigit():
        return None
    if word in NOTHING_WORDS:
        return 0, 1
    return _said(words, start)


def _small(words: Sequence[str], i: int) -> tuple[int, int] | None:
    """1 to 99 in words at ``i`` ("sixty five", "twelve", "seven"), and its length."""
    if i >= len(words) or words[i] not in SMALL:
        return None
    value = SMALL[words[i]]
    if value >= 20 and value % 10 == 0 and i + 1 < len(words):
        unit = SMALL.get(words[i + 1])
        if unit is not None and 0 < unit < 10:
            return value + unit, 2
    return value, 1


def _below_thousand(words: Sequence[str], i: int) -> tuple[int, int] | None:
    """0 to 9999 said as a table says it: "three hundred (and) fifty", "three fifty",
    "fifteen hundred", "a hundred", "twelve fifty", "three and a half"; and its length."""
    if i < len(words) and words[i] == "a" and i + 1 < len(words):
        if words[i + 1] in ("hundred", "thousand", "grand"):
            head: tuple[int, int] | None = (1, 1)
        else:
            return None
    else:
        head = _small(words, i)
    if head is None:
        return None
    value, used = head
    j = i + used
    if j < len(words) and words[j] == "hundred" and value > 0:
        value, j = value * 100, j + 1
        tail = _tail(words, j)
        if tail is not None:
            value, j = value + tail[0], j + tail[1]
        return value, j - i
    if used == 1 and 0 < value < 10 and tuple(words[j : j + 3]) == ("and", "a", "half"):
        return value * 100 + 50, j + 3 - i  # "three and a half": 350, as a bid is said
    if used == 1 and 0 < value < 10 and j + 1 < len(words) and words[j] == "oh":
        unit = SMALL.get(words[j + 1])  # "three oh five": 305, as a figure is read out
        if unit is not None and 0 < unit < 10:
            return value * 100 + unit, j + 2 - i
    if used == 1 and 0 < value < 100 and not (value >= 20 and value % 10 == 0):
        # "three fifty", "twelve fifty": hundreds then two figures, as bids are said (never
        # two round tens: "forty sixty" is two figures, not 4060)
        rest = _small(words, j)
        if rest is not None and rest[0] >= 10 and value < 100:
            return value * 100 + rest[0], j + rest[1] - i
    return value, j - i


def _tail(words: Sequence[str], j: int) -> tuple[int, int] | None:
    """What follows a hundred or a thousand: "(and) fifty", "(and) five"; and its length."""
    k = j + 1 if j < len(words) and words[j] == "and" else j
    if k > j and k < len(words) and words[k].isdigit() and 0 < int(words[k]) < 100:
        return int(words[k]), k + 1 - j  # "one hundred and 90", as dictation writes it
    small = _small(words, k)
    if small is None or small[0] == 0:
        return None
    return small[0], k + small[1] - j


def _said(words: Sequence[str], i: int) -> tuple[int, int] | None:
    """A figure said in words at ``i``, thousands included ("a thousand", "two thousand
    five hundred"), and its length."""
    head = _below_thousand(words, i)
    if head is None:
        return None
    value, used = head
    j = i + used
    if j < len(words) and words[j] in ("thousand", "grand") and 0 < value < 1000:
        value, j = value * 1000, j + 1
        rest = _below_thousand(words, j + 1) if j < len(words) and words[j] == "and" else None
        if rest is not None:
            return value + rest[0], j + 1 + rest[1] - i
        rest = _below_thousand(words, j) if j < len(words) and words[j] != "a" else None
        if rest is not None and 0 < rest[0] < 1000:
            value, j = value + rest[0], j + rest[1]
    return value, j - i


def spoken(n: int) -> str:
    """A figure in words as a table says it: 350 "three fifty", 1500 "fifteen hundred",
    65 "sixty five", 400 "four hundred", 1000 "one thousand"; ``read_number`` reads it back."""
    if n < 0:
        raise ValueError("A figure said at the table is never negative.")
    if n < 100:
        return _say_small(n)
    if n < 2000 and n % 100 == 0 and n % 1000 != 0:
        return f"{_say_small(n // 100)} hundred"  # "fifteen hundred", "four hundred"
    if n < 2000 and n % 100 >= 10 and n % 1000 != 0:
        return f"{_say_small(n // 100)} {_say_small(n % 100)}"  # "three fifty", "twelve fifty"
    if n < 1000:
        return (
            f"{_say_small(n // 100)} hundred and {_say_small(n % 100)}"  # "three hundred and five"
        )
    thousands, rest = divmod(n, 1000)
    if thousands >= 1000:
        raise ValueError("A figure said at the table is below a million.")
    head = f"{_say_below_thousand(thousands)} thousand"
    if rest == 0:
        return head
    if rest < 100:
        return f"{head} and {_say_small(rest)}"
    return f"{head} {_say_below_thousand(rest)}"


def _say_below_thousand(n: int) -> str:
    """1 to 999 with "hundred" said out ("three hundred and fifty")."""
    if n < 100:
        return _say_small(n)
    hundreds, rest = divmod(n, 100)
    head = f"{_UNITS[hundreds]} hundred"
    return head if rest == 0 else f"{head} and {_say_small(rest)}"


def _say_small(n: int) -> str:
    """0 to 99 in words ("sixty five")."""
    if n < 10:
        return _UNITS[n]
    if n < 20:
        return _TEENS[n - 10]
    tens, unit = divmod(n, 10)
    word = TENS[tens - 2]
    return word if unit == 0 else f"{word} {_UNITS[unit]}"
