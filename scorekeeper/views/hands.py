"""Hand entry, preview, edit, delete and the hand history with its audit trail.

Each view parses the form, calls one service function and redirects (Post/Redirect/Get).
Every rule broken comes back from the engine with its place, and each is shown next to its
field (``HandFormBase.field_for``), with everything typed kept. An expired CSRF token
re-shows the form (the ``_reshow_*`` functions, called by the one ``CSRFError`` handler in
``errorhandlers.py``), never loses the hand.
"""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for

from ..access import writes_only
from ..forms.setup import ConfirmForm
from ..limits import clean_request_id, parse_id
from ..rules.errors import RuleError
from ..services import hands as hand_service
from ..services import saying
from ..services.sessions import Clash, audit_trail
from ..services.standings import form_facts, hand_lines, next_hand
from .hand_form import every_problem, hand_form_for, version_of, version_text
from .loading import load_or_404
from .routing import form_post
from .sessions import render_session
from .stale import reshown_when_stale

bp = Blueprint("hands", __name__)


def _reshow_new_hand(message: str, session_id: int):
    """The session page with the hand as typed, after an expired token (nothing saved)."""
    loaded = load_or_404(session_id)
    form = hand_form_for(loaded, formdata=request.form)
    form.validate()
    form.form_errors.append(message)
    return render_session(loaded, form, status=400)


@form_post(bp, "/s/<id:session_id>/hands", "sessions.show", "#hand-form", found=load_or_404)
@reshown_when_stale(_reshow_new_hand)
def create(session_id: int):
    """Save the next hand (or preview it), then go back to the session page."""
    loaded = load_or_404(session_id)
    form = hand_form_for(loaded, formdata=request.form)
    if request.form.get("action") == "read":
        return _read_line(loaded, form)
    if not form.validate():
        every_problem(loaded, form)
        return render_session(loaded, form, status=422)
    entry = form.to_entry()
    try:
        if request.form.get("action") == "preview":
            preview = hand_service.preview_hand(loaded, entry)
            return render_session(loaded, form, preview=preview)
        saved = hand_service.save_hand(
            loaded, entry, clean_request_id(form.request_id.data), parse_id(form.hand_number.data)
        )
    except hand_service.ConflictError as error:
        fresh = load_or_404(session_id)
        fresh_form, fresh_nxt = hand_form_for(fresh, formdata=request.form), next_hand(fresh)
        fresh_form.hand_number.data = str(fresh_nxt.number)
        fresh_form.form_errors.append(error.message)
        return render_session(fresh, fresh_form, fresh_nxt, status=409)
    except RuleError as error:
        form.add_rule_error(error)
        return render_session(loaded, form, status=422)  # it works out the next hand itself
    if saved.repeated:  # the same form posted twice: it was saved the first time
        flash("That hand was already saved.", "ok")
    else:
        flash(f"Hand {saved.number} saved. {saved.text}", "ok")
    return redirect(url_for("sessions.show", session_id=session_id) + "#standings")


def _read_line(loaded, form):
    """The form filled in with what its line says, over what was typed, and what the line
    lacks or leaves in doubt next to it (nothing is saved)."""
    if not form.line.validate(form):
        return render_session(loaded, form, status=422)
    read = saying.read_line(loaded, form.line.data or "", form.to_entry())
    form.fill(read.entry)
    if read.entry.trump is None:
        form.trump.data = ""  # none said or tapped yet: nothing chosen
    return render_session(loaded, form, preview=read.preview, reading=read)


def _reshow_preview(message: str, session_id: int):
    """The live preview's answer after an expired token: say so where the preview shows."""
    return jsonify(ok=False, errors=[{"field": "form", "message": message}]), 400


@form_post(bp, "/s/<id:session_id>/preview", "sessions.show", "#hand-form", found=load_or_404)
@reshown_when_stale(_reshow_preview)
def preview(session_id: int):
    """The live preview in words, as JSON, for the script on the hand form.

    ``?hand=N`` previews a correction of hand N in that hand's own seating and figures.
    """
    loaded = load_or_404(session_id)
    number = parse_id(request.args.get("hand"))
    form = hand_form_for(loaded, number, request.form)
    form.validate()  # the hand form carries no token of its own: CSRFProtect checked it
    problems = [
        {"field": name or "form", "message": message}
        for name, messages in form.errors.items()
        for message in messages
    ]
    entry = form.to_entry()  # what parsed: the engine checks it even when a field was refused
    breakdowns = {
        str(player.id): [line.written(loaded.options.scale) for line in score.lines]
        for player, score in hand_service.meld_breakdowns(loaded, entry).items()
    }
    try:
        result = hand_service.preview_hand(loaded, entry, number)
    except RuleError as error:
        broken = form.add_rule_error(error)
        problems += [{"field": name, "message": rule} for name, rule in broken]
        return jsonify(ok=False, errors=problems, breakdowns=breakdowns)
    if problems:
        return jsonify(ok=False, errors=problems, breakdowns=breakdowns)
    return jsonify(ok=True, text=result.text, breakdowns=breakdowns)


@bp.get("/s/<id:session_id>/history")
def history(session_id: int):
    """Every hand with its inputs and result, and the audit trail."""
    loaded = load_or_404(session_id)
    return render_template(
        "hands/history.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        lines=hand_lines(loaded),
        audit=audit_trail(loaded.row.id),
    )


def _render_edit(loaded, form, record, status: int = 200):
    return render_template(
        "hands/edit.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        form=form,
        record=record,
        players=loaded.players,
        facts=form_facts(loaded.options, form.tricks.data),
    ), status


def _reshow_edit(message: str, session_id: int, number: int):
    """The correction as typed, after an expired token (nothing saved)."""
    loaded = load_or_404(session_id)
    form = hand_form_for(loaded, number, request.form)
    form.validate()
    form.form_errors.append(message)
    return _render_edit(loaded, form, loaded.hand(number), 400)


@bp.route("/s/<id:session_id>/hands/<id:number>/edit", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_edit)
def edit(session_id: int, number: int):
    """Correct a hand; every figure after it is recomputed."""
    loaded = load_or_404(session_id)
    record = loaded.hand(number)
    if request.method != "POST":
        return _render_edit(loaded, hand_form_for(loaded, number), record)
    form = hand_form_for(loaded, number, request.form)
    if not form.validate():
        every_problem(loaded, form, number)
        return _render_edit(loaded, form, record, 422)
    hand_id, version = version_of(form.version.data)
    try:
        hand_service.edit_hand(loaded, number, form.to_entry(), version, hand_id)
    except hand_service.ConflictError as error:
        if error.clash is Clash.RENUMBERED:
            flash(error.message, "error")
            return redirect(url_for("hands.history", session_id=session_id))
        if error.clash is Clash.VERSION:
            # Changed on another phone: show the latest figures with the new version.
            loaded = load_or_404(session_id)
            form, record = hand_form_for(loaded, number), loaded.hand(number)
        form.form_errors.append(error.message)
        return _render_edit(loaded, form, record, 409)
    except RuleError as error:
        form.add_rule_error(error)
        return _render_edit(loaded, form, record, 422)
    flash(f"Hand {number} corrected; every hand after it is worked out again.", "ok")
    return redirect(url_for("hands.history", session_id=session_id) + f"#hand-{number}")


@bp.route("/s/<id:session_id>/hands/<id:number>/delete", methods=["GET", "POST"])
@writes_only
def delete(session_id: int, number: int):
    """Delete a hand after a confirmation."""
    loaded = load_or_404(session_id)
    record = loaded.hand(number)
    form = ConfirmForm()
    error = None
    if request.method == "POST" and form.validate_on_submit():
        hand_id, version = version_of(form.version.data)
        try:
            hand_service.delete_hand(loaded, number, version, hand_id)
        except hand_service.ConflictError as exc:
            error = exc.message
        else:
            flash(f"Hand {number} deleted; every hand after it is worked out again.", "ok")
            return redirect(url_for("hands.history", session_id=session_id))
    form.version.data = version_text(loaded.event_row(record.position))
    return render_template(
        "hands/delete.html",
        loaded=loaded,
        session=loaded.row,
        line=next(line for line in hand_lines(loaded) if line.number == number),
        form=form,
        error=error,
    ), (409 if error else 200)
