"""No member of one hosted table can read or change anything of another, through any route.

Two tables, A and B, each with a Brooklyn session, hands, a payment and a roster of its own,
started and filled in by their own members' phones. The walk takes every rule of
``app.url_map`` (pages and ``/api/v1``, every method), so a route added later is walked too;
only the static files, the health check, the icon and the API's document are left out, with
the installable app's manifest, service worker and offline page and the API docs page (they
serve no table's data, and are open to all: ``access.OPEN_ENDPOINTS``).

- Every rule that takes an id (session, hand, player, payment, table) or a link's token is
  sent **B's** ids (and B's links as they were before B made new ones), with a realistic
  body (built from B's own pages and API by B's member),
  while holding **A's** membership (cookie) or member token (bearer): the answer is 404 for
  each (not 403, which would say the row exists), and the database does not change.
  The same request with A's own ids, body and credentials is accepted: the body is
  realistic and the 404 comes from the table, not from a malformed request. (The database
  is put back after each of those.)
- A rule that takes no id acts on the requester's own table: a page shows none of B's names
  and a write leaves B as it was, even with B's player ids in the body.
- A's watcher (watch link cookie, or watch token) is refused every writing route and every
  page that only serves writing (403), on A's ids as on B's, and changes nothing.
- A stranger gets 404 pages (``/`` leads to the tables page) and 401 from the API.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from hostedhelpers import Started, hosted_app, start_table, watch
from webhelpers import (
    database_dump,
    dispose,
    find_form,
    form_values,
    hand_data,
    new_session,
    parse,
    save_hand,
)

from scorekeeper import access
from scorekeeper.extensions import db
from scorekeeper.models import LedgerPayment, Player
from scorekeeper.services import replays

SKIPPED = access.OPEN_ENDPOINTS
SKIPPED_WORDS = ("manifest", "service_worker", "serviceworker", "sw", "docs", "swagger")
IDS = {"session_id", "number", "player_id", "payment_id", "table_id", "token"}
READING = {"GET"}
TABLE_MODE_ONLY = {"tables.pin"}  # the table PIN's page: none in hosted mode
API = "/api/v1"


def walked_rules(app) -> list:
    """Every URL rule but the files, health check, icon, API document and docs."""
    rules = []
    for rule in app.url_map.iter_rules():
        words = set(rule.endpoint.replace(".", "_").split("_"))
        if rule.endpoint in SKIPPED or words & set(SKIPPED_WORDS):
            continue
        rules.append(rule)
    return sorted(rules, key=lambda r: (r.rule, r.endpoint))


def methods(rule) -> list[str]:
    return sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})


@dataclass
class Req:
    """A request body as a route takes it: form fields for a page, JSON for the API."""

    form: dict[str, str] | None = None
    json: Any = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Side:
    """One table as its own member set it up."""

    started: Started
    member: Any  # the member's phone (test client)
    ids: dict[str, Any]
    names: list[str]
    bodies: dict[str, Req]

    def values(self, rule) -> dict[str, Any]:
        """The rule's arguments filled with this table's ids (a link's token by its kind)."""
        out = {}
        for name in rule.arguments:
            assert name in IDS, f"{rule.rule}: no id of kind {name!r} to walk it with"
            if name == "token":
                out[name] = (
                    self.started.watch_token
                    if rule.endpoint.endswith("watch")
                    else self.started.member_token
                )
            else:
                out[name] = self.ids[name]
        return out


def _build(client, side_ids: dict[str, int], started: Started, names: list[str]) -> dict[str, Req]:
    """A realistic body for every writing route that takes ids, built from this table's own
    pages and API by its member."""
    sid = side_ids["session_id"]
    players = side_ids["players"]

    def page_form(path: str, form_id: str | None = None) -> dict[str, str]:
        page = client.get(path)
        assert page.status_code == 200, path
        if form_id:
            return dict(form_values(find_form(parse(page), form_id)))
        form = next(f for f in parse(page).iter("form") if f.get("method", "") == "post")
        return dict(form_values(form))

    hand = hand_data(client, sid, declarer=names[2], bid=300, trump="D", outcome="made")
    hand["request_id"] = uuid.uuid4().hex
    etags = {
        n: client.get(f"{API}/sessions/{sid}/hands/{n}", headers=started.bearer).headers["ETag"]
        for n in (1, 2)
    }
    api_hand = {"declarer": players[names[2]], "bid": 300, "trump": "D", "outcome": "made"}
    payment = {"payer": str(players[names[1]]), "payee": str(players[names[0]]), "amount": "0.50"}
    return {
        "hands.create": Req(form=hand),
        "hands.preview": Req(form=hand),
        "hands.edit": Req(form=page_form(f"/s/{sid}/hands/1/edit", "hand-form")),
        "hands.delete": Req(form=page_form(f"/s/{sid}/hands/1/delete")),
        "sessions.settings": Req(form=page_form(f"/s/{sid}/settings")),
        "sessions.end": Req(form={}),
        "sessions.reopen": Req(form={}),
        "sessions.leave": Req(form={"player": str(players[names[3]])}),
        "settle.pay": Req(form=payment | {"request_id": uuid.uuid4().hex}),
        "settle.delete_payment": Req(form={"next": f"/s/{sid}/settle"}),
        "tables.open_": Req(form={}),
        "tables.forget_table": Req(form={}),
        "tables.join": Req(form={"pin": started.pin}),
        "api_hands.create_hand": Req(json=api_hand),
        "api_hands.replace_hand": Req(json=api_hand, headers={"If-Match": etags[1]}),
        "api_hands.delete_hand": Req(headers={"If-Match": etags[1]}),
        "api_hands.player_leaves": Req(json={"player": players[names[3]]}),
        "api_payments.record_payment": Req(
            json={"payer": players[names[1]], "payee": players[names[0]], "cents": 50}
        ),
        "api_sessions.change_session": Req(json={"ended": True}),
    }


def set_up(app, table_name: str, names: list[str]) -> Side:
    """A table started by its member's phone, with a session of two hands and a payment."""
    phone = app.test_client()
    started = start_table(phone, table_name)
    sid = new_session(phone, "brooklyn", names)
    save_hand(phone, sid, declarer=names[1], bid=350, trump="S", outcome="made")
    save_hand(phone, sid, declarer=names[2], bid=300, trump="H", outcome="set")
    with app.app_context():
        players = {
            p.name: p.id for p in db.session.query(Player).filter_by(table_id=started.id).all()
        }
    paid = phone.post(
        f"/s/{sid}/settle/pay",
        data={"payer": players[names[0]], "payee": players[names[1]], "amount": "1.00"},
    )
    assert paid.status_code == 302
    with app.app_context():
        payment = db.session.query(LedgerPayment).filter_by(table_id=started.id).one().id
    ids = {
        "session_id": sid,
        "number": 1,
        "player_id": players[names[0]],
        "payment_id": payment,
        "table_id": started.id,
        "players": players,
    }
    return Side(started, phone, ids, names, _build(phone, ids, started, names))


@pytest.fixture
def tables(tmp_path):
    app = hosted_app(tmp_path)
    a = set_up(app, "Alpha table", ["Ann", "Bob", "Cal", "Dee"])
    b = set_up(app, "Bravo table", ["Wes", "Xia", "Yul", "Zed"])
    # B's links are made anew, so the tokens the walk sends for B are links that once opened
    # B and open nothing now (B's current links do open B: sharing them is their purpose).
    assert b.member.post("/links/regenerate").status_code == 302
    watcher = app.test_client()
    assert watch(watcher, a.started).status_code == 302
    yield app, a, b, watcher, tmp_path / "scorekeeper.sqlite3"
    dispose(app)


def send(client, rule, method: str, values: dict, body: Req | None, auth: dict | None = None):
    """One request to ``rule`` with ``values`` in its path, as a browser or script sends it."""
    path = rule.build(values, append_unknown=False)[1]
    headers = dict(body.headers) if body else {}
    headers.update(auth or {})
    kwargs: dict[str, Any] = {"headers": headers}
    if method not in READING and body is not None:
        if path.startswith(API):
            if body.json is not None:
                kwargs["json"] = body.json
        else:
            kwargs["data"] = body.form or {}
    elif method not in READING and path.startswith(API) and method != "DELETE":
        kwargs["json"] = {}
    return client.open(path, method=method, **kwargs)


@contextmanager
def put_back(app, database, *clients) -> Iterator[None]:
    """Run a request that changes data, then put the database and the phones' cookies back
    as they were (through SQLite's backup, so the WAL is copied too)."""
    cookies = [(c, c.get_cookie("session")) for c in clients]
    with app.app_context():
        db.engine.dispose()
    snapshot = sqlite3.connect(":memory:")
    with sqlite3.connect(database) as live:
        live.backup(snapshot)
    try:
        yield
    finally:
        with app.app_context():
            db.engine.dispose()
        with sqlite3.connect(database) as live:
            snapshot.backup(live)
        snapshot.close()
        replays.forget()
        for client, cookie in cookies:
            if cookie is not None:
                client.set_cookie("session", cookie.value)


def id_rules(app) -> list:
    return [r for r in walked_rules(app) if r.arguments]


def test_the_walk_covers_every_route_that_takes_an_id(tables):
    app, *_ = tables
    endpoints = {r.endpoint for r in id_rules(app)}

    # a few that must be among them, pages and API alike
    assert {"sessions.show", "hands.edit", "settle.delete_payment", "players.show"} <= endpoints
    assert {"api_hands.replace_hand", "api_payments.delete_payment"} <= endpoints
    assert {"tables.join", "tables.open_"} <= endpoints
    assert len(endpoints) >= 35


@pytest.mark.parametrize("credential", ["cookie", "bearer"])
def test_a_member_of_one_table_gets_404_for_every_route_with_another_tables_ids(tables, credential):
    app, a, b, _watcher, database = tables
    walked = 0
    for rule in id_rules(app):
        is_api = rule.rule.startswith(API)
        if credential == "bearer" and not is_api:
            continue  # pages take the phone's cookie only
        client = a.member if credential == "cookie" else app.test_client()
        auth = a.started.bearer if credential == "bearer" else None
        for method in methods(rule):
            before = database_dump(app)

            response = send(client, rule, method, b.values(rule), b.bodies.get(rule.endpoint), auth)

            assert response.status_code == 404, (method, rule.rule, response.status_code)
            if is_api:
                assert response.content_type == "application/problem+json", rule.rule
            assert database_dump(app) == before, (method, rule.rule)
            with put_back(app, database, a.member):
                own = send(client, rule, method, a.values(rule), a.bodies.get(rule.endpoint), auth)
                assert own.status_code < 400, (
                    f"{method} {rule.rule} with the table's own ids answered "
                    f"{own.status_code}: give it a realistic body in _build"
                )
            walked += 1
    assert walked >= (13 if credential == "bearer" else 40)


def test_a_route_without_ids_shows_a_member_nothing_of_another_table(tables):
    app, a, b, _watcher, _database = tables
    secrets = [*b.names, "Bravo table", b.started.member_token, b.started.watch_token]
    for rule in walked_rules(app):
        if rule.arguments or "GET" not in methods(rule):
            continue
        for auth in (None, a.started.bearer) if rule.rule.startswith(API) else (None,):
            client = a.member if auth is None else app.test_client()

            response = client.get(rule.build({})[1], headers=auth or {})

            if rule.endpoint in TABLE_MODE_ONLY:
                assert response.status_code == 404, rule.rule
                continue
            assert response.status_code < 400, (rule.rule, response.status_code)
            text = response.get_data(as_text=True)
            assert not [s for s in secrets if s in text], rule.rule


def test_a_write_without_ids_changes_nothing_of_another_table_even_naming_its_players(tables):
    app, a, b, _watcher, database = tables
    b_players = b.ids["players"]
    crossed = {  # B's player ids where a body takes player ids
        "settle.ledger_pay": {
            "payer": str(b_players["Xia"]), "payee": str(b_players["Wes"]), "amount": "1.00"
        },
        "players.index": {"name": "Zed"},
        "api_sessions.create_session": {"system": "brooklyn", "players": ["Wes", "Xia", "Yul"]},
    }  # fmt: skip
    for rule in walked_rules(app):
        if rule.arguments:
            continue
        for method in methods(rule):
            if method in READING:
                continue
            before = database_dump(app)
            body = crossed.get(rule.endpoint, {})
            is_api = rule.rule.startswith(API)
            with put_back(app, database, a.member):
                response = a.member.open(
                    rule.rule, method=method, **({"json": body} if is_api else {"data": body})
                )
                assert response.status_code < 500, rule.rule
                after = database_dump(app)
                for table in ("sessions", "hands", "ledger_payments", "players", "seats"):
                    b_rows_before = [r for r in before[table] if _is_b(r, table, b)]
                    b_rows_after = [r for r in after[table] if _is_b(r, table, b)]
                    assert b_rows_before == b_rows_after, (rule.rule, table)
                with app.app_context():
                    crossing = (
                        db.session.query(LedgerPayment)
                        .filter(LedgerPayment.table_id != b.started.id)
                        .filter(LedgerPayment.payer_id.in_(list(b_players.values())))
                        .count()
                    )
                assert crossing == 0, rule.rule


def _is_b(row: tuple, table: str, b: Side) -> bool:
    """Whether a dumped row is table B's (by its table, session or player column)."""
    b_players = set(b.ids["players"].values())
    if table in ("sessions", "ledger_payments", "players"):
        return row[1] == b.started.id
    if table == "hands":
        return row[1] == b.ids["session_id"]
    if table == "seats":
        return row[1] == b.ids["session_id"] or row[2] in b_players
    return False


def _collect_writes_only(app) -> set[str]:
    return {
        endpoint
        for endpoint, view in app.view_functions.items()
        if getattr(view, "writes_only", False)
    }


def _refused_for_watcher(app, rule, method: str) -> bool:
    view = app.view_functions[rule.endpoint]
    if getattr(view, "open_to_all", False):
        return False  # the link pages: a watcher may join with the member link and PIN
    if getattr(view, "writes_only", False):
        return True
    return method not in READING and not getattr(view, "reads_only", False)


def test_a_watcher_is_refused_every_writing_route_and_every_form_and_changes_nothing(tables):
    app, a, b, watcher, _database = tables
    refused = 0
    for rule in walked_rules(app):
        is_api = rule.rule.startswith(API)
        for method in methods(rule):
            if not _refused_for_watcher(app, rule, method):
                continue
            for side in (a, b):
                values = side.values(rule) if rule.arguments else {}
                body = side.bodies.get(rule.endpoint)
                for client, auth in (
                    [(watcher, None), (app.test_client(), a.started.watch_bearer)]
                    if is_api
                    else [(watcher, None)]
                ):
                    before = database_dump(app)

                    response = send(client, rule, method, values, body, auth)

                    assert response.status_code == 403, (method, rule.rule, response.status_code)
                    assert database_dump(app) == before, (method, rule.rule)
                    refused += 1
    assert refused >= 60
    assert {"sessions.new_session", "hands.edit", "tables.links"} <= _collect_writes_only(app)


def test_a_watcher_reads_its_own_table_and_gets_404_for_another(tables):
    app, a, b, watcher, _database = tables
    for rule in id_rules(app):
        view = app.view_functions[rule.endpoint]
        if getattr(view, "open_to_all", False) or "GET" not in methods(rule):
            continue
        if _refused_for_watcher(app, rule, "GET"):
            continue
        own = watcher.get(rule.build(a.values(rule))[1])
        other = watcher.get(rule.build(b.values(rule))[1])

        assert own.status_code < 400, (rule.rule, own.status_code)
        assert other.status_code == 404, (rule.rule, other.status_code)


def test_a_stranger_gets_404_pages_and_401_from_the_api(tables):
    app, a, _b, _watcher, _database = tables
    stranger = app.test_client()
    for rule in walked_rules(app):
        view = app.view_functions[rule.endpoint]
        if getattr(view, "open_to_all", False):
            continue
        for method in methods(rule):
            values = a.values(rule) if rule.arguments else {}
            before = database_dump(app)

            response = send(stranger, rule, method, values, a.bodies.get(rule.endpoint))

            if rule.rule.startswith(API):
                expected = 401
            elif rule.endpoint == "sessions.home":
                expected = 302  # to the tables page: start a table, or open a link
            else:
                expected = 404
            assert response.status_code == expected, (method, rule.rule, response.status_code)
            assert database_dump(app) == before, (method, rule.rule)


def test_the_link_pages_with_a_token_of_no_table_are_404(tables):
    app, *_ = tables
    client = app.test_client()
    made_up = "x" * 32
    for path in (f"/join/{made_up}", f"/watch/{made_up}", "/join/" + "y" * 400):
        assert client.get(path).status_code == 404, path
    assert client.post(f"/join/{made_up}", data={"pin": "123456"}).status_code == 404
