"""Security headers on every response, and the flags of the session cookie.

``init_app`` makes every response the app sends (pages, API answers, problems, static files,
error pages, the PDF and the other downloads) carry:

- ``Content-Security-Policy`` (``CONTENT_SECURITY_POLICY``): scripts, styles, images, fonts,
  fetches, the manifest and service workers from the app's own origin only, and no inline
  script or style: a name someone typed that slipped past the escaping still could not run
  or restyle anything. ``img-src`` also allows ``data:`` images, as the issue's policy does
  (an image runs nothing; no page uses one today); no plugins (``object-src 'none'``); no
  ``<base>`` pointing elsewhere; forms post only to the app; no other site may frame a page
  (``frame-ancestors 'none'``, against clickjacking). This is the issue's policy as it was
  set out, nothing loosened.
- ``X-Content-Type-Options: nosniff``: a browser takes each answer as the type it is sent as
  (an uploaded or exported file is never run as a script).
- ``Referrer-Policy: same-origin``: the address of a session is not sent to another site.
  The app's own requests keep it, which the forms' token check needs over HTTPS (Flask-WTF
  compares the referrer with the host there), so ``no-referrer`` would break every form.
- ``Strict-Transport-Security`` (``HSTS``), only on a request that came over HTTPS
  (``request.is_secure``; behind a proxy, the proxy settings decide that): the browser then
  goes straight to HTTPS for a year. Over plain HTTP (the table's own laptop) it would mean
  nothing, so it is not sent.

A header the view already set is left as it is (``setdefault``): a view that needs another
policy says so itself.

The session cookie (Flask's; it carries the forms' security token) is always ``HttpOnly``
(no script reads it) and ``SameSite=Lax`` (another site's form posts without it). With the
``HTTPS`` setting (``SCOREKEEPER_HTTPS=true``), for an app served only over HTTPS, it is also
``Secure`` and named ``__Host-session`` with path ``/`` and no domain: a browser then keeps it
only from this host over HTTPS, and nothing on another subdomain or over plain HTTP can set it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The policy every response carries: the app's own files only, nothing inline."""

REFERRER_POLICY = "same-origin"
HSTS = "max-age=31536000"
"""A year; no ``includeSubDomains``: other sites on sibling names are not the app's to decide."""

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
}
"""The headers every response carries, over HTTP and HTTPS alike."""

HTTPS_COOKIE_NAME = "__Host-session"

_TRUE = {"1", "true", "yes", "on"}


def https_only(config: dict[str, Any]) -> bool:
    """Whether the ``HTTPS`` setting says the app is served over HTTPS only."""
    value = config.get("HTTPS", False)
    if isinstance(value, str):
        return value.strip().lower() in _TRUE
    return bool(value)


def init_app(app: Flask) -> None:
    """Set the session cookie's flags and add the security headers to every response."""
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    if https_only(app.config):
        # The __Host- prefix: a browser refuses the cookie unless it is Secure, for path /
        # and without a Domain attribute, so all three are set here too.
        app.config["SESSION_COOKIE_NAME"] = HTTPS_COOKIE_NAME
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["SESSION_COOKIE_PATH"] = "/"
        app.config["SESSION_COOKIE_DOMAIN"] = None
    app.after_request(security_headers)


def security_headers(response: Response) -> Response:
    """Add the security headers to a response, keeping any the view set itself."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response
