"""Reading a request's JSON body: the one loader every request body passes through, which
refuses an object naming the same key twice (``{"bid": 300, "bid": 350}``: which one did the
client mean?) instead of keeping the last, as Python's ``json`` does.

``BodyJsonProvider`` is the app's JSON provider, so ``request.get_json()``, which
flask-openapi3 calls to validate a body, reads with it; the API's gate (``scorekeeper.api``)
reads every body first and answers a repeated key as a problem naming it.
"""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


class DuplicateKey(ValueError):
    """A JSON object names ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key '{key}' appears twice in one object")
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members as a dict, refusing a key named twice."""
    members: dict[str, Any] = {}
    for key, value in pairs:
        if key in members:
            raise DuplicateKey(key)
        members[key] = value
    return members


def loads(data: str | bytes) -> Any:
    """``data`` read as JSON, each object's keys named once (``DuplicateKey`` otherwise)."""
    return json.loads(data, object_pairs_hook=_unique)


class BodyJsonProvider(DefaultJSONProvider):
    """The app's JSON: written as Flask writes it, read by ``loads`` above, so
    ``request.get_json()`` refuses a key named twice (it calls ``DuplicateKey`` a
    ``ValueError``, which it answers as unreadable JSON)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """``s`` read as JSON, each object's keys named once."""
        kwargs.setdefault("object_pairs_hook", _unique)
        return json.loads(s, **kwargs)
