"""The table's ledger: what ended sessions say players owe each other, minus what was paid.

Nothing owed is ever stored. Each ended session is replayed and closed by the rules engine;
its fewest payments between players (``close_session(...).payments``) are what it says each
pair owes. Payments recorded at the table (``LedgerPayment`` rows) are taken off, pair by pair;
a payment toward a session that is not ended yet only counts once that session ends, like the
session's own figures. Then debts that go round in a circle (Bob owes Ann, Ann owes Cal, Cal
owes Bob) are cancelled, which changes no player's total: it is what happens when a table paid
the direct payments of a session instead of the fewest ones. That netting is the engine's
(``rules.settlement.still_owed``); this module only reads and writes the rows.

Payments to or from the kitty or the pot (an undivided remainder) are settled on the table's
pile of chips, not between players, so they never enter the ledger.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..limits import has_control_characters, parse_id
from ..models import GameSession, LedgerPayment, Player, Table
from ..rules import holders
from ..rules.errors import Part, RuleError, Where
from ..rules.evening.closing import close_session
from ..rules.evening.settlement import Payment, nets_owed, still_owed
from ..web.money import MoneyError, MoneyTooLarge, format_money, parse_money
from .keyset import Page, Paged, keyset, page_of, page_of_list
from .notfound import NotFound
from .sessions import LoadedSession, load_session

MAX_PAYMENT = 9_999_999
"""The largest payment that can be recorded, in cents ($99,999.99)."""

MAX_NOTE = 200


class LedgerError(RuleError):
    """A payment that cannot be recorded: ``field`` names the part of the payment (payer,
    payee, amount, note, session) and ``rule`` the rule."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(Where(Part.PAYMENT), rule)
        self.field = field


@dataclass(frozen=True)
class RecordedPayment:
    """A payment recorded at the table."""

    id: int
    payer: str
    payee: str
    payer_id: int
    payee_id: int
    cents: int
    session_id: int | None
    note: str
    created_at: datetime

    @property
    def text(self) -> str:
        """``Bob paid Ann $3.50``."""
        return f"{self.payer} paid {self.payee} {format_money(self.cents)}"


@dataclass(frozen=True)
class Debt:
    """One player still owes another."""

    debtor: str
    creditor: str
    debtor_id: int
    creditor_id: int
    cents: int

    @property
    def text(self) -> str:
        """``Bob owes Ann $3.50``."""
        return f"{self.debtor} owes {self.creditor} {format_money(self.cents)}"


@dataclass(frozen=True)
class Balance:
    """A player's total across the ledger: + still to collect, - still to pay."""

    player_id: int
    name: str
    cents: int


@dataclass(frozen=True)
class SessionOwing:
    """What one ended session says, pair by pair, and what was paid toward it."""

    session_id: int
    system: str  # the game system's label
    ended_at: datetime
    owed: tuple[Debt, ...]  # the session's fewest payments between players
    paid: tuple[RecordedPayment, ...]  # payments recorded toward this session


@dataclass(frozen=True)
class Ledger:
    """A table's ledger: who still owes whom, where it comes from, and every payment."""

    debts: tuple[Debt, ...]  # still owed, after payments and cancelling circles
    balances: tuple[tuple[str, int], ...]  # each player's total still to collect (+) or pay (-)
    sessions: tuple[SessionOwing, ...]  # ended sessions with something owed, newest first
    payments: tuple[RecordedPayment, ...]  # every recorded payment, newest first
    problems: tuple[str, ...] = ()  # sessions that could not be replayed (left out)
    waiting: frozenset[int] = frozenset()  # ids of payments toward sessions not ended yet
    player_balances: tuple[Balance, ...] = ()  # ``balances`` with each player's id

    def counts(self, payment: RecordedPayment) -> bool:
        """False for a payment toward a session still open (it counts once that ends)."""
        return payment.id not in self.waiting

    @property
    def total(self) -> int:
        """Cents still owed in all."""
        return sum(debt.cents for debt in self.debts)


# -- reading -------------------------------------------------------------------------------------


def session_owing(loaded: LoadedSession) -> tuple[Debt, ...]:
    """A session's fewest payments between players (kitty and pot remainders left out)."""
    return tuple(
        Debt(p.payer.name, p.payee.name, p.payer.id, p.payee.id, p.amount)
        for p in close_session(loaded.state).payments
        if isinstance(p.payer, holders.Player) and isinstance(p.payee, holders.Player)
    )


def recorded(payment: LedgerPayment) -> RecordedPayment:
    """A payment row as plain data."""
    return RecordedPayment(
        payment.id,
        payment.payer.name,
        payment.payee.name,
        payment.payer_id,
        payment.payee_id,
        payment.amount,
        payment.session_id,
        payment.note or "",
        payment.created_at,
    )


NEWEST_FIRST = (LedgerPayment.created_at, LedgerPayment.id)
"""The order of payments (descending): newest first."""


def _payments(table: Table):
    return (
        select(LedgerPayment)
        .where(LedgerPayment.table_id == table.id)
        .options(selectinload(LedgerPayment.payer), selectinload(LedgerPayment.payee))
    )


def _payment_rows(table: Table, session_id: int | None = None) -> list[LedgerPayment]:
    query = _payments(table)
    if session_id is not None:
        query = query.where(LedgerPayment.session_id == session_id)
    return list(db.session.scalars(keyset(query, NEWEST_FIRST, None, descending=True)))


def session_payments(table: Table, session_id: int) -> tuple[RecordedPayment, ...]:
    """Payments recorded toward one session, newest first."""
    return tuple(recorded(row) for row in _payment_rows(table, session_id))


def session_payment_page(table: Table, session_id: int, page: Page) -> Paged[RecordedPayment]:
    """A page of the payments recorded toward one session, newest first."""
    query = _payments(table).where(LedgerPayment.session_id == session_id)
    return page_of(query, NEWEST_FIRST, page, descending=True).map(recorded)


def find_payment(table: Table, payment_id: int) -> RecordedPayment:
    """One of the table's recorded payments, or ``NotFound``."""
    row = db.session.get(LedgerPayment, payment_id)
    if row is None or row.table_id != table.id:
        raise NotFound(f"No payment {payment_id}.")
    return recorded(row)


def build_ledger(table: Table, exclude_session: int | None = None) -> Ledger:
    """The table's ledger; ``exclude_session`` leaves out one session and its payments."""
    ended = list(
        db.session.scalars(
            select(GameSession)
            .where(GameSession.table_id == table.id, GameSession.ended_at.is_not(None))
            .order_by(GameSession.ended_at.desc(), GameSession.id.desc())
        )
    )
    ended_ids = {row.id for row in ended if row.id != exclude_session}
    payments = [recorded(row) for row in _payment_rows(table)]
    # A payment toward a session counts once that session has ended (and is not left out).
    counted = [p for p in payments if p.session_id is None or p.session_id in ended_ids]
    names: dict[int, str] = {}
    owed_debts: list[Payment[int]] = []
    owing: list[SessionOwing] = []
    problems: list[str] = []
    for row in reversed(ended):  # oldest first
        if row.id not in ended_ids or row.ended_at is None:  # (the query keeps ended ones only)
            continue
        try:
            loaded = load_session(row.id, table)
        except RuleError as error:
            problems.append(f"Session {row.id} could not be replayed ({error.rule}); left out.")
            continue
        owed = session_owing(loaded)
        paid = tuple(p for p in counted if p.session_id == row.id)
        if owed or paid:
            label = loaded.options.system.label
            owing.append(SessionOwing(row.id, label, row.ended_at, owed, paid))
        for debt in owed:
            names[debt.debtor_id], names[debt.creditor_id] = debt.debtor, debt.creditor
            owed_debts.append(Payment(debt.debtor_id, debt.creditor_id, debt.cents))
    for p in counted:
        names[p.payer_id], names[p.payee_id] = p.payer, p.payee
    # Payments in the order they were made (oldest first).
    made = [Payment(p.payer_id, p.payee_id, p.cents) for p in reversed(counted)]
    left = still_owed(owed_debts, made)
    debts = tuple(Debt(names[d.payer], names[d.payee], d.payer, d.payee, d.amount) for d in left)
    totals = [Balance(holder, names[holder], cents) for holder, cents in nets_owed(left).items()]
    by_player = tuple(sorted(totals, key=lambda b: (-b.cents, b.name.lower())))
    balances = tuple((b.name, b.cents) for b in by_player)
    owing.reverse()  # newest first
    waiting = frozenset(p.id for p in payments if p not in counted)
    return Ledger(
        debts, balances, tuple(owing), tuple(payments), tuple(problems), waiting, by_player
    )


def ledger_session_page(ledger: Ledger, page: Page) -> Paged[SessionOwing]:
    """A page of the ledger's sessions with something owed, the last ended first."""
    return page_of_list(ledger.sessions, _ended_key, page, descending=True)


def ledger_payment_page(ledger: Ledger, page: Page) -> Paged[RecordedPayment]:
    """A page of every payment in the ledger, newest first."""
    return page_of_list(ledger.payments, _made_key, page, descending=True)


def _ended_key(owing: SessionOwing) -> tuple[datetime, int]:
    return owing.ended_at, owing.session_id


def _made_key(payment: RecordedPayment) -> tuple[datetime, int]:
    return payment.created_at, payment.id


# -- writing -------------------------------------------------------------------------------------


def parse_amount(text: str | int) -> int:
    """Cents from what was typed (``3.50``, ``$3.50``, ``350c``; a bare ``3`` is dollars) or
    from an ``int``, which is already cents (the API's ``cents``); refused unless a real payment.
    """
    if isinstance(text, str) and not text.strip():
        raise LedgerError("amount", "Enter the amount paid, like 3.50.")
    try:
        cents = parse_money(text)
    except MoneyTooLarge:
        raise LedgerError("amount", f"A payment is at most {format_money(MAX_PAYMENT)}.") from None
    except MoneyError as error:
        raise LedgerError("amount", str(error)) from error
    if cents <= 0:
        raise LedgerError("amount", "A payment must be more than $0.00.")
    if cents > MAX_PAYMENT:
        raise LedgerError("amount", f"A payment is at most {format_money(MAX_PAYMENT)}.")
    return cents


def _table_player(table: Table, player_id: int | str | None, field: str, role: str) -> Player:
    if player_id is None or str(player_id).strip() == "":
        raise LedgerError(field, f"Choose who {role}.")
    pid = parse_id(player_id)  # a number past 64 bits is no player (and not for the database)
    player = None if pid is None else db.session.get(Player, pid)
    if player is None or player.table_id != table.id:
        raise LedgerError(field, f"Choose who {role} from the table's players.")
    return player


@dataclass(frozen=True)
class SavedPayment:
    """A payment recorded, or found recorded already under the same request id."""

    row: LedgerPayment
    repeated: bool  # the request id was seen before: nothing new was recorded
    matches: bool = True  # repeated: this is the payment recorded the first time

    @property
    def payment(self) -> RecordedPayment:
        """The payment as plain data."""
        return recorded(self.row)


def _by_request(table: Table, request_id: str) -> LedgerPayment | None:
    return db.session.scalar(
        select(LedgerPayment).where(
            LedgerPayment.table_id == table.id, LedgerPayment.request_id == request_id
        )
    )


@dataclass(frozen=True)
class AskedPayment:
    """A payment as asked for, not checked yet: ``payer`` handed ``payee`` ``amount`` (text as
    typed, ``3.50``: see ``parse_amount``; or an ``int`` of cents), toward a session or not."""

    payer: int | str | None  # a player's id, as sent
    payee: int | str | None
    amount: str | int
    session_id: int | None = None
    note: str = ""


@dataclass(frozen=True)
class CheckedPayment:
    """A payment with every field checked: the table's players, cents, its session, the note
    tidied."""

    payer: Player
    payee: Player
    cents: int
    session_id: int | None
    note: str

    def recorded_by(self, row: LedgerPayment) -> bool:
        """Whether ``row`` records this very payment."""
        had = (row.payer_id, row.payee_id, row.amount, row.session_id, row.note or "")
        return had == (self.payer.id, self.payee.id, self.cents, self.session_id, self.note)


def check_payment(table: Table, asked: AskedPayment) -> CheckedPayment:
    """The payment asked for, checked field by field; raises ``PaymentErrors`` with every
    problem at once, each naming its field."""
    errors: list[LedgerError] = []
    payer = payee = None
    cents = 0
    try:
        payer = _table_player(table, asked.payer, "payer", "paid")
    except LedgerError as error:
        errors.append(error)
    try:
        payee = _table_player(table, asked.payee, "payee", "was paid")
    except LedgerError as error:
        errors.append(error)
    if payer is not None and payee is not None and payer.id == payee.id:
        errors.append(LedgerError("payee", f"{payer.name} cannot pay themselves."))
    try:
        cents = parse_amount(asked.amount)
    except LedgerError as error:
        errors.append(error)
    note = " ".join((asked.note or "").split())
    if len(note) > MAX_NOTE:
        errors.append(LedgerError("note", f"A note is at most {MAX_NOTE} characters."))
    elif has_control_characters(note):
        errors.append(LedgerError("note", "A note cannot contain control characters."))
    session_id = asked.session_id
    if session_id is not None:
        session = db.session.get(GameSession, session_id)
        if session is None or session.table_id != table.id:
            errors.append(LedgerError("session", "That session is not this table's."))
    if errors:
        raise PaymentErrors(errors)
    assert payer is not None and payee is not None  # no errors: both were found
    return CheckedPayment(payer, payee, cents, session_id, note)


def write_payment(
    table: Table, payment: CheckedPayment, request_id: str | None = None
) -> SavedPayment:
    """Record a checked payment, once per ``request_id``: one recorded under it already is
    returned, ``repeated``, with ``matches`` saying whether it is this payment."""

    def again(existing: LedgerPayment) -> SavedPayment:
        return SavedPayment(existing, repeated=True, matches=payment.recorded_by(existing))

    request_id = (request_id or "").strip()[:64] or None
    if request_id and (existing := _by_request(table, request_id)) is not None:
        return again(existing)
    row = LedgerPayment(
        table_id=table.id,
        payer_id=payment.payer.id,
        payee_id=payment.payee.id,
        amount=payment.cents,
        session_id=payment.session_id,
        note=payment.note,
        request_id=request_id,
    )
    try:
        db.session.add(row)
        db.session.flush()
    except IntegrityError:
        db.session.rollback()  # only this payment was in the transaction
        existing = _by_request(table, request_id) if request_id else None
        if existing is None:
            raise
        return again(existing)
    return SavedPayment(row, repeated=False)


def save_payment(table: Table, asked: AskedPayment, request_id: str | None = None) -> SavedPayment:
    """Record the payment asked for; nothing is written if anything is wrong (``PaymentErrors``
    from ``check_payment``), and a ``request_id`` recorded already records nothing new
    (``write_payment``)."""
    return write_payment(table, check_payment(table, asked), request_id)


class PaymentErrors(LedgerError):
    """Every problem with a payment form at once, each naming its field."""

    def __init__(self, errors: list[LedgerError]) -> None:
        super().__init__(errors[0].field, errors[0].rule)
        self.errors = errors

    @property
    def by_field(self) -> dict[str, list[str]]:
        """Messages keyed by field name."""
        out: dict[str, list[str]] = {}
        for error in self.errors:
            out.setdefault(error.field, []).append(error.rule)
        return out


def delete_payment(table: Table, payment_id: int) -> RecordedPayment:
    """Delete a payment recorded by mistake; returns what it was."""
    row = db.session.get(LedgerPayment, payment_id)
    if row is None or row.table_id != table.id:
        raise NotFound(f"No payment {payment_id}.")
    gone = recorded(row)
    db.session.delete(row)
    db.session.flush()
    return gone


def new_request_id() -> str:
    """A fresh id for a payment button or form, so a double tap records one payment."""
    return uuid.uuid4().hex


__all__ = [
    "MAX_PAYMENT",
    "AskedPayment",
    "Balance",
    "CheckedPayment",
    "Debt",
    "Ledger",
    "LedgerError",
    "PaymentErrors",
    "RecordedPayment",
    "SavedPayment",
    "SessionOwing",
    "build_ledger",
    "check_payment",
    "delete_payment",
    "find_payment",
    "new_request_id",
    "parse_amount",
    "save_payment",
    "session_owing",
    "session_payments",
    "write_payment",
]
