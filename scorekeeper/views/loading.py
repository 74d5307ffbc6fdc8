"""Loading the session a page is about, for the current table."""

from __future__ import annotations

from ..access import current_table
from ..services.sessions import LoadedSession, load_session


def load_or_404(session_id: int) -> LoadedSession:
    """The session, replayed; one not this table's raises ``NotFound``, which the pages answer
    with their 404 page (``errorhandlers``), as they answer a hand the session does not have."""
    return load_session(session_id, current_table())
