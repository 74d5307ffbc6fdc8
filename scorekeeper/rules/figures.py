"""How figures and typed text are written back, everywhere.

Every change, balance, score and net the app prints (pages, PDF, charts, hand descriptions,
messages) goes through ``signed``: ``+185``, ``−3`` (a real minus sign), ``0``, so the same
figure never looks different in two places. Every message that quotes what was typed goes
through ``shown``, so a 10,000-digit number is never echoed whole. Pure: no Flask, so the rules
engine and the web layer share it.
"""

from __future__ import annotations

MINUS = "\u2212"  # the typographic minus sign, the width of the plus sign


def signed(n: int) -> str:
    """A whole figure with its sign: ``+185`` when positive, ``−3`` when negative, ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def shown(text: object, limit: int = 24) -> str:
    """What was typed, cut short for a message (``limit`` characters at most, with "…")."""
    value = str(text)
    return value if len(value) <= limit else value[: limit - 1] + "…"
