"""gunicorn settings of the hosted command (``python -m scorekeeper hosted``) that its
command line cannot carry: read by gunicorn with ``--config python:scorekeeper.gunicorn_config``.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

SWITCH_INTERVAL = 0.0005
"""Seconds a worker's thread may run before handing the interpreter lock to a waiting one.

A request waits for the database several times (the access check, the session, the save, the
commit); each time the answer comes back, its thread must take the lock from a thread that is
computing, which by default gives it up only every 5 ms. Under ``bench/bench_load.py``
(2 workers x 4 threads, 50 saves and 100 polls a second on PostgreSQL), on the slower 2-core
machine of that round, a save's p95 went from 333-572 ms to 215-254 ms with 0.5 ms (and
0.1 ms), for the same CPU.
"""


def post_fork(server: Any, worker: Any) -> None:
    """In each new worker: hand the interpreter lock over sooner (``SWITCH_INTERVAL``)."""
    sys.setswitchinterval(SWITCH_INTERVAL)


def post_worker_init(worker: Any) -> None:
    """Once a worker has loaded the app: keep what it loaded out of the garbage collector's
    scans (``gc.freeze``). The app's start-up leaves some 180,000 objects for the first full
    collection, which otherwise falls on the worker's first requests: 100 to 350 ms of the
    first player's record read after a restart (``bench/bench_records.py``), 20 to 50 ms with
    them frozen."""
    gc.freeze()
