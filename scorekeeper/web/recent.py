"""A worker's memory of the values it used last, by key (least recently used forgotten first),
safe across the worker's threads: the replayed sessions (``services.replays``) and the
standings already rendered (``api.sessions``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` values by key; the one used longest ago goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V, unless: Callable[[V], bool] | None = None) -> None:
        """Keep ``value`` for ``key``, unless the value kept now passes ``unless``."""
        with self._lock:
            known = self._values.get(key)
            if known is not None and unless is not None and unless(known):
                return
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def drop(self, key: K | None = None) -> None:
        """Forget the value of ``key``, or every value."""
        with self._lock:
            if key is None:
                self._values.clear()
            else:
                self._values.pop(key, None)

    def snapshot(self) -> dict[K, V]:
        """A copy of what is kept, by key."""
        with self._lock:
            return dict(self._values)
