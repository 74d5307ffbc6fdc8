"""``serve``: migrates, shows the address and QR code for phones, then hands over to waitress."""

import runpy
import socket
import sys

import flask_migrate
import pytest
from webhelpers import dispose, migrated_app

from scorekeeper import cli, factory
from scorekeeper.extensions import db
from scorekeeper.models import SessionTally
from scorekeeper.services import sessions, unit_of_work
from scorekeeper.services.tables import default_table

THREADS = {"threads": 8 + 64, "connection_limit": 8 * 10 + 64}
"""waitress's threads: 8 for pages and saves, and one for each of the 64 live streams a
process holds by default; ten connections for each of the 8 beside the streams."""


@pytest.fixture
def events(monkeypatch):
    """Stand in for waitress, and record the migration and what waitress was asked to serve."""
    events = []
    real_upgrade = flask_migrate.upgrade

    def upgrade():
        events.append("upgrade")
        real_upgrade()

    monkeypatch.setattr(cli.flask_migrate, "upgrade", upgrade)
    monkeypatch.setattr(cli.waitress, "serve", lambda app, **options: events.append(options))
    monkeypatch.setattr(cli, "lan_address", lambda: "192.168.1.23")
    monkeypatch.setattr(cli.gc, "freeze", lambda: None)  # the tests' process keeps collecting
    return events


def test_serve_migrates_prints_the_phone_address_and_a_qr_code_then_serves(app, runner, events):
    result = runner.invoke(args=["serve", "--port", "5055"])

    assert result.exit_code == 0, result.output
    assert "http://192.168.1.23:5055/" in result.output
    assert "█" in result.output or "▀" in result.output  # the QR code, drawn in blocks
    assert events == ["upgrade", {"host": "0.0.0.0", "port": 5055, **THREADS}]
    assert app.config["PUBLIC_URL"] == "http://192.168.1.23:5055/"


def test_serve_on_one_address_shows_that_address(runner, events):
    result = runner.invoke(args=["serve", "--host", "127.0.0.1"])

    assert "http://127.0.0.1:5000/" in result.output
    assert events == ["upgrade", {"host": "127.0.0.1", "port": 5000, **THREADS}]


def test_phone_url_brackets_ipv6_addresses():
    assert cli.phone_url("::1", 5000) == "http://[::1]:5000/"


def test_lan_address_is_an_ipv4_address():
    socket.inet_aton(cli.lan_address())


def test_serve_with_a_pin_asks_phones_for_it(app, runner, events):
    result = runner.invoke(args=["serve", "--pin", "2468"])

    assert result.exit_code == 0, result.output
    assert app.config["TABLE_PIN"] == "2468"
    assert "asked for the table's PIN once" in result.output
    assert "2468" not in result.output  # not printed for the room to read


def test_serve_refuses_a_pin_that_is_not_4_to_12_digits(app, runner, events):
    result = runner.invoke(args=["serve", "--pin", "12a"])

    assert result.exit_code == 2
    assert "TABLE_PIN must be 4 to 12 digits" in result.output
    assert events == []  # neither migrated nor served


def test_the_server_raises_its_open_files_limit_to_the_hard_limit(monkeypatch):
    limits = {"now": (1024, 65536)}
    monkeypatch.setattr(cli.resource, "getrlimit", lambda which: limits["now"])
    monkeypatch.setattr(cli.resource, "setrlimit", lambda which, pair: limits.update(now=pair))

    assert cli.raise_open_files_limit() == 65536
    assert limits["now"] == (65536, 65536)


def test_hosted_workers_have_a_thread_for_each_live_stream_beside_their_own():
    argv = cli.gunicorn_argv({}, "127.0.0.1:8000", 2, 4, streams=5000)

    assert argv[argv.index("--threads") + 1] == "5004"
    assert argv[argv.index("--worker-connections") + 1] == "6000"


def test_count_records_stores_the_count_of_each_session_without_one(app, runner):
    with app.app_context(), unit_of_work.unit_of_work():
        table = default_table()
        for _ in range(2):
            sessions.create_session(table, {"system": "brooklyn"}, ["Ann", "Bob", "Cal"], 0)
        db.session.query(SessionTally).delete()  # as after the upgrade that made the table

    first = runner.invoke(args=["count-records"])
    again = runner.invoke(args=["count-records"])

    assert first.output == "Sessions counted for players' records: 2.\n"
    assert again.output == "Sessions counted for players' records: 0.\n"


def test_python_dash_m_scorekeeper_is_the_command_group_of_the_app(tmp_path, monkeypatch, capsys):
    made = []

    def create_app():
        made.append(migrated_app(tmp_path))
        return made[-1]

    monkeypatch.setattr(factory, "create_app", create_app)
    monkeypatch.setattr(sys, "argv", ["scorekeeper", "--help"])

    with pytest.raises(SystemExit) as finished:
        runpy.run_module("scorekeeper", run_name="__main__")
    for app in made:
        dispose(app)

    assert finished.value.code == 0
    shown = capsys.readouterr().out
    assert "Start the table with: python -m scorekeeper serve" in " ".join(shown.split())
    listed = {line.split()[0] for line in shown.split("Commands:")[1].splitlines() if line.strip()}
    assert {"serve", "hosted", "backup", "restore", "count-records", "db"} <= listed


def test_a_hosted_server_takes_no_table_pin(tmp_path, events):
    hosted = migrated_app(tmp_path, HOSTED=True)
    try:
        result = hosted.test_cli_runner().invoke(args=["serve", "--pin", "2468"])
    finally:
        dispose(hosted)

    assert result.exit_code == 2
    assert "hosted tables have PINs of their own" in result.output
    assert events == []  # neither migrated nor served


def test_hosted_mode_refuses_a_table_pin_before_it_starts_any_worker(tmp_path, monkeypatch):
    pinned = migrated_app(tmp_path, TABLE_PIN="2468")
    started = []
    monkeypatch.setattr(cli.os, "execve", lambda *argv: started.append(argv))
    try:
        result = pinned.test_cli_runner().invoke(args=["hosted"])
    finally:
        dispose(pinned)

    assert result.exit_code == 2
    assert "TABLE_PIN is for table mode: each hosted table has its own PIN." in result.output
    assert started == []


def test_an_open_files_limit_that_cannot_be_raised_is_kept(monkeypatch):
    def refused(which, pair):
        raise ValueError("not allowed to raise the limit")

    monkeypatch.setattr(cli.resource, "getrlimit", lambda which: (1024, 65536))
    monkeypatch.setattr(cli.resource, "setrlimit", refused)

    assert cli.raise_open_files_limit() == 1024


class _NoRoute(socket.socket):
    """A UDP socket on a machine with no route to a private network."""

    def connect(self, address):
        raise OSError(101, "Network is unreachable")


def test_without_a_route_the_phone_address_is_the_host_names(monkeypatch):
    monkeypatch.setattr(cli.socket, "socket", _NoRoute)
    monkeypatch.setattr(cli.socket, "gethostbyname", lambda name: "192.168.1.40")

    assert cli.lan_address() == "192.168.1.40"


def test_without_a_route_or_a_host_name_the_phone_address_is_this_machine(monkeypatch):
    def unknown(name):
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(cli.socket, "socket", _NoRoute)
    monkeypatch.setattr(cli.socket, "gethostbyname", unknown)

    assert cli.lan_address() == "127.0.0.1"
