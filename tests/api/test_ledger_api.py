"""The ledger across sessions through the API: what ended sessions say is owed, less the
payments recorded, with pairs netted; each player's balance by id; ETag/304."""

from __future__ import annotations

from flask.testing import FlaskClient

API = "/api/v1"
PLAYERS = ["Ann", "Bob", "Cal", "Dee"]


def brooklyn(client: FlaskClient, hand: dict) -> tuple[int, dict[str, int]]:
    """A Brooklyn session at 25 cents a unit, Ann dealing first, with one hand; (id, ids)."""
    created = client.post(
        f"{API}/sessions", json={"system": "brooklyn", "players": PLAYERS, "stake_cents": 25}
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    ids = {p["name"]: p["id"] for p in session["players"]}
    body = {
        "declarer_id": ids[hand["declarer"]],
        "bid": hand["bid"],
        "trump": hand["trump"],
        "tricks": hand["tricks"],
        "melds": [{"player_id": ids[hand["declarer"]], "text": hand["meld"]}],
    }
    saved = client.post(f"{API}/sessions/{session['id']}/hands", json=body)
    assert saved.status_code == 201, saved.get_json()
    return session["id"], ids


# Bob bids 350 in spades, melds 200 and takes 180: 380 makes it (RULES 5.3). 350-390 is 2 units
# (5.4), doubled for spades to 4 (5.5), from each opponent, Dee sitting out included (5.2, 5.6):
# Ann, Cal and Dee each owe Bob 4 x 25c = 100c.
BOB_350_SPADES = {"declarer": "Bob", "bid": 350, "trump": "S", "tricks": 180, "meld": "200"}
# Ann bids 300 in hearts, melds a run (150) and takes 160: 310 makes it. 250-340 is 1 unit and
# hearts do not multiply (hearts_triple is off in Brooklyn): Bob, Cal and Dee each owe Ann 25c.
ANN_300_HEARTS = {"declarer": "Ann", "bid": 300, "trump": "H", "tricks": 160, "meld": "150"}


def end(client: FlaskClient, sid: int) -> None:
    response = client.patch(f"{API}/sessions/{sid}", json={"ended": True})
    assert response.status_code == 200, response.get_json()


def debts(ledger: dict) -> dict[tuple[str, str], int]:
    """{(debtor, creditor): cents}."""
    return {(d["debtor"]["name"], d["creditor"]["name"]): d["cents"] for d in ledger["debts"]}


def balances(ledger: dict) -> list[tuple[str, int]]:
    return [(b["player"]["name"], b["cents"]) for b in ledger["balances"]]


def test_an_ended_session_puts_its_debts_and_balances_in_the_ledger(client):
    sid, ids = brooklyn(client, BOB_350_SPADES)
    end(client, sid)

    ledger = client.get(f"{API}/ledger").get_json()

    assert debts(ledger) == {("Ann", "Bob"): 100, ("Cal", "Bob"): 100, ("Dee", "Bob"): 100}
    first = ledger["debts"][0]
    assert first["debtor"] == {"id": ids["Ann"], "name": "Ann"}
    assert first["creditor"] == {"id": ids["Bob"], "name": "Bob"}
    assert first["text"] == "Ann owes Bob $1.00"
    # Bob collects 3 x 100c; the others pay 100c each (ties by name).
    assert balances(ledger) == [("Bob", 300), ("Ann", -100), ("Cal", -100), ("Dee", -100)]
    assert [b["player"]["id"] for b in ledger["balances"]] == [
        ids["Bob"], ids["Ann"], ids["Cal"], ids["Dee"]
    ]  # fmt: skip
    assert ledger["total_cents"] == 300
    assert [s["session_id"] for s in ledger["sessions"]] == [sid]
    assert ledger["sessions"][0]["system_label"] == "Brooklyn (chips)"
    assert len(ledger["sessions"][0]["owed"]) == 3
    assert ledger["payments"] == [] and ledger["problems"] == []


def test_an_open_session_owes_nothing_yet_and_its_payment_counts_once_it_ends(client):
    sid, ids = brooklyn(client, BOB_350_SPADES)
    paid = client.post(
        f"{API}/sessions/{sid}/payments",
        json={"payer_id": ids["Ann"], "payee_id": ids["Bob"], "cents": 40},
    ).get_json()["payment"]

    before = client.get(f"{API}/ledger").get_json()
    end(client, sid)
    after = client.get(f"{API}/ledger").get_json()

    assert before["debts"] == [] and before["sessions"] == []
    assert [(p["id"], p["counts"]) for p in before["payments"]] == [(paid["id"], False)]
    # Ann's 100c less the 40c she paid: 60c; Bob collects 300c - 40c = 260c.
    assert debts(after) == {("Ann", "Bob"): 60, ("Cal", "Bob"): 100, ("Dee", "Bob"): 100}
    assert balances(after) == [("Bob", 260), ("Ann", -60), ("Cal", -100), ("Dee", -100)]
    assert after["total_cents"] == 260
    assert [(p["id"], p["counts"]) for p in after["payments"]] == [(paid["id"], True)]
    assert [p["id"] for p in after["sessions"][0]["paid"]] == [paid["id"]]


def test_debts_between_the_same_pair_across_sessions_are_netted(client):
    first, _ = brooklyn(client, BOB_350_SPADES)
    second, _ = brooklyn(client, ANN_300_HEARTS)
    end(client, first)
    end(client, second)

    ledger = client.get(f"{API}/ledger").get_json()

    # Ann owes Bob 100c (first session) and Bob owes Ann 25c (second): Ann owes Bob 75c.
    # Cal and Dee owe Bob 100c each and Ann 25c each; no other debt runs both ways.
    assert debts(ledger) == {
        ("Ann", "Bob"): 75,
        ("Cal", "Bob"): 100,
        ("Dee", "Bob"): 100,
        ("Cal", "Ann"): 25,
        ("Dee", "Ann"): 25,
    }
    # Bob: +300 - 25 = +275; Ann: -100 + 75 = -25; Cal and Dee: -100 - 25 = -125.
    assert balances(ledger) == [("Bob", 275), ("Ann", -25), ("Cal", -125), ("Dee", -125)]
    assert ledger["total_cents"] == 75 + 100 + 100 + 25 + 25
    assert [s["session_id"] for s in ledger["sessions"]] == [second, first]  # newest first


def test_the_ledger_answers_304_until_a_payment_changes_it(client):
    sid, ids = brooklyn(client, BOB_350_SPADES)
    end(client, sid)
    first = client.get(f"{API}/ledger")
    etag = first.headers["ETag"]

    unchanged = client.get(f"{API}/ledger", headers={"If-None-Match": etag})
    client.post(
        f"{API}/sessions/{sid}/payments",
        json={"payer_id": ids["Cal"], "payee_id": ids["Bob"], "cents": 100},
    )
    changed = client.get(f"{API}/ledger", headers={"If-None-Match": etag})

    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == etag
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert debts(changed.get_json()) == {("Ann", "Bob"): 100, ("Dee", "Bob"): 100}
