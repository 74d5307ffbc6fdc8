"""The games a rating counts, read from replayed sessions: every finished points game (Bison,
Partnership, double-deck and the rest: ``SessionState.games``) and every ended chip session,
each with every side's place.

A points game places its winner first (the engine's winner: a bidder who went out wins even
with a lower score) and the other sides by their final score; a chip session places its
players by their net in chips, the kitty's or pot's share included, as settle-up pays it.
Equal figures share a place. Nothing here is stored: the games come from the replay, so a
corrected or deleted hand changes the games the ratings are worked out from.

A worker remembers each session's rated games by the session's id, random token and version
(every change bumps the version), so reading the ratings replays only the sessions changed
since; the rest cost one query for the whole table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, partial

from sqlalchemy import select

from ...extensions import db
from ...models import GameSession, Table
from ...rules.evening.closing import close_session
from ...rules.holders import Holder, Player, players_of
from ...web.recent import Recent
from ...web.templating import month_day
from .. import unit_of_work
from ..sessions import LoadedSession, load_session

SessionKey = tuple[int, str, int]
"""A session's id, random token and version: its rated games change only with these."""


@dataclass(frozen=True)
class Placing:
    """One side of a rated game: a player or a team of partners, its place and its figure."""

    side: Holder
    place: int  # 1 for first; sides with equal figures share a place (1, 2, 2, 4)
    figure: int  # the final score (points as the table writes them) or the net (chips)

    @cached_property
    def players(self) -> tuple[Player, ...]:
        """The players of the side: the player, or the team's members."""
        return players_of(self.side)


@dataclass(frozen=True)
class RatedGame:
    """A finished points game or an ended chip session, with every side's place."""

    session_id: int
    game: int | None  # the game's number in its session; None for a chip session
    when: datetime  # when its session started: games are rated in this order
    title: str  # "Bison, Nov 24, game 2", "Hoyle, Nov 24"
    unit: str  # what the figures count: "points" or "chips"
    placings: tuple[Placing, ...]  # first place first

    def placing_of(self, player: Player) -> Placing | None:
        """The side ``player`` played on in this game (None when they did not play)."""
        return next((p for p in self.placings if player in p.players), None)


def placings(figures: Sequence[tuple[Holder, int]], winner: Holder | None) -> tuple[Placing, ...]:
    """Every side's place: ``winner`` (when given) first alone, the rest by their figure, the
    highest first; equal figures share a place and the next place skips (1, 2, 2, 4)."""
    first = [(side, figure) for side, figure in figures if side == winner]
    rest = sorted(
        ((side, figure) for side, figure in figures if side != winner),
        key=lambda pair: -pair[1],
    )
    placed = [Placing(side, 1, figure) for side, figure in first]
    for side, figure in rest:
        ahead = len(first) + sum(1 for _, other in rest if other > figure)
        placed.append(Placing(side, ahead + 1, figure))
    return tuple(placed)


def session_games(loaded: LoadedSession) -> list[RatedGame]:
    """The rated games of one session: its finished points games, or the session itself
    once it has ended (chip games with at least one hand)."""
    options, row = loaded.options, loaded.row
    present = options.system.present
    title = f"{options.system.label}, {month_day(row.created_at)}"
    if not present.in_games:  # one running total: the ended session is the game
        if row.ended_at is None or not loaded.state.hands:
            return []
        units = dict(close_session(loaded.state).units)
        nets = [(player, units.get(player, 0)) for player in loaded.setup.players]
        unit = present.unit.value
        return [RatedGame(row.id, None, row.created_at, title, unit, placings(nets, None))]
    return [
        RatedGame(
            row.id,
            game.number,
            row.created_at,
            f"{title}, game {game.number}",
            present.unit.value,
            placings([(side, options.to_table(score)) for side, score in game.scores], game.winner),
        )
        for game in loaded.state.games
    ]


def rated_games(sessions: Iterable[LoadedSession]) -> list[RatedGame]:
    """Every rated game of the sessions, oldest session first, games in their order."""
    ordered = sorted(sessions, key=lambda loaded: (loaded.row.created_at, loaded.row.id))
    return [game for loaded in ordered for game in session_games(loaded)]


REMEMBERED_SESSIONS = 4096
_REMEMBERED: Recent[SessionKey, tuple[RatedGame, ...]] = Recent(REMEMBERED_SESSIONS)


def table_games(table: Table) -> tuple[tuple[SessionKey, ...], list[RatedGame]]:
    """Every rated game of ``table``'s sessions, oldest session first, and the key of each
    session as read (what the games are of): a session is replayed only when the worker does
    not remember its games at its version."""
    query = (
        select(GameSession.id, GameSession.token, GameSession.version)
        .where(GameSession.table_id == table.id)
        .order_by(GameSession.created_at, GameSession.id)
    )
    keys: list[SessionKey] = []
    games: list[RatedGame] = []
    for session_id, token, version in db.session.execute(query):
        key: SessionKey = (session_id, token, version)
        found = _REMEMBERED.get(key)
        if found is None:
            loaded = load_session(session_id, table)
            key = (session_id, loaded.row.token, loaded.row.version)
            found = tuple(session_games(loaded))
            unit_of_work.after_commit(partial(_REMEMBERED.put, key, found))
        keys.append(key)
        games.extend(found)
    return tuple(keys), games
