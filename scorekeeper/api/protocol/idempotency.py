"""Idempotency-Key on every POST that creates (a session, an import, a hand, a player
leaving, a payment, a club night, a player added to one, a round paired): the same key with
the same body again makes nothing new and is answered 200 with what the first made; the same
key with another body is refused (422 ``idempotency-key-reused``), nothing made.

A hand's key and a player leaving's are kept per session on the event they saved; a payment's
per table on the payment; a session's and an import's per table on the session; a club
night's per table on the night, a player added's and a round's per night on them. Each key
lasts as long as what it made (a hand deleted frees its key).
"""

from __future__ import annotations

import hashlib

from flask import json
from pydantic import BaseModel

from ...services.created import RequestKey
from .codes import ProblemCode
from .problems import ApiProblem, FieldProblem


def request_key(key: str | None, operation: str, body: BaseModel | None) -> RequestKey | None:
    """``key`` with a digest of the ``operation`` and the body it came with (None: no key; an
    operation that takes no body, such as pairing a round, digests the operation alone)."""
    if key is None:
        return None
    sent = "" if body is None else body.model_dump(mode="json")
    sent = json.dumps(sent, sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{operation}\n{sent}".encode(), digest_size=32).hexdigest()
    return RequestKey(key, digest)


def key_reused(what: str) -> ApiProblem:
    """The problem of a key sent before with something else than ``what`` ("hand")."""
    return ApiProblem(
        422,
        ProblemCode.IDEMPOTENCY_KEY_REUSED,
        f"Idempotency-Key: this key was used for a different {what}; nothing was saved. "
        f"Use a new key for a new {what}.",
        [
            FieldProblem(
                field="Idempotency-Key", message=f"Idempotency-Key: used for another {what}."
            )
        ],
    )
