"""Who may do what, and for which table: the one gate every page and API request passes.

**Table mode** (the default): one table served on its own network. Anyone who can reach the
app may read and change everything, as at the table itself, with two optional locks:

- ``TABLE_PIN`` (``serve --pin 1234``): a phone enters the PIN once (the ``/pin`` page); its
  signed session cookie remembers it (a keyed fingerprint of the PIN, so changing the PIN
  ends every phone's). Pages without it go to the PIN page; the API answers 401 unless the
  request carries that cookie or the API token.
- ``API_TOKEN``: the API's writing routes need ``Authorization: Bearer <API_TOKEN>``; reading
  needs none (unless a PIN is set).

**Hosted mode** (``HOSTED``): many private tables. A request's table and what it may do come
from, in this order:

1. the API's bearer token: a table's member token may write, its watch token only read, any
   other token is refused (401);
2. the phone's signed session cookie: the tables it joined (member link and PIN) or watches
   (watch link), each with the links' generation it joined under (regenerating the links
   bumps the table's generation, so older phones no longer count), and the table it opened
   last, which the pages show (the tables page switches).

A request with neither is a stranger's: the tables page (start a table) and the link pages
are open, ``/`` leads there, every other page is a 404 and the API a 401. A watcher asking to
change anything, or for a page that only serves changing (``writes_only``), gets 403. A
member of one table asking for another table's rows gets 404 from the services, which look
every row up within ``current_table()``.

The API takes the cookie too (the pages' scripts poll it); that needs no CSRF token because
the API's writes take JSON only and the cookie is SameSite=Lax: another site's page can send
neither.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import (
    Flask,
    abort,
    current_app,
    g,
    has_request_context,
    redirect,
    request,
    session,
    url_for,
)

from .services.tables import Table, default_table, hosted_tables, table_for_token, table_to_read

V = TypeVar("V", bound=Callable[..., Any])
READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
API_PREFIX = "/api/"
MEMBER, WATCHER = "member", "watcher"
OPEN_ENDPOINTS = frozenset(
    {
        "static",
        "healthz",
        "favicon",
        "api_openapi",
        "api_docs.docs",
        "api_docs.swagger_css",
        "api_docs.swagger_js",
        "api_docs.problems",
        "app_shell.manifest",
        "app_shell.service_worker",
        "app_shell.offline",
    }
)
"""Endpoints anyone may use in every mode: files, the health check, the API's document and its
pages (the docs, the problem codes), and the installable app's shell (its manifest, service
worker and offline page), which hold nothing of any table."""

TABLES_KEY = "tables"  # session cookie: {"<table id>": [generation, role, member token]}
CURRENT_KEY = "table"  # session cookie: the id of the table the phone opened last
PIN_KEY = "table_pin"  # session cookie: table mode's PIN fingerprint
NEW_PIN_KEY = "new_pin"  # session cookie: a new PIN to show its maker once
MAX_REMEMBERED = 20
"""Tables one phone remembers; joining one more forgets the one joined longest ago."""


class Grant(enum.IntEnum):
    """What a request may do, in increasing order."""

    NONE = 0
    READ = 1
    WRITE = 2


class AccessDenied(Exception):
    """An API request without the grant it needs; ``code`` says why, ``status`` is 401 (no
    or a wrong credential) or 403 (a watch token asked to write)."""

    def __init__(self, code: str, detail: str, status: int = 401) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status


@dataclass(frozen=True)
class Access:
    """A request's grant; in hosted mode also its table and how it holds it."""

    grant: Grant
    table: Table | None = None
    role: str | None = None  # hosted: member, watcher, or None for a stranger


@dataclass(frozen=True)
class Membership:
    """A hosted table as this phone remembers it."""

    table_id: int
    generation: int
    role: str
    token: str | None = None  # a member's token, to show the links again


# -- settings ---------------------------------------------------------------------------------


def is_on(value: object) -> bool:
    """A setting read as a switch: True, 1, "true", "yes" or "on" (any case)."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def hosted() -> bool:
    """True when the app serves many private tables (the ``HOSTED`` setting)."""
    return is_on(current_app.config.get("HOSTED"))


def table_pin() -> str | None:
    """Table mode's PIN (``TABLE_PIN``), or None when phones need none."""
    pin = current_app.config.get("TABLE_PIN")
    return None if pin in (None, "", False) else str(pin).strip()


def check_pin_setting(pin: object) -> str:
    """``pin`` as the table's PIN: 4 to 12 digits, else ``ValueError`` naming the rule."""
    text = str(pin).strip()
    if not (text.isascii() and text.isdigit() and 4 <= len(text) <= 12):
        raise ValueError(f"TABLE_PIN must be 4 to 12 digits, not {text!r}.")
    return text


# -- credentials ------------------------------------------------------------------------------


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or None when none is sent."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AccessDenied("invalid-token", "Authorization must be 'Bearer <token>'.")
    return token.strip()


def pin_fingerprint(pin: str) -> str:
    """What a phone's cookie holds once it entered table mode's PIN: the PIN keyed with the
    app's secret key, so the cookie does not show the PIN and a new PIN ends old cookies."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"table-pin:" + pin.encode(), hashlib.sha256).hexdigest()[:32]


def pin_remembered() -> bool:
    """True when this phone entered table mode's current PIN."""
    pin = table_pin()
    held = session.get(PIN_KEY)
    if not pin or not isinstance(held, str):
        return False
    return hmac.compare_digest(held, pin_fingerprint(pin))


def remember_table_pin() -> None:
    """Remember on this phone that it entered table mode's PIN."""
    pin = table_pin()
    if pin:
        session[PIN_KEY] = pin_fingerprint(pin)
        session.permanent = True


def remembered() -> dict[int, Membership]:
    """The hosted tables this phone's cookie names, unchecked (see ``memberships``)."""
    raw = session.get(TABLES_KEY)
    found: dict[int, Membership] = {}
    if not isinstance(raw, dict):
        return found
    for key, value in raw.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(value, list)):
            continue
        if len(value) < 2 or not isinstance(value[0], int) or value[1] not in (MEMBER, WATCHER):
            continue
        token = value[2] if len(value) > 2 and isinstance(value[2], str) else None
        found[int(key)] = Membership(int(key), value[0], value[1], token)
    return found


def _store(entries: dict[int, Membership]) -> None:
    kept = list(entries.values())[-MAX_REMEMBERED:]
    session[TABLES_KEY] = {
        str(m.table_id): [m.generation, m.role] + ([m.token] if m.token else []) for m in kept
    }
    session.permanent = True
    g.pop("memberships", None)


def remember(table: Table, role: str, token: str | None = None) -> None:
    """Remember on this phone that it belongs to ``table`` (as a member, with its token, or a
    watcher) under the table's current generation, and open it."""
    entries = remembered()
    entries.pop(table.id, None)
    entries[table.id] = Membership(table.id, table.generation, role, token)
    _store(entries)
    open_table(table.id)


def forget(table_id: int) -> None:
    """Forget ``table_id`` on this phone."""
    entries = remembered()
    entries.pop(table_id, None)
    _store(entries)
    if session.get(CURRENT_KEY) == table_id:
        session.pop(CURRENT_KEY)


def open_table(table_id: int) -> None:
    """Make ``table_id`` the table this phone's pages show."""
    session[CURRENT_KEY] = table_id
    g.pop("access", None)


def memberships() -> list[tuple[Table, Membership]]:
    """The tables this phone belongs to, checked against the database, oldest joined first.

    A table whose links were made anew since (another generation) or that is gone no longer
    counts, and is dropped from the cookie.
    """
    if "memberships" not in g:
        entries = remembered()
        tables = hosted_tables(list(entries))
        valid = [
            (tables[i], m)
            for i, m in entries.items()
            if i in tables and tables[i].generation == m.generation
        ]
        if len(valid) != len(entries):
            _store({m.table_id: m for _, m in valid})
        g.memberships = valid
    return g.memberships


def membership_of(table_id: int) -> Membership | None:
    """This phone's valid membership of ``table_id``, if it has one."""
    return next((m for t, m in memberships() if t.id == table_id), None)


def show_pin_once(table: Table, pin: str | None) -> None:
    """Keep a new PIN for the next links page of this phone (and only that one)."""
    if pin:
        session[NEW_PIN_KEY] = [table.id, pin]


def take_new_pin(table: Table) -> str | None:
    """The new PIN of ``table`` to show now, if this phone just made it; shown once."""
    held = session.get(NEW_PIN_KEY)
    if isinstance(held, list) and len(held) == 2 and held[0] == table.id:
        session.pop(NEW_PIN_KEY)
        return str(held[1])
    return None


# -- deciding ---------------------------------------------------------------------------------


def _is_api() -> bool:
    return request.path.startswith(API_PREFIX)


def _table_mode_access() -> Access:
    """Pages: WRITE, as at the table, unless a PIN is set and this phone has not entered it.
    The API: the API token (when set and sent) writes; otherwise the PIN cookie writes when a
    PIN is set; otherwise WRITE at an open table and READ when an API token is set. A wrong
    token is refused outright."""
    pin_needed = bool(table_pin()) and not pin_remembered()
    if not _is_api():
        return Access(Grant.NONE if pin_needed else Grant.WRITE)
    required = current_app.config.get("API_TOKEN")
    token = bearer_token()
    if required and token is not None:
        if hmac.compare_digest(token.encode(), str(required).encode()):
            return Access(Grant.WRITE)
        raise AccessDenied("invalid-token", "That API token is not this table's.")
    if table_pin():
        return Access(Grant.NONE if pin_needed else Grant.WRITE)
    return Access(Grant.READ if required else Grant.WRITE)


def _hosted_access() -> Access:
    """The bearer token's table (API only), else the table this phone opened last among those
    it belongs to, else nothing."""
    if _is_api():
        token = bearer_token()
        if token is not None:
            found = table_for_token(token)
            if found is None:
                raise AccessDenied(
                    "invalid-token",
                    "That token is no table's member or watch token (links made anew end "
                    "the old ones).",
                )
            table, role = found
            return Access(Grant.WRITE if role == MEMBER else Grant.READ, table, role)
    valid = memberships()
    if not valid:
        return Access(Grant.NONE)
    current = session.get(CURRENT_KEY)
    table, membership = next(((t, m) for t, m in valid if t.id == current), valid[-1])
    if table.id != current:
        session[CURRENT_KEY] = table.id
    grant = Grant.WRITE if membership.role == MEMBER else Grant.READ
    return Access(grant, table, membership.role)


def request_access() -> Access:
    """What this request may do and, in hosted mode, for which table (worked out once)."""
    if "access" not in g:
        g.access = _hosted_access() if hosted() else _table_mode_access()
    return g.access


def reads_only(view: V) -> V:
    """Mark a view that changes nothing whatever its method (a calculator taking a POST body),
    so a reader may use it."""
    view.reads_only = True  # type: ignore[attr-defined]
    return view


def writes_only(view: V) -> V:
    """Mark a page that only serves changing data (a form), so even its GET needs WRITE: a
    watcher is not shown the hand form, the house rules form or a delete confirmation."""
    view.writes_only = True  # type: ignore[attr-defined]
    return view


def open_to_all(view: V) -> V:
    """Mark a page anyone may open (starting a table, a link's page, the PIN page): the gate
    lets it through and the view checks what it needs itself."""
    view.open_to_all = True  # type: ignore[attr-defined]
    return view


def needed_grant() -> Grant:
    """READ for a GET, HEAD or OPTIONS, or a view marked ``reads_only``; WRITE for anything
    that may change data, and for a page marked ``writes_only``."""
    view = current_app.view_functions.get(request.endpoint or "")
    if getattr(view, "writes_only", False):
        return Grant.WRITE
    if request.method in READING_METHODS:
        return Grant.READ
    return Grant.READ if getattr(view, "reads_only", False) else Grant.WRITE


def _refuse(access: Access):
    """Refuse a request that lacks the grant it needs: an ``AccessDenied`` problem for the
    API; for a page, the PIN page (table mode), the tables page (a hosted stranger at ``/``),
    403 (a watcher) or 404 (a stranger: nothing says what exists)."""
    if access.grant == Grant.READ:
        if not hosted():
            raise AccessDenied(
                "token-required", "Changing data through the API needs the table's API token."
            )
        if _is_api():
            raise AccessDenied(
                "watch-only",
                "A watch token only reads: changing this table needs its member token.",
                403,
            )
        abort(403)
    if not hosted():
        if _is_api():
            raise AccessDenied(
                "pin-required",
                "This table has a PIN: enter it on a page of this browser first, or send "
                "Authorization: Bearer <API_TOKEN>.",
            )
        here = request.full_path.rstrip("?") if request.method in READING_METHODS else "/"
        return redirect(url_for("tables.pin", next=here))
    if _is_api():
        raise AccessDenied(
            "token-required",
            "Send the table's member token (or its watch token, to read) as "
            "Authorization: Bearer <token>.",
        )
    if request.endpoint == "sessions.home":
        return redirect(url_for("tables.index"))
    abort(404)


def check_request():
    """Before every request, pages and API alike: refuse one that may not do what it asks;
    remember its grant in ``g.grant``."""
    endpoint = request.endpoint
    view = current_app.view_functions.get(endpoint or "")
    if endpoint is None or endpoint in OPEN_ENDPOINTS or getattr(view, "open_to_all", False):
        return None
    access = request_access()
    g.grant = access.grant
    if access.grant >= needed_grant():
        return None
    return _refuse(access)


def current_table() -> Table:
    """The table this request is for.

    Hosted mode: the table of the request's token or of this phone (``request_access``);
    a request without one never gets this far (the gate refuses it), else a 404.
    Table mode: the one table. A GET or HEAD only reads: before anything was saved it sees an
    empty, unsaved table. A request that may save gets the stored table, added by the first
    save that needs it.
    """
    if "table" not in g:
        if hosted():
            table = request_access().table
            if table is None:
                abort(404)
            g.table = table
        else:
            g.table = table_to_read() if request.method in ("GET", "HEAD") else default_table()
    return g.table


def _template_access() -> dict[str, Any]:
    """What pages show or hide by access: ``can_write`` (a watcher sees no forms),
    ``hosted``, and in hosted mode ``here_table`` and ``table_count`` for the switcher."""
    info: dict[str, Any] = {"can_write": False, "hosted": False, "here_table": None}
    info["table_count"] = 0
    if not has_request_context():
        return info
    try:
        info["hosted"] = hosted()
        access = request_access()
        info["can_write"] = access.grant >= Grant.WRITE
        if info["hosted"]:
            info["here_table"] = access.table
            info["table_count"] = len(memberships())
    except Exception:  # an error page must render even when the database cannot answer
        current_app.logger.debug("access unknown while rendering", exc_info=True)
    return info


def init_app(app: Flask) -> None:
    """Put the gate before every request of ``app`` and tell templates what may be shown;
    refuse a ``TABLE_PIN`` that is not 4 to 12 digits, or one set in hosted mode."""
    pin = app.config.get("TABLE_PIN")
    if pin not in (None, "", False):
        if is_on(app.config.get("HOSTED")):
            raise ValueError("TABLE_PIN is for table mode: each hosted table has its own PIN.")
        app.config["TABLE_PIN"] = check_pin_setting(pin)
    app.before_request(check_request)
    app.context_processor(_template_access)
