"""Helpers for the test-client tests: fill in the app's forms as a browser would, read pages.

- ``new_session`` starts a session through ``POST /sessions/new``: it reads the form the page
  shows for the preset (so every default is posted as shown, checkboxes included), seats the
  players, applies the changes given (option fields as the form shows them: points as the
  table writes them, money as dollars like ``0.10``) and returns the new session's id.
- ``post_hand`` fills the hand form on the session page by player *names* and posts it.
- ``standings``, ``errors_at``, ``shown_value``, ``form_values`` read a rendered page.
"""

from __future__ import annotations

import atexit
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Mapping
from contextlib import closing
from copy import deepcopy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from xml.etree.ElementTree import Element

import flask_migrate
import tinyhtml5
import tinyhtml5.inputstream
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask.testing import FlaskClient
from jinja2.bccache import Bucket, BytecodeCache
from sqlalchemy import func, select
from werkzeug.test import TestResponse
from werkzeug.wrappers import Response

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Player

# -- reading pages --------------------------------------------------------------------------


def parse(html: str | Response) -> Element:
    """The page as an element tree (HTML5 parsing, no namespaces); a test client's answer or
    one read over HTTP (``hostedserver.LiveClient``). The trees of the last pages read are
    kept, so a page read by several helpers is parsed once: never change a tree."""
    if isinstance(html, Response):
        html = html.get_data(as_text=True)
    return _parsed(html)


@lru_cache(maxsize=16)
def _parsed(html: str) -> Element:
    return tinyhtml5.parse(html, namespace_html_elements=False)


class _UntilRegexes(dict):
    """tinyhtml5's cache of the patterns its tokenizer reads a run of text with, filled under
    the key it is read with.

    tinyhtml5 2.1.0 (``InputStream.chars_until``) stores each pattern it makes with
    ``characters = cache[(characters, opposite)] = pattern``, which binds ``characters`` to the
    pattern before the key is made: the key is the pattern, the lookup never finds it, and the
    pattern is spelled out again for every run of text read, half the time of parsing a page
    (measured on a session's pages; WeasyPrint parses the report pages with it too). The
    pattern made here is the one tinyhtml5 makes, so the trees are the same.
    """

    def __missing__(self, key: tuple[Any, bool]) -> re.Pattern[str]:
        characters, opposite = key
        pattern = "".join([f"\\x{ord(character):02x}" for character in characters])
        if not opposite:
            pattern = f"^{pattern}"
        compiled = self[key] = re.compile(f"[{pattern}]+")
        return compiled


if type(getattr(tinyhtml5.inputstream, "characters_until_regex", None)) is dict:
    tinyhtml5.inputstream.characters_until_regex = _UntilRegexes()


def classes(element: Element) -> set[str]:
    return set((element.get("class") or "").split())


def text_of(element: Element) -> str:
    """The element's text with whitespace collapsed."""
    return " ".join("".join(element.itertext()).split())


def page_text(page: str | TestResponse) -> str:
    """All the text of a page, whitespace collapsed (what a reader sees, roughly)."""
    tree = parse(page)
    body = tree.find("body")
    return text_of(body if body is not None else tree)


def table_rows(table: Element) -> dict[str, list[str]]:
    """A figures table's body: each row's head -> the text of each of its cells."""
    body = table.find("tbody")
    return {text_of(row.find("th")): [text_of(td) for td in row.findall("td")] for row in body}


def facts(page: str | TestResponse) -> dict[str, str]:
    """The page's facts (a ``div`` of a ``dt`` and its ``dd``): each term and its figure, the
    first where a term stands twice."""
    found: dict[str, str] = {}
    for div in parse(page).iter("div"):
        if div.find("dt") is not None:
            found.setdefault(text_of(div.find("dt")), text_of(div.find("dd")))
    return found


def _parents(tree: Element) -> dict[Element, Element]:
    return {child: parent for parent in tree.iter() for child in parent}


def find_form(tree: Element, form_id: str | None = None, action: str | None = None) -> Element:
    """The first form with that id (or whose action ends with ``action``)."""
    for form in tree.iter("form"):
        if form_id is not None and form.get("id") == form_id:
            return form
        if action is not None and (form.get("action") or "").endswith(action):
            return form
        if form_id is None and action is None:
            return form
    raise AssertionError(f"no form {form_id or action!r} on the page")


def form_values(form: Element) -> list[tuple[str, str]]:
    """The name/value pairs a browser would submit for ``form`` (no submit button)."""
    pairs: list[tuple[str, str]] = []
    for el in form.iter():
        name = el.get("name")
        if not name or el.get("disabled") is not None:
            continue
        if el.tag == "input":
            kind = (el.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                continue
            if kind in ("checkbox", "radio"):
                if el.get("checked") is not None:
                    pairs.append((name, el.get("value", "on")))
                continue
            pairs.append((name, el.get("value", "")))
        elif el.tag == "select":
            options = list(el.iter("option"))
            chosen = [o for o in options if o.get("selected") is not None] or options[:1]
            for option in chosen:
                pairs.append((name, option.get("value", text_of(option))))
        elif el.tag == "textarea":
            pairs.append((name, "".join(el.itertext())))
    return pairs


def shown_value(page: str | TestResponse, name: str) -> str | None:
    """What the page shows in field ``name``: a text value, the checked radio, the selection."""
    tree = parse(page)
    for form in tree.iter("form"):
        for key, value in form_values(form):
            if key == name:
                return value
    return None


def errors_at(page: str | TestResponse, name: str) -> list[str]:
    """The error messages shown in the box (fieldset, option, meld...) around field ``name``."""
    tree = parse(page)
    parents = _parents(tree)
    field = next((el for el in tree.iter() if el.get("name") == name), None)
    if field is None:
        raise AssertionError(f"no field named {name!r} on the page")
    box = field
    boxes = {"field", "option", "meld", "tricks", "takes", "reneger", "own-bid"}
    while box in parents and not (box.tag == "fieldset" or classes(box) & boxes):
        box = parents[box]
    return [text_of(p) for p in box.iter("p") if "error" in classes(p)]


def form_errors(page: str | TestResponse) -> list[str]:
    """Messages at the top of the hand form (not tied to one field)."""
    tree = parse(page)
    return [
        text_of(p)
        for div in tree.iter("div")
        if "form-errors" in classes(div)
        for p in div.iter("p")
    ]


def all_errors(page: str | TestResponse) -> list[str]:
    """Every error message on the page."""
    tree = parse(page)
    found = [text_of(p) for p in tree.iter("p") if "error" in classes(p)]
    return found + form_errors(page)


@dataclass(frozen=True)
class Standing:
    """One line of the rendered standings."""

    figure: str
    money: str
    note: str

    @property
    def value(self) -> int:
        """The figure as a number (a real minus sign or a + is read)."""
        return int(self.figure.replace("−", "-").replace("+", ""))


def standings(page: str | TestResponse) -> dict[str, Standing]:
    """The standings as shown: name (player, team, Kitty, Pot) -> figure, money and note."""
    tree = parse(page)
    section = next(
        (el for el in tree.iter("section") if el.get("id") == "standings"), None
    ) or next(el for el in tree.iter() if el.get("id") == "standings")
    rows: dict[str, Standing] = {}
    for row in section.iter("div"):
        if "standing" not in classes(row):
            continue
        spans = {
            role: span
            for span in row.findall("span")
            for role in classes(span) & {"who", "figure", "money"}
        }
        who = spans["who"]
        note = who.find("small")
        name = (who.text or "").strip()
        rows[name] = Standing(
            text_of(spans["figure"]),
            text_of(spans["money"]) if "money" in spans else "",
            text_of(note) if note is not None else "",
        )
    return rows


def figures(page: str | TestResponse) -> dict[str, int]:
    """Just the figures of the standings, as numbers."""
    return {name: row.value for name, row in standings(page).items()}


def next_hand_text(page: str | TestResponse) -> str:
    """The 'Hand 3 · Bob deals, Ann sits out. Cal bids first.' line."""
    tree = parse(page)
    line = next(el for el in tree.iter("p") if el.get("id") == "next-hand")
    return text_of(line)


# -- the database ---------------------------------------------------------------------------


def player_ids(client: FlaskClient) -> dict[str, int]:
    """Every roster player's id by name."""
    with client.application.app_context():
        return {p.name: p.id for p in db.session.scalars(select(Player))}


def hand_count(client: FlaskClient, session_id: int, kind: str = "hand") -> int:
    """How many rows of ``kind`` the session holds in the database."""
    with client.application.app_context():
        return db.session.scalar(
            select(func.count(Hand.id)).where(Hand.session_id == session_id, Hand.kind == kind)
        )


# -- filling in forms -----------------------------------------------------------------------


def _option_text(value: Any) -> str | None:
    if value is True:
        return "on"
    if value is False or value is None:
        return None
    return str(value)


def new_session_response(
    client: FlaskClient,
    system: str,
    players: Iterable[str],
    first_dealer: int = 0,
    **options: Any,
) -> TestResponse:
    """Post the new-session form for ``system`` as a browser would; returns the response.

    ``options`` override fields as the form shows them: ``stake="0.25"``, ``target=500``,
    ``spades_double=False`` (a checkbox left unticked).
    """
    page = client.get(f"/sessions/new?system={system}")
    assert page.status_code == 200
    form = find_form(parse(page), action="/sessions/new")
    data = dict(form_values(form))
    for key in [k for k in data if k.startswith("seat-")]:
        data[key] = ""
    for i, name in enumerate(players):
        data[f"seat-{i}"] = name
    data["first_dealer"] = str(first_dealer)
    for name, value in options.items():
        text = _option_text(value)
        if text is None:
            data.pop(name, None)
        else:
            data[name] = text
    return client.post("/sessions/new", data=data)


def new_session(
    client: FlaskClient,
    system: str,
    players: Iterable[str],
    first_dealer: int = 0,
    **options: Any,
) -> int:
    """Start a session through the form and return its id (fails loudly if refused)."""
    response = new_session_response(client, system, players, first_dealer, **options)
    assert response.status_code == 302, all_errors(response) or response.status_code
    match = re.search(r"/s/(\d+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))


def hand_data(
    client: FlaskClient,
    session_id: int,
    *,
    declarer: str | None = None,
    bid: int | None = None,
    trump: str | None = None,
    outcome: str | None = None,
    meld: str | Mapping[str, str] | None = None,
    meld_mode: str = "number",
    tricks: int | None = None,
    takes: Mapping[str, int] | None = None,
    last_trick: str | None = None,
    reneger: str | None = None,
    takeover: bool = False,
    bids: Mapping[str, int | str] | None = None,
    action: str = "save",
    page: TestResponse | None = None,
    players: Mapping[str, int] | None = None,
    **extra: str,
) -> dict[str, str]:
    """The hand form's data, filled in by player names, from the session page's form.

    The hidden fields (request id, hand number) come from the page as it was shown. A bid is
    posted as the quick-pick radio when the form offers it, otherwise in "Other bid". ``meld``
    is the declarer's meld (chip games) or a mapping of player name to meld; ``bids`` each
    player's own bid under summed bids, by name. The players' ids
    are read from the database unless given as ``players`` (name to id).
    """
    if page is None:
        page = client.get(f"/s/{session_id}")
        assert page.status_code == 200
    form = find_form(parse(page), form_id="hand-form")
    ids = players if players is not None else player_ids(client)
    offered = {
        el.get("value")
        for el in form.iter("input")
        if el.get("name") == "bid" and el.get("type") == "radio"
    }
    data = {
        key: value
        for key, value in form_values(form)
        if key in ("csrf_token", "request_id", "hand_number", "version")
    }
    data["action"] = action
    if declarer is not None:
        data["declarer"] = str(ids[declarer])
    if bid is not None:
        if str(bid) in offered:
            data["bid"] = str(bid)
        else:
            data["bid_other"] = str(bid)
    if trump is not None:
        data["trump"] = trump
    if outcome is not None:
        data["outcome"] = outcome
    if takeover:
        data["takeover"] = "on"
    if isinstance(meld, str):
        data["meld-declarer"] = meld
        data["meld_mode-declarer"] = meld_mode
    elif meld:
        for name, text in meld.items():
            data[f"meld-{ids[name]}"] = text
            data[f"meld_mode-{ids[name]}"] = meld_mode
    if tricks is not None:
        data["tricks"] = str(tricks)
    for name, taken in (takes or {}).items():
        data[f"take-{ids[name]}"] = str(taken)
    for name, own in (bids or {}).items():
        data[f"own_bid-{ids[name]}"] = str(own)
    if last_trick is not None:
        data["last_trick"] = str(ids[last_trick])
    if reneger is not None:
        data["reneger"] = str(ids[reneger])
    data.update(extra)
    return data


def post_hand(client: FlaskClient, session_id: int, **fields: Any) -> TestResponse:
    """Fill in the hand form on the session page and post it (not following the redirect)."""
    data = hand_data(client, session_id, **fields)
    return client.post(f"/s/{session_id}/hands", data=data)


def save_hand(client: FlaskClient, session_id: int, **fields: Any) -> TestResponse:
    """Post a hand that must be saved; returns the session page it redirects to."""
    response = post_hand(client, session_id, **fields)
    assert response.status_code == 302, all_errors(response) or response.status_code
    assert response.headers["Location"].startswith(f"/s/{session_id}")
    return client.get(f"/s/{session_id}")


def database_dump(app) -> dict[str, list[tuple]]:
    """Every row of every table, in primary-key order: compare two dumps to see any change.

    Read through the database driver's own cursor, on a connection of the app's pool: the
    same rows as SQLAlchemy's statements give (plain SQL, nothing converted), in a seventh of
    the time (0.13 ms against 0.86 ms a dump on SQLite; the isolation walk makes thousands)."""
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            cursor = connection.cursor()
            dump = {}
            for table, query in _dump_queries():
                cursor.execute(query)
                dump[table] = [tuple(row) for row in cursor.fetchall()]
            return dump
        finally:
            connection.close()  # back to the pool, its transaction rolled back


@lru_cache(maxsize=1)
def _dump_queries() -> tuple[tuple[str, str], ...]:
    """Each table's name and the query that reads all its rows in primary-key order."""
    queries = []
    for table in db.metadata.sorted_tables:
        keys = ", ".join(column.name for column in table.primary_key.columns) or "1"
        queries.append((table.name, f'SELECT * FROM "{table.name}" ORDER BY {keys}'))
    return tuple(queries)


class _CompiledTemplates(BytecodeCache):
    """The templates compiled once per test process and shared by every app the tests make
    (Jinja's bytecode cache, kept in memory): each app would compile them all again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


_compiled_templates = _CompiledTemplates()


def upgrade_to_the_models() -> None:
    """Migrate the app's database to the newest revision and check that its schema is then
    the models' exactly (in an app context)."""
    flask_migrate.upgrade()
    db.session.remove()  # on SQLite, so that the next connection may read
    with db.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []


def app_at(database_url: str, instance_path: Path, csrf: bool = False, **config: Any) -> Flask:
    """The app as the tests make it, on ``database_url`` (its schema left as it is)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "WTF_CSRF_ENABLED": csrf,
            **config,
        },
        instance_path=instance_path,
    )
    app.jinja_env.bytecode_cache = _compiled_templates
    return app


def sqlite_file(root: Path) -> Path:
    """The SQLite file the tests' apps keep under ``root``."""
    return root / "scorekeeper.sqlite3"


def sqlite_url(root: Path) -> str:
    """The URL of the SQLite file the tests' apps keep under ``root``."""
    return f"sqlite:///{sqlite_file(root)}"


_template: Path | None = None


def migrated_template() -> Path:
    """A SQLite file every migration has been run on, made once per test process (removed at
    its exit): the fresh databases of the tests are copies of it.

    It is left in rollback-journal mode, one self-contained file with no ``-wal`` beside it;
    the app switches each copy to WAL when it first connects, as it does a new file.
    """
    global _template
    if _template is None:
        root = Path(tempfile.mkdtemp(prefix="scorekeeper-template-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        app = app_at(sqlite_url(root), root / "instance")
        with app.app_context():
            flask_migrate.upgrade()
        dispose(app)
        with closing(sqlite3.connect(sqlite_file(root))) as connection:
            connection.execute("PRAGMA journal_mode=DELETE")
        _template = sqlite_file(root)
    return _template


def migrated_app(
    root: Path, csrf: bool = False, database_url: str | None = None, **config: Any
) -> Flask:
    """The app on a fresh SQLite file under ``root`` (or on ``database_url``), its schema built
    by the migrations: on SQLite a copy of ``migrated_template``, on ``database_url`` by
    running them (the tests about migrations run them themselves, through ``app_at``)."""
    if database_url is None:
        root.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(migrated_template(), sqlite_file(root))
    app = app_at(database_url or sqlite_url(root), root / "instance", csrf, **config)
    if database_url is not None:
        with app.app_context():
            flask_migrate.upgrade()
    return app


def dispose(app: Flask) -> None:
    """Close the app's database connections (a test's temporary file can then go)."""
    with app.app_context():
        db.engine.dispose()


@dataclass(frozen=True)
class _Built:
    database: Path  # a copy of the database as ``build`` left it
    result: Any
    cookies: dict[Any, Any]  # the test client's cookies as ``build`` left them


_built: dict[str, _Built] = {}
T = TypeVar("T")


def built_once(client: FlaskClient, key: str, build: Callable[[FlaskClient], T]) -> T:
    """What ``build(client)`` returns, and the database and cookies it leaves, made by the
    requests once per test process (the first time ``key`` is asked for) and copied after.

    Each test still has a database of its own, a fresh copy of the state ``build`` left on a
    fresh database, for the cost of a file copy instead of the pages and posts: for a
    fixture many tests set up the same way. ``key`` names what ``build`` does (one key, one
    ``build``); ``client`` is a test client of ``migrated_app``'s app on SQLite, as it was
    made, nothing asked of it yet.
    """
    app = client.application
    path = Path(app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///"))
    known = _built.get(key)
    if known is None:
        result = build(client)
        dispose(app)
        copy = Path(tempfile.mkdtemp(prefix="scorekeeper-built-")) / path.name
        atexit.register(shutil.rmtree, copy.parent, ignore_errors=True)
        with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(copy)) as target:
            source.backup(target)  # consistent whatever the -wal beside it holds
        _built[key] = _Built(copy, deepcopy(result), dict(client._cookies))
        return result
    dispose(app)
    for extra in ("-wal", "-shm"):
        path.with_name(path.name + extra).unlink(missing_ok=True)
    shutil.copyfile(known.database, path)
    client._cookies.update(known.cookies)
    return deepcopy(known.result)


CLUB_NIGHT = {
    "name": "Thursday club", "system": "partnership", "table_size": "4", "team_size": "2",
    "rounds": "8", "minutes": "50", "points": "500", "movement": "fixed", "byes": "y",
    "ranking": "kcmo",
}  # fmt: skip
"""A club night's form as posted: KCMO's settings for partnership."""


def club_night_paired(client: FlaskClient) -> str:
    """A club night of four in two fixed teams (Ann & Bob, Cal & Dee) with round 1 paired;
    the address of its organiser's page."""
    made = client.post("/club/new", data=CLUB_NIGHT)
    assert made.status_code == 302
    night = made.headers["Location"]
    for name, team in (("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2)):
        assert client.post(f"{night}/players", data={"name": name, "team": team}).status_code == 302
    assert client.post(f"{night}/rounds").status_code == 302
    return night
