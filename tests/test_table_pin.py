"""Table mode's optional PIN (``TABLE_PIN``, ``serve --pin``): a phone enters it once, then its
signed cookie remembers it; the API takes that cookie or the API token."""

from __future__ import annotations

import pytest
from webhelpers import (
    app_at,
    database_dump,
    dispose,
    migrated_app,
    new_session,
    page_text,
    parse,
    sqlite_url,
)

from scorekeeper import create_app
from scorekeeper.errorhandlers import STALE_FORM

PIN = "4071"
TOKEN = "s3cret-table-token"
NEW_SESSION = {"system": "brooklyn", "players": ["Ann", "Bob", "Cal"]}


@pytest.fixture
def pinned(tmp_path):
    app = migrated_app(tmp_path, TABLE_PIN=PIN)
    yield app
    dispose(app)


def enter_pin(client, pin=PIN, next_path="/"):
    return client.post(f"/pin?next={next_path}", data={"pin": pin})


def test_a_phone_without_the_pin_is_sent_to_the_pin_page_and_back_after(pinned):
    phone = pinned.test_client()
    sid = None
    with pinned.test_client() as other:
        assert enter_pin(other).status_code == 302
        sid = new_session(other, "brooklyn", ["Ann", "Bob", "Cal"])

    asked = phone.get(f"/s/{sid}/history")

    assert asked.status_code == 302
    assert asked.headers["Location"] == f"/pin?next=/s/{sid}/history"
    page = phone.get(asked.headers["Location"])
    assert page.status_code == 200
    field = next(el for el in parse(page).iter("input") if el.get("name") == "pin")
    assert field.get("inputmode") == "numeric"
    entered = enter_pin(phone, next_path=f"/s/{sid}/history")
    assert entered.status_code == 302
    assert entered.headers["Location"] == f"/s/{sid}/history"
    assert phone.get(f"/s/{sid}/history").status_code == 200


def test_the_pin_is_asked_once_the_cookie_remembers_it_for_a_year(pinned):
    phone = pinned.test_client()

    entered = enter_pin(phone)

    cookie = entered.headers["Set-Cookie"]
    assert "Expires=" in cookie  # a permanent cookie: it outlives the browser being closed
    assert PIN not in cookie  # only a keyed fingerprint of the PIN
    assert phone.get("/").status_code == 200
    assert phone.get("/pin").status_code == 302  # nothing to ask any more


def test_a_wrong_pin_is_refused_with_the_page_again_and_nothing_saved(pinned):
    phone = pinned.test_client()

    wrong = enter_pin(phone, "4070")

    assert wrong.status_code == 422
    assert "That PIN is not right" in page_text(wrong)
    assert phone.get("/").status_code == 302


def test_a_post_without_the_pin_saves_nothing(pinned):
    before = database_dump(pinned)

    response = pinned.test_client().post("/players/", data={"name": "Eve"})

    assert response.status_code == 302
    assert response.headers["Location"].startswith("/pin")
    assert database_dump(pinned) == before


def test_a_new_pin_ends_the_phones_that_entered_the_old_one(tmp_path):
    first = migrated_app(tmp_path, TABLE_PIN=PIN)
    phone = first.test_client()
    enter_pin(phone)
    cookie = phone.get_cookie("session")
    dispose(first)

    second = app_at(sqlite_url(tmp_path), tmp_path / "instance", TABLE_PIN="9999")
    later = second.test_client()
    later.set_cookie("session", cookie.value)

    assert later.get("/").status_code == 302
    dispose(second)


def test_the_api_needs_the_pin_cookie_or_the_api_token(tmp_path):
    app = migrated_app(tmp_path, TABLE_PIN=PIN, API_TOKEN=TOKEN)
    stranger = app.test_client()
    phone = app.test_client()
    enter_pin(phone)

    refused = stranger.get("/api/v1/sessions")
    by_cookie = phone.post("/api/v1/sessions", json=NEW_SESSION)
    by_token = stranger.post(
        "/api/v1/sessions", json=NEW_SESSION, headers={"Authorization": f"Bearer {TOKEN}"}
    )

    assert refused.status_code == 401
    assert refused.get_json()["code"] == "pin-required"
    assert (by_cookie.status_code, by_token.status_code) == (201, 201)
    dispose(app)


def test_without_an_api_token_the_pin_cookie_alone_opens_the_api(pinned):
    phone = pinned.test_client()

    before = phone.get("/api/v1/sessions").status_code
    enter_pin(phone)

    assert (before, phone.get("/api/v1/sessions").status_code) == (401, 200)


def test_the_health_check_and_the_files_need_no_pin(pinned):
    client = pinned.test_client()

    assert client.get("/healthz").status_code == 200
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/api/v1/openapi.json").status_code == 200


def test_a_table_without_a_pin_has_no_pin_page(app, client):
    assert client.get("/pin").status_code == 404
    assert client.get("/").status_code == 200


def test_an_expired_pin_form_asks_for_the_pin_again_and_remembers_nothing(pinned):
    pinned.config["WTF_CSRF_ENABLED"] = True
    phone = pinned.test_client()

    response = phone.post("/pin?next=/", data={"pin": PIN, "csrf_token": "old"})

    assert response.status_code == 400
    assert "This table has a PIN" in page_text(response)
    assert STALE_FORM in page_text(response)
    assert phone.get("/").status_code == 302  # not remembered: no PIN was checked


def test_an_expired_pin_form_of_a_table_without_a_pin_is_not_found(app, client):
    app.config["WTF_CSRF_ENABLED"] = True

    assert client.post("/pin", data={"pin": PIN, "csrf_token": "old"}).status_code == 404


@pytest.mark.parametrize("pin", ["12", "12345678901234", "12ab", "٣٤٥٦"])
def test_a_pin_that_is_not_4_to_12_digits_is_refused_at_start(tmp_path, pin):
    with pytest.raises(ValueError, match="TABLE_PIN must be 4 to 12 digits"):
        create_app({"SECRET_KEY": "x", "TABLE_PIN": pin}, instance_path=tmp_path)


def test_a_table_pin_in_hosted_mode_is_refused_at_start(tmp_path):
    with pytest.raises(ValueError, match="each hosted table has its own PIN"):
        create_app({"SECRET_KEY": "x", "TABLE_PIN": "1234", "HOSTED": True}, instance_path=tmp_path)


def test_the_pin_can_come_from_the_environment_as_digits(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_TABLE_PIN", "0042")

    app = create_app({"SECRET_KEY": "x"}, instance_path=tmp_path)

    assert app.config["TABLE_PIN"] == "0042"
