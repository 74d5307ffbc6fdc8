"""Reading a live stream (``GET /api/v1/sessions/{id}/events``) in tests: a thread takes each
piece the server writes, in the order written, and the test waits for the next one.

A test that has read what it checks ``leave``s the stream rather than waiting for the end of
its ``?timeout=`` (``rest``): the reader closes it when the server ends it, in the background.
"""

from __future__ import annotations

import queue
import threading
import time

from werkzeug.test import TestResponse

END = object()


class Listening:
    """A stream being read in the background: ``next()`` is the next piece the server wrote
    (an event, a comment, the retry line), or ``END`` once the stream ended."""

    def __init__(self, response: TestResponse) -> None:
        self.response = response
        self._pieces: queue.Queue[object] = queue.Queue()
        self._left = False
        self._ended = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for piece in self.response.response:
                self._pieces.put(piece.decode() if isinstance(piece, bytes) else piece)
        finally:
            self._pieces.put(END)
            with self._lock:
                self._ended = True
                left = self._left
            if left:
                self.response.close()

    def next(self, timeout: float = 5.0) -> object:
        """The next piece written within ``timeout`` seconds (``queue.Empty`` if none)."""
        return self._pieces.get(timeout=timeout)

    def next_timed(self, timeout: float = 5.0) -> tuple[object, float]:
        """The next piece and the seconds it took to come."""
        start = time.monotonic()
        piece = self.next(timeout)
        return piece, time.monotonic() - start

    def rest(self, timeout: float = 10.0) -> list[object]:
        """Every piece until the stream ends (a stream opened with ``?timeout=``)."""
        pieces = []
        while (piece := self.next(timeout)) is not END:
            pieces.append(piece)
        self.response.close()
        return pieces

    def leave(self) -> None:
        """Stop reading, as a phone that goes away, without waiting for the stream's
        ``?timeout=``: the stream is closed once the server ends it (at once if it has)."""
        with self._lock:
            self._left = True
            ended = self._ended
        if ended:
            self.response.close()


def version_event(version: int) -> str:
    """The event the stream sends for ``version``, as the API documents it."""
    return f'id: {version}\nevent: version\ndata: {{"version": {version}}}\n\n'
