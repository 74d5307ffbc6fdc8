"""Players' records across the table's sessions (issue 21): the sessions a date range picks,
replayed and counted by ``record_tally``, and remembered while none of them changes.

A session counts when the day it started, in the table's zone, is within the range (both
ends included). The record counted is remembered per table, range and the stamps of the
sessions and names it is of (a session's stamp changes with every change to it), so showing
a record again costs two queries.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..models import Table
from ..recent import Recent
from ..rules.holders import Player
from ..templating import local_time
from . import tables
from .record_tally import PlayerRecord, Record, SessionMeta
from .sessions import NotFound, list_sessions, load_session, stamp_of

MAX_RECORDS = 16


@dataclass(frozen=True)
class DateRange:
    """Which sessions count: those started from ``start`` to ``end`` (either open)."""

    start: date | None = None
    end: date | None = None

    def holds(self, day: date) -> bool:
        """True when ``day`` is within the range."""
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)

    @property
    def words(self) -> str:
        """The range in words, for a figure's caption."""
        if self.start and self.end:
            return f"from {self.start:%d %b %Y} to {self.end:%d %b %Y}"
        if self.start:
            return f"from {self.start:%d %b %Y}"
        if self.end:
            return f"up to {self.end:%d %b %Y}"
        return "every session"


EVERY_DAY = DateRange()


@dataclass(frozen=True)
class TableRecord:
    """The record over the sessions a range picks, and the roster it names."""

    dates: DateRange
    record: Record
    roster: tuple[Player, ...]  # every player of the table, by name

    @property
    def session_count(self) -> int:
        """How many sessions the record counts."""
        return len(self.record.sessions)

    @property
    def first_day(self) -> date | None:
        """The day of the first session counted."""
        return self.record.sessions[0].day if self.record.sessions else None

    @property
    def last_day(self) -> date | None:
        """The day of the last session counted."""
        return self.record.sessions[-1].day if self.record.sessions else None

    @property
    def players(self) -> list[PlayerRecord]:
        """The record of every player who played a session counted, by name."""
        return [self.record.players[p] for p in self.roster if p in self.record.players]

    def player(self, player_id: int) -> PlayerRecord:
        """One roster player's record (empty when they played none of the sessions)."""
        for player in self.roster:
            if player.id == player_id:
                return self.record.player(player)
        raise NotFound(f"No player {player_id} at this table.")


_memory: Recent[tuple, TableRecord] = Recent(MAX_RECORDS)


def table_record(table: Table, dates: DateRange = EVERY_DAY) -> TableRecord:
    """Every player's record over the table's sessions within ``dates``."""
    roster = tuple(Player(p.id, p.name) for p in tables.roster(table))
    rows = [
        row for row in reversed(list_sessions(table)) if dates.holds(local_time(row.created_at).date())
    ]
    key = (table.id, dates, roster, tuple(stamp_of(row) for row in rows))
    known = _memory.get(key)
    if known is not None:
        return known
    record = Record()
    for row in rows:
        loaded = load_session(row.id, table)
        record.add(loaded.state, SessionMeta(row.id, local_time(row.created_at).date()))
    counted = TableRecord(dates, record, roster)
    _memory.put(key, counted)
    return counted


def player_record(table: Table, player_id: int, dates: DateRange = EVERY_DAY) -> TableRecord:
    """The table's record within ``dates``, for one of its players (``NotFound`` otherwise)."""
    counted = table_record(table, dates)
    counted.player(player_id)
    return counted


def forget() -> None:
    """Drop every remembered record (tests)."""
    _memory.drop(None)
