"""Reading a request's JSON body: the one loader every request body passes through, which
refuses an object naming the same key twice (``{"bid": 300, "bid": 350}``: which one did the
client mean?) instead of keeping the last, as Python's ``json`` does, and reads a whole number
written with a fraction or an exponent (``350.0``, ``3.5e2``) as the integer it is: JSON has
one kind of number and JSON Schema's ``integer`` is any number without a fractional part, so
such a number is what the document asks for wherever it asks for an integer (``350.5`` is not).

``BodyJsonProvider`` is the app's JSON provider, so ``request.get_json()``, which
flask-openapi3 calls to validate a body, reads with it; the API's gate (``scorekeeper.api``)
reads every body first and answers a repeated key as a problem naming it.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
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


def _number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent: the integer it is when it has no
    fractional part, told exactly (``Decimal``: ``1e29 + 0.5`` is no integer, though its
    nearest float is), otherwise a float. Only a number a float can hold becomes an integer,
    so ``1e999999999`` never becomes a billion digits."""
    value = float(text)
    if math.isfinite(value):
        exact = Decimal(text)
        if exact == exact.to_integral_value():
            return int(exact)
    return value


def loads(data: str | bytes) -> Any:
    """``data`` read as JSON, each object's keys named once (``DuplicateKey`` otherwise)."""
    return json.loads(data, object_pairs_hook=_unique, parse_float=_number)


class BodyJsonProvider(DefaultJSONProvider):
    """The app's JSON: written as Flask writes it, read by ``loads`` above, so
    ``request.get_json()`` reads whole numbers as integers and refuses a key named twice (it
    calls ``DuplicateKey`` a ``ValueError``, which it answers as unreadable JSON)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """``s`` read as JSON, each object's keys named once."""
        kwargs.setdefault("object_pairs_hook", _unique)
        kwargs.setdefault("parse_float", _number)
        return json.loads(s, **kwargs)
