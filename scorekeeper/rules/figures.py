"""How a signed figure is written, everywhere: ``+185``, ``−3`` (a real minus sign), ``0``.

Every change, balance, score and net the app prints (pages, PDF, charts, hand descriptions,
messages) goes through ``signed``, so the same figure never looks different in two places.
Pure: no Flask, so the rules engine and the web layer share it.
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
