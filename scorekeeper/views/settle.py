"""Settling up: a session's nets and payments, recording payments, and the table's ledger.

Thin views: read the request, call one service, redirect (PRG). Every figure comes from
``services.settle`` and ``services.ledger``; a bad payment is shown next to its field with
what was typed kept.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField

from ..access import current_table, writes_only
from ..services import ledger as ledger_service
from ..services import saved_rules as rules_service
from ..services.ledger import AskedPayment, PaymentErrors
from ..services.notfound import NotFound
from ..services.settle import settle_session
from ..services.tables import roster
from ..web.money import format_cents_plain, format_money
from .loading import load_or_404
from .redirects import local_target
from .routing import form_post
from .stale import reshown_when_stale

bp = Blueprint("settle", __name__)


class PaymentForm(FlaskForm):
    """A payment as typed: who paid, who was paid, how much. Shape only; the ledger checks."""

    payer = StringField("Who paid")
    payee = StringField("Who was paid")
    amount = StringField("Amount")
    note = StringField("Note")
    request_id = HiddenField()


class DeleteForm(FlaskForm):
    """The confirmation button of a delete (needs only the CSRF token)."""

    next = HiddenField()


def _settle_args() -> dict[str, Any]:
    """The page's view and ledger choice, to keep across a redirect."""
    # Any, as url_for's **values are: mypy checks a dict[str, str] against its _external too.
    args: dict[str, Any] = {}
    if request.values.get("view") == "direct":
        args["view"] = "direct"
    if request.values.get("ledger") == "1":
        args["ledger"] = "1"
    return args


def _render_settle(loaded, form: PaymentForm | None = None, errors=None, status: int = 200):
    args = _settle_args()
    settle = settle_session(loaded, include_ledger="ledger" in args, direct="view" in args)
    if form is None:
        form = PaymentForm(formdata=None)
        form.request_id.data = ledger_service.new_request_id()
    players = [(row.player_id, row.name) for row in settle.rows if row.player_id is not None]
    here = {"session_id": loaded.row.id}
    ledger_arg: dict[str, Any] = {"ledger": "1"} if "ledger" in args else {}
    view_arg: dict[str, Any] = {"view": "direct"} if "view" in args else {}
    links = {
        "fewest": url_for("settle.show", **here, **ledger_arg) + "#payments",
        "direct": url_for("settle.show", **here, view="direct", **ledger_arg) + "#payments",
        "ledger_on": url_for("settle.show", **here, ledger="1", **view_arg) + "#payments",
        "ledger_off": url_for("settle.show", **here, **view_arg) + "#payments",
        "pay": url_for("settle.pay", **here, **args),
        "here": url_for("settle.show", **here, **args),
    }
    return render_template(
        "settle/show.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        named_rules=rules_service.session_rules(loaded),
        settle=settle,
        form=form,
        errors=errors or {},
        players=players,
        links=links,
        new_request_id=ledger_service.new_request_id,
        plain=format_cents_plain,
    ), status


@bp.get("/s/<id:session_id>/settle")
def show(session_id: int):
    """Who pays whom at the end of a session; fewest payments, or direct with ?view=direct."""
    return _render_settle(load_or_404(session_id))


def _reshow_pay(message: str, session_id: int):
    """The settle-up page with the payment as typed, after an expired token (nothing saved)."""
    return _render_settle(load_or_404(session_id), PaymentForm(), {"form": [message]}, 400)


@form_post(bp, "/s/<id:session_id>/settle/pay", "settle.show", found=load_or_404)
@reshown_when_stale(_reshow_pay)
def pay(session_id: int):
    """Record a payment toward this session: a "Mark paid" tap, or the small form."""
    loaded = load_or_404(session_id)
    form = PaymentForm()
    try:
        asked = AskedPayment(
            form.payer.data,
            form.payee.data,
            form.amount.data or "",
            session_id=loaded.row.id,
            note=form.note.data or "",
        )
        payment = ledger_service.save_payment(current_table(), asked, form.request_id.data).row
    except PaymentErrors as error:
        if not form.request_id.data:
            form.request_id.data = ledger_service.new_request_id()
        return _render_settle(loaded, form, error.by_field, 422)
    flash(
        f"Recorded: {payment.payer.name} paid {payment.payee.name} {format_money(payment.amount)}.",
        "ok",
    )
    return redirect(url_for("settle.show", session_id=session_id, **_settle_args()) + "#payments")


def _render_ledger(form: PaymentForm | None = None, errors=None, status: int = 200):
    table = current_table()
    if form is None:
        form = PaymentForm(formdata=None)
        form.request_id.data = ledger_service.new_request_id()
    return render_template(
        "settle/ledger.html",
        ledger=ledger_service.build_ledger(table),
        players=[(p.id, p.name) for p in roster(table)],
        form=form,
        errors=errors or {},
        new_request_id=ledger_service.new_request_id,
        plain=format_cents_plain,
    ), status


@bp.get("/ledger")
def ledger():
    """What is still owed from ended sessions, pair by pair, and every payment recorded."""
    return _render_ledger()


def _reshow_ledger_pay(message: str):
    """The ledger with the payment as typed, after an expired token (nothing saved)."""
    return _render_ledger(PaymentForm(), {"form": [message]}, 400)


@form_post(bp, "/ledger/pay", "settle.ledger")
@reshown_when_stale(_reshow_ledger_pay)
def ledger_pay():
    """Record a payment off the ledger in general (not toward one session)."""
    form = PaymentForm()
    try:
        asked = AskedPayment(
            form.payer.data, form.payee.data, form.amount.data or "", note=form.note.data or ""
        )
        payment = ledger_service.save_payment(current_table(), asked, form.request_id.data).row
    except PaymentErrors as error:
        if not form.request_id.data:
            form.request_id.data = ledger_service.new_request_id()
        return _render_ledger(form, error.by_field, 422)
    flash(
        f"Recorded: {payment.payer.name} paid {payment.payee.name} {format_money(payment.amount)}.",
        "ok",
    )
    return redirect(url_for("settle.ledger") + "#owed")


@bp.route("/ledger/payments/<id:payment_id>/delete", methods=["GET", "POST"])
@writes_only
def delete_payment(payment_id: int):
    """Delete a payment recorded by mistake, after asking."""
    table = current_table()
    try:
        payment = ledger_service.find_payment(table, payment_id)
    except NotFound:
        abort(404)
    fallback = (
        url_for("settle.show", session_id=payment.session_id)
        if payment.session_id is not None
        else url_for("settle.ledger")
    )
    back = local_target(request.values.get("next"), fallback)
    form = DeleteForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            ledger_service.delete_payment(table, payment_id)
        except NotFound:
            abort(404)
        flash(f"Deleted: {payment.text}.", "ok")
        return redirect(back)
    return render_template("settle/delete.html", payment=payment, form=form, back=back)
