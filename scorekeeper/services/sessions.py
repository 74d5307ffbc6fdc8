"""Sessions: create one, load one with its replayed state, list a table's sessions; change its
house rules, end or reopen it (each change recorded by ``changes.record_change``).

The only layer that touches both the database and the rules engine: rows are read, turned
into the engine's setup and events, and replayed; nothing derived is ever written back. Rows
are read and written through the unit of work's repository (``repository.current()``): the
database's, or a test's in memory.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import inspect

from ..models import AuditEntry, GameSession, Hand, Player, Table, utcnow
from ..rules import holders
from ..rules.errors import Checks, OptionError, Part, RuleError, SeatingError, Where
from ..rules.evening.session import (
    Event,
    HandRecord,
    Replayer,
    ReplayError,
    SessionSetup,
    SessionState,
)
from ..rules.game.options import OPTION_SPECS, Options
from ..web.optiontext import option_text
from . import replays
from .changes import Audit, Clash, ConflictError, record_change
from .entries import row_event
from .keyset import Page, Paged
from .notfound import NotFound
from .replays import Replayed, replay_key
from .repository import current
from .tables import clean_name


@dataclass
class LoadedSession:
    """A session row together with everything the engine derives from its stored inputs."""

    row: GameSession
    options: Options
    players: dict[int, holders.Player]  # by id, in seat order
    setup: SessionSetup
    events: list[Event]
    hand_ids: list[int]  # the stored row id behind each event, by position
    state: SessionState
    replayer: Replayer  # at the end of ``events``; copy it before applying anything

    def hand(self, number: int) -> HandRecord:
        """The replayed hand ``number`` (from 1); ``NotFound`` when the session has no such hand
        (the pages answer it with their 404 page, the API with its 404 problem)."""
        count = len(self.state.hands)
        if not 1 <= number <= count:
            raise NotFound(f"Session {self.row.id} has no hand {number}: it has {count}.")
        return self.state.hand(number)

    def event_row(self, position: int) -> Hand:
        """The stored row of the event at ``position``."""
        row = current().sessions.hand(self.hand_ids[position])
        if row is None:
            raise NotFound(f"No event {position + 1} in session {self.row.id}.")
        return row


def options_of(row: GameSession) -> Options:
    """The session's options as the engine's value."""
    return Options.from_dict({"system": row.system, **row.options})


def build_setup(row: GameSession) -> tuple[SessionSetup, dict[int, holders.Player]]:
    """The engine's setup for a session row, with its players by id in seat order."""
    players = {
        seat.player_id: holders.Player(seat.player_id, seat.player.name) for seat in row.seats
    }
    setup = SessionSetup(options_of(row), tuple(players.values()), players[row.first_dealer_id])
    return setup, players


def stored_events(
    session_id: int,
    players: Mapping[int, holders.Player],
    options: Options,
    after: int | None = None,
):
    """The session's events as stored, in order, with their row ids (four queries on the
    database); with ``after`` (a stored event's row id) only the events after that one."""
    hands = current().sessions.stored_hands(session_id, after)
    events = [row_event(h, players, options) for h in hands]
    return events, [h.id for h in hands]


def load_session(session_id: int, table: Table | None = None) -> LoadedSession:
    """Load a session and its replay; raises ``NotFound`` if it is not this table's.

    The replay is the one this worker remembers when the session has not changed since, or
    that one with the events added since; otherwise the whole session is replayed. On
    PostgreSQL each statement sees the latest commits, so what was read is checked against
    the session's version once more: a change committed meanwhile means reading it again.
    """
    uow = current()
    for _ in range(3):
        row = uow.sessions.session_row(session_id)
        if row is None or (table is not None and row.table_id != table.id):
            raise NotFound(f"No session {session_id}.")
        key = replay_key(row)
        known = replays.recall(row.id, key, row.version, row.rewritten)
        if known is not None and known.version == row.version:
            return _remembered(row, known)
        loaded = _caught_up(row, known) if known is not None else replay_stored(row)
        if uow.sessions.version_now(row.id) == row.version:
            break
    else:  # changed under every reading: show the last, and remember none of it
        return loaded
    entry = Replayed.of(loaded)
    # Remembered now, or, read in a transaction that has written, once that is committed.
    uow.after_commit(lambda: replays.remember(row.id, entry))
    return loaded


def _remembered(row: GameSession, known: Replayed) -> LoadedSession:
    return LoadedSession(
        row, known.setup.options, known.players, known.setup, list(known.events),
        list(known.hand_ids), known.state, known.replayer,
    )  # fmt: skip


def _caught_up(row: GameSession, known: Replayed) -> LoadedSession:
    """A remembered replay with the events stored after it applied to a copy."""
    last = known.hand_ids[-1] if known.hand_ids else None
    events, hand_ids = stored_events(row.id, known.players, known.setup.options, last)
    replayer = known.replayer.copy()
    for event in events:
        replayer.apply(event)
    return LoadedSession(
        row, known.setup.options, known.players, known.setup, [*known.events, *events],
        [*known.hand_ids, *hand_ids], replayer.state(), replayer,
    )  # fmt: skip


def replay_stored(row: GameSession) -> LoadedSession:
    """The whole session replayed from its stored inputs."""
    setup, players = build_setup(row)
    events, hand_ids = stored_events(row.id, players, setup.options)
    return replay_events(row, events, hand_ids, setup)


def replay_events(
    row: GameSession,
    events: Sequence[Event],
    hand_ids: Sequence[int],
    setup: SessionSetup | None = None,
) -> LoadedSession:
    """Replay a session with the given events (stored, or a proposed change) and setup."""
    stored_setup, players = build_setup(row)
    setup = setup or stored_setup
    replayer = Replayer(setup)
    for event in events:
        replayer.apply(event)
    return LoadedSession(
        row, setup.options, players, setup, list(events), list(hand_ids), replayer.state(),
        replayer,
    )  # fmt: skip


def audit_trail(session_id: int) -> list[AuditEntry]:
    """What changed in a session and when, newest first."""
    return current().sessions.audit_trail(session_id)


def list_sessions(table: Table) -> list[GameSession]:
    """The table's sessions, newest first, their seats and names read."""
    return current().sessions.table_sessions(table.id)


def session_page(table: Table, page: Page) -> Paged[GameSession]:
    """A page of the table's sessions, newest first."""
    return current().sessions.session_page(table.id, page)


def hand_counts(table: Table, session_ids: Collection[int] | None = None) -> dict[int, int]:
    """How many hands each of the table's sessions holds (of ``session_ids`` alone, when
    given)."""
    return current().sessions.hand_counts(table.id, session_ids)


def current_session(table: Table) -> GameSession | None:
    """The session to resume: the newest one not ended."""
    return current().sessions.current_session(table.id)


def create_session(
    table: Table,
    option_data: Mapping[str, Any],
    seat_names: Sequence[str],
    first_dealer: int,
    rules_name: str | None = None,
) -> GameSession:
    """Start a session: options checked, players seated clockwise, new names added to the roster.

    ``option_data`` is plain data in full points with a ``system`` key; ``first_dealer`` is a
    seat index; ``rules_name`` names the saved rules it is played under, if any (kept as it is
    now). Everything is checked before anything is written; the caller's unit of work
    commits it.
    """
    options, names = _checked_setup(option_data, seat_names, first_dealer)
    players = _roster_players(table, names)
    row = GameSession(
        table=table,
        system=options.system.value,
        options={k: v for k, v in options.to_dict().items() if k != "system"},
        first_dealer=players[first_dealer],
        rules_name=rules_name,
    )
    current().sessions.add_session(row, players)  # the seats in one statement
    under = f" under {rules_name}" if rules_name else ""
    summary = (
        f"Session started{under}: {options.system.label}, "
        f"{', '.join(p.name for p in players)}; {players[first_dealer].name} deals first."
    )
    started = _started(row, options, players, first_dealer)
    record_change(started, Audit("started", summary), new=True)
    inspect(row).info[STARTED] = (row.version, started)
    return row


STARTED = "scorekeeper.started"
"""Where a session row made by ``create_session`` keeps the session as started, with its
version then (``started_now``), for as long as the row object lives (this transaction's)."""


def _roster_players(table: Table, names: Sequence[str]) -> list[Player]:
    """The roster's players of ``names`` (tidied, each a different player), in order, those
    not on the roster added (flushed, not committed): the roster read in one query."""
    keys = [holders.name_key(name) for name in names]
    store = current().sessions
    found = store.players_named(table.id, keys)
    players = []
    added = []
    for name, key in zip(names, keys, strict=True):
        player = found.get(key)
        if player is None:
            player = Player(table=table, name=name)  # its name_key follows
            added.append(player)
        players.append(player)
    if added:
        store.add_players(added)
    return players


def _started(
    row: GameSession, options: Options, players: Sequence[Player], first_dealer: int
) -> LoadedSession:
    """The session ``row`` just started, as loading it would replay it, from the options and
    players already checked: nothing read or parsed again."""
    seated = {p.id: holders.Player(p.id, p.name) for p in players}
    setup = SessionSetup(options, tuple(seated.values()), seated[players[first_dealer].id])
    replayer = Replayer(setup)
    return LoadedSession(row, options, seated, setup, [], [], replayer.state(), replayer)


def started_now(row: GameSession) -> LoadedSession | None:
    """The session ``row`` as ``create_session`` started it in this transaction (its replay,
    not read or replayed again), while nothing has changed it since; else None."""
    found = inspect(row).info.get(STARTED)
    if found is None:
        return None
    version, started = found
    return started if row.version == version else None


def _checked_setup(
    option_data: Mapping[str, Any], seat_names: Sequence[str], first_dealer: int
) -> tuple[Options, list[str]]:
    """The options and the names seated, every problem with them refused at once (the
    options, each seat, the first dealer); a seat is placed by its index in ``seat_names``."""
    checks = Checks()
    options = checks.run(Options.from_dict, option_data)
    # every name tidied and checked before the first player is added, so two spellings of
    # one name ("Ann  Lee", "Ann Lee") are refused as one player seated twice
    seats = [seat for seat, name in enumerate(seat_names) if name and name.strip()]
    names = [
        checks.run(clean_name, seat_names[seat], Where(Part.PLAYERS, seat=seat)) for seat in seats
    ]
    if not 0 <= first_dealer < len(names):
        checks.add(SeatingError(Where(Part.FIRST_DEALER), "Choose who deals first."))
    elif options is not None and checks.passed:
        seated = [name for name in names if name is not None]
        try:
            SessionSetup(options, tuple(seated), seated[first_dealer]).check()
        except RuleError as error:
            for one in error.each:
                checks.add(_at_typed_seat(one, seats))
    checks.done()
    assert options is not None, "options that could not be read were a broken rule"
    return options, [name for name in names if name is not None]


def _at_typed_seat(error: RuleError, seats: Sequence[int]) -> RuleError:
    """``error`` with its seat (an index among the names seated) counted as typed: ``seats``
    holds the index typed of each name seated, blank seats skipped."""
    seat = error.where.seat
    if seat is None:
        return error
    return type(error)(replace(error.where, seat=seats[seat]), error.rule)


def update_options(loaded: LoadedSession, option_data: Mapping[str, Any]) -> list[str]:
    """Change the house rules of a running session; every hand is replayed under them.

    Refused, with nothing saved, if the options are invalid or a hand entered so far would
    break a rule under them. Returns the changes in words (empty when nothing changed).
    """
    options = Options.from_dict({**option_data, "system": loaded.options.system.value})
    setup = SessionSetup(options, loaded.setup.players, loaded.setup.first_dealer)
    setup.check()
    old, new = loaded.options.to_dict(), options.to_dict()
    changes = [
        f"{OPTION_SPECS[name].label}: {_shown(name, loaded.options)} → {_shown(name, options)}"
        for name, value in new.items()
        if name != "system" and old.get(name) != value
    ]
    if not changes:
        return []
    try:
        proposed = replay_events(loaded.row, loaded.events, loaded.hand_ids, setup)
    except ReplayError as error:
        raise OptionError(
            Where(Part.OPTION, hand=error.where.hand),
            f"Under these rules {error.rule[0].lower()}{error.rule[1:]} "
            "Correct that hand first, or keep the rules.",
        ) from error
    loaded.row.options = {k: v for k, v in new.items() if k != "system"}
    summary = "House rules changed: " + "; ".join(changes) + "."
    record_change(proposed, Audit("rules changed", summary, before=old, after=new))
    return changes


def _shown(name: str, options: Options) -> str:
    """An option's value in words, as the table writes it."""
    return option_text(name, getattr(options, name), options.scale)


def end_session(loaded: LoadedSession) -> None:
    """Mark a session ended (it can still be reopened)."""
    loaded.row.ended_at = utcnow()
    record_change(loaded, None, checked=False, rewrites=False)


def reopen_session(loaded: LoadedSession) -> None:
    """Take back the end of a session."""
    loaded.row.ended_at = None
    record_change(loaded, None, checked=False, rewrites=False)


def session_stamp(session_id: int, table: Table) -> str:
    """What changes whenever the session does, in one query (phones polling for changes): its
    random token, which no other session anywhere has, and its version."""
    found = current().sessions.stamp(session_id, table.id)
    if found is None:
        raise NotFound(f"No session {session_id}.")
    token, version = found
    return f"{token}-{version}"


def stamp_of(row: Any) -> str:
    """The stamp of a session row (or of its token and version read alone)."""
    return f"{row.token}-{row.version}"


__all__ = [
    "Clash",
    "ConflictError",
    "LoadedSession",
    "RuleError",
    "create_session",
    "current_session",
    "end_session",
    "list_sessions",
    "load_session",
    "replay_events",
    "replay_stored",
    "session_stamp",
    "stamp_of",
    "started_now",
]
