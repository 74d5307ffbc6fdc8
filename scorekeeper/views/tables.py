"""Private tables and PINs: start a table, join it through its member link and PIN, watch it
through its watch link, show and regenerate its links, switch between one's tables; and table
mode's PIN page.

Every page here but the links pages is ``open_to_all``: a stranger must reach them to start
or join a table, so each checks what it needs itself. What a phone belongs to lives in its
signed session cookie (``access.remember``); the database keeps only digests of the links'
tokens and of the PIN (``services.tables``). A wrong PIN is counted in the database for every
worker (``services.pins``): the eleventh within a minute from one address is refused with a
429 page saying when to try again. Starting tables is counted the same way: over
``NEW_TABLES_PER_HOUR`` from one address, the form is shown again with what was typed, a
429 and when another may be started. The address is the one ``client_address`` gives.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from wtforms import StringField

from ..access import (
    MEMBER,
    WATCHER,
    current_table,
    forget,
    hosted,
    membership_of,
    memberships,
    open_table,
    open_to_all,
    pin_remembered,
    remember,
    remember_table_pin,
    remembered,
    request_access,
    show_pin_once,
    table_pin,
    take_new_pin,
    writes_only,
)
from ..forms.setup import ConfirmForm
from ..rules.errors import RuleError
from ..services import attempts, pins
from ..services import tables as table_service
from ..web import qr
from .redirects import local_target
from .routing import form_post
from .stale import reshown_when_stale

bp = Blueprint("tables", __name__)

WRONG_PIN = "That PIN is not right. Check it with someone at the table and try again."


class NameForm(FlaskForm):
    """A new table's name."""

    name = StringField("Name of the table")


class PinForm(FlaskForm):
    """A PIN as typed."""

    pin = StringField("PIN")


def _hosted_only() -> None:
    if not hosted():
        abort(404)


def client_address() -> str | None:
    """The client's address as the limits count it: the connection's, or the one a reverse
    proxy passes on when ``PROXY_FIX_X_FOR`` says to believe it (``factory._trust_proxy``)."""
    return request.remote_addr


def wait_in_words(seconds: int) -> str:
    """``seconds`` as a person reads a wait: seconds under two minutes, else whole minutes
    (rounded up, so the wait is never shorter than said)."""
    if seconds < 120:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    return f"{-(-seconds // 60)} minutes"


def _too_many(error: attempts.TooMany, back: str):
    """The 429 page: how long to wait, and the header that says so to a script."""
    page = render_template("errors/429.html", wait=wait_in_words(error.retry_after), back=back)
    return page, 429, {"Retry-After": str(error.retry_after)}


def _pin_page(form: PinForm, title: str, intro: str, error: str | None, status: int = 200):
    return render_template(
        "tables/pin.html", form=form, title=title, intro=intro, error=error
    ), status


def _checked_pin(
    table_id: int | None, is_right: Callable[[], bool], back: str
) -> tuple[bool, object]:
    """(right, refusal): the PIN checked under the rate limit, or the 429 page to send."""
    try:
        return pins.try_pin(table_id, client_address(), is_right), None
    except attempts.TooMany as error:
        return False, _too_many(error, back)


# -- hosted: one's tables ---------------------------------------------------------------------


@bp.get("/tables")
@open_to_all
def index():
    """The tables this phone belongs to, to switch between; start a new one."""
    _hosted_only()
    here = request_access().table
    return render_template(
        "tables/index.html",
        tables=memberships(),
        current=here.id if here is not None else None,
        form=ConfirmForm(),
    )


def _too_many_tables(per_hour: int, retry_after: int) -> str:
    """What the start-a-table form says when this address has started its tables."""
    tables = f"{per_hour} table{'' if per_hour == 1 else 's'}"
    return (
        f"This address has started {tables} in the last hour, the most one address may "
        "(phones on one Wi-Fi share an address). Nothing was saved. You can start another "
        f"in {wait_in_words(retry_after)}."
    )


def _reshow_new_table(message: str):
    """The start-a-table form with the name as typed, after an expired token."""
    return render_template("tables/new.html", form=NameForm(), error=message), 400


@bp.route("/tables/new", methods=["GET", "POST"])
@open_to_all
@reshown_when_stale(_reshow_new_table)
def new():
    """Start a table: a name, then its member link, watch link and PIN. Over the limit of
    tables from one address, the form again with the name typed, 429 and when to try again."""
    _hosted_only()
    form = NameForm()
    error = refused = None
    status, headers = 200, {}
    if request.method == "POST" and form.validate_on_submit():
        per_hour = current_app.config["NEW_TABLES_PER_HOUR"]
        try:
            table, links = table_service.start_hosted_table(
                form.name.data or "", client_address(), per_hour
            )
        except RuleError as broken:
            error, status = broken.rule, 422
        except attempts.TooMany as over:
            refused = _too_many_tables(per_hour, over.retry_after)
            status, headers = 429, {"Retry-After": str(over.retry_after)}
        else:
            remember(table, MEMBER, links.member_token)
            show_pin_once(table, links.pin)
            flash(f"{table.name} is ready. Share the member link and the PIN.", "ok")
            return redirect(url_for("tables.links"))
    page = render_template("tables/new.html", form=form, error=error, refused=refused)
    return page, status, headers


def _member_of(table_id: int) -> None:
    """A 404 unless this phone is a valid member of ``table_id`` (hosted mode only)."""
    _hosted_only()
    if membership_of(table_id) is None:
        abort(404)


def _remembers(table_id: int) -> None:
    """A 404 unless this phone remembers ``table_id`` (hosted mode only)."""
    _hosted_only()
    if table_id not in remembered():
        abort(404)


@form_post(bp, "/tables/<id:table_id>/open", "tables.index", found=_member_of)
@open_to_all
def open_(table_id: int):
    """Show ``table_id`` on this phone from now on (it must be one of its tables)."""
    _member_of(table_id)
    open_table(table_id)
    return redirect(url_for("sessions.home"))


@form_post(bp, "/tables/<id:table_id>/forget", "tables.index", found=_remembers)
@open_to_all
def forget_table(table_id: int):
    """Forget ``table_id`` on this phone (its link and PIN let it back in)."""
    _remembers(table_id)
    forget(table_id)
    flash("This phone no longer opens that table.", "ok")
    return redirect(url_for("tables.index"))


# -- hosted: links ----------------------------------------------------------------------------


def _reshow_join(message: str, token: str):
    """The PIN page again after an expired token (no PIN was checked)."""
    found = table_service.table_for_token(token)
    if not hosted() or found is None or found[1] != MEMBER:
        abort(404)
    return _join_page(found[0].name, PinForm(), message, 400)


def _join_page(name: str, form: PinForm, error: str | None, status: int = 200):
    return _pin_page(
        form,
        f"Join {name}",
        "Enter the table's PIN. This phone remembers it: you are asked once.",
        error,
        status,
    )


@bp.route("/join/<token>", methods=["GET", "POST"])
@open_to_all
@reshown_when_stale(_reshow_join)
def join(token: str):
    """A member link: the PIN once, then this phone is a member of the table."""
    _hosted_only()
    found = table_service.table_for_token(token)
    if found is None or found[1] != MEMBER:
        abort(404)
    table = found[0]
    held = membership_of(table.id)
    if held is not None and held.role == MEMBER:
        open_table(table.id)
        return redirect(url_for("sessions.home"))
    form = PinForm()
    if request.method == "POST" and form.validate_on_submit():
        table_id, name = table.id, table.name
        right, refusal = _checked_pin(
            table_id,
            lambda: table_service.is_pin_of(table, token, form.pin.data or ""),
            url_for("tables.join", token=token),
        )
        if refusal is not None:
            return refusal
        if right:
            remember(table, MEMBER, token)
            flash(f"Welcome to {name}. This phone is a member now.", "ok")
            return redirect(url_for("sessions.home"))
        return _join_page(name, form, WRONG_PIN, 422)
    return _join_page(table.name, form, None)


@bp.get("/watch/<token>")
@open_to_all
def watch(token: str):
    """A watch link: this phone follows the table's standings, history and reports, read
    only. It changes nothing stored, only what this phone's cookie remembers (a member stays
    a member)."""
    _hosted_only()
    found = table_service.table_for_token(token)
    if found is None or found[1] != WATCHER:
        abort(404)
    table = found[0]
    held = membership_of(table.id)
    if held is None or held.role != MEMBER:
        remember(table, WATCHER)
        flash(f"Watching {table.name}: standings, history and reports, read only.", "ok")
    else:
        open_table(table.id)
    return redirect(url_for("sessions.home"))


@bp.get("/links")
@writes_only
def links():
    """The member link and the watch link of this phone's table, with QR codes; a new PIN
    once, right after it was made."""
    _hosted_only()
    table = current_table()
    held = remembered().get(table.id)
    found = table_service.links_of(table, held.token) if held and held.token else None
    shown = None
    if found is not None:
        member_url = qr.public_url(url_for("tables.join", token=found.member_token))
        watch_url = qr.public_url(url_for("tables.watch", token=found.watch_token))
        shown = {
            "member_url": member_url,
            "member_svg": qr.svg(member_url),
            "watch_url": watch_url,
            "watch_svg": qr.svg(watch_url),
        }
    return render_template(
        "tables/links.html", table=table, links=shown, pin=take_new_pin(table), form=ConfirmForm()
    )


@form_post(bp, "/links/regenerate", "tables.links", found=_hosted_only)
def regenerate():
    """New member link, watch link and PIN; the old ones, and every other phone's membership,
    end. This phone stays a member."""
    _hosted_only()
    table = current_table()
    if ConfirmForm().validate_on_submit():
        made = table_service.regenerate_links(table)
        remember(table, MEMBER, made.member_token)
        show_pin_once(table, made.pin)
        flash("New links and a new PIN: the old ones no longer open this table.", "ok")
    return redirect(url_for("tables.links"))


# -- table mode: the PIN ----------------------------------------------------------------------


def _reshow_pin(message: str):
    """Table mode's PIN page again after an expired token (no PIN was checked)."""
    if hosted() or not table_pin():
        abort(404)
    return _table_pin_page(PinForm(), message, 400)


def _table_pin_page(form: PinForm, error: str | None, status: int = 200):
    return _pin_page(
        form,
        "This table has a PIN",
        "Ask someone at the table for it. This phone remembers it: you are asked once.",
        error,
        status,
    )


@bp.route("/pin", methods=["GET", "POST"])
@open_to_all
@reshown_when_stale(_reshow_pin)
def pin():
    """Table mode with ``TABLE_PIN``: a phone enters it once, then goes where it was going."""
    wanted = table_pin()
    if hosted() or not wanted:
        abort(404)
    target = local_target(request.values.get("next"), url_for("sessions.home"))
    if pin_remembered():
        return redirect(target)
    form = PinForm()
    if request.method == "POST" and form.validate_on_submit():
        typed = "".join((form.pin.data or "").split())[:32]
        right, refusal = _checked_pin(
            None,
            lambda: hmac.compare_digest(typed.encode(), wanted.encode()),
            url_for("tables.pin", next=target),
        )
        if refusal is not None:
            return refusal
        if right:
            remember_table_pin()
            return redirect(target)
        return _table_pin_page(form, WRONG_PIN, 422)
    return _table_pin_page(form, None)
