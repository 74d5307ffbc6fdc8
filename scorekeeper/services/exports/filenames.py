"""The download name of a session's exports (PDF, CSV, JSON)."""

from __future__ import annotations

from ...web.templating import local_time
from ..sessions import LoadedSession


def export_filename(loaded: LoadedSession, extension: str) -> str:
    """``scorekeeper-2026-11-21-hoyle-session-4.pdf``: ASCII only, safe in a header."""
    created = loaded.row.created_at
    day = local_time(created).strftime("%Y-%m-%d") if created else "session"
    return f"scorekeeper-{day}-{loaded.options.system.value}-session-{loaded.row.id}.{extension}"
