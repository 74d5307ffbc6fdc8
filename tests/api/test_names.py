"""The API names one thing one way (issue 20), checked on the document it serves, so a field
added later is held to the same rules:

- a field holding a player id ends in ``_id``; a field named for a player without ``_id`` (the
  declarer, the payer...) is an object, ``PlayerRef`` or ``HolderRef``;
- a seat given by its index ends in ``_seat``;
- a count ends in ``_count``: ``hands`` (or ``deals``, ``players``...) is only ever a list;
- every enum value is kebab-case (keys are snake_case), the trump letters aside: they are the
  cards' own notation (RULES section 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

PLAYER_ROLES = {
    "player", "declarer", "reneger", "last_trick", "payer", "payee", "dealer", "first_dealer",
    "first_bidder", "debtor", "creditor", "winner", "holder", "team", "leaver",
}  # fmt: skip
PLURALS = {"hands", "deals", "rounds", "games", "players", "payments", "sessions"}
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
SUITS = ["S", "H", "D", "C"]


@pytest.fixture
def document(api) -> dict:
    """The document as the app serves it."""
    return api.get("/api/v1/openapi.json").get_json()


def fields(document: dict) -> Iterator[tuple[str, str, dict]]:
    """(schema, field, the field's schema without its null) of every documented object."""
    for name, schema in document["components"]["schemas"].items():
        for field, spec in schema.get("properties", {}).items():
            kinds = [s for s in spec.get("anyOf", [spec]) if s.get("type") != "null"]
            yield name, field, kinds[0] if len(kinds) == 1 else spec


def enums(node: object) -> Iterator[list]:
    """Every ``enum`` (and ``const``, as a list of one) anywhere under ``node``."""
    if isinstance(node, dict):
        if "enum" in node:
            yield node["enum"]
        if "const" in node:
            yield [node["const"]]
        for value in node.values():
            yield from enums(value)
    elif isinstance(node, list):
        for value in node:
            yield from enums(value)


def test_a_field_holding_a_player_id_ends_in_id(document):
    wrong = [
        (name, field)
        for name, field, spec in fields(document)
        if spec.get("type") == "integer"
        and re.match(r"The (player id|id of the player)", spec.get("description", ""))
        and not field.endswith("_id")
    ]
    ids = [(name, field) for name, field, spec in fields(document) if field.endswith("_id")]
    assert wrong == []
    assert ("HandBody", "declarer_id") in ids and ("PaymentBody", "payer_id") in ids
    assert all(
        spec.get("type") == "integer" for _, f, spec in fields(document) if f.endswith("_id")
    )


def test_a_field_named_for_a_player_without_id_is_an_object(document):
    named = [(name, field, spec) for name, field, spec in fields(document) if field in PLAYER_ROLES]
    not_objects = [(name, field) for name, field, spec in named if "$ref" not in spec]
    assert not_objects == []
    assert {(name, field) for name, field, _ in named} >= {
        ("SessionOut", "first_dealer"), ("PaymentOut", "payer"), ("RecordedPaymentOut", "payee"),
    }  # fmt: skip


def test_a_seat_given_by_its_index_ends_in_seat(document):
    session = document["components"]["schemas"]["SessionCreate"]["properties"]
    assert "first_dealer" not in session
    assert session["first_dealer_seat"]["type"] == "integer"
    assert "0-based" in session["first_dealer_seat"]["description"]


def test_a_count_ends_in_count_and_a_plural_is_always_a_list(document):
    plurals = [(name, field, spec) for name, field, spec in fields(document) if field in PLURALS]
    counts = {(name, field) for name, field, _ in fields(document) if field.endswith("_count")}
    lists = [(n, f) for n, f, spec in plurals if spec.get("type") == "array" or "$ref" in spec]
    assert lists == [(n, f) for n, f, _ in plurals]
    assert {("SessionOut", "hand_count"), ("SessionSummary", "hand_count")} <= counts
    assert ("ImportedOut", "hand_count") in counts


def test_every_enum_value_is_kebab_case_the_trump_letters_aside(document):
    # a problem's ``type`` is a link to its explanation, not a name
    found = [
        values
        for values in enums(document)
        if values != SUITS and not any(str(v).startswith("/api/v1/problems#") for v in values)
    ]
    wrong = [v for values in found for v in values if isinstance(v, str) and not KEBAB.fullmatch(v)]
    outcomes = document["components"]["schemas"]["Outcome"]["enum"]
    assert wrong == []
    assert {"opponents-conceded", "all-pass"} <= set(outcomes)
