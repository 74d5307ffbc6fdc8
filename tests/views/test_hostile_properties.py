"""Random and hostile values posted to every form route of the app (property-based).

Every rule of ``app.url_map`` that takes POST is posted to, its ids filled with real ids of a
populated table (a Brooklyn and a Bison session with hands, payments, saved rules) or with
hostile ones.
The form starts from valid values and hypothesis replaces, drops or repeats fields with huge
numbers, ids past 64 bits, negative numbers, unicode, NUL bytes, long strings. The app must
never answer 5xx, and whenever it refuses (anything but a redirect after a save) the database
must be exactly as before.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from webhelpers import (
    CLUB_NIGHT,
    club_night_paired,
    database_dump,
    find_form,
    form_values,
    hand_data,
    new_session,
    parse,
    player_ids,
    save_hand,
)

from scorekeeper.extensions import db
from scorekeeper.models import LedgerPayment

HOSTILE_IDS = [str(2**63), str(2**64), "9" * 400, "0", "999999", "00001"]

FIELD_NAMES = [
    # hand form
    "declarer", "bid", "bid_other", "trump", "outcome", "takeover", "reneger", "tricks",
    "last_trick", "meld-declarer", "meld_mode-declarer", "request_id", "hand_number", "version",
    "action",
    # sessions and settings
    "system", "first_dealer", "seat-0", "seat-1", "seat-3", "stake", "set_factor", "min_bid",
    "bid_step", "forbidden_endings", "scale", "target", "ante", "game_stake", "set_stake",
    "negative_floor", "fixed_deals", "card_values", "schedule", "sit_out", "all_pass",
    "kitty_threshold", "pot_threshold", "spades_double",
    # players, payments, leaving, import, redirects
    "player", "name", "payer", "payee", "amount", "note", "next", "text",
    # saved rules
    "replace", "rules",
]  # fmt: skip

HOSTILE_TEXT = st.one_of(
    st.just(""),
    st.integers(-(10**6), 10**6).map(str),
    st.integers(2**63 - 3, 2**64 + 3).map(str),
    st.integers(19, 5000).map(lambda n: "9" * n),
    st.integers(19, 5000).map(lambda n: "-" + "9" * n),
    st.text(max_size=40),
    st.text(max_size=10).map(lambda t: t + "\x00" + t),
    st.integers(41, 300_000).map(lambda n: "x" * n),
    st.sampled_from(
        ["S", "H", "made", "set", "renege", "all_pass", "number", "cards", "claims", "on",
         "preview", "save", "AS TS KS QS JS", "run, pinochle", "1.00", "$3.50", "350c", "10",
         "/\\evil.example", "//evil.example", "[" * 5000, '{"format": "scorekeeper-session"}',
         "٣٤", "1e9", "NaN", "0x10"]
    ),
)  # fmt: skip


@pytest.fixture
def table(app, client):
    """A table with a Brooklyn session (2 hands, a payment), a Bison session (1 hand) and a
    club night (round 1 paired).

    Returns the ids to fill paths with and each route's valid form data to start from.
    """
    brooklyn = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    save_hand(client, brooklyn, declarer="Ann", bid=300, trump="S", outcome="made")
    save_hand(client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="set")
    bison = new_session(client, "bison", ["Eve", "Fay", "Gus"])
    save_hand(
        client, bison, declarer="Fay", bid=250, trump="C",
        meld={"Eve": "40", "Fay": "100", "Gus": "60"},
        takes={"Eve": 6, "Fay": 14, "Gus": 4}, last_trick="Fay",
    )  # fmt: skip
    ids = player_ids(client)
    paid = client.post(
        f"/s/{brooklyn}/settle/pay", data={"payer": ids["Bob"], "payee": ids["Ann"], "amount": "1"}
    )
    assert paid.status_code == 302
    with app.app_context():
        payment = db.session.query(LedgerPayment.id).scalar()

    def page_form(path: str) -> dict[str, str]:
        page = client.get(path)
        assert page.status_code == 200
        forms = list(parse(page).iter("form"))
        form = next(f for f in forms if f.get("method", "").lower() == "post")
        return dict(form_values(form))

    saved = client.post(
        f"/s/{brooklyn}/settings/save-as", data={"name": "Friday rules"}
    )  # saved rules, to rename, change and delete
    assert saved.status_code == 302
    hand = hand_data(client, brooklyn, declarer="Cal", bid=300, trump="D", outcome="made")
    hand.pop("request_id", None)  # a fresh hand each time, not a repeat of one saved
    edit_page = parse(client.get(f"/s/{brooklyn}/hands/1/edit"))
    edit = dict(form_values(find_form(edit_page, "hand-form")))
    exported = client.get(f"/s/{bison}/session.json").get_data(as_text=True)
    payment_form = {"payer": str(ids["Cal"]), "payee": str(ids["Ann"]), "amount": "0.50"}
    night = club_night_paired(client)  # Ann & Bob v Cal & Dee, round 1 paired
    forms = {
        "sessions.new_session": page_form("/sessions/new?system=brooklyn")
        | {"seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cal", "first_dealer": "0"},
        "sessions.settings": page_form(f"/s/{brooklyn}/settings"),
        "sessions.end": {},
        "sessions.reopen": {},
        "sessions.leave": {"player": str(ids["Dee"])},
        "hands.create": hand,
        "hands.preview": hand,
        "hands.edit": edit,
        "hands.delete": page_form(f"/s/{brooklyn}/hands/2/delete"),
        "players.index": {"name": "Hal"},
        "players.show": {"short_name": "Bobby"},
        "settle.pay": payment_form,
        "settle.ledger_pay": payment_form,
        "settle.delete_payment": {"next": f"/s/{brooklyn}/settle"},
        "reports.import_session": {"text": exported},
        "sessions.save_rules_as": {"name": "Saturday rules"},
        "saved_rules.new": page_form("/rules/new?system=hoyle") | {"name": "Hoyle nights"},
        "saved_rules.edit": page_form("/rules/1"),
        "saved_rules.delete": {},
        # hosted mode's pages (404 at a table-mode app like this one: tests/test_hosted.py)
        "tables.new": {"name": "Friday"},
        "tables.open_": {},
        "tables.forget_table": {},
        "tables.join": {"pin": "123456"},
        "tables.regenerate": {},
        "tables.pin": {"pin": "1234"},
        "club.new": CLUB_NIGHT,
        "club.settings": page_form(f"{night}/settings"),
        "club.add_player": {"name": "Quin", "team": "3"},
        "club.remove_player": {},
        "club.pair": {},
        "club.call_time": {},
    }
    real = {
        "session_id": [str(brooklyn), str(bison)],
        "number": ["1", "2", "3"],
        "payment_id": [str(payment)],
        "rules_id": ["1"],
        "table_id": ["1"],
        "token": ["x" * 32],
        "night_id": [night.rsplit("/", 1)[1]],
        "player_id": [str(ids["Ann"]), str(ids["Eve"])],
    }
    return {"forms": forms, "real": real}


def post_rules(app) -> list:
    """Every page's URL rule that takes POST (the JSON API is fuzzed from its OpenAPI document,
    in tests/api/test_fuzz.py)."""
    return sorted(
        (
            rule
            for rule in app.url_map.iter_rules()
            if "POST" in (rule.methods or ()) and not rule.rule.startswith("/api/")
        ),
        key=lambda rule: rule.rule,
    )


def test_every_form_route_has_valid_data_to_start_from(app, table):
    assert {rule.endpoint for rule in post_rules(app)} == set(table["forms"])


def _path(rule, values: dict[str, str]) -> str:
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule)


# 200 examples post to each of the 20 routes about ten times a run, and each run draws new
# ones (no example database): 500 made this one test a fifth of the views' time.
@settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_hostile_posts_never_fail_and_a_refusal_changes_nothing(app, client, table, data):
    rule = data.draw(st.sampled_from(post_rules(app)), label="rule")
    values = {}
    for name in rule.arguments:
        real = table["real"][name]
        if name == "payment_id":  # payments come and go as the examples record and delete them
            with app.app_context():
                real = [str(pid) for (pid,) in db.session.query(LedgerPayment.id)] or real
        pick = data.draw(st.integers(0, 4 * len(HOSTILE_IDS) - 1), label=name)
        # one in four is hostile; the draw's shape never depends on the database
        if pick < len(HOSTILE_IDS):
            values[name] = HOSTILE_IDS[pick]
        else:
            values[name] = real[pick % len(real)]
    form: dict[str, object] = dict(table["forms"][rule.endpoint])
    names = sorted(set(form) | set(FIELD_NAMES))
    for name in data.draw(st.lists(st.sampled_from(names), max_size=4, unique=True), label="set"):
        form[name] = data.draw(HOSTILE_TEXT, label=name)
    for name in data.draw(st.lists(st.sampled_from(names), max_size=2, unique=True), label="drop"):
        form.pop(name, None)
    for name in data.draw(st.lists(st.sampled_from(names), max_size=1), label="repeat"):
        form[name] = [data.draw(HOSTILE_TEXT), data.draw(HOSTILE_TEXT)]
    multipart = rule.endpoint == "reports.import_session" and data.draw(st.booleans())
    before = database_dump(app)

    response = client.post(
        _path(rule, values),
        data=form,
        content_type="multipart/form-data" if multipart else None,
    )

    event(f"{rule.endpoint} {response.status_code}")
    assert response.status_code < 500, (rule.rule, response.status_code)
    if response.status_code not in (302, 303):
        assert database_dump(app) == before, (rule.rule, response.status_code)


def test_the_hostile_values_reach_past_the_first_check(app, client, table):
    """A hand posted with the valid start values is saved: the property test starts deep."""
    response = client.post(
        _path(next(r for r in post_rules(app) if r.endpoint == "hands.create"),
              {"session_id": table["real"]["session_id"][0]}),
        data=table["forms"]["hands.create"],
    )  # fmt: skip
    assert response.status_code == 302
    sid = table["real"]["session_id"][0]
    assert json.loads(client.get(f"/api/v1/sessions/{sid}/hands/1").data)["number"] == 1
