"""The pages of an evening, for the accessibility and reflow tests: sessions of every preset,
one of them played with hands, a payment, a correction and saved rules, the page of a refused
save, the house rules, saved rules, the ledger, a club night's pages, the print view, the
ratings and records, the API docs and problems, the error and offline pages.

``evening_once`` enters the evening through the pages once per test process
(``webhelpers.built_once``): each test gets a fresh copy of the database it left.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page
from webhelpers import (
    built_once,
    club_night_paired,
    find_form,
    form_values,
    hand_data,
    new_session,
    parse,
    player_ids,
    save_hand,
)

from scorekeeper.rules.game import variant
from scorekeeper.rules.game.options import PRESETS

_NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


@dataclass(frozen=True)
class Evening:
    """The pages to visit: name -> path; ``refused`` is the page a refused save answers."""

    pages: dict[str, str]
    refused: str


def _players(system: variant.Game) -> list[str]:
    return _NAMES[: PRESETS[system].shape.players]


def play_an_evening(client: FlaskClient) -> Evening:
    """Sessions of every preset, one of them played with hands, a payment and saved rules."""
    pages = {"home": "/"}
    for system in variant.all_games():
        sid = new_session(client, system.value, _players(system))
        pages[f"session-{system.value}"] = f"/s/{sid}"
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, trump="C", outcome="conceded")
    save_hand(client, sid, declarer="Dee", bid=400, trump="H", outcome="set")
    ids = player_ids(client)
    paid = client.post(
        f"/s/{sid}/settle/pay", data={"payer": ids["Cal"], "payee": ids["Bob"], "amount": "0.20"}
    )
    assert paid.status_code == 302
    page = client.get("/rules/new?system=hoyle")
    data = dict(form_values(find_form(parse(page), action="/rules/new")))
    data["name"] = "Hoyle nights"
    assert client.post("/rules/new", data=data).status_code == 302
    refused = client.post(
        f"/s/{sid}/hands", data=hand_data(client, sid, declarer="Ann", bid=340, trump="S")
    )
    assert refused.status_code == 422  # bids ending in 40 are refused (RULES, the bid ladder)
    rated = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])  # ended: rated
    save_hand(client, rated, declarer="Bob", bid=400, trump="H", outcome="made")
    assert client.post(f"/s/{rated}/end").status_code == 302
    pages |= {
        "session-played": f"/s/{sid}",
        "correction": f"/s/{sid}/hands/2/edit",
        "delete-hand": f"/s/{sid}/hands/3/delete",
        "history": f"/s/{sid}/history",
        "settle": f"/s/{sid}/settle",
        "ledger": "/ledger",
        "house-rules": f"/s/{sid}/settings",
        "leave": f"/s/{sid}/leave",
        "share": f"/s/{sid}/share",
        "print": f"/s/{sid}/print",
        "new-session": "/sessions/new",
        "new-session-bison": "/sessions/new?system=bison",
        "import": "/sessions/import",
        "saved-rules": "/rules/",
        "saved-rules-new": "/rules/new?system=double-deck",
        "saved-rules-edit": "/rules/1",
        "saved-rules-delete": "/rules/1/delete",
        "players": "/players/",
        "player": f"/players/{ids['Bob']}",
        "ratings": "/ratings",
        "rating": f"/ratings/{ids['Bob']}",
        "rating-not-yet": f"/ratings/{ids['Dee']}",
        "records": "/records/",
        "records-dates-refused": "/records/?from=21/11/2026&to=2026-02-30",
        "record": f"/records/{ids['Bob']}",
        "not-found": "/s/999",
        "offline": "/offline",
        "api-docs": "/api/v1/docs",
        "api-problems": "/api/v1/problems#stale-hand",
    }
    pages |= club_night_pages(client)
    return Evening(pages, refused.get_data(as_text=True))


def club_night_pages(client) -> dict[str, str]:
    """A club night of four in two fixed teams with round 1 paired: its pages by name."""
    night = club_night_paired(client)
    return {
        "club-nights": "/club/",
        "club-new": "/club/new",
        "club-night": night,
        "club-settings": f"{night}/settings",
    }


def evening_once(app: Flask) -> Evening:
    """The evening's pages, on ``app``'s database as ``play_an_evening`` left it: entered once
    per test process, a copy of that database after."""
    return built_once(app.test_client(), "every-kind-of-page", play_an_evening)


def every_page(evening: Evening) -> dict[str, str]:
    """Each kind of page by name, the refused save's included."""
    return evening.pages | {"refused-save": "/refused-save"}


def open_page(page: Page, url: str) -> None:
    """Open ``url`` and wait until it is drawn (the API docs draw their operations late)."""
    page.goto(url)
    if url.endswith("/api/v1/docs"):
        page.locator(".opblock").first.wait_for()
