"""Every refusal of a request's shape is told in the project's words, naming the input and its
rule: each kind of bad input pydantic or the JSON reader can refuse, and no library's phrasing
leaks into any message ("Input should", "Value error,", "sys.set_int_max_str_digits")."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic_core.core_schema import ErrorType

from scorekeeper.api.protocol.invalid import _sentence

from ..calls import API, start

LIBRARY_WORDS = (
    "Input should", "Value error", "String should", "List should", "Dictionary should",
    "after validation", "Field required", "Extra inputs", "valid integer", "valid dictionary",
    "instance of", "Unable to parse", "Assertion failed", "sys.set_int_max_str_digits",
    "Exceeds the limit", "Expecting", "codec", "delimiter", "[key]", "list[int]",
    "function-", "pattern '", "model_type", "MeldBody",
)  # fmt: skip

HAND = {"declarer_id": 1, "bid": 300, "trump": "S", "outcome": "made"}
SESSION = {"system": "brooklyn", "players": ["Ann", "Bob", "Cal"], "first_dealer_seat": 0}

# id -> (method, path (/sessions, or under the session), JSON body or raw text, headers,
#        status, field, message)
CASES = {
    "a field the request does not have": (
        "POST", "/hands", {**HAND, "bidd": 350}, {},
        422, "bidd", "bidd: Not a field of this request: check its spelling, or leave it out.",
    ),
    "a field missing": (
        "POST", "/sessions", {"system": "brooklyn", "first_dealer_seat": 0}, {},
        422, "players", "players: Required: send it.",
    ),
    "a name past the choices": (
        "POST", "/hands", {**HAND, "trump": "X"}, {},
        422, "trump", "trump: Must be one of 'S', 'H', 'D' or 'C'.",
    ),
    "too many players": (
        "POST", "/sessions", {**SESSION, "players": ["Ann"] * 9}, {},
        422, "players", "players: Must have at most 8 items.",
    ),
    "a name too long": (
        "POST", "/sessions", {**SESSION, "players": ["A" * 81, "Bob", "Cal"]}, {},
        422, "players.0", "players.0: Must have at most 80 characters.",
    ),
    "text for a list": (
        "POST", "/sessions", {**SESSION, "players": "Ann"}, {},
        422, "players", "players: Must be a list ([...]).",
    ),
    "a number for text": (
        "POST", "/sessions", {**SESSION, "players": [1, "Bob", "Cal"]}, {},
        422, "players.0", "players.0: Must be text (a JSON string).",
    ),
    "text for a whole number": (
        "POST", "/sessions", {**SESSION, "first_dealer_seat": "x"}, {},
        422, "first_dealer_seat", "first_dealer_seat: Must be a whole number.",
    ),
    "a fraction for a whole number": (
        "POST", "/sessions", {**SESSION, "first_dealer_seat": 1.5}, {},
        422, "first_dealer_seat", "first_dealer_seat: Must be a whole number.",
    ),
    "below the least": (
        "POST", "/sessions", {**SESSION, "stake_cents": -1}, {},
        422, "stake_cents", "stake_cents: Must be at least 0.",
    ),
    "above the most": (
        "POST", "/hands", {**HAND, "bid": 10**30}, {},
        422, "bid", "bid: Must be at most 99999.",
    ),
    "a list for an object": (
        "POST", "/sessions", {**SESSION, "options": []}, {},
        422, "options", "options: Must be an object ({...}).",
    ),
    "a house rule of no kind it takes": (
        "POST", "/sessions", {**SESSION, "options": {"min_bid": {}}}, {},
        422, "options.min_bid",
        "options.min_bid: Must be true or false, a whole number, text, a list of whole numbers "
        "or a list of lists of whole numbers.",
    ),
    "a number for an object in a list": (
        "POST", "/hands", {**HAND, "melds": [5]}, {},
        422, "melds.0", "melds.0: Must be an object ({...}).",
    ),
    "text for true or false": (
        "PATCH", "", {"ended": "yes"}, {},
        422, "ended", "ended: Must be true or false.",
    ),
    "NaN for a whole number": (
        "RAW", "/hands", '{"declarer_id": 1, "bid": 300, "trump": "S", "tricks": NaN}', {},
        422, "tricks", "tricks: Must be a whole number.",
    ),
    "a player listed twice (the schema's own check)": (
        "POST", "/hands",
        {**HAND, "melds": [{"player_id": 1, "text": "20"}, {"player_id": 1, "text": "40"}]}, {},
        422, "melds", "melds: Player 1 is listed twice.",
    ),
    "two choices where one is taken (the schema's own check)": (
        "POST", "/sessions", {**SESSION, "saved_rules": "Friday", "saved_rules_id": 1}, {},
        422, "body", "body: Give saved_rules_id or saved_rules, not both.",
    ),
    "a header not of its pattern": (
        "POST", "/hands", HAND, {"Idempotency-Key": "not a key!"},
        422, "Idempotency-Key", "Idempotency-Key: Must be 1 to 64 letters, digits, - or _.",
    ),
    "text in the query for a number": (
        "POST", "/hands?number=abc", HAND, {},
        422, "number", "number: Must be a whole number.",
    ),
    "5,000 digits in the query": (
        "POST", "/hands?number=" + "9" * 5000, HAND, {},
        422, "number", "number: Must be a whole number of at most 19 digits.",
    ),
    "5,000 digits in the body": (
        "RAW", "/hands", '{"bid": ' + "9" * 5000 + "}", {},
        400, "body",
        "body: a number in it has more than 4300 digits; no field takes one that long.",
    ),
    "JSON cut short": (
        "RAW", "/hands", '{"bid": 300,', {},
        400, "body",
        "body: not valid JSON: a name in double quotes was expected at line 1, column 13.",
    ),
    "JSON with something after it": (
        "RAW", "/hands", '{"bid": 300} 7', {},
        400, "body", "body: not valid JSON: something follows the JSON value at line 1, column 14.",
    ),
    "JSON in UTF-16 cut short": (
        "RAW", "/hands", b"\xff\xfe{", {},
        400, "body", "body: not valid JSON: it is not text in UTF-8.",
    ),
}  # fmt: skip


def _send(api, method, path, body, headers):
    if method == "RAW":
        return api.post(path, data=body, headers=headers, content_type="application/json")
    return api.open(path, method=method, json=body, headers=headers)


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_each_kind_of_bad_input_is_told_in_the_projects_words(api, case):
    method, where, body, headers, status, field, message = case
    session = start(api, "brooklyn", ["Ann", "Bob", "Cal"])

    path = f"{API}{where}" if where == "/sessions" else f"{API}/sessions/{session.id}{where}"

    response = _send(api, method, path, body, headers)

    assert response.status_code == status
    problem = response.get_json()
    assert [(e["field"], e["message"]) for e in problem["errors"]] == [(field, message)]
    assert problem["detail"] == message
    assert not [words for words in LIBRARY_WORDS if words in response.get_data(as_text=True)]


@pytest.mark.parametrize("kind", get_args(ErrorType))
def test_every_error_type_pydantic_has_a_sentence_of_ours(kind):
    bounds = {"ge": 1, "gt": 0, "le": 9, "lt": 10, "multiple_of": 5, "min_length": 2}
    ctx = {**bounds, "max_length": 8, "expected": "'a' or 'b'", "pattern": "^x$", "error": "x"}

    sentence = _sentence(kind, ctx)

    assert sentence[0].isupper() or sentence[0] == "x"
    assert "{" not in sentence.replace("({...})", "")
    assert not [words for words in LIBRARY_WORDS if words in sentence]
