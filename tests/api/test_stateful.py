"""Schemathesis's stateful phase: sequences of requests that follow the document's links
(``scorekeeper.api.protocol.links``), against the app in-process (WSGI), with every check.

A session started leads to reading and changing it, a hand, a payment and a player leaving;
a hand saved or read leads to reading, correcting and deleting it with its ETag as If-Match; a
payment recorded to deleting it; saved rules to reading, changing and deleting them; a club
night made or read to reading and changing it, adding a player, pairing a round and calling
time. Three times in four a schema-valid request that makes something sends a body that stands
(``Workflow.before_call``), so the sequences get past the rules engine. Every answer of every
step is held to all of Schemathesis's checks (``fuzzing.ALL_CHECKS``): besides the
conformance of each answer, a resource just created is found (``ensure_resource_availability``)
and one deleted is gone (``use_after_free``).

Bounded for a 2-core machine: ``SCENARIOS`` sequences of at most ``STEPS`` requests, each
from an empty database, derandomized so every run sends the same requests. Measured on the
2-core machine this was written on: about 20 seconds of CPU, 5 of them importing and
collecting; in one run it saved 53 hands, corrected 2 (and was refused 2 stale ones), deleted
9, and recorded 26 payments and deleted 11.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from webhelpers import dispose, migrated_app, migrated_template, sqlite_file

from .fuzzing import ALL_CHECKS, tune

SCENARIOS = 50
STEPS = 20

ROOT = Path(tempfile.mkdtemp(prefix="scorekeeper-stateful-"))
atexit.register(shutil.rmtree, ROOT, ignore_errors=True)
APP = migrated_app(ROOT)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
tune(schema)
DOCUMENT = APP.test_client().get("/api/v1/openapi.json").get_json()


def linked_operations(document: dict[str, Any]) -> set[str]:
    """The ids of the operations a link leads from or to (the others, a catalog or the
    ledger, have no state to follow: the fuzzing test covers them)."""
    ends: set[str] = set()
    for methods in document["paths"].values():
        for operation in methods.values():
            for answer in operation["responses"].values():
                for link in answer.get("links", {}).values():
                    ends |= {operation["operationId"], link["operationId"]}
    return ends


linked = schema.include(operation_id=sorted(linked_operations(DOCUMENT)))


SESSIONS = [
    {"system": "hoyle", "players": ["Ann", "Bob", "Cal", "Dan"], "stake_cents": 5},
    {"system": "bison", "players": ["Eve", "Fay", "Gus"], "options": {"target": 1000}},
]


def hands(system: str, ids: list[int]) -> list[dict[str, Any]]:
    """Hands that stand in a new session of ``system`` seating the players ``ids``."""
    if system == "hoyle":
        return [
            {"declarer_id": ids[1], "bid": 300, "outcome": "forfeit"},
            {"declarer_id": ids[2], "bid": 350, "trump": "S", "outcome": "made"},
            {"declarer_id": ids[3], "bid": 300, "trump": "H", "tricks": 150,
             "melds": [{"player_id": ids[3], "text": "120"}]},
        ]  # fmt: skip
    return [
        {"declarer_id": ids[2], "bid": 300, "trump": "S", "outcome": "conceded",
         "melds": [{"player_id": ids[0], "text": "60"}]},
        {"outcome": "all-pass"},
    ]  # fmt: skip


NIGHTS = [
    {"name": "Thursday club", "system": "partnership", "movement": "rotating"},
    {"name": "Cutthroat club", "system": "cutthroat", "table_size": 3, "team_size": 1},
]
ENTRANTS = [{"name": name} for name in ("Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus")]


def bodies(case: Any) -> list[dict[str, Any]]:
    """Bodies that a session's hands, payments and leaving players, and a club night and its
    players, take as they stand."""
    if case.operation.path == "/api/v1/sessions":
        return SESSIONS
    if case.operation.path == "/api/v1/club-nights":
        return NIGHTS
    if case.operation.path.endswith("/entrants"):
        return ENTRANTS
    read = APP.test_client().get(f"/api/v1/sessions/{case.path_parameters['session_id']}")
    if read.status_code != 200:
        return []
    session = read.get_json()
    ids = [player["id"] for player in session["players"]]
    if "/hands" in case.operation.path:
        return hands(session["system"], ids)
    if case.operation.path.endswith("/payments"):
        return [{"payer_id": ids[0], "payee_id": ids[1], "cents": 150, "note": "cab"}]
    return [{"player_id": ids[-1]}]  # a player leaving


REALISTIC = {
    ("POST", "/api/v1/sessions"),
    ("POST", "/api/v1/sessions/{session_id}/hands"),
    ("PUT", "/api/v1/sessions/{session_id}/hands/{number}"),
    ("POST", "/api/v1/sessions/{session_id}/payments"),
    ("POST", "/api/v1/sessions/{session_id}/departures"),
    ("POST", "/api/v1/club-nights"),
    ("POST", "/api/v1/club-nights/{night_id}/entrants"),
}


class Workflow(linked.as_state_machine()):  # type: ignore[misc]
    """The state machine Schemathesis builds from the document's links, every check on."""

    def setup(self) -> None:
        """Each sequence starts from an empty database, so Hypothesis, replaying one to
        shrink it, sees the same answers (the replay memory is keyed by each session's
        random token, never by its id alone)."""
        dispose(APP)
        shutil.copyfile(migrated_template(), sqlite_file(ROOT))
        self.made = 0

    def before_call(self, case: Any) -> None:
        """Three times in four, a schema-valid request that makes something (a session, a hand,
        a payment, a player leaving) or corrects a hand sends a body that stands in the session
        its link named, so the sequences reach what it made; otherwise the body as generated."""
        meta = case.meta
        if (case.method, case.operation.path) not in REALISTIC or meta is None:
            return
        if not meta.generation.mode.is_positive:
            return
        self.made += 1
        choices = bodies(case)
        if choices and self.made % 4:
            case.body = choices[self.made % len(choices)]
            case.query = {}

    def validate_response(self, response: Any, case: Any, *_: Any, **kwargs: Any) -> None:
        """Every answer held to every check, with the steps before it recorded."""
        case.validate_response(
            response, checks=ALL_CHECKS, transport_kwargs=kwargs or None, recorder=self.recorder
        )


def test_every_linked_sequence_of_requests_answers_within_the_document():
    try:
        Workflow.run(
            settings=settings(
                max_examples=SCENARIOS,
                stateful_step_count=STEPS,
                deadline=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
        )
    finally:
        dispose(APP)


def links(path: str, method: str, status: str) -> list[str]:
    """The names of the links of one answer in the served document."""
    answer = DOCUMENT["paths"][f"/api/v1{path}"][method]["responses"][status]
    return sorted(answer.get("links", {}))


def test_the_document_links_each_thing_made_to_what_works_on_it():
    session = ["ChangeSession", "EnterHand", "PlayerLeaves", "ReadSession", "RecordPayment"]
    assert links("/sessions", "post", "201") == session
    hand = ["CorrectHand", "DeleteHand", "ReadHand"]
    assert links("/sessions/{session_id}/hands", "post", "201") == hand
    assert links("/sessions/{session_id}/hands/{number}", "get", "200") == hand
    assert links("/sessions/{session_id}/hands/{number}", "put", "200") == hand
    assert links("/sessions/{session_id}/payments", "post", "201") == ["DeletePayment"]
    rules = ["ChangeSavedRules", "DeleteSavedRules", "ReadSavedRules"]
    assert links("/saved-rules", "post", "201") == rules
    night = ["AddClubEntrant", "CallClubTime", "ChangeClubNight", "PairClubRound", "ReadClubNight"]
    assert links("/club-nights", "post", "201") == night
    assert links("/club-nights/{night_id}", "get", "200") == night
