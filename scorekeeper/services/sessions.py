"""Sessions: create one, load one with its replayed state, list a table's sessions.

The only layer that touches both the database and the rules engine: rows are read, turned
into the engine's setup and events, and replayed; nothing derived is ever written back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import AuditEntry, GameSession, Hand, Player, Seat, Table, utcnow
from ..rules.errors import RuleError, SeatingError
from ..rules.options import Options
from ..rules.session import Event, SessionSetup, SessionState, replay
from .entries import row_event
from .tables import find_or_add_player


class NotFound(LookupError):
    """No such session, hand or player for this table."""


@dataclass
class LoadedSession:
    """A session's rows together with everything the engine derives from them."""

    row: GameSession
    options: Options
    players: dict[int, str]  # id -> name, in seat order
    setup: SessionSetup
    rows: list[Hand]
    events: list[Event]
    state: SessionState

    @property
    def ids(self) -> dict[str, int]:
        """Player id by name."""
        return {name: pid for pid, name in self.players.items()}

    def player_id(self, name: str) -> int:
        """The id of a seated player."""
        return self.ids[name]

    def hand_row(self, number: int) -> Hand:
        """The stored row of the hand with this 1-based number."""
        return self.rows[self.state.hand(number).position]


def options_of(row: GameSession) -> Options:
    """The session's options as the engine's value."""
    return Options.from_dict({"system": row.system, **row.options})


def build_setup(row: GameSession) -> tuple[SessionSetup, dict[int, str]]:
    """The engine's setup for a session row, with its players by id in seat order."""
    players = {seat.player_id: seat.player.name for seat in row.seats}
    setup = SessionSetup(options_of(row), tuple(players.values()), row.first_dealer.name)
    return setup, players


def load_session(session_id: int, table: Table | None = None) -> LoadedSession:
    """Load a session and replay it; raises ``NotFound`` if it is not this table's."""
    row = db.session.scalar(
        select(GameSession)
        .where(GameSession.id == session_id)
        .options(
            selectinload(GameSession.seats).selectinload(Seat.player),
            selectinload(GameSession.hands).selectinload(Hand.melds),
            selectinload(GameSession.hands).selectinload(Hand.takes),
            selectinload(GameSession.first_dealer),
        )
    )
    if row is None or (table is not None and row.table_id != table.id):
        raise NotFound(f"No session {session_id}.")
    return replay_rows(row, list(row.hands))


def replay_rows(row: GameSession, rows: Sequence[Hand]) -> LoadedSession:
    """Replay a session row with the given event rows (stored, or a proposed edit)."""
    setup, players = build_setup(row)
    events = [row_event(hand, players, setup.options) for hand in rows]
    state = replay(setup, events)
    return LoadedSession(row, setup.options, players, setup, list(rows), events, state)


def list_sessions(table: Table) -> list[GameSession]:
    """The table's sessions, newest first."""
    return list(
        db.session.scalars(
            select(GameSession)
            .where(GameSession.table_id == table.id)
            .options(selectinload(GameSession.seats).selectinload(Seat.player))
            .order_by(GameSession.created_at.desc(), GameSession.id.desc())
        )
    )


def hand_counts(table: Table) -> dict[int, int]:
    """How many events each of the table's sessions holds."""
    rows = db.session.execute(
        select(Hand.session_id, func.count(Hand.id))
        .join(GameSession)
        .where(GameSession.table_id == table.id, Hand.kind == "hand")
        .group_by(Hand.session_id)
    )
    return {sid: n for sid, n in rows}


def current_session(table: Table) -> GameSession | None:
    """The session to resume: the newest one not ended."""
    return db.session.scalar(
        select(GameSession)
        .where(GameSession.table_id == table.id, GameSession.ended_at.is_(None))
        .order_by(GameSession.created_at.desc(), GameSession.id.desc())
        .limit(1)
    )


def create_session(
    table: Table,
    option_data: Mapping[str, Any],
    seat_names: Sequence[str],
    first_dealer: int,
) -> GameSession:
    """Start a session: options checked, players seated clockwise, new names added to the roster.

    ``option_data`` is plain data in full points with a ``system`` key; ``first_dealer`` is a
    seat index. Nothing is saved unless everything is valid.
    """
    options = Options.from_dict(option_data)
    names = [name.strip() for name in seat_names if name and name.strip()]
    if not 0 <= first_dealer < len(names):
        raise SeatingError("first_dealer", "Choose who deals first.")
    SessionSetup(options, tuple(names), names[first_dealer]).check()
    try:
        players = [find_or_add_player(table, name) for name in names]
        row = GameSession(
            table=table,
            system=options.system.value,
            options={k: v for k, v in options.to_dict().items() if k != "system"},
            first_dealer=players[first_dealer],
            seats=[Seat(player=p, position=i) for i, p in enumerate(players)],
        )
        db.session.add(row)
        db.session.flush()
        db.session.add(
            AuditEntry(
                session_id=row.id,
                action="started",
                summary=f"Session started: {options.system.label}, "
                f"{', '.join(p.name for p in players)}; {players[first_dealer].name} deals first.",
            )
        )
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return row


def end_session(loaded: LoadedSession) -> None:
    """Mark a session ended (it can still be reopened)."""
    loaded.row.ended_at = utcnow()
    bump(loaded.row)
    db.session.commit()


def reopen_session(loaded: LoadedSession) -> None:
    """Take back the end of a session."""
    loaded.row.ended_at = None
    bump(loaded.row)
    db.session.commit()


def bump(row: GameSession) -> None:
    """Mark a session changed so every open phone refreshes its standings."""
    row.version = (row.version or 0) + 1
    row.updated_at = utcnow()


def session_version(session_id: int) -> int:
    """The session's version number, for phones polling for changes."""
    version = db.session.scalar(select(GameSession.version).where(GameSession.id == session_id))
    if version is None:
        raise NotFound(f"No session {session_id}.")
    return version


def seated_player(loaded: LoadedSession, player_id: int) -> Player:
    """A player of this session, or ``NotFound``."""
    for seat in loaded.row.seats:
        if seat.player_id == player_id:
            return seat.player
    raise NotFound(f"Player {player_id} is not in this session.")


__all__ = [
    "LoadedSession",
    "NotFound",
    "RuleError",
    "create_session",
    "current_session",
    "end_session",
    "list_sessions",
    "load_session",
    "replay_rows",
    "session_version",
]
