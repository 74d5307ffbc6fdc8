"""Reading a session file, checking it, and recreating the session it holds.

``import_session`` reads the JSON ``json_export`` writes back into a new session of the table.
It checks the file's size, text and nesting before any parser reads it, then its shape with
one schema (``session_file``), then replays every event through the rules before anything is
written, so a bad file is refused with a message saying what is wrong and where, and nothing
is half-saved; a round trip gives the same figures.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from ...extensions import db
from ...models import GameSession, Hand, Seat, Table, utcnow
from ...rules.errors import Part, RuleError, Where
from ...rules.evening.session import Event, PlayerLeaves, ReplayError, SessionSetup, replay
from ...rules.game.options import Options
from ...rules.holders import Player
from ...web.jsontext import where_unreadable
from ..changes import Audit, record_change
from ..entries import HandEntry, apply_to_row, to_input
from ..sessions import LoadedSession, replay_stored
from ..tables import find_or_add_player, find_player
from .json_export import FORMAT_VERSION, derived_figures
from .session_file import SessionFileSchema, refusal

MAX_IMPORT_BYTES = 5_000_000
"""The largest JSON file the import reads (a 200-hand session is about 150 kB)."""

MAX_DEPTH = 32
"""The deepest nesting a session file may have (an export nests 6 levels deep)."""

MAX_NUMBER_DIGITS = 19
"""The most digits a number in a session file may have (ids are 64-bit integers)."""


class ImportRefused(RuleError):
    """A session file that cannot be imported; ``rule`` says what is wrong and where."""

    def __init__(self, rule: str) -> None:
        super().__init__(Where(Part.SESSION), rule)


@dataclass
class ParsedSession:
    """A session file read and checked, not yet saved."""

    options: Options
    names: list[str]  # seat order
    first_dealer: str
    events: list[tuple[str, Any]]  # ("hand", HandEntry with file ids) | ("leave", file id)
    file_ids: dict[int, str]  # the file's player id -> name
    created_at: datetime | None
    ended_at: datetime | None
    derived: Any
    rules_name: str | None = None  # the saved rules the session was started under


def _fail(rule: str) -> ImportRefused:
    return ImportRefused(rule)


def _bounded_int(text: str) -> int:
    """``json.loads``'s reader of whole numbers: at most ``MAX_NUMBER_DIGITS`` digits."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _fail(
            f"The file has a number {len(text.lstrip('-'))} digits long; numbers in a session "
            f"file have at most {MAX_NUMBER_DIGITS} digits."
        )
    return int(text)


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (counted without recursion)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return deepest


def _check_json(text: str) -> None:
    """Refuse a file that is not JSON, nests too deeply or has huge numbers, before the
    schema's parser is given it."""
    too_deep = _fail(
        f"The file nests lists or objects more than {MAX_DEPTH} levels deep; a session file "
        "is not built like that."
    )
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise _fail(
            f"This is not a session file: it is not JSON ({where_unreadable(error)})."
        ) from None
    except RecursionError:
        raise too_deep from None
    if _depth(data) > MAX_DEPTH:
        raise too_deep


def read_session_file(text: str | bytes) -> ParsedSession:
    """Read and check a session file's shape (not yet its rules); raises ``ImportRefused``."""
    if isinstance(text, bytes):
        if len(text) > MAX_IMPORT_BYTES:
            raise _fail(f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB.")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _fail("The file is not UTF-8 text: choose the .json file exported.") from None
    if len(text) > MAX_IMPORT_BYTES:
        raise _fail(f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB.")
    if not text.strip():
        raise _fail("Choose a session file (.json) or paste its text.")
    _check_json(text)
    try:
        file = SessionFileSchema.model_validate_json(text, strict=True)
    except ValidationError as error:
        raise _fail(refusal(error)) from None
    session = file.session
    file_ids = {player.id: player.name for player in session.players}
    return ParsedSession(
        options=session.rules,
        names=list(file_ids.values()),
        first_dealer=file_ids[session.first_dealer],
        events=file.entered(),
        file_ids=file_ids,
        created_at=session.created_at,
        ended_at=session.ended_at,
        derived=file.derived if file.version == FORMAT_VERSION else None,
        rules_name=session.rules_name,
    )


def check_replay(parsed: ParsedSession) -> list[Event]:
    """Replay the file's events through the rules; raises ``ImportRefused`` at the first bad one."""
    players = {fid: Player(fid, name) for fid, name in parsed.file_ids.items()}
    by_name = {player.name: player for player in players.values()}
    seated = tuple(by_name[name] for name in parsed.names)
    setup = SessionSetup(parsed.options, seated, by_name[parsed.first_dealer])
    try:
        setup.check()
    except RuleError as error:
        raise _fail(f"The players: {error.rule}") from None
    events: list[Event] = []
    hand = 0
    for index, (kind, value) in enumerate(parsed.events, start=1):
        if kind == "leave":
            events.append(PlayerLeaves(players[value]))
            continue
        hand += 1
        try:
            events.append(to_input(value, players, parsed.options))
        except RuleError as error:
            raise _fail(f"Hand {hand} (event {index}): {error.rule}") from None
    try:
        replay(setup, events)
    except ReplayError as error:
        raise _fail(f"The file's events do not replay: {error.rule}") from None
    return events


def _remap(entry: HandEntry, ids: Mapping[int, int]) -> HandEntry:
    def one(pid: int | None) -> int | None:
        return None if pid is None else ids[pid]

    return HandEntry(
        outcome=entry.outcome,
        declarer=one(entry.declarer),
        bid=entry.bid,
        trump=entry.trump,
        takeover=entry.takeover,
        reneger=one(entry.reneger),
        tricks=entry.tricks,
        last_trick=one(entry.last_trick),
        takes={ids[pid]: n for pid, n in entry.takes.items()},
        melds={ids[pid]: meld for pid, meld in entry.melds.items()},
        bids={ids[pid]: bid for pid, bid in entry.bids.items()},
    )


@dataclass(frozen=True)
class Imported:
    """A session recreated from a file."""

    session_id: int
    hands: int
    players: tuple[Player, ...]  # in seating order
    added: tuple[Player, ...]  # those who were not on the roster before
    note: str | None  # where the figures differ from those the file recorded, if anywhere


def import_session(table: Table, text: str | bytes) -> Imported:
    """Recreate an exported session as a new session of ``table``.

    Players are matched by name (ignoring case) or added to the roster. The file is read and
    every event replayed through the rules first; only then is anything written (flushed,
    committed by the caller's unit of work). Raises ``ImportRefused`` with a message saying
    what is wrong.
    """
    parsed = read_session_file(text)
    check_replay(parsed)
    known = {name: find_player(table, name) for name in parsed.names}
    players = [known[name] or find_or_add_player(table, name) for name in parsed.names]
    seated = tuple(Player(p.id, p.name) for p in players)
    added = tuple(p for p, name in zip(seated, parsed.names, strict=True) if known[name] is None)
    new_ids = {
        file_id: players[parsed.names.index(name)].id for file_id, name in parsed.file_ids.items()
    }
    dealer = players[parsed.names.index(parsed.first_dealer)]
    now = utcnow()
    row = GameSession(
        table=table,
        system=parsed.options.system.value,
        options={k: v for k, v in parsed.options.to_dict().items() if k != "system"},
        first_dealer=dealer,
        seats=[Seat(player=p, position=i) for i, p in enumerate(players)],
        created_at=parsed.created_at or now,
        updated_at=now,
        ended_at=parsed.ended_at,
        rules_name=parsed.rules_name,
    )
    db.session.add(row)
    db.session.flush()
    for seq, (kind, value) in enumerate(parsed.events, start=1):
        hand = Hand(session_id=row.id, seq=seq)
        if kind == "leave":
            hand.kind = "leave"
            hand.player_id = new_ids[value]
        else:
            apply_to_row(_remap(value, new_ids), hand, parsed.options)
        db.session.add(hand)
    db.session.flush()  # the events, read back to replay the session as stored
    after = replay_stored(row)
    hands = sum(1 for kind, _ in parsed.events if kind == "hand")
    summary = (
        f"Session imported from a file: {parsed.options.system.label}, "
        f"{', '.join(parsed.names)}; {hands} hand{'s' if hands != 1 else ''}."
    )
    record_change(after, Audit("imported", summary), new=True)
    note = None
    if parsed.derived is not None:  # a version 1 file's figures are not compared
        note = figures_differ(after, parsed.derived)
    return Imported(row.id, hands, seated, added, note)


def imported_before(loaded: LoadedSession, text: str | bytes) -> Imported:
    """What the same file imported again under its key is told: the session the first import
    made, as it stands, with nobody added this time."""
    parsed = read_session_file(text)
    hands = sum(1 for kind, _ in parsed.events if kind == "hand")
    note = None if parsed.derived is None else figures_differ(loaded, parsed.derived)
    return Imported(loaded.row.id, hands, tuple(loaded.players.values()), (), note)


def figures_differ(loaded: LoadedSession, derived: Any) -> str | None:
    """Where a session's figures differ from those an export recorded, or None if they agree.

    The import recreates what was entered; if the rules have changed since the export, the
    replay may give other figures, and this says where (the first hand that differs).
    """
    if not isinstance(derived, dict):
        return None
    now = derived_figures(loaded)
    for theirs, ours in zip(derived.get("log") or [], now["log"], strict=False):
        if theirs != ours:
            label = f"hand {ours['hand']}" if ours.get("hand") else "a player leaving"
            return f"the figures of {label} differ from those in the file"
    for key in ("games", "balances", "kitty", "pot", "nets_cents", "payments_cents"):
        if key in derived and derived[key] != now[key]:
            return f"the session's {key.replace('_', ' ')} differ from those in the file"
    return None
