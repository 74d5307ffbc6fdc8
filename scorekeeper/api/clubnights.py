"""Club nights (docs/club-nights.md): list and create them, read one (its settings, players,
rounds with their tables live, the standings after each round), change its settings, add and
remove a player, pair the next round and call time, as the organiser's pages do, through the
same service functions. Each change may name the version it was based on (``If-Match``: 412
``stale-club-night`` when the night changed since) and answers the night with its new ETag.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING

from flask import Response, url_for

from ..access import current_table
from ..rules.errors import Part, RuleError
from ..services.club import nights
from ..services.club import results as clubresults
from ..services.club.nights import SETTINGS
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import content_tag, json_response, optional_match, tagged
from .protocol.headers import made_once, tagged_read, with_headers
from .protocol.idempotency import key_reused, request_key
from .protocol.paging import IN_PAGES, PageQuery, listed, page_asked, paged_read
from .protocol.problems import BODILESS, BUSY, ApiProblem, FieldProblem, Problem
from .schemas.clubnights import (
    FIELDS,
    ClubEntrantCreate,
    ClubEntrantPath,
    ClubNightChange,
    ClubNightCreate,
    ClubNightList,
    ClubNightMatchHeaders,
    ClubNightOut,
    ClubNightPath,
    engine_settings,
    night_out,
    night_summary,
)
from .schemas.common import CreateHeaders, ReadHeaders

if TYPE_CHECKING:
    from ..models import ClubNight

bp = api_blueprint(
    "club_nights",
    "Club nights",
    "A club night of several card tables: its settings, players, rounds paired on the "
    "standings (a session at each table) and the standings after each round.",
)


def _stale(current: str) -> ApiProblem:
    """A change of a night based on a version that is not ``current``: 412."""
    return ApiProblem(
        412,
        ProblemCode.STALE_CLUB_NIGHT,
        "If-Match: this club night was changed since you read it (its settings or players, a "
        "round paired, a hand entered at one of its tables); nothing was changed. Read it "
        "again and make your change on it.",
        headers={"ETag": current},
    )


BODILESS.update({"api_club_nights.pair_club_round", "api_club_nights.call_club_time"})

CHANGED = {
    200: with_headers(ClubNightOut, "ETag"),
    404: Problem,
    412: with_headers(Problem, "ETag"),
    422: Problem,
    **BUSY,
}
"""The answers of a change of a night: the night with its new ETag, or why not."""


def _field(one: RuleError) -> str | None:
    """The body's field a refusal of the night's name, settings or player is at (None: the
    night as a whole, such as a round that cannot be paired)."""
    where = one.where
    if where.part is Part.OPTION and where.option in SETTINGS:
        return FIELDS.get(where.option, where.option)
    if where.part in (Part.NAME, Part.PLAYERS) and where.player is None:
        return "name"
    return None


@contextmanager
def refused(body: bool = True) -> Iterator[None]:
    """Each rule the services refuse, as one 422 ``rule-broken`` naming each field of the
    ``body`` at fault (a refusal of the night as a whole, such as a round that cannot be
    paired, or of a request without a body, names none)."""
    try:
        yield
    except RuleError as error:
        placed = [(_field(one) if body else None, one.rule) for one in error.each]
        problems = [FieldProblem(field=f, message=f"{f}: {rule}") for f, rule in placed if f]
        said = [f"{f}: {rule}" if f else rule for f, rule in placed]
        detail = said[0] if len(said) == 1 else "Some inputs break the rules."
        raise ApiProblem(422, ProblemCode.RULE_BROKEN, detail, problems) from error


def _night(night_id: int) -> ClubNight:
    """The night of this table (a 404 problem otherwise)."""
    return nights.load_night(night_id, current_table())


def _out(night: ClubNight) -> ClubNightOut:
    return night_out(clubresults.night_view(night))


def _tag(out: ClubNightOut) -> str:
    """The night's ETag: the one its read (``GET /club-nights/{id}``) carries."""
    return content_tag(out.model_dump(mode="json"))


def _changing(night_id: int) -> ClubNight:
    """The night of this table a change is made to; 412 when the change names a version of it
    (If-Match) that is not the latest."""
    night = _night(night_id)
    optional_match(_tag(_out(night)), _stale)
    return night


def _answer(night: ClubNight, status: int = 200) -> Response:
    """The night after a change, with its new ETag."""
    out = _out(night)
    return json_response(out, status, ETag=_tag(out))


@bp.get(
    "/club-nights",
    summary="List the table's club nights",
    description=f"Newest first, {IN_PAGES}; each with its settings and how many players and "
    "rounds it has (read a night for its tables and standings).",
    responses=paged_read(ClubNightList),
)
def list_club_nights(query: PageQuery, header: ReadHeaders):
    """The table's club nights, newest first, a page at a time."""
    found = nights.night_page(current_table(), page_asked(query, datetime, int))
    return listed(ClubNightList, found, query, club_nights=[night_summary(n) for n in found.items])


@bp.post(
    "/club-nights",
    summary="Create a club night",
    description="Its name and settings, every refusal at its field (422), as the page's form "
    "refuses them. With an Idempotency-Key, sending the same body again makes nothing new "
    "(200, the night the first request made, as it stands); another body under the same key "
    "is refused (422).",
    responses={**made_once(ClubNightOut, "Location", links="club-night"), 422: Problem, **BUSY},
)
def create_club_night(body: ClubNightCreate, header: CreateHeaders):
    """Create a club night (once per Idempotency-Key)."""
    key = request_key(header.idempotency_key, "club-nights", body)
    with refused():
        night, repeated, matches = nights.create_night_once(
            current_table(), body.name, engine_settings(body), key
        )
    if not matches:
        raise key_reused("club night")
    location = url_for("api_club_nights.read_club_night", night_id=night.id)
    return json_response(_out(night), 200 if repeated else 201, Location=location)


@bp.get(
    "/club-nights/<id:night_id>",
    summary="Read a club night",
    description="Its settings, players, every round's tables live (each table's session, "
    "sides and scores), the standings after each round over, and whether the next round can "
    "be paired. Answered 304 to If-None-Match with the current ETag.",
    responses={**tagged_read(ClubNightOut, links="club-night"), 404: Problem},
)
def read_club_night(path: ClubNightPath, header: ReadHeaders):
    """A club night as the organiser's page shows it."""
    return tagged(_out(_night(path.night_id)))


@bp.patch(
    "/club-nights/<id:night_id>",
    summary="Change a club night's settings",
    description="The settings sent change, the rest are kept. Once round 1 is paired the "
    "game and the tables stay and the rounds cannot drop below those paired (422). Nothing a "
    "table entered is touched: the sessions already started keep their rules and every hand; "
    "later rounds follow the new settings.",
    responses=CHANGED,
)
def change_club_night(path: ClubNightPath, body: ClubNightChange, header: ClubNightMatchHeaders):
    """Change the night's settings; what the tables entered is never touched."""
    night = _changing(path.night_id)
    with refused():
        nights.change_settings(night, engine_settings(body, night))
    return _answer(night)


@bp.post(
    "/club-nights/<id:night_id>/entrants",
    summary="Add a player to a club night",
    description="A player of the table by that name, or a new one; a team number groups "
    "fixed partners. A player who left comes back; one playing already is refused (422). "
    "With an Idempotency-Key, sending the same body again adds nothing (200, the night as it "
    "stands); another body under the same key is refused (422).",
    responses={**CHANGED, **made_once(ClubNightOut, "ETag")},
)
def add_club_entrant(path: ClubNightPath, body: ClubEntrantCreate, header: CreateHeaders):
    """Add a player to the night (once per Idempotency-Key)."""
    night = _night(path.night_id)
    key = request_key(header.idempotency_key, "club-night-entrants", body)
    with refused():
        _, repeated, matches = nights.add_player_once(night, body.name, body.team_number, key)
    if not matches:
        raise key_reused("player added")
    return _answer(night, 200 if repeated else 201)


@bp.delete(
    "/club-nights/<id:night_id>/entrants/<id:player_id>",
    summary="Take a player off a club night",
    description="One who has not played yet is forgotten; one who has played leaves, keeps "
    "every result in the standings and is paired no more.",
    responses=CHANGED,
)
def remove_club_entrant(path: ClubEntrantPath, header: ClubNightMatchHeaders):
    """Take a player off the night."""
    night = _changing(path.night_id)
    nights.remove_player(night, path.player_id)
    return _answer(night)


@bp.post(
    "/club-nights/<id:night_id>/rounds",
    summary="Pair a club night's next round",
    description="Paired on the standings now, a session started at each card table. Refused "
    "with the reason (422) while a round is still being played, when a round cannot be "
    "scored or paired (too few players, byes not allowed, a player without a partner), or "
    "when every round is paired. With an Idempotency-Key, sending the request again pairs "
    "nothing new (200, the night as it stands).",
    responses={**CHANGED, **made_once(ClubNightOut, "ETag")},
)
def pair_club_round(path: ClubNightPath, header: CreateHeaders):
    """Pair the next round (once per Idempotency-Key)."""
    night = _night(path.night_id)
    key = request_key(header.idempotency_key, "club-night-rounds", None)
    with refused(body=False):
        _, repeated, _ = clubresults.pair_next_once(night, key)
    return _answer(night, 200 if repeated else 201)


@bp.post(
    "/club-nights/<id:night_id>/call-time",
    summary="Call time on a club night's round",
    description="Every table of the round being played that has not finished its game is "
    "decided on its score now. Refused (422) before round 1 is paired.",
    responses=CHANGED,
)
def call_club_time(path: ClubNightPath, header: ClubNightMatchHeaders):
    """Call time on the round being played."""
    night = _changing(path.night_id)
    with refused(body=False):
        nights.call_time(night)
    return _answer(night)
