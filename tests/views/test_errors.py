"""Error pages in the app's look, and a failing request that leaves nothing half-saved."""

from __future__ import annotations

from sqlalchemy import func, select
from webhelpers import database_dump, page_text, parse

from scorekeeper import errorhandlers
from scorekeeper.extensions import db
from scorekeeper.limits import MAX_REQUEST_BYTES
from scorekeeper.models import Player


def _uses_base_layout(response) -> bool:
    """The page has the app's bar with the link home, as every page built on base.html."""
    tree = parse(response)
    return any("brand" in (a.get("class") or "") for a in tree.iter("a"))


def _player_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(Player.id)))


def _failing_view():
    """Writes a player, then fails the way a bug would."""
    from scorekeeper.access import current_table

    db.session.add(Player(table=current_table(), name="Half Saved"))
    db.session.flush()
    raise RuntimeError("a bug after the write")


def test_a_failing_request_shows_the_500_page_and_saves_nothing(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: the error page is shown
    app.add_url_rule("/test-fails", "test_fails", _failing_view, methods=["POST"])
    client = app.test_client()
    client.get("/")  # the table exists before the failing write
    before = database_dump(app)

    response = client.post("/test-fails")

    assert response.status_code == 500
    assert _uses_base_layout(response)
    words = page_text(response)
    assert "was NOT saved" in words
    assert "try again" in words
    assert database_dump(app) == before
    assert _player_count(app) == 0


def test_the_500_handler_rolls_back_what_the_request_wrote(app):
    with app.test_request_context("/"):
        from scorekeeper.access import current_table

        table = current_table()
        db.session.add(Player(table=table, name="Half Saved"))
        db.session.flush()

        page, status = errorhandlers.server_error(RuntimeError("boom"))
        db.session.commit()  # anything the handler had left in the session would be saved now

        assert status == 500
        assert "was NOT saved" in page
    assert _player_count(app) == 0


def test_a_missing_page_is_a_404_in_the_apps_look(client):
    response = client.get("/no-such-page")

    assert response.status_code == 404
    assert _uses_base_layout(response)


def test_a_form_address_asked_in_a_way_it_does_not_take_is_a_405_saying_nothing_changed(
    client,
):
    response = client.put("/ledger/pay")  # a GET leads back to the ledger (test_form_addresses)

    assert response.status_code == 405
    assert _uses_base_layout(response)
    assert "Nothing was changed" in page_text(response)
    assert "POST" in response.headers["Allow"]


def test_a_body_over_the_limit_is_a_413_saying_nothing_was_saved(app, client):
    client.get("/")  # the table's row is created on the first request
    before = database_dump(app)

    response = client.post("/players/", data={"name": "x" * (MAX_REQUEST_BYTES + 1)})

    assert response.status_code == 413
    assert _uses_base_layout(response)
    words = page_text(response)
    assert "Nothing was saved" in words
    assert "at most 1 MB" in words
    assert "at most 5 MB" in words
    assert database_dump(app) == before


def test_a_missing_security_token_is_a_400_in_the_apps_look(app):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()

    response = client.post("/s/1/end", data={})  # a confirmation button: nothing to re-show

    assert response.status_code == 400
    assert _uses_base_layout(response)
    assert "Nothing was saved" in page_text(response)
    assert _player_count(app) == 0


def test_the_request_limits_are_set_in_the_app(app):
    assert app.config["MAX_CONTENT_LENGTH"] == 1_000_000
    assert app.config["MAX_FORM_MEMORY_SIZE"] == 1_000_000
