"""One transaction per request: a GET never writes, a save commits once, the replay memory
only remembers what was committed, views call services only, one CSRF mechanism."""

from __future__ import annotations

import ast
from io import BytesIO
from pathlib import Path

import pytest
from naming import ids_by_name
from sqlalchemy import func, select
from webhelpers import (
    all_errors,
    club_night_paired,
    database_dump,
    dispose,
    find_form,
    form_values,
    hand_count,
    hand_data,
    migrated_app,
    new_session,
    page_text,
    parse,
    player_ids,
    save_hand,
    shown_value,
)

from scorekeeper import ROOT
from scorekeeper.errorhandlers import STALE_FORM
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, LedgerPayment, Player, Table
from scorekeeper.rules.evening import session as rules_session
from scorekeeper.services import hands as hand_service
from scorekeeper.services import replays
from scorekeeper.services import sessions as session_service
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import after_commit, unit_of_work

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def _get_rules(app):
    """Every rule a GET reaches, but the static files (served from disk, no database)."""
    return [
        rule
        for rule in app.url_map.iter_rules()
        if "GET" in rule.methods and rule.endpoint != "static"
    ]


def _populated(client) -> dict[str, int]:
    """A session with hands, a player who left, an ended session, a payment and saved rules:
    real ids."""
    sid = new_session(client, "hoyle", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, outcome="forfeit")
    ended = new_session(client, "brooklyn", FOUR)
    save_hand(client, ended, declarer="Bob", bid=350, trump="H", outcome="made")
    page = client.get(f"/s/{ended}")
    token = dict(form_values(find_form(parse(page), action=f"/s/{ended}/end")))
    assert client.post(f"/s/{ended}/end", data=token).status_code == 302
    ids = player_ids(client)
    paid = client.post(
        f"/s/{ended}/settle/pay", data={"payer": ids["Ann"], "payee": ids["Bob"], "amount": "1"}
    )
    assert paid.status_code == 302
    with client.application.app_context():
        payment_id = db.session.scalar(select(func.max(LedgerPayment.id)))
    saved = client.post(f"/s/{sid}/settings/save-as", data={"name": "Friday rules"})
    assert saved.status_code == 302
    (rules,) = client.get("/api/v1/saved-rules").json["saved_rules"]
    return {
        "session_id": sid,
        "number": 1,
        "player_id": ids["Bob"],
        "payment_id": payment_id,
        "rules_id": rules["id"],
        "token": "x" * 32,  # hosted mode's links: 404 here (tests/test_hosted.py walks them)
        "table_id": 1,  # a form's address on the tables page: leads back there (a 404 here)
        "night_id": int(club_night_paired(client).rstrip("/").rsplit("/", 1)[1]),
    }


def test_no_get_page_writes_anything_on_a_database_in_use(app, client):
    real = _populated(client)
    before = database_dump(app)
    statuses = {}

    for rule in _get_rules(app):
        path = rule.build({name: real[name] for name in rule.arguments})[1]
        statuses[rule.endpoint] = client.get(path).status_code
        assert database_dump(app) == before, rule.rule

    # a form's address opened with GET leads back to its page (tests/views/test_form_addresses)
    leads_back = {
        endpoint
        for endpoint in statuses
        if endpoint.endswith("_opened") and not endpoint.startswith("tables.")
    }
    assert {statuses.pop(endpoint) for endpoint in leads_back} == {302}
    hosted_only = {endpoint for endpoint in statuses if endpoint.startswith("tables.")}
    assert {statuses.pop(endpoint) for endpoint in hosted_only} == {404}
    assert set(statuses.values()) == {200}, statuses


def test_the_get_walk_covers_the_api_too(app):
    """The API's reads are walked like the pages: none may change anything either."""
    walked = {rule.endpoint for rule in _get_rules(app)}
    api_reads = {
        "api_sessions.list_sessions",
        "api_sessions.read_session",
        "api_sessions.read_standings",
        "api_hands.list_hands",
        "api_hands.read_hand",
        "api_payments.list_payments",
        "api_payments.read_ledger",
        "api_exports.export_session",
        "api_catalog.list_presets",
        "api_catalog.list_options",
        "api_saved_rules.list_saved_rules",
        "api_saved_rules.read_saved_rules",
        "api_openapi",
    }
    assert api_reads <= walked


def test_no_get_page_writes_anything_on_a_fresh_database(app, client):
    before = database_dump(app)

    for rule in _get_rules(app):
        path = rule.build(dict.fromkeys(rule.arguments, 1))[1]
        response = client.get(path)
        expected = (302, 404) if rule.endpoint.endswith("_opened") else (200, 404)
        assert response.status_code in expected, (rule.rule, response.status_code)
        assert database_dump(app) == before, rule.rule

    assert before["tables"] == []  # not even the table's own row


def test_the_first_save_creates_the_table(app, client):
    assert client.post("/players/", data={"name": "Ann"}).status_code == 302

    with app.app_context():
        assert db.session.scalar(select(func.count(Table.id))) == 1
        assert list(db.session.scalars(select(Player.name))) == ["Ann"]


# -- the unit of work -------------------------------------------------------------------------


def _writes_a_player(status: int):
    def view():
        from scorekeeper.access import current_table

        db.session.add(Player(table=current_table(), name="Written"))
        db.session.flush()
        return "done", status

    return view


@pytest.mark.parametrize(
    ("method", "status", "saved"),
    [("POST", 302, True), ("POST", 200, True), ("POST", 422, False), ("GET", 200, False)],
)
def test_a_request_is_committed_only_when_it_saves_and_succeeds(app, method, status, saved):
    app.add_url_rule("/test-writes", "test_writes", _writes_a_player(status), methods=[method])
    client = app.test_client()

    response = client.open("/test-writes", method=method)

    assert response.status_code == status
    with app.app_context():
        names = list(db.session.scalars(select(Player.name)))
    assert names == (["Written"] if saved else [])


def test_services_write_but_never_commit(app):
    with app.app_context():
        with unit_of_work():
            sid = session_service.create_session(
                default_table(), {"system": "brooklyn"}, FOUR, 0
            ).id
        loaded = session_service.load_session(sid)
        hand_service.save_hand(
            loaded,
            HandEntry(outcome="made", declarer=ids_by_name(loaded)["Bob"], bid=350, trump="H"),
        )
        db.session.rollback()  # what a refused request does

        assert len(session_service.load_session(sid).state.hands) == 0


@pytest.mark.parametrize(
    ("writes", "end", "ran_at_once", "ran_at_the_end"),
    [
        (False, "commit", True, True),  # nothing to wait for: what was read is committed
        (True, "commit", False, True),
        (True, "rollback", False, False),  # never saved: never run
    ],
    ids=["nothing written", "written and committed", "written and rolled back"],
)
def test_work_after_the_commit_waits_for_what_was_written(
    app, writes, end, ran_at_once, ran_at_the_end
):
    ran: list[str] = []
    with app.app_context():
        if writes:
            db.session.add(Player(table=default_table(), name="Written"))
            db.session.flush()

        after_commit(lambda: ran.append("run"))
        at_once = bool(ran)
        getattr(db.session, end)()

        assert (at_once, bool(ran)) == (ran_at_once, ran_at_the_end)
        assert len(ran) <= 1


def recalled(session_id: int, key: tuple, version: int) -> replays.Replayed:
    """What the memory holds for the session at ``version`` or before (never rewritten)."""
    entry = replays.recall(session_id, key, version, 0)
    assert entry is not None
    return entry


def test_a_saved_hand_is_remembered_only_after_the_commit(app):
    with app.app_context():
        with unit_of_work():
            sid = session_service.create_session(
                default_table(), {"system": "brooklyn"}, FOUR, 0
            ).id
        loaded = session_service.load_session(sid)
        entry = HandEntry(outcome="made", declarer=ids_by_name(loaded)["Bob"], bid=350, trump="H")

        hand_service.save_hand(loaded, entry)
        key = session_service.replay_key(loaded.row)
        version = loaded.row.version  # the new version, not committed
        assert recalled(sid, key, version).version == version - 1
        db.session.rollback()
        assert recalled(sid, key, version).version == version - 1  # never remembered

        with unit_of_work():
            saved = hand_service.save_hand(session_service.load_session(sid), entry)
        row = db.session.get(GameSession, saved.row.session_id)
        remembered = recalled(sid, session_service.replay_key(row), row.version)

        # Bob makes 350 in hearts: 2 units from each of Ann, Cal and Dee.
        assert remembered.version == version
        assert dict(remembered.state.balances)[loaded.players[ids_by_name(loaded)["Bob"]]] == 6


def test_saving_a_hand_scores_it_once(client, monkeypatch):
    sid = new_session(client, "brooklyn", FOUR)
    data = hand_data(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    scored = []
    real = rules_session.score_hand

    def counting(*args, **kwargs):
        scored.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(rules_session, "score_hand", counting)

    assert client.post(f"/s/{sid}/hands", data=data).status_code == 302
    assert len(scored) == 1


# -- the layers -------------------------------------------------------------------------------


def test_views_import_no_models_and_run_no_queries():
    for path in sorted((ROOT / "scorekeeper" / "views").glob("*.py")):
        source = path.read_text()
        tree = ast.parse(source)
        imported = {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        } | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert not {m for m in imported if m.endswith("models") or m.startswith("sqlalchemy")}, path
        assert "db.session" not in source, path
        assert "select(" not in source, path
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        assert "db" not in names, Path(path).name


# -- one CSRF mechanism -----------------------------------------------------------------------


@pytest.fixture
def csrf_app(tmp_path):
    app = migrated_app(tmp_path, csrf=True)
    yield app
    dispose(app)


def test_the_live_preview_needs_the_token_and_takes_it_in_a_header(csrf_app):
    client = csrf_app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    data = hand_data(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    token = data.pop("csrf_token")

    refused = client.post(f"/s/{sid}/preview", data=data)
    answered = client.post(f"/s/{sid}/preview", data=data, headers={"X-CSRFToken": token})

    assert refused.status_code == 400
    assert refused.json == {"ok": False, "errors": [{"field": "form", "message": STALE_FORM}]}
    assert answered.status_code == 200
    assert answered.json["text"] == "Bob makes 350: collects 2 chips from each player."


def test_an_expired_payment_form_is_shown_again_as_typed_and_records_nothing(csrf_app):
    client = csrf_app.test_client()
    sid = new_session(client, "brooklyn", FOUR)
    ids = player_ids(client)
    typed = {"payer": str(ids["Cal"]), "payee": str(ids["Ann"]), "amount": "2.50"}

    response = client.post(f"/s/{sid}/settle/pay", data={**typed, "csrf_token": "expired"})

    assert response.status_code == 400
    assert STALE_FORM in all_errors(response)
    assert shown_value(response, "amount") == "2.50"
    with csrf_app.app_context():
        assert db.session.scalar(select(func.count(LedgerPayment.id))) == 0
    again = dict(form_values(find_form(parse(response), action=f"/s/{sid}/settle/pay#record")))
    assert client.post(f"/s/{sid}/settle/pay", data=again).status_code == 302
    with csrf_app.app_context():
        assert db.session.scalar(select(func.count(LedgerPayment.id))) == 1


def test_an_expired_import_with_a_file_asks_for_the_file_again(csrf_app):
    client = csrf_app.test_client()
    client.get("/sessions/import")

    response = client.post(
        "/sessions/import",
        data={"csrf_token": "old", "file": (BytesIO(b"{}"), "evening.json")},
        content_type="multipart/form-data",
    )

    assert response.status_code == 422
    assert f"{STALE_FORM} A file must be chosen again." in all_errors(response)
    with csrf_app.app_context():
        assert db.session.scalar(select(func.count(Table.id))) == 0


def test_a_confirmation_button_with_an_expired_token_gets_the_400_page(csrf_app):
    client = csrf_app.test_client()
    sid = new_session(client, "brooklyn", FOUR)

    response = client.post(f"/s/{sid}/reopen", data={"csrf_token": "forged"})

    assert response.status_code == 400
    assert hand_count(client, sid) == 0


# -- an expired token on the other forms re-shows them as typed ------------------------------


@pytest.fixture
def guarded(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def test_an_expired_new_session_form_is_shown_again_as_typed(app, guarded):
    before = database_dump(app)
    response = guarded.post(
        "/sessions/new?system=hoyle",
        data={"seat-0": "kitty", "seat-1": "Pot", "seat-2": "A & B", "first_dealer": "0"},
    )
    assert response.status_code == 400
    assert "open a long time" in page_text(response)
    assert [shown_value(response, f"seat-{i}") for i in range(3)] == ["kitty", "Pot", "A & B"]
    assert database_dump(app) == before


def test_an_expired_roster_form_keeps_the_name_typed(app, guarded):
    before = database_dump(app)
    response = guarded.post("/players/", data={"name": "Ann & Bob"})
    assert response.status_code == 400
    assert "open a long time" in page_text(response)
    assert shown_value(response, "name") == "Ann & Bob"
    assert database_dump(app) == before


def test_an_expired_house_rules_form_keeps_the_rules_typed(app, client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    app.config["WTF_CSRF_ENABLED"] = True
    before = database_dump(app)
    response = client.post(f"/s/{sid}/settings", data={"min_bid": "350", "stake": "0.25"})
    assert response.status_code == 400
    assert "open a long time" in page_text(response)
    assert (shown_value(response, "min_bid"), shown_value(response, "stake")) == ("350", "0.25")
    assert database_dump(app) == before


def test_an_expired_correction_of_a_hand_deleted_meanwhile_is_the_404_page(app, client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    typed = hand_data(client, sid, declarer="Bob", bid=400, trump="H", outcome="made")
    app.config["WTF_CSRF_ENABLED"] = True
    # the session has one hand: a correction of hand 2 cannot be shown again
    response = client.post(f"/s/{sid}/hands/2/edit", data=typed)
    assert response.status_code == 404
    assert "That page does not exist (or the hand was deleted)." in page_text(response)
