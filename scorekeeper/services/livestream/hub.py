"""Live sessions: a session's new version reaches every phone listening to it at once.

Every change to a session bumps its version (``changes.bump``), which calls ``announce`` in
the same transaction. How the news travels:

- **PostgreSQL** (hosted, several worker processes): ``announce`` runs
  ``NOTIFY session_changed, '<table>:<session>:<version>'`` inside the change's transaction.
  PostgreSQL delivers a notification only once its transaction has committed, and never if it
  rolls back (a conflict, a retry after a collision), so a phone is never told of a version
  whose data it cannot read yet. Each worker process holds one listening connection
  (``listen.Listener``, a thread started with the first stream) that hands every
  notification to the process's ``Hub``.
- **SQLite** (the laptop's table: one process): ``announce`` hands the version to the
  process's ``Hub`` with ``unit_of_work.after_commit``, so again only once it is committed.

The ``Hub`` (one per app, in ``app.extensions``) keeps, per session somebody listens to, the
latest version known and a condition its streams wait on: a new version wakes that session's
streams only. A stream is opened before the session's version is read from the database, so
no change committed in between is missed. A process holds at most ``LIVE_STREAMS`` streams at
once (each holds one of the server's threads while it waits): one more is refused
(``StreamsFull``) and the phone falls back to asking every few seconds.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flask import Flask, current_app
from sqlalchemy import func, make_url, select

from ...extensions import db
from ...models import GameSession
from .. import unit_of_work
from ..notfound import NotFound
from .notice import CHANNEL, payload

if TYPE_CHECKING:
    from ..tables import Table

EXTENSION = "scorekeeper.live"
DEFAULT_STREAMS = 64
"""Streams one process holds at once unless ``LIVE_STREAMS`` says otherwise: a laptop's
table and its watchers, many times over."""
DEFAULT_HEARTBEAT = 15.0
"""Seconds between two heartbeats (``: keep-alive``) of an idle stream (``LIVE_HEARTBEAT``):
under the 60 s after which nginx and most proxies close a silent connection, and often
enough that a phone gone for good is noticed (its next write fails) within that time."""


class StreamsFull(Exception):
    """This process holds as many streams as it may (``LIVE_STREAMS``)."""


@dataclass
class _Watched:
    """A session somebody listens to: its latest version known, and who waits for the next."""

    condition: threading.Condition
    version: int = 0
    streams: int = 0


@dataclass
class Hub:
    """One process's listeners, by session: wakes a session's streams when its version moves."""

    limit: int = DEFAULT_STREAMS
    conninfo: str | None = None  # PostgreSQL: where the listener connects
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _sessions: dict[int, _Watched] = field(default_factory=dict)
    _open: int = 0
    _listener: object | None = None

    def open(self, session_id: int) -> Stream:
        """Listen to ``session_id`` (``StreamsFull`` when this process holds its limit)."""
        with self._lock:
            if self._open >= self.limit:
                raise StreamsFull(f"This server holds {self.limit} live streams already.")
            self._open += 1
            watched = self._sessions.get(session_id)
            if watched is None:
                watched = self._sessions[session_id] = _Watched(threading.Condition(self._lock))
            watched.streams += 1
        if self.conninfo is not None:
            self._ensure_listener()
        return Stream(self, session_id, watched)

    def publish(self, session_id: int, version: int) -> None:
        """``session_id`` is at ``version`` now: wake its streams (an older version is
        ignored, and so is a session nobody listens to)."""
        with self._lock:
            watched = self._sessions.get(session_id)
            if watched is not None and version > watched.version:
                watched.version = version
                watched.condition.notify_all()

    def watched(self) -> list[int]:
        """The sessions somebody listens to in this process."""
        with self._lock:
            return list(self._sessions)

    @property
    def open_streams(self) -> int:
        """How many streams this process holds."""
        return self._open

    def _close(self, session_id: int, watched: _Watched) -> None:
        with self._lock:
            self._open -= 1
            watched.streams -= 1
            if watched.streams == 0 and self._sessions.get(session_id) is watched:
                del self._sessions[session_id]

    def _ensure_listener(self) -> None:
        from .listen import Listener

        with self._lock:
            if not isinstance(self._listener, Listener) or not self._listener.alive():
                assert self.conninfo is not None
                self._listener = Listener(self, self.conninfo)
                self._listener.start()


class Stream:
    """One phone listening to one session (close it when the phone goes)."""

    def __init__(self, hub: Hub, session_id: int, watched: _Watched) -> None:
        self._hub = hub
        self.session_id = session_id
        self._watched = watched
        self._closed = False

    def wait(self, after: int, timeout: float) -> int | None:
        """The session's version once it is past ``after``; None if ``timeout`` seconds pass
        first."""
        watched = self._watched
        with watched.condition:
            if watched.condition.wait_for(lambda: watched.version > after, timeout):
                return watched.version
            return None

    def close(self) -> None:
        """Stop listening (once)."""
        if not self._closed:
            self._closed = True
            self._hub._close(self.session_id, self._watched)


def init_app(app: Flask) -> None:
    """Give ``app`` its hub: PostgreSQL's listener where the database is PostgreSQL."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    conninfo = None
    if url.get_backend_name() == "postgresql":
        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    limit = int(app.config.get("LIVE_STREAMS", DEFAULT_STREAMS))
    app.extensions[EXTENSION] = Hub(limit=limit, conninfo=conninfo)


def hub() -> Hub:
    """The current app's hub."""
    found: Hub = current_app.extensions[EXTENSION]
    return found


def heartbeat() -> float:
    """Seconds between two heartbeats of an idle stream (``LIVE_HEARTBEAT``)."""
    return float(current_app.config.get("LIVE_HEARTBEAT") or DEFAULT_HEARTBEAT)


def announce(table_id: int, session_id: int, version: int) -> None:
    """Tell every stream of ``session_id`` that it is at ``version``, once (and only if) the
    current transaction commits."""
    if db.session.get_bind().dialect.name == "postgresql":
        notice = payload(table_id, session_id, version)
        db.session.execute(select(func.pg_notify(CHANNEL, notice)))
    else:
        found = hub()
        unit_of_work.after_commit(lambda: found.publish(session_id, version))


def open_stream(session_id: int, table: Table) -> tuple[Stream, int]:
    """Listen to ``session_id`` of ``table``: the stream and the session's version now
    (``NotFound`` when the table has no such session, ``StreamsFull``)."""
    stream = hub().open(session_id)
    try:  # read after listening, so nothing committed in between is missed
        version = db.session.execute(
            select(GameSession.version).where(
                GameSession.id == session_id, GameSession.table_id == table.id
            )
        ).scalar()
    except BaseException:
        stream.close()
        raise
    if version is None:
        stream.close()
        raise NotFound(f"No session {session_id}.")
    hub().publish(session_id, version)
    return stream, version


__all__ = [
    "Hub",
    "Stream",
    "StreamsFull",
    "announce",
    "heartbeat",
    "hub",
    "init_app",
    "open_stream",
]
