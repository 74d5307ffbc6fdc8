"""Who may do what: the one gate every page and API request passes.

Today's mode is one table served on its own network: anyone who can reach the app may read
and change everything, as at the table itself. ``API_TOKEN`` (a setting) closes the API's
writing routes to scripts without it: a request carrying ``Authorization: Bearer <token>``
may write, any other may read. Hosted mode (many private tables) decides the table and the
grant from a member's or watcher's token in ``table_and_grant``, so every route is covered.
"""

from __future__ import annotations

import enum
import hmac
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, current_app, g, request

from .services.tables import Table, default_table, table_to_read

V = TypeVar("V", bound=Callable[..., Any])
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
API_PREFIX = "/api/"


class Grant(enum.IntEnum):
    """What a request may do, in increasing order."""

    NONE = 0
    READ = 1
    WRITE = 2


class AccessDenied(Exception):
    """A request without the grant it needs; ``code`` says why, for the API's problem."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or None when none is sent."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AccessDenied("invalid-token", "Authorization must be 'Bearer <token>'.")
    return token.strip()


def request_grant() -> Grant:
    """What this request may do. Pages: WRITE, as at the table. The API: WRITE for everyone
    at an open table; with ``API_TOKEN`` set, WRITE with that bearer token and READ without
    it. A wrong token is refused outright."""
    if not request.path.startswith(API_PREFIX):
        return Grant.WRITE
    required = current_app.config.get("API_TOKEN")
    token = bearer_token()
    if not required:
        return Grant.WRITE
    if token is None:
        return Grant.READ
    if hmac.compare_digest(token.encode(), str(required).encode()):
        return Grant.WRITE
    raise AccessDenied("invalid-token", "That API token is not this table's.")


def reads_only(view: V) -> V:
    """Mark a view that changes nothing whatever its method (a calculator taking a POST body),
    so a reader may use it."""
    view.reads_only = True  # type: ignore[attr-defined]
    return view


def needed_grant() -> Grant:
    """READ for a GET, HEAD or OPTIONS, or a view marked ``reads_only``; WRITE for anything
    that may change data."""
    if request.method in READING_METHODS:
        return Grant.READ
    view = current_app.view_functions.get(request.endpoint or "")
    return Grant.READ if getattr(view, "reads_only", False) else Grant.WRITE


def check_request() -> None:
    """Before every request, pages and API alike: refuse one that may not do what it asks
    (``AccessDenied``); remember its grant in ``g.grant``."""
    grant = request_grant()
    if grant < needed_grant():
        raise AccessDenied(
            "token-required", "Changing data through the API needs the table's API token."
        )
    g.grant = grant


def current_table() -> Table:
    """The table this request is for (one table per app until hosted mode).

    A GET or HEAD only reads: before anything was saved it sees an empty, unsaved table. A
    request that may save gets the stored table, added by the first save that needs it.
    """
    if "table" not in g:
        g.table = table_to_read() if request.method in ("GET", "HEAD") else default_table()
    return g.table


def init_app(app: Flask) -> None:
    """Put the gate before every request of ``app``."""
    app.before_request(check_request)
