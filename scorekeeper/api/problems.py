"""Every API error as RFC 9457 problem details: JSON with a 4xx status, a machine-readable
``code``, and per-field messages that name the field and the rule it breaks.

A rule the engine refuses arrives as a ``RuleError`` whose ``field`` is the form's name for
the input; ``api_field`` turns that into the JSON body's path (the meld of player 7, ``meld-7``,
listed first in the body, is ``melds.0``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any, cast

from flask import Response, has_request_context, json, request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from werkzeug.exceptions import HTTPException

from ..access import API_PREFIX
from ..rules.errors import RuleError
from .headers import with_headers

PROBLEM_JSON = "application/problem+json"


class FieldProblem(BaseModel):
    """One input that is wrong: where it is in the request, and the rule it breaks."""

    field: str = Field(description="The input's path in the request body, query or header.")
    message: str = Field(description="The rule it breaks, in words, starting with the field.")


def problem_config(name: str) -> ConfigDict:
    """The model config of the problem schema ``name``: flask-openapi3 reads its
    "openapi_extra", so the answer is also documented as problem+json."""
    schema = {"$ref": f"#/components/schemas/{name}"}
    return cast(ConfigDict, {"openapi_extra": {"content": {PROBLEM_JSON: {"schema": schema}}}})


class Problem(BaseModel):
    """An error (RFC 9457 problem details)."""

    model_config = problem_config("Problem")

    type: str = Field(description="A URI naming the kind of problem (urn:scorekeeper:<code>).")
    title: str = Field(description="The HTTP status in words.")
    status: int = Field(ge=400, le=599)
    code: str = Field(description="Machine-readable: not-found, rule-broken, stale-hand, ...")
    detail: str = Field(description="What went wrong, in words a person can act on.")
    errors: list[FieldProblem] = Field(
        default_factory=list, description="Each input that is wrong, with its rule."
    )


COMMON_RESPONSES: dict[Any, Any] = {
    400: Problem,
    401: with_headers(Problem, "WWW-Authenticate"),
    403: Problem,
    413: Problem,
    415: Problem,
    422: Problem,
}
"""The problems any operation may answer: an unreadable request, a refused token, a body too
large or not JSON, an input of the wrong shape. Every blueprint documents them on each of its
operations (``abp_responses``: the app's own ``responses`` reach only routes of the app)."""

BUSY: dict[Any, Any] = {503: with_headers(Problem, "Retry-After")}
"""What an operation that writes may also answer: on PostgreSQL, a request that kept colliding
with changes made at the same moment saved nothing and says when to send it again."""


class ApiProblem(Exception):
    """Raised by an API view to answer with a problem (``extra`` adds members to it)."""

    def __init__(
        self,
        status: int,
        code: str,
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


def is_api_request() -> bool:
    """True when the request is for the JSON API (its errors are problems, not pages)."""
    return request.path.startswith(API_PREFIX)


def problem_response(
    status: int,
    code: str,
    detail: str,
    errors: Iterable[FieldProblem] = (),
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> Response:
    """A ``application/problem+json`` response."""
    body = Problem(
        type=f"urn:scorekeeper:{code}",
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


def _body_lists(listing: str) -> bool:
    """True when the request body has a non-empty list ``listing``."""
    body = request.get_json(silent=True) if has_request_context() and request.is_json else None
    return isinstance(body, dict) and isinstance(body.get(listing), list) and bool(body[listing])


def _place_in_body(listing: str, player: str) -> int | None:
    """Where in the request body's list ``listing`` (``melds``, ``takes``) the entry of player
    id ``player`` is, or None when the body lists no such entry."""
    if not _body_lists(listing):
        return None
    for place, item in enumerate(request.get_json()[listing]):
        if isinstance(item, dict) and str(item.get("player")) == player:
            return place
    return None


def api_field(field: str) -> str:
    """The request-body path of a form field name the services use: a player's meld or take
    (``meld-7``, by player id) is its place in the body's list (``melds.0``), as a shape
    error names it; ``seat-2`` is ``players.2``; the tricks of a hand entered as each
    player's take (Bison) are ``takes``."""
    for prefix, listing in (("meld-", "melds"), ("take-", "takes")):
        if field.startswith(prefix):
            place = _place_in_body(listing, field.removeprefix(prefix))
            return listing if place is None else f"{listing}.{place}"
    if field.startswith("seat-"):
        return f"players.{field.removeprefix('seat-')}"
    if field == "tricks" and _body_lists("takes"):
        return "takes"
    return field


def rule_problem(error: RuleError, status: int = 422, code: str = "rule-broken") -> Response:
    """A rule the engine or a service refused, named by its field."""
    field = api_field(error.field)
    detail = f"{field}: {error.rule}"
    return problem_response(status, code, detail, [FieldProblem(field=field, message=detail)])


def field_problems(by_field: Mapping[str, Iterable[str]]) -> list[FieldProblem]:
    """Several fields' messages, each prefixed with its field's path."""
    return [
        FieldProblem(field=api_field(name), message=f"{api_field(name)}: {message}")
        for name, messages in by_field.items()
        for message in messages
    ]


def validation_problem(error: ValidationError) -> Response:
    """A request whose shape is wrong (pydantic's checks of the schema), field by field."""
    problems = []
    for item in error.errors(include_url=False):
        path = ".".join(str(part) for part in item["loc"]) or "body"
        problems.append(FieldProblem(field=path, message=f"{path}: {item['msg']}"))
    detail = problems[0].message if len(problems) == 1 else "Some inputs are not valid."
    return problem_response(422, "invalid-request", detail, problems)


HTTP_CODES = {
    400: "bad-request",
    401: "unauthorized",
    404: "not-found",
    405: "method-not-allowed",
    406: "not-acceptable",
    413: "too-large",
    415: "unsupported-media-type",
}


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
    return problem_response(status, HTTP_CODES.get(status, "http-error"), detail, (), headers)
