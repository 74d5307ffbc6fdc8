"""Every address a page's form posts to, opened with GET (a tab restored after a refused save,
a copied link), leads back to the page that shows that form: never "Not that way".

One table lists every form's address with the page showing the form; a second test checks the
table names every address of the pages that takes a POST, so a form added later is covered.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

import pytest
from hostedhelpers import hosted_app, start_table
from webhelpers import (
    CLUB_NIGHT,
    built_once,
    club_night_paired,
    dispose,
    new_session,
    parse,
    player_ids,
    save_hand,
)


@dataclass(frozen=True)
class Evening:
    """What the addresses are filled in with: an open session with a hand, an ended one with
    money owed, a payment recorded, saved rules; in hosted mode, the table and its links."""

    open: int = 0
    ended: int = 0
    payment: int = 0
    rules: int = 0
    table: int = 0
    member: str = ""
    night: int = 0  # a club night playing its first round
    entrant: int = 0
    unpaired: int = 0  # a club night with no round yet
    player: int = 0  # a player on the roster, whose page sets their short name

    def fill(self, address: str) -> str:
        """The address with this evening's ids."""
        return address.format(**asdict(self))


def _first(page, pattern: str) -> str:
    """The first match of ``pattern``'s group in the page's HTML."""
    found = re.search(pattern, page.get_data(as_text=True))
    assert found, pattern
    return found.group(1)


def _table_evening(client) -> Evening:
    ended = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"], stake="1")
    save_hand(client, ended, declarer="Ann", bid=350, trump="H", outcome="conceded")
    assert client.post(f"/s/{ended}/end").status_code == 302
    opened = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, opened, declarer="Bob", bid=300, trump="S", outcome="conceded")
    saved = client.post(f"/s/{opened}/settings/save-as", data={"name": "Friday rules"})
    assert saved.status_code == 302
    rules_id = int(_first(client.get("/rules/"), r'href="/rules/(\d+)"'))
    ids = player_ids(client)
    paid = client.post("/ledger/pay", data={"payer": ids["Bob"], "payee": ids["Ann"], "amount": 1})
    assert paid.status_code == 302
    payment = int(_first(client.get("/ledger"), r"/ledger/payments/(\d+)/delete"))
    night_page = club_night_paired(client)
    night = int(night_page.rstrip("/").rsplit("/", 1)[1])
    entrant = int(_first(client.get(night_page), rf"/club/{night}/players/(\d+)/remove"))
    made = client.post("/club/new", data=CLUB_NIGHT)
    unpaired = int(made.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    return Evening(
        open=opened,
        ended=ended,
        payment=payment,
        rules=rules_id,
        night=night,
        entrant=entrant,
        unpaired=unpaired,
        player=ids["Bob"],
    )


# (address a form posts to, the page showing that form): the page is the address itself when
# the address shows its own form
TABLE_MODE = [
    ("/sessions/new", "/sessions/new"),
    ("/sessions/import", "/sessions/import"),
    ("/s/{open}/hands", "/s/{open}"),
    ("/s/{open}/preview", "/s/{open}"),
    ("/s/{open}/hands/1/edit", "/s/{open}/hands/1/edit"),
    ("/s/{open}/hands/1/delete", "/s/{open}/hands/1/delete"),
    ("/s/{open}/end", "/s/{open}"),
    ("/s/{ended}/reopen", "/s/{ended}"),
    ("/s/{open}/settings", "/s/{open}/settings"),
    ("/s/{open}/settings/save-as", "/s/{open}/settings"),
    ("/s/{open}/leave", "/s/{open}/leave"),
    ("/s/{ended}/settle/pay", "/s/{ended}/settle"),
    ("/ledger/pay", "/ledger"),
    ("/ledger/payments/{payment}/delete", "/ledger/payments/{payment}/delete"),
    ("/players/", "/players/"),
    ("/players/{player}", "/players/{player}"),
    ("/rules/new", "/rules/new"),
    ("/rules/{rules}", "/rules/{rules}"),
    ("/rules/{rules}/delete", "/rules/{rules}/delete"),
    ("/club/new", "/club/new"),
    ("/club/{night}/settings", "/club/{night}/settings"),
    ("/club/{night}/players", "/club/{night}"),
    ("/club/{night}/players/{entrant}/remove", "/club/{night}"),
    ("/club/{unpaired}/rounds", "/club/{unpaired}"),
    ("/club/{night}/time", "/club/{night}"),
]
HOSTED_MODE = [
    ("/tables/new", "/tables/new"),
    ("/tables/{table}/open", "/tables"),
    ("/tables/{table}/forget", "/tables"),
    ("/links/regenerate", "/links"),
]
# the PIN page and the member link's page post to themselves; they are covered by
# tests/test_hosted.py and tests/test_table_pin.py and need a phone that has not joined
OWN_ADDRESS_ELSEWHERE = ["/pin", "/join/<token>"]


def _posts_to(page, shown_at: str, address: str) -> bool:
    """True when the page (at ``shown_at``) has a form posting to ``address`` (a form without
    an action posts to its own page), or the hand form's live preview asking it."""
    for form in parse(page).iter("form"):
        action = (form.get("action") or shown_at).split("#")[0]
        if address in (action, form.get("data-preview-url")):
            return True
    return False


def _leads_back(client, address: str, page: str) -> None:
    response = client.get(address)
    if page == address:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response.headers["Location"].split("#")[0] == page
        response = client.get(page)
        assert response.status_code == 200
    assert _posts_to(response, page, address), f"{page} shows no form posting to {address}"


@pytest.fixture
def evening(client) -> Evening:
    """The evening of ``_table_evening``, entered through the pages once per test process,
    each test on a copy of its database."""
    return built_once(client, "test_form_addresses.evening", _table_evening)


@pytest.mark.parametrize(("address", "page"), TABLE_MODE, ids=[a for a, _ in TABLE_MODE])
def test_a_get_of_a_form_address_leads_to_the_page_showing_the_form(client, evening, address, page):
    _leads_back(client, evening.fill(address), evening.fill(page))


@pytest.mark.parametrize(("address", "page"), HOSTED_MODE, ids=[a for a, _ in HOSTED_MODE])
def test_a_get_of_a_hosted_form_address_leads_to_the_page_showing_the_form(tmp_path, address, page):
    app = hosted_app(tmp_path)
    try:
        client = app.test_client()
        started = start_table(client)
        evening = Evening(table=started.id, member=started.member_token)
        _leads_back(client, evening.fill(address), evening.fill(page))
    finally:
        dispose(app)


def test_after_a_refused_save_opening_the_address_again_shows_the_hand_form(client, evening):
    refused = client.post(f"/s/{evening.open}/hands", data={"action": "save", "bid_other": "x"})
    assert refused.status_code == 422

    again = client.get(f"/s/{evening.open}/hands")

    assert again.status_code == 302
    assert again.headers["Location"] == f"/s/{evening.open}#hand-form"
    page = client.get(again.headers["Location"])
    assert page.status_code == 200
    assert "Not that way" not in page.get_data(as_text=True)


def test_every_address_the_pages_post_to_is_covered(app):
    covered = {address for address, _ in TABLE_MODE + HOSTED_MODE} | set(OWN_ADDRESS_ELSEWHERE)
    posted = {
        rule.rule
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ()) and not rule.rule.startswith("/api/")
    }
    as_filled = {
        rule.replace("<id:session_id>", "{open}")
        .replace("<id:number>", "1")
        .replace("<id:payment_id>", "{payment}")
        .replace("<id:rules_id>", "{rules}")
        .replace("<id:table_id>", "{table}")
        .replace("<id:night_id>", "{night}")
        .replace("<id:player_id>", "{entrant}")
        for rule in posted
    }
    ended = {
        a.replace("{ended}", "{open}")
        .replace("{unpaired}", "{night}")
        .replace("{player}", "{entrant}")
        for a in covered
    }  # the same rules filled with other ids
    assert as_filled <= ended, sorted(as_filled - ended)
