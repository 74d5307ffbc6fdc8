"""Calling the JSON API from tests: sessions and hands by player *name*, figures by holder.

``start`` creates a session and returns a ``Session`` that knows its players' ids, so a hand
is written the way ``webhelpers.save_hand`` takes it for the pages (``declarer="Bob"``,
``meld={"Ann": "20"}``, ``takes={"Bob": 12}``); ``body`` turns that into the JSON body.
``figures``, ``cents``, ``nets`` and ``payments`` read what a session or standings read says,
by the holder's name ("Ann", "Ann & Cal", "Kitty", "Pot").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

API = "/api/v1"
FOUR = ["Ann", "Bob", "Cal", "Dan"]
FIVE = [*FOUR, "Eve"]


def start(
    client: FlaskClient,
    system: str,
    players: list[str],
    first_dealer_seat: int = 0,
    **extra: Any,
) -> Session:
    """Start a session through ``POST /api/v1/sessions`` (it must be created)."""
    body = {"system": system, "players": players, "first_dealer_seat": first_dealer_seat, **extra}
    response = client.post(f"{API}/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    return Session(client, response.get_json())


@dataclass
class Session:
    """A session the test created: its id, its players' ids by name, and calls on it."""

    client: FlaskClient
    created: dict

    @property
    def id(self) -> int:
        """The session's id."""
        return self.created["id"]

    @property
    def url(self) -> str:
        """The session's address in the API."""
        return f"{API}/sessions/{self.id}"

    @property
    def ids(self) -> dict[str, int]:
        """Each player's id by name."""
        return {p["name"]: p["id"] for p in self.created["players"]}

    def body(
        self,
        *,
        declarer: str | None = None,
        bid: int | None = None,
        trump: str | None = None,
        outcome: str | None = None,
        meld: str | Mapping[str, str] | None = None,
        meld_mode: str = "number",
        tricks: int | None = None,
        takes: Mapping[str, int] | None = None,
        last_trick: str | None = None,
        reneger: str | None = None,
        takeover: bool = False,
        bids: Mapping[str, int] | None = None,
    ) -> dict:
        """The JSON body of a hand written by names (``meld`` alone is the declarer's;
        ``bids``: each player's own bid, under summed bids)."""
        ids = self.ids
        if isinstance(meld, str):
            assert declarer is not None, "a meld without a name is the declarer's"
            meld = {declarer: meld}
        body: dict[str, Any] = {
            "outcome": outcome,
            "declarer_id": None if declarer is None else ids[declarer],
            "bid": bid,
            "trump": trump,
            "takeover": takeover,
            "reneger_id": None if reneger is None else ids[reneger],
            "tricks": tricks,
            "last_trick_id": None if last_trick is None else ids[last_trick],
            "takes": [{"player_id": ids[n], "taken": t} for n, t in (takes or {}).items()],
            "melds": [
                {"player_id": ids[n], "mode": meld_mode, "text": text}
                for n, text in (meld or {}).items()
            ],
        }
        if bids is not None:
            body["bids"] = [{"player_id": ids[n], "bid": b} for n, b in bids.items()]
        return body

    def post_hand(self, key: str | None = None, **fields: Any) -> TestResponse:
        """``POST`` a hand written by names, with an Idempotency-Key when given."""
        headers = {"Idempotency-Key": key} if key else {}
        return self.client.post(f"{self.url}/hands", json=self.body(**fields), headers=headers)

    def save(self, **fields: Any) -> dict:
        """Post a hand that must be saved; returns the answer (hand and standings)."""
        response = self.post_hand(**fields)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def leave(self, name: str) -> TestResponse:
        """``POST`` a player getting up."""
        return self.client.post(f"{self.url}/departures", json={"player_id": self.ids[name]})

    def read(self) -> dict:
        """``GET`` the session (it must be there)."""
        response = self.client.get(self.url)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def standings(self) -> dict:
        """``GET`` the standings (they must be there)."""
        response = self.client.get(f"{self.url}/standings")
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def hand(self, number: int) -> TestResponse:
        """``GET`` hand ``number``."""
        return self.client.get(f"{self.url}/hands/{number}")

    def hand_count(self) -> int:
        """How many hands the API lists."""
        return len(self.client.get(f"{self.url}/hands").get_json()["hands"])


def figures(standings: Mapping[str, Any]) -> dict[str, int]:
    """Each standings row's figure by holder name (units or points)."""
    return {row["holder"]["name"]: row["figure"] for row in standings["rows"]}


def cents(standings: Mapping[str, Any]) -> dict[str, int | None]:
    """Each standings row's money in cents by holder name."""
    return {row["holder"]["name"]: row["cents"] for row in standings["rows"]}


def notes(standings: Mapping[str, Any]) -> dict[str, str]:
    """Each standings row's note by holder name."""
    return {row["holder"]["name"]: row["note"] for row in standings["rows"]}


def names(players: list[Mapping[str, Any]]) -> list[str]:
    """The names of a list of players as the API gives them."""
    return [p["name"] for p in players]


def nets(settlement: Mapping[str, Any]) -> dict[str, int]:
    """Each holder's net in cents by name."""
    return {row["holder"]["name"]: row["cents"] for row in settlement["nets"]}


def payments(lines: list[Mapping[str, Any]]) -> list[tuple[str, str, int]]:
    """Payments as (payer, payee, cents), sorted so the engine's order does not matter."""
    return sorted((p["payer"]["name"], p["payee"]["name"], p["cents"]) for p in lines)


def changes(hand: Mapping[str, Any]) -> dict[str, int]:
    """A hand's change for each holder by name."""
    return {c["holder"]["name"]: c["change"] for c in hand["result"]["changes"]}


def problem_fields(response: TestResponse) -> dict[str, str]:
    """A 422 problem's messages by field."""
    return {e["field"]: e["message"] for e in response.get_json()["errors"]}


# -- a first hand of each preset, worked out by hand --------------------------------------------

# system -> (players, the first hand by names, each holder's change, who sits out). Ann deals
# hand 1 and players sit clockwise in the order listed (docs/RULES.md sections 1.3 and 5.2).
FIRST_HANDS: dict[str, tuple[list[str], dict[str, Any], dict[str, int], list[str]]] = {
    # Bob lays down a run in hearts, trump, and a second K Q of hearts: 150 + 40 = 190 meld;
    # 190 + 170 = 360 reaches 350: made. 350 in hearts is 2 units from each of Ann, Cal, Dan.
    "brooklyn": (
        FOUR,
        dict(declarer="Bob", bid=350, trump="H", meld_mode="cards",
             meld="AH TH KH QH JH KH QH", tricks=170),
        {"Ann": -2, "Bob": 6, "Cal": -2, "Dan": -2},
        ["Dan"],
    ),
    # Cal makes 300 in spades: 300 // 50 = 6, x 2 = 12 from each of the four others.
    "brooklyn-pot": (
        FIVE,
        dict(declarer="Cal", bid=300, trump="S", outcome="made"),
        {"Ann": -12, "Bob": -12, "Cal": 48, "Dan": -12, "Eve": -12},
        ["Ann", "Eve"],
    ),
    # Bob forfeits the compulsory 300: 3 units to the kitty, nobody else pays.
    "hoyle": (
        FOUR,
        dict(declarer="Bob", bid=300, outcome="forfeit"),
        {"Ann": 0, "Bob": -3, "Cal": 0, "Dan": 0},
        ["Ann"],
    ),
    # Bob 250 in hearts; meld Bob 150, Cal 40, Ann 20; counters Bob 12, Cal 8, Ann 4 and Bob
    # the last trick: Bob 150 + 130 = 280, made; Cal 40 + 80 = 120; Ann 20 + 40 = 60.
    "bison": (
        FOUR[:3],
        dict(declarer="Bob", bid=250, trump="H", meld={"Bob": "150", "Cal": "40", "Ann": "20"},
             takes={"Ann": 4, "Bob": 12, "Cal": 8}, last_trick="Bob"),
        {"Ann": 60, "Bob": 280, "Cal": 120},
        [],
    ),
    # Bob 250 in clubs, meld Bob 100 + Dan 40; Bob & Dan take 150: 290, made. Ann & Cal:
    # Ann's 20 meld + 100 in tricks = 120.
    "partnership": (
        FOUR,
        dict(declarer="Bob", bid=250, trump="C", meld={"Bob": "100", "Dan": "40", "Ann": "20"},
             tricks=150),
        {"Ann & Cal": 120, "Bob & Dan": 290},
        [],
    ),
}  # fmt: skip


def first_hand(client: FlaskClient, system: str) -> tuple[Session, dict[str, Any]]:
    """A new session of ``system`` and the fields of its first hand, by names."""
    players, fields, _, _ = FIRST_HANDS[system]
    return start(client, system, players), fields
