"""The hosted setup as it runs, for the tests that talk to it over HTTP.

- ``Server``: ``python -m scorekeeper hosted`` (what ``script/hosted`` runs: migrate, then
  gunicorn) with two worker processes on a free port of 127.0.0.1; its access log names the
  worker's pid beside each request's ``X-Probe`` header.
- ``Connection``: one keep-alive HTTP connection, so one worker process;
  ``connections_to_every_worker`` opens them until each worker holds one.
- ``LiveClient``: what the tests use of Flask's test client (``get``, ``post``, ``open`` with
  ``data``, ``json`` and ``headers``; ``get_cookie``, ``set_cookie``), sent over HTTP. It keeps
  its own cookie and sends a page's form with its own CSRF token, as a browser does; its
  requests take turns over the connections it is given, so over every worker.
- ``postgres_database``: a fresh database on the tests' PostgreSQL cluster, dropped after.
"""

from __future__ import annotations

import http.client
import itertools
import json as jsonlib
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from pgcluster import free_port
from werkzeug.wrappers import Response

from scorekeeper import ROOT

WORKERS = 2
CSRF_FIELD = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
READING = frozenset({"GET", "HEAD", "OPTIONS"})


class Server:
    """``python -m scorekeeper hosted`` on a free port of 127.0.0.1, with its access log
    (by default the worker's pid beside each request's ``X-Probe`` header), its error log and
    its output in ``folder``. gunicorn's master is ``process`` (the command hands over to it
    with execve). The load and crash benchmarks start it too (``bench/hosted_setup.py``)."""

    ACCESS_FORMAT = "%(p)s %({x-probe}i)s %(m)s %(U)s %(s)s"

    def __init__(
        self,
        database_url: str,
        folder: Path,
        workers: int = WORKERS,
        threads: int = 2,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.access_log = folder / "access.log"
        self.error_log = folder / "error.log"
        self.output = folder / "hosted.out"
        environment = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("SCOREKEEPER_") and key != "DATABASE_URL"
        }
        environment.update(
            DATABASE_URL=database_url,
            SCOREKEEPER_SECRET_KEY="hosted-" + uuid.uuid4().hex,
            PYTHONPATH=str(ROOT),
            **(env or {}),
        )
        command = [
            sys.executable, "-m", "scorekeeper", "hosted",
            "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
            "--threads", str(threads), "--keep-alive", "120",
            "--access-logfile", str(self.access_log), "--access-logformat", self.ACCESS_FORMAT,
            "--error-logfile", str(self.error_log),
        ]  # fmt: skip
        with open(self.output, "wb") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT
            )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the hosted server stopped: {self.output.read_text()}")
            try:
                probe = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                probe.request("GET", "/healthz")
                if probe.getresponse().status == 200:
                    probe.close()
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the hosted server did not answer within 60 s")

    def lines(self) -> list[str]:
        """The access log's lines: worker pid, probe, method, path, status."""
        return self.access_log.read_text().splitlines() if self.access_log.exists() else []

    def answered(self, probes: Iterable[str]) -> dict[str, str]:
        """The pid of the worker that answered each request, by its probe (from the log,
        waited for: a line may be written a moment after the answer)."""
        wanted = set(probes)
        found: dict[str, str] = {}
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in self.lines():
                pid, probe, *_ = line.split()
                if probe in wanted:
                    found[probe] = pid.strip("<>")
            if len(found) == len(wanted):
                return found
            time.sleep(0.02)
        raise AssertionError(f"{len(wanted) - len(found)} requests were not logged")

    def pid_of(self, connection: Connection) -> str:
        """The pid of the worker that answered ``connection``'s last request."""
        return self.answered([connection.last_probe])[connection.last_probe]

    def stop(self) -> None:
        """Stop gunicorn (SIGTERM, then SIGKILL after 20 s)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Connection:
    """One keep-alive HTTP connection (so one worker process). Each request carries an
    ``X-Probe`` header that the access log writes beside the worker's pid, so which worker
    answered never depends on the order of the log's lines; ``sent`` keeps every probe."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.sent: list[str] = []

    @property
    def last_probe(self) -> str:
        """The probe of the last request sent."""
        return self.sent[-1]

    def request(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[Response, list[str]]:
        """Send one request; the answer and the Set-Cookie headers it carried."""
        probe = uuid.uuid4().hex
        self.sent.append(probe)
        self.connection.request(method, path, body=body, headers={**headers, "X-Probe": probe})
        answer = self.connection.getresponse()
        content = answer.read()
        if (answer.getheader("Connection") or "").lower() == "close":
            self.connection.close()  # the next request opens a new one
        cookies = answer.msg.get_all("Set-Cookie") or []
        return Response(content, status=answer.status, headers=answer.getheaders()), cookies

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def connections_to_every_worker(server: Server) -> dict[str, Connection]:
    """Keep-alive connections, by worker pid, until each worker holds one (a worker may still
    be loading the app when the first answers: up to a minute)."""
    connections: dict[str, Connection] = {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        connection = Connection(server.port)
        answer, _ = connection.request("GET", "/healthz", None, {})
        assert answer.status_code == 200
        pid = server.pid_of(connection)
        if pid in connections:
            connection.close()
            time.sleep(0.1)
        else:
            connections[pid] = connection
        if len(connections) == WORKERS:
            return connections
    raise AssertionError(f"gunicorn never gave {WORKERS} connections to {WORKERS} workers")


@dataclass(frozen=True)
class Cookie:
    """A cookie as the client holds it."""

    value: str


class LiveClient:
    """Flask's test client, as far as the tests use it, over HTTP to a live server.

    The client holds one cookie (the session's) and, for the pages' forms, the CSRF token
    of the last page it was shown (opening ``/tables/new``, open to all, for one first if it
    holds none, as a browser opens a page before posting its form): a form's own
    ``csrf_token`` field is replaced by it, as a browser only ever sends its own.
    The API takes JSON and no token. Its requests take turns over ``connections`` (``turns``
    may be shared by several clients, so that their requests alternate between workers).
    """

    def __init__(
        self, connections: Sequence[Connection], turns: Iterator[int] | None = None
    ) -> None:
        self.connections = connections
        self.turns = turns if turns is not None else itertools.count()
        self.cookie: str | None = None
        self.csrf: str | None = None
        self._tokens: dict[str, str] = {}  # the CSRF token that went with each cookie

    def get_cookie(self, name: str) -> Cookie | None:
        """The session cookie, if the client holds one."""
        assert name == "session", name
        if self.cookie is None:
            return None
        if self.csrf is not None:
            self._tokens[self.cookie] = self.csrf
        return Cookie(self.cookie)

    def set_cookie(self, name: str, value: str) -> None:
        """Hold ``value`` as the session cookie again (with the CSRF token it went with)."""
        assert name == "session", name
        self.cookie = value
        self.csrf = self._tokens.get(value)

    def open(
        self,
        path: str,
        method: str = "GET",
        data: dict[str, Any] | None = None,
        json: Any = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        """Send one request as the test client's ``open`` does; the answer."""
        headers = dict(headers or {})
        body = None
        if json is not None:
            body = jsonlib.dumps(json).encode()
            headers["Content-Type"] = "application/json"
        elif data is not None:
            form = dict(data)
            if "csrf_token" in form and self._needs_token(method, path):
                form["csrf_token"] = self._token()
            body = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self._needs_token(method, path):
            headers["X-CSRFToken"] = self._token()
        return self._send(method, path, body, headers)

    def get(self, path: str, **kwargs: Any) -> Response:
        """A GET."""
        return self.open(path, method="GET", **kwargs)

    def post(self, path: str, **kwargs: Any) -> Response:
        """A POST."""
        return self.open(path, method="POST", **kwargs)

    def put(self, path: str, **kwargs: Any) -> Response:
        """A PUT."""
        return self.open(path, method="PUT", **kwargs)

    def patch(self, path: str, **kwargs: Any) -> Response:
        """A PATCH."""
        return self.open(path, method="PATCH", **kwargs)

    def delete(self, path: str, **kwargs: Any) -> Response:
        """A DELETE."""
        return self.open(path, method="DELETE", **kwargs)

    @staticmethod
    def _needs_token(method: str, path: str) -> bool:
        """Whether the request is a page's form that changes something."""
        return method not in READING and not path.startswith("/api/")

    def _token(self) -> str:
        if self.csrf is None:
            page = self._send("GET", "/tables/new", None, {})
            assert self.csrf is not None, f"no CSRF token on /tables/new ({page.status_code})"
        return self.csrf

    def _send(self, method: str, path: str, body: bytes | None, headers: dict) -> Response:
        if self.cookie:
            headers["Cookie"] = f"session={self.cookie}"
        connection = self.connections[next(self.turns) % len(self.connections)]
        answer, cookies = connection.request(method, path, body, headers)
        for cookie in cookies:
            name, _, rest = cookie.partition("=")
            if name.strip() == "session":
                value = rest.split(";", 1)[0]
                self.cookie = value or None  # an empty one deletes it
        if answer.mimetype == "text/html":
            found = CSRF_FIELD.search(answer.get_data(as_text=True))
            if found:
                self.csrf = found.group(1)
        return answer


@contextmanager
def postgres_database(postgres_url: str) -> Iterator[str]:
    """A fresh, empty database on the cluster of ``postgres_url``; yields its URL, then drops
    it (with any connection still open to it)."""
    import psycopg

    name = "hosted_" + uuid.uuid4().hex[:8]
    base, _, _ = postgres_url.rpartition("/")
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain + "/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(plain + "/postgres", autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")
