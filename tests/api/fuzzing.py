"""What Schemathesis holds every answer of the API to, in the fuzzing and the stateful tests.

Every check Schemathesis has (``ALL_CHECKS``: conformance of status, content type, headers and
body; a schema-valid request accepted and an invalid one refused; a required header missing
refused; a method the document does not list answered 405; no use of a deleted resource, a
resource just created found; authentication not ignored), tuned in ``tune`` to what the
document says the API answers:

- a schema-valid request may still break a rule no JSON Schema can say (a hand's bid under the
  session's minimum, a player paying themselves, a player listed twice): 422, or 412 when it
  names a version of a hand or session that is not the latest. What it must never be is a
  refusal of its shape, and ``shape_of_valid_data_accepted`` holds positive data to that: no
  400, 413 or 415, no 422 ``invalid-request`` unless the refusal is a rule between fields
  (``positive_data_acceptance`` takes a 400 for a list's ``cursor`` that the list never gave,
  as it takes a 404 for an id no row has, and this check allows a 400 for nothing else);
- a hand changed or deleted without ``If-Match`` is answered 428 (RFC 6585), which is how the
  API says that header is missing.
"""

from __future__ import annotations

from typing import Any

from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import ChecksConfig
from schemathesis.schemas import BaseSchema

load_all_checks()

POSITIVE_STATUSES = ["2xx", "3xx", "400", "401", "403", "404", "409", "412", "422", "429", "5xx"]
MISSING_HEADER_STATUSES = ["400", "401", "403", "406", "415", "422", "428"]
SHAPE_REFUSALS = {400, 413, 415}
RULES_BETWEEN_FIELDS = ("is listed twice", "not both", "would end before it starts")


def shape_of_valid_data_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """Data the document calls valid is never refused for its shape (it may break a rule)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    status = response.status_code
    problem = _json(response)
    # a refusal lists every input at fault (a rule between fields beside the rules the rest
    # of the body breaks): a rule between fields among them is a refusal no schema could say
    said = [problem.get("detail", "")] + [
        str(error.get("message", ""))
        for error in problem.get("errors", [])
        if isinstance(error, dict)
    ]
    fields = {error.get("field") for error in problem.get("errors", []) if isinstance(error, dict)}
    if status == 400 and fields == {"cursor"}:
        return None  # a cursor this list never gave, as an id no row has is a 404
    if status in SHAPE_REFUSALS or (
        status == 422
        and problem.get("code") == "invalid-request"
        and not any(rule in words for rule in RULES_BETWEEN_FIELDS for words in said)
    ):
        raise AssertionError(f"Schema-valid data refused for its shape ({status}): {problem}")
    return None


def _json(response: Any) -> dict[str, Any]:
    """The answer's JSON object, or an empty one."""
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def tune(schema: BaseSchema) -> None:
    """The statuses the document gives a valid request that breaks a rule, and a missing
    ``If-Match``."""
    schema.config.checks = ChecksConfig.from_dict(
        {
            "positive_data_acceptance": {"expected-statuses": POSITIVE_STATUSES},
            "missing_required_header": {"expected-statuses": MISSING_HEADER_STATUSES},
        }
    )


ALL_CHECKS = [*CHECKS.get_all(), shape_of_valid_data_accepted]
