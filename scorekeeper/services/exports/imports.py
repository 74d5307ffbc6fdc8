"""Reading a session file, checking it, and recreating the session it holds.

``import_session`` reads the JSON ``json_export`` writes back into a new session of the table.
It checks the file's shape, then replays every event through the rules before anything is
written, so a bad file is refused with a message saying what is wrong and where, and nothing
is half-saved; a round trip gives the same figures.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...extensions import db
from ...limits import MAX_ID
from ...models import AuditEntry, GameSession, Hand, Seat, Table, utcnow
from ...rules.errors import Part, RuleError, Where
from ...rules.figures import shown
from ...rules.holders import Player
from ...rules.options import Options
from ...rules.session import Event, PlayerLeaves, ReplayError, SessionSetup, replay
from ..entries import MELD_MODES, HandEntry, MeldText, apply_to_row, to_input
from ..sessions import LoadedSession, load_session
from ..tables import clean_name, find_or_add_player, find_player
from .json_export import FORMAT, FORMAT_VERSION, READ_VERSIONS, derived_figures

MAX_IMPORT_BYTES = 5_000_000
"""The largest JSON file the import reads (a 200-hand session is about 150 kB)."""

MAX_EVENTS = 5000

MAX_DEPTH = 32
"""The deepest nesting a session file may have (an export nests 6 levels deep)."""

MAX_NUMBER_DIGITS = 19
"""The most digits a number in a session file may have (ids are 64-bit integers)."""

MAX_FILE_FIGURE = 99_999
"""The largest bid, tricks or counters figure an event may hold (the rules allow far less)."""


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


def _fail(rule: str) -> ImportRefused:
    return ImportRefused(rule)


def _whole(
    value: Any, where: str, optional: bool = True, maximum: int = MAX_FILE_FIGURE
) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{where} must be a whole number, not {_short_json(value)}.")
    if not -maximum <= value <= maximum:
        raise _fail(f"{where} must be a whole number from {-maximum} to {maximum}, not {value}.")
    return value


def _short_json(value: Any) -> str:
    """A value as JSON for a message, cut short (a whole list is not echoed back)."""
    text = json.dumps(value) if isinstance(value, str | int | float | bool | None) else None
    if text is None:
        text = "an object" if isinstance(value, dict) else "a list"
    return shown(text, 40)


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


def _load_json(text: str) -> Any:
    """The file's JSON, refused when it is not JSON, nests too deeply or has huge numbers."""
    too_deep = _fail(
        f"The file nests lists or objects more than {MAX_DEPTH} levels deep; a session file "
        "is not built like that."
    )
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise _fail(
            f"This is not a session file: it is not JSON ({error.msg} at line {error.lineno}, "
            f"column {error.colno})."
        ) from None
    except RecursionError:
        raise too_deep from None
    if _depth(data) > MAX_DEPTH:
        raise too_deep
    return data


def _text(value: Any, where: str, optional: bool = True) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _fail(f"{where} must be text, not {_short_json(value)}.")
    return value


def _player_ref(value: Any, ids: Mapping[int, str], where: str) -> int | None:
    pid = _whole(value, where, maximum=MAX_ID)
    if pid is not None and pid not in ids:
        raise _fail(f"{where} names player {pid}, who is not among the file's players.")
    return pid


def _keyed_by_player(value: Any, ids: Mapping[int, str], where: str) -> dict[int, Any]:
    if not isinstance(value, dict):
        raise _fail(f"{where} must be an object keyed by player id.")
    out: dict[int, Any] = {}
    for key, item in value.items():
        try:
            pid = int(key) if len(key) <= MAX_NUMBER_DIGITS else None
        except ValueError:
            pid = None
        if pid is None:
            raise _fail(f"{where}: '{shown(key)}' is not a player id.")
        if pid not in ids:
            raise _fail(f"{where} names player {pid}, who is not among the file's players.")
        out[pid] = item
    return out


_ENTRY_KEYS = {
    "outcome", "declarer", "bid", "trump", "takeover", "reneger", "tricks", "last_trick",
    "takes", "melds",
}  # fmt: skip


def entry_from_dict(data: Any, ids: Mapping[int, str], where: str) -> HandEntry:
    """A ``HandEntry`` from ``HandEntry.as_dict()`` data, every field's type checked."""
    if not isinstance(data, dict):
        raise _fail(f"{where} must be an object.")
    unknown = sorted(set(data) - _ENTRY_KEYS)
    if unknown:
        raise _fail(f"{where} has fields this version does not know: {', '.join(unknown)}.")
    takeover = data.get("takeover", False)
    if not isinstance(takeover, bool):
        raise _fail(f"{where}: takeover must be true or false.")
    takes = {
        pid: _whole(n, f"{where}: counters of player {pid}", optional=False)
        for pid, n in _keyed_by_player(data.get("takes", {}), ids, f"{where}: takes").items()
    }
    melds: dict[int, MeldText] = {}
    for pid, meld in _keyed_by_player(data.get("melds", {}), ids, f"{where}: melds").items():
        if not isinstance(meld, dict):
            raise _fail(f"{where}: the meld of player {pid} must be an object.")
        mode = meld.get("mode")
        if mode not in MELD_MODES:
            raise _fail(
                f"{where}: the meld of player {pid} is entered by {', '.join(MELD_MODES)}, "
                f"not {_short_json(mode)}."
            )
        text = _text(meld.get("text"), f"{where}: the meld of player {pid}", optional=False)
        melds[pid] = MeldText(mode, text or "")
    return HandEntry(
        outcome=_text(data.get("outcome"), f"{where}: outcome"),
        declarer=_player_ref(data.get("declarer"), ids, f"{where}: declarer"),
        bid=_whole(data.get("bid"), f"{where}: bid"),
        trump=_text(data.get("trump"), f"{where}: trump"),
        takeover=takeover,
        reneger=_player_ref(data.get("reneger"), ids, f"{where}: reneger"),
        tricks=_whole(data.get("tricks"), f"{where}: tricks"),
        last_trick=_player_ref(data.get("last_trick"), ids, f"{where}: last trick"),
        takes=takes,  # type: ignore[arg-type]
        melds=melds,
    )


def _date(value: Any, where: str) -> datetime | None:
    text = _text(value, where)
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        raise _fail(f"{where} is not a date and time: '{shown(text)}'.") from None
    return parsed.replace(tzinfo=None)


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
    data = _load_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(
            'This is not a Scorekeeper session file (it has no "format": '
            f'"{FORMAT}"). Export one from a session\'s history page.'
        )
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        if isinstance(version, int) and not isinstance(version, bool) and version > 0:
            newer = "newer" if version > FORMAT_VERSION else "older"
            raise _fail(
                f"The file is format version {version}, from a {newer} Scorekeeper; this one "
                f"reads versions {READ_VERSIONS[0]} to {READ_VERSIONS[-1]}."
            )
        raise _fail("The file has no format version number.")
    session = data.get("session")
    if not isinstance(session, dict):
        raise _fail("The file has no session.")
    system = _text(session.get("system"), "The game system", optional=False)
    options_data = session.get("options", {})
    if not isinstance(options_data, dict):
        raise _fail("The options must be an object.")
    if options_data.get("system", system) != system:
        raise _fail(
            f"The options are for {shown(options_data['system'])}, the session for {shown(system)}."
        )
    try:
        options = Options.from_dict({**options_data, "system": system})
    except RuleError as error:
        raise _fail(f"The options: {error.rule}") from None
    players = session.get("players")
    if not isinstance(players, list) or not players:
        raise _fail("The file lists no players.")
    file_ids: dict[int, str] = {}
    names: list[str] = []
    for index, player in enumerate(players, start=1):
        if not isinstance(player, dict):
            raise _fail(f"Player {index} must be an object with an id and a name.")
        pid = _whole(player.get("id"), f"Player {index}'s id", optional=False, maximum=MAX_ID)
        raw = _text(player.get("name"), f"Player {index}'s name", optional=False)
        try:
            name = clean_name(raw or "")
        except RuleError as error:
            raise _fail(f"Player {index}: {error.rule}") from None
        if pid in file_ids:
            raise _fail(f"Player id {pid} is listed twice.")
        same = [n for n in names if n.casefold() == name.casefold()]
        if same:
            raise _fail(f"{same[0]} is listed twice among the players.")
        file_ids[pid] = name  # type: ignore[index]
        names.append(name)
    dealer_id = _player_ref(session.get("first_dealer"), file_ids, "The first dealer")
    if dealer_id is None:
        raise _fail("The file does not say who dealt first.")
    raw_events = data.get("events")
    if not isinstance(raw_events, list):
        raise _fail("The file has no list of events.")
    if len(raw_events) > MAX_EVENTS:
        raise _fail(f"The file has more than {MAX_EVENTS} events.")
    events: list[tuple[str, Any]] = []
    for index, event in enumerate(raw_events, start=1):
        where = f"Event {index}"
        if not isinstance(event, dict):
            raise _fail(f"{where} must be an object.")
        kind = event.get("kind")
        if kind == "hand":
            events.append(("hand", entry_from_dict(event.get("entry"), file_ids, where)))
        elif kind == "leave":
            pid = _player_ref(event.get("player"), file_ids, f"{where}: the player leaving")
            if pid is None:
                raise _fail(f"{where} does not say who left.")
            events.append(("leave", pid))
        else:
            raise _fail(f"{where} is a {_short_json(kind)}; events are hands or leaves.")
    return ParsedSession(
        options=options,
        names=names,
        first_dealer=file_ids[dealer_id],
        events=events,
        file_ids=file_ids,
        created_at=_date(session.get("created_at"), "The session's date"),
        ended_at=_date(session.get("ended_at"), "The session's end"),
        derived=data.get("derived") if version == FORMAT_VERSION else None,
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
    )


@dataclass(frozen=True)
class Imported:
    """A session recreated from a file."""

    session_id: int
    hands: int
    players: tuple[str, ...]
    added: tuple[str, ...]  # names that were not on the roster before
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
    added = tuple(name for name, player in known.items() if player is None)
    players = [known[name] or find_or_add_player(table, name) for name in parsed.names]
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
    hands = sum(1 for kind, _ in parsed.events if kind == "hand")
    db.session.add(
        AuditEntry(
            session_id=row.id,
            action="imported",
            summary=(
                f"Session imported from a file: {parsed.options.system.label}, "
                f"{', '.join(parsed.names)}; {hands} hand{'s' if hands != 1 else ''}."
            ),
        )
    )
    db.session.flush()
    note = None
    if parsed.derived is not None:  # a version 1 file's figures are not compared
        note = figures_differ(load_session(row.id, table), parsed.derived)
    return Imported(row.id, hands, tuple(p.name for p in players), added, note)


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
