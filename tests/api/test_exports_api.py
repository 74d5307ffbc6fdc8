"""Exports and imports through the API: the export is the page's session file, byte for byte;
importing it recreates a session with the same standings; a refused file is a 422 problem."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from flask.testing import FlaskClient

from scorekeeper.api.schemas.hands import HandBody
from scorekeeper.services.exports import json_export
from scorekeeper.services.exports.session_file import EntryInFile
from scorekeeper.services.handfields import API_NAMES, HandFields

API = "/api/v1"
EXPORTED_AT = datetime(2026, 3, 14, 21, 30, 5)


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch):
    """The export's ``exported_at`` is the clock's; fixed, two exports can be compared."""
    monkeypatch.setattr(json_export, "utcnow", lambda: EXPORTED_AT)


def played_session(client: FlaskClient) -> tuple[int, dict[str, int]]:
    """Brooklyn at 25 cents a unit: Bob makes 350 in spades, then Dee gets up; ended.

    Ann deals first, so Dee (on her right) sits out (RULES 5.2). Bob's 200 meld and 180 in
    tricks are 380, at least 350: made (5.3). 350-390 is 2 units (5.4), doubled for spades to
    4 (5.5), from each of Ann, Cal and Dee (5.6): Bob +12 units ($3.00), the others -4 ($1.00).
    Dee leaves at -4 and is cashed out there (RULES 7).
    """
    created = client.post(
        f"{API}/sessions",
        json={"system": "brooklyn", "players": ["Ann", "Bob", "Cal", "Dee"], "stake_cents": 25},
    ).get_json()
    sid, ids = created["id"], {p["name"]: p["id"] for p in created["players"]}
    hand = {
        "declarer_id": ids["Bob"],
        "bid": 350,
        "trump": "S",
        "tricks": 180,
        "melds": [{"player_id": ids["Bob"], "text": "200"}],
    }
    assert client.post(f"{API}/sessions/{sid}/hands", json=hand).status_code == 201
    left = client.post(f"{API}/sessions/{sid}/departures", json={"player_id": ids["Dee"]})
    assert left.status_code == 201, left.get_json()
    assert client.patch(f"{API}/sessions/{sid}", json={"ended": True}).status_code == 200
    return sid, ids


def session_count(client: FlaskClient) -> int:
    return len(client.get(f"{API}/sessions").get_json()["sessions"])


def test_the_export_is_the_pages_session_file(client):
    sid, _ = played_session(client)

    page = client.get(f"/s/{sid}/session.json")
    api = client.get(f"{API}/sessions/{sid}/export")

    assert page.status_code == 200 and api.status_code == 200
    assert api.mimetype == "application/json"
    assert json.loads(api.data) == json.loads(page.data)
    assert api.data == page.data
    exported = api.get_json()
    assert exported["format"] == "scorekeeper-session"
    assert exported["exported_at"] == "2026-03-14T21:30:05Z"
    assert [e["kind"] for e in exported["events"]] == ["hand", "leave"]


def test_exporting_a_missing_session_is_a_404(client):
    response = client.get(f"{API}/sessions/999/export")

    assert response.status_code == 404
    assert response.get_json()["code"] == "not-found"


def test_an_imported_export_has_the_same_standings_and_settlement(client):
    sid, ids = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()

    response = client.post(f"{API}/imports", json=exported)

    assert response.status_code == 201, response.get_json()
    imported = response.get_json()
    assert imported["id"] != sid
    assert response.headers["Location"] == f"{API}/sessions/{imported['id']}"
    assert imported["hand_count"] == 1
    # the players matched on the roster by name: the same players, the same ids
    assert imported["players"] == [{"id": ids[n], "name": n} for n in ("Ann", "Bob", "Cal", "Dee")]
    assert imported["added"] == [] and imported["note"] is None
    original = client.get(f"{API}/sessions/{sid}").get_json()
    copy = client.get(response.headers["Location"]).get_json()
    for key in ("system", "options", "players", "first_dealer", "hand_count"):
        assert copy[key] == original[key], key
    assert copy["ended_at"] == exported["session"]["ended_at"]  # the file keeps whole seconds
    assert copy["standings"]["rows"] == original["standings"]["rows"]
    assert copy["settlement"] == original["settlement"]
    # The figures worked out by hand: Bob +12 units, $3.00; Dee left at -4.
    rows = {r["holder"]["name"]: r for r in copy["standings"]["rows"]}
    assert {name: (r["figure"], r["cents"]) for name, r in rows.items()} == {
        "Ann": (-4, -100),
        "Bob": (12, 300),
        "Cal": (-4, -100),
        "Dee": (-4, -100),
    }
    fewest = copy["settlement"]["fewest"]
    assert {(p["payer"]["player_ids"][0], p["cents"]) for p in fewest} == {
        (ids["Ann"], 100), (ids["Cal"], 100), (ids["Dee"], 100)
    }  # fmt: skip


def test_a_name_not_on_the_roster_is_added_by_the_import(client):
    sid, ids = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()
    for player in exported["session"]["players"]:
        if player["id"] == ids["Dee"]:
            player["name"] = "Eve"

    response = client.post(f"{API}/imports", json=exported)

    assert response.status_code == 201, response.get_json()
    players = response.get_json()["players"]
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cal", "Eve"]
    assert [p["id"] for p in players[:3]] == [ids["Ann"], ids["Bob"], ids["Cal"]]
    assert players[3]["id"] not in ids.values()  # Eve is a new player of the roster
    assert response.get_json()["added"] == [players[3]]


def test_a_file_of_an_unknown_version_is_refused_with_the_import_message(client):
    sid, _ = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()
    exported["version"] = 99
    before = session_count(client)

    response = client.post(f"{API}/imports", json=exported)

    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == "import-refused"
    assert problem["detail"] == (
        "The file is format version 99, from a newer Scorekeeper; this one reads versions 1 to 2."
    )
    assert [e["field"] for e in problem["errors"]] == ["body"]
    assert session_count(client) == before


def test_a_file_whose_hand_breaks_a_rule_is_refused_and_nothing_is_saved(client):
    sid, _ = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()
    exported["events"][0]["entry"]["bid"] = 340  # Brooklyn forbids bids ending in 40 (RULES 4.1)
    before = session_count(client)

    response = client.post(f"{API}/imports", json=exported)

    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "import-refused"
    assert "340" in problem["detail"]
    assert session_count(client) == before


def test_a_body_that_is_not_a_json_object_is_refused(client):
    response = client.post(f"{API}/imports", json=["not", "a", "session"])

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"


def test_the_import_reads_a_file_over_the_apps_1_mb_up_to_5_mb(client):
    sid, _ = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()
    big = {**exported, "comment": "x" * 2_000_000}  # 2 MB: over 1 MB, under 5 MB
    too_big = {**exported, "comment": "x" * 5_500_000}  # past the import's 5 MB, under 6 MB
    far_too_big = {**exported, "comment": "x" * 6_500_000}  # past the request's 6 MB

    read = client.post(f"{API}/imports", json=big)
    refused = client.post(f"{API}/imports", json=too_big)
    cut = client.post(f"{API}/imports", json=far_too_big)
    elsewhere = client.post(f"{API}/sessions/{sid}/payments", json={"note": "x" * 2_000_000})

    assert read.status_code == 201, read.get_json()
    assert refused.status_code == 422
    assert refused.get_json()["detail"] == "The file is larger than 5 MB."
    assert cut.status_code == 413
    assert elsewhere.status_code == 413  # every other API request stays within 1 MB


# -- one definition of a hand's shape, for the API and the file ---------------------------------

SHAPE_FAULTS = [
    ("bid", 100_000, "bid", "Event 1: bid must be at most 99999, not 100000."),
    ("tricks", -10, "tricks", "Event 1: tricks must be at least 0, not -10."),
    ("declarer", 0, "declarer_id", "Event 1: declarer must be at least 1, not 0."),
    ("trump", "X", "trump", 'Event 1: trump must be S, H, D or C, not "X".'),
    # The rules read a suit symbol, but the API gives trump back as a letter: a file's "♠" was
    # imported, and reading that hand through the API then failed.
    ("trump", "♠", "trump", 'Event 1: trump must be S, H, D or C, not "♠".'),
    ("outcome", "won", "outcome",
     "Event 1: outcome must be made, set, played, conceded, forfeit, opponents-conceded, "
     'renege, all-pass or misdeal, not "won".'),
    ("takeover", "yes", "takeover", 'Event 1: takeover must be true or false, not "yes".'),
    ("meld text", "9" * 301, "melds.0.text",
     "Event 1: the meld of player {Bob} must be at most 300 characters, not 301."),
    ("meld mode", "hum", "melds.0.mode",
     'Event 1: the meld of player {Bob} is entered by number, cards, claims or side, not "hum".'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("field", "value", "api_field", "file_message"),
    [pytest.param(*fault, id=f"{fault[0]} {fault[1]!r:.12}") for fault in SHAPE_FAULTS],
)
def test_a_hand_the_api_refuses_for_its_shape_is_refused_by_the_import_by_the_same_rule(
    client, field, value, api_field, file_message
):
    sid, ids = played_session(client)
    exported = client.get(f"{API}/sessions/{sid}/export").get_json()
    bob = ids["Bob"]
    hand = {"declarer_id": bob, "bid": 350, "trump": "S", "tricks": 180,
            "melds": [{"player_id": bob, "mode": "number", "text": "200"}]}  # fmt: skip
    entry = exported["events"][0]["entry"]
    if field.startswith("meld "):
        key = field.removeprefix("meld ")
        hand["melds"][0][key] = value
        entry["melds"][str(bob)][key] = value
    else:  # the API's name of the field (declarer_id) is the path of its problem
        hand[api_field] = value
        entry[field] = value
    before = session_count(client)

    through_api = client.post(f"{API}/sessions/{sid}/hands", json=hand)
    through_file = client.post(f"{API}/imports", json=exported)

    assert through_api.status_code == 422
    assert through_api.get_json()["code"] == "invalid-request"
    assert [e["field"] for e in through_api.get_json()["errors"]] == [api_field]
    assert through_file.status_code == 422
    assert through_file.get_json()["code"] == "import-refused"
    assert through_file.get_json()["detail"] == file_message.format(Bob=bob)
    assert session_count(client) == before


def _without_default(schema: dict) -> dict:
    """A property's schema less its ``default`` (a request body documents none) and its
    ``title`` (made from the name: ``declarer_id`` in the API is ``declarer`` in a file)."""
    return {key: value for key, value in schema.items() if key not in ("default", "title")}


def test_the_api_and_the_file_describe_a_hands_fields_alike():
    body = HandBody.model_json_schema()
    in_file = EntryInFile.model_json_schema()
    for name in HandFields.model_fields:
        in_api = _without_default(body["properties"][API_NAMES.get(name, name)])
        assert in_api == _without_default(in_file["properties"][name]), name
    meld = body["$defs"]["MeldBody"]["properties"]
    meld_in_file = in_file["$defs"]["MeldInFile"]["properties"]
    assert {k: _without_default(meld[k]) for k in ("mode", "text")} == {
        k: _without_default(v) for k, v in meld_in_file.items()
    }
    take = body["$defs"]["TakeBody"]["properties"]["taken"]
    taken_in_file = in_file["properties"]["takes"]["additionalProperties"]
    assert taken_in_file == {key: value for key, value in take.items() if key != "title"}
