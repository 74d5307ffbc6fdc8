"""Hosted mode (``HOSTED``): anyone starts a table; its member link and PIN make a phone a
member, its watch link a read-only watcher; links made anew end the old ones; a phone in
several tables switches between them. The walk over every route is in test_isolation.py,
wrong PINs in test_pin_limit.py."""

from __future__ import annotations

import hashlib
import hmac
import re

import pytest
from hostedhelpers import hosted_app, join, links_shown, start_table, watch
from webhelpers import (
    club_night_paired,
    database_dump,
    dispose,
    figures,
    migrated_app,
    new_session,
    page_text,
    parse,
    save_hand,
    shown_value,
)

from scorekeeper.errorhandlers import STALE_FORM
from scorekeeper.extensions import db
from scorekeeper.models import Table

API = "/api/v1"
FOUR = ["Ann", "Bob", "Cal", "Dee"]


@pytest.fixture
def app(tmp_path):
    app = hosted_app(tmp_path)
    yield app
    dispose(app)


@pytest.fixture
def creator(app):
    return app.test_client()


def test_a_stranger_sees_how_to_start_or_join_and_nothing_of_any_table(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    stranger = app.test_client()

    home = stranger.get("/")
    tables = stranger.get("/tables")

    assert (home.status_code, home.headers["Location"]) == (302, "/tables")
    assert "belongs to no table yet" in page_text(tables)
    assert any(a.get("href") == "/tables/new" for a in parse(tables).iter("a"))
    for path in (f"/s/{sid}", "/players/", "/ledger", f"/s/{sid}/history", "/links"):
        assert stranger.get(path).status_code == 404, path
    refused = stranger.get(f"{API}/sessions/{sid}")
    assert refused.status_code == 401
    assert refused.get_json()["code"] == "token-required"
    assert started.member_token not in tables.get_data(as_text=True)


def test_starting_a_table_shows_its_two_links_with_codes_and_a_six_digit_pin_once(creator):
    started = start_table(creator, "Thursday club")

    again = creator.get("/links")

    assert re.fullmatch(r"\d{6}", started.pin)
    # 24 random bytes (192 bits) in URL-safe base64: 32 characters
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", started.member_token)
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", started.watch_token)
    assert started.member_token != started.watch_token
    member, watch_token, pin = links_shown(again)
    assert (member, watch_token, pin) == (started.member_token, started.watch_token, None)
    codes = [el for el in parse(again).iter() if str(el.tag).endswith("svg")]
    assert len(codes) == 2  # a QR code for each link
    assert "Links for Thursday club" in page_text(again)


def test_the_database_keeps_only_digests_of_the_links_and_the_pin(app, creator):
    started = start_table(creator)

    dump = database_dump(app)

    stored = repr(dump)
    assert started.member_token not in stored
    assert started.watch_token not in stored
    with app.app_context():
        row = db.session.get(Table, started.id)
        assert row is not None
        assert row.member_token_hash == hashlib.sha256(started.member_token.encode()).hexdigest()
        assert row.watch_token_hash == hashlib.sha256(started.watch_token.encode()).hexdigest()
        # the PIN is keyed with the member token, which is not in the database: a copy of the
        # database gives no PIN to try
        keyed = hmac.new(
            started.member_token.encode(), b"pin:" + started.pin.encode(), hashlib.sha256
        )
        assert row.pin_hash == keyed.hexdigest()
        assert row.generation == 1


def test_the_member_link_and_pin_make_a_phone_a_member_that_enters_hands(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    phone = app.test_client()

    asked = phone.get(f"/join/{started.member_token}")
    joined = join(phone, started)

    assert asked.status_code == 200
    assert "Join Thursday club" in page_text(asked)
    assert (joined.status_code, joined.headers["Location"]) == (302, "/")
    assert "Expires=" in joined.headers["Set-Cookie"]  # remembered after the browser closes
    # Ann deals, Dee sits out (RULES 5.2); Bob makes 350 in spades: 2 units doubled for spades
    # to 4, paid by each of Ann, Cal and Dee (5.4-5.6).
    page = save_hand(phone, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    assert figures(page) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}
    assert figures(creator.get(f"/s/{sid}")) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}


def test_the_member_link_without_the_right_pin_opens_nothing(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    phone = app.test_client()
    wrong = "000000" if started.pin != "000000" else "111111"

    refused = join(phone, started, wrong)

    assert refused.status_code == 422
    assert "That PIN is not right" in page_text(refused)
    assert phone.get(f"/s/{sid}").status_code == 404


def test_a_member_opening_its_link_again_goes_straight_to_the_table(app, creator):
    started = start_table(creator)

    again = creator.get(f"/join/{started.member_token}")

    assert (again.status_code, again.headers["Location"]) == (302, "/")


def test_the_watch_link_shows_standings_history_and_report_but_no_form(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    save_hand(creator, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    watcher = app.test_client()

    opened = watch(watcher, started)
    page = watcher.get(f"/s/{sid}")

    assert (opened.status_code, opened.headers["Location"]) == (302, "/")
    assert page.status_code == 200
    assert figures(page) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}
    tree = parse(page)
    assert not [f for f in tree.iter("form")]  # no hand form, no End session button
    assert "read only" in page_text(page)
    history = watcher.get(f"/s/{sid}/history")
    assert history.status_code == 200
    assert not [a for a in parse(history).iter("a") if "/edit" in (a.get("href") or "")]
    assert watcher.get(f"/s/{sid}/print").status_code == 200
    assert watcher.get(f"{API}/sessions/{sid}/standings").status_code == 200
    home = watcher.get("/")
    assert "New session" not in page_text(home)


def test_a_watcher_changes_nothing_and_is_told_why(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    watcher = app.test_client()
    watch(watcher, started)
    before = database_dump(app)

    form = watcher.get(f"/s/{sid}/settings")
    post = watcher.post(f"/s/{sid}/end")
    api = watcher.patch(f"{API}/sessions/{sid}", json={"ended": True})

    assert (form.status_code, post.status_code, api.status_code) == (403, 403, 403)
    assert "Read only" in page_text(form)
    assert api.get_json()["code"] == "watch-only"
    assert database_dump(app) == before


def test_a_member_opening_the_watch_link_stays_a_member(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)

    watch(creator, started)

    assert creator.get(f"/s/{sid}/settings").status_code == 200


def test_the_api_takes_the_member_token_to_write_and_the_watch_token_to_read(app, creator):
    started = start_table(creator)
    script = app.test_client()

    made = script.post(
        f"{API}/sessions", json={"system": "brooklyn", "players": FOUR}, headers=started.bearer
    )
    sid = made.get_json()["id"]
    read = script.get(f"{API}/sessions/{sid}/standings", headers=started.watch_bearer)
    write = script.patch(
        f"{API}/sessions/{sid}", json={"ended": True}, headers=started.watch_bearer
    )

    assert made.status_code == 201
    assert read.status_code == 200
    assert write.status_code == 403
    assert write.get_json()["code"] == "watch-only"


@pytest.mark.parametrize(
    "header",
    ["Bearer " + "x" * 32, "Basic abc", "Bearer"],
    ids=["no table's token", "wrong scheme", "no token"],
)
def test_a_token_that_is_no_tables_is_refused(app, creator, header):
    start_table(creator)

    response = app.test_client().get(f"{API}/sessions", headers={"Authorization": header})

    assert response.status_code == 401
    assert response.get_json()["code"] == "invalid-token"


def test_regenerating_ends_the_old_links_the_old_pin_and_every_other_phone(app, creator):
    old = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    member, watcher = app.test_client(), app.test_client()
    join(member, old)
    watch(watcher, old)

    made = creator.post("/links/regenerate")
    new_member, new_watch, new_pin = links_shown(creator.get(made.headers["Location"]))

    assert made.status_code == 302
    assert new_member and new_watch and new_pin
    assert {new_member, new_watch}.isdisjoint({old.member_token, old.watch_token})
    assert creator.get(f"/s/{sid}").status_code == 200  # the phone that regenerated stays
    assert member.get(f"/s/{sid}").status_code == 404  # its generation is gone
    assert watcher.get(f"/s/{sid}").status_code == 404
    assert member.get(f"/join/{old.member_token}").status_code == 404
    assert member.get(f"/watch/{old.watch_token}").status_code == 404
    assert app.test_client().get(f"{API}/sessions", headers=old.bearer).status_code == 401
    if old.pin != new_pin:
        refused = member.post(f"/join/{new_member}", data={"pin": old.pin})
        assert refused.status_code == 422
    rejoined = member.post(f"/join/{new_member}", data={"pin": new_pin})
    assert rejoined.status_code == 302
    assert member.get(f"/s/{sid}").status_code == 200
    with app.app_context():
        table = db.session.get(Table, old.id)
        assert table is not None and table.generation == 2


def test_a_watcher_neither_sees_nor_regenerates_the_links(app, creator):
    started = start_table(creator)
    watcher = app.test_client()
    watch(watcher, started)
    before = database_dump(app)

    assert watcher.get("/links").status_code == 403
    assert watcher.post("/links/regenerate").status_code == 403
    assert database_dump(app) == before


def test_a_phone_in_two_tables_switches_between_them(app, creator):
    first = start_table(creator, "Thursday club")
    thursday = new_session(creator, "brooklyn", FOUR)
    second = start_table(creator, "Family")  # starting a table opens it
    family = new_session(creator, "bison", ["Eve", "Fay", "Gus"])

    on_family = creator.get("/")
    listed = creator.get("/tables")
    switched = creator.post(f"/tables/{first.id}/open")
    on_thursday = creator.get("/")

    assert any(a.get("aria-label") == "Switch table" for a in parse(on_family).iter("a"))
    assert "Family" in page_text(on_family)
    assert [b.get("aria-current") for b in parse(listed).iter("button") if "table-open" in (
        b.get("class") or "")] == [None, "true"]  # fmt: skip
    assert (switched.status_code, switched.headers["Location"]) == (302, "/")
    assert "Thursday club" in page_text(on_thursday)
    hrefs = {a.get("href") for a in parse(on_thursday).iter("a")}
    assert f"/s/{thursday}" in hrefs and f"/s/{family}" not in hrefs
    assert creator.get(f"/s/{family}").status_code == 404  # the open table decides
    assert second.id != first.id


def test_a_phone_cannot_open_a_table_it_does_not_belong_to(app, creator):
    theirs = start_table(creator, "Theirs")
    phone = app.test_client()
    start_table(phone, "Mine")

    assert phone.post(f"/tables/{theirs.id}/open").status_code == 404
    assert phone.post(f"/tables/{theirs.id}/forget").status_code == 404


def test_forgetting_a_table_on_a_phone_leaves_it_a_stranger_there(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)

    forgot = creator.post(f"/tables/{started.id}/forget")

    assert forgot.status_code == 302
    assert creator.get(f"/s/{sid}").status_code == 404
    assert join(creator, started).status_code == 302  # the link and PIN let it back in
    assert creator.get(f"/s/{sid}").status_code == 200


def test_share_leads_a_member_to_the_tables_links(app, creator):
    start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)

    shared = creator.get(f"/s/{sid}/share")

    assert (shared.status_code, shared.headers["Location"]) == (302, "/links")


@pytest.mark.parametrize(
    ("name", "message"),
    [("   ", "A table needs a name."), ("x" * 81, "at most 80 characters")],
)
def test_a_table_needs_a_name_of_at_most_80_characters(app, creator, name, message):
    before = database_dump(app)

    refused = creator.post("/tables/new", data={"name": name})

    assert refused.status_code == 422
    assert message in page_text(refused)
    assert database_dump(app) == before


def test_no_get_page_of_a_hosted_table_writes_anything(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    save_hand(creator, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    saved = creator.post(f"/s/{sid}/settings/save-as", data={"name": "Friday rules"})
    assert saved.status_code == 302
    (rules,) = creator.get("/api/v1/saved-rules").json["saved_rules"]
    night_id = int(club_night_paired(creator).rsplit("/", 1)[1])
    before = database_dump(app)
    values = {"session_id": sid, "number": 1, "table_id": started.id, "rules_id": rules["id"]}
    values["night_id"] = night_id

    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint == "static":
            continue
        if "player_id" in rule.arguments or "payment_id" in rule.arguments:
            continue  # none recorded here; the walk in test_isolation.py covers them
        args = dict(values)
        args["token"] = (
            started.watch_token if rule.endpoint == "tables.watch" else started.member_token
        )
        response = creator.get(rule.build({k: args[k] for k in rule.arguments})[1])
        assert response.status_code < 500, rule.rule
        assert database_dump(app) == before, rule.rule


def test_table_mode_has_no_hosted_pages(tmp_path):
    app = migrated_app(tmp_path)
    client = app.test_client()

    for path in ("/tables", "/tables/new", "/links", "/join/" + "x" * 32, "/watch/" + "x" * 32):
        assert client.get(path).status_code == 404, path
    dispose(app)


def test_a_table_mode_app_never_serves_a_hosted_table(tmp_path):
    """The same database opened in table mode: its one table is never a hosted one."""
    hosted = hosted_app(tmp_path)
    phone = hosted.test_client()
    start_table(phone, "Private")
    new_session(phone, "brooklyn", FOUR)
    dispose(hosted)
    table_mode = migrated_app(tmp_path)
    client = table_mode.test_client()

    assert client.get("/s/1").status_code == 404
    assert "Private" not in page_text(client.get("/"))
    dispose(table_mode)


@pytest.mark.parametrize(("setting", "hosted"), [("yes", True), (" On ", True), ("off", False)])
def test_hosted_mode_is_a_switch_set_in_words_too(tmp_path, setting, hosted):
    """``HOSTED`` from an instance's config.py may be words: 1, true, yes or on, any case."""
    app = migrated_app(tmp_path, HOSTED=setting)
    try:
        page = app.test_client().get("/tables/new")
    finally:
        dispose(app)

    assert page.status_code == (200 if hosted else 404)


def test_a_phone_whose_open_table_made_its_links_anew_opens_its_other_table(app, creator):
    start_table(creator, "Thursday club")
    thursday = new_session(creator, "brooklyn", FOUR)
    other = app.test_client()
    family = start_table(other, "Family")
    join(creator, family)  # opens Family on the creator's phone
    assert "Family" in page_text(creator.get("/"))

    assert other.post("/links/regenerate").status_code == 302  # ends the creator's link

    home = creator.get("/")
    again = creator.get("/")
    assert "Thursday club" in page_text(home) and "Family" not in page_text(home)
    hrefs = {a.get("href") for a in parse(again).iter("a")}
    assert f"/s/{thursday}" in hrefs


def test_a_cookie_naming_tables_in_a_form_never_written_opens_none_of_them(app, creator):
    started = start_table(creator, "Thursday club")
    other = app.test_client()
    family = start_table(other, "Family")
    upstairs = start_table(other, "Upstairs")
    theirs = new_session(other, "bison", ["Eve", "Fay", "Gus"])  # at Upstairs, open there
    with creator.session_transaction() as cookie:
        cookie["tables"] = {
            **cookie["tables"],
            "first": [1, "member"],  # not a table's id
            str(family.id): [1, "owner"],  # a role the app never gives
            str(upstairs.id): ["1", "member"],  # a generation in words
            "99": [1],  # no role
        }

    listed = creator.get("/tables")

    opens = [b for b in parse(listed).iter("button") if "table-open" in (b.get("class") or "")]
    assert len(opens) == 1  # Thursday club alone
    assert creator.post(f"/tables/{started.id}/open").status_code == 302
    for table_id in (family.id, upstairs.id, 99):
        assert creator.post(f"/tables/{table_id}/open").status_code == 404
    assert creator.get(f"/s/{theirs}").status_code == 404


# -- an expired token on the hosted forms ---------------------------------------------------


def test_an_expired_start_a_table_form_is_shown_again_with_the_name_typed(app, creator):
    app.config["WTF_CSRF_ENABLED"] = True
    before = database_dump(app)

    response = creator.post("/tables/new", data={"name": "Thursday club", "csrf_token": "old"})

    assert response.status_code == 400
    assert STALE_FORM in page_text(response)
    assert shown_value(response, "name") == "Thursday club"
    assert database_dump(app) == before


def test_an_expired_pin_form_of_a_member_link_asks_for_the_pin_again(app, creator):
    started = start_table(creator)
    sid = new_session(creator, "brooklyn", FOUR)
    phone = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = True

    response = phone.post(
        f"/join/{started.member_token}", data={"pin": started.pin, "csrf_token": "old"}
    )

    assert response.status_code == 400
    assert "Join Thursday club" in page_text(response)
    assert STALE_FORM in page_text(response)
    assert phone.get(f"/s/{sid}").status_code == 404  # not a member: no PIN was checked


@pytest.mark.parametrize("link", ["watch", "made up"])
def test_an_expired_pin_form_of_a_link_that_is_no_member_link_is_not_found(app, creator, link):
    started = start_table(creator)
    token = started.watch_token if link == "watch" else "x" * 32
    app.config["WTF_CSRF_ENABLED"] = True

    response = app.test_client().post(f"/join/{token}", data={"pin": "123456"})

    assert response.status_code == 404
