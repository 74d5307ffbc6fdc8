"""The JSON API under ``/api/v1``, described by the OpenAPI 3.1 document it serves.

Built with flask-openapi3: the pydantic models in ``schemas/`` validate each request, shape
each response and generate the document at ``/api/v1/openapi.json``, so the document is the
code. ``/api/v1/docs`` shows it to people with Swagger UI, served from the app's own files.

Every request passes the one access gate (``scorekeeper.access``); every error is a problem
(``problems``); writes take JSON only, which a page of another site cannot send without the
browser asking first (so the API needs no CSRF token).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, json, request
from flask_openapi3 import Contact, Info, License, OpenAPI, Server
from werkzeug.exceptions import BadRequest

from ..access import AccessDenied
from ..errorhandlers import is_api_request
from ..extensions import csrf
from ..services.unit_of_work import WRITING_METHODS
from .protocol.blueprint import PREFIX
from .protocol.body import BodyJsonProvider, DuplicateKey, loads
from .protocol.codes import ProblemCode
from .protocol.invalid import unreadable
from .protocol.problems import (
    BODILESS,
    COMMON_RESPONSES,
    ApiProblem,
    FieldProblem,
    Problem,
    from_api_problem,
    problem_response,
    validation_problem,
)

API_VERSION = "1.0.0"

BEARER = {
    "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "At the table: the table's API token, when it has one (API_TOKEN), "
        "needed to change data (reading needs none). Hosted: a table's member token changes "
        "and reads that table; its watch token only reads.",
    }
}


SERVER = Server(
    url="/",
    description="This Scorekeeper: the table's own machine, or a hosted deployment, which "
    "serves the same paths under its own address.",
)

LICENSE = License(name="All rights reserved: no licence is granted")
"""What the document says of the licence: the maintainers grant none (no LICENSE file, none in
pyproject.toml), so the code is theirs alone, which is what the document says."""

CONTACT = Contact(name="The Scorekeeper maintainers")

SECURITY: list[dict[str, list[str]]] = [{}, {"bearer": []}]
"""Every operation takes a request with no credential or with the bearer token (which the
access gate asks for where it must). Said once, at the document's top, so a client generator
that reads an operation's own ``security`` as "a token is required" (openapi-python-client
then demands one even at a table without a token) sees none there."""


def openapi_settings() -> dict[str, Any]:
    """The arguments ``create_app`` gives ``flask_openapi3.OpenAPI``."""
    return {
        "info": Info(
            title="Scorekeeper API",
            version=API_VERSION,
            description="Scorekeeping and settlement for Auction Pinochle tables. Money is in "
            "cents, chips in units, scores in points as the table writes them. Every error is "
            "a problem (RFC 9457) whose code is explained at /api/v1/problems. Every id is a "
            "whole number from 1 to 2147483647 (2^31-1), well within a JavaScript number.",
            license=LICENSE,
            contact=CONTACT,
        ),
        "servers": [SERVER],
        "security_schemes": BEARER,
        "openapi_extensions": {"security": SECURITY},
        "responses": COMMON_RESPONSES,
        "doc_ui": False,
        "validation_error_status": 422,
        "validation_error_model": Problem,
        "validation_error_callback": validation_problem,
        "operation_id_callback": lambda name, path, method: name,
    }


def _readable_body():
    """Before every API request that sends a body: JSON only (415), readable as JSON, each
    object's keys named once and not nested too deeply (400), a JSON object (422). Only of
    a request that reaches an operation: an unknown path or method is still a 404 or 405;
    not of a DELETE or a POST that takes no body (``BODILESS``), whose body is not read."""
    if not is_api_request():
        return None
    if request.routing_exception is not None:
        return None
    takes_body = request.method != "DELETE" and request.endpoint not in BODILESS
    if request.method in WRITING_METHODS and takes_body:
        if not request.is_json:
            return problem_response(
                415,
                ProblemCode.UNSUPPORTED_MEDIA_TYPE,
                "Send the request body as JSON (Content-Type: application/json).",
            )
        try:
            body = request.get_json()
        except RecursionError:
            return _body_problem(
                400, ProblemCode.TOO_DEEP, "body: lists or objects nest too deeply."
            )
        except BadRequest:
            data = request.get_data()
            key = _repeated_key(data)
            if key is not None:
                detail = f"body: the key '{key}' appears twice in one object; send it once."
                return _body_problem(400, ProblemCode.DUPLICATE_KEY, detail)
            return _body_problem(400, ProblemCode.INVALID_JSON, unreadable(data))
        if not isinstance(body, dict):
            detail = f"body: send a JSON object ({{...}}), not {_json_kind(body)}."
            return _body_problem(422, ProblemCode.INVALID_REQUEST, detail)
    return None


def _body_problem(status: int, code: ProblemCode, detail: str) -> Response:
    """A problem with the request body as a whole, named as the field ``body``."""
    return problem_response(status, code, detail, [FieldProblem(field="body", message=detail)])


def _repeated_key(data: bytes) -> str | None:
    """The key an otherwise readable body names twice in one object, if any."""
    try:
        loads(data)
    except DuplicateKey as error:
        return error.key
    except (ValueError, RecursionError):
        return None
    return None


def _json_kind(value: object) -> str:
    """What a JSON value is, in words: a list, a string, a number, true or false, null."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    return "a number"


def _denied(error: AccessDenied):
    """401 (no or a wrong credential, with the scheme to use) or 403 (a watch token writing)."""
    headers = {"WWW-Authenticate": 'Bearer realm="scorekeeper"'} if error.status == 401 else {}
    return problem_response(error.status, ProblemCode(error.code), error.detail, headers=headers)


def _document(app: OpenAPI):
    def document():
        """The OpenAPI 3.1 document of this API."""
        return app.response_class(json.dumps(app.api_doc), mimetype="application/json")

    return document


def init_app(app: Flask) -> None:
    """Attach the API's blueprints, its gate, its problem answers and its document."""
    from . import (
        catalog,
        clubnights,
        docs,
        events,
        exports,
        hands,
        meld,
        payments,
        ratings,
        records,
        saved_rules,
        sessions,
    )

    if not isinstance(app, OpenAPI):
        raise TypeError("The API needs the app made by create_app (a flask_openapi3.OpenAPI).")
    app.json = BodyJsonProvider(app)
    app.before_request(_readable_body)
    app.register_error_handler(ApiProblem, from_api_problem)
    app.register_error_handler(AccessDenied, _denied)
    modules = (sessions, saved_rules, hands, payments, exports, meld, records, catalog, events)
    for module in (*modules, ratings, clubnights):
        csrf.exempt(module.bp)
        app.register_api(module.bp)
    app.add_url_rule(f"{PREFIX}/openapi.json", "api_openapi", _document(app))
    app.register_blueprint(docs.bp)  # GET only: a page for people, not in the document
