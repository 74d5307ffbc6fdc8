"""PostgreSQL's side of live sessions: one connection per worker process that ``LISTEN``s on
``session_changed`` and hands each notification to the process's ``hub.Hub``.

A thread of its own, started with the process's first stream, waits on psycopg's
``notifies()`` generator (which sleeps in ``select`` on the connection's socket, so it costs
nothing while the tables are quiet). Every ``PING`` seconds without a notification it asks the
server ``SELECT 1``, so a server restarted or a connection cut is noticed; it then connects
again every ``RECONNECT`` seconds until it can, or stops while no stream is open (the next
stream starts it again). Each time it (re)connects, it first listens and
then reads the version of every session the process's streams follow: whatever was committed
while it was not listening reaches them too.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import TYPE_CHECKING

import psycopg

from .notice import CHANNEL, parse

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger(__name__)

PING = 30.0
"""Seconds without a notification after which the connection is checked."""
RECONNECT = 1.0
"""Seconds between two attempts to connect again."""


class Listener:
    """The worker process's listening connection, in a daemon thread."""

    def __init__(self, hub: Hub, conninfo: str) -> None:
        self._hub = hub
        self._conninfo = conninfo
        self._pid = os.getpid()
        self._thread = threading.Thread(target=self._run, name="live-listener", daemon=True)
        self.listening = threading.Event()

    def start(self) -> None:
        """Start listening in the background."""
        self._thread.start()

    def alive(self) -> bool:
        """True while the thread runs in this process (a forked child needs its own)."""
        return self._pid == os.getpid() and self._thread.is_alive()

    def _run(self) -> None:
        warned = False
        while True:
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as conn:
                    warned = False
                    self._listen(conn)
            except psycopg.Error as error:
                if not warned:
                    log.warning("Live listener lost PostgreSQL (%s); connecting again.", error)
                warned = True
            self.listening.clear()
            if not self._hub.watched():
                return  # nobody listens: the next stream starts a listener again
            time.sleep(RECONNECT)

    def _listen(self, conn: psycopg.Connection) -> None:
        conn.execute(f"LISTEN {CHANNEL}")
        self._catch_up(conn)
        self.listening.set()
        while True:
            for note in conn.notifies(timeout=PING):
                found = parse(note.payload)
                if found is not None:
                    self._hub.publish(*found)
            conn.execute("SELECT 1")

    def _catch_up(self, conn: psycopg.Connection) -> None:
        """Publish the version of every session followed here, as committed now."""
        watched = self._hub.watched()
        if not watched:
            return
        rows = conn.execute(
            "SELECT id, version FROM sessions WHERE id = ANY(%s)", (watched,)
        ).fetchall()
        for session_id, version in rows:
            self._hub.publish(session_id, version)
