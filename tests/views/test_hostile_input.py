"""Hostile input as a phone (or a script) could send it: each refusal is a clear 4xx, or the
form again with the field's message and what was typed, and the database is unchanged."""

from __future__ import annotations

import io
import json

import pytest
from webhelpers import (
    all_errors,
    built_once,
    database_dump,
    errors_at,
    hand_data,
    new_session,
    new_session_response,
    page_text,
    player_ids,
    save_hand,
    shown_value,
)

from scorekeeper.limits import MAX_ID, parse_id
from scorekeeper.views.redirects import is_local_target, local_target
from scorekeeper.views.routing import IdConverter

HUGE = "9" * 400  # past every bound, and past 64 bits
ENORMOUS = "9" * 5000  # past what int() reads (4300 digits)
PAST_64_BITS = str(2**63)
PAST_32_BITS = str(2**31)  # past the id columns of PostgreSQL


@pytest.fixture
def sid(client) -> int:
    """A Brooklyn session with one hand (Ann made 300 in spades) and one payment recorded
    (entered through the pages once per test process, each test on a copy of it)."""
    return built_once(client, "test_hostile_input.sid", _session_with_a_hand_and_a_payment)


def _session_with_a_hand_and_a_payment(client) -> int:
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Ann", bid=300, trump="S", outcome="made")
    ids = player_ids(client)
    paid = client.post(
        f"/s/{sid}/settle/pay", data={"payer": ids["Bob"], "payee": ids["Ann"], "amount": "0.20"}
    )
    assert paid.status_code == 302
    return sid


@pytest.fixture
def unchanged(app, client):
    """Call at the end of a test: fails if any row changed since the test started.

    The home page is opened first: the table's own row is created on the first request.
    """
    client.get("/")
    before = database_dump(app)

    def check() -> None:
        assert database_dump(app) == before

    return check


# -- ids in URLs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad", [PAST_32_BITS, PAST_64_BITS, str(2**64), HUGE, ENORMOUS, "0", "007", "-1"]
)
@pytest.mark.parametrize(
    "path",
    [
        "/s/{id}",
        "/api/v1/sessions/{id}/standings",
        "/api/v1/sessions/{sid}/hands/{id}",
        "/s/{id}/settle",
        "/s/{id}/history",
        "/s/{id}/session.json",
        "/s/{sid}/hands/{id}/edit",
        "/s/{sid}/hands/{id}/delete",
        "/players/{id}",
        "/ledger/payments/{id}/delete",
    ],
)
def test_an_id_that_is_no_row_id_is_a_404(client, sid, path, bad):
    response = client.get(path.format(id=bad, sid=sid))

    assert response.status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/s/{id}/hands",
        "/s/{id}/end",
        "/s/{id}/leave",
        "/s/{id}/settings",
        "/s/{id}/settle/pay",
        "/s/{sid}/hands/{id}/delete",
        "/ledger/payments/{id}/delete",
    ],
)
def test_posting_to_an_id_past_64_bits_is_a_404_and_changes_nothing(client, sid, unchanged, path):
    response = client.post(path.format(id=PAST_64_BITS, sid=sid), data={"player": "1"})

    assert response.status_code == 404
    unchanged()


def test_the_largest_id_a_column_holds_is_looked_up_and_not_found(client, sid):
    assert client.get(f"/s/{MAX_ID}").status_code == 404
    assert client.get(f"/s/{sid}").status_code == 200


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), ("42", 42), (str(MAX_ID), MAX_ID), (PAST_32_BITS, None), (PAST_64_BITS, None),
     ("0", None)],
)  # fmt: skip
def test_the_id_converter_takes_1_to_2_31_minus_1(app, text, value):
    adapter = app.url_map.bind("localhost")
    try:
        endpoint, args = adapter.match(f"/s/{text}")
    except Exception:
        endpoint, args = None, None
    if value is None:
        assert endpoint is None
    else:
        assert (endpoint, args) == ("sessions.show", {"session_id": value})
    assert IdConverter(app.url_map).to_url(7) == "7"


@pytest.mark.parametrize(
    ("text", "value"),
    [("5", 5), (" 12 ", 12), (str(MAX_ID), MAX_ID), (PAST_32_BITS, None), (PAST_64_BITS, None),
     ("0", None),
     ("-3", None), ("1e3", None), ("٣", None), (ENORMOUS, None), ("", None), (None, None)],
)  # fmt: skip
def test_an_id_posted_in_a_form_is_read_only_when_it_can_be_a_row_id(text, value):
    assert parse_id(text) == value


# -- player ids posted in forms --------------------------------------------------------------------


@pytest.mark.parametrize("who", [PAST_64_BITS, str(2**64), HUGE, ENORMOUS, "999999"])
def test_a_payment_naming_no_player_of_the_table_is_refused_at_that_field(
    client, sid, unchanged, who
):
    ids = player_ids(client)

    response = client.post(
        f"/s/{sid}/settle/pay", data={"payer": who, "payee": ids["Ann"], "amount": "1.00"}
    )

    assert response.status_code == 422
    assert "Choose who paid from the table's players." in all_errors(response)
    unchanged()


@pytest.mark.parametrize("who", [PAST_64_BITS, HUGE, ENORMOUS, "999999", "abc"])
def test_a_player_leaving_who_is_not_at_the_table_is_refused(client, sid, unchanged, who):
    response = client.post(f"/s/{sid}/leave", data={"player": who})

    assert response.status_code == 422
    assert all_errors(response), "the refusal says why"
    unchanged()


@pytest.mark.parametrize(
    ("who", "message"),
    [
        (PAST_64_BITS, "Choose the declarer by name."),
        (ENORMOUS, "Choose the declarer by name."),
        ("999999", "That player is not at this table."),
    ],
)
def test_a_declarer_who_is_not_at_the_table_is_refused_at_the_declarer(
    client, sid, unchanged, who, message
):
    data = hand_data(client, sid, declarer="Bob", bid=300, trump="S", outcome="made")
    data["declarer"] = who

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert errors_at(response, "declarer") == [message]
    unchanged()


def test_a_reneger_past_64_bits_is_refused_as_no_choice_shown(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"])
    before = database_dump(client.application)
    data = hand_data(client, sid, declarer="Bob", bid=300, outcome="renege")
    data["reneger"] = PAST_64_BITS

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert errors_at(response, "reneger") == ["Choose one of the who reneged shown."]
    assert database_dump(client.application) == before


# -- numbers thousands of digits long --------------------------------------------------------------


@pytest.mark.parametrize("typed", [HUGE, ENORMOUS, "1000.01"])
def test_a_stake_past_1000_dollars_is_refused_naming_the_bound(client, unchanged, typed):
    response = new_session_response(client, "brooklyn", ["Ann", "Bob", "Cal"], stake=typed)

    assert response.status_code == 422
    assert errors_at(response, "stake") == ["Stake per chip is at most $1,000.00."]
    assert shown_value(response, "stake") == typed
    unchanged()


def test_a_stake_of_1000_dollars_is_allowed(client):
    new_session(client, "brooklyn", ["Ann", "Bob", "Cal"], stake="1000.00")


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("set_factor", "11", "Set factor is at most 10."),
        ("set_factor", HUGE, "Set factor is at most 10."),
        ("set_factor", ENORMOUS, "Set factor is at most 10."),
        ("min_bid", HUGE, "Minimum bid is at most 100,000."),
        ("min_bid", ENORMOUS, "Minimum bid is at most 100,000."),
        ("bid_step", "-" + ENORMOUS, "Bid step must be more than 0."),
        ("forbidden_endings", ENORMOUS, f"Forbidden bid endings: '{'9' * 23}…' is not a bid "
         "ending such as 40 or 90."),
    ],
)  # fmt: skip
def test_a_huge_house_rule_figure_is_refused_next_to_its_field(
    client, unchanged, field, typed, message
):
    response = new_session_response(client, "brooklyn", ["Ann", "Bob", "Cal"], **{field: typed})

    assert response.status_code == 422
    assert errors_at(response, field) == [message]
    unchanged()


def test_a_huge_stake_in_the_settings_of_a_session_is_refused(client, sid, unchanged):
    page = client.get(f"/s/{sid}/settings")
    from webhelpers import find_form, form_values, parse

    data = dict(form_values(find_form(parse(page))))
    data["stake"] = HUGE

    response = client.post(f"/s/{sid}/settings", data=data)

    assert response.status_code == 422
    assert errors_at(response, "stake") == ["Stake per chip is at most $1,000.00."]
    unchanged()


def test_a_bison_target_past_the_bound_names_it_at_the_tables_scale(client, unchanged):
    response = new_session_response(
        client, "bison", ["Ann", "Bob", "Cal"], scale="10", target="10001"
    )

    assert response.status_code == 422
    # 10001 at scale 10 is 100010 points, over 100,000 points: 10,000 as the table writes it
    assert errors_at(response, "target") == ["Game to is at most 10,000."]
    unchanged()


@pytest.mark.parametrize("typed", [HUGE, ENORMOUS])
def test_a_huge_first_dealer_is_refused(client, unchanged, typed):
    response = new_session_response(client, "brooklyn", ["Ann", "Bob", "Cal"], first_dealer=typed)

    assert response.status_code == 422
    assert "First dealer is at most 7." in all_errors(response)
    unchanged()


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("bid_other", HUGE, "Other bid is at most 99999."),
        ("bid_other", ENORMOUS, "Other bid is at most 99999."),
        ("bid", ENORMOUS, "Bid is at most 99999."),
        ("tricks", HUGE, "Declarer's tricks is at most 99999."),
        ("tricks", "-" + ENORMOUS, "Declarer's tricks is at most 99999."),
        ("meld-declarer", "9" * 200, "Meld is at most 99999."),
        ("meld-declarer", "1" * 301, "Meld is at most 300 characters."),
    ],
)
def test_a_huge_figure_in_the_hand_form_is_refused_next_to_its_field(
    client, sid, unchanged, field, typed, message
):
    data = hand_data(client, sid, declarer="Bob", trump="S", outcome="made")
    data.setdefault("bid", "300")
    data[field] = typed
    if field == "bid_other":
        data.pop("bid")
    if field == "meld-declarer":
        data["meld_mode-declarer"] = "number"

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert message in errors_at(response, field)
    unchanged()


def test_a_huge_figure_in_the_edit_form_is_refused_and_the_hand_is_kept(client, sid, unchanged):
    page = client.get(f"/s/{sid}/hands/1/edit")
    from webhelpers import find_form, form_values, parse

    data = dict(form_values(find_form(parse(page), form_id="hand-form")))
    data["tricks"] = ENORMOUS

    response = client.post(f"/s/{sid}/hands/1/edit", data=data)

    assert response.status_code == 422
    assert errors_at(response, "tricks") == ["Declarer's tricks is at most 99999."]
    unchanged()


@pytest.mark.parametrize("typed", [HUGE, ENORMOUS, "$" + HUGE, HUGE + "c", "100000"])
@pytest.mark.parametrize("where", ["/s/{sid}/settle/pay", "/ledger/pay"])
def test_a_huge_payment_is_refused_naming_the_bound(client, sid, unchanged, typed, where):
    ids = player_ids(client)

    response = client.post(
        where.format(sid=sid), data={"payer": ids["Bob"], "payee": ids["Ann"], "amount": typed}
    )

    assert response.status_code == 422
    assert "A payment is at most $99999.99." in all_errors(response)
    unchanged()


@pytest.mark.parametrize(
    ("hidden", "value"),
    [("hand_number", HUGE), ("request_id", "x" * 5000), ("request_id", "a\x00b")],
)
def test_a_hostile_hidden_field_does_not_break_saving_a_hand(client, sid, hidden, value):
    data = hand_data(client, sid, declarer="Bob", bid=300, trump="S", outcome="made")
    data[hidden] = value

    response = client.post(f"/s/{sid}/hands", data=data)

    # hand_number is only a check against another phone: unreadable, it is not checked
    assert response.status_code == 302


def test_a_huge_version_on_the_delete_form_is_refused_as_changed_elsewhere(client, sid):
    response = client.post(f"/s/{sid}/hands/1/delete", data={"version": f"{HUGE}:{HUGE}"})

    assert response.status_code in (302, 409)
    assert client.get(f"/s/{sid}/history").status_code == 200


# -- text fields -----------------------------------------------------------------------------------


def test_a_seat_name_past_40_characters_is_refused_keeping_it(client, unchanged):
    long = "A" * 41
    response = new_session_response(client, "brooklyn", [long, "Bob", "Cal"])

    assert response.status_code == 422
    assert "A name is at most 40 characters." in all_errors(response)
    assert shown_value(response, "seat-0") == long
    unchanged()


@pytest.mark.parametrize("name", ["Ann\x00", "Bob\x07x"])
def test_a_name_with_a_control_character_is_refused(client, unchanged, name):
    response = client.post("/players/", data={"name": name})

    assert response.status_code == 422
    assert errors_at(response, "name") == ["A name cannot contain control characters."]
    unchanged()


def test_a_note_with_a_nul_byte_is_refused_next_to_the_note(client, sid, unchanged):
    ids = player_ids(client)

    response = client.post(
        "/ledger/pay",
        data={"payer": ids["Bob"], "payee": ids["Ann"], "amount": "1.00", "note": "a\x00b"},
    )

    assert response.status_code == 422
    assert "A note cannot contain control characters." in all_errors(response)
    unchanged()


# -- the import ------------------------------------------------------------------------------------


def _export(client, sid) -> dict:
    return json.loads(client.get(f"/s/{sid}/session.json").data)


def _import(client, text: str):
    return client.post("/sessions/import", data={"text": text})


def _import_error(response) -> str:
    errors = all_errors(response)
    assert len(errors) == 1, errors
    return errors[0]


def test_json_nested_100000_deep_is_refused_with_a_message(client, unchanged):
    response = _import(client, "[" * 100_000 + "]" * 100_000)

    assert response.status_code == 422
    assert "more than 32 levels deep" in _import_error(response)
    unchanged()


def test_json_nested_40_deep_inside_a_real_export_is_refused(client, sid, unchanged):
    data = _export(client, sid)
    text = json.dumps(data)
    nested = "[" * 40 + "]" * 40
    text = text[:-1] + f', "extra": {nested}' + "}"

    response = _import(client, text)

    assert response.status_code == 422
    assert "more than 32 levels deep" in _import_error(response)
    unchanged()


def test_a_number_thousands_of_digits_long_in_the_import_is_refused(client, sid, unchanged):
    text = json.dumps(_export(client, sid)).replace('"version": 2', f'"version": {ENORMOUS}')

    response = _import(client, text)

    assert response.status_code == 422
    assert _import_error(response) == (
        "The file has a number 5000 digits long; numbers in a session file have at most 19 digits."
    )
    unchanged()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["events"][0]["entry"].update(bid=10**12),
         "Event 1: bid must be at most 99999, not 1000000000000."),
        (lambda d: d["events"][0]["entry"].update(tricks=-(10**18)),
         "Event 1: tricks must be at least 0, not -1000000000000000000."),
        (lambda d: d["session"]["options"].update(stake=10**15),
         "The options: Stake per chip is at most $1,000.00."),
        (lambda d: d["session"]["options"].update(set_factor=10**18),
         "The options: Set factor is at most 10."),
    ],
)  # fmt: skip
def test_a_huge_number_in_the_import_is_refused_naming_the_field(
    client, sid, unchanged, change, message
):
    data = _export(client, sid)
    change(data)

    response = _import(client, json.dumps(data))

    assert response.status_code == 422
    assert _import_error(response) == message
    unchanged()


def test_a_pasted_file_over_1_mb_reaches_the_imports_own_checks(client, unchanged):
    text = json.dumps({"format": "nope", "padding": "x" * 2_000_000})

    response = client.post(
        "/sessions/import", data={"text": text}, content_type="multipart/form-data"
    )

    assert response.status_code == 422
    assert "not a Scorekeeper session file" in _import_error(response)
    unchanged()


def test_an_uploaded_file_over_5_mb_is_refused_by_the_import(client, unchanged):
    body = b" " * 5_500_000

    response = client.post(
        "/sessions/import",
        data={"file": (io.BytesIO(body), "session.json"), "text": ""},
        content_type="multipart/form-data",
    )

    assert response.status_code == 422
    assert _import_error(response) == "The file is larger than 5 MB."
    unchanged()


def test_an_import_over_its_allowance_is_a_413(client, unchanged):
    body = b" " * 7_000_000

    response = client.post(
        "/sessions/import",
        data={"file": (io.BytesIO(body), "session.json"), "text": ""},
        content_type="multipart/form-data",
    )

    assert response.status_code == 413
    assert "Nothing was saved" in page_text(response)
    unchanged()


def test_a_10_mb_field_is_a_413_not_echoed_back(client, sid, unchanged):
    response = client.post(f"/s/{sid}/hands", data={"meld-declarer": "x" * 10_000_000})

    assert response.status_code == 413
    assert len(response.data) < 10_000
    unchanged()


# -- redirects -------------------------------------------------------------------------------------

HOSTILE_TARGETS = [
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    " /ledger",
    "/ledger\\..\\x",
    "/\tevil.example",
    "/\x00",
    "/ledger\r\nSet-Cookie: x=1",
    "/\x7f",
    "/" + "a" * 3000,
    None,
    ["/ledger"],
]


@pytest.mark.parametrize("target", HOSTILE_TARGETS, ids=repr)
def test_a_hostile_redirect_target_is_not_local(target):
    assert not is_local_target(target)
    assert local_target(target, "/fallback") == "/fallback"


@pytest.mark.parametrize("target", ["/", "/ledger", "/s/3/settle?view=direct#payments"])
def test_a_path_on_this_site_is_a_local_target(target):
    assert is_local_target(target)
    assert local_target(target, "/fallback") == target


@pytest.mark.parametrize("target", ["/\\evil.example", "//evil.example", "https://evil.example"])
def test_the_payment_delete_page_never_sends_a_phone_to_another_site(client, sid, target):
    with client.application.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.models import LedgerPayment

        payment_id = db.session.query(LedgerPayment.id).scalar()

    page = client.get(f"/ledger/payments/{payment_id}/delete", query_string={"next": target})
    assert target not in page.get_data(as_text=True)

    response = client.post(f"/ledger/payments/{payment_id}/delete", data={"next": target})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{sid}/settle"
