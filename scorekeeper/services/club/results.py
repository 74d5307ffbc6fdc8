"""A club night's results, worked out from each card table's session (never stored): every
table live (its scores and hands played), which rounds are over, the standings after each
round by the night's ranking rules, and whether the next round can be paired.

A table's game is the session's first finished game (the round's points reached), or, once
the organiser called time, the score then. Figures are as the session shows them (table
units). A round is over when every table finished its game or time was called.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from ...extensions import db
from ...models import ClubNight, ClubRound, ClubTable, GameSession
from ...rules.club.settings import NightSettings
from ...rules.club.standings import RoundResult, SideScore, Standing, TableResult, standings
from ...rules.errors import Part, RuleError, SeatingError, Where
from ...rules.holders import Holder, players_of
from ..created import RequestKey, made_once
from ..sessions import LoadedSession, load_session
from .nights import entrants_of, names_of, pairing_of, rotation_tables, settings_of, start_round


@dataclass(frozen=True)
class SideLine:
    """One side of a card table: its players' names and its score now."""

    names: str
    score: int
    won: bool
    player_ids: tuple[int, ...]


@dataclass(frozen=True)
class LiveTable:
    """A card table of a round as its phones have entered it."""

    number: int
    session_id: int
    sides: tuple[SideLine, ...]
    hands: int
    finished: bool  # its game is over (the round's points reached)
    result: TableResult | None  # None while it is still being played


@dataclass(frozen=True)
class RoundView:
    """A round: its tables, its byes, and whether it is over (or why it cannot be scored)."""

    number: int
    started_at: datetime
    due_at: datetime | None  # when its minutes are up (None: no time limit)
    time_called: bool
    tables: tuple[LiveTable, ...]
    byes: tuple[str, ...]
    over: bool
    problem: str | None
    bye_ids: tuple[tuple[int, ...], ...]  # the players of each bye, as ``byes`` names them


@dataclass(frozen=True)
class StandingLine:
    """An entrant's line of the standings, named."""

    rank: int
    name: str
    wins: int
    losses: int
    byes: int
    points: int
    player_ids: tuple[int, ...]  # the entrant: a player, or a fixed team's players


@dataclass(frozen=True)
class RosterLine:
    """A player of the night: their team number and, once they left, after which round."""

    player_id: int
    name: str
    team: int | None
    left_after: int | None
    draw: str | None = None  # the number the player's team drew for the KCMO rotation


@dataclass(frozen=True)
class NightView:
    """Everything the organiser's page, the results PDF and the score cards show."""

    night: ClubNight
    settings: NightSettings
    players: tuple[str, ...]  # the entrants, named ("Ann & Bob" for a fixed team)
    roster: tuple[RosterLine, ...]
    rounds: tuple[RoundView, ...]
    after: tuple[tuple[int, tuple[StandingLine, ...]], ...]  # (round, standings), each round over
    next_round: int | None  # the round that can be paired now, None when none can
    why_not: str | None  # why no round can be paired now
    # The KCMO rotation's tables and the round its draw was made for (None: no draw)
    rotation: tuple[int, int] | None = None


def _side_of(loaded: LoadedSession, team: list[int]) -> Holder:
    """The session's holder (a team, or a player alone) made of the players of ``team``."""
    wanted = set(team)
    for holder in loaded.setup.holders:
        if {p.id for p in players_of(holder)} == wanted:
            return holder
    raise LookupError(f"No side of players {team} in session {loaded.row.id}.")


def live_table(row: ClubTable, names: dict[int, str], time_called: bool) -> LiveTable:
    """A card table now, from its session's replay."""
    loaded = load_session(row.session_id)
    state, options = loaded.state, loaded.options
    holders = [_side_of(loaded, team) for team in row.teams]
    first = state.games[0] if state.games else None
    scores = (
        [first.score(h) for h in holders]
        if first is not None
        else [dict(state.balances)[h] for h in holders]
    )
    figures = [options.to_table(score) for score in scores]
    sides = tuple(
        SideScore(tuple(team), figure) for team, figure in zip(row.teams, figures, strict=True)
    )
    winner = None
    if first is not None:
        winner = sides[holders.index(first.winner)].players
    result = TableResult(row.number, sides, winner) if first or time_called else None
    lines = tuple(
        SideLine(_named(side.players, names), side.score, side.players == winner, side.players)
        for side in sides
    )
    return LiveTable(row.number, row.session_id, lines, len(state.hands), first is not None, result)


def _round_view(
    row: ClubRound, names: dict[int, str], minutes: int | None
) -> tuple[RoundView, RoundResult | None]:
    """A round's view and, when it is over and can be scored, its result."""
    called = row.time_called_at is not None
    tables = tuple(live_table(t, names, called) for t in row.tables)
    byes = tuple(_named(bye, names) for bye in row.byes)
    results = [t.result for t in tables]
    over = all(r is not None for r in results)
    problem, result = None, None
    if over:
        result = RoundResult(pairing_of(row), tuple(r for r in results if r is not None))
        try:
            for one in result.tables:
                one.winning_side()
        except RuleError as error:
            problem, result = error.rule, None
    due = row.started_at + timedelta(minutes=minutes) if minutes else None
    bye_ids = tuple(tuple(bye) for bye in row.byes)
    view = RoundView(row.number, row.started_at, due, called, tables, byes, over, problem, bye_ids)
    return view, result


def _named(players: Sequence[int], names: dict[int, str]) -> str:
    """Players by id (an entrant, a side, a bye) named: ``Ann & Cal``."""
    return " & ".join(names[p] for p in players)


def _walk(night: ClubNight) -> tuple[list[RoundView], list[RoundResult]]:
    """Every round's view, and the results of the rounds over and scored, from the first."""
    names = names_of(night)
    rounds: list[RoundView] = []
    scored: list[RoundResult] = []
    for row in night.rounds_played:
        view, result = _round_view(row, names, night.minutes)
        rounds.append(view)
        if result is not None and len(scored) == len(rounds) - 1:
            scored.append(result)
    return rounds, scored


def night_view(night: ClubNight) -> NightView:
    """The night now: its rounds live, the standings after each round that is over."""
    settings = settings_of(night)
    names = names_of(night)
    entrants = entrants_of(night, settings)
    rounds, scored = _walk(night)
    after = tuple(
        (
            result.pairing.round,
            _lines(standings(settings, entrants, scored[:n]), names),
        )
        for n, result in enumerate(scored, start=1)
    )
    why_not = _why_not(settings, rounds, len(scored))
    next_round = None if why_not else len(rounds) + 1
    players = tuple(_named(e, names) for e in entrants_of(night, settings, playing=True))
    roster = tuple(
        RosterLine(e.player_id, e.player.name, e.team, e.left_after, e.draw) for e in night.entrants
    )
    tables = rotation_tables(night)
    rotation = (tables, night.draw_round) if tables and night.draw_round else None
    return NightView(
        night, settings, players, roster, tuple(rounds), after, next_round, why_not, rotation
    )


def _lines(table: tuple[Standing, ...], names: dict[int, str]) -> tuple[StandingLine, ...]:
    """The standings with each entrant named."""
    return tuple(
        StandingLine(
            s.rank, _named(s.entrant, names), s.wins, s.losses, s.byes, s.points, s.entrant
        )
        for s in table
    )


def _why_not(settings: NightSettings, rounds: list[RoundView], scored: int) -> str | None:
    """Why the next round cannot be paired yet (None: it can)."""
    if rounds and not rounds[-1].over:
        return f"Round {rounds[-1].number} is still being played: finish it or call time."
    if rounds and rounds[-1].problem:
        return rounds[-1].problem
    if len(rounds) >= settings.rounds:
        return f"All {settings.rounds} rounds are played."
    return None if scored == len(rounds) else "An earlier round cannot be scored."


def pair_next(night: ClubNight) -> ClubRound:
    """Pair the next round from the standings now; refused with the reason when a round is
    still being played, cannot be scored, or the night is over."""
    settings = settings_of(night)
    rounds, scored = _walk(night)
    why_not = _why_not(settings, rounds, len(scored))
    if why_not:
        raise SeatingError(Where(Part.SESSION), why_not)
    entrants = entrants_of(night, settings)
    order = [s.entrant for s in standings(settings, entrants, scored)]
    return start_round(night, order)


def pair_next_once(night: ClubNight, request: RequestKey | None) -> tuple[ClubRound, bool, bool]:
    """``pair_next`` once per client key (``created.made_once``): the round, whether the same
    key paired it before and, if so, whether that request sent the same."""
    scope = ClubRound.night_id == night.id
    return made_once(ClubRound, scope, request, lambda: pair_next(night))


def night_stamp(night: ClubNight) -> str:
    """A stamp that changes whenever anything the organiser's page shows may have: the
    night's settings and players, each round's time called, each table's session version."""
    session_ids = [t.session_id for r in night.rounds_played for t in r.tables]
    query = select(GameSession.id, GameSession.version).where(GameSession.id.in_(session_ids))
    versions = {row.id: row.version for row in db.session.execute(query)}
    parts = [str(night.updated_at), str(len(night.entrants))]
    parts += [f"{r.number}:{r.time_called_at}" for r in night.rounds_played]
    parts += [f"{sid}:{versions.get(sid)}" for sid in session_ids]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]
