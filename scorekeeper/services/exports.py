"""A session's hand log, its CSV and JSON exports, and the import that recreates it.

``hand_log`` lists every event of a session (hands, and players leaving a chip game) with the
figures the replay derives for it, as the table writes them: the dealer, who sat out, the bid,
trump, meld, tricks, the outcome, and each holder's change and running total (the kitty and
the pot are holders too). The session PDF, its print view and the CSV all print this list.

``export_session`` writes the session as JSON: its options, its players in seat order, the
first dealer and every event exactly as entered (``HandEntry.as_dict``), with the derived
figures beside them for reference. ``import_session`` reads that JSON back into a new session
of the table. It checks the file's shape, then replays every event through the rules before
anything is written, so a bad file is refused with a message saying what is wrong and nothing
is half-saved; a round trip gives the same figures.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..limits import MAX_ID, shown
from ..models import AuditEntry, GameSession, Hand, Seat, Table, utcnow
from ..rules.cards import Suit
from ..rules.describe import describe
from ..rules.errors import RuleError
from ..rules.holders import KITTY, POT, Holder, Player, PlayerKey, Pool, Team, members
from ..rules.options import Options
from ..rules.outcome import Outcome
from ..rules.session import (
    Event,
    HandRecord,
    LeaveRecord,
    PlayerLeaves,
    ReplayError,
    SessionSetup,
    replay,
)
from ..templating import local_time
from .entries import MELD_MODES, HandEntry, MeldText, apply_to_row, from_row, to_input
from .sessions import LoadedSession, load_session
from .settle import settle_session
from .tables import clean_name, find_or_add_player, find_player

FORMAT = "scorekeeper-session"
FORMAT_VERSION = 2
"""Bumped whenever the JSON's shape changes; the import refuses versions it does not know.

Version 2 names holders in the derived figures by seat (``seat:1``, ``team:1+3``, ``kitty``,
``pot``) instead of by name, so no name can be mistaken for another holder. Version 1 files
(derived figures keyed by names) still import; their derived figures are not compared.
"""
READ_VERSIONS = (1, 2)

MAX_IMPORT_BYTES = 5_000_000
"""The largest JSON file the import reads (a 200-hand session is about 150 kB)."""

MAX_EVENTS = 5000

MAX_DEPTH = 32
"""The deepest nesting a session file may have (an export nests 6 levels deep)."""

MAX_NUMBER_DIGITS = 19
"""The most digits a number in a session file may have (ids are 64-bit integers)."""

MAX_FILE_FIGURE = 99_999
"""The largest bid, tricks or counters figure an event may hold (the rules allow far less)."""


# -- the hand log -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LogEntry:
    """One event of the hand log, figures as the table writes them.

    ``changes`` and ``totals`` cover every holder of ``log_holders`` in that order: players
    (or the two teams), then the kitty or the pot. In cumulative games the totals are the
    game's scores, which start again at 0 after each game.
    """

    kind: str  # "hand" | "leave"
    number: int | None  # the hand's number; None for a player leaving
    game: int
    dealer: PlayerKey | None
    sitting_out: tuple[PlayerKey, ...]
    declarer: PlayerKey | None
    bid: int | None
    trump: Suit | None
    melds: tuple[tuple[Holder, int], ...]  # chip games: the declarer's; otherwise each holder's
    tricks: tuple[tuple[Holder, int], ...]  # chip games: the declarer's side; otherwise per holder
    outcome: str  # in words: "made", "set", "all passed", "left the table"
    text: str  # the whole hand in a sentence
    changes: tuple[tuple[Holder, int], ...]
    totals: tuple[tuple[Holder, int], ...]
    game_over: str = ""  # "Game 1 won by Ann" after the hand that ended a game
    takeover: bool = False
    reneger: PlayerKey | None = None

    @property
    def meld(self) -> int | None:
        """Chip games: the declarer's meld (None when none was entered)."""
        return self.melds[0][1] if self.melds else None

    @property
    def trick_points(self) -> int | None:
        """Chip games: the declarer's side's trick points (None when not played)."""
        return self.tricks[0][1] if self.tricks else None


def log_holders(loaded: LoadedSession) -> tuple[Holder, ...]:
    """Who has a column in the hand log: players or teams, then the kitty or the pot."""
    system = loaded.options.system
    extra = (KITTY,) if system.has_kitty else (POT,) if system.has_pot else ()
    return (*loaded.setup.holders, *extra)


def hand_log(loaded: LoadedSession) -> list[LogEntry]:
    """Every hand and every player leaving, in the order they happened."""
    state = loaded.state
    events: list[tuple[int, HandRecord | LeaveRecord]] = [(h.position, h) for h in state.hands]
    events += [(leave.position, leave) for leave in state.leaves]
    events.sort(key=lambda pair: pair[0])
    holders = log_holders(loaded)
    totals: dict[Holder, int] = dict.fromkeys(holders, 0)
    for flow in state.opening:  # the pot's opening antes come before hand 1
        totals[flow.payer] -= flow.amount
        totals[flow.payee] += flow.amount
    games = {game.last_hand: game for game in state.games}
    out: list[LogEntry] = []
    for _, event in events:
        if isinstance(event, LeaveRecord):
            out.append(_leave_entry(loaded, event, holders, totals))
        else:
            out.append(_hand_entry(loaded, event, holders, totals, games))
    return out


def _hand_entry(loaded, record: HandRecord, holders, totals, games) -> LogEntry:
    options = loaded.options
    system = options.system
    result = record.result
    t = options.to_table
    melds: tuple[tuple[Holder, int], ...]
    tricks: tuple[tuple[Holder, int], ...] = ()
    if system.is_chip_game:
        changes: dict[Holder, int] = {h: result.change(h) for h in loaded.setup.players}
        running: dict[Holder, int] = dict(record.balances)
        for pool, change, balance in (
            (KITTY, result.kitty_change, record.kitty),
            (POT, result.pot_change, record.pot),
        ):
            if pool in holders:
                changes[pool], running[pool] = change, balance
        melds = tuple((p, t(points)) for p, points in result.melds if p == result.declarer)
        if result.side_tricks is not None and result.declarer is not None:
            tricks = ((result.declarer, t(result.side_tricks[0])),)
    else:
        changes = {h: t(result.change(h)) for h in holders}
        running = {h: t(points) for h, points in record.balances}
        if system.is_partnership:
            melds = tuple(
                (team, t(sum(result.meld_of(p) for p in members(team))))
                for team in loaded.setup.teams
            )
        else:
            melds = tuple((p, t(points)) for p, points in result.melds)
        tricks = tuple((holder, t(points)) for holder, points in result.tricks)
    for holder in holders:
        totals[holder] = running.get(holder, 0)
    game = games.get(record.number)
    over = f"Game {game.number} won by {game.winner}" if game is not None else ""
    outcome = result.outcome
    return LogEntry(
        kind="hand",
        number=record.number,
        game=record.game,
        dealer=record.dealer,
        sitting_out=record.sitting_out,
        declarer=result.declarer,
        bid=None if result.bid is None else t(result.bid),
        trump=result.trump,
        melds=melds,
        tricks=tricks,
        outcome=outcome.label,
        text=describe(result, options),
        changes=tuple((h, changes.get(h, 0)) for h in holders),
        totals=tuple((h, totals[h]) for h in holders),
        game_over=over,
        takeover=result.takeover,
        reneger=result.reneger if outcome is Outcome.RENEGE else None,
    )


def _leave_entry(loaded, leave: LeaveRecord, holders, totals) -> LogEntry:
    changes: dict[Holder, int] = dict.fromkeys(holders, 0)
    for flow in leave.flows:  # the kitty pays the leaver their share
        changes[flow.payer] -= flow.amount
        changes[flow.payee] += flow.amount
    for holder, change in changes.items():
        totals[holder] += change
    share = f", taking {leave.kitty_share} from the kitty" if leave.kitty_share else ""
    return LogEntry(
        kind="leave",
        number=None,
        game=1,
        dealer=None,
        sitting_out=(),
        declarer=leave.player,
        bid=None,
        trump=None,
        melds=(),
        tricks=(),
        outcome="left the table",
        text=f"{leave.player} left the table after hand {leave.after_hand}{share}.",
        changes=tuple(changes.items()),
        totals=tuple((h, totals[h]) for h in holders),
    )


# -- CSV ----------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    """Text for a spreadsheet cell; a leading = + - @ would make it a formula, so it is quoted."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def hands_csv(loaded: LoadedSession) -> str:
    """The hand log as CSV: one row per hand (and per player leaving), a header first.

    Columns: hand, game, dealer, sat out, declarer, bid, trump, meld and tricks (the declarer's
    in chip games; each holder's in Bison and Partnership), outcome, the hand in words, then
    each holder's change and running total. Figures as the table writes them; money is not in
    the log (units times the stake is on the report).
    """
    holders = log_holders(loaded)
    cumulative = loaded.options.system.is_cumulative
    header = ["hand", "game", "dealer", "sat out", "declarer", "bid", "trump"]
    if cumulative:
        for holder in loaded.setup.holders:
            header += [f"{holder} meld", f"{holder} tricks"]
    else:
        header += ["meld", "tricks"]
    header += ["outcome", "description"]
    for holder in holders:
        header += [f"{holder} change", f"{holder} total"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([_cell(h) for h in header])
    for entry in hand_log(loaded):
        row: list[Any] = [
            entry.number if entry.number is not None else "",
            entry.game,
            _cell(_shown(entry.dealer)),
            _cell(", ".join(str(p) for p in entry.sitting_out)),
            _cell(_shown(entry.declarer)),
            "" if entry.bid is None else entry.bid,
            entry.trump.value if entry.trump else "",
        ]
        if cumulative:
            melds, tricks = dict(entry.melds), dict(entry.tricks)
            for holder in loaded.setup.holders:
                row += [melds.get(holder, ""), tricks.get(holder, "")]
        else:
            row += [
                "" if entry.meld is None else entry.meld,
                "" if entry.trick_points is None else entry.trick_points,
            ]
        row += [entry.outcome, _cell(entry.text)]
        totals = dict(entry.totals)
        for holder, change in entry.changes:
            row += [change, totals[holder]]
        writer.writerow(row)
    return buffer.getvalue()


# -- JSON export ----------------------------------------------------------------------------


def _stored_rows(session_id: int) -> list[Hand]:
    return list(
        db.session.scalars(
            select(Hand)
            .where(Hand.session_id == session_id)
            .order_by(Hand.seq)
            .options(selectinload(Hand.melds), selectinload(Hand.takes))
        )
    )


def _iso(value: datetime | None) -> str | None:
    return value.isoformat(timespec="seconds") + "Z" if value else None


def _shown(player: PlayerKey | None) -> str:
    return "" if player is None else str(player)


def holder_keys(loaded: LoadedSession) -> Callable[[Holder | None], str | None]:
    """How the JSON names a holder: ``seat:2``, ``team:1+3``, ``kitty`` or ``pot`` (never a name,
    which could read as another holder; seats survive an import, unlike ids)."""
    seats = {player: number for number, player in enumerate(loaded.setup.players, start=1)}

    def key(holder: Holder | None) -> str | None:
        if holder is None:
            return None
        if isinstance(holder, Pool):
            return holder.value
        if isinstance(holder, Team):
            return "team:" + "+".join(str(seats[p]) for p in holder.members)
        return f"seat:{seats[holder]}" if holder in seats else f"player:{holder}"

    return key


def derived_figures(loaded: LoadedSession) -> dict[str, Any]:
    """What the replay makes of the session, as plain data: every figure a round trip keeps.

    Hands with their dealer, who sat out, each holder's change and running total; the games;
    the balances, kitty and pot now; each player's net in cents and the fewest payments.
    Holders are named by ``holder_keys``.
    """
    state = loaded.state
    settle = settle_session(loaded)
    key = holder_keys(loaded)
    t = loaded.options.to_table
    chips = loaded.options.system.is_chip_game
    return {
        "log": [
            {
                "hand": entry.number,
                "game": entry.game,
                "dealer": key(entry.dealer),
                "sat_out": [key(p) for p in entry.sitting_out],
                "declarer": key(entry.declarer),
                "outcome": entry.outcome,
                "changes": {key(h): n for h, n in entry.changes},
                "totals": {key(h): n for h, n in entry.totals},
            }
            for entry in hand_log(loaded)
        ],
        "games": [
            {
                "game": game.number,
                "first_hand": game.first_hand,
                "last_hand": game.last_hand,
                "winner": key(game.winner),
                "reason": game.reason,
                "scores": {key(h): t(s) for h, s in game.scores},
                "money_cents": [[key(f.payer), key(f.payee), f.amount] for f in game.money],
            }
            for game in state.games
        ],
        "balances": {key(h): (b if chips else t(b)) for h, b in state.balances},
        "kitty": state.kitty,
        "pot": state.pot,
        "next_dealer": key(state.next_hand.dealer),
        "nets_cents": {key(row.holder): row.cents for row in settle.rows},
        "payments_cents": [[key(p.payer), key(p.payee), p.cents] for p in settle.payments],
    }


def export_session(loaded: LoadedSession) -> dict[str, Any]:
    """The whole session as JSON data: what was entered, and the derived figures for reference.

    Player ids in the events are the ids listed under ``players`` (this database's); the
    import maps them to its own players by name. Figures in the events are as the table
    writes them (``options.scale``); options are in full points and cents.
    """
    row = loaded.row
    options = loaded.options
    rows = _stored_rows(row.id)
    events: list[dict[str, Any]] = []
    for hand in rows:
        if hand.kind == "leave":
            events.append({"kind": "leave", "player": hand.player_id})
        else:
            events.append({"kind": "hand", "entry": from_row(hand, options).as_dict()})
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": _iso(utcnow()),
        "table": row.table.name,
        "session": {
            "created_at": _iso(row.created_at),
            "ended_at": _iso(row.ended_at),
            "system": options.system.value,
            "options": options.to_dict(),
            "players": [{"id": p.id, "name": p.name} for p in loaded.players.values()],
            "first_dealer": row.first_dealer_id,
        },
        "events": events,
        "derived": derived_figures(loaded),
    }


def session_json(loaded: LoadedSession) -> str:
    """``export_session`` as pretty-printed JSON text (UTF-8, names as written)."""
    return json.dumps(export_session(loaded), ensure_ascii=False, indent=1) + "\n"


def export_filename(loaded: LoadedSession, extension: str) -> str:
    """``scorekeeper-2026-11-21-hoyle-session-4.pdf``: ASCII only, safe in a header."""
    created = loaded.row.created_at
    day = local_time(created).strftime("%Y-%m-%d") if created else "session"
    return f"scorekeeper-{day}-{loaded.options.system.value}-session-{loaded.row.id}.{extension}"


# -- import -------------------------------------------------------------------------------------


class ImportRefused(RuleError):
    """A session file that cannot be imported; ``rule`` says what is wrong and where."""

    def __init__(self, rule: str) -> None:
        super().__init__("file", rule)


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
    return text if len(text) <= 40 else text[:39] + "…"


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
    added = tuple(name for name in parsed.names if find_player(table, name) is None)
    players = [find_or_add_player(table, name) for name in parsed.names]
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
