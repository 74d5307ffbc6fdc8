"""The OpenAPI document as served: what flask-openapi3 generates from the code, finished.

``DocumentedApp`` is the app's class (``create_app``): flask-openapi3's ``OpenAPI``, whose
document gets three finishing touches once, when it is first generated, so ``app.api_doc`` and
``/api/v1/openapi.json`` are the same everywhere:

- a problem is answered as ``application/problem+json`` only (the server sends nothing else
  for one), so the ``application/json`` flask-openapi3 writes beside it is left out;
- 413 (too large) and 415 (not JSON) are documented on the operations that take a request
  body, and only there: the API reads no other body (``api._readable_body``);
- ``GameSystem`` lists the games registered when the document is written (its schema was
  made when the API's modules were imported, and a game may be registered after that).
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask_openapi3 import OpenAPI

from ...rules.game.variant import GAMES
from .problems import PROBLEM_JSON

BODY_PROBLEMS = (HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
"""What an operation taking a body may also answer: a body too large, a body not JSON."""

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def _problem_answer(status: HTTPStatus) -> dict[str, Any]:
    """A Response Object of the general problem, as flask-openapi3 writes one."""
    schema = {"$ref": "#/components/schemas/Problem"}
    return {"description": status.phrase, "content": {PROBLEM_JSON: {"schema": schema}}}


def finish(document: dict[str, Any]) -> None:
    """Finish a generated document in place (the module docstring says how)."""
    for item in document.get("paths", {}).values():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            if "requestBody" in operation:
                for status in BODY_PROBLEMS:
                    responses.setdefault(str(status.value), _problem_answer(status))
            for response in responses.values():
                content = response.get("content", {})
                if PROBLEM_JSON in content:
                    content.pop("application/json", None)
            operation["responses"] = dict(sorted(responses.items()))
    games = document.get("components", {}).get("schemas", {}).get("GameSystem")
    if games is not None:
        games["enum"] = list(GAMES)


class DocumentedApp(OpenAPI):
    """The app: flask-openapi3's ``OpenAPI``, its document finished by ``finish``."""

    def generate_spec_json(self) -> None:
        """Generate the document once, then finish it."""
        super().generate_spec_json()
        finish(self.spec_json)
