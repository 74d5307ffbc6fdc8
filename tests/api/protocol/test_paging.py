"""Paging of the API's lists (docs/api.md, Paging): walked page after page with limit 1, 2 and
the default, each list gives every item exactly once, in its documented order; a list that
grows or shrinks while it is walked neither repeats nor skips; each hand on a page has the
whole session's figures, from one replay; a wrong limit or cursor is a 400 naming it; the Link
header leads to the next page; each page is tagged for its own content; the document lists
the parameters and the header of every paged list.

Figures (RULES 5.4-5.6): Brooklyn, three at the table (nobody sits out), hearts not doubled.
A made bid of 350-390 wins 2 chips from each of the two others, 400-440 wins 4 (a bid ending
in 40 or 90 is not taken): with Bob making 350-380 every hand, after hand n Bob is at +4n,
Ann and Cal at -2n each.
"""

from __future__ import annotations

import base64
import math
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient
from hostedhelpers import hosted_app, start_table
from webhelpers import dispose

from scorekeeper.rules.evening.session import Replayer
from scorekeeper.services import replays

from ..calls import API, Session, changes, start

THREE = ["Ann", "Bob", "Cal"]
DEFAULT = 50
LIMITS = [
    pytest.param(1, id="limit-1"),
    pytest.param(2, id="limit-2"),
    pytest.param(None, id="default-limit"),
]
NEXT = re.compile(r'^<(?P<url>http://localhost/api/v1/[^>]+)>; rel="next"$')
PAGED = [
    f"{API}/sessions",
    f"{API}/sessions/{{sid}}/hands",
    f"{API}/sessions/{{sid}}/payments",
    f"{API}/saved-rules",
    f"{API}/ledger/sessions",
    f"{API}/ledger/payments",
]


def walk(api: FlaskClient, url: str, key: str, limit: int | None) -> list[dict]:
    """Every item of the list at ``url``, following each page's Link header; each page checked:
    at most ``limit`` items, its Link naming its ``next_cursor`` and the same limit, none on
    the last page, and as many pages as the items need."""
    items: list[dict] = []
    pages = 0
    address: str | None = url if limit is None else f"{url}?limit={limit}"
    while address is not None:
        response = api.get(address)
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert len(body[key]) <= (limit or DEFAULT)
        items.extend(body[key])
        pages += 1
        address = followed(response)
        if address is None:
            assert body["next_cursor"] is None
        else:
            asked = parse_qs(urlsplit(address).query)
            assert asked == {"limit": [str(limit or DEFAULT)], "cursor": [body["next_cursor"]]}
    assert pages == max(1, math.ceil(len(items) / (limit or DEFAULT)))
    return items


def followed(response) -> str | None:
    """The next page's address in the answer's Link header (None when it has none)."""
    link = response.headers.get("Link")
    if link is None:
        return None
    found = NEXT.match(link)
    assert found, link
    return found["url"]


def brooklyn(api: FlaskClient, bids: list[int]) -> Session:
    """A Brooklyn session of three where Bob makes each bid in hearts, one hand a bid."""
    session = start(api, "brooklyn", THREE)
    for bid in bids:
        session.save(declarer="Bob", bid=bid, trump="H", outcome="made")
    return session


def bids(hands: list[dict]) -> list[int]:
    return [hand["entry"]["bid"] for hand in hands]


def refusal(response) -> tuple[int, list[str], str]:
    """A problem's status, the fields it names and its detail."""
    problem = response.get_json()
    return response.status_code, [e["field"] for e in problem["errors"]], problem["detail"]


@pytest.mark.parametrize("limit", LIMITS)
def test_walking_the_sessions_gives_each_once_newest_first(api, limit):
    started = [start(api, "brooklyn", THREE).id for _ in range(5)]
    walked = walk(api, f"{API}/sessions", "sessions", limit)
    assert [s["id"] for s in walked] == started[::-1]


@pytest.mark.parametrize("limit", LIMITS)
def test_walking_the_hands_gives_each_once_first_first_with_the_whole_sessions_figures(api, limit):
    session = brooklyn(api, [350, 360, 370, 380, 350])
    walked = walk(api, f"{session.url}/hands", "hands", limit)
    assert [h["number"] for h in walked] == [1, 2, 3, 4, 5]
    assert bids(walked) == [350, 360, 370, 380, 350]
    for n, hand in enumerate(walked, start=1):
        totals = {c["holder"]["name"]: c["total"] for c in hand["result"]["changes"]}
        assert changes(hand) == {"Ann": -2, "Bob": 4, "Cal": -2}
        assert totals == {"Ann": -2 * n, "Bob": 4 * n, "Cal": -2 * n}
        assert hand == session.hand(n).get_json()


@pytest.mark.parametrize("limit", LIMITS)
def test_walking_a_sessions_payments_and_the_ledgers_gives_each_once_newest_first(api, limit):
    session = brooklyn(api, [350])
    ids = session.ids
    paid = []
    for cents in (10, 20, 30, 40, 50):
        body = {"payer_id": ids["Ann"], "payee_id": ids["Bob"], "cents": cents}
        response = api.post(f"{session.url}/payments", json=body)
        assert response.status_code == 201, response.get_json()
        paid.append((response.get_json()["payment"]["id"], cents))
    walked = walk(api, f"{session.url}/payments", "payments", limit)
    assert [(p["id"], p["cents"]) for p in walked] == paid[::-1]
    in_ledger = walk(api, f"{API}/ledger/payments", "payments", limit)
    # The session is still open: its payments count once it ends.
    assert [(p["id"], p["counts"]) for p in in_ledger] == [(i, False) for i, _ in paid[::-1]]


@pytest.mark.parametrize("limit", LIMITS)
def test_walking_the_ledgers_sessions_gives_each_ended_one_once_last_ended_first(api, limit):
    ended = []
    for _ in range(3):
        session = brooklyn(api, [350])
        assert api.patch(session.url, json={"ended": True}).status_code == 200
        ended.append(session.id)
    brooklyn(api, [350])  # still open: nothing owed yet
    walked = walk(api, f"{API}/ledger/sessions", "sessions", limit)
    assert [s["session_id"] for s in walked] == ended[::-1]
    # Each says Ann and Cal owe Bob 2 chips at the preset 10 cents: 20 cents each.
    for owing in walked:
        owed = {(d["debtor"]["name"], d["creditor"]["name"]): d["cents"] for d in owing["owed"]}
        assert owed == {("Ann", "Bob"): 20, ("Cal", "Bob"): 20}


@pytest.mark.parametrize("limit", LIMITS)
def test_walking_the_saved_rules_gives_each_once_by_name(api, limit):
    for name in ("Tuesday", "friday", "Monday", "  sunday", "Easter"):
        body = {"name": name, "system": "brooklyn", "options": {"stake": 25}}
        assert api.post(f"{API}/saved-rules", json=body).status_code == 201
    walked = walk(api, f"{API}/saved-rules", "saved_rules", limit)
    assert [r["name"] for r in walked] == ["Easter", "friday", "Monday", "sunday", "Tuesday"]


def test_a_hand_saved_between_pages_is_neither_repeated_nor_skipped(api):
    session = brooklyn(api, [350, 360, 370])
    first = api.get(f"{session.url}/hands?limit=2")
    assert bids(first.get_json()["hands"]) == [350, 360]
    session.save(declarer="Bob", bid=380, trump="H", outcome="made")
    second = api.get(followed(first))
    assert bids(second.get_json()["hands"]) == [370, 380]
    assert second.get_json()["next_cursor"] is None and "Link" not in second.headers


def test_a_hand_deleted_between_pages_moves_no_other_hand_across_the_page_edge(api):
    session = brooklyn(api, [350, 360, 370, 380])
    first = api.get(f"{session.url}/hands?limit=2")
    assert bids(first.get_json()["hands"]) == [350, 360]
    etag = session.hand(1).headers["ETag"]
    assert api.delete(f"{session.url}/hands/1", headers={"If-Match": etag}).status_code == 200
    second = api.get(followed(first)).get_json()["hands"]
    # 360 is hand 1 now and is not shown again; 370 is hand 2 and is not skipped.
    assert [(h["number"], h["entry"]["bid"]) for h in second] == [(2, 370), (3, 380)]


def test_a_session_started_between_pages_leaves_the_walk_as_it_was(api):
    older = [start(api, "brooklyn", THREE).id for _ in range(3)]
    first = api.get(f"{API}/sessions?limit=2")
    assert [s["id"] for s in first.get_json()["sessions"]] == older[:0:-1]
    start(api, "brooklyn", THREE)
    second = api.get(followed(first))
    assert [s["id"] for s in second.get_json()["sessions"]] == [older[0]]


def test_a_page_of_hands_replays_the_session_once(api, monkeypatch):
    session = brooklyn(api, [350, 360, 370, 380, 350])
    cursor = api.get(f"{session.url}/hands?limit=2").get_json()["next_cursor"]
    applied = []
    apply = Replayer.apply

    def counted(self, event):
        applied.append(event)
        return apply(self, event)

    monkeypatch.setattr(Replayer, "apply", counted)
    replays.forget()  # nothing remembered: the page needs the whole session replayed
    page = api.get(f"{session.url}/hands?limit=2&cursor={cursor}").get_json()
    assert bids(page["hands"]) == [370, 380]
    assert len(applied) == 5  # every hand of the session, once


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "limit: Must be at least 1."),
        ("-3", "limit: Must be at least 1."),
        ("201", "limit: Must be at most 200."),
        ("ten", "limit: Must be a whole number."),
        ("2.5", "limit: Must be a whole number."),
        ("", "limit: Must be a whole number."),
    ],
    ids=["zero", "negative", "over-the-maximum", "a-word", "a-fraction", "empty"],
)
def test_a_limit_out_of_range_or_not_a_whole_number_is_a_400_naming_it(api, value, message):
    session = brooklyn(api, [350])
    for path in PAGED:
        response = api.get(f"{path.format(sid=session.id)}?limit={value}")
        assert refusal(response) == (400, ["limit"], message), path
        assert response.get_json()["code"] == "invalid-request"


def test_the_limit_at_its_bounds_is_taken(api):
    session = brooklyn(api, [350, 360])
    one = api.get(f"{session.url}/hands?limit=1").get_json()
    most = api.get(f"{session.url}/hands?limit=200").get_json()
    assert (bids(one["hands"]), bids(most["hands"])) == ([350], [350, 360])
    assert most["next_cursor"] is None


def _tampered(cursor: str) -> str:
    """``cursor`` with its key changed (its signature kept): the first item instead."""
    payload, signature = cursor.split(".", 1)
    key = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    assert key == b"[1]"  # the first hand's stored place: a page of one starts after it
    forged = base64.urlsafe_b64encode(b"[0]").decode().rstrip("=")
    return f"{forged}.{signature}"


def test_a_cursor_changed_cut_short_or_from_another_list_is_a_400_naming_it(api):
    session = brooklyn(api, [350, 360])
    other = brooklyn(api, [350, 360])
    cursor = api.get(f"{session.url}/hands?limit=1").get_json()["next_cursor"]
    sessions_cursor = api.get(f"{API}/sessions?limit=1").get_json()["next_cursor"]
    asked = {
        "made up": (f"{session.url}/hands", "abc"),
        "changed": (f"{session.url}/hands", _tampered(cursor)),
        "cut short": (f"{session.url}/hands", cursor[:-2]),
        "another session's hands": (f"{other.url}/hands", cursor),
        "another list's": (f"{API}/saved-rules", sessions_cursor),
        "the sessions' on the hands": (f"{session.url}/hands", sessions_cursor),
    }
    for why, (path, value) in asked.items():
        status, fields, detail = refusal(api.get(path, query_string={"cursor": value}))
        assert (status, fields) == (400, ["cursor"]), why
        assert detail.startswith("cursor: Not a cursor of this list"), why
    for value, message in (("", "cursor: Must not be empty."),
                           ("x" * 201, "cursor: Must have at most 200 characters.")):  # fmt: skip
        response = api.get(f"{session.url}/hands", query_string={"cursor": value})
        assert refusal(response) == (400, ["cursor"], message)
    assert api.get(f"{session.url}/hands", query_string={"cursor": cursor}).status_code == 200


def test_a_cursor_of_one_hosted_tables_list_is_refused_at_another(tmp_path):
    app = hosted_app(tmp_path)
    try:
        mondays = start_table(app.test_client(), "Mondays")
        fridays = start_table(app.test_client(), "Fridays")
        client = app.test_client()
        body = {"system": "brooklyn", "players": THREE}
        for started in (mondays, mondays, fridays, fridays):
            made = client.post(f"{API}/sessions", json=body, headers=started.bearer)
            assert made.status_code == 201, made.get_json()
        first = client.get(f"{API}/sessions?limit=1", headers=mondays.bearer)
        cursor = {"limit": 1, "cursor": first.get_json()["next_cursor"]}
        elsewhere = client.get(f"{API}/sessions", query_string=cursor, headers=fridays.bearer)
        assert refusal(elsewhere)[:2] == (400, ["cursor"])
        at_home = client.get(f"{API}/sessions", query_string=cursor, headers=mondays.bearer)
        assert at_home.status_code == 200 and at_home.get_json()["next_cursor"] is None
    finally:
        dispose(app)


def test_the_link_header_is_the_next_pages_whole_address_with_the_same_limit(api):
    session = brooklyn(api, [350, 360, 370])
    first = api.get(f"{session.url}/hands?limit=2")
    cursor = first.get_json()["next_cursor"]
    assert first.headers["Link"] == (
        f'<http://localhost{session.url}/hands?limit=2&cursor={cursor}>; rel="next"'
    )
    by_cursor = api.get(f"{session.url}/hands", query_string={"limit": 2, "cursor": cursor})
    assert by_cursor.get_json() == api.get(followed(first)).get_json()
    assert "Link" not in by_cursor.headers  # the last page
    whole = api.get(f"{session.url}/hands")
    assert "Link" not in whole.headers and whole.get_json()["next_cursor"] is None


def test_each_pages_etag_changes_when_that_page_changes_and_only_then(api):
    session = brooklyn(api, [350, 360, 370, 380, 350])
    addresses = [f"{session.url}/hands?limit=2"]
    tags = []
    for _ in range(3):
        response = api.get(addresses[-1])
        tags.append(response.headers["ETag"])
        addresses.append(followed(response))
    assert addresses[-1] is None and len(set(tags)) == 3

    def polled(page: int):
        return api.get(addresses[page], headers={"If-None-Match": tags[page]})

    # Hand 4 (page 2) corrected to 400: 4 chips from each; hand 5's totals move with it.
    hand4 = session.hand(4)
    body = session.body(declarer="Bob", bid=400, trump="H", outcome="made")
    etag = {"If-Match": hand4.headers["ETag"]}
    assert api.put(f"{session.url}/hands/4", json=body, headers=etag).status_code == 200
    assert [polled(page).status_code for page in range(3)] == [304, 200, 200]
    (fifth,) = polled(2).get_json()["hands"]
    bob = {c["holder"]["name"]: c["total"] for c in fifth["result"]["changes"]}["Bob"]
    assert bob == 4 * 3 + 8 + 4
    tags[1], tags[2] = (api.get(addresses[page]).headers["ETag"] for page in (1, 2))
    # A sixth hand joins the last page only.
    session.save(declarer="Bob", bid=360, trump="H", outcome="made")
    assert [polled(page).status_code for page in range(3)] == [304, 304, 200]
    assert bids(api.get(addresses[2]).get_json()["hands"]) == [350, 360]


def test_the_ledger_shows_the_first_page_of_its_payments_and_the_address_of_the_rest(api):
    session = brooklyn(api, [350])
    ids = session.ids
    for cents in range(1, DEFAULT + 2):
        body = {"payer_id": ids["Cal"], "payee_id": ids["Bob"], "cents": cents}
        assert api.post(f"{session.url}/payments", json=body).status_code == 201
    ledger = api.get(f"{API}/ledger").get_json()
    assert [p["cents"] for p in ledger["payments"]] == list(range(DEFAULT + 1, 1, -1))
    assert ledger["sessions"] == [] and ledger["sessions_next"] is None
    rest = api.get(ledger["payments_next"]).get_json()
    assert [p["cents"] for p in rest["payments"]] == [1] and rest["next_cursor"] is None


def test_the_document_lists_the_paging_parameters_and_the_link_header(api):
    document = api.get(f"{API}/openapi.json").get_json()
    for path in PAGED:
        operation = document["paths"][path.replace("{sid}", "{session_id}")]["get"]
        parameters = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
        assert set(parameters) == {"limit", "cursor"}, path
        limit = parameters["limit"]
        assert not limit["required"] and not parameters["cursor"]["required"]
        assert (limit["schema"]["default"], limit["schema"]["maximum"]) == (DEFAULT, 200)
        assert limit["schema"]["minimum"] == 1 and limit["schema"]["type"] == "integer"
        answer = operation["responses"]["200"]
        assert answer["headers"]["Link"]["required"] is False, path
        assert answer["headers"]["ETag"]["required"] is True, path
        assert "400" in operation["responses"], path
        schema = answer["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
        assert "next_cursor" in document["components"]["schemas"][schema]["required"], path
    ledger = document["components"]["schemas"]["LedgerOut"]
    assert {"sessions_next", "payments_next"} <= set(ledger["required"])


@pytest.mark.postgres
def test_the_keyset_pages_walk_whole_on_postgresql(pg_app):
    api = pg_app.test_client()
    session = brooklyn(api, [350, 360, 370])
    ids = session.ids
    for cents in (10, 20, 30):
        body = {"payer_id": ids["Cal"], "payee_id": ids["Bob"], "cents": cents}
        assert api.post(f"{session.url}/payments", json=body).status_code == 201
    assert bids(walk(api, f"{session.url}/hands", "hands", 1)) == [350, 360, 370]
    paid = walk(api, f"{session.url}/payments", "payments", 1)
    assert [p["cents"] for p in paid] == [30, 20, 10]
    newer = [start(api, "brooklyn", THREE).id for _ in range(2)]
    first = api.get(f"{API}/sessions?limit=2")
    assert [s["id"] for s in first.get_json()["sessions"]] == newer[::-1]
    second = api.get(followed(first)).get_json()["sessions"]
    assert [s["id"] for s in second][:1] == [session.id]  # the database's other tests' after
