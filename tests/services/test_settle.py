"""Settling up a session and the table's ledger, through the services.

The sessions come from ``settle_fixtures``, each worked out by hand in its comment; the
figures asserted here are those, in cents.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from naming import named
from settle_fixtures import (
    Table,
    bison,
    brooklyn,
    brooklyn_pot,
    hoyle_with_leaver,
    partnership,
)
from sqlalchemy import func, select, update

from scorekeeper.extensions import db
from scorekeeper.models import Hand, LedgerPayment
from scorekeeper.models import Table as TableRow
from scorekeeper.services import replays
from scorekeeper.services.ledger import (
    MAX_PAYMENT,
    AskedPayment,
    LedgerError,
    PaymentErrors,
    build_ledger,
    check_payment,
    delete_payment,
    parse_amount,
    save_payment,
    write_payment,
)
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.settle import DIRECT, FEWEST, settle_session
from scorekeeper.services.tables import default_table


@pytest.fixture
def table(app):
    with app.app_context():
        yield Table(default_table())


def lines(payments):
    return [(str(p.payer), str(p.payee), p.cents) for p in payments]


def money(settle):
    return {row.name: row.cents for row in settle.rows}


def pay(table: Table, payer: str, payee: str, amount: str, session_id=None, request_id=None, **kw):
    ids = {p.name: p.id for p in table.row.players}
    asked = AskedPayment(ids[payer], ids[payee], amount, session_id, **kw)
    return save_payment(table.row, asked, request_id).row


def payment_count() -> int:
    return db.session.scalar(select(func.count(LedgerPayment.id)))


# == each preset ===============================================================================


def test_brooklyn_nets_in_units_and_money_and_the_fewest_payments(table):
    settle = settle_session(table.load(brooklyn(table)))

    assert [(r.name, r.units, r.cents) for r in settle.rows] == [
        ("Ann", 2, 20),
        ("Bob", 8, 80),
        ("Cal", -10, -100),
    ]
    assert settle.stake == 10
    assert settle.fund is None
    assert settle.view == FEWEST
    assert lines(settle.payments) == [("Cal", "Ann", 20), ("Cal", "Bob", 80)]
    assert [p.text for p in settle.payments] == ["Cal pays Ann $0.20", "Cal pays Bob $0.80"]
    assert settle.other_count == 3  # three direct payments


def test_brooklyn_direct_payments_each_loser_pays_each_winner(table):
    settle = settle_session(table.load(brooklyn(table)), direct=True)

    assert settle.view == DIRECT
    assert sorted(lines(settle.payments)) == [
        ("Ann", "Bob", 20),
        ("Cal", "Ann", 40),
        ("Cal", "Bob", 60),
    ]
    assert settle.other_count == 2


def test_brooklyn_pot_is_shared_with_the_remainder_left_in_the_pot(table):
    settle = settle_session(table.load(brooklyn_pot(table)))

    fund = settle.fund
    assert (fund.name, fund.units, fund.cents) == ("Pot", 44, 220)
    assert (fund.share_units, fund.share_cents) == (14, 70)
    assert [(s.name, s.units, s.cents) for s in fund.shares] == [
        ("Ann", 14, 70),
        ("Bob", 14, 70),
        ("Cal", 14, 70),
    ]
    assert (fund.undivided_units, fund.undivided_cents) == (2, 10)
    assert money(settle) == {"Ann": 190, "Bob": -290, "Cal": 90, "Left in the pot": 10}
    assert [r.units for r in settle.rows] == [38, -58, 18, 2]
    assert [p.text for p in settle.payments] == [
        "Bob pays Ann $1.90",
        "Bob pays Cal $0.90",
        "Bob puts $0.10 in the pot",
    ]
    # The pot's remainder is not a player: it cannot be recorded in the ledger.
    assert [p.between_players for p in settle.payments] == [True, True, False]


def test_hoyle_leaver_is_cashed_out_with_their_kitty_share_and_play_went_on(table):
    settle = settle_session(table.load(hoyle_with_leaver(table)))

    cal = next(row for row in settle.rows if row.name == "Cal")
    assert cal.left
    assert (cal.units, cal.cents) == (12, 120)
    assert cal.note == "left after hand 1, cashed out with 2 chips from the kitty"
    assert money(settle) == {"Ann": -240, "Bob": -140, "Cal": 120, "Dee": 260}
    fund = settle.fund
    assert (fund.name, fund.units, fund.share_units, fund.undivided_units) == ("Kitty", 18, 6, 0)
    assert [s.name for s in fund.shares] == ["Ann", "Bob", "Dee"]  # not Cal again
    assert [(s.name, s.units, s.cents) for s in fund.taken_earlier] == [("Cal", 2, 20)]
    assert lines(settle.payments) == [("Ann", "Dee", 240), ("Bob", "Cal", 120), ("Bob", "Dee", 20)]


def test_bison_game_and_set_stakes_as_direct_payments_and_as_a_pot(table):
    settle = settle_session(table.load(bison(table)))

    assert [r.units for r in settle.rows] == [None, None, None]
    assert money(settle) == {"Ann": 700, "Bob": -400, "Cal": -300}
    assert settle.rows[0].note == "won 1 game"
    assert (settle.game_stake, settle.set_stake) == (200, 100)
    (game,) = settle.games
    assert named((game.number, game.winner, game.first_hand, game.last_hand)) == (1, "Ann", 1, 3)
    assert [p.text for p in game.payments] == ["Bob pays Ann $4.00", "Cal pays Ann $3.00"]
    assert [(str(line.player), line.label, line.cents) for line in game.pot] == [
        ("Ann", "ante", 200),
        ("Bob", "ante", 200),
        ("Bob", "1 double set", 200),
        ("Cal", "ante", 200),
        ("Cal", "1 single set", 100),
    ]
    assert game.pot_cents == 900
    assert named(game.takers) == (("Ann", 900),)
    assert lines(settle.payments) == [("Bob", "Ann", 400), ("Cal", "Ann", 300)]
    assert settle.unfinished_game is None


def test_bison_game_still_being_played_carries_no_stakes(table):
    settle = settle_session(table.load(bison(table, finish=False)))

    assert settle.games == ()
    assert settle.unfinished_game == 1
    assert money(settle) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert settle.nothing_to_settle


def test_partnership_game_stake_each_loser_pays_one_winner(table):
    settle = settle_session(table.load(partnership(table)))

    assert money(settle) == {"Ann": 100, "Bob": -100, "Cal": 100, "Dee": -100}
    assert settle.rows[0].note == "team Ann & Cal; won 1 game"
    (game,) = settle.games
    assert named(game.winner) == "Ann & Cal"
    assert [p.text for p in game.payments] == ["Bob pays Ann $1.00", "Dee pays Cal $1.00"]
    assert game.pot_cents == 400
    assert named(game.takers) == (("Ann", 200), ("Cal", 200))
    assert lines(settle.payments) == [("Bob", "Ann", 100), ("Dee", "Cal", 100)]


@pytest.mark.parametrize(
    "build",
    [brooklyn, brooklyn_pot, hoyle_with_leaver, bison, partnership],
    ids=lambda f: f.__name__,
)
@pytest.mark.parametrize("direct", [False, True], ids=["fewest", "direct"])
def test_nets_add_to_zero_and_the_payments_settle_them_exactly(table, build, direct):
    settle = settle_session(table.load(build(table)), direct=direct)
    nets = {row.holder: row.cents for row in settle.rows}
    assert sum(nets.values()) == 0
    for p in settle.payments:
        # Direct payments may pass chips through the kitty or pot even when it ends empty.
        nets[p.payer] = nets.get(p.payer, 0) + p.cents
        nets[p.payee] = nets.get(p.payee, 0) - p.cents
    assert set(nets.values()) == {0}


# == recording payments ========================================================================


def test_payments_recorded_toward_the_session_leave_what_is_still_to_pay(table):
    # Brooklyn: Ann +20, Bob +80, Cal -100. Cal pays Bob 80 and Ann 5: left, Ann +15,
    # Bob 0, Cal -15.
    sid = brooklyn(table)
    pay(table, "Cal", "Bob", "0.80", session_id=sid)
    pay(table, "Cal", "Ann", "0.05", session_id=sid)

    settle = settle_session(table.load(sid))

    assert lines(settle.payments) == [("Cal", "Ann", 20), ("Cal", "Bob", 80)]  # the plan
    assert [p.text for p in settle.recorded] == ["Cal paid Ann $0.05", "Cal paid Bob $0.80"]
    assert [p.text for p in settle.still_to_pay] == ["Cal pays Ann $0.15"]
    assert not settle.all_paid
    # Direct: Ann>Bob 20, Cal>Ann 40, Cal>Bob 60, less Cal>Bob 80 and Cal>Ann 5 leaves
    # Ann>Bob 20, Cal>Ann 35, Bob>Cal 20; the circle Ann>Bob>Cal>Ann of 20 cancels: Cal>Ann 15.
    direct = settle_session(table.load(sid), direct=True)
    assert [p.text for p in direct.still_to_pay] == ["Cal pays Ann $0.15"]

    pay(table, "Cal", "Ann", "0.15", session_id=sid)
    settle = settle_session(table.load(sid))
    assert settle.still_to_pay == ()
    assert settle.all_paid


def test_nothing_recorded_means_the_whole_settlement_is_still_to_pay(table):
    settle = settle_session(table.load(brooklyn(table)), direct=True)
    assert settle.still_to_pay == settle.payments
    assert not settle.all_paid


def test_what_is_still_to_pay_counts_every_payment_when_the_ledger_is_included(table):
    # Earlier (brooklyn, ended): Cal owes Ann 20 and Bob 80; Cal paid Bob 50 -> carried:
    # Cal owes Ann 20, Bob 30.
    table.end(brooklyn(table))
    pay(table, "Cal", "Bob", "0.50")
    # Tonight (Hoyle with Cal leaving): Ann -240, Bob -140, Cal +120, Dee +260. Paid so far,
    # by the session's own plan: Bob paid Cal $1.20, Ann paid Dee $1.00.
    sid = hoyle_with_leaver(table)
    pay(table, "Bob", "Cal", "1.20", session_id=sid)
    pay(table, "Ann", "Dee", "1.00", session_id=sid)

    settle = settle_session(table.load(sid), include_ledger=True)

    # With the carried debts: Ann -220, Bob -110, Cal +70, Dee +260; after the payments:
    # Ann -120, Bob +10, Cal -50, Dee +160. No two or three of these add to 0: 3 payments.
    # Largest debtor to largest creditor: Ann pays Dee 120 (Dee 40 left); Cal pays Dee 40;
    # Cal pays Bob 10.
    assert lines(settle.still_to_pay) == [
        ("Ann", "Dee", 120),
        ("Cal", "Bob", 10),
        ("Cal", "Dee", 40),
    ]


@pytest.mark.parametrize(
    ("typed", "cents"),
    [("3.50", 350), ("$3.50", 350), ("3.5", 350), ("3", 300), ("350c", 350), (" 0.01 ", 1)],
)
def test_amounts_are_read_as_whole_cents(typed, cents):
    assert parse_amount(typed) == cents


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Enter the amount paid, like 3.50."),
        ("abc", "'abc' is not an amount of money: write it like 0.25 or $1.20."),
        ("3.505", "'3.505' is not an amount of money: write it like 0.25 or $1.20."),
        ("0", "A payment must be more than $0.00."),
        ("-2.00", "A payment must be more than $0.00."),
        ("100000.00", "A payment is at most $99999.99."),
    ],
)
def test_bad_amounts_are_refused_by_name(typed, message):
    with pytest.raises(LedgerError) as caught:
        parse_amount(typed)
    assert caught.value.field == "amount"  # the ledger names a payment's own parts
    assert caught.value.rule == message


def test_a_bad_payment_reports_every_field_and_saves_nothing(table):
    brooklyn(table)
    ids = {p.name: p.id for p in table.row.players}
    with pytest.raises(PaymentErrors) as caught:
        save_payment(table.row, AskedPayment(ids["Cal"], ids["Cal"], "lots", note="x" * 201))
    assert caught.value.by_field == {
        "payee": ["Cal cannot pay themselves."],
        "amount": ["'lots' is not an amount of money: write it like 0.25 or $1.20."],
        "note": ["A note is at most 200 characters."],
    }
    with pytest.raises(PaymentErrors) as caught:
        save_payment(table.row, AskedPayment(None, 9999, "1.00"))
    assert caught.value.by_field == {
        "payer": ["Choose who paid."],
        "payee": ["Choose who was paid from the table's players."],
    }
    assert payment_count() == 0


def test_the_same_request_is_recorded_once(table):
    brooklyn(table)
    first = pay(table, "Cal", "Ann", "0.20", request_id="tap-1")
    again = pay(table, "Cal", "Ann", "0.20", request_id="tap-1")
    assert again.id == first.id
    assert payment_count() == 1
    assert MAX_PAYMENT == 9_999_999


def test_a_payment_is_checked_whole_before_it_is_written_once_per_request(table):
    sid = brooklyn(table)
    ids = {p.name: p.id for p in table.row.players}
    asked = AskedPayment(str(ids["Cal"]), ids["Ann"], "$3.50", sid, "  for   hand 2 ")

    checked = check_payment(table.row, asked)

    assert (checked.payer.name, checked.payee.name, checked.cents) == ("Cal", "Ann", 350)
    assert (checked.session_id, checked.note) == (sid, "for hand 2")
    assert payment_count() == 0  # checking writes nothing
    first = write_payment(table.row, checked, "tap-1")
    other = replace(checked, cents=300)
    again = write_payment(table.row, other, "tap-1")
    assert (first.repeated, again.repeated, again.matches) == (False, True, False)
    assert again.row.id == first.row.id
    assert payment_count() == 1


def test_deleting_a_payment_puts_the_debt_back(table):
    sid = brooklyn(table)
    table.end(sid)
    payment = pay(table, "Cal", "Bob", "0.80")
    assert [d.text for d in build_ledger(table.row).debts] == ["Cal owes Ann $0.20"]

    gone = delete_payment(table.row, payment.id)

    assert gone.text == "Cal paid Bob $0.80"
    assert payment_count() == 0
    assert [d.text for d in build_ledger(table.row).debts] == [
        "Cal owes Ann $0.20",
        "Cal owes Bob $0.80",
    ]


# == the ledger ================================================================================


def test_an_open_session_is_not_in_the_ledger_until_it_ends(table):
    sid = brooklyn(table)
    early = pay(table, "Cal", "Bob", "0.80", session_id=sid)  # toward the open session
    waiting = build_ledger(table.row)
    assert waiting.debts == ()
    assert [p.id for p in waiting.payments] == [early.id]
    assert not waiting.counts(waiting.payments[0])

    table.end(sid)

    ledger = build_ledger(table.row)
    assert [d.text for d in ledger.debts] == ["Cal owes Ann $0.20"]
    assert ledger.balances == (("Ann", 20), ("Cal", -20))
    assert ledger.counts(ledger.payments[0])


def test_what_is_owed_carries_over_into_the_next_session(table):
    # Session 1 (brooklyn, ended): Cal owes Ann $0.20 and Bob $0.80. Cal pays Bob $0.50:
    # still owed, Cal to Ann $0.20, Cal to Bob $0.30.
    first = brooklyn(table)
    table.end(first)
    pay(table, "Cal", "Bob", "0.50")
    # Session 2 (brooklyn, Ann deals): Cal makes 400 diamonds: 4 from Ann and Bob.
    # Ann -4 = -$0.40, Bob -4 = -$0.40, Cal +8 = +$0.80.
    second = table.start("brooklyn", "Ann Bob Cal")
    table.hand(second, "made", "Cal", 400, "D")

    alone = settle_session(table.load(second))
    assert lines(alone.payments) == [("Ann", "Cal", 40), ("Bob", "Cal", 40)]
    assert alone.carried == ()

    settle = settle_session(table.load(second), include_ledger=True)

    assert [d.text for d in settle.carried] == ["Cal owes Ann $0.20", "Cal owes Bob $0.30"]
    assert settle.carried_total == 50
    # Together: Ann -40 + 20 = -20, Bob -40 + 30 = -10, Cal 80 - 50 = +30.
    assert [(r.name, r.cents, r.carried, r.total) for r in settle.rows] == [
        ("Ann", -40, 20, -20),
        ("Bob", -40, 30, -10),
        ("Cal", 80, -50, 30),
    ]
    assert lines(settle.payments) == [("Ann", "Cal", 20), ("Bob", "Cal", 10)]

    # Paid and ended: the ledger is clear.
    pay(table, "Ann", "Cal", "0.20", session_id=second)
    pay(table, "Bob", "Cal", "0.10", session_id=second)
    table.end(second)
    assert build_ledger(table.row).debts == ()


def test_someone_owed_from_before_but_not_playing_tonight_is_still_settled(table):
    first = brooklyn(table)
    table.end(first)
    second = table.start("brooklyn", "Ann Bob Dee")
    settle = settle_session(table.load(second), include_ledger=True)

    cal = next(row for row in settle.rows if row.name == "Cal")
    assert (cal.kind, cal.units, cal.cents, cal.carried) == ("carried", None, 0, -100)
    assert cal.note == "not in this session"
    assert lines(settle.payments) == [("Cal", "Ann", 20), ("Cal", "Bob", 80)]


def test_direct_payments_paid_instead_of_the_fewest_leave_nothing_owed(table):
    # Brooklyn's direct payments (Ann pays Bob $0.20, Cal pays Ann $0.40, Cal pays Bob $0.60)
    # settle the same nets as the fewest; paid that way, the ledger is clear.
    sid = brooklyn(table)
    table.end(sid)
    for payer, payee, amount in [("Ann", "Bob", "0.20"), ("Cal", "Ann", "0.40"),
                                 ("Cal", "Bob", "0.60")]:  # fmt: skip
        pay(table, payer, payee, amount, session_id=sid)
    assert build_ledger(table.row).debts == ()


def upstairs() -> Table:
    """Another table in the same database, with players of the same names."""
    row = TableRow(name="Upstairs")
    db.session.add(row)
    db.session.flush()
    return Table(row)


def test_a_payment_toward_another_tables_session_is_refused_at_the_session(table):
    brooklyn(table)
    theirs = upstairs().start("brooklyn", "Ann Bob Cal")
    ids = {p.name: p.id for p in table.row.players}

    for session_id in (theirs, 9999):
        with pytest.raises(PaymentErrors) as caught:
            save_payment(table.row, AskedPayment(ids["Cal"], ids["Ann"], "0.20", session_id))
        assert caught.value.by_field == {"session": ["That session is not this table's."]}
    assert payment_count() == 0


def test_only_a_payment_of_this_table_can_be_deleted(table):
    brooklyn(table)
    other = upstairs()
    other.start("brooklyn", "Ann Bob Cal")
    theirs = pay(other, "Cal", "Ann", "0.20")

    for payment_id in (theirs.id, 9999):
        with pytest.raises(NotFound):
            delete_payment(table.row, payment_id)
    assert payment_count() == 1


def test_a_session_that_no_longer_replays_is_left_out_of_the_ledger_and_named(table):
    sid = brooklyn(table)
    kept = table.start("brooklyn", "Ann Bob Cal")
    table.hand(kept, "made", "Bob", 350, "H")  # Bob collects 2 units, $0.20, from each
    table.end(sid)
    table.end(kept)
    # A hand stored with a bid the session's rules refuse (a database edited by hand):
    # Brooklyn forbids bids ending in 40.
    db.session.execute(update(Hand).where(Hand.session_id == sid, Hand.seq == 1).values(bid=340))
    replays.forget()

    ledger = build_ledger(table.row)

    assert ledger.problems == (
        f"Session {sid} could not be replayed (Hand 1: Bid 340 ends in 40; house rules forbid "
        "bids ending in 40 or 90.); left out.",
    )
    assert [s.session_id for s in ledger.sessions] == [kept]
    assert [d.text for d in ledger.debts] == ["Ann owes Bob $0.20", "Cal owes Bob $0.20"]
