"""Every problem code the API sends, with its status, what it means and what a client does.

``ProblemCode`` is the one list: a problem is answered with a member of it (``problems``),
the document gives it as the ``code`` field's enum, so a client can tell one problem from
another by its code (a ``StaleHandProblem`` by ``stale-hand``), and the page at
``/api/v1/problems`` (``docs.problems``) explains each one in ``EXPLAINED``. A problem's
``type`` is that page's anchor for its code, ``/api/v1/problems#stale-hand``: a reference
resolved against the API's own address (RFC 9457 section 3.1.1), so it is the same on every
table's laptop and every hosted deployment and still opens the page that explains it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from http import HTTPStatus

PROBLEMS_PAGE = "/api/v1/problems"


class ProblemCode(StrEnum):
    """The kind of problem, machine-readable: what a client tells problems apart by."""

    INVALID_JSON = "invalid-json"
    DUPLICATE_KEY = "duplicate-key"
    TOO_DEEP = "too-deep"
    BAD_REQUEST = "bad-request"
    INVALID_TOKEN = "invalid-token"
    TOKEN_REQUIRED = "token-required"
    PIN_REQUIRED = "pin-required"
    WATCH_ONLY = "watch-only"
    NOT_FOUND = "not-found"
    METHOD_NOT_ALLOWED = "method-not-allowed"
    CONFLICT = "conflict"
    HAND_CONFLICT = "hand-conflict"
    STALE_SESSION = "stale-session"
    STALE_HAND = "stale-hand"
    STALE_CLUB_NIGHT = "stale-club-night"
    TOO_LARGE = "too-large"
    UNSUPPORTED_MEDIA_TYPE = "unsupported-media-type"
    INVALID_REQUEST = "invalid-request"
    RULE_BROKEN = "rule-broken"
    PAYMENT_REFUSED = "payment-refused"
    IMPORT_REFUSED = "import-refused"
    IDEMPOTENCY_KEY_REUSED = "idempotency-key-reused"
    VERSION_REQUIRED = "version-required"
    HTTP_ERROR = "http-error"
    SERVER_ERROR = "server-error"
    DATABASE_BUSY = "database-busy"
    STREAMS_FULL = "streams-full"


def type_uri(code: ProblemCode) -> str:
    """A problem's ``type``: the anchor of ``code`` on the page that explains it."""
    return f"{PROBLEMS_PAGE}#{code.value}"


@dataclass(frozen=True)
class Explained:
    """One code on the problems page: the statuses it comes with, what it means, what a
    client does about it."""

    statuses: tuple[int, ...]
    means: str
    client_does: str

    @property
    def status_text(self) -> str:
        """The statuses in words: ``412 Precondition Failed``, or any other 4xx."""
        named = [f"{status} {HTTPStatus(status).phrase}" for status in self.statuses]
        return ", ".join(named) or "Any other 4xx"


EXPLAINED: dict[ProblemCode, Explained] = {
    ProblemCode.INVALID_JSON: Explained(
        (400,),
        "The request body is not JSON: empty, cut short, not UTF-8, or a number longer than "
        "any field takes. The detail says where reading stopped.",
        "Fix the JSON the client writes; sending the same bytes again gets the same answer.",
    ),
    ProblemCode.DUPLICATE_KEY: Explained(
        (400,),
        "An object in the body names the same key twice, so which value was meant is unclear.",
        "Send each key once.",
    ),
    ProblemCode.TOO_DEEP: Explained(
        (400,),
        "Lists or objects in the body nest deeper than any request needs.",
        "Send the body in the shape the document gives.",
    ),
    ProblemCode.BAD_REQUEST: Explained(
        (400,),
        "The request could not be read as HTTP asks.",
        "Check the request line and headers the client sends.",
    ),
    ProblemCode.INVALID_TOKEN: Explained(
        (401,),
        "The Authorization header is not 'Bearer <token>', or the token is not this table's "
        "(hosted: no table's member or watch token, or one of links made anew since).",
        "Ask the table for its current token; do not send the same one again.",
    ),
    ProblemCode.TOKEN_REQUIRED: Explained(
        (401,),
        "Changing data needs the table's API token (hosted: a table's member token, or its "
        "watch token to read).",
        "Send Authorization: Bearer <token> and repeat the request.",
    ),
    ProblemCode.PIN_REQUIRED: Explained(
        (401,),
        "The table has a PIN and this client has neither entered it nor sent the API token.",
        "Send Authorization: Bearer <API_TOKEN>, or enter the PIN on a page of the same "
        "browser first.",
    ),
    ProblemCode.WATCH_ONLY: Explained(
        (403,),
        "A watch token only reads; the request would change the table.",
        "Use the table's member token to make changes.",
    ),
    ProblemCode.NOT_FOUND: Explained(
        (404,),
        "No such address, or no such session, hand, payment, saved rules or club night (or "
        "player of it) for this table "
        "(deleted, or another table's).",
        "Check the ids in the address; list the collection again to find the right one.",
    ),
    ProblemCode.METHOD_NOT_ALLOWED: Explained(
        (405,),
        "The address does not take this method; the Allow header lists those it takes.",
        "Use one of the methods in Allow.",
    ),
    ProblemCode.CONFLICT: Explained(
        (409,),
        "Another phone changed the session at the same moment, so the change was worked out "
        "on a version that is gone. Nothing was saved; the field names what clashed.",
        "Read the session again and make the change on what it holds now.",
    ),
    ProblemCode.HAND_CONFLICT: Explained(
        (409,),
        "The hand asked for is not the next one (another phone saved it first, or the number "
        "sent is taken). Nothing was saved.",
        "Read the session's hands, then save the hand again as the next one or correct the "
        "hand that is there.",
    ),
    ProblemCode.STALE_SESSION: Explained(
        (412,),
        "If-Match named a version of the session that is no longer current (a hand saved or "
        "its rules changed since). Nothing was changed; the ETag header is the current one.",
        "Read the session again, then make the change with its new ETag.",
    ),
    ProblemCode.STALE_HAND: Explained(
        (412,),
        "If-Match named a version of the hand that is no longer current: another phone "
        "changed it. Nothing was changed; 'current' holds the hand as it stands.",
        "Show the hand in 'current', then make the change again with its etag.",
    ),
    ProblemCode.STALE_CLUB_NIGHT: Explained(
        (412,),
        "If-Match named a version of the club night that is no longer current (its settings "
        "or players changed, a round paired, a hand entered at one of its tables since). "
        "Nothing was changed; the ETag header is the current one.",
        "Read the club night again, then make the change with its new ETag.",
    ),
    ProblemCode.TOO_LARGE: Explained(
        (413,),
        "The request body is larger than the API takes: 1 MB, or 6 MB for a session file "
        "to import.",
        "Send less: the API's bodies are small, so a body this large is not one it takes.",
    ),
    ProblemCode.UNSUPPORTED_MEDIA_TYPE: Explained(
        (415,),
        "The request has a body but its Content-Type is not application/json.",
        "Send the body as JSON with Content-Type: application/json.",
    ),
    ProblemCode.INVALID_REQUEST: Explained(
        (422,),
        "An input does not have the shape the document gives: a field missing or unknown, a "
        "value of the wrong type or out of range. 'errors' names each input and its rule.",
        "Correct each input named in 'errors'; nothing was saved.",
    ),
    ProblemCode.RULE_BROKEN: Explained(
        (422,),
        "What was sent breaks a rule of the game or the session (a bid off the ladder, meld "
        "that cannot be, a session that has ended). 'errors' names each input and its rule.",
        "Show each message to the player next to its input; nothing was saved.",
    ),
    ProblemCode.PAYMENT_REFUSED: Explained(
        (422,),
        "The payment cannot be recorded (the payer and payee the same, a player not of this "
        "session, an amount out of range). 'errors' names each input.",
        "Correct the inputs named in 'errors'; nothing was recorded.",
    ),
    ProblemCode.IMPORT_REFUSED: Explained(
        (422,),
        "The session file cannot be imported; the detail says which part is wrong and why.",
        "Send a file Scorekeeper exported, unchanged.",
    ),
    ProblemCode.IDEMPOTENCY_KEY_REUSED: Explained(
        (422,),
        "The Idempotency-Key was sent before with a different request; nothing was saved.",
        "Use a new key for a new request; repeat a key only to send the very same request.",
    ),
    ProblemCode.VERSION_REQUIRED: Explained(
        (428,),
        "Correcting or deleting a hand needs If-Match with the hand's ETag, so a change made "
        "on another phone is never overwritten.",
        "Read the hand, then send its ETag as If-Match.",
    ),
    ProblemCode.HTTP_ERROR: Explained(
        (),
        "Another error of HTTP itself; the status and the detail say which.",
        "Act on the status as HTTP defines it.",
    ),
    ProblemCode.SERVER_ERROR: Explained(
        (500,),
        "The server failed while handling the request. Nothing of it was saved.",
        "Send the request again later; if it fails again, tell whoever runs this Scorekeeper.",
    ),
    ProblemCode.DATABASE_BUSY: Explained(
        (503,),
        "On PostgreSQL, the request kept colliding with changes made at the same moment, so "
        "nothing was saved.",
        "Wait the seconds the Retry-After header gives, then send the same request again (with "
        "the same Idempotency-Key, when it took one).",
    ),
    ProblemCode.STREAMS_FULL: Explained(
        (503,),
        "The server holds as many live streams (GET /sessions/{session_id}/events) as it "
        "may at once, so it opened none for this request.",
        "Wait the seconds the Retry-After header gives and open the stream again; meanwhile "
        "poll the standings (GET /sessions/{session_id}/standings with If-None-Match).",
    ),
}
"""Each code as the problems page explains it (``HTTP_ERROR`` comes with any other 4xx)."""
