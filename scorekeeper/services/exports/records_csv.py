"""Players' records as CSV, safe to open in a spreadsheet: a row per player and kind of game."""

from __future__ import annotations

from typing import Any

from ..history.player import TableRecord
from ..history.tally import Declared, KindRecord, PlayerRecord
from .csv_export import cell, csv_text

HEADER = [
    "player", "player id", "game", "from", "to", "sessions", "hands played", "declared",
    "made", "set", "conceded", "made %", "made by bid range", "made by trump",
    "average meld", "hands with meld", "average tricks", "hands with tricks",
    "biggest bid made", "games played", "games won", "chip sessions won", "net money",
]  # fmt: skip


def records_csv(counted: TableRecord, player_id: int | None = None) -> str:
    """Every player's record (or one player's) as CSV: one row per player and kind of game.

    Columns: the player and the game (its system, deck and scale where not the usual), the
    date range asked (empty: open), then the kind's figures as ``record_tally`` counts them:
    hands played and declared with their fates, the share made, "made by bid range" and "by
    trump" as ``300–349: 1 of 2; 350–399: 2 of 2``, meld and tricks on average as the table
    writes them with the hands they are over, the biggest bid made, finished points games
    played and won, chip sessions won and the money won (+) or lost (−) in dollars.
    """
    players: list[PlayerRecord] = counted.players
    if player_id is not None:
        players = [counted.player(player_id)]
    rows: list[list[Any]] = [HEADER]
    dates = counted.dates
    for record in players:
        for figures in sorted(record.kinds.values(), key=lambda k: k.kind.label):
            start = "" if dates.start is None else dates.start.isoformat()
            end = "" if dates.end is None else dates.end.isoformat()
            who = [cell(record.player.name), record.player.id, figures.kind.slug, start, end]
            rows.append([*who, *_figures(figures)])
    return csv_text(rows)


def _figures(figures: KindRecord) -> list[Any]:
    declared = figures.declared
    return [
        figures.sessions,
        figures.hands_played,
        declared.declared,
        declared.made,
        declared.set,
        declared.conceded,
        _blank(declared.made_percent),
        _fates(figures.ranges),
        _fates(figures.trumps),
        _blank(figures.average_meld),
        figures.meld_hands,
        _blank(figures.average_tricks),
        figures.trick_hands,
        _blank(figures.biggest_written),
        figures.games_played,
        figures.games_won,
        figures.sessions_won,
        f"{figures.net_cents / 100:.2f}",
    ]


def _fates(rows: list[tuple[str, Declared]]) -> str:
    return "; ".join(f"{label}: {d.made} of {d.declared}" for label, d in rows)


def _blank(value: object) -> object:
    return "" if value is None else value
