"""Response headers in the API document: which answers carry an ETag, a Location, a
Retry-After, a WWW-Authenticate or a Link (OpenAPI 3.1 Response Object ``headers``), so a
client made from the document knows to read them; and the links from an answer to the next
requests (``links``).

flask-openapi3 takes a response's headers from its model's ``openapi_extra``; one model serves
answers with different headers (a hand read, saved or refused as stale), so ``with_headers``
makes a subclass that differs only in what it documents: same fields, same description, same
schema name, so the document still has one schema for it.
"""

from __future__ import annotations

import functools
from typing import Any

from flask_openapi3.types import ResponseDict
from pydantic import BaseModel

from .links import LINKS

HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {
        "description": "The version of what was answered: send it as If-None-Match to poll "
        "(304 while unchanged) and, for a hand, as If-Match to correct or delete it.",
        "schema": {"type": "string"},
    },
    "Location": {
        "description": "The address of what was created (or found again for a repeated key).",
        "schema": {"type": "string", "format": "uri-reference"},
    },
    "Retry-After": {
        "description": "Seconds to wait before sending the same request again.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "WWW-Authenticate": {
        "description": 'The scheme to send a token with: Bearer realm="scorekeeper".',
        "schema": {"type": "string"},
    },
    "Link": {
        "description": "The next page (RFC 8288): <its whole address, with the same limit>; "
        'rel="next". Sent while there is a next page; the last page has none.',
        "schema": {"type": "string"},
    },
}

SOMETIMES = frozenset({"Link"})
"""Headers only some answers of an operation carry (the last page has no next page)."""


def declared(*names: str) -> dict[str, dict[str, Any]]:
    """The Header Objects of ``names``, each sent with every such answer (but ``SOMETIMES``)."""
    return {name: {**HEADERS[name], "required": name not in SOMETIMES} for name in names}


@functools.cache
def with_headers(model: type[BaseModel], *names: str, links: str | None = None) -> type[BaseModel]:
    """``model`` documented as an answer that carries the headers ``names``, and with
    ``links`` (a name in ``links.LINKS``) the operations its values lead to."""
    config: dict[str, Any] = dict(model.model_config)
    extra = dict(config.get("openapi_extra") or {})
    if names:
        extra["headers"] = declared(*names)
    if links is not None:
        extra["links"] = LINKS[links]
    config["openapi_extra"] = extra
    config["title"] = config.get("title") or model.__name__
    namespace = {"__doc__": model.__doc__, "__module__": model.__module__, "model_config": config}
    return type(model.__name__, (model,), namespace)


def made_once(model: type[BaseModel], *names: str, links: str | None = None) -> ResponseDict:
    """The answers of a POST that makes something once per Idempotency-Key, each carrying the
    headers ``names`` (and ``links``): 201 when it is made, 200 when the same key made it
    before."""
    answer = with_headers(model, *names, links=links)
    return {201: answer, 200: answer}


def not_modified_answer(*names: str) -> dict[str, Any]:
    """A 304 answer (no body) that carries the headers ``names``."""
    return {
        "description": "Not Modified: the version sent as If-None-Match is still current.",
        "headers": declared(*names),
    }


def tagged_read(model: type[BaseModel], links: str | None = None) -> ResponseDict:
    """The answers of a read tagged with an ETag: 200 with ``model`` (and ``links``), 304
    when unchanged."""
    return {200: with_headers(model, "ETag", links=links), 304: not_modified_answer("ETag")}
