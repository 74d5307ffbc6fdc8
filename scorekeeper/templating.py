"""Jinja filters: how figures, money, dates and game names are printed."""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path

from flask import Flask

from .money import format_money
from .rules.figures import signed
from .rules.options import GameSystem

STATIC = Path(__file__).parent / "static"


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
        signed=signed,  # the one way a signed figure is written (rules/figures.py)
        money=format_money,
        system_label=system_label,
        day=day,
        when=when,
    )
    version = asset_version()
    app.context_processor(lambda: {"asset_version": version})
