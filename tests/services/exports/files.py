"""A stored session exported as JSON data, as the import reads it."""

from __future__ import annotations

import json

from scorekeeper.services.exports.json_export import session_json
from scorekeeper.services.sessions import load_session


def exported(session_id: int) -> dict:
    """The session's JSON export, parsed."""
    return json.loads(session_json(load_session(session_id)))
