"""The card table and its roster.

A laptop on the table's Wi-Fi serves one table, created by the first request that saves
anything (a page that only reads sees an empty table and writes nothing). Hosted mode (many
private tables with join links) will pick the table from the request instead; everything
below already takes the table as an argument.
"""

from __future__ import annotations

from sqlalchemy import func, select

from ..extensions import db
from ..limits import has_control_characters
from ..models import Player, Table
from ..rules.errors import SeatingError

DEFAULT_TABLE_NAME = "Our table"
MAX_NAME = 40


def stored_table() -> Table | None:
    """The table this app serves, or None when nothing has been saved yet (reads only)."""
    return db.session.scalar(select(Table).order_by(Table.id).limit(1))


def table_to_read() -> Table:
    """The table for a page that only reads: the stored one, or, before the first save, an
    unsaved empty table (no id, so every query for its rows finds none). Writes nothing."""
    return stored_table() or Table(name=DEFAULT_TABLE_NAME)


def default_table() -> Table:
    """The table this app serves, added (flushed, not committed) the first time a change
    needs it: the first POST that saves anything creates it, a GET never does."""
    table = stored_table()
    if table is None:
        table = Table(name=DEFAULT_TABLE_NAME)
        db.session.add(table)
        db.session.flush()
    return table


def clean_name(name: str) -> str:
    """A player's name with spaces tidied, refused when empty or too long."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise SeatingError("name", "A player needs a name.")
    if len(cleaned) > MAX_NAME:
        raise SeatingError("name", f"A name is at most {MAX_NAME} characters.")
    if has_control_characters(cleaned):
        raise SeatingError("name", "A name cannot contain control characters.")
    return cleaned


def find_player(table: Table, name: str) -> Player | None:
    """The roster's player with this name, ignoring case."""
    return db.session.scalar(
        select(Player).where(
            Player.table_id == table.id, func.lower(Player.name) == clean_name(name).lower()
        )
    )


def find_or_add_player(table: Table, name: str) -> Player:
    """The roster's player with this name, added if new (not committed)."""
    player = find_player(table, name)
    if player is None:
        player = Player(table=table, name=clean_name(name))
        db.session.add(player)
        db.session.flush()
    return player


def add_player(table: Table, name: str) -> Player:
    """Add a player to the roster; refuses a name already there."""
    existing = find_player(table, name)
    if existing is not None:
        raise SeatingError("name", f"{existing.name} is already on the roster.")
    return find_or_add_player(table, name)


def roster(table: Table) -> list[Player]:
    """The table's players, by name."""
    return list(
        db.session.scalars(
            select(Player).where(Player.table_id == table.id).order_by(func.lower(Player.name))
        )
    )
