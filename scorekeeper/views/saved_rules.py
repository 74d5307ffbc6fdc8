"""The table's own rules: house rules saved under a name, listed, made from any preset,
renamed, edited with the house-rules form, deleted (each change one service call)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from ..access import current_table, writes_only
from ..forms.setup import ConfirmForm, SavedRulesForm, option_values, setup_errors
from ..rules.errors import RuleError
from ..rules.game.options import Options
from ..rules.game.variant import all_games
from ..services import saved_rules as rules_service
from .sessions import option_fields, preset_asked
from .stale import reshown_when_stale

bp = Blueprint("saved_rules", __name__, url_prefix="/rules")


@bp.get("/")
def index():
    """The table's saved rules, each in words, a tap from a new session."""
    return render_template("rules/index.html", saved=rules_service.list_rules(current_table()))


def _form_page(
    form: SavedRulesForm,
    errors: dict[str, list[str]],
    status: int = 200,
    rules: rules_service.Rules | None = None,
):
    """The saved-rules form (new, or editing ``rules``) as the request left it, with errors."""
    posted = request.method == "POST"
    if rules is not None and rules.options is not None:
        shown = rules.options
    else:
        shown = Options.preset(preset_asked())
    return render_template(
        "rules/edit.html",
        form=form,
        rules=rules,
        system=shown.system,
        systems=list(all_games()),
        fields=option_fields(shown, request.form if posted else None),
        errors=errors,
    ), status


def _reshow_new(message: str):
    """New saved rules as typed, after an expired token (nothing saved)."""
    return _form_page(SavedRulesForm(request.form), {"form": [message]}, 400)


@bp.route("/new", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_new)
def new():
    """Name house rules built from any preset, for later sessions."""
    form = SavedRulesForm(request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate():
        try:
            data = option_values(request.form, preset_asked())
            rules = rules_service.save_rules(current_table(), form.name.data or "", data)
        except RuleError as error:
            errors = setup_errors(error)
        else:
            flash(f"{rules.name} saved: they are offered on the new-session page.", "ok")
            return redirect(url_for("saved_rules.index"))
    elif request.method == "POST":
        errors = dict(form.errors)
    return _form_page(form, errors, 422 if errors else 200)


def _reshow_edit(message: str, rules_id: int):
    """Saved rules as typed, after an expired token (nothing changed)."""
    rules = rules_service.get_rules(current_table(), rules_id)
    return _form_page(SavedRulesForm(request.form), {"form": [message]}, 400, rules)


@bp.route("/<id:rules_id>", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_edit)
def edit(rules_id: int):
    """Rename saved rules and change their options; sessions started from them keep theirs."""
    table = current_table()
    rules = rules_service.get_rules(table, rules_id)
    if request.method == "GET":
        form = SavedRulesForm(formdata=None, name=rules.name)
        return _form_page(form, {}, 200, rules)
    form = SavedRulesForm(request.form)
    errors: dict[str, list[str]] = {}
    if form.validate():
        system = rules.options.system if rules.options else preset_asked()
        try:
            data = option_values(request.form, system, rules.options)
            saved = rules_service.update_rules(table, rules_id, form.name.data or "", data)
        except RuleError as error:
            errors = setup_errors(error)
        else:
            flash(f"{saved.name} saved.", "ok")
            return redirect(url_for("saved_rules.index"))
    else:
        errors = dict(form.errors)
    return _form_page(form, errors, 422, rules)


@bp.route("/<id:rules_id>/delete", methods=["GET", "POST"])
@writes_only
def delete(rules_id: int):
    """Delete saved rules, after asking; sessions started from them keep their name."""
    table = current_table()
    rules = rules_service.get_rules(table, rules_id)
    form = ConfirmForm()
    if request.method == "POST" and form.validate_on_submit():
        gone = rules_service.delete_rules(table, rules_id)
        flash(f"{gone.name} deleted. Sessions played under them keep their name.", "ok")
        return redirect(url_for("saved_rules.index"))
    return render_template("rules/delete.html", rules=rules, form=form)
