"""Conditional requests: ETags on reads (answered 304 when unchanged), on hands (a replace
or delete must name the version it was based on) and on a session (a change of it may name
it), RFC 9110 sections 13.1.1-13.1.2. ``If-Match: *`` matches whatever version is current, as
the RFC says: the change is made even if another phone changed it first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from flask import Response, json, request
from pydantic import BaseModel

from .codes import ProblemCode
from .problems import ApiProblem


def quoted(tag: str) -> str:
    """A strong entity tag for ``tag``: ``"tag"``."""
    return f'"{tag}"'


def content_tag(body: object) -> str:
    """A strong entity tag from the JSON a response carries (changes whenever a byte does)."""
    digest = hashlib.blake2b(json.dumps(body, sort_keys=True).encode(), digest_size=12)
    return quoted(digest.hexdigest())


def unchanged(etag: str) -> bool:
    """True when the client already holds ``etag`` (``If-None-Match``, weak comparison)."""
    return request.if_none_match.contains_weak(etag.strip('"'))


def not_modified(etag: str) -> Response:
    """304 with the tag: the client's copy is current."""
    response = Response(status=304)
    response.headers["ETag"] = etag
    return response


def json_response(
    body: BaseModel | dict, status: int = 200, etag: str | None = None, **headers: str
) -> Response:
    """A JSON response; with ``etag`` it is tagged, and 304 when the client holds that tag."""
    data = body.model_dump(mode="json") if isinstance(body, BaseModel) else body
    if etag is not None and status == 200 and unchanged(etag):
        return not_modified(etag)
    response = Response(json.dumps(data), status=status, mimetype="application/json")
    if etag is not None:
        response.headers["ETag"] = etag
    response.headers.update(headers)
    return response


def rendered_response(body: str, etag: str) -> Response:
    """A JSON body rendered before, sent as ``json_response`` sends it."""
    response = Response(body, mimetype="application/json")
    response.headers["ETag"] = etag
    return response


def tagged(body: BaseModel) -> Response:
    """A read whose tag is worked out from its content: 304 when the client holds it."""
    data = body.model_dump(mode="json")
    return json_response(data, etag=content_tag(data))


def based_on(current: str) -> bool:
    """True when the client's ``If-Match`` names ``current`` (or is ``*``)."""
    return request.if_match.contains(current.strip('"'))


def stale_session(current: str) -> ApiProblem:
    """A change of a session based on a version that is not ``current``: 412."""
    return ApiProblem(
        412,
        ProblemCode.STALE_SESSION,
        "If-Match: this session was changed since you read it (a hand saved, its rules "
        "changed); nothing was changed. Read it again and make your change on it.",
        headers={"ETag": current},
    )


def optional_match(current: str, stale: Callable[[str], ApiProblem] = stale_session) -> None:
    """Refuse a change not based on ``current`` (a session's, by default) when the client
    names the version it read (``If-Match``): the 412 ``stale`` makes, with the current tag.
    Without it the change is made."""
    if request.headers.get("If-Match") and not based_on(current):
        raise stale(current)


def required_match(current: str, stale: dict | None = None) -> None:
    """Refuse a change not based on ``current``: 428 without ``If-Match``, 412 (with the
    current representation as ``current``) when the client's version is not the latest."""
    if not request.headers.get("If-Match"):
        raise ApiProblem(
            428,
            ProblemCode.VERSION_REQUIRED,
            "Send If-Match with the hand's ETag (read the hand first), so a change made on "
            "another phone is never overwritten.",
        )
    if not based_on(current):
        raise ApiProblem(
            412,
            ProblemCode.STALE_HAND,
            "This hand was changed on another phone since you read it; nothing was changed. "
            "The latest version is in 'current': make your change again on it.",
            headers={"ETag": current},
            current=stale,
        )
