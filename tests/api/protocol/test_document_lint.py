"""What Redocly's recommended rules and Spectral's ``spectral:oas`` check of the document, as
far as it is cheap to check without Node.js (``script/lint-api`` runs the linters themselves;
CI has no Node.js): the document's metadata (servers, licence, contact), each operation's id,
words, tags and 4xx answer, and that every id it gives fits a JavaScript number."""

from __future__ import annotations

import pytest

from scorekeeper.limits import MAX_ID

from .test_document import documented_operations

JAVASCRIPT_SAFE = 2**53 - 1
"""The largest whole number a JavaScript number holds exactly (Number.MAX_SAFE_INTEGER)."""


@pytest.fixture
def document(api) -> dict:
    return api.get("/api/v1/openapi.json").get_json()


def test_the_info_names_a_licence_a_contact_and_says_what_it_is(document):
    info = document["info"]

    assert info["license"]["name"]
    assert info["contact"]["name"]
    assert info["description"].strip()
    assert info["version"]


def test_the_servers_are_this_deployment_at_its_root(document):
    assert [server["url"] for server in document["servers"]] == ["/"]
    assert "hosted" in document["servers"][0]["description"]


def test_every_operation_id_is_unique_and_a_plain_name(document):
    ids = [op["operationId"] for op in documented_operations(document).values()]

    assert len(ids) == len(set(ids))
    assert all(name.isidentifier() for name in ids), ids


def test_every_operation_has_a_summary_a_description_and_a_4xx_answer(document):
    lacking = {
        f"{method.upper()} {path}": [
            part
            for part, present in (
                ("summary", (op.get("summary") or "").strip()),
                ("description", (op.get("description") or "").strip()),
                ("4xx", any(status.startswith("4") for status in op["responses"])),
                ("2xx", any(status.startswith("2") for status in op["responses"])),
            )
            if not present
        ]
        for (path, method), op in documented_operations(document).items()
    }

    assert {key: parts for key, parts in lacking.items() if parts} == {}


def test_every_tag_used_is_defined_once_with_a_description(document):
    defined = [tag["name"] for tag in document["tags"]]
    used = {tag for op in documented_operations(document).values() for tag in op["tags"]}

    assert len(defined) == len(set(defined))
    assert used == set(defined)
    assert all(tag.get("description", "").strip() for tag in document["tags"])
    assert all(len(op["tags"]) == 1 for op in documented_operations(document).values())


def test_every_path_parameter_is_in_its_path_and_required(document):
    for (path, method), op in documented_operations(document).items():
        named = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
        in_path = {part[1:-1] for part in path.split("/") if part.startswith("{")}
        assert named == in_path, (method, path)
        assert all(p["required"] for p in op.get("parameters", []) if p["in"] == "path")


def integer_ids(node: object, where: str = "") -> dict[str, dict]:
    """Every integer schema of the document that is an id, by where it is: a property or a
    parameter named ``id``, ``..._id`` or ``..._ids`` (the items), or a player named by id
    (``player``, ``payer``, ``declarer``...)."""
    found: dict[str, dict] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            found |= integer_ids(value, f"{where}/{key}")
            if key == "properties" and isinstance(value, dict):
                for name, schema in value.items():
                    found |= _id_schemas(name, schema, f"{where}/properties/{name}")
            if key == "parameters" and isinstance(value, list):
                for parameter in value:
                    name = parameter["name"]
                    found |= _id_schemas(name, parameter["schema"], f"{where}/{name}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found |= integer_ids(value, f"{where}/{i}")
    return found


PLAYER_FIELDS = {"player", "payer", "payee", "declarer", "reneger"}


def _id_schemas(name: str, schema: dict, where: str) -> dict[str, dict]:
    """The integer schemas of one field named ``name``, if it is an id."""
    if not (name == "id" or name.endswith(("_id", "_ids")) or name in PLAYER_FIELDS):
        return {}
    kinds = schema.get("anyOf", [schema])
    kinds = [kind.get("items", kind) if kind.get("type") == "array" else kind for kind in kinds]
    return {f"{where}#{i}": kind for i, kind in enumerate(kinds) if kind.get("type") == "integer"}


def test_every_id_documents_a_maximum_within_a_javascript_number(document):
    ids = integer_ids(document)
    unbounded = sorted(where for where, schema in ids.items() if "maximum" not in schema)

    assert len(ids) > 30  # in paths, bodies and answers
    assert unbounded == []
    assert {schema["maximum"] for schema in ids.values()} == {MAX_ID}
    assert MAX_ID <= JAVASCRIPT_SAFE
    assert "2147483647" in document["info"]["description"]
