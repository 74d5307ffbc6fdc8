"""Request bodies read exactly as the document says (``scorekeeper/api/protocol/body.py`` and the
request models of ``api/schemas``): JSON types taken as documented (a whole number is an
integer however it is written, as JSON Schema says), an unknown field refused by its name, a
key named twice refused, and nothing saved by any refused body.

Brooklyn, Ann, Bob, Cal and Dan; a hand is Bob's 350 in hearts, made (docs/RULES.md).
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.api.protocol.body import DuplicateKey, loads

from ..calls import API, FOUR, problem_fields, start

HAND = {"bid": 350, "trump": "H", "outcome": "made"}


def _hand(session, **changed):
    """Bob's 350 in hearts, made, with ``changed`` fields."""
    return {"declarer_id": session.ids["Bob"], **HAND, **changed}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("declarer_id", "2", id="declarer-as-text"),
        pytest.param("bid", "350", id="bid-as-text"),
        pytest.param("declarer_id", True, id="declarer-as-true"),
        pytest.param("bid", 350.5, id="bid-as-fraction"),
        pytest.param("takeover", 1, id="takeover-as-one"),
        pytest.param("takeover", "true", id="takeover-as-text"),
        pytest.param("trump", 1, id="trump-as-number"),
    ],
)
def test_a_hand_field_of_another_json_type_is_refused_and_nothing_saved(api, field, value):
    session = start(api, "brooklyn", FOUR)

    response = api.post(f"{session.url}/hands", json=_hand(session, **{field: value}))

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"
    assert list(problem_fields(response)) == [field]
    assert session.hand_count() == 0


def test_a_meld_item_of_another_json_type_is_refused_at_its_place(api):
    session = start(api, "brooklyn", FOUR)
    melds = [{"player_id": str(session.ids["Bob"]), "text": "150"}]

    response = api.post(f"{session.url}/hands", json=_hand(session, melds=melds))

    assert response.status_code == 422
    assert list(problem_fields(response)) == ["melds.0.player_id"]


def test_a_payer_sent_as_true_is_refused_not_taken_for_player_one(api):
    session = start(api, "brooklyn", FOUR)
    cal = session.ids["Cal"]

    body = {"payer_id": True, "payee_id": cal, "cents": 350}

    response = api.post(f"{session.url}/payments", json=body)

    assert response.status_code == 422
    assert list(problem_fields(response)) == ["payer_id"]
    assert api.get(f"{session.url}/payments").get_json()["payments"] == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("stake_cents", "25", id="stake-as-text"),
        pytest.param("first_dealer_seat", "1", id="first-dealer-as-text"),
        pytest.param("first_dealer_seat", False, id="first-dealer-as-false"),
        pytest.param("players", "Ann", id="players-as-text"),
    ],
)
def test_a_session_field_of_another_json_type_is_refused(api, field, value):
    body = {"system": "brooklyn", "players": FOUR, field: value}

    response = api.post(f"{API}/sessions", json=body)

    assert response.status_code == 422
    assert list(problem_fields(response)) == [field]
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


def test_the_game_system_and_outcome_are_still_taken_by_their_names(api):
    session = start(api, "brooklyn", FOUR, stake_cents=25)

    response = api.post(f"{session.url}/hands", json=_hand(session))

    assert response.status_code == 201
    assert response.get_json()["hand"]["entry"]["outcome"] == "made"
    # Bob made 350 in hearts: 2 units from each of the three others, at 25 cents a unit.
    assert response.get_json()["standings"]["rows"][1]["cents"] == 150


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        pytest.param({"bidd": 350}, "bidd", id="a-misspelt-field"),
        pytest.param({"melds": [{"player_id": 2, "text": "150", "txt": "1"}]}, "melds.0.txt",
                     id="a-misspelt-field-of-a-meld"),
        # API v1 named a player id without "_id" before (issue 20): no longer a field
        pytest.param({"declarer": 2}, "declarer", id="the-declarer-without-id"),
        pytest.param({"last_trick": 2}, "last_trick", id="the-last-trick-without-id"),
    ],
)  # fmt: skip
def test_an_unknown_hand_field_is_refused_by_its_name_and_nothing_saved(api, extra, field):
    session = start(api, "brooklyn", FOUR)

    response = api.post(f"{session.url}/hands", json=_hand(session, **extra))

    assert response.status_code == 422
    assert list(problem_fields(response)) == [field]
    assert session.hand_count() == 0


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        pytest.param("/sessions", {"system": "hoyle", "players": FOUR, "dealer": 1}, "dealer",
                     id="a-session"),
        pytest.param("/meld", {"system": "hoyle", "cards": "AS KS", "trumps": "S"}, "trumps",
                     id="meld-cards"),
        pytest.param("/saved-rules", {"name": "Fri", "system": "hoyle", "option": {}}, "option",
                     id="saved-rules"),
    ],
)  # fmt: skip
def test_an_unknown_field_of_any_body_is_refused_by_its_name(api, path, body, field):
    response = api.post(f"{API}{path}", json=body)

    assert response.status_code == 422
    assert list(problem_fields(response)) == [field]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        pytest.param('{"declarer_id": 2, "bid": 300, "bid": 350, "trump": "H"}', "bid",
                     id="at-the-top"),
        pytest.param('{"declarer_id": 2, "bid": 350, "melds": [{"player_id": 2, "text": "150", '
                     '"text": "40"}]}', "text", id="in-a-meld"),
    ],
)  # fmt: skip
def test_a_key_named_twice_is_refused_naming_the_key_and_nothing_saved(api, text, key):
    session = start(api, "brooklyn", FOUR)

    response = api.post(
        f"{session.url}/hands", data=text, headers={"Content-Type": "application/json"}
    )

    assert response.status_code == 400
    problem = response.get_json()
    assert problem["code"] == "duplicate-key"
    assert problem["detail"] == f"body: the key '{key}' appears twice in one object; send it once."
    assert [e["field"] for e in problem["errors"]] == ["body"]
    assert session.hand_count() == 0


def test_the_loader_keeps_each_key_once_and_names_a_repeated_one():
    assert loads('{"a": 1, "b": {"a": 2}}') == {"a": 1, "b": {"a": 2}}
    with pytest.raises(DuplicateKey) as raised:
        loads(json.dumps({"x": 1})[:-1] + ', "x": 2}')
    assert raised.value.key == "x"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        pytest.param("350.0", 350, id="with-a-fraction-of-nothing"),
        pytest.param("3.5e2", 350, id="with-an-exponent"),
        pytest.param("35E+1", 350, id="with-a-capital-exponent"),
        pytest.param("9007199254740993.0", 9007199254740993, id="exactly-past-a-float"),
        pytest.param("350.5", 350.5, id="a-fraction-stays-a-fraction"),
        pytest.param("100000000000000000000000000000.5", 1e29, id="a-fraction-past-a-float"),
        pytest.param("1e400", float("inf"), id="too-large-for-a-float"),
    ],
)
def test_the_loader_reads_a_whole_number_however_written_as_an_integer(text, value):
    read = loads(f'{{"n": {text}}}')["n"]
    assert read == value
    assert type(read) is type(value)


def test_a_whole_number_written_with_a_fraction_is_the_integer_json_schema_says_it_is(api):
    session = start(api, "brooklyn", FOUR)
    text = json.dumps(_hand(session, bid=350)).replace('"bid": 350', '"bid": 350.0')

    response = api.post(
        f"{session.url}/hands", data=text, headers={"Content-Type": "application/json"}
    )

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hand"]["entry"]["bid"] == 350
