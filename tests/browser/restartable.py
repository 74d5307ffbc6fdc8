"""A live server a browser test can stop and start again: the same app, database and port, as
when the table's Wi-Fi (or the laptop serving it) drops out and comes back.

Each connection carries one request (HTTP/1.0), so once ``stop`` returns nothing answers on
the port: no kept-alive connection goes on serving the browser behind the test's back.
"""

from __future__ import annotations

import threading

import threadserver
from flask import Flask
from pgcluster import free_port
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server


class OneRequestPerConnection(WSGIRequestHandler):
    """Close the connection after each answer."""

    protocol_version = "HTTP/1.0"


class RestartableServer:
    """``app`` served on 127.0.0.1 at one fixed port, in a background thread, stoppable."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: BaseWSGIServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        """True while the server answers."""
        return self._server is not None

    def start(self) -> None:
        """Serve again on the same port (the port is reused at once)."""
        if self._server is not None:
            return
        self._server = make_server(
            "127.0.0.1", self.port, self.app, threaded=True, request_handler=OneRequestPerConnection
        )
        self._thread = threadserver.start(self._server, "restartable_server")

    def stop(self) -> None:
        """Stop answering: a browser's requests are refused until ``start``."""
        if self._server is None:
            return
        if self._thread is not None:
            threadserver.stop(self._server, self._thread)
        self._server = self._thread = None
