"""Where one request goes in our code: the files and functions of the scorekeeper package that
a phone's save of a hand, an API create of a session and a page save cross. Prints figures,
asserts nothing.

The app is built in process (``create_app`` on a SQLite file in a temporary folder, migrated
as the benches migrate it, CSRF on as in production). A session of the game asked for is
started through the API (``POST /api/v1/sessions``) and a few hands are saved, by a phone's save
and by the hand form in turn, so that what a worker does once (imports, pydantic's validators,
the replay remembered, the routing's builders) is done before anything is counted. Then
exactly one request of each kind is traced, under ``sys.setprofile``, counting only the
Python frames whose code file lies inside the package (found from ``scorekeeper.__file__``, so
modules moved to other folders are counted where they now are):

- a phone's save: ``POST /api/v1/sessions/<id>/hands?number=N`` sent as ``static/save.js``
  sends it: the JSON body ``bodyOf()`` builds from the hand form as the page shows it (every
  key, null where nothing was chosen), ``Content-Type: application/json``, the form's request
  id as ``Idempotency-Key``, the page's cookies, and what ``fetch`` adds with
  ``cache: "no-store"`` (``Cache-Control`` and ``Pragma: no-cache``);
- an API create: ``POST /api/v1/sessions`` with an Idempotency-Key, the body of the docs'
  example for the game (its players, the first seat dealing);
- a page save: the hand form posted (``POST /s/<id>/hands``, ``action=save``), as a browser
  without JavaScript posts it; the redirect is not followed.

The hand is what a player taps on the form shown: a made contract at the lowest bid by the
next declarer in turn, in hearts (Brooklyn, Hoyle: five taps); in the team games each side's
meld and the declarer's side's tricks too; in a game without a bid each player's meld and
take. The page read before each save (the form the phone has open) and the page read after it
are not traced.

For each request it prints the number of distinct files and functions of ours, the calls of
ours, the SQL statements sent, and a table of the files by calls: each file's functions and
calls, and two time shares under the tracer (shares, not timings; on a busy machine they move
from run to run, the counts do not): *own*, while the innermost frame of ours is in that file
(library code it calls included), and *on stack*, while any frame of that file is. A function
is a code object other than a comprehension or a generator expression (3.12 inlines the
comprehensions), which are counted apart; a generator is counted once, when it first runs.

``--without FILE:FUNC`` estimates what a cut would leave: the figures with the calls below that
function (or below ``CALLER>FUNC``, that function where that caller called it) left out, each
cut added to those before it, and the files that go with each.

    python bench/trace_calls.py                      # Brooklyn, the three requests
    python bench/trace_calls.py --game double-deck   # another game (names as GET /api/v1/presets)
    python bench/trace_calls.py --list               # and every function (calls, callers), the SQL
    python bench/trace_calls.py --tree 6             # and the call paths of ours, 6 deep
    python bench/trace_calls.py --json               # the figures as JSON
    python bench/trace_calls.py --warm 20            # 20 hands saved before the traced ones
    python bench/trace_calls.py --without 'hands.py:_saved>standings.py:session_standings'
    python bench/trace_calls.py --time-saves 200    # and what the records tally adds to a save

``--time-saves N`` times, untraced, N phones' saves on each of two apps side by side, one save
on each in turn so that a busy machine weighs on both alike: one as it is, one with the
records tally (``services/history/stored.py`` ``store``, the count of the session kept with
every change) left out. It prints each request's wall-clock time (median, mean, 90th
percentile), the time spent in ``store`` itself, and the difference of the two apps' medians.
"""

from __future__ import annotations

import argparse
import contextlib
import dis
import gc
import io
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any, NamedTuple
from xml.etree.ElementTree import Element

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
import tinyhtml5  # type: ignore[import-untyped]
from flask import Flask, current_app
from flask.testing import FlaskClient
from sqlalchemy import event as sql_event
from sqlalchemy.engine import Engine
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

import scorekeeper

DEFAULT_GAME = "brooklyn"
PLAYERS = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
SEATS = 4
"""Players seated when the game allows four (else its nearest count)."""
WARM_HANDS = 4
"""Hands saved before the traced ones, a phone's save and a page save in turn (--warm)."""
WARM_CREATES = 2
"""Sessions started through the API before the traced one (the session played is the first)."""
TOP_FILES = 15
COMPREHENSIONS = frozenset({"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"})
GENERATOR_FLAGS = 0x20 | 0x80 | 0x200  # CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR
OUTSIDE = "(outside the package)"
TRUMP = "H"
STATEMENT_WIDTH = 90


class Func(NamedTuple):
    """A code object of ours: its file (relative to the package's parent), name, first line."""

    file: str
    name: str
    line: int

    def label(self) -> str:
        """``file:name``, as the tables print it (``@line`` after a comprehension or a lambda,
        which share their names)."""
        at = f"@{self.line}" if "<" in self.name.rsplit(".", 1)[-1] else ""
        return f"{self.file}:{self.name}{at}"


@dataclass
class Trace:
    """What one traced request ran of ours."""

    calls: Counter[Func] = field(default_factory=Counter)
    callers: defaultdict[Func, Counter[Func | None]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    paths: Counter[tuple[Func, ...]] = field(default_factory=Counter)
    own: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    on_stack: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    statements: list[str] = field(default_factory=list)
    seconds: float = 0.0
    status: int = 0

    def functions(self) -> list[Func]:
        """The functions run, comprehensions and generator expressions left out."""
        return [f for f in self.calls if f.name.rsplit(".", 1)[-1] not in COMPREHENSIONS]

    def files(self) -> list[str]:
        """The files of ours the request crossed, sorted."""
        return sorted({f.file for f in self.calls})


class Tracer:
    """A profile function counting the calls of the package's frames, and time shares."""

    def __init__(self, package: Path) -> None:
        self.prefix = str(package) + os.sep
        self.base = package.parent
        self.keys: dict[CodeType, Func | None] = {}
        self.entries: dict[CodeType, int] = {}
        self.trace = Trace()
        self.stack: list[tuple[tuple[Func, ...], Func | None]] = []
        self.depth: Counter[str] = Counter()
        self.since: dict[str, float] = {}
        self.last = self.clock = 0.0
        self.tracing = False
        sql_event.listen(Engine, "before_cursor_execute", self.statement)

    def statement(self, conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        """A SQL statement sent to the database (any engine): kept while tracing."""
        if self.tracing:
            self.trace.statements.append(" ".join(sql.split())[:STATEMENT_WIDTH])

    def key(self, code: CodeType) -> Func | None:
        """The code object as a function of ours, None when its file is not in the package."""
        try:
            return self.keys[code]
        except KeyError:
            path = os.path.realpath(code.co_filename)
            ours = path.startswith(self.prefix)
            rel = os.path.relpath(path, self.base) if ours else ""
            found = Func(rel, code.co_qualname, code.co_firstlineno) if ours else None
            self.keys[code] = found
            return found

    def first_run(self, frame: FrameType) -> bool:
        """True when the frame starts its code, false when a generator is resumed."""
        code = frame.f_code
        if not code.co_flags & GENERATOR_FLAGS:
            return True
        if code not in self.entries:
            resume = (i.offset for i in dis.get_instructions(code) if i.opname == "RESUME")
            self.entries[code] = next(resume, 0)
        return frame.f_lasti <= self.entries[code]

    def event(self, frame: FrameType, event: str, arg: Any) -> None:
        """The profile function: a Python frame called or returning (C calls only tick)."""
        now = time.perf_counter()
        path = self.stack[-1][0] if self.stack else ()
        self.trace.own[path[-1].file if path else OUTSIDE] += now - self.last
        self.clock += now - self.last  # the request's time, the tracer's own left out
        if event == "call":
            func = self.key(frame.f_code)
            if func is None:
                self.stack.append((path, None))
            else:
                inner = (*path, func)
                if self.first_run(frame):
                    self.trace.calls[func] += 1
                    self.trace.callers[func][path[-1] if path else None] += 1
                    self.trace.paths[inner] += 1
                self.stack.append((inner, func))
                self.depth[func.file] += 1
                if self.depth[func.file] == 1:
                    self.since[func.file] = self.clock
        elif event == "return" and self.stack:
            _, func = self.stack.pop()
            if func is not None:
                self.depth[func.file] -= 1
                if self.depth[func.file] == 0:
                    self.trace.on_stack[func.file] += self.clock - self.since.pop(func.file)
        self.last = time.perf_counter()

    def run(self, work: Callable[[], TestResponse]) -> Trace:
        """Trace ``work`` (one request); what it ran of ours."""
        self.trace, self.stack, self.depth, self.since = Trace(), [], Counter(), {}
        self.clock = 0.0
        gc.collect()  # the warm-up's garbage is not this request's
        self.last = time.perf_counter()
        self.tracing = True
        sys.setprofile(self.event)
        try:
            response = work()
        finally:
            sys.setprofile(None)
            self.tracing = False
        self.trace.seconds = self.clock
        self.trace.status = response.status_code
        return self.trace


# -- the app and the requests ---------------------------------------------------------------


def make_app(folder: Path) -> Flask:
    """The app on a fresh SQLite file in ``folder``, migrated, CSRF on (as bench_web's)."""
    app = scorekeeper.create_app(
        {
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
            "WTF_CSRF_ENABLED": True,
        },
        instance_path=folder / "instance",
    )
    with app.app_context(), contextlib.redirect_stderr(io.StringIO()):
        flask_migrate.upgrade()  # Alembic's log of each migration is not a figure
    return app


def catalog(client: FlaskClient) -> dict[str, dict[str, Any]]:
    """The games the API offers (``GET /api/v1/presets``), by name."""
    answer = client.get("/api/v1/presets")
    assert answer.status_code == 200 and answer.json is not None, answer.status_code
    return {preset["system"]: preset for preset in answer.json["presets"]}


def create_body(preset: dict[str, Any]) -> dict[str, Any]:
    """A session of ``preset``'s game: four players (or its nearest count), the first deals."""
    low, high = preset["players"]["min"], preset["players"]["max"]
    count = min(max(SEATS, low), high)
    return {"system": preset["system"], "players": list(PLAYERS[:count]), "first_dealer_seat": 0}


def create(client: FlaskClient, body: dict[str, Any]) -> TestResponse:
    """``POST /api/v1/sessions`` with a fresh Idempotency-Key, as the API's docs show."""
    headers = {"Idempotency-Key": uuid.uuid4().hex}
    return client.post("/api/v1/sessions", json=body, headers=headers)


def hand_form(client: FlaskClient, session_id: int) -> Element:
    """The hand form of the session page as a phone reads it (the page's GET, not traced)."""
    page = client.get(f"/s/{session_id}")
    assert page.status_code == 200, page.status_code
    tree: Element = tinyhtml5.parse(page.get_data(as_text=True), namespace_html_elements=False)
    form = next((f for f in tree.iter("form") if f.get("id") == "hand-form"), None)
    assert form is not None, "no hand form on the session page (is the game over?)"
    return form


def elements(form: Element) -> Iterator[tuple[Element, list[Element]]]:
    """Every element of the form, with its ancestors inside the form (nearest last)."""

    def walk(node: Element, above: list[Element]) -> Iterator[tuple[Element, list[Element]]]:
        for child in node:
            yield child, above
            yield from walk(child, [*above, child])

    yield from walk(form, [form])


def inputs_under(form: Element, css_class: str) -> list[Element]:
    """The inputs inside an element of class ``css_class`` (``querySelectorAll('.c input')``)."""
    return [
        el
        for el, above in elements(form)
        if el.tag == "input" and any(css_class in (a.get("class") or "").split() for a in above)
    ]


def shown(form: Element) -> list[tuple[str, str]]:
    """The form's name/value pairs as a browser submits them untouched (no submitter)."""
    pairs: list[tuple[str, str]] = []
    for el, _ in elements(form):
        name = el.get("name")
        if el.tag != "input" or not name or el.get("disabled") is not None:
            continue
        kind = (el.get("type") or "text").lower()
        if kind in ("checkbox", "radio"):
            if el.get("checked") is not None:
                pairs.append((name, el.get("value", "on")))
        elif kind not in ("submit", "button", "image", "reset", "file"):
            pairs.append((name, el.get("value", "")))
    return pairs


def taps(form: Element, hand: int) -> dict[str, str]:
    """What a player taps and types on the form for a plain hand (see the module's docstring)."""
    radios: defaultdict[str, list[str]] = defaultdict(list)
    for el, _ in elements(form):
        if el.tag == "input" and el.get("type") == "radio" and el.get("name"):
            radios[el.get("name", "")].append(el.get("value", ""))
    chosen: dict[str, str] = {}
    lowest = 0
    if radios["declarer"]:
        chosen["declarer"] = radios["declarer"][hand % len(radios["declarer"])]
        chosen["bid"] = radios["bid"][0]
        lowest = int(chosen["bid"])
    if TRUMP in radios["trump"]:
        chosen["trump"] = TRUMP
    sides = [el.get("data-side", "") for el, _ in elements(form) if el.get("data-side")]
    takes = inputs_under(form, "take")
    total = int(form.get("data-total") or 0)
    if sides:  # each side's meld, the declarer's side's tricks: made whichever side bid
        for side in sides:
            chosen[f"meld-side-{side}"] = str(-(-lowest // 2))
        chosen["tricks"] = str(-(-total * 3 // 5))
    elif takes:  # no bid: each player's meld and take, the takes adding up to the total
        melds = [el.get("data-meld", "") for el, _ in elements(form) if el.get("data-meld")]
        for i, player in enumerate(melds):
            chosen[f"meld-{player}"] = str(40 if (i + hand) % 2 == 0 else 20)
        share = total // len(takes) // 10 * 10
        for i, take in enumerate(takes):
            rest = total - share * (len(takes) - 1)
            chosen[take.get("name", "")] = str(rest if i == hand % len(takes) else share)
    elif "made" in radios["outcome"]:
        chosen["outcome"] = "made"
    else:
        raise SystemExit(f"the hand form of {form.get('data-system')} is not one this fills")
    return chosen


def submitted(form: Element, chosen: dict[str, str]) -> list[tuple[str, str]]:
    """The form's pairs once ``chosen`` is tapped and typed (radios replaced, fields filled)."""
    pairs = [(k, v) for k, v in shown(form) if k not in chosen]
    return pairs + list(chosen.items())


def phone_body(form: Element, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The JSON body save.js's ``bodyOf()`` builds from the form, key for key."""
    data: dict[str, str] = {}
    for key, value in pairs:
        data.setdefault(key, value)

    def get(name: str) -> str:
        return data.get(name, "").strip()

    def num(name: str) -> int | str | None:
        text = get(name)
        return None if text == "" else int(text) if re.fullmatch(r"\d+", text) else text

    picked, other, declarer = num("bid"), num("bid_other"), num("declarer")
    melds = []
    for el, _ in elements(form):
        if el.get("data-meld"):
            key = el.get("data-meld", "")
            player = declarer if key == "declarer" else int(key)
            mode = get(f"meld_mode-{key}") or "number"
            melds.append({"player_id": player, "mode": mode, "text": get(f"meld-{key}")})
    for el, _ in elements(form):
        if el.get("data-side"):
            side = el.get("data-side", "")
            melds.append({"player_id": int(side), "mode": "side", "text": get(f"meld-side-{side}")})
    return {
        "outcome": get("outcome") or None,
        "declarer_id": declarer,
        "bid": other if other is not None else picked,
        "trump": None if get("trump") == "none" else get("trump") or None,
        "takeover": "takeover" in data,
        "reneger_id": num("reneger"),
        "tricks": num("tricks"),
        "last_trick_id": num("last_trick"),
        "melds": [m for m in melds if m["text"] and m["player_id"] is not None],
        "takes": [
            {"player_id": int(i.get("name", "")[5:]), "taken": num(i.get("name", ""))}
            for i in inputs_under(form, "take")
            if num(i.get("name", "")) is not None
        ],
        "bids": [
            {"player_id": int(i.get("name", "")[8:]), "bid": num(i.get("name", ""))}
            for i in inputs_under(form, "own-bid")
            if num(i.get("name", "")) is not None
        ],
    }


def phone_save(client: FlaskClient, session_id: int, hand: int) -> Callable[[], TestResponse]:
    """The phone's save of the next hand, ready to send (the page read first, not traced)."""
    form = hand_form(client, session_id)
    pairs = submitted(form, taps(form, hand))
    values = dict(pairs)
    url = f"/api/v1/sessions/{session_id}/hands?number={int(values['hand_number'])}"
    body = json.dumps(phone_body(form, pairs))
    headers = {
        "Content-Type": "application/json",
        "Idempotency-Key": values["request_id"],
        "Cache-Control": "no-cache",  # fetch's cache: "no-store" adds these two
        "Pragma": "no-cache",
    }
    return lambda: client.post(url, data=body, headers=headers)


def page_save(client: FlaskClient, session_id: int, hand: int) -> Callable[[], TestResponse]:
    """The hand form posted as a browser without JavaScript posts it (Save pressed)."""
    form = hand_form(client, session_id)
    data = MultiDict([*submitted(form, taps(form, hand)), ("action", "save")])
    return lambda: client.post(f"/s/{session_id}/hands", data=data)


def saved(response: TestResponse, what: str, expected: int) -> None:
    """Stop, saying why, when a request was not answered as a save."""
    if response.status_code != expected:
        text = response.get_data(as_text=True)[:600]
        raise SystemExit(f"{what}: answered {response.status_code}, not {expected}: {text}")


# -- the records tally's cost per save --------------------------------------------------------

NO_TALLY = "BENCH_NO_TALLY"
"""The config key of the app whose saves leave the records tally out (``--time-saves``)."""


@dataclass
class SaveTimes:
    """One app's timed saves: each request's milliseconds, and those spent in ``store``."""

    requests: list[float] = field(default_factory=list)
    store: list[float] = field(default_factory=list)


def timed_store(times: dict[bool, SaveTimes]) -> Callable[[], None]:
    """``history/stored.py`` ``store`` timed (into the app's ``SaveTimes``), or skipped on the
    app that leaves the tally out; returns what puts the original back."""
    from scorekeeper.services.history import stored

    original = stored.store

    def store(*args: Any, **kwargs: Any) -> None:
        skipped = bool(current_app.config.get(NO_TALLY))
        start = time.perf_counter()
        if not skipped:
            original(*args, **kwargs)
        times[skipped].store.append((time.perf_counter() - start) * 1000)

    stored.store = store  # type: ignore[assignment]
    return lambda: setattr(stored, "store", original)


def time_saves(body: dict[str, Any], count: int, folder: Path) -> dict[bool, SaveTimes]:
    """``count`` phones' saves on two apps in turn, the second without the records tally;
    their times by whether the tally was left out."""
    times = {False: SaveTimes(), True: SaveTimes()}
    clients = {}
    for skipped in (False, True):
        app = make_app(folder / ("without" if skipped else "with"))
        app.config[NO_TALLY] = skipped
        client = app.test_client()
        started = create(client, body)
        saved(started, "starting the session", 201)
        assert started.json is not None
        clients[skipped] = (client, started.json["id"])
    restore = timed_store(times)
    try:
        for hand in range(count):
            for skipped, (client, session_id) in clients.items():
                send = phone_save(client, session_id, hand)  # the page read first, not timed
                gc.collect()
                start = time.perf_counter()
                answered = send()
                times[skipped].requests.append((time.perf_counter() - start) * 1000)
                saved(answered, f"timed hand {hand + 1}", 201)
    finally:
        restore()
    return times


def print_save_times(times: dict[bool, SaveTimes], count: int) -> None:
    """The timed saves' figures, as text."""

    def line(ms: list[float]) -> str:
        p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
        return (
            f"median {statistics.median(ms):6.2f} ms, mean {statistics.mean(ms):6.2f}, "
            f"90th percentile {p90:6.2f}"
        )

    print(f"\n== {count} phones' saves each, timed untraced, one on each app in turn")
    print(f"   with the records tally:    {line(times[False].requests)}")
    print(f"   without it:                {line(times[True].requests)}")
    print(f"   in store itself, per save: {line(times[False].store)}")
    gap = statistics.median(times[False].requests) - statistics.median(times[True].requests)
    share = statistics.median(times[False].store) / statistics.median(times[False].requests)
    print(f"   the medians differ by {gap:.2f} ms; store is {share:.0%} of a save's median")


# -- the figures ----------------------------------------------------------------------------


def figures(trace: Trace) -> dict[str, Any]:
    """A traced request's figures, as --json prints them."""
    functions = trace.functions()
    named = set(functions)
    total_own = sum(trace.own.values()) or 1.0
    per_file: dict[str, dict[str, Any]] = {}
    for func, count in trace.calls.items():
        row = per_file.setdefault(func.file, {"functions": 0, "calls": 0})
        if func in named:
            row["functions"] += 1
            row["calls"] += count
    for file, row in per_file.items():
        row["own_time_share"] = round(trace.own[file] / total_own, 4)
        row["on_stack_time_share"] = round(trace.on_stack[file] / total_own, 4)
    return {
        "status": trace.status,
        "files": len(per_file),
        "functions": len(functions),
        "calls": sum(trace.calls[f] for f in functions),
        "comprehensions": len(trace.calls) - len(functions),
        "comprehension_runs": sum(c for f, c in trace.calls.items() if f not in named),
        "statements": len(trace.statements),
        "statement_kinds": dict(Counter(sql.split()[0] for sql in trace.statements)),
        "outside_time_share": round(trace.own[OUTSIDE] / total_own, 4),
        "traced_ms": round(trace.seconds * 1000, 1),
        "by_file": dict(sorted(per_file.items(), key=lambda kv: (-kv[1]["calls"], kv[0]))),
        "imports": sorted(f.file for f in trace.calls if f.name == "<module>"),
    }


def matches(func: Func, part: str) -> bool:
    """True when ``part`` names ``func``: its ``file:name``, the file given whole or by its
    last folders (``stored.py:store``, ``history/stored.py:store``)."""
    label = func.label()
    return label == part or label.endswith("/" + part)


def cut_in(path: tuple[Func, ...], parts: list[str]) -> bool:
    """True when the call path runs through ``parts``, one calling the next (``A>B``: B
    where A called it), at or above the path's last call."""
    width = len(parts)
    return any(
        all(matches(path[start + i], part) for i, part in enumerate(parts))
        for start in range(len(path) - width + 1)
    )


def without(trace: Trace, cuts: list[str]) -> list[dict[str, Any]]:
    """The figures left as each cut is added to those before it: the calls below each named
    function (``file:name``, or ``A>B`` for B called from A) and the function's own call
    left out, as if it were skipped. An estimate of a cut: work moved elsewhere is not seen."""
    steps: list[dict[str, Any]] = []
    before = set(trace.files())
    for upto in range(1, len(cuts) + 1):
        chains = [cut.split(">") for cut in cuts[:upto]]
        left: Counter[Func] = Counter()
        for path, count in trace.paths.items():
            if not any(cut_in(path, parts) for parts in chains):
                left[path[-1]] += count
        matched = any(cut_in(path, chains[-1]) for path in trace.paths)
        named = [f for f in left if f.name.rsplit(".", 1)[-1] not in COMPREHENSIONS]
        files = {f.file for f in left}
        steps.append(
            {
                "cut": cuts[upto - 1],
                "matched": matched,
                "files": len(files),
                "functions": len(named),
                "calls": sum(left[f] for f in named),
                "files_gone": sorted(before - files),
            }
        )
        before = files
    return steps


def functions_listed(trace: Trace) -> list[dict[str, Any]]:
    """Every function run, most calls first, with its callers of ours (None: the request)."""
    return [
        {
            "function": func.label(),
            "line": func.line,
            "calls": count,
            "callers": {
                (caller.label() if caller else None): n
                for caller, n in trace.callers[func].most_common()
            },
        }
        for func, count in sorted(trace.calls.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def print_figures(title: str, trace: Trace, listing: bool, tree: int, cuts: list[str]) -> None:
    """One request's figures as text: the counts, the files by calls, the files' list, and
    what each cut would leave."""
    found = figures(trace)
    print(f"\n== {title} (answered {found['status']})")
    print(
        f"   {found['files']} files of ours, {found['functions']} functions, "
        f"{found['calls']} calls (and {found['comprehensions']} comprehensions run "
        f"{found['comprehension_runs']} times); {found['traced_ms']} ms traced (the tracer's own "
        f"time left out), {found['outside_time_share']:.0%} of it outside the package"
    )
    kinds = ", ".join(f"{n} {kind}" for kind, n in found["statement_kinds"].items())
    print(f"   {found['statements']} SQL statements ({kinds or 'none'})")
    if found["imports"]:
        print(f"   modules first imported during the request: {', '.join(found['imports'])}")
    print(f"   {'file':<44} {'funcs':>5} {'calls':>6} {'share':>6} {'own t':>6} {'stack t':>7}")
    calls = found["calls"] or 1
    for file, row in list(found["by_file"].items())[:TOP_FILES]:
        print(
            f"   {file:<44} {row['functions']:>5} {row['calls']:>6} "
            f"{row['calls'] / calls:>6.0%} {row['own_time_share']:>6.0%} "
            f"{row['on_stack_time_share']:>7.0%}"
        )
    rest = list(found["by_file"])[TOP_FILES:]
    if rest:
        print(f"   ... and {len(rest)} more files")
    print("   files: " + ", ".join(trace.files()))
    if cuts:
        print("   left out, each cut with those above it (an estimate):")
        for step in without(trace, cuts):
            gone = ", ".join(step["files_gone"]) or "no file"
            unknown = "" if step["matched"] else " (names no call of this request)"
            print(
                f"     {step['cut']}{unknown}\n       -> {step['files']} files, "
                f"{step['functions']} functions, {step['calls']} calls; gone: {gone}"
            )
    if listing:
        print("   functions (calls; callers of ours):")
        for row in functions_listed(trace):
            callers = ", ".join(f"{c or '(request)'} {n}" for c, n in row["callers"].items())
            print(f"   {row['calls']:>5}  {row['function']}  <- {callers}")
        print("   SQL statements, in order:")
        for sql in trace.statements:
            print(f"          {sql}")
    if tree:
        print(f"   call paths of ours, {tree} deep (calls), in the order first called:")
        for path, count in call_tree(trace, tree):
            print(f"   {count:>5}  {'  ' * (len(path) - 1)}{path[-1].label()}")


def call_tree(trace: Trace, depth: int) -> Iterator[tuple[tuple[Func, ...], int]]:
    """The call paths of ours down to ``depth``, each after its caller's, siblings in the
    order they were first called."""
    children: defaultdict[tuple[Func, ...], list[tuple[Func, ...]]] = defaultdict(list)
    for path in trace.paths:  # in the order first called: a caller before its callees
        children[path[:-1]].append(path)

    def below(parent: tuple[Func, ...]) -> Iterator[tuple[tuple[Func, ...], int]]:
        for path in children[parent]:
            yield path, trace.paths[path]
            if len(path) < depth:
                yield from below(path)

    yield from below(())


# -- the run --------------------------------------------------------------------------------


def main() -> None:
    """Build the app, warm it up, trace one request of each kind, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help="a game as GET /api/v1/presets")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--list", action="store_true", help="print every function run")
    parser.add_argument("--tree", type=int, default=0, metavar="DEPTH", help="call paths")
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="FILE:FUNC",
        help="estimate the figures with the calls below FILE:FUNC (or CALLER>FUNC) left out; "
        "repeatable, each cut added to those before it",
    )
    parser.add_argument(
        "--warm", type=int, default=WARM_HANDS, metavar="N", help="hands saved before (2 or more)"
    )
    parser.add_argument(
        "--time-saves",
        type=int,
        default=0,
        metavar="N",
        help="and time N phones' saves with and without the records tally (untraced)",
    )
    args = parser.parse_args()

    package = Path(scorekeeper.__file__).resolve().parent
    tracer = Tracer(package)
    with tempfile.TemporaryDirectory() as folder:
        client = make_app(Path(folder)).test_client()
        games = catalog(client)
        if args.game not in games:
            parser.error(f"no game {args.game!r}; the API's games: {', '.join(games)}")
        body = create_body(games[args.game])
        started = create(client, body)
        saved(started, "starting the session", 201)
        assert started.json is not None
        session_id = started.json["id"]
        warm = max(args.warm, 2)
        for hand in range(warm):
            save = phone_save if hand % 2 == 0 else page_save
            answered = save(client, session_id, hand)()
            saved(answered, f"warm-up hand {hand + 1}", 201 if hand % 2 == 0 else 302)
        for _ in range(WARM_CREATES):
            saved(create(client, body), "a warm-up session", 201)

        traces = {
            "phone_save": tracer.run(phone_save(client, session_id, warm)),
            "api_create": tracer.run(lambda: create(client, body)),
            "page_save": tracer.run(page_save(client, session_id, warm + 1)),
        }
        for name, expected in (("phone_save", 201), ("api_create", 201), ("page_save", 302)):
            if traces[name].status != expected:
                raise SystemExit(f"{name}: answered {traces[name].status}, not {expected}")
        save_times = time_saves(body, args.time_saves, Path(folder)) if args.time_saves else None

    if args.json:
        out: dict[str, Any] = {
            "game": args.game,
            "players": len(body["players"]),
            "package": str(package),
            "requests": {name: figures(trace) for name, trace in traces.items()},
        }
        for name, trace in traces.items():
            if args.without:
                out["requests"][name]["without"] = without(trace, args.without)
        if args.list:
            for name, trace in traces.items():
                out["requests"][name]["function_list"] = functions_listed(trace)
                out["requests"][name]["statement_list"] = trace.statements
        if save_times is not None:
            out["save_times_ms"] = {
                "with_tally": save_times[False].requests,
                "without_tally": save_times[True].requests,
                "in_store": save_times[False].store,
            }
        print(json.dumps(out, indent=2))
        return
    print(f"{args.game}, {len(body['players'])} players; package {package}")
    titles = {
        "phone_save": f"a phone's save: POST /api/v1/sessions/{session_id}/hands?number=N (JSON)",
        "api_create": "an API create: POST /api/v1/sessions",
        "page_save": f"a page save: POST /s/{session_id}/hands (the hand form)",
    }
    for name, trace in traces.items():
        print_figures(titles[name], trace, args.list, args.tree, args.without)
    if save_times is not None:
        print_save_times(save_times, args.time_saves)


if __name__ == "__main__":
    main()
