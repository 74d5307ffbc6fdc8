"""Club nights as the API lists, creates, reads and changes them (docs/club-nights.md).

The settings' names follow the API's ones (``round_count``, ``byes_allowed``); their values
are the engine's own: the movements and the ranking rules are made from the engine's lists
(``rules.clubsettings.Movement`` and ``RANKINGS``) in kebab-case, so a movement the engine
gains is offered here too. ``engine_settings`` turns a body back into the engine's terms.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from ...rules.club.settings import MAX_ROUNDS, MINUTES, POINTS, RANKINGS, Movement
from ...rules.game.variant import CLUB_NIGHT_GAME, Game
from ...services.club.nights import SETTINGS, settings_of
from ...services.club.results import LiveTable, NightView, RoundView, StandingLine
from ...services.handfields import Id
from ...services.tables import MAX_NAME
from ..protocol.paging import NextCursor
from .common import Answer, RequestBody, RequestParameters, utc
from .games import GameSystem

if TYPE_CHECKING:
    from ...models import ClubNight


def _kebab(value: str) -> str:
    return value.replace("_", "-")


ClubMovement = StrEnum(  # type: ignore[misc]
    "ClubMovement", {m.name: _kebab(m.value) for m in Movement}, module=__name__
)
"""How players move between rounds: the engine's movements, each by its value."""
ClubMovement.__doc__ = "How players move between rounds: " + "; ".join(
    f"{_kebab(m.value)}, {m.label.lower()}" for m in Movement
)
ClubRanking = StrEnum(  # type: ignore[misc]
    "ClubRanking", {key.upper(): _kebab(key) for key in RANKINGS}, module=__name__
)
ClubRanking.__doc__ = "The ranking rules: " + "; ".join(
    f"{_kebab(key)}, {r.label} ({r.words})" for key, r in RANKINGS.items()
)

MOVEMENTS = {_kebab(m.value): m.value for m in Movement}
RANKING_KEYS = {_kebab(key): key for key in RANKINGS}

FIELDS = {"rounds": "round_count", "byes": "byes_allowed"}
"""The body's field of each setting the engine names otherwise (the rest keep their name)."""
NIGHT_NAME_TYPED = 80 * 4
"""The longest name read: spaces are tidied first, then at most 80 characters are kept."""


class ClubNightPath(BaseModel):
    """A club night in the URL."""

    night_id: Id


class ClubEntrantPath(BaseModel):
    """A player of a club night in the URL."""

    night_id: Id
    player_id: Id


class ClubNightMatchHeaders(RequestParameters):
    """The version of the club night a change of it is based on (optional)."""

    if_match: str | None = Field(
        None,
        alias="If-Match",
        description="The club night's ETag, as last read: when the night changed since (its "
        "settings or players, a round paired, a hand entered at one of its tables), nothing "
        "is changed (412). '*' matches any version. Without it the change is made as sent.",
    )


class _Settings(RequestBody):
    """The settings every body of a night's settings shares."""

    table_size: int = Field(4, description="Players a table, 2 to 8.")
    team_size: int = Field(2, description="Players a team, 1 for each for themselves.")
    round_count: int = Field(8, description=f"Rounds, 1 to {MAX_ROUNDS}.")
    minutes: int | None = Field(
        50, description=f"A round's minutes, {MINUTES[0]} to {MINUTES[1]}; null: no time limit."
    )
    points: int | None = Field(
        500,
        description=f"The points a round is played to, as the table writes them, {POINTS[0]} "
        f"to {POINTS[1]}; null: no points limit. A round needs minutes, points or both.",
    )
    movement: ClubMovement = Field(
        ClubMovement(_kebab(Movement.FIXED.value)),
        strict=False,  # an enum: its value as JSON text
        description="How players move between rounds.",
    )
    byes_allowed: bool = Field(
        True, description="Whether a round may give byes when the players do not fill tables."
    )
    ranking: ClubRanking = Field(
        ClubRanking("kcmo"),
        strict=False,  # an enum: its value as JSON text
        description="The ranking rules.",
    )


class ClubNightCreate(_Settings):
    """A new club night: its name and settings. Those left out are KCMO's: tables of 4 in
    teams of 2, 8 rounds of 50 minutes or 500 points, fixed partners, byes allowed, ranked by
    the KCMO rules."""

    name: str = Field(
        max_length=NIGHT_NAME_TYPED,
        description="The night's name, such as 'Thursday club': 1 to 80 characters once "
        "spaces are tidied.",
    )
    system: GameSystem = Field(
        description="The game every table plays: one played to a score (a night ranks on points).",
    )


class ClubNightChange(_Settings):
    """The night's settings to change: those sent change, those left out are kept. Once
    round 1 is paired the game and the tables stay, and the rounds cannot drop below those
    paired; nothing a table entered is touched."""

    system: GameSystem = Field(
        CLUB_NIGHT_GAME.key,
        validate_default=True,
        description="The game every table plays.",
    )


class ClubEntrantCreate(RequestBody):
    """A player joining the night: from the table's players, or new to it."""

    name: str = Field(
        max_length=MAX_NAME * 4,
        description=f"The player's name: 1 to {MAX_NAME} characters once spaces are tidied; "
        "a player of the table by that name whatever its case, or a new one. A player who "
        "left the night comes back.",
    )
    team_number: int | None = Field(
        None,
        ge=1,
        le=99,
        description="Fixed partners: the team number, 1 to 99, that groups partners. Left "
        "out: no team.",
    )


def engine_settings(body: _Settings, night: ClubNight | None = None) -> dict[str, Any]:
    """The settings ``body`` sends in the engine's terms (a value per name of
    ``services.clubnights.SETTINGS``); with ``night``, those it leaves out are the night's."""
    kept = None if night is None else settings_of(night)
    data: dict[str, Any] = {}
    for name in SETTINGS:
        field = FIELDS.get(name, name)
        if kept is not None and field not in body.model_fields_set:
            value = getattr(kept, name)
        else:
            value = getattr(body, field)
        data[name] = value.value if isinstance(value, Enum | Game) else value
    data["movement"] = MOVEMENTS.get(data["movement"], data["movement"])
    data["ranking"] = RANKING_KEYS.get(data["ranking"], data["ranking"])
    return data


class ClubSettingsOut(Answer):
    """A night's settings, named as in the bodies that set them."""

    system: str = Field(description="The game every table plays, e.g. 'partnership'.")
    table_size: int
    team_size: int
    round_count: int = Field(description="Rounds the night has.")
    minutes: int | None = Field(description="A round's minutes; null: no time limit.")
    points: int | None = Field(description="A round's points; null: no points limit.")
    movement: ClubMovement
    byes_allowed: bool
    ranking: ClubRanking


class ClubEntrantOut(Answer):
    """A player of the night, in the order they joined."""

    player_id: Id
    name: str
    team_number: int | None = Field(description="The fixed partners' team number, or null.")
    left_after: int | None = Field(
        description="The rounds paired when the player left the night (paired no more, "
        "their results kept); null while playing."
    )


class ClubSideOut(Answer):
    """One side of a card table: its players and its score now."""

    player_ids: list[Id]
    names: str = Field(description="For display: 'Ann & Bob'.")
    score: int = Field(description="The side's score now, as the table writes it.")
    won: bool = Field(description="The side won the table's game (its points reached).")


class ClubTableOut(Answer):
    """A card table of a round: its session (the phones enter hands there) and its sides."""

    number: int
    session_id: Id = Field(description="The table's session: GET /api/v1/sessions/{id}.")
    sides: list[ClubSideOut] = Field(description="The teams as seated, partners across.")
    hand_count: int = Field(description="How many hands the table has entered.")
    finished: bool = Field(description="The table's game is over (the round's points).")
    decided: bool = Field(
        description="The table counts in the round's results: its game is over, or time was called."
    )


class ClubByeOut(Answer):
    """An entrant with a bye in a round."""

    player_ids: list[Id]
    names: str


class ClubRoundOut(Answer):
    """A round as paired, its tables live."""

    number: int
    started_at: datetime
    due_at: datetime | None = Field(description="When its minutes are up (null: no limit).")
    time_called: bool
    over: bool = Field(description="Every table finished its game, or time was called.")
    problem: str | None = Field(description="Why a round over cannot be scored, or null.")
    byes: list[ClubByeOut]
    tables: list[ClubTableOut]


class ClubStandingOut(Answer):
    """An entrant's place: a player, or a fixed team's players."""

    rank: int
    player_ids: list[Id]
    names: str
    win_count: int
    loss_count: int
    bye_count: int
    points: int = Field(description="Total points, byes' included, as the table writes them.")


class ClubStandingsOut(Answer):
    """The standings after a round that is over."""

    round_number: int
    standings: list[ClubStandingOut] = Field(description="Best first.")


class ClubNightSummary(Answer):
    """A club night in the list of the table's nights."""

    id: Id
    name: str
    settings: ClubSettingsOut
    entrant_count: int = Field(description="Players still playing tonight.")
    paired_round_count: int = Field(description="Rounds paired so far.")
    created_at: datetime
    updated_at: datetime


class ClubNightOut(ClubNightSummary):
    """A club night: its settings, players, rounds with their tables live, and the standings
    after each round that is over."""

    entrants: list[ClubEntrantOut]
    rounds: list[ClubRoundOut]
    after_rounds: list[ClubStandingsOut] = Field(
        description="The standings after each round over, the first first."
    )
    next_round: int | None = Field(description="The round that can be paired now, or null.")
    why_not: str | None = Field(description="Why no round can be paired now, or null.")


class ClubNightList(BaseModel):
    """A page of the table's club nights, newest first."""

    club_nights: list[ClubNightSummary]
    next_cursor: NextCursor


def settings_out(night: ClubNight) -> ClubSettingsOut:
    """A night's settings as the API names them."""
    settings = settings_of(night)
    return ClubSettingsOut(
        system=settings.system,
        table_size=settings.table_size,
        team_size=settings.team_size,
        round_count=settings.rounds,
        minutes=settings.minutes,
        points=settings.points,
        movement=ClubMovement(_kebab(settings.movement.value)),
        byes_allowed=settings.byes,
        ranking=ClubRanking(_kebab(settings.ranking)),
    )


def night_summary(night: ClubNight) -> ClubNightSummary:
    """A night in the list: no table is replayed."""
    return ClubNightSummary(**_summary_fields(night))


def _summary_fields(night: ClubNight) -> dict[str, Any]:
    return {
        "id": night.id,
        "name": night.name,
        "settings": settings_out(night),
        "entrant_count": sum(1 for e in night.entrants if e.left_after is None),
        "paired_round_count": len(night.rounds_played),
        "created_at": utc(night.created_at),
        "updated_at": utc(night.updated_at),
    }


def _table(table: LiveTable) -> ClubTableOut:
    sides = [
        ClubSideOut(player_ids=list(s.player_ids), names=s.names, score=s.score, won=s.won)
        for s in table.sides
    ]
    return ClubTableOut(
        number=table.number,
        session_id=table.session_id,
        sides=sides,
        hand_count=table.hands,
        finished=table.finished,
        decided=table.result is not None,
    )


def _round(row: RoundView) -> ClubRoundOut:
    byes = [
        ClubByeOut(player_ids=list(ids), names=names)
        for ids, names in zip(row.bye_ids, row.byes, strict=True)
    ]
    return ClubRoundOut(
        number=row.number,
        started_at=utc(row.started_at),
        due_at=None if row.due_at is None else utc(row.due_at),
        time_called=row.time_called,
        over=row.over,
        problem=row.problem,
        byes=byes,
        tables=[_table(t) for t in row.tables],
    )


def _standing(line: StandingLine) -> ClubStandingOut:
    return ClubStandingOut(
        rank=line.rank,
        player_ids=list(line.player_ids),
        names=line.name,
        win_count=line.wins,
        loss_count=line.losses,
        bye_count=line.byes,
        points=line.points,
    )


def night_out(view: NightView) -> ClubNightOut:
    """A night as ``clubresults.night_view`` worked it out."""
    entrants = [
        ClubEntrantOut(
            player_id=r.player_id, name=r.name, team_number=r.team, left_after=r.left_after
        )
        for r in view.roster
    ]
    after = [
        ClubStandingsOut(round_number=n, standings=[_standing(line) for line in lines])
        for n, lines in view.after
    ]
    return ClubNightOut(
        **_summary_fields(view.night),
        entrants=entrants,
        rounds=[_round(r) for r in view.rounds],
        after_rounds=after,
        next_round=view.next_round,
        why_not=view.why_not,
    )
