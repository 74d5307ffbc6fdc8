"""Payments toward a session through the API: recording one (once per Idempotency-Key) takes
exactly its cents off what is still to pay; wrong fields are named; deleting puts it back."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from webhelpers import parse

from scorekeeper.services.ledger import MAX_NOTE, MAX_PAYMENT

API = "/api/v1"


def brooklyn_hand(client: FlaskClient) -> tuple[int, dict[str, int]]:
    """A Brooklyn session at 25 cents a unit where Bob makes 350 in spades; (id, player ids).

    Ann deals first; with four players the one on her right (Dee) sits out (RULES 5.2). Bob's
    200 meld and 180 in tricks are 380, at least the 350 bid: made (RULES 5.3). 350-390 is worth
    2 units (RULES 5.4), doubled for spades to 4 (5.5), paid by each opponent, Dee sitting out
    included (5.6): Ann, Cal and Dee each pay Bob 4 units x 25c = 100c, and Bob collects 300c.
    """
    created = client.post(
        f"{API}/sessions",
        json={"system": "brooklyn", "players": ["Ann", "Bob", "Cal", "Dee"], "stake_cents": 25},
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    ids = {p["name"]: p["id"] for p in session["players"]}
    hand = {
        "declarer_id": ids["Bob"],
        "bid": 350,
        "trump": "S",
        "tricks": 180,
        "melds": [{"player_id": ids["Bob"], "text": "200"}],
    }
    saved = client.post(f"{API}/sessions/{session['id']}/hands", json=hand)
    assert saved.status_code == 201, saved.get_json()
    return session["id"], ids


def to_pay(lines: list[dict]) -> dict[tuple[str, str], int]:
    """Payments as {(payer, payee): cents}."""
    return {(line["payer"]["name"], line["payee"]["name"]): line["cents"] for line in lines}


def still_to_pay(client: FlaskClient, sid: int) -> dict[tuple[str, str], int]:
    """What the session read says is still to pay."""
    return to_pay(client.get(f"{API}/sessions/{sid}").get_json()["settlement"]["still_to_pay"])


def pay(client: FlaskClient, sid: int, key: str | None = None, **body):
    """POST a payment toward session ``sid`` (with an Idempotency-Key when ``key`` is given)."""
    headers = {"Idempotency-Key": key} if key else {}
    return client.post(f"{API}/sessions/{sid}/payments", json=body, headers=headers)


def fields(problem: dict) -> list[str]:
    """The fields a problem names."""
    return [error["field"] for error in problem["errors"]]


def test_a_payment_takes_exactly_its_cents_off_what_is_still_to_pay(client):
    sid, ids = brooklyn_hand(client)
    assert still_to_pay(client, sid) == {
        ("Ann", "Bob"): 100,
        ("Cal", "Bob"): 100,
        ("Dee", "Bob"): 100,
    }

    response = pay(client, sid, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=40)

    assert response.status_code == 201
    body = response.get_json()
    payment = body["payment"]
    assert payment["payer"] == {"id": ids["Ann"], "name": "Ann"}
    assert payment["payee"] == {"id": ids["Bob"], "name": "Bob"}
    assert payment["cents"] == 40
    assert payment["session_id"] == sid
    assert payment["text"] == "Ann paid Bob $0.40"
    assert body["repeated"] is False
    # Ann owed 100c; 40c paid leaves 60c. The others still owe their 100c: 300c - 40c = 260c.
    after = {("Ann", "Bob"): 60, ("Cal", "Bob"): 100, ("Dee", "Bob"): 100}
    assert to_pay(body["still_to_pay"]) == after
    assert sum(after.values()) == 300 - 40
    assert still_to_pay(client, sid) == after


def test_cents_are_an_integer_of_cents_never_dollars_text_or_a_fraction(client):
    sid, ids = brooklyn_hand(client)

    response = pay(client, sid, payer_id=ids["Cal"], payee_id=ids["Bob"], cents=3)

    assert response.status_code == 201
    assert response.get_json()["payment"]["text"] == "Cal paid Bob $0.03"  # 3 is 3c, not $3
    assert still_to_pay(client, sid)[("Cal", "Bob")] == 97
    for wrong in ("40", 40.5, "3.50", True, 0, -5, MAX_PAYMENT + 1):
        refused = pay(client, sid, payer_id=ids["Cal"], payee_id=ids["Bob"], cents=wrong)
        assert refused.status_code == 422, wrong
        assert fields(refused.get_json()) == ["cents"], wrong
    largest = pay(client, sid, payer_id=ids["Cal"], payee_id=ids["Bob"], cents=MAX_PAYMENT)
    assert largest.status_code == 201


def test_the_same_idempotency_key_records_the_payment_once(client):
    sid, ids = brooklyn_hand(client)

    first = pay(client, sid, "pay-ann-1", payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100)
    again = pay(client, sid, "pay-ann-1", payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100)

    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json()["repeated"] is True
    assert again.get_json()["payment"]["id"] == first.get_json()["payment"]["id"]
    listed = client.get(f"{API}/sessions/{sid}/payments").get_json()["payments"]
    assert [p["cents"] for p in listed] == [100]
    # Ann's 100c is paid in full, once: Cal and Dee still owe theirs.
    assert to_pay(again.get_json()["still_to_pay"]) == {("Cal", "Bob"): 100, ("Dee", "Bob"): 100}


def test_another_payment_under_a_used_key_is_refused_and_records_nothing(client):
    sid, ids = brooklyn_hand(client)
    pay(client, sid, "key-1", payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100)

    response = pay(client, sid, "key-1", payer_id=ids["Cal"], payee_id=ids["Bob"], cents=100)

    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "idempotency-key-reused"
    assert fields(problem) == ["Idempotency-Key"]
    assert len(client.get(f"{API}/sessions/{sid}/payments").get_json()["payments"]) == 1


def test_a_player_paying_themselves_is_refused_naming_the_payee(client):
    sid, ids = brooklyn_hand(client)

    response = pay(client, sid, payer_id=ids["Ann"], payee_id=ids["Ann"], cents=100)

    assert response.status_code == 422
    problem = response.get_json()
    assert problem["type"] == "/api/v1/problems#payment-refused"
    assert problem["errors"] == [
        {"field": "payee_id", "message": "payee_id: Ann cannot pay themselves."}
    ]
    assert client.get(f"{API}/sessions/{sid}/payments").get_json()["payments"] == []


def test_a_payer_who_is_not_the_tables_player_is_refused_naming_the_payer(client):
    sid, ids = brooklyn_hand(client)

    response = pay(client, sid, payer_id=ids["Dee"] + 100, payee_id=ids["Bob"], cents=100)

    assert response.status_code == 422
    problem = response.get_json()
    assert fields(problem) == ["payer_id"]
    assert problem["detail"] == "payer_id: Choose who paid from the table's players."


def test_every_wrong_field_is_listed_at_once(client):
    sid, _ = brooklyn_hand(client)

    response = pay(client, sid, payer_id=9999, payee_id=9998, cents=100, note="a bell \x07")

    assert response.status_code == 422
    problem = response.get_json()
    assert fields(problem) == ["payer_id", "payee_id", "note"]
    assert problem["errors"][2]["message"] == "note: A note cannot contain control characters."


@pytest.mark.parametrize(
    ("note", "status"),
    [("x" * 200, 201), ("x" * 201, 422), ("a  " * 67, 422)],
    ids=["200-characters", "201-characters", "201-with-runs-of-spaces"],
)
def test_a_note_is_at_most_200_characters_as_sent(client, note, status):
    sid, ids = brooklyn_hand(client)

    response = pay(client, sid, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100, note=note)

    assert response.status_code == status
    if status == 422:
        assert response.get_json()["detail"] == "note: Must have at most 200 characters."


def test_the_document_the_page_and_the_server_take_the_same_note(client):
    sid, _ = brooklyn_hand(client)
    note = client.get(f"{API}/openapi.json").get_json()["components"]["schemas"]["PaymentBody"]
    page = parse(client.get(f"/s/{sid}/settle"))
    field = next(el for el in page.iter("input") if el.get("name") == "note")

    assert MAX_NOTE == 200
    assert note["properties"]["note"]["maxLength"] == 200
    assert note["properties"]["note"]["description"].startswith("At most 200 characters")
    assert field.get("maxlength") == "200"


def test_a_payment_toward_a_missing_session_is_a_404(client):
    _, ids = brooklyn_hand(client)

    response = pay(client, 999, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100)

    assert response.status_code == 404
    assert response.get_json()["code"] == "not-found"


def test_the_list_is_newest_first_and_answers_304_until_a_payment_changes_it(client):
    sid, ids = brooklyn_hand(client)
    pay(client, sid, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=100, note="cash")
    pay(client, sid, payer_id=ids["Cal"], payee_id=ids["Bob"], cents=50)

    listed = client.get(f"{API}/sessions/{sid}/payments")
    etag = listed.headers["ETag"]
    unchanged = client.get(f"{API}/sessions/{sid}/payments", headers={"If-None-Match": etag})
    pay(client, sid, payer_id=ids["Dee"], payee_id=ids["Bob"], cents=100)
    changed = client.get(f"{API}/sessions/{sid}/payments", headers={"If-None-Match": etag})

    assert [(p["payer"]["name"], p["cents"], p["note"]) for p in listed.get_json()["payments"]] == [
        ("Cal", 50, ""),
        ("Ann", 100, "cash"),
    ]
    assert unchanged.status_code == 304
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(changed.get_json()["payments"]) == 3


def test_deleting_a_payment_puts_its_cents_back_on_what_is_still_to_pay(client):
    sid, ids = brooklyn_hand(client)
    recorded = pay(client, sid, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=40).get_json()
    payment_id = recorded["payment"]["id"]

    response = client.delete(f"{API}/sessions/{sid}/payments/{payment_id}")

    assert response.status_code == 200
    body = response.get_json()
    assert body["deleted"]["id"] == payment_id and body["deleted"]["cents"] == 40
    whole = {("Ann", "Bob"): 100, ("Cal", "Bob"): 100, ("Dee", "Bob"): 100}
    assert to_pay(body["still_to_pay"]) == whole
    assert still_to_pay(client, sid) == whole
    assert client.get(f"{API}/sessions/{sid}/payments").get_json()["payments"] == []
    again = client.delete(f"{API}/sessions/{sid}/payments/{payment_id}")
    assert again.status_code == 404


def test_a_payment_of_another_session_is_not_found_under_this_one(client):
    sid, ids = brooklyn_hand(client)
    other, _ = brooklyn_hand(client)
    elsewhere = pay(client, other, payer_id=ids["Ann"], payee_id=ids["Bob"], cents=40).get_json()

    response = client.delete(f"{API}/sessions/{sid}/payments/{elsewhere['payment']['id']}")

    assert response.status_code == 404
    assert response.get_json()["code"] == "not-found"
    assert len(client.get(f"{API}/sessions/{other}/payments").get_json()["payments"]) == 1


# -- a settlement's payments, posted back as they are ------------------------------------------


def test_a_settlements_payments_posted_back_as_they_are_leave_nothing_to_pay(client):
    sid, ids = brooklyn_hand(client)
    fewest = client.get(f"{API}/sessions/{sid}").get_json()["settlement"]["fewest"]
    # Ann, Cal and Dee each owe Bob 4 units at 25c: 100c each, one payment each.
    assert sorted((p["payer_id"], p["payee_id"], p["cents"]) for p in fewest) == sorted(
        (ids[name], ids["Bob"], 100) for name in ("Ann", "Cal", "Dee")
    )

    answers = [
        pay(client, sid, **{k: p[k] for k in ("payer_id", "payee_id", "cents")}) for p in fewest
    ]

    assert [answer.status_code for answer in answers] == [201, 201, 201]
    assert answers[-1].get_json()["still_to_pay"] == []
    assert client.get(f"{API}/sessions/{sid}").get_json()["settlement"]["still_to_pay"] == []


def test_a_payment_into_the_kitty_has_no_payee_id(client):
    players = ["Ann", "Bob", "Cal", "Dan"]
    created = client.post(f"{API}/sessions", json={"system": "hoyle", "players": players})
    sid = created.get_json()["id"]
    ids = {p["name"]: p["id"] for p in created.get_json()["players"]}
    # Ann deals and sits out (Hoyle, RULES 5.2); Bob forfeits the compulsory 300 (RULES 4.5):
    # 3 units into the kitty. Three units among four players are 0 each, 3 left undivided: at
    # the preset's 10 cents a unit Bob pays the kitty 30c, and no player is paid.
    hand = {"declarer_id": ids["Bob"], "bid": 300, "outcome": "forfeit"}
    assert client.post(f"{API}/sessions/{sid}/hands", json=hand).status_code == 201

    fewest = client.get(f"{API}/sessions/{sid}").get_json()["settlement"]["fewest"]

    assert [(p["payer_id"], p["payee_id"], p["cents"]) for p in fewest] == [(ids["Bob"], None, 30)]
    assert (fewest[0]["payee"]["kind"], fewest[0]["payee"]["player_ids"]) == ("kitty", [])
