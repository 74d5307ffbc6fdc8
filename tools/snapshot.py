#!/usr/bin/env python3
"""Capture every output a user sees, one text file each, to compare the app before and after.

Run from a checkout with its virtualenv: ``.venv/bin/python tools/snapshot.py OUTDIR``
(``-j N``: N processes, 2 by default; OUTDIR is replaced if it holds a snapshot, refused if it
holds anything else). It imports ``scorekeeper`` from the checkout it lives in, builds a fresh
app on a temporary SQLite database (migrated as the tests migrate it) for each evening, plays
the evening through the pages and the JSON API as a phone would (CSRF on), and writes into
``OUTDIR/<evening>/``:

- every page of the session (session page at each step, hand form errors, correction and
  delete forms, history, settle up, house rules, share, leave, print view in Letter and A4,
  players, statistics, records, ratings, ledger, saved rules, the new-session form, home);
- the PDF report in Letter and A4 (and a club night's results and score cards) as
  ``pdftotext -layout`` text after ``pdfinfo``'s facts (title, page count, each page's size;
  not its file size, optimisation or PDF version, which are the bytes': see the digests);
  the CSV, the session file, the records and ratings CSVs, as served;
- the JSON API's answers (sessions, hands, standings, payments, ledger, records, ratings,
  saved rules, catalog, meld calculators, problems), pretty-printed with sorted keys;
- bad input (an illegal bid, an impossible meld, tricks that do not add up...) on the hand
  form, in its live preview and through the API;
- ``_index.txt``: each request whose answer is kept or that posts, in order, its status and
  the headers a client reads; ``_pdf-sha256.txt``: each PDF's digest (the PDFs are
  deterministic, so a change to one that leaves its text alone still shows).

An evening is played for every registered game (``rules.game.variant.GAMES``; one written in
``EVENINGS``, or for a game with none a generic evening of misdeals, and the script says so)
and a few variants. ``OUTDIR/_app/`` holds what belongs to no session (the OpenAPI document byte for
byte as served, the API docs and problems pages, the catalog, the meld calculators, every
new-session form) and ``OUTDIR/club-*`` two club nights.

Fixed rather than normalised, so that they are compared too:

- "now": every time the app stores or shows comes from ``scorekeeper.models.utcnow``, which calls
  ``datetime.now`` of that module; the script swaps that name for a clock it sets itself
  (an evening starts at 2026-03-07 00:30 UTC and each write moves it on 150 seconds, reads not
  at all), and stops if a session's ``created_at`` is not the clock's time;
- the KCMO draw: ``services.club.nights.shuffle_hat``, the draw's hook, reverses the hat;
- the settings: ``SECRET_KEY`` (signs the API's paging cursors) and ``TIMEZONE``
  (America/New_York: the evening's dates cross midnight UTC).

Normalised (regex, to a fixed placeholder), because they differ on every run and nothing else:

- the CSRF token in the forms' hidden ``csrf_token`` inputs: random per browser session and
  signed with the time;
- the ``request_id`` hidden inputs of the hand and payment forms: a fresh uuid4 each time a
  form is shown (what makes a double tap save once);
- the ETag of the standings (``GET /api/v1/sessions/{id}/standings``): a digest of the
  session's random token and version.

Cookies are not recorded. A status other than the one expected is written to
``<evening>/_unexpected.txt`` and printed, the capture goes on, and the script exits 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import multiprocessing
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, tzinfo
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import flask_migrate  # noqa: E402
from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from jinja2.bccache import Bucket, BytecodeCache  # noqa: E402
from werkzeug.datastructures import MultiDict  # noqa: E402
from werkzeug.test import TestResponse  # noqa: E402

from scorekeeper import create_app, models  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.rules.game.variant import Game, all_games  # noqa: E402
from scorekeeper.services.club import nights as clubnights  # noqa: E402

START = datetime(2026, 3, 7, 0, 30)
"""When each evening starts, UTC (19:30 on March 6 at the table, in New York)."""
WRITE_STEP = timedelta(seconds=150)
"""How far the clock moves before each write (a POST, PUT, PATCH or DELETE)."""
CONFIG = {
    "SECRET_KEY": "snapshot",
    "TIMEZONE": "America/New_York",
    "WTF_CSRF_ENABLED": True,
}
"""The app's settings beyond the database: fixed, so every figure they shape is compared."""
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Location", "ETag", "Link", "Retry-After")
"""The response headers a client reads, written to ``_index.txt`` beside each status."""


# -- the clock --------------------------------------------------------------------------------


class Clock:
    """The time the app reads: set by the script, moved only before a write."""

    def __init__(self) -> None:
        self.at = START

    def now(self, tz: tzinfo | None = None) -> datetime:
        """The clock's time, in ``tz`` (naive UTC without one), as ``datetime.now`` gives it."""
        aware = self.at.replace(tzinfo=UTC)
        return aware.astimezone(tz) if tz is not None else self.at

    def restart(self) -> None:
        """Back to the evening's start."""
        self.at = START

    def tick(self) -> None:
        """Move on one write's time."""
        self.at += WRITE_STEP


CLOCK = Clock()


class _ClockDatetime(datetime):
    """``datetime`` whose ``now`` is the clock's (what ``scorekeeper.models`` sees)."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
        """The clock's time."""
        return CLOCK.now(tz)


def freeze_time() -> None:
    """Make ``scorekeeper.models.utcnow`` (every time the app stores or shows) read the clock."""
    if getattr(models, "datetime", None) is not datetime or not hasattr(models, "utcnow"):
        raise SystemExit("scorekeeper.models no longer reads datetime.now: update freeze_time")
    setattr(models, "datetime", _ClockDatetime)  # noqa: B010 (a module's name, swapped)
    clubnights.shuffle_hat = lambda hat: hat.reverse()


# -- the app ----------------------------------------------------------------------------------


class _CompiledTemplates(BytecodeCache):
    """Templates compiled once and shared by every app the script makes."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give the bucket the code compiled before, if any."""
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code just compiled."""
        self.code[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _CompiledTemplates()


def make_app(root: Path) -> Flask:
    """The app on ``root``'s SQLite file, with the snapshot's settings."""
    app = create_app(
        {**CONFIG, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{root / 'scorekeeper.sqlite3'}"},
        instance_path=root / "instance",
    )
    app.jinja_env.bytecode_cache = _TEMPLATES
    return app


def dispose(app: Flask) -> None:
    """Close the app's database connections."""
    with app.app_context():
        db.engine.dispose()


def migrated_template(folder: Path) -> Path:
    """A SQLite file every migration has been run on, as the tests make it (copied per app)."""
    root = folder / "template"
    app = make_app(root)
    logging.disable(logging.INFO)  # Alembic's line per migration
    with app.app_context():
        flask_migrate.upgrade()
    logging.disable(logging.NOTSET)
    dispose(app)
    path = root / "scorekeeper.sqlite3"
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
    return path


@contextmanager
def fresh_app(template: Path, folder: Path) -> Iterator[Flask]:
    """An app on a fresh copy of the migrated database, the clock at the evening's start."""
    folder.mkdir(parents=True)
    shutil.copyfile(template, folder / "scorekeeper.sqlite3")
    CLOCK.restart()
    app = make_app(folder)
    try:
        yield app
    finally:
        dispose(app)


# -- forms ------------------------------------------------------------------------------------


@dataclass
class Form:
    """A form on a page: where it posts and what a browser would send from it."""

    id: str | None
    action: str
    pairs: list[tuple[str, str]] = field(default_factory=list)
    radios: dict[str, list[str]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)

    def data(self, changes: Mapping[str, str | None] | None = None) -> MultiDict[str, str]:
        """What the form sends, with ``changes`` (a field set to None is left out)."""
        sent: MultiDict[str, str] = MultiDict(self.pairs)
        for name, value in (changes or {}).items():
            sent.poplist(name)
            if value is not None:
                sent.add(name, value)
        return sent


class _FormReader(HTMLParser):
    """Every form of a page, read as a browser reads them (no submit buttons)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, list[tuple[str, bool]]] | None = None
        self.option: list[str] | None = None
        self.option_value: str | None = None
        self.option_selected = False
        self.textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open a form, or take a field (or a select's option) of the open form."""
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.form = Form(a.get("id"), a.get("action", ""))
            self.forms.append(self.form)
            return
        if tag == "option" and self.select is not None:
            self._end_option()
            self.option = []
            self.option_value = a.get("value")
            self.option_selected = "selected" in a
            return
        form, name = self.form, a.get("name")
        if form is None or not name or "disabled" in a:
            return
        form.names.add(name)
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if kind == "radio":
                    form.radios.setdefault(name, []).append(a.get("value", "on"))
                if "checked" in a:
                    form.pairs.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button", "image", "reset", "file"):
                form.pairs.append((name, a.get("value", "")))
        elif tag == "select":
            self.select = (name, [])
        elif tag == "textarea":
            self.textarea = (name, [])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A self-closed tag is read as an open one."""
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        """Text of a textarea or an option."""
        if self.textarea is not None:
            self.textarea[1].append(data)
        if self.option is not None:
            self.option.append(data)

    def _end_option(self) -> None:
        """Take the option read so far, if any, into the open select."""
        if self.select is not None and self.option is not None:
            value = self.option_value
            text = value if value is not None else " ".join("".join(self.option).split())
            self.select[1].append((text, self.option_selected))
        self.option = None

    def handle_endtag(self, tag: str) -> None:
        """Close a form, an option, a select or a textarea."""
        if tag == "form":
            self.form = None
        elif tag == "option":
            self._end_option()
        elif tag == "select" and self.select is not None:
            self._end_option()
            name, options = self.select
            chosen = [value for value, selected in options if selected] or [
                value for value, _ in options[:1]
            ]
            if self.form is not None:
                self.form.pairs.extend((name, value) for value in chosen)
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            if self.form is not None:
                self.form.pairs.append((self.textarea[0], "".join(self.textarea[1])))
            self.textarea = None


def forms_of(html: str) -> list[Form]:
    """Every form of a page."""
    reader = _FormReader()
    reader.feed(html)
    reader.close()
    return reader.forms


def form_on(html: str, *, form_id: str | None = None, action: str | None = None) -> Form:
    """The form with that id, or the first whose action (its path) ends with ``action``
    (``""``: the first that posts to the page's own address)."""
    for form in forms_of(html):
        if form_id is not None and form.id == form_id:
            return form
        path = urlsplit(form.action).path
        if action is not None and (path.endswith(action) if action else not form.action):
            return form
    raise LookupError(f"no form {form_id or action!r} on the page")


# -- normalising ------------------------------------------------------------------------------

_INPUT = re.compile(r"<input\b[^>]*>")
_RANDOM_INPUTS = re.compile(r'\bname="(csrf_token|request_id)"')
_VALUE = re.compile(r'\bvalue="[^"]*"')


def _fixed_input(match: re.Match[str]) -> str:
    """An input tag, its value fixed when it is a CSRF token or a request id."""
    tag = match.group(0)
    named = _RANDOM_INPUTS.search(tag)
    if named is None:
        return tag
    return _VALUE.sub(f'value="<{named.group(1)}>"', tag)


def normalise(text: str) -> str:
    """``text`` with what differs on every run (the module docstring's list) made fixed."""
    return _INPUT.sub(_fixed_input, text)


# -- a phone on the app -----------------------------------------------------------------------


def pretty(data: Any) -> str:
    """JSON as the snapshot writes it: sorted keys, two spaces, non-ASCII kept."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _file_name(name: str) -> str:
    """``name`` as a file name: letters, digits and ``_.+-`` kept, anything else a dash."""
    return re.sub(r"[^A-Za-z0-9_.+-]+", "-", name).strip("-")


class Phone:
    """A browser on the app (a test client) that keeps the answers it is asked to keep."""

    def __init__(self, app: Flask, out: Path) -> None:
        self.client: FlaskClient = app.test_client()
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self.index: list[str] = []
        self.unexpected: list[str] = []
        self.names: set[str] = set()
        self.digests: list[str] = []

    # -- requests

    def send(self, method: str, url: str, expect: int | None, **kwargs: Any) -> TestResponse:
        """One request (the clock moved on first if it writes); a status not expected noted."""
        if method != "GET":
            CLOCK.tick()
        response = self.client.open(url, method=method, **kwargs)
        if expect is not None and response.status_code != expect:
            text = response.get_data(as_text=True)
            shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))[-600:]
            note = f"{method} {url}: {response.status_code}, expected {expect}: {shown}"
            self.unexpected.append(note)
            print(f"  unexpected: {self.out.name}: {note}", file=sys.stderr)
        return response

    def keep(self, name: str, method: str, url: str, response: TestResponse, body: str) -> None:
        """Write ``body`` as ``name`` and the request's line in the index."""
        name = _file_name(name)
        if name in self.names:
            raise ValueError(f"{self.out.name}/{name} is written twice")
        self.names.add(name)
        (self.out / name).write_text(normalise(body), encoding="utf-8")
        self.note(method, url, response, name)

    def note(self, method: str, url: str, response: TestResponse, name: str = "") -> None:
        """The request's line in the index: status and the headers a client reads."""
        headers = []
        for key in KEPT_HEADERS:
            value = response.headers.get(key)
            if value is None:
                continue
            if key == "ETag" and urlsplit(url).path.endswith("/standings"):
                value = "<etag of the session's random token>"
            headers.append(f"{key}: {value}")
        line = f"{method} {url} -> {response.status_code}" + "".join(f"\n    {h}" for h in headers)
        self.index.append(line + (f"\n    => {name}" if name else ""))

    def read(self, url: str) -> str:
        """A page's HTML, read to fill in one of its forms (not kept: it is kept elsewhere)."""
        return self.client.get(url).get_data(as_text=True)

    # -- kinds of answer

    def page(self, name: str, url: str, expect: int | None = 200) -> str:
        """GET a page and keep it as ``name``.html; its HTML."""
        response = self.send("GET", url, expect)
        html = response.get_data(as_text=True)
        self.keep(f"{name}.html", "GET", url, response, html)
        return html

    def submit(
        self, name: str, url: str, data: Mapping[str, Any], expect: int | None = 302, **kwargs: Any
    ) -> tuple[TestResponse, str]:
        """POST a form; keep the page it leads to (its flash message shown) or the page that
        refused it; the answer and the page's HTML."""
        response = self.send("POST", url, expect, data=data, **kwargs)
        if response.status_code in (302, 303):
            self.note("POST", url, response)
            target = response.headers["Location"].split("#")[0]
            return response, self.page(name, target)
        html = response.get_data(as_text=True)
        self.keep(f"{name}.html", "POST", url, response, html)
        return response, html

    def api(
        self,
        name: str,
        method: str,
        url: str,
        body: Any = None,
        expect: int | None = 200,
        headers: Mapping[str, str] | None = None,
    ) -> TestResponse:
        """An API request; its answer kept as ``name``.json, pretty-printed."""
        kwargs: dict[str, Any] = {"headers": dict(headers or {})}
        if body is not None:
            kwargs["json"] = body
        response = self.send(method, url, expect, **kwargs)
        data = response.get_data(as_text=True)
        try:
            text = pretty(json.loads(data)) if data else ""
        except json.JSONDecodeError:
            text = data
        self.keep(f"{name}.json", method, url, response, text)
        return response

    def live_preview(self, name: str, url: str, data: Mapping[str, Any]) -> None:
        """POST the hand form's fields to the live preview; keep its JSON as ``name``.json."""
        response = self.send("POST", url, 200, data=data)
        self.keep(f"{name}.json", "POST", url, response, pretty(response.get_json()))

    def get_json(self, name: str, url: str) -> Any:
        """GET an API answer, keep it, and give back its JSON."""
        return self.api(name, "GET", url).get_json()

    def download(self, name: str, url: str, expect: int = 200) -> str:
        """GET a file as served (CSV, JSON) and keep its text byte for byte."""
        response = self.send("GET", url, expect)
        text = response.get_data(as_text=True)
        self.keep(name, "GET", url, response, text)
        return text

    def pdf(self, name: str, url: str) -> None:
        """GET a PDF and keep its text (pdftotext -layout), page count, sizes and metadata."""
        response = self.send("GET", url, 200)
        self.keep(f"{name}.txt", "GET", url, response, pdf_text(response.get_data()))
        self.digests.append(f"{hashlib.sha256(response.get_data()).hexdigest()}  {name}")

    def attempt(self, what: str, action: Callable[..., object], *args: Any) -> None:
        """Run one part of the evening; a page without the form it needs is noted, not fatal."""
        try:
            action(*args)
        except (LookupError, ValueError, TypeError) as error:
            note = f"{what}: {type(error).__name__}: {error}"
            self.unexpected.append(note)
            print(f"  unexpected: {self.out.name}: {note}", file=sys.stderr)

    def finish(self) -> int:
        """Write the index (and the unexpected answers); how many of those there were."""
        (self.out / "_index.txt").write_text(normalise("\n".join(self.index) + "\n"), "utf-8")
        if self.digests:
            (self.out / "_pdf-sha256.txt").write_text("\n".join(self.digests) + "\n", "utf-8")
        if self.unexpected:
            text = "\n".join(self.unexpected) + "\n"
            (self.out / "_unexpected.txt").write_text(normalise(text), "utf-8")
        return len(self.unexpected)


def pdf_text(data: bytes) -> str:
    """A PDF as text: pdfinfo's facts that do not depend on the file's bytes, then each
    page's text laid out (pdftotext -layout), pages separated by form feeds."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "file.pdf"
        path.write_bytes(data)
        info = subprocess.run(
            ["pdfinfo", "-f", "1", "-l", "9999", str(path)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        text = subprocess.run(
            ["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    skipped = ("File size", "Optimized", "PDF version")
    facts = [line for line in info.splitlines() if not line.startswith(skipped)]
    return "\n".join(facts) + "\n\n" + text


# -- what the table enters --------------------------------------------------------------------

Meld = str | tuple[str, str]
"""A player's meld: a figure, or (mode, text) with mode ``cards``, ``claims`` or ``side``."""


@dataclass(frozen=True)
class Hand:
    """One hand as the table enters it, players by name; ``page``: through the hand form."""

    declarer: str | None = None
    bid: int | None = None
    trump: str | None = None
    outcome: str | None = None
    melds: Mapping[str, Meld] = field(default_factory=dict)
    tricks: int | None = None
    takes: Mapping[str, int] = field(default_factory=dict)
    last_trick: str | None = None
    reneger: str | None = None
    takeover: bool = False
    bids: Mapping[str, int] = field(default_factory=dict)
    page: bool = False


@dataclass(frozen=True)
class Leave:
    """A player gets up from a chip game; ``page``: through the leave page, else the API."""

    name: str
    page: bool = True


@dataclass(frozen=True)
class Evening:
    """A session played from start to end, and how it is corrected.

    Started through the new-session form with ``form`` (fields as the form shows them)
    changed, or through the API with ``options`` (house rules in full points and cents)
    when those are given. ``correct``: a hand number and what its correction form changes;
    ``amend``: a hand number and the whole hand sent with PUT; ``delete``: a hand deleted
    through the API; ``bad``: hands refused; ``rules``: house-rule fields changed.
    """

    key: str
    system: str
    players: tuple[str, ...]
    steps: tuple[Hand | Leave, ...]
    correct: tuple[int, Hand]
    delete: int
    bad: tuple[Hand, ...]
    first_dealer: int = 0
    form: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, Any] | None = None
    amend: tuple[int, Hand] | None = None
    rules: Mapping[str, str] = field(default_factory=dict)


def hand_body(hand: Hand, ids: Mapping[str, int]) -> dict[str, Any]:
    """The API's body for ``hand``."""
    body: dict[str, Any] = {}
    for key, value in (("bid", hand.bid), ("trump", hand.trump), ("outcome", hand.outcome)):
        if value is not None:
            body[key] = value
    for key, who in (
        ("declarer_id", hand.declarer),
        ("last_trick_id", hand.last_trick),
        ("reneger_id", hand.reneger),
    ):
        if who is not None:
            body[key] = ids[who]
    if hand.tricks is not None:
        body["tricks"] = hand.tricks
    if hand.takeover:
        body["takeover"] = True
    melds = {name: _meld(meld) for name, meld in hand.melds.items()}
    if melds:
        body["melds"] = [
            {"player_id": ids[name], "mode": mode, "text": text}
            for name, (mode, text) in melds.items()
        ]
    if hand.takes:
        body["takes"] = [{"player_id": ids[n], "taken": t} for n, t in hand.takes.items()]
    if hand.bids:
        body["bids"] = [{"player_id": ids[n], "bid": b} for n, b in hand.bids.items()]
    return body


def _meld(meld: Meld) -> tuple[str, str]:
    """A meld as its mode and its text."""
    return ("number", meld) if isinstance(meld, str) else meld


def hand_fields(
    hand: Hand, form: Form, ids: Mapping[str, int], teams: list[list[int]]
) -> dict[str, str | None]:
    """The hand form's fields for ``hand`` (only those it names), as a phone taps them."""
    changes: dict[str, str | None] = {"action": "save"}
    if hand.declarer is not None:
        changes["declarer"] = str(ids[hand.declarer])
    if hand.bid is not None and str(hand.bid) in form.radios.get("bid", []):
        changes |= {"bid": str(hand.bid), "bid_other": ""}  # a chip of the bid
    elif hand.bid is not None:
        changes |= {"bid": None, "bid_other": str(hand.bid)}  # typed in Other bid
    for key, value in (("trump", hand.trump), ("outcome", hand.outcome)):
        if value is not None:
            changes[key] = value
    for key, who in (("last_trick", hand.last_trick), ("reneger", hand.reneger)):
        if who is not None:
            changes[key] = str(ids[who])
    if hand.takeover:
        changes["takeover"] = "on"
    if hand.tricks is not None:
        changes["tricks"] = str(hand.tricks)
    for name, meld in hand.melds.items():
        mode, text = _meld(meld)
        if mode == "side":
            team = next(t for t in teams if ids[name] in t)
            head = next(p for p in team if f"meld-side-{p}" in form.names)
            changes[f"meld-side-{head}"] = text
            continue
        key = "declarer" if "meld-declarer" in form.names else str(ids[name])
        changes[f"meld-{key}"] = text
        changes[f"meld_mode-{key}"] = mode
    for name, taken in hand.takes.items():
        changes[f"take-{ids[name]}"] = str(taken)
    for name, own in hand.bids.items():
        changes[f"own_bid-{ids[name]}"] = str(own)
    return changes


# -- the evenings -----------------------------------------------------------------------------

FOUR = ("Ann", "Bob", "Cal", "Dan")
SIX = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay")
EIGHT = (*SIX, "Gus", "Hal")
COMPASS = ("W", "N", "E", "S")
ONE_DECK_BAD = (
    Hand("Bob", 305, "S", melds={"Bob": ("claims", "triple pinochle")}, tricks=260),
    Hand("Bob", 340, "S", outcome="made"),
)
"""An off-ladder bid, an impossible meld and tricks over 250; a bid with a forbidden ending."""
TEAM_DECK_BAD = (
    Hand("Bob", 255, "S", melds={"Bob": ("claims", "triple pinochle")}, tricks=260),
    Hand("Bob", 250, "S", melds={"Bob": "35"}, tricks=100),
)
"""An off-ladder bid, an impossible meld, too many tricks; a meld no hand shows."""

# fmt: off
EVENINGS: tuple[Evening, ...] = (
    Evening(
        "brooklyn",
        "brooklyn",
        FOUR,
        (
            Hand("Bob", 350, "S", "made", page=True),
            Hand("Cal", 300, "H", "set"),
            Hand("Dan", 310, "C", "conceded"),
            Hand("Dan", 250, "D", "made", takeover=True, page=True),
            Hand(outcome="misdeal"),
            Hand("Bob", 320, "H", melds={"Bob": ("cards", "AH TH KH QH JH")}, tricks=180),
            Leave("Dan"),
            Hand("Cal", 300, "S", "made", page=True),
        ),
        correct=(2, Hand(outcome="made")),
        amend=(3, Hand("Dan", 320, "C", "conceded")),
        delete=5,
        bad=ONE_DECK_BAD,
        rules={"stake": "0.25"},
    ),
    Evening(
        "brooklyn-pot",
        "brooklyn-pot",
        FOUR,
        (
            Hand("Bob", 350, "H", "made", page=True),
            Hand("Cal", 300, "S", "set"),
            Hand("Dan", 400, "D", "made"),
            Hand("Ann", 250, "C", "conceded", page=True),
            Hand(outcome="misdeal"),
            Hand("Bob", 260, "S", melds={"Bob": "100"}, tricks=170),
            Leave("Cal", page=False),
        ),
        correct=(1, Hand(bid=360)),
        delete=5,
        bad=(Hand("Bob", 255, "S", melds={"Bob": ("claims", "triple pinochle")}, tricks=260),),
    ),
    Evening(
        "hoyle",
        "hoyle",
        FOUR,
        (
            Hand("Bob", 300, outcome="forfeit", page=True),
            Hand("Dan", 400, "H", "made"),
            Hand("Ann", 350, "C", "set"),
            Hand("Bob", 350, "S", melds={"Bob": "190"}, tricks=170, page=True),
            Hand("Cal", 360, "D", "opponents-conceded"),
            Hand(outcome="misdeal"),
            Leave("Dan"),
            Hand("Cal", 300, "H", "set"),
        ),
        correct=(3, Hand(outcome="made")),
        delete=6,
        bad=(*ONE_DECK_BAD[:1], Hand("Cal", 300, outcome="forfeit")),
        rules={"min_bid": "305"},
    ),
    Evening(
        "bison",
        "bison",
        ("Ann", "Bob", "Cal"),
        (
            Hand(
                "Bob", 250, "S", melds={"Bob": ("cards", "AS TS KS QS JS"), "Ann": "40",
                "Cal": "20"}, takes={"Bob": 12, "Ann": 8, "Cal": 4}, last_trick="Bob", page=True,
            ),
            Hand(
                "Cal", 300, "H", melds={"Cal": "40", "Bob": "60", "Ann": "0"},
                takes={"Cal": 10, "Bob": 14, "Ann": 0}, last_trick="Cal",
            ),
            Hand(
                "Ann", 250, "D", melds={"Ann": ("claims", "aces around"), "Bob": "20", "Cal": "0"},
                takes={"Ann": 15, "Bob": 9, "Cal": 0}, last_trick="Ann",
            ),
            Hand("Cal", 250, outcome="conceded", melds={"Ann": "20", "Bob": "40"}),
            Hand(
                "Ann", 260, "H", "renege", melds={"Ann": "60", "Bob": "20", "Cal": "40"},
                reneger="Bob", page=True,
            ),
            Hand(outcome="all-pass"),
            Hand(outcome="misdeal"),
        ),
        correct=(1, Hand(takes={"Bob": 13, "Ann": 7})),
        delete=7,
        bad=(
            Hand(
                "Bob", 255, "S", melds={"Bob": ("claims", "triple pinochle")},
                takes={"Bob": 20, "Ann": 8, "Cal": 4}, last_trick="Bob",
            ),
        ),
        form={"target": "500", "game_stake": "1.00", "set_stake": "0.50"},
    ),
    Evening(
        "partnership",
        "partnership",
        FOUR,
        (
            Hand(
                "Bob", 250, "C", melds={"Bob": "100", "Dan": "40", "Ann": "20"}, tricks=150,
                page=True,
            ),
            Hand("Cal", 300, "S", melds={"Cal": "150", "Ann": "60", "Bob": "20"}, tricks=160),
            Hand(outcome="all-pass"),
            Hand("Ann", 250, "H", "conceded", melds={"Ann": "40", "Bob": "20"}),
            Hand("Dan", 260, "D", melds={"Dan": "100", "Bob": "40", "Cal": "20"}, tricks=140),
            Hand(outcome="misdeal"),
            Hand(
                "Cal", 250, "S", melds={"Cal": "60", "Ann": "40", "Bob": "20"}, tricks=100,
                page=True,
            ),
        ),
        correct=(2, Hand(tricks=170)),
        amend=(7, Hand("Cal", 250, "S", melds={"Cal": "60", "Ann": "40"}, tricks=110)),
        delete=6,
        bad=TEAM_DECK_BAD,
        form={"target": "500", "game_stake": "0.25"},
        rules={"game_stake": "0.50"},
    ),
    Evening(
        "double-deck",
        "double-deck",
        COMPASS,
        (
            Hand("N", 65, "S", melds={"N": ("side", "39"), "E": ("side", "38")}, tricks=31,
                 page=True),
            Hand("E", 60, "H", melds={"E": "22", "N": "14"}, tricks=34),
            Hand(outcome="all-pass"),
            Hand("W", 70, "S", "conceded", melds={"W": ("side", "12"), "N": ("side", "31")}),
            Hand("N", 75, "D", melds={"N": ("side", "48"), "E": ("side", "26")}, tricks=50,
                 page=True),
            Hand(outcome="misdeal"),
        ),
        correct=(2, Hand(tricks=36)),
        delete=6,
        bad=(
            Hand("N", 62, "S", melds={"N": "1"}, tricks=51),
            Hand("E", 60, "S", melds={"E": ("cards", "AS AS TS TS")}, tricks=30),
        ),
        form={"target": "150", "game_stake": "1.00"},
    ),
    Evening(
        "six-handed",
        "six-handed",
        SIX,
        (
            Hand("Bob", 60, "C", melds={"Bob": ("side", "42"), "Ann": ("side", "25")}, tricks=30,
                 page=True),
            Hand("Cal", 65, "H", melds={"Ann": ("side", "30"), "Bob": ("side", "20")}, tricks=38),
            Hand(outcome="all-pass"),
            Hand(outcome="misdeal"),
            Hand("Dee", 60, "S", "conceded", melds={"Dee": ("side", "24"), "Ann": ("side", "31")}),
        ),
        correct=(2, Hand(tricks=40)),
        delete=4,
        bad=(Hand("Bob", 62, "S", melds={"Bob": "1"}, tricks=51),),
        form={"target": "100", "game_stake": "0.50"},
    ),
    Evening(
        "eight-handed",
        "eight-handed",
        EIGHT,
        (
            Hand("Cal", 60, "D", melds={"Cal": "20", "Gus": "15", "Hal": "16"}, tricks=26,
                 page=True),
            Hand("Bob", 65, "S", melds={"Bob": ("side", "40"), "Ann": ("side", "22")}, tricks=30),
            Hand(outcome="all-pass"),
            Hand("Dee", 70, "H", melds={"Dee": ("side", "30"), "Cal": ("side", "20")}, tricks=25),
            Hand(outcome="misdeal"),
        ),
        correct=(2, Hand(tricks=32)),
        delete=5,
        bad=(Hand("Bob", 62, "S", melds={"Bob": "1"}, tricks=51),),
        form={"target": "100", "game_stake": "0.50"},
    ),
    Evening(
        "two-handed",
        "two-handed",
        ("Ann", "Bob"),
        (
            Hand(trump="S", melds={"Ann": "190", "Bob": "150"}, takes={"Ann": 140, "Bob": 110},
                 page=True),
            Hand(trump="H", melds={"Ann": "100", "Bob": "40"}, takes={"Ann": 150, "Bob": 100}),
            Hand(outcome="misdeal"),
            Hand(trump="D", melds={"Ann": "240", "Bob": "60"}, takes={"Ann": 200, "Bob": 50},
                 page=True),
        ),
        correct=(2, Hand(takes={"Ann": 160, "Bob": 90})),
        delete=3,
        form={"game_stake": "1.00", "set_stake": "0.25"},
        bad=(
            Hand("Ann", 250, "S", melds={"Ann": "35"}, takes={"Ann": 200, "Bob": 100}),
        ),
    ),
    Evening(
        "cutthroat",
        "cutthroat",
        FOUR,
        (
            Hand(trump="S", melds={"Ann": "60", "Bob": "150", "Cal": "40", "Dan": "20"},
                 takes={"Ann": 80, "Bob": 100, "Cal": 70, "Dan": 0}, page=True),
            Hand(trump="H", melds={"Ann": "40", "Bob": "20", "Cal": "100", "Dan": "60"},
                 takes={"Ann": 50, "Bob": 60, "Cal": 90, "Dan": 50}),
            Hand(outcome="misdeal"),
            Hand(trump="D", melds={"Ann": "80", "Cal": "20"},
                 takes={"Ann": 120, "Bob": 30, "Cal": 100, "Dan": 0}),
        ),
        correct=(2, Hand(takes={"Ann": 60, "Bob": 50})),
        delete=3,
        form={"target": "400", "target_raise": "0", "game_stake": "0.50"},
        bad=(
            Hand(trump="S", melds={"Ann": "35", "Bob": ("claims", "triple pinochle")},
                 takes={"Ann": 200, "Bob": 100, "Cal": 0, "Dan": 0}),
        ),
    ),
    Evening(
        "six-two-packs",
        "six-two-packs",
        SIX,
        (
            Hand(trump="S", tricks=300, melds={"Ann": ("cards", "AS TS KS QS JS"), "Cal": "110",
                 "Eve": "20", "Bob": "300", "Dee": "80", "Fay": "50"}, page=True),
            Hand(trump="H", tricks=300, melds={"Ann": "200", "Bob": "260"}),
            Hand(outcome="misdeal"),
            Hand(trump="C", tricks=400),
        ),
        first_dealer=5,
        correct=(2, Hand(tricks=310)),
        delete=3,
        form={"game_stake": "0.50"},
        bad=(Hand(trump="S", tricks=500, melds={"Ann": "35"}),),
    ),
    Evening(
        "eight-two-packs",
        "eight-two-packs",
        EIGHT,
        (
            Hand(trump="H", tricks=250, melds={"Ann": "300", "Eve": "40", "Bob": "40",
                 "Hal": "10"}, page=True),
            Hand(trump="S", tricks=300, melds={"Ann": "100", "Bob": "80"}),
            Hand(outcome="misdeal"),
            Hand(trump="D", tricks=200, melds={"Cal": "60", "Dee": "40"}),
        ),
        first_dealer=7,
        correct=(2, Hand(tricks=290)),
        delete=3,
        form={"game_stake": "0.50"},
        bad=(Hand(trump="S", tricks=500, melds={"Ann": "3000"}),),
    ),
    # -- variants
    Evening(
        "partnership-scale-10",
        "partnership",
        FOUR,
        (
            Hand("Bob", 25, "C", melds={"Bob": "10", "Dan": "4", "Ann": "2"}, tricks=15,
                 page=True),
            Hand("Cal", 30, "S", melds={"Cal": "15", "Ann": "6", "Bob": "2"}, tricks=16),
            Hand("Dan", 25, "H", melds={"Dan": "4", "Ann": "2"}, tricks=5),
            Hand(outcome="all-pass"),
            Hand(outcome="misdeal"),
        ),
        options={"scale": 10, "target": 500, "game_stake": 50},
        correct=(1, Hand(tricks=16)),
        delete=5,
        bad=(Hand("Bob", 24, "S", melds={"Bob": ("claims", "triple pinochle")}, tricks=26),),
    ),
    Evening(
        "hoyle-five-kitty",
        "hoyle",
        ("Ann", "Bob", "Cal", "Dan", "Eve"),
        (
            Hand("Bob", 250, outcome="forfeit", page=True),
            Hand("Cal", 300, "S", "made"),
            Hand("Dan", 400, "H", "set"),
            Hand("Eve", 350, "C", melds={"Eve": "150"}, tricks=200, page=True),
            Leave("Eve"),
            Hand(outcome="misdeal"),
            Hand("Bob", 300, "D", "made"),
        ),
        options={
            "min_bid": 250, "compulsory_bid": 250, "kitty_threshold": 300, "kitty_size": 6,
            "stake": 25,
        },
        correct=(3, Hand(outcome="conceded")),
        delete=5,
        bad=(Hand("Cal", 255, "S", melds={"Cal": ("claims", "triple pinochle")}, tricks=260),),
    ),
    Evening(
        "brooklyn-pot-five",
        "brooklyn-pot",
        ("Ann", "Bob", "Cal", "Dan", "Eve"),
        (
            Hand("Bob", 300, "H", "made", page=True),
            Hand("Eve", 420, "S", "made"),
            Hand("Ann", 260, "D", "set"),
            Hand(outcome="misdeal"),
            Hand("Bob", 250, "C", "conceded"),
            Leave("Cal"),
            Hand("Dan", 300, "H", "made", page=True),
        ),
        options={"stake": 10, "ante": 50},
        correct=(3, Hand(outcome="made")),
        delete=4,
        bad=(Hand("Bob", 255, "S", melds={"Bob": ("claims", "triple pinochle")}, tricks=260),),
    ),
    Evening(
        "double-deck-summed-bids",
        "double-deck",
        COMPASS,
        (
            Hand(bids={"N": 40, "S": 25, "E": 30}, trump="S", tricks=31,
                 melds={"N": ("side", "39"), "E": ("side", "38")}, page=True),
            Hand(bids={"N": 45, "S": 25, "E": 30, "W": 20}, trump="H", tricks=31,
                 melds={"N": ("side", "39"), "E": ("side", "38")}),
            Hand(bids={"S": 50, "W": 40}, trump="C", outcome="conceded",
                 melds={"S": ("side", "30"), "W": ("side", "25")}),
            Hand(outcome="misdeal"),
        ),
        options={"summed_bids": True, "min_bid": 200, "target": 600, "game_stake": 100},
        correct=(1, Hand(tricks=33)),
        delete=4,
        bad=(Hand(bids={"N": 62, "E": 30}, trump="S", tricks=51, melds={"N": "1"}),),
    ),
    Evening(
        "partnership-no-bid",
        "partnership",
        ("N", "E", "S", "W"),
        (
            Hand(trump="H", tricks=250, melds={"N": "100", "S": "40",
                 "E": ("cards", "AH TH KH QH JH 9H"), "W": "30"}, page=True),
            Hand(outcome="misdeal"),
            Hand(trump="S", tricks=130, melds={"N": "20", "E": ("side", "100")}),
            Hand(trump="D", tricks=120, melds={"N": "40", "E": "60"}),
        ),
        first_dealer=3,
        options={"auction": False, "target": 700, "game_stake": 50},
        correct=(3, Hand(tricks=140)),
        delete=2,
        bad=(Hand("N", 250, "S", tricks=260, melds={"N": "35"}),),
    ),
)
# fmt: on


# -- playing an evening -----------------------------------------------------------------------


class Table:
    """One evening on its own app: a phone playing it and keeping what it sees."""

    def __init__(self, phone: Phone, evening: Evening) -> None:
        self.phone = phone
        self.evening = evening
        self.sid = 0
        self.ids: dict[str, int] = {}
        self.teams: list[list[int]] = []

    @property
    def s(self) -> str:
        """The session page's address."""
        return f"/s/{self.sid}"

    @property
    def api(self) -> str:
        """The session's address in the API."""
        return f"/api/v1/sessions/{self.sid}"

    def start(self) -> None:
        """Start the session: through the new-session form, or through the API."""
        e, phone = self.evening, self.phone
        html = phone.page("new-session", f"/sessions/new?system={e.system}")
        if e.options is None:
            form = form_on(html, action="/sessions/new")
            changes: dict[str, str | None] = {f"seat-{i}": "" for i in range(8)}
            changes |= {f"seat-{i}": name for i, name in enumerate(e.players)}
            changes |= {"first_dealer": str(e.first_dealer), **e.form}
            response, _ = phone.submit("session-started", "/sessions/new", form.data(changes))
            self.sid = int(response.headers["Location"].rsplit("/", 1)[1])
        else:
            body = {
                "system": e.system,
                "players": list(e.players),
                "first_dealer_seat": e.first_dealer,
                "options": dict(e.options),
            }
            answer = phone.api("api-session-created", "POST", "/api/v1/sessions", body, 201)
            self.sid = answer.get_json()["id"]
            phone.page("session-started", self.s)
        session = phone.get_json("api-session-started", self.api)
        if session["created_at"] != CLOCK.at.isoformat() + "Z":
            raise SystemExit(f"time is not frozen: created_at {session['created_at']}")
        self.ids = {p["name"]: p["id"] for p in session["players"]}
        self.teams = [
            row["holder"]["player_ids"]
            for row in session["standings"]["rows"]
            if row["holder"]["kind"] == "team"
        ]

    def play(self, number: int, step: Hand | Leave) -> None:
        """Enter one step and keep the session page and the standings after it."""
        phone, label = self.phone, f"step-{number:02d}"
        if isinstance(step, Leave):
            if step.page:
                html = phone.page(f"{label}-leave-form", f"{self.s}/leave")
                data = form_on(html, action="").data({"player": str(self.ids[step.name])})
                phone.submit(f"{label}-left", f"{self.s}/leave", data)
            else:
                body = {"player_id": self.ids[step.name]}
                phone.api(f"{label}-api-left", "POST", f"{self.api}/departures", body, 201)
                phone.page(f"{label}-session", self.s)
        elif step.page:
            form = form_on(phone.read(self.s), form_id="hand-form")
            data = form.data(hand_fields(step, form, self.ids, self.teams))
            phone.submit(f"{label}-saved", f"{self.s}/hands", data)
        else:
            body = hand_body(step, self.ids)
            phone.api(f"{label}-api-saved", "POST", f"{self.api}/hands", body, 201)
            phone.page(f"{label}-session", self.s)
        phone.get_json(f"{label}-api-standings", f"{self.api}/standings")

    def refuse(self, number: int, hand: Hand) -> None:
        """A hand the rules refuse: on the hand form, in its live preview, through the API."""
        phone, label = self.phone, f"bad-{number}"
        html = phone.read(self.s)
        form = form_on(html, form_id="hand-form")
        data = form.data(hand_fields(hand, form, self.ids, self.teams))
        phone.submit(f"{label}-hand-form", f"{self.s}/hands", data, 422)
        phone.live_preview(f"{label}-preview", f"{self.s}/preview", data)
        phone.api(f"{label}-api", "POST", f"{self.api}/hands", hand_body(hand, self.ids), 422)

    def preview(self, hand: Hand) -> None:
        """A good hand previewed (page and live preview), not saved: ``hand`` with the next
        hand's first bidder as its declarer, when it has one."""
        phone = self.phone
        standings = phone.client.get(f"{self.api}/standings").get_json()
        if hand.declarer is not None:
            first = standings["next_hand"]["first_bidder"]["name"]
            melds = dict(hand.melds)
            if list(melds) == [hand.declarer]:  # the declarer's meld alone (the chip games)
                melds = {first: melds[hand.declarer]}
            hand = replace(hand, declarer=first, melds=melds)
        form = form_on(phone.read(self.s), form_id="hand-form")
        data = form.data({**hand_fields(hand, form, self.ids, self.teams), "action": "preview"})
        phone.submit("preview-hand-form", f"{self.s}/hands", data, 200)
        phone.live_preview("preview", f"{self.s}/preview", data)

    def correct(self) -> None:
        """Correct a hand on its form, amend one through the API, delete one through the API."""
        e, phone = self.evening, self.phone
        number, change = e.correct
        edit = f"{self.s}/hands/{number}/edit"
        html = phone.page(f"correct-{number}-form", edit)
        form = form_on(html, form_id="hand-form")
        data = form.data(hand_fields(change, form, self.ids, self.teams))
        phone.submit(f"correct-{number}-saved", edit, data)
        phone.get_json(f"correct-{number}-api-hand", f"{self.api}/hands/{number}")
        if e.amend is not None:
            number, hand = e.amend
            read = phone.get_json(f"amend-{number}-api-hand-before", f"{self.api}/hands/{number}")
            url, body = f"{self.api}/hands/{number}", hand_body(hand, self.ids)
            phone.api(f"amend-{number}-api-stale", "PUT", url, body, 412, {"If-Match": '"x"'})
            phone.api(f"amend-{number}-api", "PUT", url, body, 200, {"If-Match": read["etag"]})
        number = e.delete
        phone.page(f"delete-{number}-form", f"{self.s}/hands/{number}/delete")
        url = f"{self.api}/hands/{number}"
        read = phone.get_json(f"delete-{number}-api-hand-before", url)
        phone.api(f"delete-{number}-api-no-tag", "DELETE", url, expect=428)
        phone.api(
            f"delete-{number}-api", "DELETE", url, expect=200, headers={"If-Match": read["etag"]}
        )
        phone.page("session-corrected", self.s)

    def correction_forms(self) -> None:
        """The correction form of every hand the session holds."""
        count = self.phone.client.get(self.api).get_json()["hand_count"]
        for number in range(1, count + 1):
            url = f"{self.s}/hands/{number}/edit"
            self.phone.page(f"hand-{number:02d}-correction-form", url, None)

    def house_rules(self) -> None:
        """The house rules page; a change (kept, or refused and shown); saved under a name."""
        e, phone = self.evening, self.phone
        html = phone.page("house-rules", f"{self.s}/settings")
        if e.rules:
            data = form_on(html, action="").data(e.rules)
            phone.submit("house-rules-changed", f"{self.s}/settings", data, None)
        html = phone.read(f"{self.s}/settings")
        data = form_on(html, action="/settings/save-as").data({"name": f"Rules of {e.key}"})
        phone.submit("house-rules-saved-as", f"{self.s}/settings/save-as", data)
        rules = phone.get_json("api-saved-rules", "/api/v1/saved-rules")
        phone.page("saved-rules", "/rules/")
        for saved in rules["saved_rules"]:
            phone.page(f"saved-rules-{saved['id']}", f"/rules/{saved['id']}")
            phone.page(f"saved-rules-{saved['id']}-delete-form", f"/rules/{saved['id']}/delete")
            phone.get_json(f"api-saved-rules-{saved['id']}", f"/api/v1/saved-rules/{saved['id']}")
        phone.page(
            "new-session-from-saved-rules", f"/sessions/new?rules={rules['saved_rules'][0]['id']}"
        )
        phone.page("saved-rules-new-form", f"/rules/new?system={e.system}")

    def everything(self, label: str) -> None:
        """Every page, download and API answer of the session as it stands."""
        phone, s, api = self.phone, self.s, self.api
        phone.page(f"{label}-session", s)
        phone.page(f"{label}-history", f"{s}/history")
        phone.page(f"{label}-settle", f"{s}/settle")
        phone.page(f"{label}-settle-direct", f"{s}/settle?view=direct")
        for size in ("letter", "a4"):
            phone.page(f"{label}-print-{size}", f"{s}/print?size={size}")
            phone.pdf(f"{label}-report-{size}.pdf", f"{s}/report.pdf?size={size}")
        phone.download(f"{label}-hands.csv", f"{s}/hands.csv")
        phone.download(f"{label}-session.json", f"{s}/session.json")
        phone.get_json(f"{label}-api-session", api)
        phone.get_json(f"{label}-api-hands", f"{api}/hands")
        phone.get_json(f"{label}-api-hands-paged", f"{api}/hands?limit=2")
        phone.get_json(f"{label}-api-hand-1", f"{api}/hands/1")
        phone.get_json(f"{label}-api-standings", f"{api}/standings")
        phone.get_json(f"{label}-api-payments", f"{api}/payments")
        phone.get_json(f"{label}-api-export", f"{api}/export")
        phone.get_json(f"{label}-api-sessions", "/api/v1/sessions")
        phone.get_json(f"{label}-api-sessions-paged", "/api/v1/sessions?limit=1")
        phone.get_json(f"{label}-api-ledger", "/api/v1/ledger")
        phone.get_json(f"{label}-api-ledger-sessions", "/api/v1/ledger/sessions")
        phone.get_json(f"{label}-api-ledger-payments", "/api/v1/ledger/payments")
        phone.page(f"{label}-ledger", "/ledger")
        phone.page(f"{label}-home", "/")

    def people(self, label: str) -> None:
        """Players, statistics, records and ratings: pages, CSVs and API answers."""
        phone = self.phone
        phone.page(f"{label}-players", "/players/")
        phone.page(f"{label}-records", "/records/")
        day = "2026-03-06"
        phone.page(f"{label}-records-range", f"/records/?from={day}&to={day}")
        phone.page(f"{label}-records-refused-range", "/records/?from=yesterday", 422)
        phone.download(f"{label}-records.csv", "/records/records.csv")
        phone.page(f"{label}-ratings", "/ratings")
        phone.download(f"{label}-ratings.csv", "/ratings.csv")
        phone.get_json(f"{label}-api-records", "/api/v1/records")
        phone.get_json(f"{label}-api-records-range", f"/api/v1/records?from={day}&to={day}")
        phone.get_json(f"{label}-api-ratings", "/api/v1/ratings")
        for name, pid in self.ids.items():
            who = f"{label}-{name}"
            phone.page(f"{who}-player", f"/players/{pid}")
            phone.page(f"{who}-record", f"/records/{pid}")
            phone.download(f"{who}-record.csv", f"/records/{pid}/record.csv")
            phone.page(f"{who}-rating", f"/ratings/{pid}")
            phone.get_json(f"{who}-api-record", f"/api/v1/players/{pid}/record")
            phone.api(f"{who}-api-rating", "GET", f"/api/v1/ratings/{pid}", expect=None)

    def settle(self) -> None:
        """Settle up: one payment marked paid on the page, the ledger after."""
        phone = self.phone
        html = phone.read(f"{self.s}/settle")
        pays = [f for f in forms_of(html) if f.action.endswith("/settle/pay")]
        if pays:
            phone.submit("settle-marked-paid", f"{self.s}/settle/pay", pays[0].data())
            phone.get_json("api-payments-after-paid", f"{self.api}/payments")
        phone.page("ledger-after-paid", "/ledger")

    def end(self) -> None:
        """End the session on its page."""
        html = self.phone.read(self.s)
        data = form_on(html, action="/end").data()
        self.phone.submit("session-ended", f"{self.s}/end", data)

    def reopen_and_end(self) -> None:
        """Reopen the session through the API, and end it again, naming its version."""
        phone = self.phone
        phone.api("api-reopened", "PATCH", self.api, {"ended": False})
        phone.page("reopened-session", self.s)
        etag = phone.client.get(self.api).headers["ETag"]
        phone.api("api-ended-stale", "PATCH", self.api, {"ended": True}, 412, {"If-Match": '"x"'})
        phone.api("api-ended", "PATCH", self.api, {"ended": True}, 200, {"If-Match": etag})

    def reimport(self) -> None:
        """Import the session file as a new session, and read it back."""
        phone = self.phone
        text = phone.read(f"{self.s}/session.json")
        html = phone.page("import-form", "/sessions/import")
        data = form_on(html, action="/sessions/import").data({"text": text})
        response, _ = phone.submit("imported", "/sessions/import", data)
        sid = response.headers["Location"].split("#")[0].rsplit("/", 1)[1]
        phone.download("imported-session.json", f"/s/{sid}/session.json")
        phone.get_json("api-imported-session", f"/api/v1/sessions/{sid}")


def evening_hands(evening: Evening) -> list[Hand]:
    """The hands of the evening's steps (not the players leaving)."""
    return [step for step in evening.steps if isinstance(step, Hand)]


def play_evening(evening: Evening, template: Path, work: Path, out: Path) -> int:
    """Play ``evening`` on a fresh app and keep everything; the count of unexpected answers."""
    with fresh_app(template, work / evening.key) as app:
        phone = Phone(app, out / evening.key)
        table = Table(phone, evening)
        phone.page("home-empty", "/")
        table.start()
        for number, step in enumerate(evening.steps, 1):
            phone.attempt(f"step {number}", table.play, number, step)
        for number, hand in enumerate(evening.bad, 1):
            phone.attempt(f"bad hand {number}", table.refuse, number, hand)
        played = [h for h in evening_hands(evening) if h.outcome not in ("misdeal", "all-pass")]
        if played:
            phone.attempt("preview", table.preview, played[-1])
        phone.attempt("corrections", table.correct)
        phone.attempt("correction forms", table.correction_forms)
        phone.page("share", f"{table.s}/share")
        phone.page("leave-form", f"{table.s}/leave", None)
        phone.download("standings-fragment.html", f"{table.s}/standings")
        phone.attempt("house rules", table.house_rules)
        table.everything("open")
        table.people("open")
        phone.attempt("settle", table.settle)
        phone.attempt("end", table.end)
        phone.attempt("reopen and end through the API", table.reopen_and_end)
        table.everything("ended")
        table.people("ended")
        phone.attempt("import", table.reimport)
        phone.page("home", "/")
        return phone.finish()


# -- what belongs to no session ---------------------------------------------------------------


def capture_app(template: Path, work: Path, out: Path) -> int:
    """The API's document, docs and references, the catalog and the meld calculators."""
    with fresh_app(template, work / "_app") as app:
        phone = Phone(app, out / "_app")
        response = phone.send("GET", "/api/v1/openapi.json", 200)
        (phone.out / "openapi.json").write_bytes(response.get_data())
        phone.note("GET", "/api/v1/openapi.json", response, "openapi.json")
        phone.page("api-docs", "/api/v1/docs")
        phone.page("api-problems", "/api/v1/problems")
        phone.get_json("api-presets", "/api/v1/presets")
        phone.get_json("api-options", "/api/v1/options")
        for system in all_games():
            phone.page(f"new-session-{system.value}", f"/sessions/new?system={system.value}")
        checks = {
            "meld-check-claims": {"system": "brooklyn", "trump": "S", "claims": "run, pinochle"},
            "meld-check-number": {"system": "partnership", "number": 190},
            "meld-check-refused": {"system": "double-deck", "number": 1},
            "meld-check-impossible": {"system": "hoyle", "claims": "triple pinochle"},
        }
        for name, body in checks.items():
            phone.api(f"api-{name}", "POST", "/api/v1/meld/check", body)
        scores = {
            "meld-cards": {"system": "bison", "cards": "AS TS KS QS JS KH QH 9S", "trump": "S"},
            "meld-cards-no-trump": {"system": "double-deck", "cards": "AS AH AD AC KS QS"},
            "meld-cards-refused": {"system": "brooklyn", "cards": "AS AS AS"},
        }
        for name, body in scores.items():
            phone.api(f"api-{name}", "POST", "/api/v1/meld", body, None)
        phone.page("home-empty", "/")
        phone.page("rules-empty", "/rules/")
        phone.page("import-form", "/sessions/import")
        phone.page("club-nights-empty", "/club/")
        phone.page("offline", "/offline")
        phone.download("manifest.webmanifest", "/manifest.webmanifest")
        phone.page("not-found", "/s/999", 404)
        phone.api("api-not-found", "GET", "/api/v1/sessions/999", expect=404)
        phone.api(
            "api-bad-json",
            "POST",
            "/api/v1/sessions",
            None,
            400,
            {"Content-Type": "application/json"},
        )
        bad_session = {"system": "brooklyn", "players": ["Ann", "Ann"], "first_dealer_seat": 9}
        phone.api("api-session-refused", "POST", "/api/v1/sessions", bad_session, 422)
        return phone.finish()


CLUB_NIGHT = {
    "name": "Thursday club",
    "system": "partnership",
    "table_size": "4",
    "team_size": "2",
    "rounds": "3",
    "minutes": "50",
    "points": "500",
    "movement": "fixed",
    "byes": "y",
    "ranking": "kcmo",
}
"""A club night's form as posted: KCMO's ranking for partnership (as the tests post it)."""
CLUB_NIGHTS = {
    "club-fixed": (CLUB_NIGHT, [("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dan", 2)]),
    "club-rotation": (
        {**CLUB_NIGHT, "name": "KCMO rotation", "movement": "kcmo-rotation"},
        [
            ("Ann", 1),
            ("Bob", 1),
            ("Cal", 2),
            ("Dee", 2),
            ("Eve", 3),
            ("Fay", 3),
            ("Gus", 4),
            ("Hal", 4),
            ("Ivy", 5),
            ("Jon", 5),
        ],
    ),
}
"""Two nights: one table of fixed partners; five teams in the KCMO rotation (a bye a round)."""


def play_club_night(key: str, template: Path, work: Path, out: Path) -> int:
    """A club night made and filled on its pages; rounds 1 and 2 paired and played out through
    the API, round 3 paired, a hand a table, then time called."""
    settings, entrants = CLUB_NIGHTS[key]
    with fresh_app(template, work / key) as app:
        phone = Phone(app, out / key)
        phone.attempt("night", club_night, phone, settings, entrants)
        return phone.finish()


def club_night(phone: Phone, settings: Mapping[str, str], entrants: list[tuple[str, int]]) -> None:
    """Play a club night on ``phone`` (``play_club_night``)."""
    html = phone.page("new-night-form", "/club/new")
    data = form_on(html, action="/club/new").data(settings)
    response, _ = phone.submit("night-made", "/club/new", data)
    night = response.headers["Location"].split("#")[0]
    api = f"/api/v1/club-nights/{night.rsplit('/', 1)[1]}"
    for name, team in entrants:
        html = phone.read(night)
        form = form_on(html, action=f"{night}/players")
        data = form.data({"name": name, "team": str(team)})
        phone.note(
            "POST", f"{night}/players", phone.send("POST", f"{night}/players", 302, data=data)
        )
    phone.page("night-filled", night)
    for number in (1, 2, 3):
        html = phone.read(night)
        form = form_on(html, action=f"{night}/rounds")
        phone.submit(f"round-{number}-paired", f"{night}/rounds", form.data())
        phone.pdf(f"round-{number}-cards.pdf", f"{night}/rounds/{number}/cards.pdf")
        rounds = phone.get_json(f"round-{number}-api-night", api)["rounds"]
        tables = next(r for r in rounds if r["number"] == number)["tables"]
        for table in tables:
            sid, label = table["session_id"], f"round-{number}-table-{table['number']}"
            session = phone.client.get(f"/api/v1/sessions/{sid}").get_json()
            declarer = session["standings"]["next_hand"]["first_bidder"]["id"]
            body = {
                "declarer_id": declarer,
                "bid": 250,
                "trump": "H",
                "tricks": 200 if number < 3 else 150,  # 500: the round's points; 450: not yet
                "melds": [{"player_id": declarer, "mode": "number", "text": "300"}],
            }
            phone.api(f"{label}-hand", "POST", f"/api/v1/sessions/{sid}/hands", body, 201)
            phone.page(f"{label}-session", f"/s/{sid}")
        phone.page(f"round-{number}-night", night)
        phone.page(f"round-{number}-live", f"{night}/live")
    html = phone.read(night)
    phone.submit("time-called", f"{night}/time", form_on(html, action=f"{night}/time").data())
    phone.page("night-live", f"{night}/live")
    phone.pdf("results.pdf", f"{night}/results.pdf")
    phone.page("settings-form", f"{night}/settings")
    phone.page("club-nights", "/club/")
    phone.get_json("api-night", api)
    phone.get_json("api-nights", "/api/v1/club-nights")
    phone.page("home", "/")


# -- the run ----------------------------------------------------------------------------------


def generic_evening(system: Game) -> Evening:
    """An evening for a preset no evening was written for: misdeals only (legal in every game),
    one corrected and one deleted, and a hand breaking every rule it can."""
    players = ("Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")[: system.player_range[0]]
    return Evening(
        system.value,
        system.value,
        players,
        (Hand(outcome="misdeal", page=True), Hand(outcome="misdeal"), Hand(outcome="misdeal")),
        correct=(1, Hand(outcome="misdeal")),
        delete=3,
        bad=(Hand(players[0], 1, "S", melds={players[0]: "35"}, tricks=99999),),
    )


def every_evening() -> list[Evening]:
    """The evenings written here, and a generic one for every preset that has none (said)."""
    evenings = list(EVENINGS)
    written = {e.key for e in EVENINGS}
    for system in all_games():
        if system.value not in written:
            print(f"no evening written for {system.value}: a generic one", file=sys.stderr)
            evenings.append(generic_evening(system))
    return evenings


def timed(key: str, job: Callable[[], int]) -> int:
    """Run one evening's job, say how long it took; its count of unexpected answers."""
    started = time.monotonic()
    unexpected = job()
    print(f"{key}: {time.monotonic() - started:.1f} s", file=sys.stderr)
    return unexpected


def arguments(argv: list[str]) -> argparse.Namespace:
    """The command line: the output folder and how many processes capture at once."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path, help="where to write (replaced if a snapshot)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="processes (default 2)")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """Capture everything into the folder named on the command line."""
    args = arguments(argv)
    out: Path = args.outdir
    if out.exists() and any(out.iterdir()):
        if not (out / "_app" / "_index.txt").exists():
            raise SystemExit(f"{out} is not empty and not a snapshot: choose another folder")
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    freeze_time()
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="snapshot-") as folder:
        work = Path(folder)
        template = migrated_template(work)
        jobs: list[tuple[str, Callable[[], int]]] = [
            ("_app", partial(capture_app, template, work, out))
        ]
        jobs += [(e.key, partial(play_evening, e, template, work, out)) for e in every_evening()]
        jobs += [(key, partial(play_club_night, key, template, work, out)) for key in CLUB_NIGHTS]
        fork = multiprocessing.get_context("fork")  # each process inherits the frozen clock
        with ProcessPoolExecutor(max(1, args.jobs), mp_context=fork) as pool:
            unexpected = sum(pool.map(timed, *zip(*jobs, strict=True)))
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"{len(files)} files, {size} bytes in {out} ({time.monotonic() - began:.0f} s)")
    if unexpected:
        print(f"{unexpected} unexpected answers: see {out}/*/_unexpected.txt", file=sys.stderr)
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
