"""A session's live stream: server-sent events, one each time the session's version moves.

Server-sent events fit a one-way "the session changed" notice: plain HTTP that proxies pass
with their buffering off, and a browser's ``EventSource`` connects again by itself after the
Wi-Fi drops or the server restarts, sending the last id it saw as ``Last-Event-ID``. The
events carry only the version; the phone then reads what changed (the standings) as before.
How a version reaches this process's streams is ``services.livestream``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from flask import Response
from pydantic import Field

from ..access import current_table
from ..services.livestream import hub as live
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.problems import BUSY, Problem, problem_response
from .schemas.common import Id, RequestParameters, SessionPath

bp = api_blueprint(
    "events", "Live", "Each change to a session as it is saved, as server-sent events."
)

RETRY_MS = 2000
"""How long a browser waits before connecting again after the stream ends (its ``retry``)."""
BUSY_RETRY = 30
"""Seconds a client waits to open a stream again when the server holds too many (503)."""

EVENT_FORMAT = (
    "A stream of server-sent events (text/event-stream), held open. It starts with "
    f"'retry: {RETRY_MS}' (milliseconds a browser waits before it connects again), then, at "
    "once, the session's current version as an event:\n\n"
    '    id: 7\n    event: version\n    data: {"version": 7}\n\n'
    "and one such event each time the session changes (a hand saved, corrected or deleted, a "
    "player leaving, house rules changed, the session ended or reopened): its id is the "
    "session's new version (the number the standings' 'version' and every ETag carry), its "
    "data the same as JSON. Several changes in a moment may arrive as one event with the "
    "latest version. A stream that has sent nothing for the heartbeat interval (15 seconds "
    "unless the server's LIVE_HEARTBEAT says otherwise) sends the comment ': keep-alive', "
    "which clients ignore and which keeps proxies from closing it. Sent with Cache-Control: "
    "no-store and X-Accel-Buffering: no (nginx passes each event at once)."
)


class EventsQuery(RequestParameters):
    """How long to hold the stream."""

    timeout: int | None = Field(
        None,
        ge=1,
        le=86400,
        description="End the stream after this many seconds (a client that wants a bounded "
        "request); without it the stream stays open until the client goes.",
    )


class EventsHeaders(RequestParameters):
    """Where a stream resumes."""

    last_event_id: Id | None = Field(
        None,
        alias="Last-Event-ID",
        description="The id of the last event received (a browser's EventSource sends it when "
        "it connects again). While it is the session's current version, nothing is sent until "
        "the session changes; otherwise the current version is sent at once.",
    )


VERSION_EVENT = {
    "type": "object",
    "description": "One event of the stream, as a client's parser gives it (the 'retry' "
    "line and the ': keep-alive' comments are not events).",
    "required": ["id", "event", "data"],
    "properties": {
        "id": {
            "type": "string",
            "pattern": "^[1-9][0-9]*$",
            "description": "The session's version, in decimal digits.",
        },
        "event": {"type": "string", "enum": ["version"]},
        "data": {
            "type": "string",
            "description": 'JSON: {"version": N}, the same version as a number.',
            "contentMediaType": "application/json",
            "contentSchema": {
                "type": "object",
                "required": ["version"],
                "properties": {"version": {"type": "integer", "minimum": 1}},
            },
        },
    },
}
"""The schema of each event: Schemathesis checks every event of a stream against it."""

STREAM_ANSWER = {
    "description": "The session's versions as they change. " + EVENT_FORMAT,
    "content": {"text/event-stream": {"schema": VERSION_EVENT}},
}


@bp.get(
    "/sessions/<id:session_id>/events",
    summary="Follow a session's changes live",
    description="Whoever may read the session may follow it: a member or watcher of the "
    "table, with its token or the phone's cookie (a browser's EventSource sends the cookie; "
    "it cannot send a token). " + EVENT_FORMAT + " When the server already holds as many "
    "streams as it may, the answer is 503 (streams-full): poll the standings meanwhile.",
    responses={200: STREAM_ANSWER, 404: Problem, **BUSY},
)
def follow_session(path: SessionPath, query: EventsQuery, header: EventsHeaders):
    """The session's version now, then each new version as it is committed."""
    try:
        stream, version = live.open_stream(path.session_id, current_table())
    except live.StreamsFull as full:
        return problem_response(
            503, ProblemCode.STREAMS_FULL, str(full), headers={"Retry-After": str(BUSY_RETRY)}
        )
    body = events(stream, version, header.last_event_id, live.heartbeat(), query.timeout)
    response = Response(body, mimetype="text/event-stream")
    response.call_on_close(stream.close)  # also when the body was never read
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def event(version: int) -> str:
    """One version as a server-sent event."""
    return f"id: {version}\nevent: version\ndata: {json.dumps({'version': version})}\n\n"


def events(
    stream: live.Stream,
    version: int,
    last_seen: int | None,
    heartbeat: float,
    timeout: float | None = None,
) -> Iterator[str]:
    """The stream's text: the current version unless ``last_seen`` is it, then each newer
    version, with a heartbeat after ``heartbeat`` seconds of silence; for ``timeout`` seconds
    when given."""
    until = None if timeout is None else time.monotonic() + timeout
    try:
        yield f"retry: {RETRY_MS}\n\n"
        if last_seen != version:
            yield event(version)
        sent = version
        while True:
            wait = heartbeat if until is None else min(heartbeat, until - time.monotonic())
            newer = stream.wait(sent, max(wait, 0))
            if newer is not None:
                yield event(newer)
                sent = newer
            elif until is not None and time.monotonic() >= until:
                return
            else:
                yield ": keep-alive\n\n"
    finally:
        stream.close()
