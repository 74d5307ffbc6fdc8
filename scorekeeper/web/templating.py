"""Jinja filters: how figures, money, dates and game names are printed.

Times are stored as naive UTC and shown in the table's zone: the ``TIMEZONE`` setting (an
IANA name) or the server's own zone. ``day``, ``when``, ``stamp`` and ``month_day`` are the
only ways a time is written, on pages and in the PDF alike; day numbers are built by hand
(no ``%-d``, which only some platforms know).
"""

from __future__ import annotations

import functools
import hashlib
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Flask, Response, current_app, has_app_context, request

from ..rules.figures import signed
from ..rules.game.variant import game_named
from .money import format_money

STATIC = Path(__file__).resolve().parents[1] / "static"


def system_label(value: str) -> str:
    """The game system's name for a stored system value."""
    try:
        return game_named(value).label
    except ValueError:
        return value


def parse_timezone(name: str | None) -> tzinfo | None:
    """The zone a ``TIMEZONE`` setting names (IANA, e.g. ``Europe/Berlin``); None: the server's.

    Raises ``ValueError`` saying what is wrong when the name is not a known time zone.
    """
    if name is None or not str(name).strip():
        return None
    try:
        return ZoneInfo(str(name).strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"TIMEZONE setting: '{name}' is not a time zone; use an IANA name such as "
            "Europe/Berlin or America/New_York (or leave it unset for the server's zone)."
        ) from None


def table_zone() -> tzinfo | None:
    """The table's time zone: the app's ``TIMEZONE`` setting, or None for the server's zone."""
    if not has_app_context():
        return None
    return current_app.extensions.get("scorekeeper.timezone")


def local_time(value: datetime, zone: tzinfo | None = None) -> datetime:
    """A stored time (naive UTC) in the table's zone (``zone``, else the app's setting)."""
    aware = value if value.tzinfo else value.replace(tzinfo=UTC)
    return aware.astimezone(zone or table_zone())  # None: the server's own zone


def day(value: datetime | None, zone: tzinfo | None = None) -> str:
    """``Sat 21 Nov 2026`` in the table's zone."""
    if not value:
        return ""
    t = local_time(value, zone)
    return f"{t:%a} {t.day} {t:%b %Y}"


def month_day(value: datetime | None, zone: tzinfo | None = None) -> str:
    """``Nov 21`` in the table's zone (chart titles)."""
    if not value:
        return ""
    t = local_time(value, zone)
    return f"{t:%b} {t.day}"


def when(value: datetime | None, zone: tzinfo | None = None) -> str:
    """``21 Nov 21:04 CET``: day, time and zone in the table's zone."""
    if not value:
        return ""
    t = local_time(value, zone)
    return f"{t.day} {t:%b %H:%M} {t.tzname() or ''}".rstrip()


def stamp(value: datetime | None, zone: tzinfo | None = None) -> str:
    """``21 Nov 2026 21:04`` in the table's zone (when a report was printed)."""
    if not value:
        return ""
    t = local_time(value, zone)
    return f"{t.day} {t:%b %Y %H:%M}"


LONG_WORD, LONGER_WORD = 20, 30
"""Words longer than these (a name of one long word) are drawn smaller so they fit a phone."""


def fit(text: object) -> str:
    """The class that draws ``text`` smaller when its longest word would not fit a phone's
    line whole: ``word-xl`` past 30 characters, ``word-l`` past 20, else "" (app.css)."""
    longest = max((len(word) for word in str(text).split()), default=0)
    if longest > LONGER_WORD:
        return "word-xl"
    return "word-l" if longest > LONG_WORD else ""


VERSIONED_ASSETS = ("app.css", "app.js", "shell.js", "table.js", "save.js")
"""The stylesheet and scripts the pages load with ``?v=<asset_version>``; the service worker
keeps them all (views/app_shell.py)."""


def asset_version(names: tuple[str, ...] = VERSIONED_ASSETS) -> str:
    """A short hash of static files (the CSS and JavaScript), so phones fetch new files after
    an update."""
    digest = hashlib.sha1()
    for name in names:
        path = STATIC / name
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def init_templating(app: Flask) -> None:
    """Register the filters, the table's time zone and the asset version on ``app``."""
    app.extensions["scorekeeper.timezone"] = parse_timezone(app.config.get("TIMEZONE"))
    app.jinja_env.filters.update(
        signed=signed,  # the one way a signed figure is written (rules/figures.py)
        money=format_money,
        system_label=system_label,
        day=day,
        when=when,
        stamp=stamp,
        fit=fit,
    )
    version = asset_version()
    app.context_processor(lambda: {"asset_version": version})
    app.after_request(functools.partial(_kept_for_a_year, version=version))


YEAR = 365 * 24 * 3600


def _kept_for_a_year(response: Response, version: str) -> Response:
    """A stylesheet or script asked for with this build's ``?v=`` is kept by the phone for a
    year without asking again (``immutable``): its address changes with its content, so a page
    loads it from the phone's cache instead of asking whether each file changed."""
    asked = request.endpoint == "static" and request.args.get("v") == version
    if asked and response.status_code == 200:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    return response
