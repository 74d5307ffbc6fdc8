"""Money as whole cents: read what people type ("$1.20", "0.25", "25c") and print it back.

Never a float: the text is split at the decimal point and read as integers.
"""

from __future__ import annotations

import re

from .rules.figures import MINUS

_MONEY = re.compile(r"^\s*(-|−)?\s*\$?\s*(\d*)(?:\.(\d{0,2}))?\s*$")
_CENTS = re.compile(r"^\s*(-|−)?\s*(\d+)\s*(?:c|¢|cents?)\s*$", re.IGNORECASE)


class MoneyError(ValueError):
    """Text that is not an amount of money."""


def parse_money(text: str | int) -> int:
    """Cents from ``$1.20``, ``1.2``, ``0.25`` or ``25c``; a bare whole number is dollars."""
    if isinstance(text, int):
        return text
    match = _CENTS.match(text)
    if match:
        cents = int(match.group(2))
        return -cents if match.group(1) else cents
    match = _MONEY.match(text)
    if not match or not (match.group(2) or match.group(3)):
        raise MoneyError(f"'{text}' is not an amount of money: write it like 0.25 or $1.20.")
    dollars = int(match.group(2) or 0)
    cents = int((match.group(3) or "").ljust(2, "0"))
    total = dollars * 100 + cents
    return -total if match.group(1) else total


def format_money(cents: int, sign: bool = False) -> str:
    """``$1.20``; with ``sign`` a leading + or − (a real minus sign) shows the direction."""
    prefix = MINUS if cents < 0 else ("+" if sign and cents > 0 else "")
    cents = abs(cents)
    return f"{prefix}${cents // 100}.{cents % 100:02d}"


def format_cents_plain(cents: int) -> str:
    """``1.20`` for a form field (no sign, no dollar sign)."""
    return f"{cents // 100}.{cents % 100:02d}"
