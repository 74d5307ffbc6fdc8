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

import os
import sqlite3
import sys

import pytest
from hostedhelpers import start_table
from hostedserver import LiveClient, Server, connections_to_every_worker, postgres_database
from webhelpers import figures, new_session, save_hand

from scorekeeper import ROOT, cli, gunicorn_config

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


def test_gunicorns_control_socket_is_off_unless_given_a_path_of_its_own():
    plain = cli.gunicorn_argv({}, "127.0.0.1:8000", 2, 4)
    own = cli.gunicorn_argv({}, "127.0.0.1:8000", 2, 4, ["--control-socket", "/run/sk/a.ctl"])
    joined = cli.gunicorn_argv({}, "127.0.0.1:8000", 2, 4, ["--control-socket=/run/sk/b.ctl"])
    mode_only = cli.gunicorn_argv({}, "127.0.0.1:8000", 2, 4, ["--control-socket-mode", "432"])

    assert "--no-control-socket" in plain
    assert "--no-control-socket" not in own and own[own.index("--control-socket") + 1] == (
        "/run/sk/a.ctl"
    )
    assert "--no-control-socket" not in joined and "--control-socket=/run/sk/b.ctl" in joined
    assert "--no-control-socket" in mode_only


@pytest.mark.parametrize(("cpus", "workers"), [(None, 2), (1, 2), (2, 2), (4, 4), (16, 8)])
def test_the_default_is_a_worker_per_cpu_at_least_two_and_at_most_eight(monkeypatch, cpus, workers):
    monkeypatch.setattr(cli.os, "cpu_count", lambda: cpus)

    assert cli.default_workers() == workers


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


def test_each_worker_hands_the_interpreter_lock_over_every_half_millisecond(app, monkeypatch):
    calls = []
    monkeypatch.setattr(cli.os, "execve", lambda path, argv, env: calls.append(argv))
    monkeypatch.setattr(cli.flask_migrate, "upgrade", lambda: None)
    before = sys.getswitchinterval()

    app.test_cli_runner().invoke(args=["hosted"])
    argv = calls[0]
    assert argv[argv.index("--config") + 1] == "python:scorekeeper.gunicorn_config"
    try:
        gunicorn_config.post_fork(None, None)
        assert sys.getswitchinterval() == pytest.approx(0.0005)
    finally:
        sys.setswitchinterval(before)


def test_each_worker_keeps_the_loaded_app_out_of_the_collectors_scans(monkeypatch):
    frozen = []
    monkeypatch.setattr(gunicorn_config.gc, "freeze", lambda: frozen.append(True))

    gunicorn_config.post_worker_init(None)

    assert frozen == [True]


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
    connections = connections_to_every_worker(server)
    (first_pid, first_wire), (second_pid, second_wire) = connections.items()
    first, second = LiveClient([first_wire]), LiveClient([second_wire])
    bearer = start_table(first, "Two workers").bearer
    made = first.post(
        "/api/v1/sessions",
        json={"system": "brooklyn", "players": FOUR, "stake_cents": 25},
        headers=bearer,
    )
    assert made.status_code == 201, made.json
    sid = made.json["id"]
    ids = {p["name"]: p["id"] for p in made.json["players"]}

    for number, (declarer, hand, expected) in enumerate(HANDS, start=1):
        saver, wire, saver_pid = (
            (first, first_wire, first_pid) if number % 2 else (second, second_wire, second_pid)
        )
        saved = saver.post(
            f"/api/v1/sessions/{sid}/hands",
            json={"declarer_id": ids[declarer], **hand},
            headers=bearer,
        )
        assert saved.status_code == 201, saved.json
        assert server.pid_of(wire) == saver_pid
        for reader, wire, reader_pid in (
            (first, first_wire, first_pid),
            (second, second_wire, second_pid),
        ):
            read = reader.get(f"/api/v1/sessions/{sid}/standings", headers=bearer)
            assert read.status_code == 200
            assert server.pid_of(wire) == reader_pid  # each worker answers in turn
            rows = read.json["rows"]
            shown = {row["holder"]["name"]: row["figure"] for row in rows}
            assert shown == expected, (number, reader_pid)
            assert {row["holder"]["name"]: row["cents"] for row in rows} == {
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
    with postgres_database(postgres_url) as url:
        server = Server(url, tmp_path)
        try:
            play_across_two_workers(server)
        finally:
            server.stop()
