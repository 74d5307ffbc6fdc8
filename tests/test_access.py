"""The one gate (scorekeeper/access.py): pages open as at the table; the API open too, or,
with ``API_TOKEN`` set, writable only with ``Authorization: Bearer <token>``."""

from __future__ import annotations

import pytest
from webhelpers import database_dump, dispose, migrated_app, new_session

TOKEN = "s3cret-table-token"
NEW_SESSION = {"system": "brooklyn", "players": ["Ann", "Bob", "Cal"]}


@pytest.fixture
def locked(tmp_path):
    app = migrated_app(tmp_path, API_TOKEN=TOKEN)
    yield app
    dispose(app)


@pytest.fixture
def open_app(tmp_path):
    app = migrated_app(tmp_path)
    yield app
    dispose(app)


def test_an_open_table_takes_api_writes_without_a_token(open_app):
    response = open_app.test_client().post("/api/v1/sessions", json=NEW_SESSION)

    assert response.status_code == 201


def test_with_a_token_set_a_write_without_it_is_refused_and_changes_nothing(locked):
    before = database_dump(locked)

    response = locked.test_client().post("/api/v1/sessions", json=NEW_SESSION)

    assert response.status_code == 401
    assert response.content_type == "application/problem+json"
    assert response.get_json()["code"] == "token-required"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert database_dump(locked) == before


def test_with_a_token_set_the_right_bearer_token_may_write(locked):
    response = locked.test_client().post(
        "/api/v1/sessions", json=NEW_SESSION, headers={"Authorization": f"Bearer {TOKEN}"}
    )

    assert response.status_code == 201


@pytest.mark.parametrize(
    "header",
    ["Bearer wrong-token", f"Basic {TOKEN}", "Bearer", f"Bearer {TOKEN}x"],
    ids=["wrong token", "wrong scheme", "no token", "token with more"],
)
def test_a_wrong_authorization_is_refused_even_for_a_read(locked, header):
    response = locked.test_client().get("/api/v1/sessions", headers={"Authorization": header})

    assert response.status_code == 401
    assert response.get_json()["code"] == "invalid-token"


def test_with_a_token_set_reads_stay_open_like_the_pages(locked):
    client = locked.test_client()
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])  # the pages need no token

    assert client.get(f"/api/v1/sessions/{sid}/standings").status_code == 200
    assert client.get(f"/s/{sid}").status_code == 200


def test_with_a_token_set_the_meld_calculators_stay_open_as_they_save_nothing(locked):
    client = locked.test_client()
    before = database_dump(locked)

    scored = client.post("/api/v1/meld", json={"system": "brooklyn", "cards": "AS KS QS JS TS"})
    checked = client.post("/api/v1/meld/check", json={"system": "brooklyn", "number": 150})

    assert (scored.status_code, checked.status_code) == (200, 200)
    assert database_dump(locked) == before
