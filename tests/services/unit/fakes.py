"""The session repository and unit of work in memory: the services run on them in tests
with no app and no database (``tests/services/unit``).

``InMemorySessions`` keeps model objects (plain SQLAlchemy classes, never added to a database
session) in dictionaries, gives each its id and the column defaults the database would
(a session's token, version 1, the times), and answers the queries of
``repository.SessionRepository`` from them, the unique keys of the hands checked as the
database checks them. A session's stored version is kept apart from its row object, as the
database's is from a loaded row: ``changed_elsewhere`` moves it on as another worker's
committed change would, and the next change worked out from the row loaded before is refused
(``Clash.SESSION``).

``FakeUnitOfWork`` holds one, with the transaction's edges: ``commit`` keeps what was written
and then runs the after-commit work (the replay remembered, the phones told), ``rollback``
puts back every object and collection as last committed and drops that work; as on the
database, work asked for while nothing has been written runs at once. A test installs it::

    with unit_of_work.installed(FakeUnitOfWork()) as uow:
        ...  # sessions.create_session, hands.save_hand, load_session... as the views call them
        uow.commit()
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from sqlalchemy import inspect

from scorekeeper.models import AuditEntry, GameSession, Hand, Player, Seat, utcnow
from scorekeeper.rules.evening.session import SessionState
from scorekeeper.rules.holders import name_key
from scorekeeper.services.keyset import Page, Paged, page_of_list
from scorekeeper.services.repository import SavedMeanwhile


def _with_defaults(row: Any, ids: Iterator[int]) -> None:
    """Give a new row its id, the keys of the rows it refers to, and its columns' defaults
    (what an INSERT would)."""
    mapper = inspect(type(row))
    for rel in mapper.relationships:
        target = getattr(row, rel.key) if not rel.uselist else None
        if target is not None:
            for local, remote in rel.local_remote_pairs:
                setattr(row, local.key, getattr(target, remote.key))
    for column in mapper.columns:
        if getattr(row, column.key) is not None or column.default is None:
            continue
        default = column.default
        if default.is_scalar:
            setattr(row, column.key, default.arg)
        elif column.key != "name_key":
            setattr(row, column.key, default.arg(None))
    if isinstance(row, Player):
        row.name_key = name_key(row.name)
    if row.id is None:
        row.id = next(ids)


def _state(row: Any) -> dict[str, Any]:
    """A row's columns and its lists of rows, as they are now."""
    mapper = inspect(type(row))
    values = {column.key: getattr(row, column.key) for column in mapper.column_attrs}
    for rel in mapper.relationships:
        if rel.uselist and rel.key in ("seats", "melds", "takes", "bids"):
            values[rel.key] = list(getattr(row, rel.key))
    return values


class InMemorySessions:
    """``repository.SessionRepository`` on model objects kept in memory."""

    def __init__(self) -> None:
        self.sessions: dict[int, GameSession] = {}
        self.players: dict[int, Player] = {}
        self.hands: dict[int, Hand] = {}
        self.audit: list[AuditEntry] = []
        self.tallies: dict[int, tuple[int, bool]] = {}  # session id: version, adds_only
        self.announced: list[tuple[int, int]] = []  # session id, version: once committed
        self._announcing: list[tuple[int, int]] = []  # told at the commit
        self._stored: dict[int, tuple[int, int]] = {}  # session id: version, rewritten
        self._ids: defaultdict[type, Iterator[int]] = defaultdict(lambda: itertools.count(1))
        self.wrote = False  # since the last commit or rollback
        self._committed = self._snapshot()

    # The transaction's edges (``FakeUnitOfWork``)

    def _rows(self) -> list[Any]:
        rows: list[Any] = [*self.sessions.values(), *self.players.values(), *self.audit]
        for session in self.sessions.values():
            rows.extend(session.seats)
        for hand in self.hands.values():
            rows.extend([hand, *hand.melds, *hand.takes, *hand.bids])
        return rows

    def _snapshot(self) -> tuple[dict[str, Any], list[tuple[Any, dict[str, Any]]]]:
        kept = {
            name: getattr(self, name).copy()
            for name in ("sessions", "players", "hands", "audit", "tallies", "announced", "_stored")
        }
        return kept, [(row, _state(row)) for row in self._rows()]

    def keep(self) -> None:
        """What is written now is committed (and the phones are told)."""
        self.announced.extend(self._announcing)
        self._announcing = []
        self._committed = self._snapshot()
        self.wrote = False

    def restore(self) -> None:
        """Put back every row and collection as last committed."""
        self._announcing = []
        kept, rows = self._committed
        for name, value in kept.items():
            setattr(self, name, value.copy())
        for row, values in rows:
            for key, value in values.items():
                setattr(row, key, list(value) if isinstance(value, list) else value)
        self.wrote = False

    def _write(self, row: Any) -> None:
        _with_defaults(row, self._ids[type(row)])
        self.wrote = True

    def changed_elsewhere(self, session_id: int, rewrites: bool = False) -> None:
        """Another worker's change to the session, committed: its stored version moves on,
        rows loaded before keep theirs (a test's stand-in for a concurrent save)."""
        version, rewritten = self._stored[session_id]
        self._stored[session_id] = (version + 1, version + 1 if rewrites else rewritten)
        self.keep()

    # A session

    def session_row(self, session_id: int) -> GameSession | None:
        row = self.sessions.get(session_id)
        if row is not None:  # read again: the version stored now
            row.version, row.rewritten = self._stored[session_id]
        return row

    def version_now(self, session_id: int) -> int | None:
        found = self._stored.get(session_id)
        return None if found is None else found[0]

    def stamp(self, session_id: int, table_id: int) -> tuple[str, int] | None:
        row = self.sessions.get(session_id)
        if row is None or row.table_id != table_id:
            return None
        return row.token, self._stored[session_id][0]

    def add_session(self, row: GameSession, players: Sequence[Player]) -> None:
        self._write(row)
        self.sessions[row.id] = row
        self._stored[row.id] = (row.version, row.rewritten)
        row.seats = [
            Seat(session_id=row.id, player_id=p.id, position=i, player=p)
            for i, p in enumerate(players)
        ]
        for seat in row.seats:
            self._write(seat)

    def bump_version(self, row: GameSession, rewrites: bool) -> int:
        version, rewritten = self._stored[row.id]
        version += 1
        rewritten = version if rewrites else rewritten
        self._stored[row.id] = (version, rewritten)
        row.version, row.rewritten, row.updated_at = version, rewritten, utcnow()
        self.wrote = True
        return version

    def announce(self, row: GameSession, version: int) -> None:
        self._announcing.append((row.id, version))
        self.wrote = True

    def add_audit(self, entry: AuditEntry) -> None:
        self._write(entry)
        self.audit.append(entry)

    def store_tally(self, row: GameSession, state: SessionState, adds_only: bool) -> None:
        self.tallies[row.id] = (row.version, adds_only)
        self.wrote = True

    def audit_trail(self, session_id: int) -> list[AuditEntry]:
        found = [entry for entry in self.audit if entry.session_id == session_id]
        return sorted(found, key=lambda entry: (entry.at, entry.id), reverse=True)

    # A table's sessions

    def table_sessions(self, table_id: int) -> list[GameSession]:
        found = [row for row in self.sessions.values() if row.table_id == table_id]
        return sorted(found, key=lambda row: (row.created_at, row.id), reverse=True)

    def session_page(self, table_id: int, page: Page) -> Paged[GameSession]:
        return page_of_list(
            self.table_sessions(table_id), lambda row: (row.created_at, row.id), page, True
        )

    def hand_counts(self, table_id: int, session_ids: Collection[int] | None) -> dict[int, int]:
        counts: dict[int, int] = {}
        for hand in self.hands.values():
            row = self.sessions[hand.session_id]
            if row.table_id != table_id or hand.kind != "hand":
                continue
            if session_ids is None or hand.session_id in session_ids:
                counts[hand.session_id] = counts.get(hand.session_id, 0) + 1
        return counts

    def current_session(self, table_id: int) -> GameSession | None:
        running = [row for row in self.table_sessions(table_id) if row.ended_at is None]
        return running[0] if running else None

    def players_named(self, table_id: int, keys: Collection[str]) -> dict[str, Player]:
        return {
            player.name_key: player
            for player in self.players.values()
            if player.table_id == table_id and player.name_key in keys
        }

    def add_players(self, players: Sequence[Player]) -> None:
        for player in players:
            self._write(player)
            self.players[player.id] = player

    # A session's hands

    def _of_session(self, session_id: int) -> list[Hand]:
        found = [hand for hand in self.hands.values() if hand.session_id == session_id]
        return sorted(found, key=lambda hand: hand.seq)

    def stored_hands(self, session_id: int, after: int | None) -> list[Hand]:
        hands = self._of_session(session_id)
        if after is None:
            return hands
        seq = self.hands[after].seq if after in self.hands else None
        return [] if seq is None else [hand for hand in hands if hand.seq > seq]

    def hand(self, hand_id: int) -> Hand | None:
        return self.hands.get(hand_id)

    def hand_places(self, session_id: int) -> dict[int, int]:
        return {hand.id: hand.seq for hand in self._of_session(session_id)}

    def next_seq_or_saved(self, session_id: int, request_id: str | None) -> tuple[int, Hand | None]:
        hands = self._of_session(session_id)
        top = hands[-1].seq if hands else 0
        return top + 1, self.hand_by_request(session_id, request_id) if request_id else None

    def hand_by_request(self, session_id: int, request_id: str) -> Hand | None:
        for hand in self._of_session(session_id):
            if hand.request_id == request_id:
                return hand
        return None

    def add_hand(self, hand: Hand) -> None:
        for other in self._of_session(hand.session_id):  # the table's unique keys
            same_request = hand.request_id is not None and other.request_id == hand.request_id
            if other.seq == hand.seq or same_request:
                raise SavedMeanwhile(f"hand {other.id} holds its place or request id")
        self._write(hand)
        for child in (*hand.melds, *hand.takes, *hand.bids):
            self._write(child)  # its hand_id from its hand
        self.hands[hand.id] = hand

    def delete_hand(self, hand: Hand) -> None:
        del self.hands[hand.id]
        self.wrote = True


class FakeUnitOfWork:
    """A unit of work on ``InMemorySessions``: committed and rolled back by the test (or by
    ``with unit_of_work():``), its after-commit work run at its commit."""

    def __init__(self, sessions: InMemorySessions | None = None) -> None:
        self.sessions = sessions or InMemorySessions()
        self.committed = 0
        self._pending: list[Callable[[], None]] = []

    def commit(self) -> None:
        self.sessions.keep()
        self.committed += 1
        pending, self._pending = self._pending, []
        for fn in pending:
            fn()

    def rollback(self) -> None:
        self.sessions.restore()
        self._pending = []

    def after_commit(self, fn: Callable[[], None]) -> None:
        if self.sessions.wrote:
            self._pending.append(fn)
        else:
            fn()


__all__ = ["FakeUnitOfWork", "InMemorySessions"]
