"""Money as whole cents: read what people type ("$1.20", "0.25", "25c") and print it back.

Never a float: the text is split at the decimal point and read as integers.
"""

from __future__ import annotations

import re

from ..rules.figures import MINUS, shown

_MONEY = re.compile(r"^\s*(-|−)?\s*\$?\s*(\d*)(?:\.(\d{0,2}))?\s*$")
_CENTS = re.compile(r"^\s*(-|−)?\s*(\d+)\s*(?:c|¢|cents?)\s*$", re.IGNORECASE)


MAX_CENTS = 1_000_000_000
"""The most any amount typed may be ($10,000,000.00); each field has a smaller bound of its own."""


class MoneyError(ValueError):
    """Text that is not an amount of money."""


class MoneyTooLarge(MoneyError):
    """An amount of money beyond ``MAX_CENTS`` (thousands of digits are never read)."""


def parse_money(text: str | int) -> int:
    """Cents from ``$1.20``, ``1.2``, ``0.25`` or ``25c``; a bare whole number is dollars.

    Refuses (``MoneyTooLarge``) an amount beyond ``MAX_CENTS`` either way from 0.
    """
    if isinstance(text, int):
        total = text
    elif match := _CENTS.match(text):
        total = _bounded(match.group(2))
        total = -total if match.group(1) else total
    else:
        match = _MONEY.match(text)
        if not match or not (match.group(2) or match.group(3)):
            raise MoneyError(
                f"'{shown(text)}' is not an amount of money: write it like 0.25 or $1.20."
            )
        dollars = _bounded(match.group(2) or "0")
        total = dollars * 100 + int((match.group(3) or "").ljust(2, "0"))
        total = -total if match.group(1) else total
    if abs(total) > MAX_CENTS:
        raise MoneyTooLarge(f"An amount is at most {format_money(MAX_CENTS)}.")
    return total


def _bounded(digits: str) -> int:
    """The number ``digits`` stand for, refused before ``int()`` when far too long."""
    if len(digits.lstrip("0")) > len(str(MAX_CENTS)):
        raise MoneyTooLarge(f"An amount is at most {format_money(MAX_CENTS)}.")
    return int(digits)


def format_money(cents: int, sign: bool = False) -> str:
    """``$1.20``; with ``sign`` a leading + or − (a real minus sign) shows the direction."""
    prefix = MINUS if cents < 0 else ("+" if sign and cents > 0 else "")
    cents = abs(cents)
    return f"{prefix}${cents // 100}.{cents % 100:02d}"


def format_cents_plain(cents: int) -> str:
    """``1.20`` for a form field (no sign, no dollar sign)."""
    return f"{cents // 100}.{cents % 100:02d}"
