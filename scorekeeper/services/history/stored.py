"""Each session's count for players' records kept in the database (``SessionTally``), so the
first record read after a restart adds up stored counts instead of replaying every session.

A tally is a cache, never the source of truth: the hands stay the only input, and a tally
counts only while its token and version are the session's. ``store`` writes it in the
transaction of every change to the session (``changes.record_change``), from the replay the
change already holds; ``recall`` reads the tallies of many sessions in one query and leaves
out any missing or stale one, which the caller counts again from the replay (a read never
writes: the next change to that session stores it). The session's day and the players' names
are not stored: they are given when a tally is read, so a change of zone or a renamed player
shows at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from datetime import date
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from ...extensions import db
from ...models import GameSession, SessionTally
from ...rules.evening.session import SessionState
from ...rules.game.variant import game_named
from ...rules.holders import Player
from ...rules.pack.deck import Deck
from ...web.templating import local_time
from .tally import (
    Declared,
    HeadToHead,
    Kind,
    KindRecord,
    MoneyLine,
    Partnership,
    PlayerRecord,
    Record,
    SessionMeta,
)

T = TypeVar("T")

FORMAT = 1
"""The shape of ``counts``; a tally of another shape is stale and counted again."""


def count(row: GameSession, state: SessionState) -> Record:
    """One session counted from its replay (its day in the table's zone)."""
    record = Record()
    record.add(state, _meta(row))
    return record


def store(row: GameSession, state: SessionState, adds_only: bool = False) -> None:
    """Write the count of ``state`` (the session ``row`` as changed, at its new version) in
    the current transaction, replacing the session's earlier tally.

    A change that only adds events (``adds_only``: a hand saved, a player leaving) counts the
    new hands alone into the hands counted at the version before, kept beside the count
    (``base``, what ``Record.open`` and ``Record.count_hands`` made of them); the session's
    games and money are counted again whole (``Record.close``). Any other change, or no
    count at the version before, counts every hand."""
    meta = _meta(row)
    base = _counted_before(row, state, meta) if adds_only else None
    if base is None:
        base = Record()
        base.open(state, meta)
        base.count_hands(state, state.hands)
    whole = Record()
    whole.merge(base)
    whole.close(state, meta)
    values = {
        "session_id": row.id,
        "token": row.token,
        "version": row.version,
        "counts": {**encode(whole), "base": encode(base), "counted": len(state.hands)},
    }
    dialect = postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite
    insert = dialect.insert(SessionTally).values(values)
    db.session.execute(
        insert.on_conflict_do_update(
            index_elements=[SessionTally.session_id],
            set_={name: insert.excluded[name] for name in ("token", "version", "counts")},
        )
    )


def _meta(row: GameSession) -> SessionMeta:
    return SessionMeta(row.id, local_time(row.created_at).date())


def _counted_before(row: GameSession, state: SessionState, meta: SessionMeta) -> Record | None:
    """The hands counted at the version before this change with the hands added since, or
    None when no count of that version is stored."""
    before = db.session.execute(
        select(SessionTally.token, SessionTally.version, SessionTally.counts).where(
            SessionTally.session_id == row.id
        )
    ).one_or_none()
    if before is None or (before.token, before.version) != (row.token, row.version - 1):
        return None
    counts = before.counts
    if counts.get("format") != FORMAT or counts["counted"] > len(state.hands):
        return None
    base = decode(counts["base"], meta, {})
    base.count_hands(state, state.hands[counts["counted"] :])
    return base


def recall(rows: Iterable[tuple[GameSession, date]], names: Mapping[int, str]) -> dict[int, Record]:
    """The stored counts of the sessions ``rows`` (each with its day) that are current, by
    session id, players named from ``names`` where it has them; one query."""
    by_id = {row.id: (row, day) for row, day in rows}
    if not by_id:
        return {}
    found = db.session.execute(
        select(
            SessionTally.session_id, SessionTally.token, SessionTally.version, SessionTally.counts
        ).where(SessionTally.session_id.in_(by_id))
    )
    out = {}
    for session_id, token, version, counts in found:
        row, day = by_id[session_id]
        if (token, version) == (row.token, row.version) and counts.get("format") == FORMAT:
            out[session_id] = decode(counts, SessionMeta(session_id, day), names)
    return out


def missing() -> list[int]:
    """The sessions whose count is not stored, or stored for another version, by id."""
    stale = (
        select(GameSession.id)
        .outerjoin(SessionTally, SessionTally.session_id == GameSession.id)
        .where(
            (SessionTally.session_id.is_(None))
            | (SessionTally.token != GameSession.token)
            | (SessionTally.version != GameSession.version)
        )
        .order_by(GameSession.id)
    )
    return list(db.session.scalars(stale))


def encode(record: Record) -> dict[str, Any]:
    """One session's count as JSON: players, partnerships and head-to-head by player id."""
    return {
        "format": FORMAT,
        "players": [
            {
                **_numbers(p),
                "id": p.player.id,
                "name": p.player.name,
                "declared": _declared(p.declared),
                "kinds": [_kind_record(k) for k in p.kinds.values()],
                "cents": [line.cents for line in p.money],
            }
            for p in record.players.values()
        ],
        "partnerships": [
            {
                **_numbers(p),
                "partners": [m.id for m in p.partners],
                "declared": _declared(p.declared),
            }
            for p in record.partnerships.values()
        ],
        "head_to_head": [
            [h.declarer.id, h.defender.id, _declared(h.hands)] for h in record.head_to_head.values()
        ],
    }


def decode(counts: dict[str, Any], meta: SessionMeta, names: Mapping[int, str]) -> Record:
    """The count ``encode`` wrote, of the session ``meta`` names (its day given now)."""
    record = Record(sessions=[meta])
    who: dict[int, Player] = {}
    for data in counts["players"]:
        player = who[data["id"]] = Player(data["id"], names.get(data["id"], data["name"]))
        figures = _set_numbers(PlayerRecord(player), data)
        figures.declared = Declared(*data["declared"])
        for kind_data in data["kinds"]:
            kind = _read_kind(kind_data)
            figures.kinds[kind.kind] = kind
        figures.money = [MoneyLine(meta.session_id, meta.day, c) for c in data["cents"]]
        record.players[player] = figures
    for data in counts["partnerships"]:
        partners = tuple(who[i] for i in data["partners"])
        partnership = _set_numbers(Partnership(partners), data)
        partnership.declared = Declared(*data["declared"])
        record.partnerships[frozenset(partners)] = partnership
    for declarer, defender, hands in counts["head_to_head"]:
        pair = (who[declarer], who[defender])
        record.head_to_head[pair] = HeadToHead(*pair, Declared(*hands))
    return record


def _numbers(value: Any) -> dict[str, int | None]:
    """A record's figures that are plain numbers (or None), by field name."""
    out = {}
    for f in fields(value):
        figure = getattr(value, f.name)
        if figure is None or isinstance(figure, int):
            out[f.name] = figure
    return out


def _set_numbers(value: T, data: Mapping[str, Any]) -> T:
    """``value`` with the plain figures ``_numbers`` wrote set again."""
    for f in fields(value):  # type: ignore[arg-type]
        if f.name in data and (data[f.name] is None or isinstance(data[f.name], int)):
            setattr(value, f.name, data[f.name])
    return value


def _declared(hands: Declared) -> list[int]:
    return [hands.declared, hands.made, hands.set, hands.conceded]


def _kind_record(figures: KindRecord) -> dict[str, Any]:
    kind = figures.kind
    return {
        **_numbers(figures),
        "kind": [kind.system.value, kind.deck.value, kind.scale],
        "declared": _declared(figures.declared),
        "by_range": [[start, _declared(d)] for start, d in figures.by_range.items()],
        "by_trump": [[trump, _declared(d)] for trump, d in figures.by_trump.items()],
    }


def _read_kind(data: Mapping[str, Any]) -> KindRecord:
    system, deck, scale = data["kind"]
    figures = _set_numbers(KindRecord(Kind(game_named(system), Deck(deck), scale)), data)
    figures.declared = Declared(*data["declared"])
    figures.by_range = {start: Declared(*d) for start, d in data["by_range"]}
    figures.by_trump = {trump: Declared(*d) for trump, d in data["by_trump"]}
    return figures
