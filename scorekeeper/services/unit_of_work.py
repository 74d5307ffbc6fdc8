"""One transaction per request, committed in one place; work that must wait for the commit.

Services add, change and flush rows but never commit. Where the commit happens:

- In a request, nowhere in the view: the ``after_request`` hook ``finish_request`` (installed
  by ``init_app``) commits the request's one transaction when its method writes (POST and the
  like) and the view answered below 400 (a redirect, or a page shown after a save), and rolls
  everything else back: every GET or HEAD (a GET never writes, whatever a service flushed), a
  form refused with a 4xx page, and an exception (the 500 handler rolls back too). This is
  the one place the commit of a request is not written where it happens, and on purpose:
  whether to commit follows from the method and the answer alone, so a hook decides it the
  same way for every view, a new view cannot forget it or commit half its work, and a request
  run again after a collision (below) commits once, with the answer. Views never commit.
- Outside a request (the command line, benchmarks, tests), in the open, as a block:
  ``with unit_of_work(): ...`` commits what the block wrote when it finishes and rolls it all
  back if it raises.

What the session and hand services read and write goes through a repository held by the
unit of work (``UnitOfWork``: ``sessions``, ``commit``, ``rollback``, ``after_commit``), which
they ask ``repository.current()`` for: the database's (``repository.SqlAlchemyUnitOfWork``, the
request's transaction above) unless a test installed another with ``installed(uow)``, such as
``memory.FakeUnitOfWork``, which keeps model objects in memory (no app, no database). While
one is installed, ``after_commit`` and ``with unit_of_work():`` are its.

Some work must only happen once the data is really saved: the per-process replay memory
(``services.replays``) must never hold a figure the database does not. ``after_commit(fn)``
runs ``fn`` right after the transaction commits, and drops it if the transaction rolls back
instead; when the transaction has written nothing yet (what it read is committed already),
there is nothing to wait for and ``fn`` runs at once.

On PostgreSQL a GET or HEAD reads without a transaction (its connection in autocommit): under
PostgreSQL's READ COMMITTED each statement sees the latest commits whether or not a transaction
is open, so nothing read changes, and the request saves the round trips of BEGIN and ROLLBACK.
Such a connection refuses any statement but a SELECT (``refuse_writes_in_reads``), so a GET
still can never write.

On PostgreSQL two requests can collide: one is cancelled with a serialization failure
(SQLSTATE 40001) or as a deadlock's victim (40P01), in the view or at its commit. Nothing of it
was saved, and running it again a moment later succeeds, so ``init_app`` wraps the request's
dispatch (before-request checks, view, after-request hooks with the commit): such a failure is
rolled back and the request run again, a few times with a short random pause; if it still
collides it answers 503 (``DatabaseBusy``) rather than an error page.
"""

from __future__ import annotations

import copy
import logging
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Protocol

from flask import Flask, Response, g, request, session
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, SessionTransaction
from werkzeug.exceptions import ServiceUnavailable

from ..extensions import WRITING_METHODS, db

if TYPE_CHECKING:
    from .repository import SessionRepository

log = logging.getLogger(__name__)

RETRYABLE_SQLSTATES = frozenset({"40001", "40P01"})
"""PostgreSQL's serialization_failure and deadlock_detected: the transaction was cancelled
whole, and the same work run again may well succeed."""
RETRIES = 3
"""How many times a colliding request is run again before it answers 503."""
PAUSE = 0.05
"""Seconds: the n-th retry waits a random time up to ``PAUSE * 2**n``."""
_PENDING = "scorekeeper.after_commit"
_WROTE = "scorekeeper.wrote"
_REFUSAL = "scorekeeper.commit_refusal"


def commits(method: str, status: int, refusal_kept: bool = False) -> bool:
    """Whether a request with this method, answered with this status, is committed: one that
    may write and succeeded, or was refused (4xx) with ``refusal_kept``."""
    if method not in WRITING_METHODS:
        return False
    return status < 400 or (refusal_kept and status < 500)


def commit_refusal() -> None:
    """Commit this request's transaction even if it answers a refusal (4xx, never 5xx): what
    it wrote records the refusal itself. The mark ends with the transaction, so a request run
    again after a collision must mark it again."""
    db.session().info[_REFUSAL] = True


def finish_request(response: Response) -> Response:
    """Commit the request's transaction if it wrote and succeeded (or its refusal is to be
    kept, see ``commit_refusal``), else roll it back."""
    kept = bool(db.session().info.get(_REFUSAL))
    if commits(request.method, response.status_code, kept):
        db.session.commit()
    else:
        db.session.rollback()
    return response


def roll_back() -> None:
    """Drop whatever the current transaction wrote (the 500 page does, before it renders)."""
    db.session.rollback()


class UnitOfWork(Protocol):
    """One transaction and the repository the services read and write it through."""

    sessions: SessionRepository

    def commit(self) -> None:
        """Keep what the transaction wrote, then run its after-commit work."""

    def rollback(self) -> None:
        """Drop what the transaction wrote, and its after-commit work."""

    def after_commit(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` once the transaction commits (at once if it has written nothing)."""


_installed: ContextVar[UnitOfWork | None] = ContextVar("scorekeeper.unit_of_work", default=None)


@contextmanager
def installed(uow: UnitOfWork) -> Iterator[UnitOfWork]:
    """Make ``uow`` the services' unit of work while the block runs (a test's fake)."""
    token = _installed.set(uow)
    try:
        yield uow
    finally:
        _installed.reset(token)


def installed_now() -> UnitOfWork | None:
    """The unit of work a test installed, if any (``repository.current`` falls back to the
    database's)."""
    return _installed.get()


@contextmanager
def unit_of_work() -> Iterator[Session]:
    """Commit what the block wrote if it finishes; roll it all back if it raises (the
    installed unit of work's, when a test installed one: it yields no database session)."""
    fake = _installed.get()
    if fake is not None:
        try:
            yield None  # type: ignore[misc]
        except BaseException:
            fake.rollback()
            raise
        fake.commit()
        return
    session = db.session()
    try:
        yield session
    except BaseException:
        session.rollback()
        raise
    session.commit()


def after_commit(fn: Callable[[], None]) -> None:
    """Run ``fn`` once this transaction commits (never if it rolls back); at once if the
    transaction has written nothing. The installed unit of work's, when a test installed one."""
    fake = _installed.get()
    if fake is not None:
        fake.after_commit(fn)
    else:
        after_database_commit(fn)


def after_database_commit(fn: Callable[[], None]) -> None:
    """``after_commit`` of the database session's transaction."""
    session = db.session()
    if session.info.get(_WROTE):
        session.info.setdefault(_PENDING, []).append(fn)
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
        session.info.pop(_REFUSAL, None)


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


class DatabaseBusy(ServiceUnavailable):
    """A request that kept colliding with others (serialization failure or deadlock): 503."""

    description = (
        "The database was too busy with other changes made at the same moment, so this change "
        "was NOT saved. Nothing of it was half-saved. Wait a moment and try again."
    )

    def __init__(self) -> None:
        super().__init__(retry_after=1)


def sqlstate(error: BaseException) -> str | None:
    """The SQLSTATE of a database error (psycopg's ``sqlstate``, psycopg2's ``pgcode``)."""
    orig = getattr(error, "orig", None)
    return getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)


def is_retryable(error: BaseException) -> bool:
    """True for a transaction cancelled by a serialization failure or a deadlock."""
    return isinstance(error, DBAPIError) and sqlstate(error) in RETRYABLE_SQLSTATES


def pause(retry: int) -> None:
    """Wait before running a request again: a random time, longer after each retry, so two
    colliding requests do not collide again in step."""
    time.sleep(random.uniform(0, PAUSE * 2**retry))


READS_ONLY = "scorekeeper_reads_only"
"""The execution option that marks a GET's connection on PostgreSQL: SELECTs only."""
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def read_without_transaction() -> None:
    """On PostgreSQL, run this read request's statements in autocommit, SELECTs only."""
    if request.method in READING_METHODS and db.engine.dialect.name == "postgresql":
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT", READS_ONLY: True})


def refuse_writes_in_reads(conn, cursor, statement: str, parameters, context, executemany) -> None:
    """Refuse anything but a SELECT on a read request's connection (a ``before_cursor_execute``
    listener): in autocommit nothing would roll it back."""
    reading = context is not None and context.execution_options.get(READS_ONLY)
    if reading and not statement.lstrip().upper().startswith("SELECT"):
        raise RuntimeError(f"A {request.method} request may not write: {statement[:60]}")


def dispatch_retrying(app: Flask, dispatch: Callable[[], Response]) -> Response:
    """Run ``dispatch`` (the request's full dispatch, commit included); run it again after a
    serialization failure or deadlock, and answer 503 if it keeps failing so."""
    start = _request_state()
    for retry in range(RETRIES + 1):
        try:
            read_without_transaction()
            return dispatch()
        except DBAPIError as error:
            if not is_retryable(error):
                raise
            db.session.rollback()
            _restore(start)
            log.info("%s %s collided (%s): attempt %d", request.method, request.path,
                     sqlstate(error), retry + 1)  # fmt: skip
        if retry < RETRIES:
            pause(retry)
    log.warning("%s %s still colliding after %d retries: 503", request.method, request.path,
                RETRIES)  # fmt: skip
    return app.finalize_request(app.handle_user_exception(DatabaseBusy()), from_error_handler=True)


def _request_state() -> tuple[set[str], dict]:
    """What an attempt may change besides the database: ``g`` and the cookie session."""
    return set(g), copy.deepcopy(dict(session))


def _restore(start: tuple[set[str], dict]) -> None:
    """Undo what a failed attempt kept for the request: what it put in ``g`` (the table it
    loaded, say, a row now rolled back) and in the cookie session (a "Hand 3 saved" message
    flashed for a hand that was not)."""
    keys, cookie = start
    for key in set(g) - keys:
        g.pop(key, None)
    if dict(session) != cookie:
        session.clear()
        session.update(copy.deepcopy(cookie))


def init_app(app: Flask) -> None:
    """Install the commit-or-roll-back hook, the after-commit events, and the retry of a
    request that collided with another on PostgreSQL."""
    _listen()
    with app.app_context():
        if not event.contains(db.engine, "before_cursor_execute", refuse_writes_in_reads):
            event.listen(db.engine, "before_cursor_execute", refuse_writes_in_reads)
    app.after_request(finish_request)
    dispatch = app.full_dispatch_request
    app.full_dispatch_request = lambda: dispatch_retrying(app, dispatch)  # type: ignore[method-assign]
