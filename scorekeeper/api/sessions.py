"""Sessions: create, list, read, change house rules, end or reopen; the standings polled by
every phone at the table (answered 304 while nothing changed)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import json, url_for
from pydantic import BaseModel

from ..access import current_table
from ..rules.errors import OptionError, Part, Where
from ..services import saved_rules as rules_service
from ..services import sessions as session_service
from ..services.created import create_once
from ..services.notfound import NotFound
from ..services.settle import settle_both
from ..web.recent import Recent
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import (
    content_tag,
    json_response,
    not_modified,
    optional_match,
    rendered_response,
    tagged,
    unchanged,
)
from .protocol.headers import made_once, tagged_read, with_headers
from .protocol.idempotency import key_reused, request_key
from .protocol.paging import IN_PAGES, PageQuery, listed, page_asked, paged_read
from .protocol.problems import BUSY, Problem, broken_in, field_problem, rule_problem
from .schemas.common import CreateHeaders, ReadHeaders, SessionMatchHeaders, SessionPath
from .schemas.sessions import (
    SessionChange,
    SessionCreate,
    SessionList,
    SessionOut,
    session_out,
    summary,
)
from .schemas.standings import Standings, session_standings

bp = api_blueprint("sessions", "Sessions", "Create, read, change and end a table's sessions.")

STANDINGS_FORMAT = 2  # grows when the standings' shape changes, so old tags stop matching
STANDINGS: Recent[str, str] = Recent(256)
"""The standings already rendered in this worker, by ETag. A tag made from what the database
holds now (a session's random token and version, which every change bumps) always names the
same body, so phones polling one version share one rendering."""


def load(session_id: int) -> session_service.LoadedSession:
    """The session of this table, replayed (a 404 problem when there is none)."""
    return session_service.load_session(session_id, current_table())


def no_system_among_options(body: BaseModel) -> None:
    """``system`` among the body's options is refused: the game is chosen by the body's own
    ``system``."""
    if "system" in (getattr(body, "options", None) or {}):
        raise rule_problem(
            OptionError(
                Where(Part.SYSTEM), "The game system is not a house rule: it is set by "
                "'system' when the session starts, and cannot change.",
            ),
            body,
        )  # fmt: skip


def _session(loaded: session_service.LoadedSession, new: bool = False) -> SessionOut:
    """The session as the API shows it, settled both ways at once (``new``: started by this
    request, so no payment toward it is read)."""
    return session_out(loaded, *settle_both(loaded, new=new))


@bp.get(
    "/sessions",
    summary="List the table's sessions",
    description=f"Newest first, {IN_PAGES}.",
    responses=paged_read(SessionList),
)
def list_sessions(query: PageQuery, header: ReadHeaders):
    """The table's sessions, newest first, a page at a time."""
    table = current_table()
    found = session_service.session_page(table, page_asked(query, datetime, int))
    counts = session_service.hand_counts(table, [row.id for row in found.items])
    sessions = [summary(row, counts.get(row.id, 0)) for row in found.items]
    return listed(SessionList, found, query, sessions=sessions)


@bp.post(
    "/sessions",
    summary="Start a session",
    description="With an Idempotency-Key, sending the same body again starts nothing new (200, "
    "the session the first request started, as it stands); another body under the same key "
    "is refused (422).",
    responses={**made_once(SessionOut, "Location", links="session"), 422: Problem, **BUSY},
)
def create_session(body: SessionCreate, header: CreateHeaders):
    """Start a session: the game (a preset, or the table's saved rules), its house rules, the
    players clockwise, the first dealer (once per Idempotency-Key)."""
    key = request_key(header.idempotency_key, "sessions", body)
    created = create_once(current_table(), key, lambda: _start(body))
    if not created.matches:
        raise key_reused("session")
    location = url_for("api_sessions.read_session", session_id=created.session_id)
    if created.repeated:  # started by an earlier request: as it stands now
        return json_response(_session(load(created.session_id)), 200, Location=location)
    # started now: the session as started, its replay at hand (read and replayed again only
    # if something changed it since); no payment can be recorded toward it yet
    loaded = session_service.started_now(created.row) or load(created.session_id)
    return json_response(_session(loaded, new=True), 201, Location=location)


def _start(body: SessionCreate) -> int:
    """Start the session ``body`` asks for; its id."""
    no_system_among_options(body)
    table = current_table()
    rules = _saved_rules_asked(body)
    changes: dict[str, Any] = dict(body.options)
    if body.stake_cents is not None:
        changes["stake"] = body.stake_cents
    with broken_in(body):
        if rules is None:
            assert body.system is not None, "checked by _saved_rules_asked"
            options = {"system": body.system.value, **changes}
            row = session_service.create_session(
                table, options, body.players, body.first_dealer_seat
            )
        else:
            asked = None  # the rules as saved
            if changes or body.system is not None:
                system = body.system.value if body.system is not None else rules.system
                asked = {**rules.option_data(), **changes, "system": system}
            row = rules_service.start_session(
                table, rules.id, body.players, body.first_dealer_seat, asked
            )
    return row.id


def _saved_rules_asked(body: SessionCreate) -> rules_service.Rules | None:
    """The table's saved rules the body names (``saved_rules_id`` or ``saved_rules``), None
    when it names none; a 422 problem at the field for rules the table does not have, that no
    longer read, or for a body naming neither them nor a ``system``."""
    table = current_table()
    try:
        if body.saved_rules_id is not None:
            field = "saved_rules_id"
            rules = rules_service.get_rules(table, body.saved_rules_id)
        elif body.saved_rules is not None:
            field = "saved_rules"
            rules = rules_service.find_rules(table, body.saved_rules)
        elif body.system is None:
            raise field_problem(
                422, ProblemCode.RULE_BROKEN, "system",
                "Choose a game system, or the table's saved rules (saved_rules_id or "
                "saved_rules).",
            )  # fmt: skip
        else:
            return None
    except NotFound as error:
        raise field_problem(
            422, ProblemCode.RULE_BROKEN, field, f"{error} See GET /saved-rules."
        ) from None
    if rules.problem is not None:
        raise field_problem(422, ProblemCode.RULE_BROKEN, field, rules.problem)
    return rules


@bp.get(
    "/sessions/<id:session_id>",
    summary="Read a session",
    responses={**tagged_read(SessionOut), 404: Problem},
)
def read_session(path: SessionPath, header: ReadHeaders):
    """The session with its standings, next hand, games and settlement (fewest and direct)."""
    return tagged(_session(load(path.session_id)))


@bp.patch(
    "/sessions/<id:session_id>",
    summary="Change house rules, end or reopen a session",
    description="With the session's ETag as If-Match, nothing is changed when the session "
    "changed since it was read (412). The answer carries the session's new ETag.",
    responses={
        200: with_headers(SessionOut, "ETag"),
        404: Problem,
        409: Problem,
        412: with_headers(Problem, "ETag"),
        422: Problem,
        **BUSY,
    },
)
def change_session(path: SessionPath, body: SessionChange, header: SessionMatchHeaders):
    """Change some house rules (every hand is replayed under them), end or reopen."""
    loaded = load(path.session_id)
    if header.if_match is not None:
        optional_match(_session_tag(_session(loaded)))
    if body.options:
        changed = {**loaded.options.to_dict(), **body.options}
        no_system_among_options(body)
        with broken_in(body):
            session_service.update_options(loaded, changed)
        loaded = load(path.session_id)
    if body.ended is True and loaded.row.ended_at is None:
        session_service.end_session(loaded)
    elif body.ended is False and loaded.row.ended_at is not None:
        session_service.reopen_session(loaded)
    out = _session(load(path.session_id))
    return json_response(out, ETag=_session_tag(out))


def _session_tag(out: SessionOut) -> str:
    """The session's ETag: the one its read (``GET /sessions/{id}``) carries."""
    return content_tag(out.model_dump(mode="json"))


@bp.get(
    "/sessions/<id:session_id>/standings",
    summary="Poll the standings",
    responses={**tagged_read(Standings), 404: Problem},
)
def read_standings(path: SessionPath, header: ReadHeaders):
    """What every phone shows; an unchanged session costs one small query and a 304."""
    stamp = session_service.session_stamp(path.session_id, current_table())
    etag = content_tag(f"standings-{STANDINGS_FORMAT}-{stamp}")
    if unchanged(etag):
        return not_modified(etag)
    body = STANDINGS.get(etag)
    if body is None:
        loaded = load(path.session_id)
        body = json.dumps(session_standings(loaded).model_dump(mode="json"))
        if session_service.stamp_of(loaded.row) == stamp:  # nothing committed between
            STANDINGS.put(etag, body)
    return rendered_response(body, etag)
