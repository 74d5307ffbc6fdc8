"""Error pages in the app's look: 400, 403, 404, 405, 413, 500 and 503, and the one handler of an
expired form.

A 500 rolls the database session back first, so nothing of the failed request is half-saved
(and nothing the page itself loads can commit it), then says plainly that the last change
was not saved.

Every form is protected by Flask-WTF's ``CSRFProtect``. A token that has expired (a page left
open all evening) or is missing (the phone dropped its cookie) raises ``CSRFError`` before the
view runs; ``stale_form`` then shows the same form again with everything typed kept and a
message at its top, through the view's re-show function (``views.stale.reshown_when_stale``).
Nothing is saved: the page it shows carries a fresh token, so tapping Save again works. A
form without a re-show function (a confirmation button) gets the 400 page.
"""

from __future__ import annotations

import logging

from flask import Flask, current_app, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from ..api.codes import ProblemCode
from ..api.problems import http_problem, is_api_request, problem_response
from ..limits import MAX_REQUEST_BYTES
from ..services.exports.imports import MAX_IMPORT_BYTES
from ..services.sessions import NotFound
from ..services.unit_of_work import roll_back

log = logging.getLogger(__name__)

STALE_FORM = (
    "This page was open a long time, so the save was not accepted yet. Everything you typed is "
    "still here: check it and tap Save again."
)


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:g} MB"


def bad_request(error: HTTPException):
    """400: the request could not be read (or a form's security token was missing)."""
    expired = isinstance(error, CSRFError)
    return render_template("errors/400.html", expired=expired), 400


def stale_form(error: CSRFError):
    """An expired or missing security token: the same form again, as typed, saving nothing."""
    view = current_app.view_functions.get(request.endpoint or "")
    reshow = getattr(view, "reshow_when_stale", None)
    if reshow is None:
        return bad_request(error)
    try:
        return reshow(STALE_FORM, **(request.view_args or {}))
    except (HTTPException, NotFound) as raised:  # the session went away meanwhile, say
        return current_app.handle_user_exception(raised)  # its own page


def forbidden(_error: HTTPException):
    """403: a watcher (read only) asked for a page that changes data."""
    return render_template("errors/403.html"), 403


def not_found(_error: HTTPException | NotFound):
    """404: no such page, session, hand, player or payment (a service's ``NotFound`` too)."""
    return render_template("errors/404.html"), 404


def method_not_allowed(error: HTTPException):
    """405: a page opened in a way it does not take (a form's address typed in, say)."""
    allowed = ", ".join(getattr(error, "valid_methods", None) or ())
    page = render_template("errors/405.html")
    return page, 405, {"Allow": allowed} if allowed else {}


def too_large(_error: HTTPException):
    """413: more was sent than a page takes."""
    return render_template(
        "errors/413.html",
        limit=_megabytes(MAX_REQUEST_BYTES),
        import_limit=_megabytes(MAX_IMPORT_BYTES),
    ), 413


def server_error(error: Exception):
    """500: roll back whatever the request wrote, then say the change was not saved."""
    try:
        roll_back()
    except Exception:  # the page must still be shown if the database itself failed
        log.exception("rollback after a server error failed")
    return render_template("errors/500.html"), 500


def database_busy(error: HTTPException):
    """503: the request kept colliding with changes made at the same moment (PostgreSQL), so
    nothing was saved; a page, or a problem for the JSON API, asking to try again."""
    headers = {"Retry-After": "1"}
    if is_api_request():
        return problem_response(
            503, ProblemCode.DATABASE_BUSY, error.description or "", headers=headers
        )
    return render_template("errors/503.html"), 503, headers


def _or_problem(page):
    """``page`` for a page's request; the same error as a problem for the JSON API's."""

    def handle(error):
        if not is_api_request():
            return page(error)
        if isinstance(error, HTTPException) and (error.code or 500) < 500:
            return http_problem(error)
        page(error)  # a 500: roll back as for a page
        return problem_response(
            500, ProblemCode.SERVER_ERROR, "The change was not saved; try again."
        )

    handle.__name__ = page.__name__
    return handle


def register(app: Flask) -> None:
    """Attach the error pages to ``app`` (the JSON API answers the same errors as problems)."""
    app.register_error_handler(400, _or_problem(bad_request))
    app.register_error_handler(CSRFError, stale_form)
    app.register_error_handler(403, _or_problem(forbidden))
    app.register_error_handler(404, _or_problem(not_found))
    app.register_error_handler(NotFound, not_found)  # the API's blueprints answer a problem
    app.register_error_handler(405, _or_problem(method_not_allowed))
    app.register_error_handler(413, _or_problem(too_large))
    app.register_error_handler(500, _or_problem(server_error))
    app.register_error_handler(503, database_busy)
