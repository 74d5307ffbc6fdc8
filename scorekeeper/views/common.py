"""Helpers shared by the blueprints: the current table, loading a session, rule errors."""

from __future__ import annotations

from flask import abort, g

from ..models import Table
from ..services.sessions import LoadedSession, NotFound, load_session
from ..services.tables import default_table


def current_table() -> Table:
    """The table this request is for (one table per app until hosted mode)."""
    if "table" not in g:
        g.table = default_table()
    return g.table


def load_or_404(session_id: int) -> LoadedSession:
    """The session, replayed, or a 404 page."""
    try:
        return load_session(session_id, current_table())
    except NotFound:
        abort(404)
