"""The OpenAPI document served at /api/v1/openapi.json: valid OpenAPI 3.1, and a true list of
the API.

The operations are compared with the app's own URL rules under /api/v1 (HEAD and OPTIONS,
which Flask adds to every rule, aside), so an endpoint added anywhere is checked the moment it
is registered: it must be documented, and nothing may be documented that the app does not
serve. Only the document itself and the pages for people (/api/v1/docs and below, and
/api/v1/problems) are not operations.

What each operation must document as a problem (RFC 9457, ``application/problem+json``):
- 401: every API request passes the access gate, and a malformed or wrong bearer token is
  refused whatever the method (scorekeeper/access.py);
- 404: an operation with an id in its path (no such session, no such hand);
- 422: an operation with any input (path, header or body) whose shape or rule is wrong;
- 400, 413, 415: an operation with a JSON body (nested too deep, too large, not JSON), and
  413 and 415 only there (the API reads no other body);
- 412: an operation that takes If-Match (a stale version); a hand's 412 carries the hand as
  it stands (``current``); 428: one that needs If-Match (none sent);
- 503: an operation that writes (the database kept colliding; nothing was saved).

And the headers each answer always carries (``expected_headers``): ETag, Location,
WWW-Authenticate and Retry-After, so a client made from the document knows to read them.
Schemathesis (test_fuzz.py) then checks every answer it gets carries the headers documented.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from openapi_spec_validator import OpenAPIV31SpecValidator, validate

PREFIX = "/api/v1"
DOCUMENT = f"{PREFIX}/openapi.json"
DOCS = f"{PREFIX}/docs"
PROBLEMS = f"{PREFIX}/problems"
HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
PROBLEM = "#/components/schemas/Problem"


def is_operation(rule: str) -> bool:
    """True for a URL rule under /api/v1 that the document must list: all but the document
    itself and the pages for people (the docs page, the problems page)."""
    if not (rule == PREFIX or rule.startswith(f"{PREFIX}/")):
        return False
    return not (rule in (DOCUMENT, DOCS, PROBLEMS) or rule.startswith(f"{DOCS}/"))


def served_operations(app: Flask) -> set[tuple[str, str]]:
    """(path, method) of every API URL rule, the path written as OpenAPI writes it."""
    operations = set()
    for rule in app.url_map.iter_rules():
        if not is_operation(rule.rule):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
            operations.add((path, method.lower()))
    return operations


def documented_operations(document: dict) -> dict[tuple[str, str], dict]:
    """Every operation of the document by (path, method)."""
    return {
        (path, method): operation
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in HTTP_METHODS
    }


@pytest.fixture
def document(api) -> dict:
    """The document as the app serves it."""
    response = api.get(DOCUMENT)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def test_the_document_is_valid_openapi_3_1(document):
    assert document["openapi"].startswith("3.1.")

    validate(document, cls=OpenAPIV31SpecValidator)  # raises on the first error


def test_the_document_lists_exactly_the_operations_the_app_serves(app, document):
    served = served_operations(app)
    documented = set(documented_operations(document))

    assert served, "the app serves no API operation at all"
    assert sorted(served - documented) == [], "served but not documented"
    assert sorted(documented - served) == [], "documented but not served"


def test_only_the_document_and_the_pages_for_people_are_left_out():
    assert not is_operation(DOCUMENT)
    assert not is_operation(DOCS)
    assert not is_operation(PROBLEMS)
    assert not is_operation(f"{DOCS}/swagger-ui.css")
    assert not is_operation("/s/<id:session_id>")
    assert is_operation(f"{PREFIX}/sessions")
    assert is_operation(f"{PREFIX}/sessions/<id:session_id>/hands/<id:number>")


def test_a_route_added_under_the_api_without_documenting_it_is_caught(app, api):
    app.add_url_rule(f"{PREFIX}/sessions/<id:session_id>/secret", "secret", lambda session_id: "")

    served = served_operations(app)
    documented = set(documented_operations(api.get(DOCUMENT).get_json()))

    assert served - documented == {(f"{PREFIX}/sessions/{{session_id}}/secret", "get")}


def test_every_operation_has_a_unique_operation_id_and_a_summary(document):
    operations = documented_operations(document)
    ids = [operation.get("operationId") for operation in operations.values()]

    for key, operation in operations.items():
        assert operation.get("operationId"), key
        assert (operation.get("summary") or "").strip(), key
    assert len(set(ids)) == len(ids), "operation ids repeat"


def expected_problems(path: str, operation: dict) -> set[str]:
    """The 4xx statuses an operation can answer, from its shape (module docstring)."""
    expected = {"401"}
    if "{" in path:
        expected.add("404")
    if operation.get("parameters") or operation.get("requestBody"):
        expected.add("422")
    if operation.get("requestBody"):
        expected |= {"400", "413", "415"}
    headers = {
        p["name"].lower(): p["required"]
        for p in operation.get("parameters", [])
        if p["in"] == "header"
    }
    if "if-match" in headers:
        expected.add("412")
    if headers.get("if-match"):
        expected.add("428")
    return expected


def test_every_operation_documents_its_problems(document):
    missing = {}
    for (path, method), operation in documented_operations(document).items():
        documented = set(operation["responses"])
        lacking = expected_problems(path, operation) - documented
        if lacking:
            missing[f"{method.upper()} {path}"] = sorted(lacking)

    assert missing == {}


def test_413_and_415_are_documented_only_where_a_body_is_taken(document):
    wrong = [
        f"{method.upper()} {path} {status}"
        for (path, method), operation in documented_operations(document).items()
        for status in ("413", "415")
        if (status in operation["responses"]) != ("requestBody" in operation)
    ]

    assert wrong == []


def test_every_documented_4xx_and_5xx_is_a_problem_in_problem_json_only(document):
    wrong = []
    for (path, method), operation in documented_operations(document).items():
        for status, response in operation["responses"].items():
            if not status.startswith(("4", "5")):
                continue
            content = response.get("content", {})
            schema = content.get("application/problem+json", {}).get("schema", {})
            if set(content) != {"application/problem+json"}:
                wrong.append(f"{method.upper()} {path} {status}: {sorted(content)}")
            elif not is_problem(document, schema.get("$ref", "")):
                wrong.append(f"{method.upper()} {path} {status}")

    assert wrong == []


NARROWED = ("type", "code")
"""The members a particular problem may narrow to its own value (the stale hand's code)."""


def is_problem(document: dict, ref: str) -> bool:
    """True when ``ref`` names the Problem schema, or one with every member of it and more
    (the stale hand's problem carries the hand as it stands), its ``type`` and ``code`` one
    value of the Problem's."""
    schemas = document["components"]["schemas"]
    name = ref.removeprefix("#/components/schemas/")
    if ref == PROBLEM:
        return True
    if name not in schemas or not ref.startswith("#/components/schemas/"):
        return False
    problem, particular = schemas["Problem"], schemas[name]
    codes = schemas["ProblemCode"]["enum"]
    code = particular["properties"].get("code", {}).get("const")
    kind = particular["properties"].get("type", {}).get("const")
    return (
        set(problem["required"]) <= set(particular["required"])
        and code in codes
        and kind == f"{PROBLEMS}#{code}"
        and all(
            particular["properties"].get(member) == schema
            for member, schema in problem["properties"].items()
            if member not in NARROWED
        )
    )


def test_the_stale_hand_problem_documents_the_hand_as_it_stands(document):
    for method in ("put", "delete"):
        stale = document["paths"][f"{PREFIX}/sessions/{{session_id}}/hands/{{number}}"][method]
        content = stale["responses"]["412"]["content"]["application/problem+json"]
        schema = document["components"]["schemas"][content["schema"]["$ref"].split("/")[-1]]

        assert "current" in schema["required"]
        assert schema["properties"]["current"]["$ref"] == "#/components/schemas/HandOut"


def writes(path: str, method: str) -> bool:
    """True for an operation that may change data: every method but GET, except the meld
    calculator's POSTs, which only work out figures, and the reading of a hand said in one
    line, which only reads."""
    if path.endswith("/hands/read"):
        return False
    return method != "get" and not path.startswith(f"{PREFIX}/meld")


def expected_headers(path: str, method: str, status: str, operation: dict) -> set[str]:
    """The headers an answer always carries, from what the operation does:
    - ETag on a read tagged for polling (200 and 304), on a hand saved, a session or a club
      night changed and a change refused as stale (412);
    - Location on 201 when something with an address of its own was made (a session, a hand,
      saved rules, a club night), on 200 when it was made before under the same
      Idempotency-Key, and on saved rules replaced (200);
    - WWW-Authenticate on 401 (the scheme to use), Retry-After on 503 (a busy database)."""
    expected = set()
    if method == "get" and status in ("200", "304") and "304" in operation["responses"]:
        expected.add("ETag")
    hand_saved = path.endswith("/hands") and method == "post" and status in ("200", "201")
    if hand_saved or (path.endswith("/{number}") and method == "put" and status == "200"):
        expected.add("ETag")
    if path == f"{PREFIX}/sessions/{{session_id}}" and method == "patch" and status == "200":
        expected.add("ETag")  # the session changed: its new version
    night_changed = path.startswith(f"{PREFIX}/club-nights/") and method != "get"
    if night_changed and status in ("200", "201"):
        expected.add("ETag")  # a club night changed: its new version
    if status == "412":
        expected.add("ETag")
    made = (f"{PREFIX}/sessions", f"{PREFIX}/imports", f"{PREFIX}/saved-rules")
    made += (f"{PREFIX}/club-nights",)
    rules_replaced = path == f"{PREFIX}/saved-rules" and method == "post" and status == "200"
    made_again = method == "post" and status == "200" and path in made  # the same key again
    if hand_saved or rules_replaced or made_again or (status == "201" and path in made):
        expected.add("Location")
    if status == "401":
        expected.add("WWW-Authenticate")
    if status == "503":
        expected.add("Retry-After")
    return expected


def test_every_answer_documents_the_headers_it_always_carries(document):
    wrong = {}
    for (path, method), operation in documented_operations(document).items():
        for status, response in operation["responses"].items():
            headers = response.get("headers", {})
            documented = {name for name, header in headers.items() if header.get("required")}
            expected = expected_headers(path, method, status, operation)
            if documented != expected:
                wrong[f"{method.upper()} {path} {status}"] = (sorted(documented), sorted(expected))

    assert wrong == {}


LIVE = f"{PREFIX}/sessions/{{session_id}}/events"
"""The live stream: never answered 304 (it sends each version itself), and 503 when the
server holds as many streams as it may."""


def test_every_read_of_a_table_is_tagged_for_polling(document):
    untagged = [
        path
        for (path, method), operation in documented_operations(document).items()
        if method == "get" and "304" not in operation["responses"]
    ]

    assert sorted(untagged) == [LIVE, f"{PREFIX}/sessions/{{session_id}}/export"]


def test_every_operation_that_writes_documents_a_busy_database(document):
    for (path, method), operation in documented_operations(document).items():
        busy = writes(path, method) or path == LIVE
        assert ("503" in operation["responses"]) == busy, (method, path)


def test_the_live_stream_is_documented_as_server_sent_events(document):
    answer = document["paths"][LIVE]["get"]["responses"]["200"]

    assert list(answer["content"]) == ["text/event-stream"]
    assert "event: version" in answer["description"]
    assert "keep-alive" in answer["description"]


def test_every_write_operation_takes_json(document):
    for (path, method), operation in documented_operations(document).items():
        body = operation.get("requestBody")
        if body is not None:
            assert set(body["content"]) == {"application/json"}, (method, path)


def test_the_document_names_the_bearer_scheme_it_refers_to(document):
    schemes = document["components"]["securitySchemes"]

    assert schemes["bearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schemes["bearer"]["description"],
    }
    # Every operation takes no credential or the bearer token, said once for all of them.
    assert document["security"] == [{}, {"bearer": []}]
    for key, operation in documented_operations(document).items():
        assert "security" not in operation, key


SCHEMAS = "#/components/schemas/"


def reachable(document: dict, node: object, found: set[str] | None = None) -> set[str]:
    """The names of the schemas ``node`` refers to, and those they refer to, and so on."""
    found = set() if found is None else found
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith(SCHEMAS) and ref.removeprefix(SCHEMAS) not in found:
            name = ref.removeprefix(SCHEMAS)
            found.add(name)
            reachable(document, document["components"]["schemas"][name], found)
        for value in node.values():
            reachable(document, value, found)
    elif isinstance(node, list):
        for value in node:
            reachable(document, value, found)
    return found


def objects(document: dict, names: set[str]) -> dict[str, dict]:
    """The object schemas with fields among ``names``: enums aside, and the session file, a
    free-form object both ways (the import checks every part of it against the file's own
    schema, unknown fields too, and says where it is wrong)."""
    schemas = document["components"]["schemas"]
    return {name: schemas[name] for name in names if "properties" in schemas[name]}


def request_schemas(document: dict) -> dict[str, dict]:
    """Every object schema a request body holds."""
    operations = documented_operations(document).values()
    names = set().union(*(reachable(document, op.get("requestBody", {})) for op in operations))
    return objects(document, names)


def answer_schemas(document: dict) -> dict[str, dict]:
    """Every object schema an answer holds."""
    operations = documented_operations(document).values()
    names = set().union(*(reachable(document, op["responses"]) for op in operations))
    return objects(document, names)


def test_requests_and_answers_have_schemas_of_their_own(document):
    shared = set(request_schemas(document)) & set(answer_schemas(document))

    assert shared == set()


def test_a_request_body_documents_no_default_for_what_may_be_left_out(document):
    defaults = {
        f"{name}.{field}"
        for name, schema in request_schemas(document).items()
        for field, prop in schema["properties"].items()
        if "default" in prop
    }

    assert defaults == set()
    hand = document["components"]["schemas"]["HandBody"]
    assert "required" not in hand  # every field of a hand may be left out


def test_a_request_body_refuses_fields_it_does_not_document(document):
    open_bodies = {
        name
        for name, schema in request_schemas(document).items()
        if schema.get("additionalProperties") is not False
    }

    assert open_bodies == set()


def test_an_answer_lists_every_field_it_always_sends_as_required(document):
    optional = {
        f"{name}.{field}"
        for name, schema in answer_schemas(document).items()
        for field in set(schema["properties"]) - set(schema.get("required", []))
    }

    assert optional == set()
    schemas = document["components"]["schemas"]
    assert schemas["HandOut"]["properties"]["entry"] == {"$ref": f"{SCHEMAS}HandEntryOut"}
    assert "takeover" in schemas["HandEntryOut"]["required"]
    assert "errors" in schemas["Problem"]["required"]


def header_parameters(operation: dict) -> dict[str, bool]:
    """An operation's header parameters: whether each is required."""
    return {
        p["name"]: p["required"] for p in operation.get("parameters", []) if p["in"] == "header"
    }


def test_every_tagged_read_declares_if_none_match(document):
    for (path, _), operation in documented_operations(document).items():
        if "304" in operation["responses"]:
            assert header_parameters(operation).get("If-None-Match") is False, path


def test_if_match_is_documented_as_required_where_its_absence_is_a_428(document):
    taking = {
        f"{method.upper()} {path}": (header_parameters(operation)["If-Match"], "428" in responses)
        for (path, method), operation in documented_operations(document).items()
        if "If-Match" in header_parameters(operation)
        for responses in [operation["responses"]]
    }

    assert taking == {
        f"PUT {PREFIX}/sessions/{{session_id}}/hands/{{number}}": (True, True),
        f"DELETE {PREFIX}/sessions/{{session_id}}/hands/{{number}}": (True, True),
        f"PATCH {PREFIX}/sessions/{{session_id}}": (False, False),
        f"PATCH {PREFIX}/club-nights/{{night_id}}": (False, False),
        f"DELETE {PREFIX}/club-nights/{{night_id}}/entrants/{{player_id}}": (False, False),
        f"POST {PREFIX}/club-nights/{{night_id}}/call-time": (False, False),
    }
