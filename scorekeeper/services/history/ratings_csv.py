"""The table's ratings as CSV, safe to open in a spreadsheet: a row per player, as the ratings
page lists them."""

from __future__ import annotations

from typing import Any

from ..exports.csv_export import cell, csv_text
from .ratings import TableRatings

HEADER = ["player", "player id", "rating", "skill (mu)", "uncertainty (sigma)", "games",
          "last change"]  # fmt: skip


def _figure(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def ratings_csv(ratings: TableRatings) -> str:
    """Every player's rating (ordinal, mu, sigma to three places), games and last change;
    a player not rated yet has empty figures."""
    rows: list[list[Any]] = [HEADER]
    for rating in ratings.players:
        figure = rating.figure
        rows.append(
            [
                cell(rating.name),
                rating.player.id,
                _figure(figure.ordinal if figure else None),
                _figure(figure.mu if figure else None),
                _figure(figure.sigma if figure else None),
                rating.game_count,
                _figure(rating.last_change),
            ]
        )
    return csv_text(rows)
