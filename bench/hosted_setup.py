"""The hosted setup for the load and crash benchmarks: ``python -m scorekeeper hosted``
(gunicorn, several worker processes) on SQLite in a temporary folder or on a throwaway
PostgreSQL cluster on 127.0.0.1; tables started through their pages, sessions through the API
with the member token; a keep-alive HTTP connection; what the database holds of each hand.

Everything the benchmarks start listens on 127.0.0.1 only and is removed afterwards. Pointed
at a running deployment instead (``--url``), they talk to its address (HTTP or HTTPS) and
read its database (``DATABASE_URL``) only for the sessions they started themselves.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the one way to start a cluster and the server

import hostedserver  # noqa: E402
from pgcluster import (  # noqa: E402, F401
    POSTGRES_BIN,
    free_port,
    postgres_available,
    throwaway_postgres,
)

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def postgres_cluster() -> AbstractContextManager[str]:
    """A throwaway PostgreSQL cluster with an empty database (tests/pgcluster.py); unlike the
    tests' cluster, fsync and synchronous commits stay on, as on a real server."""
    return throwaway_postgres("scorekeeper_bench", durable=True, max_connections=200)


@contextmanager
def database(kind: str) -> Iterator[str]:
    """A fresh, empty database of ``kind`` ("sqlite" or "postgresql"); yields its URL."""
    if kind == "postgresql":
        with postgres_cluster() as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as folder:
        yield f"sqlite:///{Path(folder) / 'hosted.sqlite3'}"


def children(pid: int) -> list[int]:
    """The pids of process ``pid``'s children (a gunicorn master's: its workers)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return [int(child) for child in path.read_text().split()]
    except OSError:
        return []


class Server(hostedserver.Server):
    """The hosted server as the tests start it (``tests/hostedserver.py``), with the
    benchmarks' workers and threads, an access log of pid, status, method and milliseconds,
    and what the benchmarks read of it."""

    ACCESS_FORMAT = "%(p)s %(s)s %(m)s %(M)s"

    def __init__(
        self,
        database_url: str,
        workers: int,
        threads: int,
        folder: Path,
        tables: int = 1000,
        settings: dict[str, str] | None = None,
    ) -> None:
        self.seen: set[int] = set()  # worker pids known to have served (bench_crash.py)
        # every table of a run is started from 127.0.0.1, more than a club would
        more = {"SCOREKEEPER_NEW_TABLES_PER_HOUR": str(max(1000, tables))}
        more.update({f"SCOREKEEPER_{name}": value for name, value in (settings or {}).items()})
        super().__init__(database_url, folder, workers, threads, more)

    def workers(self) -> list[int]:
        """The pids of gunicorn's workers: the master's children."""
        return children(self.process.pid)

    def served_by(self, pid: int) -> bool:
        """Whether worker ``pid`` has answered a request (the access log names the pid)."""
        try:
            with open(self.access_log, "rb") as log:
                log.seek(max(0, log.seek(0, os.SEEK_END) - 200_000))
                return f"<{pid}>".encode() in log.read()
        except OSError:
            return False

    def server_ms(self, method: str) -> list[float]:
        """How long the server took over each request of ``method`` (gunicorn's own
        measure, from the request read to the answer sent), in ms, from the access log."""
        times = []
        for line in self.access_log.read_text().splitlines():
            fields = line.split()
            if len(fields) == 4 and fields[2] == method:
                times.append(float(fields[3]))
        return times

    def errors(self) -> list[str]:
        """The tracebacks in the server's logs, each whole."""
        text = self.error_log.read_text(errors="replace") if self.error_log.exists() else ""
        text += self.output.read_text(errors="replace") if self.output.exists() else ""
        return ["Traceback" + block.split("\n[", 1)[0] for block in text.split("Traceback")[1:]]


Address = int | str
"""Where the server is: the port of one on 127.0.0.1, or a deployment's base URL
(``https://scores.example.org``)."""


def _connection(address: Address, timeout: float) -> http.client.HTTPConnection:
    """A connection to ``address``: HTTP to 127.0.0.1 for a port, HTTP or HTTPS for a URL."""
    if isinstance(address, int):
        return http.client.HTTPConnection("127.0.0.1", address, timeout=timeout)
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{address!r}: give the deployment's address as http(s)://host[:port]")
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    return kind(parts.hostname, parts.port, timeout=timeout)


@dataclass
class Target:
    """What a run talks to: the server's ``address``, its database's ``url`` (None: not read)
    and, when the run started it, the ``server`` (None: a running deployment)."""

    kind: str
    address: Address
    url: str | None
    server: Server | None

    @property
    def sessions_only(self) -> bool:
        """Whether the database holds sessions besides the run's (a deployment's does)."""
        return self.server is None


@contextmanager
def target(
    kind: str,
    workers: int,
    threads: int,
    deployment: str | None,
    tables: int = 1000,
    settings: dict[str, str] | None = None,
) -> Iterator[Target]:
    """The hosted server the run starts on a fresh database of ``kind`` (stopped afterwards;
    ``tables`` may be started from 127.0.0.1 within the hour; ``settings`` given to it as
    ``SCOREKEEPER_<NAME>``), or the running ``deployment`` at that URL, whose database is
    ``DATABASE_URL`` when set."""
    if deployment:
        yield Target("deployment", deployment, os.environ.get("DATABASE_URL") or None, None)
        return
    with database(kind) as url, tempfile.TemporaryDirectory() as folder:
        server = Server(url, workers, threads, Path(folder), tables, settings)
        try:
            yield Target(kind, server.port, url, server)
        finally:
            server.stop()


class Connection:
    """One keep-alive HTTP connection with its own cookie; reconnects when it breaks."""

    def __init__(self, address: Address, timeout: float = 30) -> None:
        self.address = address
        self.timeout = timeout
        self.cookie: str | None = None
        self.connection = _connection(address, timeout)

    def send(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """Send one request; (status, headers, body). Raises OSError/HTTPException on a
        broken connection (after closing it, so the next call reconnects)."""
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if isinstance(body, dict) and headers.get("Content-Type") == "application/json":
            data = json.dumps(body).encode()
        elif isinstance(body, dict):
            data = urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, content

    def json(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], Any]:
        """Send JSON (or nothing) and read the answer as JSON when there is one."""
        status, answer_headers, content = self.send(
            method, path, body, {**(headers or {}), "Content-Type": "application/json"}
        )
        return status, answer_headers, json.loads(content) if content else None

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


@dataclass(frozen=True)
class Table:
    """A hosted table with one Brooklyn session: its member token and the session."""

    member_token: str
    session_id: int
    players: dict[str, int]

    @property
    def bearer(self) -> dict[str, str]:
        """The member token as the API takes it."""
        return {"Authorization": f"Bearer {self.member_token}"}


def start_table(address: Address, name: str) -> Table:
    """Start a table through its pages (the form's CSRF token, the links page), then a
    Brooklyn session through the API with the member token."""
    phone, member = new_table(address, name)
    status, _, made = phone.json(
        "POST", "/api/v1/sessions",
        {"system": "brooklyn", "players": FOUR, "stake_cents": 25},
        {"Authorization": f"Bearer {member}"},
    )  # fmt: skip
    assert status == 201, made
    phone.close()
    return Table(member, made["id"], {p["name"]: p["id"] for p in made["players"]})


def new_table(address: Address, name: str) -> tuple[Connection, str]:
    """Start a table through its pages (the form's CSRF token, the links page): the phone
    that started it (its cookie opens the table's pages) and the member token."""
    phone = Connection(address)
    status, _, page = phone.send("GET", "/tables/new")
    assert status == 200, status
    text = page.decode()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text) or re.search(
        r'name="csrf_token" value="([^"]+)"', text
    )
    assert token, "no CSRF token on /tables/new"
    status, _, _ = phone.send("POST", "/tables/new", {"csrf_token": token.group(1), "name": name})
    assert status == 302, status
    status, _, links = phone.send("GET", "/links")
    assert status == 200, status
    found = re.search(r"/join/([A-Za-z0-9_-]{32})", links.decode())
    assert found, "no member link on /links"
    return phone, found.group(1)


Sessions = tuple[int, ...] | None
"""The sessions a check looks at: those a run started (a deployment's database holds others),
or None for every one (a database of the benchmark's own)."""


def _of(sessions: Sessions, column: str = "session_id") -> str:
    """An SQL condition keeping the rows of ``sessions`` (ids, so written in as numbers)."""
    if sessions is None:
        return "1 = 1"
    return f"{column} IN ({', '.join(str(int(s)) for s in sessions) or 'NULL'})"


def stored_hands(database_url: str, sessions: Sessions = None) -> dict[str, dict[str, Any]]:
    """Every stored hand (of ``sessions``) with a request id, by request id: its session,
    position (seq), declarer, bid, trump, outcome, tricks and its meld rows (player, mode,
    entry)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            hands = connection.execute(
                text(
                    "SELECT id, session_id, seq, request_id, declarer_id, bid, trump, outcome,"
                    f" declarer_tricks FROM hands WHERE kind = 'hand' AND {_of(sessions)}"
                )
            ).all()
            melds = connection.execute(
                text(
                    "SELECT hand_id, player_id, mode, entry FROM hand_melds WHERE hand_id IN"
                    f" (SELECT id FROM hands WHERE {_of(sessions)})"
                )
            ).all()
    finally:
        engine.dispose()
    by_hand: dict[int, list[tuple[int, str, str]]] = {}
    for hand_id, player, mode, entry in melds:
        by_hand.setdefault(hand_id, []).append((player, mode, entry))
    out: dict[str, dict[str, Any]] = {}
    for row in hands:
        out[row.request_id or f"no-key-{row.id}"] = {
            "id": row.id,
            "session": row.session_id,
            "seq": row.seq,
            "declarer": row.declarer_id,
            "bid": row.bid,
            "trump": row.trump,
            "outcome": row.outcome,
            "tricks": row.declarer_tricks,
            "melds": sorted(by_hand.get(row.id, [])),
        }
    return out


def counts(database_url: str, sessions: Sessions = None) -> dict[str, int]:
    """Rows per table of a hand's parts (of ``sessions``), the request ids stored more than
    once, and the meld and take rows of no hand (in the whole database)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    of = _of(sessions)
    queries = {
        "hands": f"SELECT count(*) FROM hands WHERE kind = 'hand' AND {of}",
        "hands without a key": f"SELECT count(*) FROM hands WHERE request_id IS NULL AND {of}",
        "keys stored twice": "SELECT count(*) FROM (SELECT session_id, request_id FROM hands"
        f" WHERE request_id IS NOT NULL AND {of} GROUP BY session_id, request_id"
        " HAVING count(*) > 1) d",
        "positions stored twice": "SELECT count(*) FROM (SELECT session_id, seq FROM hands"
        f" WHERE {of} GROUP BY session_id, seq HAVING count(*) > 1) d",
        "melds of no hand": "SELECT count(*) FROM hand_melds m LEFT JOIN hands h"
        " ON h.id = m.hand_id WHERE h.id IS NULL",
        "takes of no hand": "SELECT count(*) FROM hand_takes t LEFT JOIN hands h"
        " ON h.id = t.hand_id WHERE h.id IS NULL",
    }
    try:
        with engine.connect() as connection:
            return {
                name: connection.execute(text(sql)).scalar_one() for name, sql in queries.items()
            }
    finally:
        engine.dispose()


def matches(sent: dict[str, Any], stored: dict[str, Any]) -> bool:
    """Whether the stored hand is the hand sent, whole (Brooklyn: the table counts full
    points, so bids, tricks and a typed meld are stored as sent)."""
    melds = sorted((m["player_id"], m["mode"], m["text"]) for m in sent.get("melds", []))
    return (
        stored["declarer"] == sent["declarer_id"]
        and stored["bid"] == sent["bid"]
        and stored["trump"] == sent["trump"]
        and stored["outcome"] == sent.get("outcome")
        and stored["tricks"] == sent.get("tricks")
        and stored["melds"] == melds
    )


def replay_all(database_url: str, sessions: Sessions = None) -> tuple[int, list[str]]:
    """Load every session (of ``sessions``) through the services in an app of its own (a
    separate app context): (sessions loaded, what failed)."""
    from scorekeeper.extensions import db
    from scorekeeper.models import GameSession
    from scorekeeper.services.sessions import load_session

    failed: list[str] = []
    loaded = 0
    with app_context_on(database_url):
        every = sessions or [row for (row,) in db.session.query(GameSession.id)]
        for session_id in every:
            try:
                load_session(session_id)
                loaded += 1
            except Exception as error:  # every failure is reported
                failed.append(f"session {session_id}: {error!r}")
    return loaded, failed


@contextmanager
def app_context_on(database_url: str) -> Iterator[None]:
    """An app of its own on ``database_url`` (not the server's), its context entered; its
    connections closed afterwards."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as instance:
        app = create_app(
            {"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "bench"},
            instance_path=instance,
        )
        with app.app_context():
            try:
                yield
            finally:
                db.session.remove()
                db.engine.dispose()


TICKS = os.sysconf("SC_CLK_TCK")


def process_tree(root: int) -> list[int]:
    """``root`` and its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def cpu_seconds(root: int) -> float:
    """CPU time (user + system) used so far by process ``root`` and its live descendants."""
    total = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def postmaster_of(database_url: str) -> int | None:
    """The pid of the PostgreSQL server listening on the URL's port (its command line says
    ``port=N``), or None (SQLite)."""
    match = re.search(r":(\d+)/", database_url)
    if not match:
        return None
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if command.startswith(str(POSTGRES_BIN)) and f"port={match.group(1)}" in command:
                return int(entry.name)
    return None
