"""Attempts limited per client address, counted in the database so that every worker process
sees the same count: wrong PINs (``services.pins``) and hosted tables started
(``services.tables.start_hosted_table``).

A ``Limit`` allows at most ``most`` attempts of one ``kind`` from one client address (and, for
a PIN, for one table) within ``window``. ``attempt`` refuses one more with ``TooMany``, which
says how many seconds until the oldest of them leaves the window; otherwise it adds the
attempt's row to the request's transaction.

**Counted exactly once.** The row is written in the request's own transaction and committed
with its answer, in the one place that commits (``unit_of_work``). On PostgreSQL a request
that collides with another (serialization failure, deadlock) is rolled back whole and run
again (``unit_of_work.dispatch_retrying``): the row of a run that failed goes with it, so the
one run that is answered leaves the one row. A row committed on a connection of its own, or
committed before the request's end, would survive the failed run and be written again by the
next: one attempt counted twice. An attempt that is refused (a wrong PIN answers 422) is
still counted when the service asks the unit of work to commit that refusal
(``unit_of_work.commit_refusal``).

**Two at the same moment.** Before counting, ``attempt`` takes a lock on its kind, table and
address that lasts until its transaction ends: on PostgreSQL a transaction-level advisory
lock; on SQLite the database's write lock, which every writing request takes at its first
statement (``BEGIN IMMEDIATE``, ``extensions.begin_sqlite_transaction``). The second of two
attempts at once therefore counts only after the first has committed or rolled back, and
sees its row (PostgreSQL's default READ COMMITTED reads afresh at each statement): two can
never both pass as the last one allowed.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import ColumnElement, delete, func, select

from ..extensions import db
from ..models import Attempt, utcnow

KEEP = timedelta(hours=1)
"""Rows older than this are deleted as new ones come: no limit's window is longer."""
MAX_ADDRESS = 64
"""The most characters of a client address kept (an IPv6 address has at most 45)."""


@dataclass(frozen=True)
class Limit:
    """At most ``most`` attempts of ``kind`` from one address within ``window``."""

    kind: str
    most: int
    window: timedelta

    def __post_init__(self) -> None:
        if self.most < 1:
            raise ValueError(f"A limit allows at least one attempt, not {self.most}.")
        if not timedelta(0) < self.window <= KEEP:
            raise ValueError(f"A limit's window is at most {KEEP}, not {self.window}.")


class TooMany(Exception):
    """Too many attempts from this address; the next is counted in ``retry_after`` seconds."""

    def __init__(self, limit: Limit, retry_after: int) -> None:
        super().__init__(f"Too many attempts ({limit.kind}); try again in {retry_after} s.")
        self.limit = limit
        self.retry_after = retry_after


def _counted_address(address: str | None) -> str:
    """The address as it is counted: cut to ``MAX_ADDRESS`` characters, ``unknown`` if none."""
    return (address or "unknown")[:MAX_ADDRESS]


def _scope(kind: str, table_id: int | None, address: str) -> list[ColumnElement[bool]]:
    table = Attempt.table_id.is_(None) if table_id is None else Attempt.table_id == table_id
    return [Attempt.kind == kind, table, Attempt.address == address]


def _lock(kind: str, table_id: int | None, address: str) -> None:
    """Hold the attempts of this kind, table and address until the transaction ends (see the
    module's notes; on SQLite the writing request already holds the write lock)."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    name = f"scorekeeper attempts:{kind}:{table_id}:{address}".encode()
    key = int.from_bytes(hashlib.sha256(name).digest()[:8], "big", signed=True)
    db.session.execute(select(func.pg_advisory_xact_lock(key)))


def _clear_old() -> None:
    """Delete the rows older than ``KEEP``, skipping any another transaction is deleting (on
    PostgreSQL: ``FOR UPDATE SKIP LOCKED``), so no attempt waits on another's clearing."""
    old = select(Attempt.id).where(Attempt.at < utcnow() - KEEP).with_for_update(skip_locked=True)
    db.session.execute(delete(Attempt).where(Attempt.id.in_(old)))


def attempt(limit: Limit, address: str | None, table_id: int | None = None) -> Attempt:
    """Count one attempt of ``limit`` from ``address`` (for ``table_id``): ``TooMany`` when
    ``limit.most`` were made within its window, else its row, added and flushed (committed
    with the request, or never)."""
    address = _counted_address(address)
    _lock(limit.kind, table_id, address)
    _clear_old()
    now = utcnow()
    recent = list(
        db.session.scalars(
            select(Attempt.at)
            .where(*_scope(limit.kind, table_id, address), Attempt.at > now - limit.window)
            .order_by(Attempt.at)
        )
    )
    if len(recent) >= limit.most:
        # One more is counted once at most ``most - 1`` are left within the window.
        freed = recent[len(recent) - limit.most]
        wait = (freed + limit.window - now).total_seconds()
        raise TooMany(limit, max(1, math.ceil(wait)))
    row = Attempt(kind=limit.kind, table_id=table_id, address=address, at=now)
    db.session.add(row)
    db.session.flush()
    return row


def withdraw(row: Attempt) -> None:
    """Take back an attempt that does not count (a right PIN), in the same transaction."""
    db.session.delete(row)
    db.session.flush()
