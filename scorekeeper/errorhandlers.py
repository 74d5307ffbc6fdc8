"""Every error a request meets, answered in one place for the whole app: a page in the app's
look (400, 403, 404, 405, 413, 500 and 503, and the one handler of an expired form), or, for
a request to the JSON API (``is_api_request``), the same error as a problem (RFC 9457).

The problem is the API's to make, in its own codes (``api.problems.error_problem``):
``create_app`` hands it to ``register``. So this module imports nothing of the views or the
API, and neither of them imports the other for its errors; the API asks ``is_api_request``
here, and a form's view is marked for the expired-form handler by ``views.stale``.

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
from collections.abc import Callable

from flask import Flask, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .access import API_PREFIX
from .limits import MAX_REQUEST_BYTES
from .services.exports.imports import MAX_IMPORT_BYTES
from .services.notfound import NotFound
from .services.unit_of_work import roll_back

log = logging.getLogger(__name__)

Answer = Callable[[HTTPException], ResponseReturnValue]
"""What answers an error: a page, or the API's problem."""

STALE_FORM = (
    "This page was open a long time, so the save was not accepted yet. Everything you typed is "
    "still here: check it and tap Save again."
)

BUSY_HEADERS = {"Retry-After": "1"}
"""What a 503 carries, page or problem: the request may be sent again in a second."""


def is_api_request() -> bool:
    """True when the request is for the JSON API (its errors are problems, not pages)."""
    return request.path.startswith(API_PREFIX)


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:g} MB"


def _roll_back() -> None:
    """Roll back whatever the request wrote (logged, never raised, if the database itself
    failed: the answer must still be given)."""
    try:
        roll_back()
    except Exception:
        log.exception("rollback after a server error failed")


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
    _roll_back()
    return render_template("errors/500.html"), 500


def database_busy(_error: HTTPException):
    """503: the request kept colliding with changes made at the same moment (PostgreSQL), so
    nothing was saved; a page asking to try again."""
    return render_template("errors/503.html"), 503, BUSY_HEADERS


def _page_or_problem(page: Answer, api_problem: Answer) -> Answer:
    """``page`` for a page's request; the same error as the API's problem for the JSON API's
    (a 500 rolled back first, as for a page)."""

    def handle(error: HTTPException):
        if not is_api_request():
            return page(error)
        if (error.code or 500) == 500:
            _roll_back()
        return api_problem(error)

    handle.__name__ = page.__name__
    return handle


def register(app: Flask, api_problem: Answer) -> None:
    """Answer the errors of every request to ``app``: a page, or for a request to the JSON API
    the problem ``api_problem`` makes of the error (``api.problems.error_problem``)."""
    app.register_error_handler(400, _page_or_problem(bad_request, api_problem))
    app.register_error_handler(CSRFError, stale_form)
    app.register_error_handler(403, _page_or_problem(forbidden, api_problem))
    app.register_error_handler(404, _page_or_problem(not_found, api_problem))
    app.register_error_handler(NotFound, not_found)  # the API's blueprints answer a problem
    app.register_error_handler(405, _page_or_problem(method_not_allowed, api_problem))
    app.register_error_handler(413, _page_or_problem(too_large, api_problem))
    app.register_error_handler(500, _page_or_problem(server_error, api_problem))
    app.register_error_handler(503, _page_or_problem(database_busy, api_problem))
