"""Club night pages: the nights, a new night, the organiser's page (players, pairing the next
round, calling time, every table live, the standings after each round), the night's
settings, the live fragment the organiser's page polls, the results PDF and each round's
score cards. Thin: each view parses its form, calls the services and redirects or answers."""

from __future__ import annotations

import functools

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from ..access import current_table, writes_only
from ..forms.club import ClubPlayerForm, NightForm, night_errors
from ..forms.setup import ConfirmForm
from ..reports.clubnight import cards_pdf, results_pdf
from ..rules.errors import RuleError
from ..services.club import nights as clubnights
from ..services.club import results as clubresults
from ..web import qr
from .downloads import download
from .routing import form_post

bp = Blueprint("club", __name__, url_prefix="/club")


def _night(night_id: int):
    """The night of this table (``NotFound``, the 404 page, otherwise)."""
    return clubnights.load_night(night_id, current_table())


def _confirmed(night_id: int):
    """The night a button of the organiser's page posts to, its form's token checked (400
    when it is missing or wrong)."""
    night = _night(night_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    return night


def _found(night_id: int, **_: int) -> None:
    """A GET of a night's form address: the 404 of a night that is not the table's."""
    _night(night_id)


@bp.get("/")
def index():
    """The table's club nights, newest first."""
    return render_template("club/index.html", nights=clubnights.list_nights(current_table()))


@bp.route("/new", methods=["GET", "POST"])
@writes_only
def new():
    """Name a night and choose its settings (KCMO's by default)."""
    form = NightForm(request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate():
        try:
            night = clubnights.create_night(
                current_table(), form.name.data or "", form.settings_data()
            )
        except RuleError as error:
            errors = night_errors(error)
        else:
            return redirect(url_for("club.show", night_id=night.id))
    elif request.method == "POST":
        errors = dict(form.errors)
    return render_template(
        "club/settings.html", form=form, night=None, errors=errors
    ), 422 if errors else 200


@functools.lru_cache(maxsize=512)
def _qr_svg(url: str) -> str:
    """A table's QR code, drawn once per address (drawing one takes about 20 ms; the
    organiser's page shows every table's, and polls)."""
    return qr.svg(url)


def _links(view: clubresults.NightView) -> dict[int, tuple[str, str]]:
    """The address each card table's phones open and its QR code, by session (the round
    being played only: earlier tables are done)."""
    tables = view.rounds[-1].tables if view.rounds else ()
    links = {}
    for t in tables:
        url = qr.public_url(url_for("sessions.show", session_id=t.session_id))
        links[t.session_id] = (url, _qr_svg(url))
    return links


def _page(night, errors: dict[str, list[str]] | None = None, player=None, status: int = 200):
    """The organiser's page, with a form's errors when one was refused."""
    view = clubresults.night_view(night)
    links = _links(view)
    return render_template(
        "club/show.html",
        view=view,
        links=links,
        stamp=clubresults.night_stamp(night),
        player_form=player or ClubPlayerForm(formdata=None),
        confirm=ConfirmForm(),
        errors=errors or {},
    ), status


@bp.get("/<id:night_id>")
def show(night_id: int):
    """The organiser's page."""
    return _page(_night(night_id))


@bp.get("/<id:night_id>/live")
def live(night_id: int):
    """Every table and the standings, as a fragment the organiser's page polls (304 while
    nothing changed)."""
    night = _night(night_id)
    stamp = clubresults.night_stamp(night)
    if stamp in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{stamp}"'})
    view = clubresults.night_view(night)
    links = _links(view)
    body = render_template(
        "club/_live.html", view=view, links=links, confirm=ConfirmForm(), errors={}
    )
    return Response(body, headers={"ETag": f'"{stamp}"', "Cache-Control": "no-cache"})


@form_post(bp, "/<id:night_id>/players", "club.show", "#players", found=_found)
def add_player(night_id: int):
    """Add a player to the night (a team number for fixed partners)."""
    night = _night(night_id)
    form = ClubPlayerForm(request.form)
    if not form.validate():
        return _page(night, {"player": [m for ms in form.errors.values() for m in ms]}, form, 422)
    try:
        entrant = clubnights.add_player(night, form.name.data or "", form.team.data)
    except RuleError as error:
        return _page(night, night_errors(error), form, 422)
    flash(f"{entrant.player.name} joined the night.", "ok")
    return redirect(url_for("club.show", night_id=night_id) + "#players")


@form_post(
    bp, "/<id:night_id>/players/<id:player_id>/remove", "club.show", "#players", found=_found
)
def remove_player(night_id: int, player_id: int):
    """Take a player off the night: one who has played leaves, keeping their results."""
    night = _confirmed(night_id)
    name = clubnights.remove_player(night, player_id)
    flash(f"{name} is off the night: later rounds are paired without them.", "ok")
    return redirect(url_for("club.show", night_id=night_id) + "#players")


@form_post(bp, "/<id:night_id>/rounds", "club.show", found=_found)
def pair(night_id: int):
    """Pair the next round: a session at each card table (refused with the reason)."""
    night = _confirmed(night_id)
    try:
        row = clubresults.pair_next(night)
    except RuleError as error:
        return _page(night, {"pair": [one.rule for one in error.each]}, status=422)
    flash(f"Round {row.number} paired: hand each table its score card.", "ok")
    return redirect(url_for("club.show", night_id=night_id) + f"#round-{row.number}")


@form_post(bp, "/<id:night_id>/time", "club.show", found=_found)
def call_time(night_id: int):
    """Call time on the round being played."""
    night = _confirmed(night_id)
    try:
        clubnights.call_time(night)
    except RuleError as error:
        return _page(night, {"pair": [error.rule]}, status=422)
    flash("Time called: each table still playing is decided on its score now.", "ok")
    return redirect(url_for("club.show", night_id=night_id))


@bp.route("/<id:night_id>/settings", methods=["GET", "POST"])
@writes_only
def settings(night_id: int):
    """Change the night's settings; what the tables entered is never touched."""
    night = _night(night_id)
    if request.method == "GET":
        form = NightForm(formdata=None, obj=night)
        return render_template("club/settings.html", form=form, night=night, errors={})
    form = NightForm(request.form)
    errors: dict[str, list[str]] = {}
    if form.validate():
        try:
            clubnights.change_settings(night, form.settings_data())
        except RuleError as error:
            errors = night_errors(error)
        else:
            flash("Settings saved: later rounds follow them; every hand entered stays.", "ok")
            return redirect(url_for("club.show", night_id=night_id))
    else:
        errors = dict(form.errors)
    return render_template("club/settings.html", form=form, night=night, errors=errors), 422


@bp.get("/<id:night_id>/results.pdf")
def results(night_id: int):
    """The night's results as a PDF."""
    view = clubresults.night_view(_night(night_id))
    return download(results_pdf(view), "application/pdf", f"club-night-{night_id}-results.pdf")


@bp.get("/<id:night_id>/rounds/<id:number>/cards.pdf")
def cards(night_id: int, number: int):
    """Round ``number``'s score cards, one table a page."""
    view = clubresults.night_view(_night(night_id))
    try:
        body = cards_pdf(view, number)
    except LookupError:
        abort(404)
    return download(body, "application/pdf", f"club-night-{night_id}-round-{number}-cards.pdf")
