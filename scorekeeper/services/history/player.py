"""Players' records across the table's sessions (issue 21): the sessions a date range picks,
replayed and counted by ``record_tally``, and remembered while none of them changes.

A session counts when the day it started, in the table's zone, is within the range (both
ends included). Each session is counted once and its count remembered by its stamp (which
every change to it changes), so a record over many sessions adds up remembered counts and
replays only the sessions changed since. A worker's first read after a restart takes each
session's count stored in the database (``session_tallies``, written with every change) and
replays only a session whose stored count is missing or stale. The record added up is
remembered too, per table, range and the stamps of the sessions and names it is of, so
showing it again costs two queries.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ...models import GameSession, Table
from ...rules.holders import Player
from ...web.recent import Recent
from ...web.templating import local_time
from .. import tables
from ..notfound import NotFound
from ..sessions import list_sessions, load_session, stamp_of
from ..unit_of_work import unit_of_work
from . import stored as session_tallies
from .tally import Declared, HeadToHead, Kind, KindRecord, Partnership, PlayerRecord, Record

MAX_RECORDS = 16
MAX_SESSIONS = 1024
"""Sessions whose count is remembered: a few players' figures each, far smaller than a replay."""


@dataclass(frozen=True)
class DateRange:
    """Which sessions count: those started from ``start`` to ``end`` (either open)."""

    start: date | None = None
    end: date | None = None

    def holds(self, day: date) -> bool:
        """True when ``day`` is within the range."""
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)

    @property
    def backwards(self) -> bool:
        """True when the range would end before it starts (refused at its 'to')."""
        return self.start is not None and self.end is not None and self.end < self.start

    @property
    def words(self) -> str:
        """The sessions the range picks, in words, for a figure's caption."""
        if self.start and self.end:
            return f"those started from {self.start:%d %b %Y} to {self.end:%d %b %Y}"
        if self.start:
            return f"those started from {self.start:%d %b %Y}"
        if self.end:
            return f"those started up to {self.end:%d %b %Y}"
        return "every session of the table"


EVERY_DAY = DateRange()

RANGE_FIELDS = ("from", "to")
"""The names of a date range's two fields, in a page's form and the API's query."""

LATER_THAN_TO = "The range would end before it starts: pick a date on or after the 'from' date."


def read_day(text: str) -> date | None:
    """A day typed as YYYY-MM-DD (what a date field sends), None when left empty;
    ``ValueError`` saying how to write it otherwise."""
    text = text.strip()
    if not text:
        return None
    try:
        if len(text) != 10:
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError("Type a date as year-month-day, like 2026-11-21.") from None


def read_range(start: str, end: str) -> tuple[DateRange, dict[str, str]]:
    """The range typed in a form's ``from`` and ``to``, and the problem with each field
    that is wrong, by name (the range then counts every session)."""
    days: dict[str, date | None] = {}
    problems: dict[str, str] = {}
    for name, text in zip(RANGE_FIELDS, (start, end), strict=True):
        try:
            days[name] = read_day(text)
        except ValueError as error:
            problems[name] = str(error)
    if problems:
        return EVERY_DAY, problems
    dates = DateRange(days["from"], days["to"])
    if dates.backwards:
        return EVERY_DAY, {"to": LATER_THAN_TO}
    return dates, {}


@dataclass(frozen=True)
class Rivalry:
    """A player and one other: the player's bids while the other defended, and the other's
    bids while the player defended."""

    other: Player
    bids: Declared
    against: Declared


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

    @property
    def kinds(self) -> list[tuple[Kind, list[tuple[Player, KindRecord]]]]:
        """Each kind of game played, by name, with each player's figures in it."""
        found: dict[Kind, list[tuple[Player, KindRecord]]] = {}
        for record in self.players:
            for kind, figures in record.kinds.items():
                found.setdefault(kind, []).append((record.player, figures))
        return sorted(found.items(), key=lambda item: item[0].label)

    @property
    def partnerships(self) -> list[Partnership]:
        """Every partnership that played together, by name."""
        return sorted(self.record.partnerships.values(), key=lambda p: p.name.casefold())

    @property
    def head_to_head(self) -> list[HeadToHead]:
        """Every declarer's bids against each defender, by declarer's then defender's name."""
        found = self.record.head_to_head.values()
        return sorted(found, key=lambda h: (h.declarer.name.casefold(), h.defender.name.casefold()))

    def partnerships_of(self, player: Player) -> list[Partnership]:
        """The partnerships ``player`` played in, by name."""
        return [p for p in self.partnerships if player in p.partners]

    def rivals(self, player: Player) -> list[Rivalry]:
        """``player`` against every other player they met across the table, by name."""
        pairs = self.record.head_to_head
        out = []
        for other in self.roster:
            bids = pairs.get((player, other))
            against = pairs.get((other, player))
            if bids or against:
                out.append(
                    Rivalry(
                        other,
                        bids.hands if bids else Declared(),
                        against.hands if against else Declared(),
                    )
                )
        return out

    def player(self, player_id: int) -> PlayerRecord:
        """One roster player's record (empty when they played none of the sessions)."""
        for player in self.roster:
            if player.id == player_id:
                return self.record.player(player)
        raise NotFound(f"No player {player_id} at this table.")


_memory: Recent[tuple, TableRecord] = Recent(MAX_RECORDS)
_sessions: Recent[tuple[str, date], Record] = Recent(MAX_SESSIONS)


def table_record(table: Table, dates: DateRange = EVERY_DAY) -> TableRecord:
    """Every player's record over the table's sessions within ``dates``."""
    roster = tables.roster_players(table)
    rows = [(row, local_time(row.created_at).date()) for row in reversed(list_sessions(table))]
    rows = [(row, day) for row, day in rows if dates.holds(day)]
    key = (table.id, dates, roster, tuple(stamp_of(row) for row, _ in rows))
    known = _memory.get(key)
    if known is not None:
        return known
    names = {player.id: player.name for player in roster}
    uncounted = [(row, day) for row, day in rows if _sessions.get((stamp_of(row), day)) is None]
    stored = session_tallies.recall(uncounted, names)
    record = Record()
    for row, day in rows:
        record.merge(_session_record(table, row, day, stored.get(row.id)))
    counted = TableRecord(dates, record, roster)
    _memory.put(key, counted)
    return counted


def _session_record(
    table: Table, row: GameSession, day: date, stored: Record | None = None
) -> Record:
    """One session counted, remembered by its stamp (which every change to it changes): its
    count ``stored`` in the database when current, else counted from its replay."""
    key = (stamp_of(row), day)
    known = _sessions.get(key) or stored
    if known is None:
        known = session_tallies.count(row, load_session(row.id, table).state)
    _sessions.put(key, known)
    return known


def player_record(
    table: Table, player_id: int, dates: DateRange = EVERY_DAY
) -> tuple[TableRecord, PlayerRecord]:
    """The table's record within ``dates`` and one of its players' (``NotFound`` when the
    table has no such player)."""
    counted = table_record(table, dates)
    return counted, counted.player(player_id)


def forget() -> None:
    """Drop every remembered record and session count (tests, benchmarks)."""
    _memory.drop(None)
    _sessions.drop(None)


def forget_record() -> None:
    """Drop the records added up, keeping each session's count (benchmarks)."""
    _memory.drop(None)


def forget_session(session_id: int) -> None:
    """Drop one session's count (benchmarks: a session just changed)."""
    for key, known in _sessions.snapshot().items():
        if any(meta.session_id == session_id for meta in known.sessions):
            _sessions.drop(key)


def store_missing_counts() -> int:
    """Count and store every session whose count is not stored or is stale (a database
    upgraded or restored: each change stores its session's count otherwise), one session a
    transaction; how many were counted."""
    missing = session_tallies.missing()
    for session_id in missing:
        with unit_of_work():
            loaded = load_session(session_id)
            session_tallies.store(loaded.row, loaded.state)
    return len(missing)
