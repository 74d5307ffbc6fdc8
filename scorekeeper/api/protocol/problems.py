"""Every API error as RFC 9457 problem details: JSON with a 4xx status, a machine-readable
``code``, and per-field messages that name the field and the rule it breaks.

A rule the engine refuses arrives as a ``RuleError`` (``RuleErrors`` for several) placed in
the engine's own terms; ``body_path`` turns each place into its path in the body the view
parsed (the meld of player 7, listed first in the body, is ``melds.0``).

An error no API view answers (an unknown address, a method not taken, a body too large, a
500, the database busy) meets the app-wide handler (``scorekeeper.errorhandlers``), which
answers a request to the API with ``error_problem``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from http import HTTPStatus
from typing import Any, cast

from flask import Response, json, request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from werkzeug.exceptions import HTTPException

from ...errorhandlers import BUSY_HEADERS
from ...rules.errors import Part, RuleError, Where
from ...rules.holders import PlayerKey, player_id
from ...services.handfields import API_NAMES
from .codes import ProblemCode, type_uri
from .headers import with_headers
from .invalid import in_words

PROBLEM_JSON = "application/problem+json"

FIELD_OF_PART = {
    **{Part(name): api_name for name, api_name in API_NAMES.items()},
    Part.LEAVER: "player_id",
    Part.FIRST_DEALER: "first_dealer_seat",
}
"""The body's field for a part the engine names otherwise (a player id ends in ``_id``, a
seat in ``_seat``)."""


class FieldProblem(BaseModel):
    """One input that is wrong: where it is in the request, and the rule it breaks."""

    field: str = Field(description="The input's path in the request body, query or header.")
    message: str = Field(description="The rule it breaks, in words, starting with the field.")


def problem_config(name: str) -> ConfigDict:
    """The model config of the problem schema ``name``: flask-openapi3 reads its
    "openapi_extra", so the answer is documented as problem+json (``document.finish`` then
    leaves out the application/json it also writes)."""
    schema = {"$ref": f"#/components/schemas/{name}"}
    return cast(ConfigDict, {"openapi_extra": {"content": {PROBLEM_JSON: {"schema": schema}}}})


class Problem(BaseModel):
    """An error (RFC 9457 problem details)."""

    model_config = problem_config("Problem")

    type: str = Field(
        description="The kind of problem as a URI reference, /api/v1/problems#<code>: the "
        "page it resolves to says what the code means and what a client does.",
        json_schema_extra={"format": "uri-reference"},
    )
    title: str = Field(description="The HTTP status in words.")
    status: int = Field(ge=400, le=599, description="The HTTP status of the answer.")
    code: ProblemCode = Field(
        description="Machine-readable, one of a fixed list: tell problems apart by it."
    )
    detail: str = Field(description="What went wrong, in words a person can act on.")
    errors: list[FieldProblem] = Field(
        description="Each input that is wrong, with its rule; empty when the problem is not "
        "with one input (always sent)."
    )


COMMON_RESPONSES: dict[Any, Any] = {
    400: Problem,
    401: with_headers(Problem, "WWW-Authenticate"),
    403: Problem,
    422: Problem,
}
"""The problems any operation may answer: an unreadable request, a refused token, an input of
the wrong shape. Every blueprint documents them on each of its operations (``abp_responses``:
the app's own ``responses`` reach only routes of the app); a body too large or not JSON (413,
415) is documented on the operations that take one (``document.finish``)."""

BUSY: dict[Any, Any] = {503: with_headers(Problem, "Retry-After")}
"""What an operation that writes may also answer: on PostgreSQL, a request that kept colliding
with changes made at the same moment saved nothing and says when to send it again."""


class ApiProblem(Exception):
    """Raised by an API view to answer with a problem (``extra`` adds members to it)."""

    def __init__(
        self,
        status: int,
        code: ProblemCode,
        detail: str,
        errors: Iterable[FieldProblem] = (),
        headers: Mapping[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.errors = list(errors)
        self.headers = dict(headers or {})
        self.extra = extra


def problem_response(
    status: int,
    code: ProblemCode,
    detail: str,
    errors: Iterable[FieldProblem] = (),
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> Response:
    """An ``application/problem+json`` response."""
    body = Problem(
        type=type_uri(code),
        title=HTTPStatus(status).phrase,
        status=status,
        code=code,
        detail=detail,
        errors=list(errors),
    ).model_dump(mode="json")
    body.update(extra)
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    response.headers.update(headers or {})
    return response


def from_api_problem(error: ApiProblem) -> Response:
    """The response an ``ApiProblem`` stands for."""
    return problem_response(
        error.status, error.code, error.detail, error.errors, error.headers, **error.extra
    )


def _listed(listing: str, items: Sequence[Any], player: PlayerKey | None) -> str:
    """``listing.<i>``: the place of ``player``'s entry in the body's list (``listing`` when
    the list holds none)."""
    wanted = None if player is None else player_id(player)
    places = [i for i, item in enumerate(items) if item.player_id == wanted]
    return f"{listing}.{places[0]}" if places else listing


def body_path(where: Where, body: BaseModel | None) -> str:
    """Where in the request's ``body`` (the model the view parsed) the input broken at
    ``where`` is: a player's meld or take by its place in the body's list (``melds.1``), a
    seat by its index (``players.2``), an option by its name (``options.min_bid``; the stake
    given as ``stake_cents`` is that), a name typed for what the body makes (saved rules) at
    ``name``, the tricks of Bison's takes ``takes``, a player's own bid (summed bids) by its
    place in ``bids``; the meld
    checked alone is its ``claims`` or its ``number``; anything else is named as its field
    (``FIELD_OF_PART``: ``declarer_id``, ``first_dealer_seat``) or its part."""
    part = where.part
    melds, takes = getattr(body, "melds", None), getattr(body, "takes", None) or []
    options = getattr(body, "options", None) or {}
    if part is Part.MELD:
        if melds is None:  # a meld checked alone (no hand): its claims or its number
            return "number" if getattr(body, "number", None) is not None else "claims"
        return _listed("melds", melds, where.player)
    if part is Part.TAKE:
        return _listed("takes", takes, where.player)
    if part is Part.OWN_BID:
        return _listed("bids", getattr(body, "bids", None) or [], where.player)
    if part in (Part.TRICKS, Part.OTHER_TRICKS):
        return "takes" if takes else "tricks"
    if part is Part.NAME and body is not None and "name" in type(body).model_fields:
        return "name"  # the name of what the body makes (saved rules)
    if part in (Part.PLAYERS, Part.NAME):
        return "players" if where.seat is None else f"players.{where.seat}"
    if part is Part.OPTION:
        by_cents = getattr(body, "stake_cents", None) is not None and "stake" not in options
        if where.option == "stake" and by_cents:
            return "stake_cents"
        return "options" if where.option is None else f"options.{where.option}"
    if part is Part.SYSTEM and "system" in options:
        return "options.system"
    return FIELD_OF_PART.get(part, part.value)


def field_problem(status: int, code: ProblemCode, field: str, message: str) -> ApiProblem:
    """A problem with one input: ``field``'s path and its message, which starts with it."""
    detail = f"{field}: {message}"
    return ApiProblem(status, code, detail, [FieldProblem(field=field, message=detail)])


def rule_problem(error: RuleError, body: BaseModel | None = None) -> ApiProblem:
    """Every rule the engine or a service refused (422), each at its path in ``body``."""
    problems = []
    for one in error.each:
        path = body_path(one.where, body)
        problems.append(FieldProblem(field=path, message=f"{path}: {one.rule}"))
    detail = problems[0].message if len(problems) == 1 else "Some inputs break the rules."
    return ApiProblem(422, ProblemCode.RULE_BROKEN, detail, problems)


@contextmanager
def broken_in(body: BaseModel) -> Iterator[None]:
    """The rules broken by what ``body`` holds, answered as one problem naming each input by
    its path in ``body``."""
    try:
        yield
    except RuleError as error:
        raise rule_problem(error, body) from error


def field_problems(by_field: Mapping[str, Iterable[str]]) -> list[FieldProblem]:
    """Several fields' messages, each prefixed with its field's path."""
    return [
        FieldProblem(field=name, message=f"{name}: {message}")
        for name, messages in by_field.items()
        for message in messages
    ]


PAGE_PARAMETERS: set[str] = set()
"""The names of the query models that say which page of a list is read (``paging``): their
wrong values are a 400, the address of a page being wrong rather than data sent."""

BODILESS: set[str] = set()
"""The endpoints of a POST that takes no body (pairing a club night's round, calling time): as
a DELETE, whatever is sent with it is not read, so it needs no Content-Type."""

BEYOND_SHAPE: dict[str, Callable[[list[FieldProblem]], list[FieldProblem]]] = {}
"""Per endpoint: the problems of what did parse in a request refused for its shape, given
the shape's problems (a hand: the rules its parsed inputs break, ``api/hands.py``)."""


def validation_problem(error: ValidationError) -> Response:
    """A request whose shape is wrong (pydantic's checks of the schema), field by field, in
    the project's words (``invalid.in_words``), then what the endpoint finds beyond the shape
    (``BEYOND_SHAPE``), all in one answer: 422, or 400 for a page's ``limit`` or ``cursor``."""
    problems = [
        FieldProblem(field=path, message=f"{path}: {sentence}")
        for path, sentence in in_words(error.errors(include_url=False))
    ]
    beyond = BEYOND_SHAPE.get(request.endpoint or "")
    if beyond is not None:
        problems += beyond(problems)
    detail = problems[0].message if len(problems) == 1 else "Some inputs are not valid."
    status = 400 if error.title in PAGE_PARAMETERS else 422
    return problem_response(status, ProblemCode.INVALID_REQUEST, detail, problems)


HTTP_CODES = {
    400: ProblemCode.BAD_REQUEST,
    404: ProblemCode.NOT_FOUND,
    405: ProblemCode.METHOD_NOT_ALLOWED,
    413: ProblemCode.TOO_LARGE,
    415: ProblemCode.UNSUPPORTED_MEDIA_TYPE,
}
"""The code of each werkzeug error an API request can meet (any other 4xx: ``http-error``)."""


def http_problem(error: HTTPException) -> Response:
    """A werkzeug HTTP error (404 for an unknown route, 405, 413...) as a problem."""
    status = error.code or 500
    detail = error.description or HTTPStatus(status).description
    if status == 404:
        detail = "No such resource: check the address and the ids in it."
    elif status == 405:
        allowed = ", ".join(getattr(error, "valid_methods", None) or ())
        detail = f"{request.method} is not allowed here; allowed: {allowed}."
    headers = {}
    valid = getattr(error, "valid_methods", None)
    if valid:
        headers["Allow"] = ", ".join(valid)
    code = HTTP_CODES.get(status, ProblemCode.HTTP_ERROR)
    return problem_response(status, code, detail, (), headers)


def error_problem(error: HTTPException) -> Response:
    """An error the app-wide handler (``errorhandlers``) met in a request to the API, as a
    problem: a 503 says the database was busy and when to send the request again, a 500 that
    the change was not saved (the handler has rolled it back), any other as ``http_problem``
    says."""
    status = error.code or 500
    if status == 503:
        detail = error.description or ""
        return problem_response(503, ProblemCode.DATABASE_BUSY, detail, headers=BUSY_HEADERS)
    if status >= 500:
        detail = "The change was not saved; try again."
        return problem_response(500, ProblemCode.SERVER_ERROR, detail)
    return http_problem(error)
