"""Club nights (docs/club-nights.md): create one, change its settings, add its players, pair
the next round (a session started for each card table) and call time on a round.

Only inputs are written: the settings as chosen, the players in the order they joined, each
round as the engine paired it and the session of each card table. Standings are worked out
by ``clubresults`` from those sessions' replays. Changing the settings never touches a
session, so no hand entered at a table is lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import select

from ...extensions import db
from ...models import ClubEntrant, ClubNight, ClubRound, ClubTable, Table, utcnow
from ...rules.club.pairing import Entrant, Pairing, Seating, check_entrants, pair_round
from ...rules.club.rotation import Slot, deal, pair_rotation, seat_late, tables_of
from ...rules.club.settings import Movement, NightSettings
from ...rules.errors import Checks, OptionError, Part, PlayerError, RuleError, Where, option
from ...rules.game.options import Options
from ...rules.game.shape import Shape
from ..created import RequestKey, made_once
from ..keyset import Page, Paged, page_of
from ..notfound import NotFound
from ..sessions import create_session
from ..tables import clean_name, find_or_add_player

NIGHT_NAME = Where(Part.NAME)
SETTINGS: tuple[str, ...] = ("system", "table_size", "team_size", "rounds", "minutes")
SETTINGS += ("points", "movement", "byes", "ranking")
FIXED_AT_FIRST_ROUND = ("system", "table_size", "team_size")
"""Settings the sessions of a paired round were started with: they stay as they are."""
shuffle_hat: Callable[[list[Entrant]], None] = random.SystemRandom().shuffle
"""How the app draws the KCMO numbers: the teams shuffled in place (tests put theirs)."""


def settings_of(night: ClubNight) -> NightSettings:
    """The night's settings in the engine's terms."""
    return NightSettings(
        night.system, night.table_size, night.team_size, night.rounds, night.minutes,
        night.points, Movement(night.movement), night.byes, night.ranking,
    )  # fmt: skip


def _movement(value: object) -> Movement:
    """The movement named ``value``, or an ``OptionError`` naming those there are."""
    try:
        return Movement(value)
    except ValueError:
        known = ", ".join(m.value for m in Movement)
        raise OptionError(
            option("movement"), f"'{value}' is not a movement; choose one of {known}."
        ) from None


def game_options(settings: NightSettings) -> Options:
    """The house rules each table's session starts with: the game's, at the night's table,
    played to the round's points when it has them."""
    preset = Options.preset(settings.system)
    if not preset.system.present.in_games:
        raise OptionError(
            option("system"),
            f"A club night ranks on points: {preset.system.label} is played for chips; "
            "choose a game played to a score.",
        )
    data = preset.to_dict()
    data["shape"] = str(Shape(settings.table_size, settings.team_size))
    if settings.points is not None:
        data["target"] = preset.from_table(settings.points)
    try:
        return Options.from_dict(data)
    except RuleError as error:
        raise OptionError(
            option("table_size"),
            f"{preset.system.label} is not played at tables of {settings.table_size} in "
            f"teams of {settings.team_size}: {error.rule}",
        ) from None


def checked_settings(data: Mapping[str, Any]) -> tuple[NightSettings, Options]:
    """The settings in ``data`` (one value per name of ``SETTINGS``), every broken rule
    refused at once, with the game's options."""
    checks = Checks()
    movement = checks.run(_movement, data["movement"])
    settings = NightSettings(**{**data, "movement": movement or Movement.FIXED})
    checks.run(settings.check)
    options = checks.run(game_options, settings) if checks.passed else None
    checks.done()
    assert options is not None, "settings that broke no rule have the game's options"
    return settings, options


def _write_settings(night: ClubNight, settings: NightSettings, options: Options) -> None:
    """Store ``settings`` (and the game's options) on ``night``."""
    for name in SETTINGS:
        value = getattr(settings, name)
        setattr(night, name, value.value if isinstance(value, Movement) else value)
    night.options = {k: v for k, v in options.to_dict().items() if k != "system"}
    night.updated_at = utcnow()


def clean_night_name(name: str) -> str:
    """A night's name with spaces tidied, refused when empty or longer than 80."""
    tidied = " ".join((name or "").split())
    if not tidied:
        raise PlayerError(NIGHT_NAME, "A club night needs a name.")
    if len(tidied) > 80:
        raise PlayerError(NIGHT_NAME, "A club night's name is at most 80 characters.")
    return tidied


def create_night(table: Table, name: str, data: Mapping[str, Any]) -> ClubNight:
    """A new night of ``table`` with the settings in ``data``; every problem refused at once."""
    checks = Checks()
    cleaned = checks.run(clean_night_name, name)
    checked = checks.run(checked_settings, data)
    checks.done()
    assert cleaned is not None and checked is not None
    night = ClubNight(table=table, name=cleaned)
    _write_settings(night, *checked)
    db.session.add(night)
    db.session.flush()
    return night


def create_night_once(
    table: Table, name: str, data: Mapping[str, Any], request: RequestKey | None
) -> tuple[ClubNight, bool, bool]:
    """``create_night`` once per client key (``created.made_once``): the night, whether the
    same key made it before and, if so, whether that request sent the same."""
    scope = ClubNight.table_id == table.id
    return made_once(ClubNight, scope, request, lambda: create_night(table, name, data))


def change_settings(night: ClubNight, data: Mapping[str, Any]) -> None:
    """Change the night's settings; the game and the tables stay once a round is paired (its
    sessions were started with them); later rounds play to the new limit. The sessions
    already started are never touched: no hand entered at a table is lost."""
    paired = len(night.rounds_played)
    if paired:
        now = settings_of(night)
        checks = Checks()
        for name in FIXED_AT_FIRST_ROUND:
            if data[name] != getattr(now, name):
                checks.add(
                    OptionError(
                        option(name),
                        "Round 1 is paired: the game and the tables stay as they are "
                        f"({now.system}, {now.table_size} a table in teams of {now.team_size}).",
                    )
                )
        if isinstance(data["rounds"], int) and data["rounds"] < paired:
            checks.add(
                OptionError(
                    option("rounds"),
                    f"{paired} round{'s are' if paired > 1 else ' is'} paired already: "
                    "the night has at least that many.",
                )
            )
        checks.done()
    settings, options = checked_settings(data)
    _write_settings(night, settings, options)


def load_night(night_id: int, table: Table) -> ClubNight:
    """The night ``night_id`` of ``table``; ``NotFound`` otherwise."""
    night = db.session.get(ClubNight, night_id)
    if night is None or night.table_id != table.id:
        raise NotFound(f"No club night {night_id}.")
    return night


def list_nights(table: Table) -> list[ClubNight]:
    """The table's club nights, newest first."""
    query = select(ClubNight).where(ClubNight.table_id == table.id)
    return list(db.session.scalars(query.order_by(ClubNight.created_at.desc(), ClubNight.id)))


def night_page(table: Table, page: Page) -> Paged[ClubNight]:
    """A page of the table's club nights, newest first."""
    query = select(ClubNight).where(ClubNight.table_id == table.id)
    return page_of(query, (ClubNight.created_at, ClubNight.id), page, descending=True)


def add_player(night: ClubNight, name: str, team: int | None = None) -> ClubEntrant:
    """Add a player to the night (from the table's roster, or new to it); ``team`` numbers
    fixed partners. A player who left comes back; one already playing is refused."""
    cleaned = clean_name(name, Where(Part.PLAYERS))
    if team is not None and not 1 <= team <= 99:
        raise PlayerError(Where(Part.PLAYERS), "A team is numbered 1 to 99.")
    player = find_or_add_player(night.table, cleaned)
    known = next((e for e in night.entrants if e.player_id == player.id), None)
    if known is not None and known.left_after is None:
        raise PlayerError(Where(Part.PLAYERS), f"{player.name} is playing tonight already.")
    if known is not None:
        known.left_after, known.team = None, team
        return known
    position = max((e.position for e in night.entrants), default=0) + 1
    entrant = ClubEntrant(player=player, position=position, team=team)
    night.entrants.append(entrant)
    db.session.flush()
    return entrant


def add_player_once(
    night: ClubNight, name: str, team: int | None, request: RequestKey | None
) -> tuple[ClubEntrant, bool, bool]:
    """``add_player`` once per client key (``created.made_once``): the player added, whether
    the same key added them before and, if so, whether that request sent the same."""
    scope = ClubEntrant.night_id == night.id
    return made_once(ClubEntrant, scope, request, lambda: add_player(night, name, team))


def remove_player(night: ClubNight, player_id: int) -> str:
    """Take a player off the night: one who has played leaves (paired no more, their results
    kept), one who has not is forgotten. Their name, for the page to say."""
    entrant = next((e for e in night.entrants if e.player_id == player_id), None)
    if entrant is None or entrant.left_after is not None:
        raise NotFound(f"No player {player_id} playing tonight.")
    groups = [
        g for r in night.rounds_played for g in (*r.byes, *(m for t in r.tables for m in t.teams))
    ]
    played = any(player_id in group for group in groups)
    name = entrant.player.name
    if played:
        entrant.left_after = len(night.rounds_played)
    else:
        night.entrants.remove(entrant)
    db.session.flush()
    return name


def entrants_of(night: ClubNight, settings: NightSettings, playing: bool = False) -> list[Entrant]:
    """The night's entrants in the order they joined (``playing``: only those still
    playing): fixed teams (by team number, each in the order its players joined) or players
    one by one."""
    rows = [e for e in night.entrants if not (playing and e.left_after is not None)]
    if not settings.plays_as_teams:
        return [(e.player_id,) for e in rows]
    teams: dict[object, list[int]] = {}
    for e in rows:
        teams.setdefault(e.team if e.team is not None else ("alone", e.id), []).append(e.player_id)
    return [tuple(players) for players in teams.values()]


def names_of(night: ClubNight) -> dict[int, str]:
    """Each player's name by id."""
    return {e.player_id: e.player.name for e in night.entrants}


def pairing_of(row: ClubRound) -> Pairing:
    """A stored round as the engine's pairing."""
    tables = tuple(Seating(t.number, tuple(tuple(team) for team in t.teams)) for t in row.tables)
    return Pairing(row.number, tables, tuple(tuple(bye) for bye in row.byes))


def start_round(night: ClubNight, standings: Sequence[Entrant]) -> ClubRound:
    """Pair the next round from ``standings`` (best first) and start a session at each card
    table, its teams seated as partners sit (``Seating.seats``), the first seat dealing."""
    settings = settings_of(night)
    if len(night.rounds_played) >= settings.rounds:
        raise OptionError(
            option("rounds"), f"All {settings.rounds} rounds are paired: the night is over."
        )
    names = names_of(night)
    earlier = [pairing_of(r) for r in night.rounds_played]
    playing = entrants_of(night, settings, playing=True)
    order = [e for e in standings if e in playing]
    order += [e for e in playing if e not in order]  # a team made anew since
    if settings.movement is Movement.KCMO:
        check_entrants(settings, playing, names)
        pairing = _rotation_round(night, playing, len(earlier) + 1)
    else:
        pairing = pair_round(settings, playing, order, earlier, names)
    data = {"system": night.system, **night.options}
    row = ClubRound(number=pairing.round, byes=[list(bye) for bye in pairing.byes])
    for seating in pairing.tables:
        seats = [names[p] for p in seating.seats]
        session = create_session(night.table, data, seats, 0)
        row.tables.append(
            ClubTable(
                number=seating.table,
                teams=[list(team) for team in seating.teams],
                session=session,
            )
        )
    night.rounds_played.append(row)
    db.session.flush()
    return row


def draw_of(night: ClubNight) -> dict[Entrant, Slot]:
    """Each playing team's number in the KCMO draw (teams without one left out): the number
    its first player to have drawn holds, unless a team that joined before holds it."""
    settings = settings_of(night)
    drawn = {e.player_id: Slot.parse(e.draw) for e in night.entrants if e.draw is not None}
    draw: dict[Entrant, Slot] = {}
    for team in entrants_of(night, settings, playing=True):
        slot = next((drawn[p] for p in team if p in drawn), None)
        if slot is not None and slot not in draw.values():
            draw[team] = slot
    return draw


def rotation_tables(night: ClubNight) -> int | None:
    """The tables the KCMO rotation goes round (None: no draw made yet)."""
    drawn = [Slot.parse(e.draw) for e in night.entrants if e.draw is not None]
    return max(slot.table for slot in drawn) if drawn else None


def _rotation_round(night: ClubNight, playing: list[Entrant], number: int) -> Pairing:
    """Round ``number`` by the KCMO rotation: the draw made now when there is none (the
    teams shuffled, then given 1A, 1B, 2A...), a team that joined since given a free
    number; every number written on its players, so a replay seats the same tables."""
    names = names_of(night)
    tables, since = rotation_tables(night), night.draw_round
    if tables is None or since is None:
        hat = list(playing)
        shuffle_hat(hat)
        draw, since = deal(hat), number
        tables = tables_of(draw)
    else:
        draw = seat_late(draw_of(night), tables, playing, names)
    pairing = pair_rotation(draw, tables, number - since, number, night.byes)
    night.draw_round = since
    by_player = {p: str(slot) for team, slot in draw.items() for p in team}
    for entrant in night.entrants:
        if entrant.player_id in by_player:
            entrant.draw = by_player[entrant.player_id]
    return pairing


def call_time(night: ClubNight) -> None:
    """Call time on the round being played: each table not finished is decided on its score."""
    if not night.rounds_played:
        raise OptionError(option("rounds"), "No round is being played.")
    last = night.rounds_played[-1]
    if last.time_called_at is None:
        last.time_called_at = utcnow()
