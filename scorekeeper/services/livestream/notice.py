"""The PostgreSQL notification that announces a session's new version: its channel and its
payload, ``'<table>:<session>:<version>'``, written by ``hub.announce`` and read by
``listen.Listener``, so both sides of it are said in one place."""

from __future__ import annotations

CHANNEL = "session_changed"
"""The PostgreSQL notification channel every version bump is announced on."""


def payload(table_id: int, session_id: int, version: int) -> str:
    """The notification's payload: ``'<table>:<session>:<version>'``."""
    return f"{table_id}:{session_id}:{version}"


def parse(payload: str) -> tuple[int, int] | None:
    """(session id, version) of a ``'<table>:<session>:<version>'`` payload; None if malformed."""
    parts = payload.split(":")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    return int(parts[1]), int(parts[2])
