"""The hosted setup as it runs: ``python -m scorekeeper hosted`` (what ``script/hosted``
runs) migrates, then serves with gunicorn, two worker processes that share nothing but the
database.

The per-process replay memory (``services/replays.py``) is keyed by the session's version as
each request reads it from the database (``services.sessions.load_session``), and every save
bumps that version, so a worker never shows figures older than the last save it can see. The
test here proves the key in one process; the server tests save hands through one worker and
read the standings through the other, alternating, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

import pytest
from pgcluster import free_port
from webhelpers import figures, new_session, save_hand

from scorekeeper import ROOT, cli

FOUR = ["Ann", "Bob", "Cal", "Dee"]


# -- the command --------------------------------------------------------------------------------


def test_without_proxy_settings_gunicorn_trusts_no_forwarded_header():
    argv = cli.gunicorn_argv({}, "127.0.0.1:8000", 3, 4)

    assert "--forwarded-allow-ips=" in argv  # gunicorn's own default would trust 127.0.0.1
    assert argv[argv.index("--workers") + 1] == "3"
    assert argv[argv.index("--worker-class") + 1] == "gthread"
    assert argv[-1] == "scorekeeper:create_app()"


def test_behind_a_configured_proxy_gunicorn_trusts_the_proxys_address():
    assert "--forwarded-allow-ips=127.0.0.1,::1" in cli.gunicorn_argv(
        {"PROXY_FIX_X_PROTO": 1}, "127.0.0.1:8000", 2, 4
    )
    assert "--forwarded-allow-ips=10.0.0.5" in cli.gunicorn_argv(
        {"PROXY_FIX_X_FOR": 1, "FORWARDED_ALLOW_IPS": "10.0.0.5"}, "127.0.0.1:8000", 2, 4
    )


def test_the_default_is_at_least_two_workers_and_at_most_eight():
    assert 2 <= cli.default_workers() <= 8


def test_hosted_migrates_first_then_hands_over_to_gunicorn_in_hosted_mode(app, monkeypatch):
    calls = []
    monkeypatch.setattr(cli.flask_migrate, "upgrade", lambda: calls.append("upgrade"))
    monkeypatch.setattr(cli.os, "execve", lambda path, argv, env: calls.append((argv, env)))

    result = app.test_cli_runner().invoke(args=["hosted", "--workers", "3", "--keep-alive", "5"])

    assert result.exit_code == 0, result.output
    assert calls[0] == "upgrade"
    argv, env = calls[1]
    assert argv[1:3] == ["-m", "gunicorn"]
    assert argv[argv.index("--workers") + 1] == "3"
    assert argv[-3:] == ["--keep-alive", "5", "scorekeeper:create_app()"]
    assert env["SCOREKEEPER_HOSTED"] == "true"


def test_hosted_refuses_a_single_worker(app):
    result = app.test_cli_runner().invoke(args=["hosted", "--workers", "1"])

    assert result.exit_code == 2
    assert "--workers" in result.output


def test_the_script_runs_the_hosted_command():
    script = (ROOT / "script" / "hosted").read_text()

    assert os.access(ROOT / "script" / "hosted", os.X_OK)
    assert "python -m scorekeeper hosted" in script


# -- the replay memory ----------------------------------------------------------------------------


def test_the_replay_memory_is_keyed_by_the_version_the_database_holds(app, client, tmp_path):
    """Another worker's change reaches this one through the database alone: an edit with the
    version bumped and marked as rewriting stored hands (as every edit is) is replayed; the
    same change without the bump would be shown from memory, which is why every change bumps
    it."""
    sid = new_session(client, "brooklyn", FOUR)
    # Ann deals, Dee sits out; Bob makes 350 in spades: 4 units from each of Ann, Cal, Dee.
    page = save_hand(client, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    assert figures(page) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}
    database = tmp_path / "scorekeeper.sqlite3"

    def other_worker(sql: str) -> None:
        with sqlite3.connect(database) as connection:
            connection.execute(sql)

    # Another process makes it 400 (4 units, doubled for spades: 8 from each) without a bump.
    other_worker("UPDATE hands SET bid = 400")
    assert figures(client.get(f"/s/{sid}")) == {"Ann": -4, "Bob": 12, "Cal": -4, "Dee": -4}
    # With the bump every edit makes, the next request replays from the database.
    other_worker("UPDATE sessions SET version = version + 1, rewritten = version + 1")
    assert figures(client.get(f"/s/{sid}")) == {"Ann": -8, "Bob": 24, "Cal": -8, "Dee": -8}


# -- gunicorn with two workers ---------------------------------------------------------------


class Phone:
    """One keep-alive HTTP connection (so one worker process) with its own cookie. Each
    request carries an ``X-Probe`` header that the access log writes beside the worker's pid
    (``last_probe``), so which worker answered never depends on the order of the log's lines."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie: str | None = None
        self.last_probe = ""

    def send(self, method: str, path: str, body=None, headers=None):
        headers = dict(headers or {})
        self.last_probe = uuid.uuid4().hex
        headers["X-Probe"] = self.last_probe
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if isinstance(body, dict) and headers.get("Content-Type") == "application/json":
            data = json.dumps(body).encode()
        elif isinstance(body, dict):
            data = urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, response, content.decode()

    def json(self, method: str, path: str, body=None, headers=None):
        status, _response, text = self.send(
            method, path, body, {**(headers or {}), "Content-Type": "application/json"}
        )
        return status, json.loads(text) if text else None


class Server:
    """``python -m scorekeeper hosted`` on a free port, with its access log of worker pids."""

    def __init__(self, database_url: str, folder: Path) -> None:
        self.port = free_port()
        self.log = folder / "access.log"
        self.errors = folder / "error.log"
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("SCOREKEEPER_") and key != "DATABASE_URL"
        }
        env.update(
            DATABASE_URL=database_url,
            SCOREKEEPER_SECRET_KEY="hosted-test-" + uuid.uuid4().hex,
            PYTHONPATH=str(ROOT),
        )
        command = [
            sys.executable, "-m", "scorekeeper", "hosted",
            "--bind", f"127.0.0.1:{self.port}", "--workers", "2", "--threads", "2",
            "--keep-alive", "120", "--access-logfile", str(self.log),
            "--access-logformat", "%(p)s %({x-probe}i)s %(m)s %(U)s %(s)s",
            "--error-logfile", str(self.errors), "--no-control-socket",
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise AssertionError(f"the hosted server stopped: {output}")
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
        return self.log.read_text().splitlines() if self.log.exists() else []

    def pid_of(self, phone: Phone) -> str:
        """The pid of the worker that answered ``phone``'s last request (from the log)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in self.lines():
                pid, probe, *_ = line.split()
                if probe == phone.last_probe:
                    return pid.strip("<>")
            time.sleep(0.02)
        raise AssertionError("the request was not logged")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def two_phones_on_two_workers(server: Server) -> dict[str, Phone]:
    """Keep-alive connections until two are served by different worker processes (the
    second worker may still be loading the app when the first answers: up to a minute)."""
    phones: dict[str, Phone] = {}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        phone = Phone(server.port)
        status, _, _ = phone.send("GET", "/healthz")
        assert status == 200
        pid = server.pid_of(phone)
        if pid in phones:
            phone.connection.close()
            time.sleep(0.1)
        else:
            phones[pid] = phone
        if len(phones) == 2:
            return phones
    raise AssertionError("gunicorn never gave the two connections to two workers")


def start_table_over_http(phone: Phone) -> str:
    """Start a table through its pages (with the form's CSRF token); the member token."""
    status, _, page = phone.send("GET", "/tables/new")
    assert status == 200
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page) or re.search(
        r'name="csrf_token" value="([^"]+)"', page
    )
    assert token, page
    status, _response, _ = phone.send(
        "POST", "/tables/new", {"csrf_token": token.group(1), "name": "Two workers"}
    )
    assert status == 302, status
    status, _, links = phone.send("GET", "/links")
    assert status == 200
    found = re.search(r"/join/([A-Za-z0-9_-]{32})", links)
    assert found
    return found.group(1)


# Brooklyn at 25 cents, Ann, Bob, Cal, Dee clockwise, Ann dealing first; with four players the
# one on the dealer's right sits out (RULES 5.2). Each opponent, sitting out included, pays
# or is paid (5.6); schedule 5.4: 250-340 is 1 unit, 350-390 is 2, 400-440 is 4.
HANDS = [
    # 1. Ann deals, Dee out. Bob makes 350 in spades: 2 x 2 for spades = 4 from each of three.
    ("Bob", {"bid": 350, "trump": "S", "outcome": "made"}, {"Ann": -4, "Bob": 12, "Cal": -4,
                                                            "Dee": -4}),
    # 2. Bob deals, Ann out. Cal is set at 300 in hearts: pays each of three 2 x 1 = 2.
    ("Cal", {"bid": 300, "trump": "H", "outcome": "set"}, {"Ann": -2, "Bob": 14, "Cal": -10,
                                                           "Dee": -2}),
    # 3. Cal deals, Bob out. Dee makes 400 in clubs: 4 from each of three.
    ("Dee", {"bid": 400, "trump": "C", "outcome": "made"}, {"Ann": -6, "Bob": 10, "Cal": -14,
                                                            "Dee": 10}),
    # 4. Dee deals, Cal out. Ann concedes 300 in spades: the schedule's 1 unit to each of three,
    #    no multiplier for a concession.
    ("Ann", {"bid": 300, "trump": "S", "outcome": "conceded"}, {"Ann": -9, "Bob": 11,
                                                                "Cal": -13, "Dee": 11}),
]  # fmt: skip


def play_across_two_workers(server: Server) -> None:
    phones = two_phones_on_two_workers(server)
    (first_pid, first), (second_pid, second) = phones.items()
    member = start_table_over_http(first)
    bearer = {"Authorization": f"Bearer {member}"}
    status, made = first.json(
        "POST", "/api/v1/sessions",
        {"system": "brooklyn", "players": FOUR, "stake_cents": 25}, bearer,
    )  # fmt: skip
    assert status == 201, made
    sid = made["id"]
    ids = {p["name"]: p["id"] for p in made["players"]}

    for number, (declarer, hand, expected) in enumerate(HANDS, start=1):
        saver, saver_pid = (first, first_pid) if number % 2 else (second, second_pid)
        status, saved = saver.json(
            "POST", f"/api/v1/sessions/{sid}/hands", {"declarer": ids[declarer], **hand}, bearer
        )
        assert status == 201, saved
        assert server.pid_of(saver) == saver_pid
        for reader, reader_pid in ((first, first_pid), (second, second_pid)):
            status, standings = reader.json(
                "GET", f"/api/v1/sessions/{sid}/standings", headers=bearer
            )
            assert status == 200
            assert server.pid_of(reader) == reader_pid  # each worker answers in turn
            shown = {row["holder"]["name"]: row["figure"] for row in standings["rows"]}
            assert shown == expected, (number, reader_pid)
            assert {row["holder"]["name"]: row["cents"] for row in standings["rows"]} == {
                name: units * 25 for name, units in expected.items()
            }
    served = {line.split()[0].strip("<>") for line in server.lines()}
    assert {first_pid, second_pid} <= served


def test_two_workers_on_sqlite_show_the_last_save_whichever_saved_it(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'hosted.sqlite3'}", tmp_path)
    try:
        play_across_two_workers(server)
    finally:
        server.stop()


@pytest.mark.postgres
def test_two_workers_on_postgresql_show_the_last_save_whichever_saved_it(postgres_url, tmp_path):
    import psycopg

    name = "hosted_" + uuid.uuid4().hex[:8]
    base, _, _ = postgres_url.rpartition("/")
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain + "/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    server = Server(f"{base}/{name}", tmp_path)
    try:
        play_across_two_workers(server)
    finally:
        server.stop()
        with psycopg.connect(plain + "/postgres", autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")
