"""Bounds on what a request may hold: ids, whole numbers, text, and the size of a request.

Pure (no Flask): forms, views and services read the same figures from here, so a refusal
says the same bound everywhere and the *Limits* of docs/configuration.md stay true.
"""

from __future__ import annotations

import re

MAX_ID = 2**31 - 1
"""The largest id a database row can have: the ids are ``Integer`` columns, signed 32-bit on
PostgreSQL (SQLite would take 64 bits), so a larger id is no row on either database and is
refused before a query (PostgreSQL would answer "integer out of range")."""

MAX_REQUEST_BYTES = 1_000_000
"""The largest request body the app reads (the import has its own, larger allowance)."""

MAX_IMPORT_REQUEST_BYTES = 6_000_000
"""The import page's allowance: a 5 MB session file plus the form around it."""

MAX_FIGURE = 99_999
"""The largest points figure a hand form takes (a bid, tricks, a meld); the rules say less."""

MAX_MELD_TEXT = 300
"""The most characters of one player's meld as typed (cards or named melds)."""

MAX_LINE = 500
"""The most characters of a hand said in one line (a long one is about 120)."""

_DIGITS = re.compile(r"^\s*[+-]?\d+\s*$")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def parse_id(text: object) -> int | None:
    """An id from a form or a hidden field, or None unless it is a whole number 1..MAX_ID."""
    raw = str(text if text is not None else "").strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > len(str(MAX_ID)):
        return None
    value = int(raw)
    return value if 1 <= value <= MAX_ID else None


def is_whole_number(text: str) -> bool:
    """True when ``text`` is an optionally signed run of digits (of any length)."""
    return bool(_DIGITS.match(text)) and text.strip().lstrip("+-").isascii()


def within(text: str, maximum: int) -> bool:
    """True when the whole number ``text`` is at most ``maximum`` away from 0, read safely.

    Counting digits first means a number thousands of digits long is never handed to
    ``int()`` (which refuses more than 4,300 digits).
    """
    digits = text.strip().lstrip("+-").lstrip("0")
    return len(digits) <= len(str(maximum)) and int(digits or "0") <= maximum


def has_control_characters(text: str) -> bool:
    """True when ``text`` holds a NUL, a tab or another control character."""
    return any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in text)


def clean_request_id(text: object) -> str | None:
    """A form's idempotency token if it looks like one (letters, digits, - and _), else None."""
    raw = str(text if text is not None else "").strip()
    return raw if _REQUEST_ID.match(raw) else None
