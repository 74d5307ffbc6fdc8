"""Payments toward a session (list, record with an Idempotency-Key, delete) and the table's
ledger across its sessions: who still owes whom once payments and circles are taken off."""

from __future__ import annotations

from ..access import current_table
from ..services import ledger as ledger_service
from ..services.ledger import AskedPayment, PaymentErrors
from ..services.settle import settle_session
from .blueprint import api_blueprint
from .conditional import json_response, tagged
from .headers import made_once, tagged_read
from .idempotency import key_reused
from .problems import BUSY, ApiProblem, Problem, field_problems
from .schemas.common import CreateHeaders, ReadHeaders, SessionPath
from .schemas.payments import (
    PAYMENT_FIELDS,
    DeletedPaymentOut,
    LedgerOut,
    PaymentBody,
    PaymentList,
    PaymentPath,
    SavedPaymentOut,
    ledger_out,
    recorded_out,
    still_to_pay,
)
from .sessions import load

bp = api_blueprint(
    "payments",
    "Payments",
    "Payments recorded toward a session, and the ledger of what is still owed across sessions.",
)


@bp.get(
    "/sessions/<id:session_id>/payments",
    summary="List a session's payments",
    responses={**tagged_read(PaymentList), 404: Problem},
)
def list_payments(path: SessionPath, header: ReadHeaders):
    """The payments recorded toward the session, newest first."""
    loaded = load(path.session_id)
    payments = ledger_service.session_payments(current_table(), loaded.row.id)
    return tagged(PaymentList(payments=[recorded_out(p) for p in payments]))


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
            body.payer, body.payee, body.cents, session_id=loaded.row.id, note=body.note
        )
        saved = ledger_service.save_payment(current_table(), asked, header.idempotency_key)
    except PaymentErrors as error:
        by_field = {PAYMENT_FIELDS.get(k, k): v for k, v in error.by_field.items()}
        problems = field_problems(by_field)
        detail = problems[0].message if len(problems) == 1 else "Some inputs are not valid."
        raise ApiProblem(422, "payment-refused", detail, problems) from None
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
            404, "not-found", f"Session {loaded.row.id} has no payment {path.payment_id}."
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
    "round in a circle cancelled; each player's balance; the sessions with something owed; "
    "every payment.",
    responses=tagged_read(LedgerOut),
)
def read_ledger(header: ReadHeaders):
    """The table's ledger: debts still owed, balances, sessions owing and every payment."""
    return tagged(ledger_out(ledger_service.build_ledger(current_table())))
