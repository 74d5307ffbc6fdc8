"""Problem codes: one fixed list (``scorekeeper.api.protocol.codes.ProblemCode``), given by the
document as an enum, each explained on a page the app serves.

- the code sends no code outside the list: every place that makes a problem is read (its
  source, not a sample of requests) and names a member of it, and every member is sent
  somewhere;
- the document's ``ProblemCode`` enum is that list, the general ``Problem`` takes any of it
  and the stale hand's problem only ``stale-hand``;
- every problem is sent as ``application/problem+json``, and its ``type`` resolves to the
  problems page, which has an anchor for its code, its status, meaning and what to do.
"""

from __future__ import annotations

import ast
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from hostedhelpers import hosted_app
from webhelpers import dispose, migrated_app, parse

from scorekeeper.api.protocol.codes import EXPLAINED, PROBLEMS_PAGE, ProblemCode, type_uri
from scorekeeper.api.protocol.problems import HTTP_CODES
from scorekeeper.limits import MAX_REQUEST_BYTES

from ..calls import API, start

PACKAGE = Path(__file__).resolve().parents[3] / "scorekeeper"
MAKERS = {"problem_response", "ApiProblem", "field_problem", "_body_problem", "AccessDenied"}
"""Every function or class that makes a problem from a code it is given."""
PASSED_ON = {"code", "error.code", "ProblemCode(error.code)"}
"""A code handed on from a maker's own argument (a maker calling another), not made up."""


def code_argument(call: ast.Call) -> ast.expr | None:
    """The code a maker is called with: ``AccessDenied``'s first argument, the others' second,
    or the one named ``code``."""
    named = [k.value for k in call.keywords if k.arg == "code"]
    position = 0 if isinstance(call.func, ast.Name) and call.func.id == "AccessDenied" else 1
    if named:
        return named[0]
    return call.args[position] if len(call.args) > position else None


def maker_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def codes_in_the_source() -> tuple[set[str], list[str]]:
    """(every code some maker is called with, each call whose code is neither a member of
    ``ProblemCode`` nor handed on), over every module of the package."""
    sent: set[str] = set()
    unknown: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or maker_name(node) not in MAKERS:
                continue
            code = code_argument(node)
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            if code is None:
                continue  # a subclass calling super().__init__ with its own arguments
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                sent.add(code.value)
            elif (
                isinstance(code, ast.Attribute)
                and isinstance(code.value, ast.Name)
                and code.value.id == "ProblemCode"
            ):
                sent.add(ProblemCode[code.attr].value)
            elif ast.unparse(code) not in PASSED_ON:
                unknown.append(f"{where}: {ast.unparse(code)}")
    sent |= {code.value for code in HTTP_CODES.values()} | {ProblemCode.HTTP_ERROR.value}
    return sent, unknown


def test_every_code_the_source_sends_is_in_the_list_and_every_one_is_sent():
    sent, unknown = codes_in_the_source()

    assert unknown == [], "a problem made with a code from somewhere else"
    assert sorted(sent - set(ProblemCode)) == [], "sent but not in ProblemCode"
    assert sorted(set(ProblemCode) - sent) == [], "in ProblemCode but never sent"


def test_the_source_walk_finds_a_code_made_up_in_place():
    call = ast.parse('problem_response(409, "made-up", "detail")', mode="eval").body
    access = ast.parse('AccessDenied("pin-required", "detail")', mode="eval").body

    assert isinstance(call, ast.Call) and isinstance(access, ast.Call)
    assert ast.literal_eval(code_argument(call)) == "made-up"
    assert ast.literal_eval(code_argument(access)) == "pin-required"


@pytest.fixture
def schemas(api) -> dict:
    return api.get(f"{API}/openapi.json").get_json()["components"]["schemas"]


def test_the_document_lists_every_code_as_an_enum(schemas):
    assert schemas["ProblemCode"]["enum"] == [code.value for code in ProblemCode]
    assert schemas["Problem"]["properties"]["code"]["$ref"] == "#/components/schemas/ProblemCode"
    assert schemas["Problem"]["properties"]["type"]["format"] == "uri-reference"


def test_the_stale_hand_problem_is_narrowed_to_its_own_code(schemas):
    stale = schemas["StaleHandProblem"]["properties"]

    assert stale["code"]["const"] == "stale-hand"
    assert stale["type"]["const"] == type_uri(ProblemCode.STALE_HAND)
    assert stale["type"]["const"] == "/api/v1/problems#stale-hand"


def test_every_code_is_explained_once():
    assert list(EXPLAINED) == list(ProblemCode)
    for code, explained in EXPLAINED.items():
        assert explained.means.endswith(".") and explained.client_does.endswith("."), code
        assert all(400 <= status <= 599 for status in explained.statuses), code


def test_the_problems_page_names_every_code_with_its_status(api):
    response = api.get(PROBLEMS_PAGE)

    assert response.status_code == 200
    assert response.mimetype == "text/html"
    tree = parse(response)
    sections = {el.get("id"): el for el in tree.iter("section")}
    assert list(sections) == [code.value for code in ProblemCode]
    stale = " ".join("".join(sections["stale-hand"].itertext()).split())
    assert stale.startswith("stale-hand 412 Precondition Failed If-Match named a version")
    assert "What a client does: Show the hand in 'current'" in stale
    assert "Any other 4xx" in "".join(sections["http-error"].itertext())


def test_the_problems_page_keeps_to_the_strict_content_security_policy(api):
    response = api.get(PROBLEMS_PAGE)
    policy = response.headers["Content-Security-Policy"]
    tree = parse(response)

    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert all(script.get("src") for script in tree.iter("script"))
    assert list(tree.iter("style")) == []
    assert [el.tag for el in tree.iter() if el.get("style") is not None] == []


def test_the_problems_page_is_open_to_read_when_the_table_has_an_api_token(app, api):
    app.config["API_TOKEN"] = "s3cret-table-token"

    assert api.get(PROBLEMS_PAGE).status_code == 200


@pytest.mark.parametrize("kind", ["a table with a PIN", "hosted"])
def test_the_problems_page_is_open_to_a_stranger(tmp_path, kind):
    app = hosted_app(tmp_path) if kind == "hosted" else migrated_app(tmp_path, TABLE_PIN="4071")
    try:
        stranger = app.test_client()
        assert stranger.get(f"{API}/sessions").status_code == 401  # the table's data is not
        assert stranger.get(PROBLEMS_PAGE).status_code == 200
    finally:
        dispose(app)


HAND = {"declarer_id": 1, "bid": 300, "trump": "S", "outcome": "made"}

# id -> (method, path under the session ("" the session itself; "/..." from the API's root
#        when it starts with "//"), request keyword arguments, status, code); the session
#        has one hand, HAND.
ANSWERS = {
    "no such address": ("GET", "//nothing-here", {}, 404, "not-found"),
    "no such session": ("GET", "//sessions/999", {}, 404, "not-found"),
    "a method not taken": ("DELETE", "/standings", {}, 405, "method-not-allowed"),
    "not JSON": ("POST", "/hands", {"data": "bid=300", "content_type": "text/plain"}, 415,
                 "unsupported-media-type"),
    "too large": ("POST", "/hands", {"json": {"note": "x" * MAX_REQUEST_BYTES}}, 413,
                  "too-large"),
    "unreadable JSON": ("POST", "/hands", {"data": "{", "content_type": "application/json"},
                        400, "invalid-json"),
    "a key twice": ("POST", "/hands", {"data": '{"bid": 1, "bid": 2}',
                                       "content_type": "application/json"}, 400,
                    "duplicate-key"),
    "a field unknown": ("POST", "/hands", {"json": {**HAND, "bidd": 1}}, 422,
                        "invalid-request"),
    "a rule broken": ("POST", "/hands", {"json": {**HAND, "bid": 340}}, 422, "rule-broken"),
    "no such hand": ("DELETE", "/hands/2", {}, 404, "not-found"),
    "a hand changed without If-Match": ("DELETE", "/hands/1", {}, 428, "version-required"),
    "a hand changed since it was read": ("DELETE", "/hands/1",
                                         {"headers": {"If-Match": '"hand-1-0"'}}, 412,
                                         "stale-hand"),
    "a session changed since it was read": ("PATCH", "", {"json": {"ended": True},
                                                          "headers": {"If-Match": '"old"'}},
                                            412, "stale-session"),
    "a wrong token": ("GET", "", {"headers": {"Authorization": "Basic x"}}, 401,
                      "invalid-token"),
}  # fmt: skip


@pytest.mark.parametrize("case", ANSWERS.values(), ids=list(ANSWERS))
def test_every_problem_is_sent_as_problem_json_with_its_code_and_page(api, case):
    method, where, kwargs, status, code = case
    session = start(api, "brooklyn", ["Ann", "Bob", "Cal"])
    base = f"{API}/sessions/{session.id}"
    assert api.post(f"{base}/hands", json=HAND).status_code == 201
    path = f"{API}{where[1:]}" if where.startswith("//") else f"{base}{where}"

    response = api.open(path, method=method, **kwargs)

    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert (problem["status"], problem["code"]) == (status, code)
    assert status in EXPLAINED[ProblemCode(code)].statuses
    page = urljoin(f"http://localhost{path}", problem["type"])
    address = urlsplit(page)
    assert (address.path, address.fragment) == (PROBLEMS_PAGE, code)
    anchors = {el.get("id") for el in parse(api.get(address.path)).iter("section")}
    assert code in anchors


def bodiless(api) -> list[tuple[str, str]]:
    """(method, path) of every operation the document lists without a request body, its
    path ids filled in with 1."""
    document = api.get(f"{API}/openapi.json").get_json()
    found = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if "requestBody" not in operation:
                filled = path.replace("{session_id}", "1").replace("{number}", "1")
                filled = filled.replace("{rules_id}", "1").replace("{payment_id}", "1")
                found.append((method.upper(), filled))
    return found


def test_an_operation_without_a_body_never_answers_413_or_415(api):
    start(api, "brooklyn", ["Ann", "Bob", "Cal"])
    operations = bodiless(api)
    oversized = "x" * (MAX_REQUEST_BYTES + 1)

    answers = {
        (method, path): api.open(
            path, method=method, data=oversized, content_type="text/plain"
        ).status_code
        for method, path in operations
    }

    assert {"GET", "DELETE"} <= {method for method, _ in operations}
    assert {key: status for key, status in answers.items() if status in (413, 415)} == {}
