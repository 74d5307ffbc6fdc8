"""Jinja filters: how figures, money, dates and game names are printed."""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path

from flask import Flask

from .money import format_money
from .rules.options import GameSystem

STATIC = Path(__file__).parent / "static"


def signed(n: int) -> str:
    """``+5``, ``−3`` (a real minus sign), ``0``."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def minus(n: int) -> str:
    """A figure with a real minus sign when negative (``−170``), no sign otherwise."""
    return f"−{-n}" if n < 0 else str(n)


def system_label(value: str) -> str:
    """The game system's name for a stored system value."""
    try:
        return GameSystem(value).label
    except ValueError:
        return value


def day(value: datetime | None) -> str:
    """``Sat 21 Nov 2026``."""
    return value.strftime("%a %-d %b %Y") if value else ""


def when(value: datetime | None) -> str:
    """``21 Nov 21:04 UTC``."""
    return value.strftime("%-d %b %H:%M UTC") if value else ""


def asset_version() -> str:
    """A short hash of the CSS and JavaScript, so phones fetch new files after an update."""
    digest = hashlib.sha1()
    for name in ("app.css", "app.js"):
        path = STATIC / name
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def init_templating(app: Flask) -> None:
    """Register the filters and the asset version on ``app``."""
    app.jinja_env.filters.update(
        signed=signed,
        minus=minus,
        money=format_money,
        system_label=system_label,
        day=day,
        when=when,
    )
    version = asset_version()
    app.context_processor(lambda: {"asset_version": version})
