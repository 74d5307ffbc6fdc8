"""A server the tests run in a background thread of their own process, stopped at once.

``socketserver``'s loop looks for ``shutdown()`` only between waits of ``poll_interval``
(0.5 s by default), and ``shutdown()`` waits for it: stopping a live server took a browser
test 0.45 s of its teardown, doing nothing (a minute of the suite's workers' time over the
browser tests). ``start`` runs the loop with a wait of ``POLL`` s instead; ``stop`` shuts it
down and closes its socket. The standard library only (``tests/conftest.py`` imports it).
"""

from __future__ import annotations

import socketserver
import threading

POLL = 0.02
"""How long the server's loop waits for a request before it looks for ``shutdown()`` again:
stopping waits at most this long (an idle loop wakes 50 times a second, nothing to measure)."""


def start(server: socketserver.BaseServer, name: str = "test_server") -> threading.Thread:
    """Serve ``server``'s requests in a daemon thread until ``stop``; the thread."""
    thread = threading.Thread(target=server.serve_forever, args=(POLL,), name=name, daemon=True)
    thread.start()
    return thread


def stop(server: socketserver.BaseServer, thread: threading.Thread) -> None:
    """Stop serving (within ``POLL`` s), close the listening socket and let the thread end."""
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
