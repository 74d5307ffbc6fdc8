"""One way to record a change to a session: bump its version, write its audit entry, store
its count for players' records, and remember its replay once the change is committed.

Every change to a session is written by its own service (a hand saved, edited or deleted and
a player leaving in ``hands``; a session started, its house rules changed, ended or reopened
in ``sessions``; a session imported in ``exports.imports``) and then recorded here, in the
same transaction, by ``record_change``. Its four steps, and why each:

1. The session's version goes up by one (``bump``), by an atomic UPDATE in the same
   transaction. Open phones poll the version to know when to refresh and the API's ETags carry
   it, so nothing changes without it moving; the new version is announced to the phones
   listening to the session once the transaction commits (``live.announce``). A change
   worked out from the session as loaded is *checked*: if the version moved by more than
   one, someone else's change was saved since (another worker, whose commit this update
   waited for on PostgreSQL), the change stands on figures that are no longer the session's,
   and it is refused (``ConflictError``). A change
   that can alter what is stored already (an edit, a deletion, house rules) also *rewrites*:
   a replay remembered before it must start again, where one remembered before a change that
   only adds events catches up by applying them (``services.replays``). A new session (started
   or imported) is at its first version: there is nothing to bump.
2. The audit entry (``AuditEntry``) is written: the session's history of what changed and
   when, with the entry before and after. Ending and reopening a session write none.
3. The session's count for players' records is stored (``session_tallies``: a cache keyed
   by the version, so the first record read after a restart replays nothing), unless another
   change came in between.
4. The replay of the session after the change is remembered, but only once the transaction
   has committed (``unit_of_work.after_commit``): the memory must never show a figure the
   database does not hold, and a change refused or rolled back leaves no trace in it. When the
   version moved by more than one, another change came in between that this replay does not
   include, so the session's replay is forgotten instead.

Everything is written and flushed here through the unit of work's repository
(``repository.current().sessions``), never committed: the request's unit of work commits it
(see ``unit_of_work``).
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..models import AuditEntry, GameSession
from . import replays
from .replays import Replayed
from .repository import current

if TYPE_CHECKING:
    from .sessions import LoadedSession


class Clash(enum.Enum):
    """What a change ran into, so that nothing of it was saved."""

    SESSION = "session"  # another phone changed the session at the same moment
    NEXT_HAND = "next_hand"  # the next hand is no longer the one the change was made for
    RENUMBERED = "renumbered"  # another hand has the number the change was made for
    VERSION = "version"  # the hand was changed since it was opened
    LATER_HAND = "later_hand"  # the change would break a later hand


class ConflictError(Exception):
    """The session changed under the change (another phone saved first), or the change would
    break a later hand: nothing is saved. ``clash`` says which, ``message`` says it in words."""

    def __init__(self, clash: Clash, message: str) -> None:
        super().__init__(message)
        self.clash = clash
        self.message = message

    def __str__(self) -> str:
        return self.message


SESSION_CHANGED = (
    "Another phone changed this session at the same moment, so nothing was saved. Check the "
    "figures and make your change again."
)


@dataclass(frozen=True)
class Audit:
    """A change's entry in the session's history: what was done, in words, and to which hand."""

    action: str  # added | edited | deleted | undone | left | rules changed | started | imported
    summary: str
    hand_id: int | None = None  # kept after the hand is deleted
    hand_number: int | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


def record_change(
    after: LoadedSession,
    audit: Audit | None,
    *,
    checked: bool = True,
    rewrites: bool = True,
    new: bool = False,
) -> None:
    """Record a change already written to ``after``'s session: bump its version (``checked``,
    ``rewrites``: see ``bump``; not for a ``new`` session), write ``audit``, store the
    session's count for players' records, and remember ``after`` (the session with the
    change) once the transaction commits."""
    row = after.row
    store = current().sessions
    alone = True  # no other change came in between: ``after`` is the session now
    if not new:
        before = row.version
        bump(row, checked, rewrites)
        alone = row.version == before + 1
    if audit is not None:
        store.add_audit(AuditEntry(session_id=row.id, **asdict(audit)))
    if alone:
        store.store_tally(row, after.state, adds_only=not new and not rewrites)
    _remember_after_commit(after, alone)


def bump(row: GameSession, checked: bool = True, rewrites: bool = True) -> int:
    """Mark a session changed (atomically, in the same transaction) so open phones refresh.

    ``checked`` (the default): the change was worked out from the session as loaded, so if
    anything else was saved to it since (another worker, on PostgreSQL, whose commit this
    update waited for), it is a ``ConflictError`` (``Clash.SESSION``) and the caller's
    transaction is rolled back by the request; only a change that does not depend on the
    hands (ending a session) passes ``checked=False``.

    ``rewrites`` (the default): the change can alter what is stored already (an edit, a
    deletion, house rules), so remembered replays must start again; a change that only adds
    an event or ends or reopens the session passes ``rewrites=False`` and a remembered replay
    catches up by applying the new events (``services.replays``).
    """
    loaded = row.version
    store = current().sessions
    version = store.bump_version(row, rewrites)
    if checked and version != loaded + 1:
        raise ConflictError(Clash.SESSION, SESSION_CHANGED)
    store.announce(row, version)
    return version


def _remember_after_commit(after: LoadedSession, alone: bool) -> None:
    """Keep a change's replay once the transaction commits if no other change came in between
    (``alone``: the version moved by exactly one); otherwise forget the session's replay. The
    entry is made now, as the commit expires the row and reading it again would cost a query."""
    session_id = after.row.id
    if not alone:
        replays.forget(session_id)
        return
    entry = Replayed.of(after)
    current().after_commit(lambda: replays.remember(session_id, entry))


__all__ = ["SESSION_CHANGED", "Audit", "Clash", "ConflictError", "record_change"]
