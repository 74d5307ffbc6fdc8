"""Players' records across the table's sessions: the table's comparison, a page per player and
their CSV, each narrowed by a date range typed in a GET form (issue 21)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from markupsafe import Markup

from ..access import current_table
from ..rules.holders import Player
from ..services.exports.records_csv import records_csv
from ..services.history import player as records
from ..services.history import ratings
from ..services.history.player import RANGE_FIELDS, DateRange, TableRecord
from ..web.charts import running_chart
from ..web.money import format_money
from .downloads import download

bp = Blueprint("records", __name__, url_prefix="/records")

MAX_TYPED = 40
"""The most of a typed date shown back in its field."""


def _asked() -> tuple[DateRange, dict[str, str], dict[str, str]]:
    """The range the query asks for, the problem with each field, and what was typed."""
    typed = {name: request.args.get(name, "")[:MAX_TYPED] for name in RANGE_FIELDS}
    dates, problems = records.read_range(typed["from"], typed["to"])
    return dates, problems, typed


def _money_chart(counted: TableRecord, players: list[Player], highlight: Player | None) -> Markup:
    """Money won and lost so far after each session counted, a line per player."""
    series = counted.record.running_money(players)
    title = "Money won and lost, session by session"

    def money(cents: int) -> str:
        return format_money(cents, sign=True)

    chart = running_chart(series, title, highlight, step="session", shown=money)
    return Markup(chart)  # drawn by charts.py, every name escaped


@bp.get("/")
def index():
    """Every player's record side by side, over the sessions the range picks."""
    dates, problems, typed = _asked()
    counted = records.table_record(current_table(), dates)
    players = [r.player for r in counted.players]
    chart = _money_chart(counted, players, None) if counted.session_count else None
    page = render_template(
        "records/index.html",
        counted=counted,
        typed=typed,
        query=_query(typed, problems),
        problems=problems,
        chart=chart,
    )
    return page, 422 if problems else 200


@bp.get("/<id:player_id>")
def player(player_id: int):
    """One player's record, over the sessions the range picks (404: no such player)."""
    dates, problems, typed = _asked()
    counted, record = records.player_record(current_table(), player_id, dates)
    chart = None
    if record.sessions:
        chart = _money_chart(counted, [record.player], record.player)
    page = render_template(
        "records/player.html",
        counted=counted,
        record=record,
        partnerships=counted.partnerships_of(record.player),
        rivals=counted.rivals(record.player),
        typed=typed,
        query=_query(typed, problems),
        problems=problems,
        chart=chart,
        rating=ratings.table_ratings(current_table()).of(record.player.id),
    )
    return page, 422 if problems else 200


def _query(typed: dict[str, str], problems: dict[str, str]) -> dict[str, str]:
    """The range to keep in the page's links: the dates typed, unless they were refused."""
    return {} if problems else {k: v for k, v in typed.items() if v.strip()}


@bp.get("/records.csv")
def table_csv():
    """Every player's record as CSV; dates that cannot be read lead back to the page."""
    return _csv(None, "records.index")


@bp.get("/<id:player_id>/record.csv")
def player_csv(player_id: int):
    """One player's record as CSV."""
    return _csv(player_id, "records.player")


def _csv(player_id: int | None, page: str):
    dates, problems, typed = _asked()
    ids: dict[str, Any] = {} if player_id is None else {"player_id": player_id}
    if problems:
        return redirect(url_for(page, **{**ids, **typed}))
    counted = records.table_record(current_table(), dates)
    body = records_csv(counted, player_id)  # NotFound: the 404 page (errorhandlers)
    name = "scorekeeper-records" + (f"-player-{player_id}" if player_id else "")
    if dates.start or dates.end:
        name += f"-{dates.start or 'start'}-to-{dates.end or 'now'}"
    return download(body, "text/csv", f"{name}.csv")
