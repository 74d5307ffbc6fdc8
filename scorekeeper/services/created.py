"""A session, a club night, a player added to one or a round paired made once per client
key: ``POST /sessions``, ``/imports``, ``/club-nights`` and a night's ``/entrants`` and
``/rounds`` sent again with the same Idempotency-Key (a phone that lost the answer) find what
the first one made instead of making it again.

The key is kept on what it made (``request_id``: unique per table for a session or a night,
per night for a player added or a round) with a digest of what the request sent
(``request_digest``), as a hand keeps its own (``Hand.request_id``): it lasts as long as that
row. The same key with something else is a repeat that does not match, which the caller
refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import ColumnElement, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import ClubEntrant, ClubNight, ClubRound, GameSession, Table


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


Row = TypeVar("Row", GameSession, ClubNight, ClubEntrant, ClubRound)


def _under(
    model: type[Row], scope: ColumnElement[bool], request: RequestKey
) -> tuple[Row, bool] | None:
    """What was made under ``request``'s key in ``scope`` before, if anything, and whether
    that request sent the same."""
    row = db.session.scalar(select(model).where(scope, model.request_id == request.key))
    return None if row is None else (row, row.request_digest == request.digest)


def made_once(
    model: type[Row],
    scope: ColumnElement[bool],
    request: RequestKey | None,
    create: Callable[[], Row],
) -> tuple[Row, bool, bool]:
    """The row ``create`` makes, once per ``request`` key within ``scope`` (the rows its key
    is unique among: a table's sessions, a night's players): the one made under the key
    before when there is one; with whether it was made before and, if so, whether its
    request sent the same. Written, not committed (see ``unit_of_work``)."""
    if request is None:
        return create(), False, True
    earlier = _under(model, scope, request)
    if earlier is not None:
        return earlier[0], True, earlier[1]
    row = create()
    row.request_id, row.request_digest = request.key, request.digest
    try:
        db.session.flush()
    except IntegrityError:
        # The same request, sent twice at once, made it first (PostgreSQL: the unique key
        # waited for its commit). Only this request's work is rolled back.
        db.session.rollback()
        earlier = _under(model, scope, request)
        if earlier is None:
            raise
        return earlier[0], True, earlier[1]
    return row, False, True


def create_once(table: Table, request: RequestKey | None, create: Callable[[], int]) -> Created:
    """The session ``create`` makes (it gives its id), once per ``request`` key: the one made
    under the key before when there is one. Written, not committed (see ``unit_of_work``)."""
    scope = GameSession.table_id == table.id
    row, repeated, matches = made_once(GameSession, scope, request, lambda: _session(create()))
    return Created(row, repeated, matches)
