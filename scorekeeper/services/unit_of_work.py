"""One transaction per request, committed in one place; work that must wait for the commit.

The design: services add, change and flush rows but never commit. A request that changes data
is committed exactly once, by the ``after_request`` hook ``init_app`` installs: when the
request's method writes (POST and the like) and the view answered below 400 (a redirect, or a
page shown after a save). Anything else is rolled back: every GET or HEAD (a GET never writes,
whatever a service flushed), a form refused with a 4xx page, and an exception (the 500 handler
rolls back too). A hook rather than a decorator on each view, so a new view cannot forget it.

Code outside a request (the command line, benchmarks, tests) wraps its writes in
``unit_of_work()``: commit if the block finishes, roll back if it raises.

Some work must only happen once the data is really saved: the per-process replay memory
(``services.replays``) must never hold a figure the database does not. ``after_commit(fn)``
runs ``fn`` right after the transaction commits, and drops it if the transaction rolls back
instead. ``when_committed(fn)`` runs ``fn`` at once when the transaction has written nothing
(what it read is already committed), otherwise after the commit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, Response, request
from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

from ..extensions import db

WRITING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_PENDING = "scorekeeper.after_commit"
_WROTE = "scorekeeper.wrote"


def commits(method: str, status: int) -> bool:
    """Whether a request with this method, answered with this status, is committed."""
    return method in WRITING_METHODS and status < 400


def finish_request(response: Response) -> Response:
    """Commit the request's transaction if it wrote and succeeded, else roll it back."""
    if commits(request.method, response.status_code):
        db.session.commit()
    else:
        db.session.rollback()
    return response


def roll_back() -> None:
    """Drop whatever the current transaction wrote (the 500 page does, before it renders)."""
    db.session.rollback()


@contextmanager
def unit_of_work() -> Iterator[Session]:
    """Commit what the block wrote if it finishes; roll it all back if it raises."""
    session = db.session()
    try:
        yield session
    except BaseException:
        session.rollback()
        raise
    session.commit()


def after_commit(fn: Callable[[], None]) -> None:
    """Run ``fn`` once the current transaction has committed (never if it rolls back)."""
    db.session().info.setdefault(_PENDING, []).append(fn)


def when_committed(fn: Callable[[], None]) -> None:
    """Run ``fn`` now if this transaction has written nothing yet, else after its commit."""
    if db.session().info.get(_WROTE):
        after_commit(fn)
    else:
        fn()


def _run_pending(session: Session) -> None:
    pending = session.info.pop(_PENDING, [])
    session.info.pop(_WROTE, None)
    for fn in pending:
        fn()


def _drop_pending(session: Session, transaction: SessionTransaction) -> None:
    """At the end of the outermost transaction (committed or not), forget what is left."""
    if transaction.parent is None:
        session.info.pop(_PENDING, None)
        session.info.pop(_WROTE, None)


def _mark_flushed(session: Session, _context) -> None:
    session.info[_WROTE] = True


def _mark_statement(state) -> None:
    if state.is_insert or state.is_update or state.is_delete:
        state.session.info[_WROTE] = True


def _listen() -> None:
    if not event.contains(Session, "after_commit", _run_pending):
        event.listen(Session, "after_commit", _run_pending)
        event.listen(Session, "after_transaction_end", _drop_pending)
        event.listen(Session, "after_flush", _mark_flushed)
        event.listen(Session, "do_orm_execute", _mark_statement)


def init_app(app: Flask) -> None:
    """Install the commit-or-roll-back hook and the after-commit events."""
    _listen()
    app.after_request(finish_request)
