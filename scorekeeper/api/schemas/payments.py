"""Payments recorded at the table and the ledger across sessions, as the API takes and gives
them. Money is in whole cents; players are named by id (the name is for display)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from ...services.ledger import (
    MAX_NOTE,
    MAX_PAYMENT,
    Balance,
    Debt,
    Ledger,
    RecordedPayment,
    SessionOwing,
)
from ...services.settle import SettleUp
from ..protocol.paging import NextCursor
from .common import Id, PlayerRef, RequestBody, utc
from .sessions import PaymentOut, payment_out

PAYMENT_FIELDS = {
    "amount": "cents",
    "session": "session_id",
    "payer": "payer_id",
    "payee": "payee_id",
}
"""The service's names for a payment's fields, as the request names them."""


class PaymentBody(RequestBody):
    """A payment one player handed another toward the session."""

    payer_id: Id = Field(description="The player id of who paid.")
    payee_id: Id = Field(description="The player id of who was paid (not the payer).")
    cents: int = Field(
        gt=0,
        le=MAX_PAYMENT,
        description="The amount in whole cents (350 is $3.50): a JSON integer, never a string "
        "or a fraction.",
    )
    note: str = Field(
        "",
        max_length=MAX_NOTE,
        description=f"At most {MAX_NOTE} characters, as the payment page takes; runs of "
        "spaces are saved as one.",
    )


class PaymentPath(BaseModel):
    """A payment of a session in the URL."""

    session_id: Id
    payment_id: Id


class RecordedPaymentOut(BaseModel):
    """A payment recorded at the table."""

    id: Id
    payer: PlayerRef
    payee: PlayerRef
    cents: int
    session_id: Id | None = Field(description="The session it was paid toward (None: the ledger).")
    note: str
    text: str = Field(description="The payment in words: 'Ann paid Bob $1.00'.")
    created_at: datetime


class PaymentList(BaseModel):
    """A page of the payments recorded toward a session, newest first."""

    payments: list[RecordedPaymentOut]
    next_cursor: NextCursor


class SavedPaymentOut(BaseModel):
    """A payment recorded, with what is still to pay in the session after it."""

    payment: RecordedPaymentOut
    repeated: bool = Field(description="True when the Idempotency-Key was seen: nothing new.")
    still_to_pay: list[PaymentOut] = Field(
        description="The fewest payments left once every payment recorded is taken off."
    )


class DeletedPaymentOut(BaseModel):
    """A payment deleted, with what is still to pay in the session without it."""

    deleted: RecordedPaymentOut
    still_to_pay: list[PaymentOut]


class DebtOut(BaseModel):
    """One player still owes another."""

    debtor: PlayerRef
    creditor: PlayerRef
    cents: int
    text: str = Field(description="'Ann owes Bob $1.00'.")


class BalanceOut(BaseModel):
    """A player's total across the ledger."""

    player: PlayerRef
    cents: int = Field(description="+ still to collect, - still to pay.")


class LedgerPaymentOut(RecordedPaymentOut):
    """A payment in the ledger, and whether it counts yet."""

    counts: bool = Field(
        description="False for a payment toward a session not ended yet: it counts once that "
        "session ends."
    )


class SessionOwingOut(BaseModel):
    """An ended session with something owed: what it says each pair owes, and what was paid."""

    session_id: Id
    system_label: str
    ended_at: datetime
    owed: list[DebtOut] = Field(description="The session's fewest payments between players.")
    paid: list[RecordedPaymentOut] = Field(description="Payments recorded toward it.")


class LedgerOut(BaseModel):
    """The table's ledger: who still owes whom across its ended sessions, and the first page
    of its sessions and of its payments."""

    debts: list[DebtOut] = Field(
        description="Still owed, after the payments and with debts in a circle cancelled."
    )
    total_cents: int = Field(description="Cents still owed in all.")
    balances: list[BalanceOut] = Field(description="Each player's total, most to collect first.")
    sessions: list[SessionOwingOut] = Field(
        description="The first page of GET /ledger/sessions: ended sessions with something "
        "owed, the last ended first."
    )
    sessions_next: str | None = Field(
        description="The address of the next page of sessions; null when these are all."
    )
    payments: list[LedgerPaymentOut] = Field(
        description="The first page of GET /ledger/payments: every payment, newest first."
    )
    payments_next: str | None = Field(
        description="The address of the next page of payments; null when these are all."
    )
    problems: list[str] = Field(description="Sessions that could not be replayed (left out).")


class LedgerSessionList(BaseModel):
    """A page of the ledger's ended sessions with something owed, the last ended first."""

    sessions: list[SessionOwingOut]
    next_cursor: NextCursor


class LedgerPaymentList(BaseModel):
    """A page of every payment in the ledger, newest first."""

    payments: list[LedgerPaymentOut]
    next_cursor: NextCursor


def recorded_out(payment: RecordedPayment) -> RecordedPaymentOut:
    """The API's view of a recorded payment."""
    return RecordedPaymentOut(
        id=payment.id,
        payer=PlayerRef(id=payment.payer_id, name=payment.payer),
        payee=PlayerRef(id=payment.payee_id, name=payment.payee),
        cents=payment.cents,
        session_id=payment.session_id,
        note=payment.note,
        text=payment.text,
        created_at=utc(payment.created_at),
    )


def still_to_pay(settle: SettleUp) -> list[PaymentOut]:
    """What a session's settle-up leaves to pay after the payments recorded toward it."""
    return [payment_out(line) for line in settle.still_to_pay]


def debt_out(debt: Debt) -> DebtOut:
    """The API's view of a debt."""
    return DebtOut(
        debtor=PlayerRef(id=debt.debtor_id, name=debt.debtor),
        creditor=PlayerRef(id=debt.creditor_id, name=debt.creditor),
        cents=debt.cents,
        text=debt.text,
    )


def balance_out(balance: Balance) -> BalanceOut:
    """The API's view of a player's ledger balance."""
    return BalanceOut(
        player=PlayerRef(id=balance.player_id, name=balance.name), cents=balance.cents
    )


def owing_out(owing: SessionOwing) -> SessionOwingOut:
    """The API's view of what one ended session says is owed."""
    return SessionOwingOut(
        session_id=owing.session_id,
        system_label=owing.system,
        ended_at=utc(owing.ended_at),
        owed=[debt_out(d) for d in owing.owed],
        paid=[recorded_out(p) for p in owing.paid],
    )


def ledger_payments_out(
    ledger: Ledger, payments: Sequence[RecordedPayment]
) -> list[LedgerPaymentOut]:
    """The API's view of payments in the ledger, each saying whether it counts yet."""
    return [
        LedgerPaymentOut(**recorded_out(p).model_dump(), counts=ledger.counts(p)) for p in payments
    ]


def ledger_out(
    ledger: Ledger,
    sessions: Sequence[SessionOwing],
    sessions_next: str | None,
    payments: Sequence[RecordedPayment],
    payments_next: str | None,
) -> LedgerOut:
    """The API's view of the table's ledger, with the first page of its sessions and of its
    payments and the address of the page after each."""
    return LedgerOut(
        debts=[debt_out(d) for d in ledger.debts],
        total_cents=ledger.total,
        balances=[balance_out(b) for b in ledger.player_balances],
        sessions=[owing_out(s) for s in sessions],
        sessions_next=sessions_next,
        payments=ledger_payments_out(ledger, payments),
        payments_next=payments_next,
        problems=list(ledger.problems),
    )
