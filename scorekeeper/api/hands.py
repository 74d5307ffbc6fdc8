"""Hands: create (with an Idempotency-Key), list, read, replace and delete (with If-Match),
and a player leaving. Every answer carries the hand's result and the standings after it."""

from __future__ import annotations

from flask import url_for

from ..services import hands as hand_service
from ..services.entries import from_row
from ..services.sessions import LoadedSession
from ..services.standings import hand_line
from .blueprint import api_blueprint
from .conditional import json_response, required_match, tagged
from .headers import made_once, tagged_read, with_headers
from .idempotency import key_reused
from .problems import BUSY, Problem, broken_in, field_problem
from .schemas.common import CreateHeaders, ReadHeaders, SessionPath
from .schemas.hands import (
    CreateQuery,
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
from .schemas.standings import Standings, session_standings
from .sessions import load

bp = api_blueprint("hands", "Hands", "Enter, correct and delete hands; a player leaving.")


def _hand(loaded: LoadedSession, number: int) -> HandOut:
    """Hand ``number`` of the session as the API shows it (``NotFound``, a 404 problem, when
    there is none)."""
    line = hand_line(loaded, number)
    row = loaded.event_row(line.record.position)
    return hand_out(line, from_row(row, loaded.options), hand_etag(row.seq, row.version))


def _saved(loaded: LoadedSession, number: int, repeated: bool = False) -> SavedHandOut:
    return SavedHandOut(
        hand=_hand(loaded, number), repeated=repeated, standings=session_standings(loaded)
    )


@bp.get(
    "/sessions/<id:session_id>/hands",
    summary="List a session's hands",
    responses={**tagged_read(HandList), 404: Problem},
)
def list_hands(path: SessionPath, header: ReadHeaders):
    """Every hand, first first, with its entry and result."""
    loaded = load(path.session_id)
    hands = [_hand(loaded, n) for n in range(1, len(loaded.state.hands) + 1)]
    return tagged(HandList(hands=hands))


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
        raise field_problem(409, "hand-conflict", where, error.message) from error
    if saved.repeated and not saved.matches:
        raise key_reused("hand")
    out = _saved(saved.after, saved.number, saved.repeated)
    location = url_for("api_hands.read_hand", session_id=path.session_id, number=saved.number)
    status = 200 if saved.repeated else 201
    return json_response(out, status, Location=location, ETag=out.hand.etag)


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
def delete_hand(path: HandPath, header: MatchHeaders):
    """Delete a hand (If-Match: its ETag); the hands after it are renumbered and recomputed."""
    loaded = load(path.session_id)
    _current(loaded, path.number)
    after = hand_service.delete_hand(loaded, path.number)
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
        left = hand_service.player_leaves(loaded, body.player, header.idempotency_key)
    if not left.matches:
        raise key_reused("player leaving")
    return json_response(session_standings(load(path.session_id)), 200 if left.repeated else 201)
