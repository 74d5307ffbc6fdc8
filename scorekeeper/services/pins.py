"""Wrong PINs, counted in the database so that every worker process sees the same count.

A phone may try at most ``MAX_WRONG`` wrong PINs for one table from one client address within
``WINDOW``; the next try is refused, unchecked, with the number of seconds until one of those
tries is old enough (``TooManyTries.retry_after``). Table mode's PIN (``TABLE_PIN``) counts
under ``table_id`` None.

Each try is written and committed before the PIN is looked at, then every try in the window
is counted, its own included. Two workers checking at the same moment therefore cannot both
miss the other's try: whichever counts second sees both. A right PIN deletes its own row; a
wrong one stays and counts. This is the one service that commits inside a request: a wrong
try must be kept even though the page that says so is a refusal (which rolls back).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import ColumnElement, delete, select

from ..extensions import db
from ..models import PinAttempt, utcnow

MAX_WRONG = 10
WINDOW = timedelta(minutes=1)
KEEP = timedelta(hours=1)
MAX_ADDRESS = 64


class TooManyTries(Exception):
    """Too many wrong PINs from this address for this table; try again in ``retry_after`` s."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"Too many wrong PINs; try again in {retry_after} seconds.")
        self.retry_after = retry_after


def _scope(table_id: int | None, address: str) -> list[ColumnElement[bool]]:
    table = PinAttempt.table_id.is_(None) if table_id is None else PinAttempt.table_id == table_id
    return [table, PinAttempt.address == address]


def try_pin(table_id: int | None, address: str | None, is_right: Callable[[], bool]) -> bool:
    """Check a PIN with ``is_right`` unless this address has had its ``MAX_WRONG`` wrong tries
    for this table in the last minute (then ``TooManyTries``). True when the PIN is right."""
    address = (address or "unknown")[:MAX_ADDRESS]
    now = utcnow()
    attempt = PinAttempt(table_id=table_id, address=address, at=now)
    db.session.add(attempt)
    db.session.execute(delete(PinAttempt).where(PinAttempt.at < now - KEEP))
    db.session.commit()  # seen by every worker before this PIN is checked

    since = now - WINDOW
    recent = list(
        db.session.execute(
            select(PinAttempt.id, PinAttempt.at)
            .where(*_scope(table_id, address), PinAttempt.at > since)
            .order_by(PinAttempt.at, PinAttempt.id)
        )
    )
    if len(recent) > MAX_WRONG:
        _drop(attempt.id)
        others = [at for attempt_id, at in recent if attempt_id != attempt.id]
        # A try is checked again once at most MAX_WRONG - 1 others are left in the window.
        freed = others[len(others) - MAX_WRONG]
        wait = (freed + WINDOW - utcnow()).total_seconds()
        raise TooManyTries(max(1, math.ceil(wait)))
    if is_right():
        _drop(attempt.id)
        return True
    return False


def _drop(attempt_id: int) -> None:
    """Forget a try that does not count (refused unchecked, or right), committed at once."""
    db.session.execute(delete(PinAttempt).where(PinAttempt.id == attempt_id))
    db.session.commit()


def wrong_tries(table_id: int | None, address: str) -> int:
    """How many wrong tries ``address`` has made for the table in the last minute."""
    rows = db.session.scalars(
        select(PinAttempt.id).where(
            *_scope(table_id, address[:MAX_ADDRESS]), PinAttempt.at > utcnow() - WINDOW
        )
    )
    return len(list(rows))
