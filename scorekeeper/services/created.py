"""A session made once per client key: ``POST /sessions`` and ``POST /imports`` sent again
with the same Idempotency-Key (a phone that lost the answer) find the session the first one
made instead of making a second.

The key is kept on the session it made (``GameSession.request_id``, unique per table) with a
digest of what the request sent (``request_digest``), as a hand keeps its own
(``Hand.request_id``): it lasts as long as the session. The same key with something else is
a repeat that does not match, which the caller refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import GameSession, Table


@dataclass(frozen=True)
class RequestKey:
    """A client's Idempotency-Key and a digest of what its request sent."""

    key: str
    digest: str


@dataclass(frozen=True)
class Created:
    """A session made by a request, or found made already under its key."""

    row: GameSession
    repeated: bool = False  # made by an earlier request under the same key
    matches: bool = True  # repeated: that request sent the same

    @property
    def session_id(self) -> int:
        """The session's id."""
        return self.row.id


def _session(session_id: int) -> GameSession:
    """The session just made (from the identity map: no query)."""
    row = db.session.get(GameSession, session_id)
    assert row is not None, "made in this transaction"
    return row


def _under(table: Table, request: RequestKey) -> Created | None:
    """The session made under ``request``'s key before, if any."""
    row = db.session.scalar(
        select(GameSession).where(
            GameSession.table_id == table.id, GameSession.request_id == request.key
        )
    )
    if row is None:
        return None
    return Created(row, repeated=True, matches=row.request_digest == request.digest)


def create_once(table: Table, request: RequestKey | None, create: Callable[[], int]) -> Created:
    """The session ``create`` makes (it gives its id), once per ``request`` key: the one made
    under the key before when there is one. Written, not committed (see ``unit_of_work``)."""
    if request is None:
        return Created(_session(create()))
    earlier = _under(table, request)
    if earlier is not None:
        return earlier
    row = _session(create())
    row.request_id, row.request_digest = request.key, request.digest
    try:
        db.session.flush()
    except IntegrityError:
        # The same request, sent twice at once, made the session first (PostgreSQL: the
        # unique key waited for its commit). Only this request's work is rolled back.
        db.session.rollback()
        earlier = _under(table, request)
        if earlier is None:
            raise
        return earlier
    return Created(row)
