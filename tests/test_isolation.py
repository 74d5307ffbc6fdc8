"""No member of one hosted table can read or change anything of another, through any route.

Two tables, A and B, each with a Brooklyn session, hands, a payment, saved house rules of the
same name and a roster of its own,
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

The same walk runs against two targets (the ``world`` fixture's parameters): the hosted app
in this process through Flask's test client, and the real hosted setup, ``python -m
scorekeeper hosted`` (gunicorn, two worker processes) on SQLite and on PostgreSQL, through
``hostedserver.LiveClient``: real HTTP on keep-alive connections, one to each worker, which
the requests take in turn, each page's form sent with the phone's own CSRF token. There the
tables are started and filled in through the server's pages and API and every id is read from
them; the app in this process, bound to the server's database, only lists the URL rules and
reads (and puts back) the database. After each test the access log shows that both workers
answered its requests. One server per database serves the whole module: the database and the
phones' cookies are put back as they were before each test.
"""

from __future__ import annotations

import itertools
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hostedhelpers import Started, hosted_app, start_table, watch
from hostedserver import LiveClient, Server, connections_to_every_worker, postgres_database
from sqlalchemy import select
from webhelpers import (
    CLUB_NIGHT,
    database_dump,
    dispose,
    find_form,
    form_values,
    hand_data,
    new_session,
    parse,
    save_hand,
)

from scorekeeper import access, create_app
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_ID
from scorekeeper.models import LedgerPayment

SKIPPED = access.OPEN_ENDPOINTS
SKIPPED_WORDS = ("manifest", "service_worker", "serviceworker", "sw", "docs", "swagger")
IDS = {"session_id", "number", "player_id", "payment_id", "table_id", "token", "rules_id"}
IDS |= {"night_id"}
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
    query: str = ""  # the query string, e.g. a live stream's ``timeout=1``


@dataclass
class Side:
    """One table as its own member set it up."""

    started: Started
    member: Any  # the member's phone (a test client, or a LiveClient over HTTP)
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
    rules = side_ids["rules_id"]
    players = side_ids["players"]

    def page_form(path: str, form_id: str | None = None) -> dict[str, str]:
        page = client.get(path)
        assert page.status_code == 200, path
        if form_id:
            return dict(form_values(find_form(parse(page), form_id)))
        form = next(f for f in parse(page).iter("form") if f.get("method", "") == "post")
        return dict(form_values(form))

    hand = hand_data(
        client, sid, players=players, declarer=names[2], bid=300, trump="D", outcome="made"
    )
    hand["request_id"] = uuid.uuid4().hex
    etags = {
        n: client.get(f"{API}/sessions/{sid}/hands/{n}", headers=started.bearer).headers["ETag"]
        for n in (1, 2)
    }
    api_hand = {"declarer_id": players[names[2]], "bid": 300, "trump": "D", "outcome": "made"}
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
        # a stream that ends after a second, so the walk reads it whole (even over HTTP)
        "api_events.follow_session": Req(query="timeout=1"),
        "api_hands.create_hand": Req(json=api_hand),
        "api_hands.read_line_of_hand": Req(json={"text": f"{names[1]} 350 spades made"}),
        "api_hands.replace_hand": Req(json=api_hand, headers={"If-Match": etags[1]}),
        "api_hands.delete_hand": Req(headers={"If-Match": etags[1]}),
        "api_hands.player_leaves": Req(json={"player_id": players[names[3]]}),
        "api_payments.record_payment": Req(
            json={"payer_id": players[names[1]], "payee_id": players[names[0]], "cents": 50}
        ),
        "api_sessions.change_session": Req(json={"ended": True}),
        "sessions.save_rules_as": Req(form={"name": "Saved again"}),
        "saved_rules.edit": Req(form=page_form(f"/rules/{rules}")),
        "saved_rules.delete": Req(form={}),
        "api_saved_rules.change_saved_rules": Req(json={"name": "Renamed", "options": {}}),
        "club.add_player": Req(form={"name": "Quin", "team": "3"}),
        "club.remove_player": Req(form={}),
        "club.pair": Req(form={}),
        "club.call_time": Req(form={}),
        "club.settings": Req(form=page_form(f"/club/{side_ids['night_id']}/settings")),
        "api_club_nights.add_club_entrant": Req(json={"name": "Quin", "team_number": 3}),
    }


def club_night(phone, names: list[str], players: dict[str, int]) -> int:
    """A club night of the table's four in two fixed teams, round 1 paired and its one table's
    game over (the first seat bids 250, melds 300 and takes 200: 500), so round 2 can be
    paired; its id."""
    made = phone.post("/club/new", data=CLUB_NIGHT)
    assert made.status_code == 302
    night = int(re.search(r"/club/(\d+)", made.headers["Location"]).group(1))
    for seat, name in enumerate(names[:4]):
        added = phone.post(f"/club/{night}/players", data={"name": name, "team": 1 + seat // 2})
        assert added.status_code == 302
    assert phone.post(f"/club/{night}/rounds").status_code == 302
    live = phone.get(f"/club/{night}/live").get_data(as_text=True)
    table = int(re.search(r'href="/s/(\d+)"', live).group(1))
    first = names[0]
    save_hand(
        phone, table, players=players, declarer=first, bid=250, trump="H",
        meld={first: "300"}, tricks=200,
    )  # fmt: skip
    return night


def set_up(fresh: Callable[[], Any], table_name: str, names: list[str]) -> Side:
    """A table started by its member's phone, with a session of two hands and a payment;
    every id as the table's own pages and API show it."""
    phone = fresh()
    started = start_table(phone, table_name)
    sid = new_session(phone, "brooklyn", names)
    shown = phone.get(f"{API}/sessions/{sid}")
    assert shown.status_code == 200
    players = {p["name"]: p["id"] for p in shown.json["players"]}
    save_hand(phone, sid, players=players, declarer=names[1], bid=350, trump="S", outcome="made")
    save_hand(phone, sid, players=players, declarer=names[2], bid=300, trump="H", outcome="set")
    paid = phone.post(
        f"/s/{sid}/settle/pay",
        data={"payer": players[names[0]], "payee": players[names[1]], "amount": "1.00"},
    )
    assert paid.status_code == 302
    listed = phone.get(f"{API}/sessions/{sid}/payments")
    assert listed.status_code == 200
    (payment,) = [p["id"] for p in listed.json["payments"]]
    rules = phone.post(
        f"{API}/saved-rules",
        json={"name": "Friday rules", "system": "brooklyn", "options": {"stake": 25}},
    )
    assert rules.status_code == 201
    ids = {
        "session_id": sid,
        "number": 1,
        "player_id": players[names[0]],
        "payment_id": payment,
        "table_id": started.id,
        "rules_id": rules.json["id"],
        "players": players,
        "night_id": club_night(phone, names, players),
    }
    return Side(started, phone, ids, names, _build(phone, ids, started, names))


# -- the targets ------------------------------------------------------------------------------


class InProcess:
    """The hosted app in this process, asked through Flask's test client."""

    def __init__(self, folder: Path) -> None:
        self.app = hosted_app(folder)

    def client(self):
        """A new phone: no cookie."""
        return self.app.test_client()

    def mark(self) -> None:
        """Nothing to count: one process answers everything."""

    def check_every_worker_answered(self, mark: None) -> None:
        """One process: nothing to check."""

    def close(self) -> None:
        """Close the app's database connections."""
        dispose(self.app)


class Gunicorn:
    """``python -m scorekeeper hosted`` (gunicorn, two workers) asked over HTTP. The
    requests of every phone take turns over two keep-alive connections, one held by each
    worker. ``app`` is the same hosted app in this process, bound to the server's database:
    for the URL rules, and to read and put back the database; it answers no request."""

    def __init__(self, database_url: str, folder: Path) -> None:
        self.server = Server(database_url, folder)
        try:
            self.wires = connections_to_every_worker(self.server)
        except BaseException:
            self.server.stop()
            raise
        self.turns = itertools.count()
        self.app = create_app(
            {"HOSTED": True, "SECRET_KEY": "reads the database only",
             "SQLALCHEMY_DATABASE_URI": database_url},
            instance_path=folder / "instance",
        )  # fmt: skip

    def client(self) -> LiveClient:
        """A new phone: no cookie, its requests alternating between the workers."""
        return LiveClient(list(self.wires.values()), self.turns)

    def mark(self) -> dict[str, int]:
        """How many requests each connection has sent so far."""
        return {pid: len(wire.sent) for pid, wire in self.wires.items()}

    def check_every_worker_answered(self, mark: dict[str, int]) -> None:
        """Each worker answered some of the requests sent since ``mark`` (the access log
        names the worker of each request by its probe), and each connection stayed with its
        worker."""
        sent = {pid: wire.sent[mark[pid] :] for pid, wire in self.wires.items()}
        answered = self.server.answered(probe for probes in sent.values() for probe in probes)
        for pid, probes in sent.items():
            assert probes, f"no request went to worker {pid}"
            assert {answered[probe] for probe in probes} == {pid}

    def close(self) -> None:
        """Close the connections, stop the server, close this process's database connections."""
        for wire in self.wires.values():
            wire.close()
        self.server.stop()
        dispose(self.app)


@contextmanager
def target(kind: str, folder: Path, request) -> Iterator[InProcess | Gunicorn]:
    """The target of ``kind``, on a fresh database; closed afterwards."""
    with ExitStack() as stack:
        made: InProcess | Gunicorn
        if kind == "in-process":
            made = InProcess(folder)
        elif kind == "gunicorn-sqlite":
            made = Gunicorn(f"sqlite:///{folder / 'hosted.sqlite3'}", folder)
        else:
            postgres_url = request.getfixturevalue("postgres_url")
            made = Gunicorn(stack.enter_context(postgres_database(postgres_url)), folder)
        stack.callback(made.close)
        yield made


@dataclass
class World:
    """Two tables and A's watcher, as set up on one target, with the database and the
    phones' cookies as they were then."""

    target: InProcess | Gunicorn
    a: Side
    b: Side
    watcher: Any
    rows: dict
    cookies: list = field(default_factory=list)


@pytest.fixture(
    scope="module",
    params=[
        "in-process",
        "gunicorn-sqlite",
        pytest.param("gunicorn-postgresql", marks=pytest.mark.postgres),
    ],
)
def world(request, tmp_path_factory) -> Iterator[World]:
    """Tables A and B and A's watcher on one target, set up once for the module."""
    with target(request.param, tmp_path_factory.mktemp(request.param), request) as made:
        a = set_up(made.client, "Alpha table", ["Ann", "Bob", "Cal", "Dee"])
        b = set_up(made.client, "Bravo table", ["Wes", "Xia", "Yul", "Zed"])
        # B's links are made anew, so the tokens the walk sends for B are links that once
        # opened B and open nothing now (B's current links do open B: sharing them is their
        # purpose).
        assert b.member.post("/links/regenerate").status_code == 302
        watcher = made.client()
        assert watch(watcher, a.started).status_code == 302
        cookies = [(p, p.get_cookie("session")) for p in (a.member, b.member, watcher)]
        yield World(made, a, b, watcher, saved_rows(made.app), cookies)


@pytest.fixture
def tables(world: World, request):
    """The world as it was set up (database and cookies put back); after a test that passed,
    on gunicorn, a check that both workers answered its requests."""
    put_rows_back(world.target.app, world.rows)
    for phone, cookie in world.cookies:
        phone.set_cookie("session", cookie.value)
    mark = world.target.mark()
    failed = request.session.testsfailed
    yield world.target.app, world.target.client, world.a, world.b, world.watcher
    if request.session.testsfailed == failed:  # a failed test may have stopped at once
        world.target.check_every_worker_answered(mark)


def send(client, rule, method: str, values: dict, body: Req | None, auth: dict | None = None):
    """One request to ``rule`` with ``values`` in its path, as a browser or script sends it."""
    path = rule.build(values, append_unknown=False)[1]
    if body is not None and body.query:
        path = f"{path}?{body.query}"
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


def saved_rows(app) -> dict:
    """Every row of every table, column by column, to put back later."""
    with app.app_context():
        return {
            table: [dict(row._mapping) for row in db.session.execute(select(table))]
            for table in db.metadata.sorted_tables
        }


def put_rows_back(app, rows: dict) -> None:
    """Make the database hold exactly ``rows`` again, in one transaction (the rows keep their
    ids, and every session its version: a worker's memory of a replay at that version is of
    these very rows)."""
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        for table in db.metadata.sorted_tables:
            if rows[table]:
                db.session.execute(table.insert(), rows[table])
        db.session.commit()


@contextmanager
def put_back(app, *clients, rows: dict | None = None) -> Iterator[None]:
    """Run a request that changes data, then put the database and the phones' cookies back
    as they were: as ``rows`` (``saved_rows``) when the caller knows the database holds
    them, else as read now."""
    cookies = [(c, c.get_cookie("session")) for c in clients]
    if rows is None:
        rows = saved_rows(app)
    try:
        yield
    finally:
        put_rows_back(app, rows)
        for client, cookie in cookies:
            if cookie is not None:
                client.set_cookie("session", cookie.value)


def id_rules(app) -> list:
    return [r for r in walked_rules(app) if r.arguments]


@pytest.fixture
def hosted(tmp_path):
    """The hosted app in this process, for its URL rules."""
    app = hosted_app(tmp_path)
    yield app
    dispose(app)


def test_the_walk_covers_every_route_that_takes_an_id(hosted):
    app = hosted
    endpoints = {r.endpoint for r in id_rules(app)}

    # a few that must be among them, pages and API alike
    assert {"sessions.show", "hands.edit", "settle.delete_payment", "players.show"} <= endpoints
    assert {"api_hands.replace_hand", "api_payments.delete_payment"} <= endpoints
    assert {"tables.join", "tables.open_"} <= endpoints
    assert len(endpoints) >= 35


@pytest.mark.parametrize(
    "outside",
    [
        pytest.param(MAX_ID, id="the largest id a column holds"),
        pytest.param(2**31, id="one past 32 bits"),
        pytest.param(2**63 - 1, id="the largest 64-bit id"),
    ],
)
def test_every_route_with_an_id_no_row_can_have_is_a_404_on_each_database(tables, outside):
    app, _fresh, a, _b, _watcher = tables
    walked = 0
    before = database_dump(app)  # each request leaves it so, as the walk checks
    for rule in id_rules(app):
        values = {
            name: value if name == "token" else outside for name, value in a.values(rule).items()
        }
        if values == a.values(rule):
            continue  # a link's token only
        for method in methods(rule):
            response = send(a.member, rule, method, values, a.bodies.get(rule.endpoint))

            assert response.status_code == 404, (method, rule.rule, response.status_code)
            if rule.rule.startswith(API):
                assert response.content_type == "application/problem+json", rule.rule
            assert database_dump(app) == before, (method, rule.rule)
            walked += 1
    assert walked >= 40


@pytest.mark.parametrize("credential", ["cookie", "bearer"])
def test_a_member_of_one_table_gets_404_for_every_route_with_another_tables_ids(tables, credential):
    app, fresh, a, b, _watcher = tables
    walked = 0
    # Each request leaves the database so, as the walk checks, and each of A's own is undone.
    before, rows = database_dump(app), saved_rows(app)
    for rule in id_rules(app):
        is_api = rule.rule.startswith(API)
        if credential == "bearer" and not is_api:
            continue  # pages take the phone's cookie only
        client = a.member if credential == "cookie" else fresh()
        auth = a.started.bearer if credential == "bearer" else None
        for method in methods(rule):
            response = send(client, rule, method, b.values(rule), b.bodies.get(rule.endpoint), auth)

            assert response.status_code == 404, (method, rule.rule, response.status_code)
            if is_api:
                assert response.content_type == "application/problem+json", rule.rule
            assert database_dump(app) == before, (method, rule.rule)
            with put_back(app, a.member, rows=rows):
                own = send(client, rule, method, a.values(rule), a.bodies.get(rule.endpoint), auth)
                assert own.status_code < 400, (
                    f"{method} {rule.rule} with the table's own ids answered "
                    f"{own.status_code}: give it a realistic body in _build"
                )
            walked += 1
    assert walked >= (13 if credential == "bearer" else 40)


_CSRF_VALUE = re.compile(r'name="csrf_token"[^>]*value="[^"]*"')


def _without_randomness(text: str, own: Started) -> str:
    """A page without A's own random strings (its link tokens, the CSRF token), in which B's
    short names could appear by chance: "Xia" inside a token is no leak."""
    for token in (own.member_token, own.watch_token):
        text = text.replace(token, "")
    return _CSRF_VALUE.sub("", text)


def test_a_route_without_ids_shows_a_member_nothing_of_another_table(tables):
    app, fresh, a, b, _watcher = tables
    secrets = [*b.names, "Bravo table", b.started.member_token, b.started.watch_token]
    for rule in walked_rules(app):
        if rule.arguments or "GET" not in methods(rule):
            continue
        for auth in (None, a.started.bearer) if rule.rule.startswith(API) else (None,):
            client = a.member if auth is None else fresh()

            response = client.get(rule.build({})[1], headers=auth or {})

            if rule.endpoint in TABLE_MODE_ONLY:
                assert response.status_code == 404, rule.rule
                continue
            assert response.status_code < 400, (rule.rule, response.status_code)
            text = _without_randomness(response.get_data(as_text=True), a.started)
            assert not [s for s in secrets if s in text], rule.rule


def test_a_write_without_ids_changes_nothing_of_another_table_even_naming_its_players(tables):
    app, _fresh, a, b, _watcher = tables
    b_players = b.ids["players"]
    crossed = {  # B's player ids where a body takes player ids
        "settle.ledger_pay": {
            "payer": str(b_players["Xia"]), "payee": str(b_players["Wes"]), "amount": "1.00"
        },
        "players.index": {"name": "Zed"},
        "api_sessions.create_session": {"system": "brooklyn", "players": ["Wes", "Xia", "Yul"]},
        # the name of B's saved rules too, replacing them: only A's own are saved
        "api_saved_rules.create_saved_rules": {
            "name": "Friday rules", "system": "hoyle", "replace": True
        },
        "saved_rules.new": {"name": "FRIDAY RULES", "system": "hoyle"},
    }  # fmt: skip
    # Each write is undone, so each starts from the database as it is now.
    before, rows = database_dump(app), saved_rows(app)
    for rule in walked_rules(app):
        if rule.arguments:
            continue
        for method in methods(rule):
            if method in READING:
                continue
            body = crossed.get(rule.endpoint, {})
            is_api = rule.rule.startswith(API)
            with put_back(app, a.member, rows=rows):
                response = a.member.open(
                    rule.rule, method=method, **({"json": body} if is_api else {"data": body})
                )
                assert response.status_code < 500, rule.rule
                after = database_dump(app)
                for table in (
                    "sessions", "hands", "ledger_payments", "players", "seats", "saved_rules"
                ):  # fmt: skip
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
    if table in ("sessions", "ledger_payments", "players", "saved_rules"):
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
    app, fresh, a, b, watcher = tables
    refused = 0
    before = database_dump(app)  # each request leaves it so, as the walk checks
    for rule in walked_rules(app):
        is_api = rule.rule.startswith(API)
        for method in methods(rule):
            if not _refused_for_watcher(app, rule, method):
                continue
            for side in (a, b):
                values = side.values(rule) if rule.arguments else {}
                body = side.bodies.get(rule.endpoint)
                for client, auth in (
                    [(watcher, None), (fresh(), a.started.watch_bearer)]
                    if is_api
                    else [(watcher, None)]
                ):
                    response = send(client, rule, method, values, body, auth)

                    assert response.status_code == 403, (method, rule.rule, response.status_code)
                    assert database_dump(app) == before, (method, rule.rule)
                    refused += 1
    assert refused >= 60
    assert {"sessions.new_session", "hands.edit", "tables.links"} <= _collect_writes_only(app)


def test_a_watcher_reads_its_own_table_and_gets_404_for_another(tables):
    app, _fresh, a, b, watcher = tables
    for rule in id_rules(app):
        view = app.view_functions[rule.endpoint]
        if getattr(view, "open_to_all", False) or "GET" not in methods(rule):
            continue
        if _refused_for_watcher(app, rule, "GET"):
            continue
        query = a.bodies[rule.endpoint].query if rule.endpoint in a.bodies else ""
        own = watcher.get(rule.build(a.values(rule))[1] + (f"?{query}" if query else ""))
        other = watcher.get(rule.build(b.values(rule))[1])

        assert own.status_code < 400, (rule.rule, own.status_code)
        assert other.status_code == 404, (rule.rule, other.status_code)


def test_a_stranger_gets_404_pages_and_401_from_the_api(tables):
    app, fresh, a, _b, _watcher = tables
    stranger = fresh()
    before = database_dump(app)  # each request leaves it so, as the walk checks
    for rule in walked_rules(app):
        view = app.view_functions[rule.endpoint]
        if getattr(view, "open_to_all", False):
            continue
        for method in methods(rule):
            values = a.values(rule) if rule.arguments else {}

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
    _app, fresh, *_ = tables
    client = fresh()
    made_up = "x" * 32
    for path in (f"/join/{made_up}", f"/watch/{made_up}", "/join/" + "y" * 400):
        assert client.get(path).status_code == 404, path
    assert client.post(f"/join/{made_up}", data={"pin": "123456"}).status_code == 404
