"""A per-process memory of replayed sessions, so a page does not replay the whole evening.

Keyed by session id and checked against what the database says now: the session's random
token, game, first dealer and options (what a replay is of) and its version (bumped
atomically by every change). A session's seats and their names are fixed when it starts (a
player leaving is an event), so they need no checking. An entry at the session's version is
used as it is. An entry at an older version is caught up when every change since only added
events (the session's ``rewritten`` version is not after the entry's): the new events are
applied to a copy of it, as a table adds a hand to its score sheet. Anything else is replayed
from the stored inputs, so the memory can never show a figure the database does not hold;
several workers each keep their own.

Hosted mode runs several worker processes that share nothing but the database. Every request
reads the session's row, version included, from the database (``load_session``) before it
asks this memory, so a worker never shows figures older than the last save it can see, made
by whichever worker (tests/test_hosted_server.py saves through one gunicorn worker and reads
through the other).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules import holders
from ..rules.evening.session import Event, Replayer, SessionSetup, SessionState
from ..web.recent import Recent

if TYPE_CHECKING:
    from ..models import GameSession
    from .sessions import LoadedSession

MAX_SESSIONS = 64


@dataclass(frozen=True)
class Replayed:
    """A session's events as replayed, valid for one version of its stored inputs."""

    key: tuple  # what the replay is of: token, game, first dealer, options
    version: int  # the session's version the replay is of
    setup: SessionSetup
    players: dict[int, holders.Player]  # by id, in seat order
    events: tuple[Event, ...]
    hand_ids: tuple[int, ...]  # the stored row behind each event, by position
    replayer: Replayer  # never applied to again: callers work on a copy
    state: SessionState

    @classmethod
    def of(cls, loaded: LoadedSession) -> Replayed:
        """What the memory keeps of a loaded session, at its row's version."""
        return cls(
            replay_key(loaded.row), loaded.row.version, loaded.setup, loaded.players,
            tuple(loaded.events), tuple(loaded.hand_ids), loaded.replayer, loaded.state,
        )  # fmt: skip


def replay_key(row: GameSession) -> tuple:
    """What a remembered replay must be of: the session's random token (unique across
    databases), game, first dealer and options (seats and names never change)."""
    options = json.dumps(row.options, sort_keys=True)
    return (row.token, row.system, row.first_dealer_id, options)


_memory: Recent[int, Replayed] = Recent(MAX_SESSIONS)


def recall(session_id: int, key: tuple, version: int, rewritten: int) -> Replayed | None:
    """The remembered replay of a session at ``version``, or at an older version that
    events were only added to since (not before ``rewritten``), else None."""
    entry = _memory.get(session_id)
    if entry is None or entry.key != key or not rewritten <= entry.version <= version:
        return None
    return entry


def remember(session_id: int, entry: Replayed) -> None:
    """Keep a replay for later requests (the least recently used are forgotten); never in
    place of one of a later version."""
    _memory.put(
        session_id,
        entry,
        unless=lambda known: known.key == entry.key and known.version > entry.version,
    )


def forget(session_id: int | None = None) -> None:
    """Drop one session's replay, or all of them."""
    _memory.drop(session_id)
