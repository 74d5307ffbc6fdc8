"""The links between operations in the API document (OpenAPI 3.1 Link Objects): which value
of an answer names what a next request works on. A session started names itself to read,
change, enter a hand in, record a payment toward or leave; a hand saved or read names itself,
with its ETag to send as ``If-Match``; a payment recorded names itself to delete; saved rules
and club nights name themselves.

A client (or a fuzzer following them, as the tests' stateful phase does) can go from one
answer to the next request without knowing how the URLs are built. ``headers.with_headers``
puts the links of a kind of answer into the document by their name here.
"""

from __future__ import annotations

from typing import Any

SESSION_IN_BODY = "$response.body#/id"
SESSION_IN_PATH = "$request.path.session_id"


def _link(operation_id: str, description: str, parameters: dict[str, str]) -> dict[str, Any]:
    """A Link Object to ``operation_id``, each parameter named ``location.name``
    (``path.session_id``, ``header.If-Match``) with the runtime expression giving its value."""
    return {"operationId": operation_id, "description": description, "parameters": parameters}


def _session_links(session_id: str) -> dict[str, dict[str, Any]]:
    """What is done to the session that ``session_id`` names: read it, change it, and what
    changes it (its lists, standings and export are read at addresses under the same id)."""
    where = {"path.session_id": session_id}
    return {
        "ReadSession": _link("read_session", "Read the session.", where),
        "ChangeSession": _link("change_session", "Change its house rules, end it.", where),
        "EnterHand": _link("create_hand", "Enter its next hand.", where),
        "RecordPayment": _link("record_payment", "Record a payment toward it.", where),
        "PlayerLeaves": _link("player_leaves", "A player leaves it.", where),
    }


def _hand_links(number: str, etag: str) -> dict[str, dict[str, Any]]:
    """Read, correct and delete the hand ``number`` names, based on the version ``etag``."""
    hand = {"path.session_id": SESSION_IN_PATH, "path.number": number}
    based = {**hand, "header.If-Match": etag}
    return {
        "ReadHand": _link("read_hand", "Read the hand.", hand),
        "CorrectHand": _link("replace_hand", "Correct the hand, as of this version.", based),
        "DeleteHand": _link("delete_hand", "Delete the hand, as of this version.", based),
    }


def _rules_links() -> dict[str, dict[str, Any]]:
    """Read, change and delete the saved rules the answer is."""
    rules = {"path.rules_id": "$response.body#/id"}
    return {
        "ReadSavedRules": _link("read_saved_rules", "Read the saved rules.", rules),
        "ChangeSavedRules": _link("change_saved_rules", "Rename or change them.", rules),
        "DeleteSavedRules": _link("delete_saved_rules", "Delete them.", rules),
    }


def _night_links() -> dict[str, dict[str, Any]]:
    """What is done to the club night the answer is: read it, change its settings, add a
    player, pair the next round, call time."""
    night = {"path.night_id": "$response.body#/id"}
    return {
        "ReadClubNight": _link("read_club_night", "Read the club night.", night),
        "ChangeClubNight": _link("change_club_night", "Change its settings.", night),
        "AddClubEntrant": _link("add_club_entrant", "Add a player to it.", night),
        "PairClubRound": _link("pair_club_round", "Pair its next round.", night),
        "CallClubTime": _link("call_club_time", "Call time on its round.", night),
    }


LINKS: dict[str, dict[str, dict[str, Any]]] = {
    "session": _session_links(SESSION_IN_BODY),
    "hand-saved": _hand_links("$response.body#/hand/number", "$response.body#/hand/etag"),
    "hand-read": _hand_links("$response.body#/number", "$response.header.ETag"),
    "payment": {
        "DeletePayment": _link(
            "delete_payment",
            "Delete the payment recorded by mistake.",
            {"path.session_id": SESSION_IN_PATH, "path.payment_id": "$response.body#/payment/id"},
        )
    },
    "saved-rules": _rules_links(),
    "club-night": _night_links(),
}
"""The links of each kind of answer, by the name ``with_headers`` is given."""
