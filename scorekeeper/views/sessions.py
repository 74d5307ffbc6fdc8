"""Session pages: home, new session (from a preset or the table's saved rules), the session
page left open on the table, sharing, house rules (and saving them by name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from ..access import current_table, hosted, writes_only
from ..forms.hand import MAX_SEATS
from ..forms.setup import (
    ConfirmForm,
    NewSessionForm,
    SavedRulesForm,
    option_field_text,
    option_values,
    setup_errors,
)
from ..limits import parse_id
from ..rules.errors import Part, RuleError, Where
from ..rules.game.options import OPTION_SPECS, Options, parse_system
from ..rules.game.variant import NEW_SESSION_GAME, Game, all_games
from ..services import hands as hand_service
from ..services import saved_rules as rules_service
from ..services import sessions as session_service
from ..services.standings import form_facts, game_over, hand_lines, next_hand, standings
from ..services.tables import roster
from ..web import qr
from .hand_form import hand_form_for
from .loading import load_or_404
from .routing import form_post
from .stale import reshown_when_stale

bp = Blueprint("sessions", __name__)


@bp.get("/")
def home():
    """The table's sessions, newest first, with the current one a tap away."""
    table = current_table()
    return render_template(
        "sessions/home.html",
        sessions=session_service.list_sessions(table),
        counts=session_service.hand_counts(table),
        current=session_service.current_session(table),
    )


def option_fields(options: Options, formdata=None) -> list[dict]:
    """Each option of the system, explained, with the value to show in the form."""
    fields = []
    for name, spec in OPTION_SPECS.items():
        if options.system not in spec.systems:
            continue
        value = getattr(options, name)
        if formdata is not None and (name in formdata or spec.kind == "bool"):
            shown = formdata.get(name, "") if spec.kind != "bool" else name in formdata
        elif spec.kind == "bool":
            shown = value
        elif spec.kind == "choice":
            shown = spec.dump(value)  # the select's value; its labels are the option's words
        else:
            shown = option_field_text(name, value, options.scale)
        # choices too long for a phone-wide select (it would cut them off) show as buttons
        as_buttons = spec.kind == "choice" and max(len(label) for _, label in spec.choices) > 34
        # a choice's meld figures as the table writes them ("aces 10, 100" at scale 10)
        choices = [(value, spec.choice_label(value, options.scale)) for value, _ in spec.choices]
        fields.append(
            {
                "name": name,
                "spec": spec,
                "value": shown,
                "as_buttons": as_buttons,
                "choices": choices,
            }
        )
    return fields


def _game_values() -> Mapping[str, str]:
    """Where the game of the new-session page is read: the game just tapped (the ``choose``
    button, ``system:hoyle`` or ``rules:3``), else the form's or the address's."""
    kind, _, value = request.form.get("choose", "").partition(":")
    if kind in ("system", "rules"):
        return {kind: value}
    return request.values


def _asked_rules(values: Mapping[str, str]) -> rules_service.Rules | None:
    """The table's saved rules the new-session form starts from (``rules``), if any; rules
    the engine no longer reads are not offered."""
    rules_id = parse_id(values.get("rules"))
    if rules_id is None:
        return None
    rules = rules_service.get_rules(current_table(), rules_id)
    return rules if rules.options is not None else None


def preset_asked(values: Mapping[str, str] | None = None) -> Game:
    """The preset a form is for (``?system=``; Brooklyn when none, or an unknown one, is
    asked)."""
    try:
        return parse_system((values or request.values).get("system") or "brooklyn")
    except RuleError:
        return NEW_SESSION_GAME


def _asked(values: Mapping[str, str]) -> tuple[Game, rules_service.Rules | None]:
    """The game the new-session form is for and the saved rules it starts from, if any: their
    game, or else the preset asked for."""
    rules = _asked_rules(values)
    if rules is not None and rules.options is not None:
        return rules.options.system, rules
    return preset_asked(values), None


def _seats() -> list[str]:
    """The names typed into the seats, one per possible seat of any game (a name typed for
    another game is kept: the engine says when there are more than this game seats)."""
    return [request.form.get(f"seat-{i}", "") for i in range(MAX_SEATS)]


def _shown_options(system: Game, rules: rules_service.Rules | None) -> Options:
    """The options the form starts from: the saved rules', or else the preset's."""
    return rules.options if rules is not None and rules.options else Options.preset(system)


def _changed_options(before: Options, after: Options) -> dict[str, Any]:
    """The options the player changed on the form of the game they left (``before``) that the
    game chosen (``after``) has too, as typed; figures in points carry over only between
    games that write them alike (a double deck's 35 is a single deck's 350)."""
    changed: dict[str, Any] = {}
    for field in option_fields(before):
        name, spec = field["name"], field["spec"]
        typed = name in request.form if spec.kind == "bool" else request.form.get(name)
        if typed is None or str(typed) == str(field["value"]):
            continue
        if after.system in spec.systems and (spec.unit != "points" or before.scale == after.scale):
            changed[name] = typed
    return changed


def _new_session_page(form: NewSessionForm, errors: dict[str, list[str]], status: int = 200):
    """The new-session form as the request left it (its game, seats and options), with errors;
    after another game was tapped, that game's form with everything typed that still applies
    (the seats, the first dealer, the options changed)."""
    system, rules = _asked(_game_values())
    low, high = system.player_range
    shown = _shown_options(system, rules)
    if "choose" in request.form:
        fields = option_fields(shown)
        if rules is None:  # saved rules chosen are shown as saved
            changed = _changed_options(_shown_options(*_asked(request.values)), shown)
            for field in fields:
                field["value"] = changed.get(field["name"], field["value"])
    else:
        fields = option_fields(shown, request.form if request.method == "POST" else None)
    seats = _seats()
    typed = [i for i, name in enumerate(seats) if name.strip()]
    table = current_table()
    return render_template(
        "sessions/new.html",
        form=form,
        system=system,
        systems=list(all_games()),
        rules=rules,
        saved=[r for r in rules_service.list_rules(table) if r.options is not None],
        fields=fields,
        seats=seats,
        seat_count=max(high, typed[-1] + 1 if typed else 0),
        min_players=low,
        max_players=high,
        seat_more=_seating_more(system),
        roster=roster(table),
        first_dealer=request.form.get("first_dealer", "0"),
        errors=errors,
    ), status


def _seating_more(system) -> list:
    """The games that keep score the same way as ``system`` and seat more players (a table of
    five that chose Brooklyn is told of Brooklyn with a pot), fewest seats first."""
    kind = system.kind
    alike = [
        game
        for game in all_games()
        if game.kind.is_chip_game == kind.is_chip_game
        and game.kind.is_partnership == kind.is_partnership
        and game.player_range[1] > system.player_range[1]
    ]
    return sorted(alike, key=lambda game: game.player_range[1])


def _reshow_new_session(message: str):
    """The new-session form as typed, after an expired token (nothing saved)."""
    return _new_session_page(NewSessionForm(request.form), {"form": [message]}, 400)


@bp.route("/sessions/new", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_new_session)
def new_session():
    """Choose the game (a preset or the table's saved rules), its house rules, the players in
    seat order and the first dealer."""
    form = NewSessionForm(request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if "choose" in request.form:  # another game tapped: its form, with what was typed
        return _new_session_page(form, errors)
    if request.method == "POST" and form.validate():
        (system, rules), table = _asked(request.values), current_table()
        try:
            first = form.first_dealer.data or 0
            if rules is None:
                data = option_values(request.form, system)
                row = session_service.create_session(table, data, _seats(), first)
            else:
                data = option_values(request.form, system, rules.options)
                row = rules_service.start_session(table, rules.id, _seats(), first, data)
        except RuleError as error:
            errors = setup_errors(error)
        else:
            flash("Session started. Deal!", "ok")
            return redirect(url_for("sessions.show", session_id=row.id))
    elif request.method == "POST":
        for name, messages in form.errors.items():
            errors.setdefault(name, []).extend(messages)
    return _new_session_page(form, errors, 422 if errors else 200)


def render_session(loaded, form=None, nxt=None, preview=None, status=200, reading=None):
    """The session page: next hand, entry form (with what its line said, ``reading``),
    standings, recent hands."""
    if form is None:
        form = hand_form_for(loaded)
    if nxt is None:
        nxt = next_hand(loaded)
    return render_template(
        "sessions/show.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        form=form,
        nxt=nxt,
        standings=standings(loaded),
        recent=hand_lines(loaded, last=5),
        game_over=game_over(loaded),
        preview=preview,
        reading=reading,
        named_rules=rules_service.session_rules(loaded),
        players=loaded.players,
        facts=form_facts(loaded.options, form.tricks.data),
    ), status


@bp.get("/s/<id:session_id>")
def show(session_id: int):
    """The page left open on the table."""
    return render_session(load_or_404(session_id))


@bp.get("/s/<id:session_id>/standings")
def standings_fragment(session_id: int):
    """Standings, next dealer and recent hands as an HTML fragment for live updates."""
    loaded = load_or_404(session_id)
    return render_template(
        "sessions/_live.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        nxt=next_hand(loaded),
        standings=standings(loaded),
        recent=hand_lines(loaded, last=5),
        game_over=game_over(loaded),
    )


@bp.get("/s/<id:session_id>/share")
def share(session_id: int):
    """A link and a QR code that open this session on another phone (hosted: the table's
    member and watch links, as only they open it)."""
    loaded = load_or_404(session_id)
    if hosted():
        return redirect(url_for("tables.links"))
    url = qr.public_url(url_for("sessions.show", session_id=session_id))
    return render_template(
        "sessions/share.html", session=loaded.row, loaded=loaded, url=url, svg=qr.svg(url)
    )


def _settings_page(
    loaded,
    errors: dict[str, list[str]],
    status: int = 200,
    save_as: SavedRulesForm | None = None,
    save_errors: dict[str, list[str]] | None = None,
):
    """The house-rules form, as posted when it was posted, with errors; below it "Save these
    rules as…", with what was typed there and its errors."""
    rules_posted = request.method == "POST" and save_as is None
    return render_template(
        "sessions/settings.html",
        loaded=loaded,
        session=loaded.row,
        options=loaded.options,
        form=ConfirmForm(),
        system=loaded.options.system,
        fields=option_fields(loaded.options, request.form if rules_posted else None),
        errors=errors,
        save_as=save_as or SavedRulesForm(formdata=None),
        save_errors=save_errors or {},
    ), status


def _reshow_settings(message: str, session_id: int):
    """The house rules as typed, after an expired token (nothing changed)."""
    return _settings_page(load_or_404(session_id), {"form": [message]}, 400)


@bp.route("/s/<id:session_id>/settings", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_settings)
def settings(session_id: int):
    """Every house rule of the session, changeable; all hands are replayed under the change."""
    loaded = load_or_404(session_id)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and ConfirmForm().validate_on_submit():
        try:
            data = option_values(request.form, loaded.options.system, loaded.options)
            changes = session_service.update_options(loaded, data)
        except RuleError as error:
            errors = setup_errors(error)
        except session_service.ConflictError as error:
            errors = {"form": [error.message]}
        else:
            flash("House rules changed: " + "; ".join(changes) if changes else "No change.", "ok")
            return redirect(url_for("sessions.show", session_id=session_id))
    return _settings_page(loaded, errors, 422 if errors else 200)


def _reshow_save_as(message: str, session_id: int):
    """The "Save these rules as…" form as typed, after an expired token (nothing saved)."""
    form = SavedRulesForm(request.form)
    return _settings_page(load_or_404(session_id), {}, 400, form, {"name": [message]})


@form_post(bp, "/s/<id:session_id>/settings/save-as", "sessions.settings", found=load_or_404)
@reshown_when_stale(_reshow_save_as)
def save_rules_as(session_id: int):
    """Save the house rules in force under a name for later sessions ("Save these rules
    as…"), replacing the table's rules of that name when asked."""
    loaded = load_or_404(session_id)
    form = SavedRulesForm(request.form)
    if form.validate():
        try:
            rules = rules_service.save_session_rules(
                current_table(), loaded, form.name.data or "", replace=bool(form.replace.data)
            )
        except RuleError as error:
            by_field = setup_errors(error)
            at_name = {"name": by_field.pop("name", [])}
            at_name["form"] = [rule for rules in by_field.values() for rule in rules]
            return _settings_page(loaded, {}, 422, form, at_name)
        flash(f"Saved as {rules.name}: start a later session with them in one tap.", "ok")
        return redirect(url_for("sessions.settings", session_id=session_id))
    return _settings_page(loaded, {}, 422, form, dict(form.errors))


@form_post(bp, "/s/<id:session_id>/end", "sessions.show", found=load_or_404)
def end(session_id: int):
    """End the session (it can be reopened)."""
    loaded = load_or_404(session_id)
    if ConfirmForm().validate_on_submit():
        session_service.end_session(loaded)
        flash("Session ended. Settle up below.", "ok")
    return redirect(url_for("sessions.show", session_id=session_id))


@form_post(bp, "/s/<id:session_id>/reopen", "sessions.show", found=load_or_404)
def reopen(session_id: int):
    """Reopen an ended session to add more hands."""
    loaded = load_or_404(session_id)
    if ConfirmForm().validate_on_submit():
        session_service.reopen_session(loaded)
        flash("Session reopened.", "ok")
    return redirect(url_for("sessions.show", session_id=session_id))


@bp.route("/s/<id:session_id>/leave", methods=["GET", "POST"])
@writes_only
def leave(session_id: int):
    """A player gets up from a chip game: cashed out, play goes on without them."""
    loaded = load_or_404(session_id)
    form = ConfirmForm()
    error = None
    if request.method == "POST" and form.validate_on_submit():
        player_id = parse_id(request.form.get("player"))
        try:
            if player_id is None:
                raise RuleError(Where(Part.LEAVER), "Choose who is leaving.")
            hand_service.player_leaves(loaded, player_id)
        except RuleError as exc:
            error = exc.rule
        except hand_service.ConflictError as exc:
            error = exc.message
        else:
            flash("Cashed out. Play goes on without them.", "ok")
            return redirect(url_for("sessions.show", session_id=session_id))
    return render_template(
        "sessions/leave.html",
        loaded=loaded,
        session=loaded.row,
        form=form,
        standings=standings(loaded),
        error=error,
    ), (422 if error else 200)
