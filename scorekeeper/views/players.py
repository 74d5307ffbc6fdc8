"""The table's roster: plain statistics and charts of running scores per game."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from markupsafe import Markup

from ..access import current_table
from ..forms.setup import AddPlayerForm, ShortNameForm
from ..rules.errors import RuleError
from ..rules.holders import Player, members
from ..services import tables
from ..services.history.stats import game_series, load_table_sessions, table_stats
from ..web.charts import running_chart
from .stale import reshown_when_stale

bp = Blueprint("players", __name__, url_prefix="/players")

CHARTED_SESSIONS = 5


def _roster_page(form: AddPlayerForm, error: str | None, status: int = 200):
    """The roster with statistics and charts, and the add-player form as typed."""
    table = current_table()
    roster = tables.roster(table)
    loaded = load_table_sessions(table)
    stats = table_stats(loaded, [Player(p.id, p.name) for p in roster])
    charts = []
    for session in loaded[:CHARTED_SESSIONS]:
        for game in game_series(session):
            charts.append(Markup(running_chart(game.series, game.title)))
    return render_template(
        "players/index.html", form=form, stats=stats, charts=charts, error=error
    ), status


def _reshow_roster(message: str):
    """The roster with the name as typed, after an expired token (nobody added)."""
    return _roster_page(AddPlayerForm(), message, 400)


@bp.route("/", methods=["GET", "POST"])
@reshown_when_stale(_reshow_roster)
def index():
    """Roster with statistics; add a player."""
    form = AddPlayerForm()
    error = None
    if request.method == "POST" and form.validate_on_submit():
        try:
            player = tables.add_player(current_table(), form.name.data or "")
        except RuleError as exc:
            error = exc.rule
        else:
            flash(f"{player.name} joins the roster.", "ok")
            return redirect(url_for("players.index"))
    elif request.method == "POST":
        error = next(iter(form.name.errors), None) or "Type the player's name and add it again."
    return _roster_page(form, error, 422 if error else 200)


def _player_page(player_id: int, form: ShortNameForm, error: str | None, status: int = 200):
    """One player's statistics and games, their line highlighted, and the short-name form as
    typed."""
    table = current_table()
    player = next((p for p in tables.roster(table) if p.id == player_id), None)
    if player is None:
        abort(404)
    seated = Player(player.id, player.name)
    loaded = [s for s in load_table_sessions(table) if seated in s.setup.players]
    stats = table_stats(loaded, [seated])[0]
    charts = []
    for session in loaded[:CHARTED_SESSIONS]:
        for game in game_series(session):
            highlight = next((h for h, _ in game.series if seated in members(h)), None)
            charts.append(Markup(running_chart(game.series, game.title, highlight)))
    if form.short_name.data is None:
        form.short_name.data = player.short_name or ""
    return render_template(
        "players/show.html", player=player, stats=stats, charts=charts, form=form, error=error
    ), status


def _reshow_player(message: str, player_id: int):
    """The player's page with the short name as typed, after an expired token (nothing
    saved)."""
    return _player_page(player_id, ShortNameForm(), message, 400)


@bp.route("/<id:player_id>", methods=["GET", "POST"])
@reshown_when_stale(_reshow_player)
def show(player_id: int):
    """One player's statistics and the games they played; set the short name they are said
    by in a one-line hand."""
    form = ShortNameForm()
    error = None
    if request.method == "POST" and form.validate_on_submit():
        try:
            player = tables.set_short_name(current_table(), player_id, form.short_name.data)
        except RuleError as exc:
            error = exc.rule
        else:
            said = (
                f"{player.name} is said as {player.short_name} too"
                if player.short_name
                else (f"{player.name} has no short name")
            )
            flash(f"Saved: {said}.", "ok")
            return redirect(url_for("players.show", player_id=player_id))
    elif request.method == "POST":
        error = next(iter(form.short_name.errors), None) or "Type the short name and save again."
    return _player_page(player_id, form, error, 422 if error else 200)
