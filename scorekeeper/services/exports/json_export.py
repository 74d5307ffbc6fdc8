"""The whole session as JSON: what was entered, and the derived figures for reference.

``export_session`` writes the session's options (and the name of the saved rules it was
started under, or null), its players in seat order, the first dealer and every event exactly
as entered (``HandEntry.as_dict``), with the derived figures beside them; ``imports`` reads
that file back. A round trip gives the same figures.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...extensions import db
from ...models import Hand, utcnow
from ...rules.evening.games import EndReason
from ...rules.holders import Holder, Pool, Team
from ..entries import from_row
from ..sessions import LoadedSession
from ..settle import settle_session
from .handlog import hand_log

FORMAT = "scorekeeper-session"
FORMAT_VERSION = 2
"""Bumped whenever the JSON's shape changes; the import refuses versions it does not know.

Version 2 names holders in the derived figures by seat (``seat:1``, ``team:1+3``, ``kitty``,
``pot``) instead of by name, so no name can be mistaken for another holder. Version 1 files
(derived figures keyed by names) still import; their derived figures are not compared.
"""
READ_VERSIONS = (1, 2)


def _stored_rows(session_id: int) -> list[Hand]:
    return list(
        db.session.scalars(
            select(Hand)
            .where(Hand.session_id == session_id)
            .order_by(Hand.seq)
            .options(selectinload(Hand.melds), selectinload(Hand.takes), selectinload(Hand.bids))
        )
    )


def _iso(value: datetime | None) -> str | None:
    return value.isoformat(timespec="seconds") + "Z" if value else None


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


def ending_figures(reason: EndReason, t: Callable[[int], int]) -> dict[str, Any]:
    """Why a game ended as plain data, naming nobody: the ending and its figures as the table
    writes them (``t``), each only when the ending has it."""
    points = {"score": reason.score, "target": reason.target, "raised": reason.raised}
    points["floor"] = reason.floor
    out: dict[str, Any] = {"ending": reason.ending.value}
    out |= {name: t(n) for name, n in points.items() if n is not None}
    if reason.deals is not None:
        out["deals"] = reason.deals
    if reason.past:
        out["past"] = reason.past
    return out


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
    written = loaded.options.system.present.written  # chips as they are, points as written
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
                "reason": ending_figures(game.reason, t),
                "scores": {key(h): t(s) for h, s in game.scores},
                "money_cents": [[key(f.payer), key(f.payee), f.amount] for f in game.money],
            }
            for game in state.games
        ],
        "balances": {key(h): written(b, loaded.options) for h, b in state.balances},
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
            "rules_name": row.rules_name,
        },
        "events": events,
        "derived": derived_figures(loaded),
    }


def session_json(loaded: LoadedSession) -> str:
    """``export_session`` as pretty-printed JSON text (UTF-8, names as written)."""
    return json.dumps(export_session(loaded), ensure_ascii=False, indent=1) + "\n"
