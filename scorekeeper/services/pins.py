"""Wrong PINs, counted in the database so that every worker process sees the same count.

A phone may try at most ``MAX_WRONG`` wrong PINs for one table from one client address within
``WINDOW``; the next try is refused, unchecked, with the number of seconds until one of those
tries is old enough (``attempts.TooMany``, its ``retry_after``). Table mode's PIN
(``TABLE_PIN``) counts under ``table_id`` None.

The counting is ``services.attempts``: each try is recorded (under a lock on the table and
address, so two tries at once are counted one after the other) before the PIN is looked at,
in the request's own transaction. A right PIN takes its try back in that transaction, so it
never counts. A wrong one is a refusal (the page answers 422), which the unit of work is asked
to commit all the same (``unit_of_work.commit_refusal``). Committed once, with the answer:
a request run again after a collision (``unit_of_work.dispatch_retrying``) counts each wrong
PIN the person typed exactly once.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from . import attempts, unit_of_work

MAX_WRONG = 10
WINDOW = timedelta(minutes=1)
PIN_LIMIT = attempts.Limit("pin", MAX_WRONG, WINDOW)


def try_pin(table_id: int | None, address: str | None, is_right: Callable[[], bool]) -> bool:
    """Check a PIN with ``is_right`` unless this address has had its ``MAX_WRONG`` wrong tries
    for this table in the last minute (then ``attempts.TooMany``). True when the PIN is right; a
    wrong one is counted when the request's transaction commits, as it does even though the
    page refuses the PIN."""
    tried = attempts.attempt(PIN_LIMIT, address, table_id)
    if is_right():
        attempts.withdraw(tried)
        return True
    unit_of_work.commit_refusal()
    return False
