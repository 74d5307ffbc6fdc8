"""Hands: create (with an Idempotency-Key), list, read, replace and delete (with If-Match),
and a player leaving. Every answer carries the hand's result and the standings after it.

A hand body refused for its shape is still checked by the engine on every input that parsed
(``rules_beyond_shape``): every problem of the hand comes in one answer, each at its path,
an input refused for its shape never named twice. Nothing is saved.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from flask import request, url_for
from pydantic import ValidationError

from ..access import reads_only
from ..rules.errors import RuleError
from ..services import hands as hand_service
from ..services.entries import from_row
from ..services.hands import SavedHand
from ..services.notfound import NotFound
from ..services.saying import read_line
from ..services.sessions import LoadedSession
from ..services.standings import hand_line
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import json_response, required_match
from .protocol.headers import made_once, tagged_read, with_headers
from .protocol.idempotency import key_reused
from .protocol.paging import IN_PAGES, PageQuery, listed, page_asked, paged_read
from .protocol.problems import (
    BEYOND_SHAPE,
    BUSY,
    FieldProblem,
    Problem,
    broken_in,
    field_problem,
    rule_problem,
)
from .schemas.common import CreateHeaders, ReadHeaders, SessionPath
from .schemas.hands import (
    CreateQuery,
    DeleteQuery,
    Departure,
    HandBody,
    HandList,
    HandOut,
    HandPath,
    MatchHeaders,
    SavedHandOut,
    StaleHandProblem,
    hand_etag,
    hand_out,
)
from .schemas.saying import LineBody, LineReadOut, line_read_out
from .schemas.standings import Standings, session_standings
from .sessions import load

bp = api_blueprint("hands", "Hands", "Enter, correct and delete hands; a player leaving.")


def _hand(loaded: LoadedSession, number: int, saved: SavedHand | None = None) -> HandOut:
    """Hand ``number`` of the session as the API shows it (``NotFound``, a 404 problem, when
    there is none); ``saved``: that hand as just saved, its row and its words at hand."""
    if saved is None:
        line = hand_line(loaded, number)
        row = loaded.event_row(line.record.position)
    else:
        line, row = hand_line(loaded, number, saved.text), saved.row
    return hand_out(line, from_row(row, loaded.options), hand_etag(row.seq, row.version))


def _saved(
    loaded: LoadedSession, number: int, repeated: bool = False, saved: SavedHand | None = None
) -> SavedHandOut:
    return SavedHandOut(
        hand=_hand(loaded, number, saved), repeated=repeated, standings=session_standings(loaded)
    )


@bp.get(
    "/sessions/<id:session_id>/hands",
    summary="List a session's hands",
    description=f"First first, {IN_PAGES}; each hand's figures are those of the whole "
    "session's replay.",
    responses={**paged_read(HandList), 404: Problem},
)
def list_hands(path: SessionPath, query: PageQuery, header: ReadHeaders):
    """The session's hands, first first, with their entries and results, a page at a time."""
    loaded = load(path.session_id)
    found = hand_service.hand_page(loaded, page_asked(query, int))
    return listed(HandList, found, query, hands=[_hand(loaded, n) for n in found.items])


@bp.post(
    "/sessions/<id:session_id>/hands",
    summary="Enter the next hand",
    description="The rules engine checks the hand first: nothing is saved if a rule is "
    "broken. With an Idempotency-Key, sending the same hand again saves nothing new (200); "
    "another hand under the same key is refused (422). With ?number=N it is saved only as "
    "hand N: when the session has moved on, nothing is saved (409).",
    responses={
        **made_once(SavedHandOut, "ETag", "Location", links="hand-saved"),
        404: Problem,
        409: Problem,
        422: Problem,
        **BUSY,
    },
)
def create_hand(path: SessionPath, query: CreateQuery, body: HandBody, header: CreateHeaders):
    """Save the next hand (once per Idempotency-Key; only as hand ``number`` when given)."""
    loaded = load(path.session_id)
    try:
        with broken_in(body):
            saved = hand_service.save_hand(
                loaded, body.to_entry(), header.idempotency_key, query.number
            )
    except hand_service.ConflictError as error:
        where = "number" if query.number is not None else "hand"
        raise field_problem(409, ProblemCode.HAND_CONFLICT, where, error.message) from error
    if saved.repeated and not saved.matches:
        raise key_reused("hand")
    out = _saved(saved.after, saved.number, saved.repeated, saved)
    location = url_for("api_hands.read_hand", session_id=path.session_id, number=saved.number)
    status = 200 if saved.repeated else 201
    return json_response(out, status, Location=location, ETag=out.hand.etag)


@bp.post(
    "/sessions/<id:session_id>/hands/read",
    summary="Read the next hand from one line",
    description="The next hand as the table says or types it in one line ('Bob, three fifty "
    "in spades, made it'), read at the session's table: its house rules, the players dealt in "
    "and the teams. Answers the hand understood, as a hand body with players as ids, what it "
    "still lacks, the words that could mean two things (never guessed: left out and listed "
    "with what each could be), the words not understood, and once nothing is missing or in "
    "doubt the result in words or the rule the hand breaks. Nothing is saved: check the hand, "
    "then post it to /sessions/{session_id}/hands.",
    responses={200: LineReadOut, 404: Problem},
)
@reads_only
def read_line_of_hand(path: SessionPath, body: LineBody):
    """The next hand as one line says it; nothing is saved."""
    return json_response(line_read_out(read_line(load(path.session_id), body.text)))


@bp.get(
    "/sessions/<id:session_id>/hands/<id:number>",
    summary="Read a hand",
    responses={**tagged_read(HandOut, links="hand-read"), 404: Problem},
)
def read_hand(path: HandPath, header: ReadHeaders):
    """One hand: its entry, dealer, result in figures and words; its ETag is its version."""
    hand = _hand(load(path.session_id), path.number)
    return json_response(hand, etag=hand.etag)


def _current(loaded: LoadedSession, number: int) -> HandOut:
    """The hand as it stands, checked against the client's If-Match (412 when stale)."""
    hand = _hand(loaded, number)
    required_match(hand.etag, hand.model_dump(mode="json"))
    return hand


@bp.put(
    "/sessions/<id:session_id>/hands/<id:number>",
    summary="Correct a hand",
    description="Send the hand's ETag as If-Match. Every hand after it is recomputed; the "
    "change is refused if a later hand would no longer stand (422), or if the hand changed "
    "since it was read (412, with the current hand).",
    responses={
        200: with_headers(SavedHandOut, "ETag", links="hand-saved"),
        404: Problem,
        409: Problem,
        412: with_headers(StaleHandProblem, "ETag"),
        422: Problem,
        428: Problem,
        **BUSY,
    },
)
def replace_hand(path: HandPath, body: HandBody, header: MatchHeaders):
    """Replace a hand's entry; every hand after it is recomputed."""
    loaded = load(path.session_id)
    _current(loaded, path.number)
    with broken_in(body):
        after = hand_service.edit_hand(loaded, path.number, body.to_entry())
    out = _saved(after, path.number)
    return json_response(out, ETag=out.hand.etag)


@bp.delete(
    "/sessions/<id:session_id>/hands/<id:number>",
    summary="Delete a hand",
    responses={
        200: Standings,
        404: Problem,
        409: Problem,
        412: with_headers(StaleHandProblem, "ETag"),
        422: Problem,
        428: Problem,
        **BUSY,
    },
)
def delete_hand(path: HandPath, query: DeleteQuery, header: MatchHeaders):
    """Delete a hand (If-Match: its ETag); the hands after it are renumbered and recomputed
    (``?undo=true``: an Undo, so recorded)."""
    loaded = load(path.session_id)
    _current(loaded, path.number)
    after = hand_service.delete_hand(loaded, path.number, undo=query.undo)
    return json_response(session_standings(after))


@bp.post(
    "/sessions/<id:session_id>/departures",
    summary="A player leaves",
    description="With an Idempotency-Key (shared with the session's hands), sending the same "
    "player's leaving again records nothing new (200); another request under the same key is "
    "refused (422).",
    responses={201: Standings, 200: Standings, 404: Problem, 409: Problem, 422: Problem, **BUSY},
)
def player_leaves(path: SessionPath, body: Departure, header: CreateHeaders):
    """A player gets up (chip games): cashed out at their balance, play goes on without them."""
    loaded = load(path.session_id)
    with broken_in(body):
        left = hand_service.player_leaves(loaded, body.player_id, header.idempotency_key)
    if not left.matches:
        raise key_reused("player leaving")
    return json_response(session_standings(load(path.session_id)), 200 if left.repeated else 201)


LISTS = ("melds", "takes", "bids")
"""The body's lists of one item per player: an item refused for its shape is left out."""


def _parsed_part(sent: dict[str, Any], refused: list[str]) -> dict[str, Any]:
    """The body as sent without the inputs at the ``refused`` paths (``tricks``, a list's
    item ``melds.1``, or a whole input)."""
    left_out: dict[str, set[int] | None] = {}  # by input: its items left out, None: all of it
    for path in refused:
        head, _, rest = path.partition(".")
        index = rest.split(".")[0]
        earlier = left_out.get(head, set())
        whole = head not in LISTS or not index.isdigit() or earlier is None
        left_out[head] = None if whole or earlier is None else earlier | {int(index)}
    parsed = {}
    for key, value in sent.items():
        gone = left_out.get(key, set())
        if key not in left_out:
            parsed[key] = value
        elif gone is not None and isinstance(value, list):
            parsed[key] = [item for i, item in enumerate(value) if i not in gone]
    return parsed


def _as_sent(sent: dict[str, Any]) -> HandBody:
    """The body's lists as sent, each item by its player, to name the engine's errors by
    their place in the body as sent (``problems.body_path``)."""

    def players(name: str) -> list[SimpleNamespace]:
        items = sent.get(name)
        listed = items if isinstance(items, list) else []
        return [
            SimpleNamespace(player_id=item.get("player_id") if isinstance(item, dict) else None)
            for item in listed
        ]

    return HandBody.model_construct(
        melds=players("melds"), takes=players("takes"), bids=players("bids")
    )


WORKED_OUT_FROM = {"outcome": ("outcome", "tricks", "takes")}
"""Inputs an input is worked out from when not given: the outcome, from the tricks."""


def _overlaps(path: str, refused: list[str]) -> bool:
    """True when ``path`` is a refused input, within one, holds one, or is worked out from
    one (``WORKED_OUT_FROM``)."""
    return any(
        here == other or here.startswith(other + ".") or other.startswith(here + ".")
        for here in WORKED_OUT_FROM.get(path, (path,))
        for other in refused
    )


def rules_beyond_shape(shape: list[FieldProblem]) -> list[FieldProblem]:
    """A hand body refused for its ``shape``: the rules the inputs that parsed break, each at
    its path in the body as sent, except where an input was refused already. Nothing is
    saved (the engine is asked as for a preview)."""
    sent = request.get_json(silent=True)
    args = request.view_args or {}
    refused = [problem.field for problem in shape]
    if not isinstance(sent, dict) or "body" in refused:
        return []
    try:
        body = HandBody.model_validate(_parsed_part(sent, refused))
        hand_service.preview_hand(load(args["session_id"]), body.to_entry(), args.get("number"))
    except (ValidationError, NotFound):
        return []
    except RuleError as error:
        broken = rule_problem(error, _as_sent(sent)).errors
        return [problem for problem in broken if not _overlaps(problem.field, refused)]
    return []


BEYOND_SHAPE.update(
    {"api_hands.create_hand": rules_beyond_shape, "api_hands.replace_hand": rules_beyond_shape}
)
