"""What the session and hand services read and write, behind one seam (``SessionRepository``),
and the unit of work that holds it.

The services (``sessions``, ``hands``, and ``changes`` recording each change) ask
``current()`` for the unit of work and read and write through its ``sessions`` repository
only: a session's row by id, its stored events in order, the next hand's place and a hand
saved under a request id, a hand or a session added or deleted, the version bumped, an audit
entry written. Two implementations:

- ``SqlAlchemySessions`` (here): the queries and writes, on the request's database session
  (``db.session``), SQLite or PostgreSQL alike. It flushes where a row needs its id but never
  commits: ``SqlAlchemyUnitOfWork`` is the request's one transaction, committed by the
  request's hook or by ``with unit_of_work():`` (``services.unit_of_work``). It is what
  ``current()`` gives unless a test installed another.
- the tests' ``InMemorySessions`` with ``FakeUnitOfWork`` (``tests/services/unit/fakes.py``):
  model objects kept in dictionaries, for the services' tests with no app and no database.
  A test installs it with ``unit_of_work.installed(FakeUnitOfWork())``; the services' calls
  do not change.

The other services (the ledger, settle-up, records, club nights, imports...) still read
``db.session`` themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from types import SimpleNamespace
from typing import Protocol, cast

from sqlalchemy import case, func, insert, null, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import (
    AuditEntry,
    GameSession,
    Hand,
    HandBid,
    HandMeld,
    HandTake,
    Player,
    Seat,
    utcnow,
)
from ..rules.evening.session import SessionState
from . import unit_of_work
from .history import stored as session_tallies
from .keyset import Page, Paged, keyset, page_of
from .livestream import hub as live
from .unit_of_work import UnitOfWork


class SavedMeanwhile(Exception):
    """A row could not be written: one saved at the same moment holds its unique key (the
    same request id, or the same place in the session). The transaction must be rolled back."""


class SessionRepository(Protocol):
    """A table's sessions and their hands, as the services read and write them. Writes are
    part of the current transaction (never committed here); ids are given when a row is
    added."""

    # A session

    def session_row(self, session_id: int) -> GameSession | None:
        """The session's row as stored now (read again if read before: never an old version)."""

    def version_now(self, session_id: int) -> int | None:
        """The session's version as stored now."""

    def stamp(self, session_id: int, table_id: int) -> tuple[str, int] | None:
        """The token and version of the table's session (None: not the table's)."""

    def add_session(self, row: GameSession, players: Sequence[Player]) -> None:
        """Write a new session's row (its id given) and its seats, ``players`` clockwise."""

    def bump_version(self, row: GameSession, rewrites: bool) -> int:
        """Add one to the session's stored version (and set ``rewritten`` to it when the
        change ``rewrites``) atomically, in this transaction; ``row`` takes the new version
        and ``rewritten``, and the version is returned (more than one above the row's, when
        another change was saved since it was read)."""

    def announce(self, row: GameSession, version: int) -> None:
        """Tell the phones following the session that it is at ``version``, once committed."""

    def add_audit(self, entry: AuditEntry) -> None:
        """Write an entry of the session's history."""

    def store_tally(self, row: GameSession, state: SessionState, adds_only: bool) -> None:
        """Store the session's count for players' records (``history.stored.store``)."""

    def audit_trail(self, session_id: int) -> list[AuditEntry]:
        """The session's history, newest first."""

    # A table's sessions

    def table_sessions(self, table_id: int) -> list[GameSession]:
        """The table's sessions, newest first, each with its seats and their players."""

    def session_page(self, table_id: int, page: Page) -> Paged[GameSession]:
        """A page of the table's sessions, newest first."""

    def hand_counts(self, table_id: int, session_ids: Collection[int] | None) -> dict[int, int]:
        """How many hands (not leavings) each of the table's sessions holds, by session id
        (of ``session_ids`` alone, when given); sessions with none are left out."""

    def current_session(self, table_id: int) -> GameSession | None:
        """The table's newest session not ended."""

    def players_named(self, table_id: int, keys: Collection[str]) -> dict[str, Player]:
        """The roster's players whose ``name_key`` is one of ``keys``, by key."""

    def add_players(self, players: Sequence[Player]) -> None:
        """Add new players to the roster (their ids given)."""

    # A session's hands

    def stored_hands(self, session_id: int, after: int | None) -> list[Hand]:
        """The session's stored events in order (``after``: only those after the event of
        that row id), each with its melds, takes and own bids. Read to be replayed, not
        changed: they may be plain values rather than rows."""

    def hand(self, hand_id: int) -> Hand | None:
        """A stored event's row by its id."""

    def hand_places(self, session_id: int) -> dict[int, int]:
        """Each of the session's stored events' place (``seq``), by row id."""

    def next_seq_or_saved(self, session_id: int, request_id: str | None) -> tuple[int, Hand | None]:
        """The next event's place, and the row saved already under ``request_id``, if any."""

    def hand_by_request(self, session_id: int, request_id: str) -> Hand | None:
        """The session's row saved under ``request_id``."""

    def add_hand(self, hand: Hand) -> None:
        """Write a new event's row (its id given); ``SavedMeanwhile`` when another row holds
        its request id or its place."""

    def delete_hand(self, hand: Hand) -> None:
        """Delete an event's row (its melds, takes and own bids with it)."""


NEWEST_FIRST = (GameSession.created_at, GameSession.id)
"""The order of a table's sessions (descending): newest first."""


class SqlAlchemySessions:
    """``SessionRepository`` on the request's database session, SQLite or PostgreSQL."""

    def session_row(self, session_id: int) -> GameSession | None:
        # populate_existing: read again even when this request has loaded it before, so its
        # version is never an old one; its seats are loaded when asked for (a replay
        # remembered already has them)
        return db.session.scalar(
            select(GameSession)
            .where(GameSession.id == session_id)
            .execution_options(populate_existing=True)
        )

    def version_now(self, session_id: int) -> int | None:
        return db.session.scalar(select(GameSession.version).where(GameSession.id == session_id))

    def stamp(self, session_id: int, table_id: int) -> tuple[str, int] | None:
        found = db.session.execute(
            select(GameSession.token, GameSession.version).where(
                GameSession.id == session_id, GameSession.table_id == table_id
            )
        ).first()
        return None if found is None else (found.token, found.version)

    def add_session(self, row: GameSession, players: Sequence[Player]) -> None:
        db.session.add(row)
        db.session.flush()
        seats = [
            {"session_id": row.id, "player_id": p.id, "position": i} for i, p in enumerate(players)
        ]
        db.session.execute(insert(Seat), seats)  # in one statement (row.seats is read when asked)

    def bump_version(self, row: GameSession, rewrites: bool) -> int:
        changes: dict[str, object] = {"version": GameSession.version + 1, "updated_at": utcnow()}
        if rewrites:
            changes["rewritten"] = GameSession.version + 1
        version, rewritten = db.session.execute(
            update(GameSession)
            .where(GameSession.id == row.id)
            .values(changes)
            .returning(GameSession.version, GameSession.rewritten),
            execution_options={"synchronize_session": False},  # both are set just below
        ).one()
        set_committed_value(row, "version", version)
        set_committed_value(row, "rewritten", rewritten)
        return version

    def announce(self, row: GameSession, version: int) -> None:
        live.announce(row.table_id, row.id, version)

    def add_audit(self, entry: AuditEntry) -> None:
        db.session.add(entry)
        db.session.flush()

    def store_tally(self, row: GameSession, state: SessionState, adds_only: bool) -> None:
        session_tallies.store(row, state, adds_only=adds_only)

    def audit_trail(self, session_id: int) -> list[AuditEntry]:
        return list(
            db.session.scalars(
                select(AuditEntry)
                .where(AuditEntry.session_id == session_id)
                .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
            )
        )

    @staticmethod
    def _of_table(table_id: int):
        return (
            select(GameSession)
            .where(GameSession.table_id == table_id)
            .options(selectinload(GameSession.seats).selectinload(Seat.player))
        )

    def table_sessions(self, table_id: int) -> list[GameSession]:
        query = keyset(self._of_table(table_id), NEWEST_FIRST, None, descending=True)
        return list(db.session.scalars(query))

    def session_page(self, table_id: int, page: Page) -> Paged[GameSession]:
        return page_of(self._of_table(table_id), NEWEST_FIRST, page, descending=True)

    def hand_counts(self, table_id: int, session_ids: Collection[int] | None) -> dict[int, int]:
        query = (
            select(Hand.session_id, func.count(Hand.id))
            .join(GameSession)
            .where(GameSession.table_id == table_id, Hand.kind == "hand")
            .group_by(Hand.session_id)
        )
        if session_ids is not None:
            query = query.where(Hand.session_id.in_(session_ids))
        return {sid: n for sid, n in db.session.execute(query)}

    def current_session(self, table_id: int) -> GameSession | None:
        return db.session.scalar(
            select(GameSession)
            .where(GameSession.table_id == table_id, GameSession.ended_at.is_(None))
            .order_by(GameSession.created_at.desc(), GameSession.id.desc())
            .limit(1)
        )

    def players_named(self, table_id: int, keys: Collection[str]) -> dict[str, Player]:
        return {
            player.name_key: player
            for player in db.session.scalars(
                select(Player).where(Player.table_id == table_id, Player.name_key.in_(keys))
            )
        }

    def add_players(self, players: Sequence[Player]) -> None:
        db.session.add_all(players)
        db.session.flush()

    def stored_hands(self, session_id: int, after: int | None) -> list[Hand]:
        # four queries: the events' columns, then their melds, takes and own bids
        columns = (
            Hand.id, Hand.kind, Hand.outcome, Hand.declarer_id, Hand.bid, Hand.trump,
            Hand.takeover, Hand.reneger_id, Hand.declarer_tricks, Hand.last_trick_id,
            Hand.player_id,
        )  # fmt: skip
        which = [Hand.session_id == session_id]
        if after is not None:
            which.append(Hand.seq > select(Hand.seq).where(Hand.id == after).scalar_subquery())
        hands = db.session.execute(select(*columns).where(*which).order_by(Hand.seq)).all()
        if not hands:
            return []
        melds = _by_hand(which, HandMeld, "player_id", "mode", "entry")
        takes = _by_hand(which, HandTake, "player_id", "taken")
        bids = _by_hand(which, HandBid, "player_id", "bid")
        views = [
            SimpleNamespace(
                **h._mapping,
                melds=melds.get(h.id, []),
                takes=takes.get(h.id, []),
                bids=bids.get(h.id, []),
            )
            for h in hands
        ]
        return cast(list[Hand], views)  # the columns a replay reads, not rows

    def hand(self, hand_id: int) -> Hand | None:
        return db.session.get(Hand, hand_id)

    def hand_places(self, session_id: int) -> dict[int, int]:
        rows = db.session.execute(select(Hand.id, Hand.seq).where(Hand.session_id == session_id))
        return {hand_id: seq for hand_id, seq in rows}

    def next_seq_or_saved(self, session_id: int, request_id: str | None) -> tuple[int, Hand | None]:
        # in one query
        saved_id = (
            func.max(case((Hand.request_id == request_id, Hand.id))) if request_id else null()
        )
        top, existing = db.session.execute(
            select(func.max(Hand.seq), saved_id).where(Hand.session_id == session_id)
        ).one()
        return (top or 0) + 1, (db.session.get(Hand, existing) if existing is not None else None)

    def hand_by_request(self, session_id: int, request_id: str) -> Hand | None:
        return db.session.scalar(
            select(Hand).where(Hand.session_id == session_id, Hand.request_id == request_id)
        )

    def add_hand(self, hand: Hand) -> None:
        db.session.add(hand)
        try:
            db.session.flush()
        except IntegrityError as error:
            raise SavedMeanwhile(str(error)) from error

    def delete_hand(self, hand: Hand) -> None:
        db.session.delete(hand)


def _by_hand(
    which: list, model: type[HandMeld | HandTake | HandBid], *names: str
) -> dict[int, list]:
    """One kind of a hand's rows (melds, takes, own bids) of the hands ``which`` picks, their
    columns ``names``, by hand id in the order they were entered."""
    found: dict[int, list] = {}
    columns = [getattr(model, name) for name in names]
    query = select(model.hand_id, *columns).join(Hand).where(*which).order_by(model.id)
    for row in db.session.execute(query):
        found.setdefault(row.hand_id, []).append(row)
    return found


class SqlAlchemyUnitOfWork:
    """The request's one database transaction (``db.session``), with its repository. It is
    committed by the request's hook (``unit_of_work.finish_request``) or by
    ``with unit_of_work():``; the services only roll it back, when a write collided."""

    def __init__(self) -> None:
        self.sessions: SessionRepository = SqlAlchemySessions()

    def commit(self) -> None:
        db.session.commit()

    def rollback(self) -> None:
        db.session.rollback()

    def after_commit(self, fn: Callable[[], None]) -> None:
        unit_of_work.after_database_commit(fn)


DATABASE = SqlAlchemyUnitOfWork()
"""The unit of work of every request and every ``with unit_of_work():`` block."""


def current() -> UnitOfWork:
    """The unit of work the services read and write through: the database's, unless a test
    installed another (``unit_of_work.installed``)."""
    return unit_of_work.installed_now() or DATABASE


__all__ = [
    "DATABASE",
    "NEWEST_FIRST",
    "SavedMeanwhile",
    "SessionRepository",
    "SqlAlchemySessions",
    "SqlAlchemyUnitOfWork",
    "current",
]
