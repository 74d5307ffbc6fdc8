"""The settle-up page, recording and deleting payments, and the ledger page, as a phone sees them.

Sessions come from ``settle_fixtures`` (each worked out by hand in its comment); the tests
read the rendered pages and post the forms they show.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

import pytest
import tinyhtml5
from settle_fixtures import (
    Table,
    bison,
    brooklyn,
    brooklyn_pot,
    hoyle_with_leaver,
    partnership,
)
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import LedgerPayment, Player
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work


@pytest.fixture
def make(app):
    """Build a session (a ``settle_fixtures`` function) and return its id."""

    def build(fixture, *then):
        with app.app_context(), unit_of_work():
            table = Table(default_table())
            sid = fixture(table)
            for step in then:
                step(table, sid)
            return sid

    return build


def end(table: Table, sid: int) -> None:
    table.end(sid)


def parse(response) -> Element:
    return tinyhtml5.parse(response.get_data(as_text=True), namespace_html_elements=False)


def text(element: Element) -> str:
    """The element's text, each piece apart (as table cells and list items read)."""
    return " ".join(" ".join(element.itertext()).split())


def page_text(response) -> str:
    return text(parse(response).find("body"))


def classes(element: Element) -> set[str]:
    return set((element.get("class") or "").split())


def payment_lines(response) -> list[str]:
    """The suggested payments as shown (the words before any button)."""
    tree = parse(response)
    return [
        text(span)
        for li in tree.iter("li")
        if "payment" in classes(li)
        for span in li.iter("span")
        if "pay-text" in classes(span)
    ]


def mark_paid_form(response, words: str) -> dict[str, str]:
    """The hidden fields of the 'Mark paid' button on the line starting with ``words``."""
    tree = parse(response)
    for li in tree.iter("li"):
        if "payment" in classes(li) and text(li).startswith(words):
            form = li.find(".//form")
            assert form is not None, f"no Mark paid button on {words!r}"
            fields = {i.get("name"): i.get("value") for i in form.iter("input")}
            return {"action": form.get("action"), **fields}
    raise AssertionError(f"no payment line {words!r}")


def errors_next_to(response, name: str) -> list[str]:
    """Error messages inside the box (fieldset or .option) that holds field ``name``."""
    tree = parse(response)
    for box in tree.iter():
        is_box = box.tag == "fieldset" or "option" in classes(box)
        if is_box and any(el.get("name") == name for el in box.iter("input")):
            return [text(p) for p in box.iter("p") if "error" in classes(p)]
    raise AssertionError(f"no field {name!r}")


def link(response, words: str) -> str:
    for a in parse(response).iter("a"):
        if text(a) == words:
            return a.get("href")
    raise AssertionError(f"no link {words!r}")


def ids(app) -> dict[str, int]:
    with app.app_context():
        return {p.name: p.id for p in db.session.scalars(select(Player))}


def payment_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(LedgerPayment.id)))


# == the page for each preset ======================================================================


@pytest.mark.parametrize(
    ("fixture", "shown", "payments"),
    [
        pytest.param(
            brooklyn,
            ["Ann +$0.20 +2 chips", "Bob +$0.80 +8 chips", "Cal −$1.00 −10 chips"],
            ["Cal pays Ann $0.20", "Cal pays Bob $0.80"],
            id="brooklyn",
        ),
        pytest.param(
            brooklyn_pot,
            [
                # the pot's 44 units give each of the 3 players 14 (2 stay undivided):
                # Ann's chips +24 + 14 = +38, Bob's −72 + 14 = −58
                "Ann +$1.90 Chips +24 · With pot share +38",
                "Bob −$2.90 Chips −72 · With pot share −58",
                "Pot 44 chips ($2.20) at the end, shared equally by the 3 players at the table.",
                "Ann 14 · $0.70",
                "2 chips ($0.10) don't split 3 ways: they stay in the pot for next time.",
            ],
            ["Bob pays Ann $1.90", "Bob pays Cal $0.90", "Bob puts $0.10 in the pot"],
            id="brooklyn-pot",
        ),
        pytest.param(
            hoyle_with_leaver,
            [
                # Cal took his share when he left, so his chips already hold it
                "Cal left after hand 1, cashed out with 2 chips from the kitty +$1.20 "
                "Chips +12 · With kitty share +12",
                "Kitty 18 chips ($1.80) at the end, shared equally by the 3 players",
                "Dee 6 · $0.60",
                "Cal: 2 chips ($0.20), taken when leaving after hand 1.",
            ],
            ["Ann pays Dee $2.40", "Bob pays Cal $1.20", "Bob pays Dee $0.20"],
            id="hoyle",
        ),
        pytest.param(
            bison,
            [
                "Ann won 1 game +$7.00",
                "Game stake $2.00; set stake $1.00, two for a double set.",
                "Game 1: Ann wins",
                "Direct Bob pays Ann $4.00 Cal pays Ann $3.00",
                "Bob 1 double set $2.00 Cal ante $2.00 Cal 1 single set $1.00 Pot $9.00",
                "Ann takes $9.00.",
            ],
            ["Bob pays Ann $4.00", "Cal pays Ann $3.00"],
            id="bison",
        ),
        pytest.param(
            partnership,
            [
                "Ann team Ann & Cal; won 1 game +$1.00",
                "Game 1: Ann & Cal win",
                "Pot $4.00 Ann takes $2.00; Cal takes $2.00.",
            ],
            ["Bob pays Ann $1.00", "Dee pays Cal $1.00"],
            id="partnership",
        ),
    ],
)
def test_settle_up_shows_nets_money_and_the_fewest_payments(client, make, fixture, shown, payments):
    sid = make(fixture)

    response = client.get(f"/s/{sid}/settle")

    assert response.status_code == 200
    words = page_text(response)
    for phrase in shown:
        assert phrase in words
    assert payment_lines(response) == payments


def test_direct_payments_are_a_plain_link_away(client, make):
    sid = make(brooklyn)
    page = client.get(f"/s/{sid}/settle")
    href = link(page, "Direct payments")
    assert "view=direct" in href

    direct = client.get(href)

    # Brooklyn direct: Ann pays Bob $0.20, Cal pays Ann $0.40, Cal pays Bob $0.60.
    assert payment_lines(direct) == [
        "Ann pays Bob $0.20",
        "Cal pays Ann $0.40",
        "Cal pays Bob $0.60",
    ]
    assert "view=direct" not in link(direct, "Fewest payments")


def hint(response) -> str:
    """The line under the choice of payments saying what the other choice takes."""
    return next(text(p) for p in parse(response).iter("p") if "hint" in classes(p))


def test_the_payments_say_how_many_pair_by_pair_takes_and_what_it_lists(client, make):
    sid = make(brooklyn)
    # Brooklyn nets: Ann +$0.20, Bob +$0.80, Cal -$1.00. Fewest: Cal pays each winner, 2
    # payments. Pair by pair: 3, Ann (a winner) paying Bob what she lost to him: one loser and
    # two winners, yet 3 payments, not 1 x 2.
    assert hint(client.get(f"/s/{sid}/settle")) == (
        "As few payments as settle everyone. Pair by pair instead, each pair squaring up what "
        "passed between them hand by hand, takes 3 payments."
    )
    assert hint(client.get(f"/s/{sid}/settle?view=direct")) == (
        "Pair by pair: each pair squares up what passed between them hand by hand, so a player "
        "may pay one and collect from another (2 payments with the fewest instead)."
    )


def test_with_nothing_owed_either_way_no_count_of_payments_is_given(client, make):
    # Bison with its first game still being played: no stakes yet, so no payment either way
    sid = make(lambda table: bison(table, finish=False))
    for view in ("", "?view=direct"):
        page = client.get(f"/s/{sid}/settle{view}")
        assert "Nobody owes anybody anything." in page_text(page)
        assert not [p for p in parse(page).iter("p") if "hint" in classes(p)]


def test_a_session_still_open_says_its_figures_can_change(client, make):
    sid = make(brooklyn)
    assert "This session is still open" in page_text(client.get(f"/s/{sid}/settle"))
    sid2 = make(brooklyn, end)
    assert "This session is still open" not in page_text(client.get(f"/s/{sid2}/settle"))


def test_an_unknown_session_is_not_found(client):
    assert client.get("/s/999/settle").status_code == 404


# == recording a payment =======================================================================


def test_mark_paid_records_the_suggested_payment_in_one_tap(client, make, app):
    sid = make(brooklyn)
    page = client.get(f"/s/{sid}/settle")
    form = mark_paid_form(page, "Cal pays Bob $0.80")
    assert form["amount"] == "0.80"

    response = client.post(form.pop("action"), data=form)

    assert response.status_code == 302
    after = client.get(response.headers["Location"])
    assert "Recorded: Cal paid Bob $0.80." in page_text(after)
    assert payment_lines(after) == ["Cal pays Ann $0.20"]  # what is still to pay
    assert "The whole settlement (2 payments) Cal pays Ann $0.20 Cal pays Bob $0.80" in (
        page_text(after)
    )
    assert "Recorded as paid Cal paid Bob $0.80" in page_text(after)
    # A second tap of the same button (same request id) records nothing more.
    client.post(f"/s/{sid}/settle/pay", data=form)
    assert payment_count(app) == 1

    last = mark_paid_form(after, "Cal pays Ann $0.20")
    client.post(last.pop("action"), data=last)
    done = client.get(f"/s/{sid}/settle")
    assert payment_lines(done) == []
    assert "✓ All paid up." in page_text(done)


def test_a_payment_typed_in_the_form_is_recorded(client, make, app):
    sid = make(brooklyn)
    who = ids(app)
    response = client.post(
        f"/s/{sid}/settle/pay",
        data={"payer": who["Cal"], "payee": who["Ann"], "amount": "$0.15", "note": "cash"},
    )
    assert response.status_code == 302
    page = client.get(f"/s/{sid}/settle")
    assert "Cal paid Ann $0.15 · cash" in page_text(page)
    # 20 owed, 15 paid: 5 is still to pay, and its button pays the rest.
    assert payment_lines(page) == ["Cal pays Ann $0.05", "Cal pays Bob $0.80"]
    assert mark_paid_form(page, "Cal pays Ann")["amount"] == "0.05"


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("abc", "'abc' is not an amount of money: write it like 0.25 or $1.20."),
        ("", "Enter the amount paid, like 3.50."),
        ("0", "A payment must be more than $0.00."),
        ("-1", "A payment must be more than $0.00."),
        ("1.234", "'1.234' is not an amount of money: write it like 0.25 or $1.20."),
        ("100000", "A payment is at most $99999.99."),
    ],
)
def test_a_bad_amount_is_refused_next_to_the_field_and_nothing_is_saved(
    client, make, app, amount, message
):
    sid = make(brooklyn)
    who = ids(app)

    response = client.post(
        f"/s/{sid}/settle/pay", data={"payer": who["Cal"], "payee": who["Ann"], "amount": amount}
    )

    assert response.status_code == 422
    assert errors_next_to(response, "amount") == [message]
    tree = parse(response)
    field = next(el for el in tree.iter("input") if el.get("name") == "amount" and el.get("id"))
    assert field.get("value") == amount  # what was typed is kept
    checked = [el.get("value") for el in tree.iter("input") if el.get("checked") is not None]
    assert checked == [str(who["Cal"]), str(who["Ann"])]
    assert tree.find(".//details[@id='record']").get("open") is not None
    assert payment_count(app) == 0


def test_paying_oneself_or_nobody_is_refused_next_to_the_player_choice(client, make, app):
    sid = make(brooklyn)
    who = ids(app)
    same = client.post(
        f"/s/{sid}/settle/pay", data={"payer": who["Cal"], "payee": who["Cal"], "amount": "1"}
    )
    assert same.status_code == 422
    assert errors_next_to(same, "payee") == ["Cal cannot pay themselves."]

    nobody = client.post(f"/s/{sid}/settle/pay", data={"amount": "1"})
    assert errors_next_to(nobody, "payer") == ["Choose who paid."]
    assert errors_next_to(nobody, "payee") == ["Choose who was paid."]
    assert payment_count(app) == 0


def test_deleting_a_payment_asks_first_then_deletes_it(client, make, app):
    sid = make(brooklyn)
    page = client.get(f"/s/{sid}/settle")
    form = mark_paid_form(page, "Cal pays Ann")
    client.post(form.pop("action"), data=form)
    page = client.get(f"/s/{sid}/settle")
    delete_href = link(page, "Delete")

    confirm = client.get(delete_href)

    assert confirm.status_code == 200
    assert "Delete this payment? Cal paid Ann $0.20" in page_text(confirm)
    assert payment_count(app) == 1  # asking deletes nothing
    response = client.post(delete_href, data={"next": f"/s/{sid}/settle"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{sid}/settle"
    assert payment_count(app) == 0
    assert "Deleted: Cal paid Ann $0.20." in page_text(client.get(f"/s/{sid}/settle"))


def test_delete_never_sends_you_to_another_site(client, make, app):
    sid = make(brooklyn)
    who = ids(app)
    client.post(
        f"/s/{sid}/settle/pay", data={"payer": who["Cal"], "payee": who["Ann"], "amount": "0.20"}
    )
    with app.app_context():
        pid = db.session.scalar(select(LedgerPayment.id))
    response = client.post(f"/ledger/payments/{pid}/delete", data={"next": "//evil.example/steal"})
    assert response.headers["Location"] == f"/s/{sid}/settle"


def test_deleting_an_unknown_payment_is_not_found(client):
    assert client.get("/ledger/payments/42/delete").status_code == 404
    assert client.post("/ledger/payments/42/delete").status_code == 404


# == the ledger ====================================================================================


def test_the_ledger_carries_what_is_owed_into_the_next_session(client, make, app):
    # Session 1 (brooklyn) ends: Cal owes Ann $0.20, Bob $0.80.
    first = make(brooklyn, end)
    who = ids(app)
    ledger = client.get("/ledger")
    assert payment_lines(ledger) == ["Cal owes Ann $0.20", "Cal owes Bob $0.80"]
    # Cal hands Bob $0.50, recorded on the ledger page.
    response = client.post(
        "/ledger/pay", data={"payer": who["Cal"], "payee": who["Bob"], "amount": "0.50"}
    )
    assert response.status_code == 302
    ledger = client.get("/ledger")
    assert payment_lines(ledger) == ["Cal owes Ann $0.20", "Cal owes Bob $0.30"]
    assert "Cal to pay −$0.50" in page_text(ledger)

    # Session 2 (brooklyn): Cal makes 400 diamonds, 4 units from Ann and Bob: Ann -$0.40,
    # Bob -$0.40, Cal +$0.80.
    def cal_makes_400(table, sid):
        table.hand(sid, "made", "Cal", 400, "D")

    second = make(lambda t: t.start("brooklyn", "Ann Bob Cal"), cal_makes_400)
    page = client.get(f"/s/{second}/settle")
    assert payment_lines(page) == ["Ann pays Cal $0.40", "Bob pays Cal $0.40"]

    with_ledger = client.get(link(page, "Include what is still owed from earlier sessions"))

    # Together: Ann -40 + 20 = -20, Bob -40 + 30 = -10, Cal +80 - 50 = +30.
    assert payment_lines(with_ledger) == ["Ann pays Cal $0.20", "Bob pays Cal $0.10"]
    words = page_text(with_ledger)
    assert "Cal owes Ann $0.20" in words and "Cal owes Bob $0.30" in words
    assert "Ann −$0.40 −4 chips +$0.20 from earlier · −$0.20 in all" in words
    assert first != second


def test_mark_paid_on_the_ledger_page_clears_the_debt(client, make):
    make(brooklyn, end)
    ledger = client.get("/ledger")
    form = mark_paid_form(ledger, "Cal owes Ann $0.20")

    client.post(form.pop("action"), data=form)

    assert payment_lines(client.get("/ledger")) == ["Cal owes Bob $0.80"]


def test_a_bad_amount_on_the_ledger_page_is_refused_next_to_the_field(client, make, app):
    make(brooklyn, end)
    who = ids(app)
    response = client.post(
        "/ledger/pay", data={"payer": who["Cal"], "payee": who["Ann"], "amount": "two"}
    )
    assert response.status_code == 422
    assert errors_next_to(response, "amount") == [
        "'two' is not an amount of money: write it like 0.25 or $1.20."
    ]
    assert payment_count(app) == 0


def test_an_empty_ledger_says_nobody_owes_anything(client):
    assert "Nobody owes anybody anything." in page_text(client.get("/ledger"))


# == links =========================================================================================


def test_the_session_page_and_its_end_lead_to_settle_up(client, make):
    sid = make(brooklyn)
    page = client.get(f"/s/{sid}")
    assert link(page, "Settle up") == f"/s/{sid}/settle"

    client.post(f"/s/{sid}/end")
    ended = parse(client.get(f"/s/{sid}"))
    panel = next(s for s in ended.iter("section") if "ended" in classes(s))
    assert [a.get("href") for a in panel.iter("a")] == [f"/s/{sid}/settle"]


def test_the_game_over_banner_links_to_settle_up(client, make):
    sid = make(bison)
    tree = parse(client.get(f"/s/{sid}"))
    banner = next(s for s in tree.iter("section") if "banner" in classes(s))
    assert f"/s/{sid}/settle" in [a.get("href") for a in banner.iter("a")]


def test_the_home_page_links_to_the_ledger(client):
    assert link(client.get("/"), "Ledger") == "/ledger"


def test_settle_up_money_is_never_shown_with_a_float(client, make):
    sid = make(brooklyn_pot)
    words = page_text(client.get(f"/s/{sid}/settle?view=direct&ledger=1"))
    assert not re.search(r"\$\d+\.\d{3}", words)
