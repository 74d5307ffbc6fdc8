"""Ids in URLs: the ``<id:...>`` converter, which matches only the ids a row can have."""

from __future__ import annotations

from werkzeug.routing import BaseConverter

from ..limits import MAX_ID


def _at_most(limit: int) -> str:
    """A regular expression matching exactly the whole numbers 1 to ``limit``, written without
    a leading zero: fewer digits than ``limit``, or as many and not above it digit by digit."""
    digits = str(limit)
    options = [digits]
    if len(digits) > 1:
        options.append(f"[1-9][0-9]{{0,{len(digits) - 2}}}")
    for place, digit in enumerate(digits):
        low = 1 if place == 0 else 0
        if int(digit) > low:
            rest = len(digits) - place - 1
            options.append(f"{digits[:place]}[{low}-{int(digit) - 1}][0-9]{{{rest}}}")
    return "(?:" + "|".join(options) + ")"


class IdConverter(BaseConverter):
    """``<id:session_id>``: a whole number from 1 to ``MAX_ID`` (2**31-1), anything else is a 404.

    The pattern itself stops at ``MAX_ID`` (no leading zero), so a number past the id
    columns' range never reaches the database (PostgreSQL would refuse it with "integer out of
    range", a 500) and is never read by ``int()`` at length. A
    bound checked after matching would not do: Werkzeug would then answer another method's
    rule for the same path with 405 instead of 404.
    """

    regex = _at_most(MAX_ID)

    def to_python(self, value: str) -> int:
        """The id as an int."""
        return int(value)

    def to_url(self, value: int) -> str:
        """The id as the URL writes it."""
        return str(int(value))
