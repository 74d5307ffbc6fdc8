"""Payments toward a session (list, record with an Idempotency-Key, delete) and the table's
ledger across its sessions: who still owes whom once payments and circles are taken off."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from ..access import current_table
from ..services import ledger as ledger_service
from ..services.keyset import Page, Paged
from ..services.ledger import AskedPayment, Ledger, PaymentErrors
from ..services.settle import settle_session
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import json_response, tagged
from .protocol.headers import made_once, tagged_read
from .protocol.idempotency import key_reused
from .protocol.paging import (
    FIRST_PAGE,
    IN_PAGES,
    PageQuery,
    listed,
    page_asked,
    paged_read,
    rest_of,
)
from .protocol.problems import BUSY, ApiProblem, Problem, field_problems
from .schemas.common import CreateHeaders, ReadHeaders, SessionPath
from .schemas.payments import (
    PAYMENT_FIELDS,
    DeletedPaymentOut,
    LedgerOut,
    LedgerPaymentList,
    LedgerSessionList,
    PaymentBody,
    PaymentList,
    PaymentPath,
    SavedPaymentOut,
    ledger_out,
    ledger_payments_out,
    owing_out,
    recorded_out,
    still_to_pay,
)
from .sessions import load

T = TypeVar("T")

bp = api_blueprint(
    "payments",
    "Payments",
    "Payments recorded toward a session, and the ledger of what is still owed across sessions.",
)


@bp.get(
    "/sessions/<id:session_id>/payments",
    summary="List a session's payments",
    description=f"Newest first, {IN_PAGES}.",
    responses={**paged_read(PaymentList), 404: Problem},
)
def list_payments(path: SessionPath, query: PageQuery, header: ReadHeaders):
    """The payments recorded toward the session, newest first, a page at a time."""
    loaded = load(path.session_id)
    page = page_asked(query, datetime, int)
    found = ledger_service.session_payment_page(current_table(), loaded.row.id, page)
    return listed(PaymentList, found, query, payments=[recorded_out(p) for p in found.items])


@bp.post(
    "/sessions/<id:session_id>/payments",
    summary="Record a payment toward a session",
    description="One player handed another money toward this session, in whole cents. Every "
    "field is checked before anything is recorded, and each wrong one is named (422). The "
    "answer carries what is still to pay once every recorded payment is taken off. With an "
    "Idempotency-Key, sending the same payment again records nothing new (200); another "
    "payment under the same key is refused (422).",
    responses={**made_once(SavedPaymentOut, links="payment"), 404: Problem, 422: Problem, **BUSY},
)
def record_payment(path: SessionPath, body: PaymentBody, header: CreateHeaders):
    """Record a payment toward the session (once per Idempotency-Key)."""
    loaded = load(path.session_id)
    try:
        asked = AskedPayment(
            body.payer_id, body.payee_id, body.cents, session_id=loaded.row.id, note=body.note
        )
        saved = ledger_service.save_payment(current_table(), asked, header.idempotency_key)
    except PaymentErrors as error:
        by_field = {PAYMENT_FIELDS.get(k, k): v for k, v in error.by_field.items()}
        problems = field_problems(by_field)
        detail = problems[0].message if len(problems) == 1 else "Some inputs are not valid."
        raise ApiProblem(422, ProblemCode.PAYMENT_REFUSED, detail, problems) from None
    if saved.repeated and not saved.matches:
        raise key_reused("payment")
    out = SavedPaymentOut(
        payment=recorded_out(saved.payment),
        repeated=saved.repeated,
        still_to_pay=still_to_pay(settle_session(loaded)),
    )
    return json_response(out, 200 if saved.repeated else 201)


@bp.delete(
    "/sessions/<id:session_id>/payments/<id:payment_id>",
    summary="Delete a payment",
    description="A payment recorded by mistake; 404 when it is not a payment of this session.",
    responses={200: DeletedPaymentOut, 404: Problem, **BUSY},
)
def delete_payment(path: PaymentPath):
    """Delete a payment of the session; the answer says what is still to pay without it."""
    loaded = load(path.session_id)
    table = current_table()
    payment = ledger_service.find_payment(table, path.payment_id)
    if payment.session_id != loaded.row.id:
        raise ApiProblem(
            404, ProblemCode.NOT_FOUND, f"Session {loaded.row.id} has no payment {path.payment_id}."
        )
    gone = ledger_service.delete_payment(table, payment.id)
    out = DeletedPaymentOut(
        deleted=recorded_out(gone), still_to_pay=still_to_pay(settle_session(loaded))
    )
    return json_response(out)


@bp.get(
    "/ledger",
    summary="Read the ledger across sessions",
    description="What the table's ended sessions say players owe each other, less the payments "
    "recorded (a payment toward a session still open counts once it ends), with debts that go "
    "round in a circle cancelled; each player's balance; the first page of the sessions with "
    "something owed and of the payments, each with the address of the rest "
    "(GET /ledger/sessions, GET /ledger/payments).",
    responses=tagged_read(LedgerOut),
)
def read_ledger(header: ReadHeaders):
    """The table's ledger: debts still owed, balances, and the first page of the sessions
    owing and of the payments."""
    ledger = ledger_service.build_ledger(current_table())
    sessions = ledger_service.ledger_session_page(ledger, FIRST_PAGE)
    payments = ledger_service.ledger_payment_page(ledger, FIRST_PAGE)
    return tagged(
        ledger_out(
            ledger,
            sessions.items,
            rest_of(sessions, "api_payments.list_ledger_sessions"),
            payments.items,
            rest_of(payments, "api_payments.list_ledger_payments"),
        )
    )


@bp.get(
    "/ledger/sessions",
    summary="List the ledger's sessions",
    description="The table's ended sessions with something owed (what each says each pair "
    f"owes, and the payments toward it), the last ended first, {IN_PAGES}.",
    responses=paged_read(LedgerSessionList),
)
def list_ledger_sessions(query: PageQuery, header: ReadHeaders):
    """The ledger's sessions with something owed, the last ended first, a page at a time."""
    _, found = _ledger_page(query, ledger_service.ledger_session_page)
    return listed(LedgerSessionList, found, query, sessions=[owing_out(s) for s in found.items])


@bp.get(
    "/ledger/payments",
    summary="List the ledger's payments",
    description=f"Every payment, newest first, each saying whether it counts yet, {IN_PAGES}.",
    responses=paged_read(LedgerPaymentList),
)
def list_ledger_payments(query: PageQuery, header: ReadHeaders):
    """Every payment in the ledger, newest first, a page at a time."""
    ledger, found = _ledger_page(query, ledger_service.ledger_payment_page)
    return listed(
        LedgerPaymentList, found, query, payments=ledger_payments_out(ledger, found.items)
    )


def _ledger_page(
    query: PageQuery, part: Callable[[Ledger, Page], Paged[T]]
) -> tuple[Ledger, Paged[T]]:
    """The table's ledger and the page ``query`` asks for of one of its lists (``part``), both
    keyed by a time and an id."""
    ledger = ledger_service.build_ledger(current_table())
    return ledger, part(ledger, page_asked(query, datetime, int))
