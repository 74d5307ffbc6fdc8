"""An answer remembered for the options asked about last.

A replay asks the same questions of one session's options on every hand (its meld table, the
totals a hand can meld, its contract); caching them by value would hash every option each
time. ``remember_last`` keeps the last answer beside the very object it was worked out for
(the first argument, compared by identity; any further arguments by equality), as one
immutable pair, so a thread reading it never sees the options of one call with the answer
of another.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def remember_last(fn: Callable[P, T]) -> Callable[P, T]:
    """``fn``, answering again at once when asked about the same object as last time."""
    last: tuple[tuple[object, ...], T] | None = None

    @functools.wraps(fn)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> T:
        nonlocal last
        seen = last  # one read: another thread may replace the pair, never change it
        if not kwargs and seen is not None and seen[0][0] is args[0] and seen[0][1:] == args[1:]:
            return seen[1]
        answer = fn(*args, **kwargs)
        if not kwargs:
            last = (args, answer)
        return answer

    return remembered
