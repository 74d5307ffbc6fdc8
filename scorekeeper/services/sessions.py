"""Sessions: create one, load one with its replayed state, list a table's sessions; change its
house rules, end or reopen it (each change recorded by ``changes.record_change``).

The only layer that touches both the database and the rules engine: rows are read, turned
into the engine's setup and events, and replayed; nothing derived is ever written back.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

from sqlalchemy import func, insert, inspect, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import (
    AuditEntry,
    GameSession,
    Hand,
    HandBid,
    HandMeld,
    HandTake,
    Player,
    Seat,
    Table,
    utcnow,
)
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
from . import replays, unit_of_work
from .changes import Audit, Clash, ConflictError, record_change
from .entries import row_event
from .keyset import Page, Paged, keyset, page_of
from .notfound import NotFound
from .replays import Replayed, replay_key
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
        row = db.session.get(Hand, self.hand_ids[position])
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


def _session_row(session_id: int) -> GameSession | None:
    """The session's row as the database holds it now: read again even when this request
    has loaded it before (``populate_existing``), so its version is never an old one. Its
    seats are loaded when asked for (a replay remembered already has them)."""
    return db.session.scalar(
        select(GameSession)
        .where(GameSession.id == session_id)
        .execution_options(populate_existing=True)
    )


def _version_now(session_id: int) -> int | None:
    return db.session.scalar(select(GameSession.version).where(GameSession.id == session_id))


def stored_events(
    session_id: int,
    players: Mapping[int, holders.Player],
    options: Options,
    after: int | None = None,
):
    """The session's events from the database, in order, with their row ids (four
    queries); with ``after`` (a stored event's row id) only the events after that one."""
    columns = (
        Hand.id, Hand.kind, Hand.outcome, Hand.declarer_id, Hand.bid, Hand.trump, Hand.takeover,
        Hand.reneger_id, Hand.declarer_tricks, Hand.last_trick_id, Hand.player_id,
    )  # fmt: skip
    which = [Hand.session_id == session_id]
    if after is not None:
        which.append(Hand.seq > select(Hand.seq).where(Hand.id == after).scalar_subquery())
    hands = db.session.execute(select(*columns).where(*which).order_by(Hand.seq)).all()
    if not hands:
        return [], []
    melds = _by_hand(which, HandMeld, "player_id", "mode", "entry")
    takes = _by_hand(which, HandTake, "player_id", "taken")
    bids = _by_hand(which, HandBid, "player_id", "bid")
    events = []
    for h in hands:
        view = SimpleNamespace(
            **h._mapping,
            melds=melds.get(h.id, []),
            takes=takes.get(h.id, []),
            bids=bids.get(h.id, []),
        )
        events.append(row_event(view, players, options))  # type: ignore[arg-type]
    return events, [h.id for h in hands]


def _by_hand(
    which: list, model: type[HandMeld | HandTake | HandBid], *names: str
) -> dict[int, list]:
    """One kind of a hand's rows (melds, takes, own bids) of the hands ``which`` picks, their
    columns ``names``, by hand id in the order they were entered."""
    found: dict[int, list] = {}
    columns = [getattr(model, name) for name in names]
    query = select(model.hand_id, *columns).join(Hand).where(*which).order_by(model.id)
    for row in db.session.execute(query):
        found.setdefault(row.hand_id, []).append(row)
    return found


def load_session(session_id: int, table: Table | None = None) -> LoadedSession:
    """Load a session and its replay; raises ``NotFound`` if it is not this table's.

    The replay is the one this worker remembers when the session has not changed since, or
    that one with the events added since; otherwise the whole session is replayed. On
    PostgreSQL each statement sees the latest commits, so what was read is checked against
    the session's version once more: a change committed meanwhile means reading it again.
    """
    for _ in range(3):
        row = _session_row(session_id)
        if row is None or (table is not None and row.table_id != table.id):
            raise NotFound(f"No session {session_id}.")
        key = replay_key(row)
        known = replays.recall(row.id, key, row.version, row.rewritten)
        if known is not None and known.version == row.version:
            return _remembered(row, known)
        loaded = _caught_up(row, known) if known is not None else replay_stored(row)
        if _version_now(row.id) == row.version:
            break
    else:  # changed under every reading: show the last, and remember none of it
        return loaded
    entry = Replayed.of(loaded)
    # Remembered now, or, read in a transaction that has written, once that is committed.
    unit_of_work.after_commit(lambda: replays.remember(row.id, entry))
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
    return list(
        db.session.scalars(
            select(AuditEntry)
            .where(AuditEntry.session_id == session_id)
            .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        )
    )


NEWEST_FIRST = (GameSession.created_at, GameSession.id)
"""The order of a table's sessions (descending): newest first."""


def _table_sessions(table: Table):
    return (
        select(GameSession)
        .where(GameSession.table_id == table.id)
        .options(selectinload(GameSession.seats).selectinload(Seat.player))
    )


def list_sessions(table: Table) -> list[GameSession]:
    """The table's sessions, newest first."""
    query = keyset(_table_sessions(table), NEWEST_FIRST, None, descending=True)
    return list(db.session.scalars(query))


def session_page(table: Table, page: Page) -> Paged[GameSession]:
    """A page of the table's sessions, newest first."""
    return page_of(_table_sessions(table), NEWEST_FIRST, page, descending=True)


def hand_counts(table: Table, session_ids: Collection[int] | None = None) -> dict[int, int]:
    """How many hands each of the table's sessions holds (of ``session_ids`` alone, when
    given)."""
    query = (
        select(Hand.session_id, func.count(Hand.id))
        .join(GameSession)
        .where(GameSession.table_id == table.id, Hand.kind == "hand")
        .group_by(Hand.session_id)
    )
    if session_ids is not None:
        query = query.where(Hand.session_id.in_(session_ids))
    return {sid: n for sid, n in db.session.execute(query)}


def current_session(table: Table) -> GameSession | None:
    """The session to resume: the newest one not ended."""
    return db.session.scalar(
        select(GameSession)
        .where(GameSession.table_id == table.id, GameSession.ended_at.is_(None))
        .order_by(GameSession.created_at.desc(), GameSession.id.desc())
        .limit(1)
    )


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
    db.session.add(row)
    db.session.flush()
    seats = [
        {"session_id": row.id, "player_id": p.id, "position": i} for i, p in enumerate(players)
    ]
    db.session.execute(insert(Seat), seats)  # in one statement (row.seats is read when asked)
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
    found = {
        player.name_key: player
        for player in db.session.scalars(
            select(Player).where(Player.table_id == table.id, Player.name_key.in_(keys))
        )
    }
    players = []
    for name, key in zip(names, keys, strict=True):
        player = found.get(key)
        if player is None:
            player = Player(table=table, name=name)  # its name_key follows
            db.session.add(player)
        players.append(player)
    if len(found) < len(keys):
        db.session.flush()
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
    found = db.session.execute(
        select(GameSession.token, GameSession.version).where(
            GameSession.id == session_id, GameSession.table_id == table.id
        )
    ).first()
    if found is None:
        raise NotFound(f"No session {session_id}.")
    return stamp_of(found)


def stamp_of(row: Any) -> str:
    """The stamp of a session row (or of its token and version read alone)."""
    return f"{row.token}-{row.version}"


__all__ = [
    "Clash",
    "ConflictError",
    "LoadedSession",
    "NotFound",
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
