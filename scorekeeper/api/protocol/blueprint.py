"""How every part of the API is wired: one ``APIBlueprint`` per module under ``/api/v1``,
each answering a broken rule, a missing session and a refused request as a problem."""

from __future__ import annotations

from flask_openapi3 import APIBlueprint, Tag

from ...rules.errors import RuleError
from ...services.notfound import NotFound
from ...services.sessions import Clash, ConflictError
from .codes import ProblemCode
from .problems import (
    COMMON_RESPONSES,
    field_problem,
    from_api_problem,
    problem_response,
    rule_problem,
)

PREFIX = "/api/v1"


def _conflict(error: ConflictError):
    """Another phone changed the session first: 409, nothing saved. A change of the hand in
    the path that would break a later hand breaks a rule: 422, at ``number``."""
    if error.clash is Clash.LATER_HAND:
        return from_api_problem(
            field_problem(422, ProblemCode.RULE_BROKEN, "number", error.message)
        )
    return from_api_problem(
        field_problem(409, ProblemCode.CONFLICT, error.clash.value, error.message)
    )


def _rule_broken(error: RuleError):
    """A rule broken by what no body holds (a session that ended, a player leaving)."""
    return from_api_problem(rule_problem(error))


def _not_found(error: NotFound):
    return problem_response(404, ProblemCode.NOT_FOUND, str(error))


def operation_id(name: str, path: str, method: str) -> str:
    """An operation's id in the document: its view function's name (``create_hand``)."""
    return name


def api_blueprint(name: str, tag: str, description: str) -> APIBlueprint:
    """A blueprint of API operations, tagged ``tag`` in the document."""
    bp = APIBlueprint(
        f"api_{name}",
        __name__,
        url_prefix=PREFIX,
        abp_tags=[Tag(name=tag, description=description)],
        abp_responses=COMMON_RESPONSES,
        operation_id_callback=operation_id,
    )
    bp.register_error_handler(RuleError, _rule_broken)
    bp.register_error_handler(ConflictError, _conflict)
    bp.register_error_handler(NotFound, _not_found)
    return bp
