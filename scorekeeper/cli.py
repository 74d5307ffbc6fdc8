"""The app's commands: ``python -m scorekeeper serve`` for the table (also ``flask --app
scorekeeper serve``), ``python -m scorekeeper hosted`` for many private tables,
``backup FILE`` / ``restore FILE`` for the SQLite database (see ``services.backup``) and
``count-records``.

``create_app`` adds them to the app's commands (``factory``); ``python -m scorekeeper``
(``__main__``) is the Flask command group that makes the app and runs them, so ``db
upgrade``, ``routes`` and ``shell`` work through it as well. The commands run in the app
that was made (``current_app``), so this module imports neither of those.
"""

from __future__ import annotations

import gc
import os
import resource
import socket
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
import flask_migrate
import segno
import waitress
from flask import Flask, current_app
from flask.cli import with_appcontext

from scorekeeper.access import check_pin_setting, is_on
from scorekeeper.services import replays
from scorekeeper.services.backup import BackupError, backup_database, restore_database
from scorekeeper.services.livestream import hub as live
from scorekeeper.settings import proxy_counts

WILDCARD_HOSTS = {"", "0.0.0.0", "::"}
MAX_DEFAULT_WORKERS = 8
SERVE_THREADS = 8
"""waitress threads for everything but the live streams (pages, saves, the API)."""
HOSTED_STREAMS = 5000
"""Live streams one hosted worker holds at once by default: 2 workers hold 10,000 phones."""
WORKER_CONNECTIONS = 1000
"""Connections a hosted worker keeps besides its live streams (gunicorn's own default)."""
MAX_OPEN_FILES = 1 << 20
"""The open-files limit asked for when the hard limit is unlimited."""
APP_FACTORY = "scorekeeper:create_app()"


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--pin",
    default=None,
    help="A PIN of 4 to 12 digits that each phone enters once (the TABLE_PIN setting), for a "
    "table on a café or hotel network.",
)
@with_appcontext
def serve_command(host: str, port: int, pin: str | None) -> None:
    """Bring the database up to date, show the address for phones, and serve with waitress."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if pin is not None:
        if is_on(app.config.get("HOSTED")):
            raise click.BadParameter("hosted tables have PINs of their own.", param_hint="--pin")
        try:
            app.config["TABLE_PIN"] = check_pin_setting(pin)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--pin") from None
    flask_migrate.upgrade()
    threading.Thread(target=warm_rules, name="warm-rules", daemon=True).start()
    threading.Thread(
        target=store_record_counts, args=(app,), name="record-counts", daemon=True
    ).start()

    url = phone_url(host, port)
    # Pages opened as http://localhost on this machine use it to show phones a reachable address.
    app.config.setdefault("PUBLIC_URL", url)
    click.echo(f"\nScorekeeper is running. On a phone on the same network, open:\n\n    {url}\n")
    # micro=False: a Micro QR code would be smaller, but many phone cameras cannot read one.
    segno.make(url, micro=False).terminal(compact=True)
    if app.config.get("TABLE_PIN"):
        click.echo("Phones are asked for the table's PIN once.")
    click.echo("\nPress Ctrl+C to stop.", err=True)
    raise_open_files_limit()
    streams = live.hub().limit
    gc.freeze()  # the app's start-up objects, never scanned again: gunicorn_config says why
    # Each live stream holds a thread while it waits: SERVE_THREADS stay for everything else.
    waitress.serve(
        app,
        host=host,
        port=port,
        threads=SERVE_THREADS + streams,
        connection_limit=SERVE_THREADS * 10 + streams,
    )


def raise_open_files_limit() -> int:
    """Raise this process's open-files limit (inherited by gunicorn and its workers) to its
    hard limit: each phone's live stream holds a socket, and the usual soft limit of 1,024
    would refuse the thousand-and-somethingth phone. Returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_OPEN_FILES if hard == resource.RLIM_INFINITY else hard
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@with_appcontext
def backup_command(file: Path, force: bool) -> None:
    """Copy the SQLite database to FILE, safely while the server is running.

    The copy is the database as it stood at one moment (SQLite's online backup), checked, and
    a single file: keep it somewhere else than this machine. For PostgreSQL use pg_dump.
    """
    try:
        info = backup_database(file, overwrite=force)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"Backed up {info.summary} to {file}.")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def restore_command(file: Path) -> None:
    """Put the backup FILE back in place of the SQLite database.

    FILE is checked first (SQLite's integrity check, Scorekeeper's tables, a schema version
    this Scorekeeper knows); the database it replaces is kept beside it, named
    <database>.before-restore-<time>. Then FILE's contents go into the database in one step:
    nobody reading meanwhile sees half of it. An older backup is brought up to date.

    Stop the server before restoring, and start it again afterwards: a running server keeps
    recent figures in memory and would go on showing them. For PostgreSQL use pg_restore.
    """
    try:
        done = restore_database(file)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    if done.replaced_copy is not None:
        click.echo(f"The database that was there is kept as {done.replaced_copy}.")
    if not done.restored.current:
        flask_migrate.upgrade()
        click.echo("Brought the restored database up to date with this Scorekeeper.")
    replays.forget()
    click.echo(f"Restored {done.restored.summary} from {file}.")


def default_workers() -> int:
    """One worker process per CPU, at least 2, at most 8.

    gunicorn's "2 per CPU + 1" is for workers of one thread; these have 4 threads each, and
    every worker keeps its own replay memory and rendered standings, so more processes than
    CPUs only add work. Measured with ``bench/bench_load.py`` on 2 CPUs (PostgreSQL, 50 saves
    and 100 polls a second): 2 workers gave a save's p95 of 13 to 14 ms and p99 of 20 to 24
    ms, 5 workers 23 ms and 761 ms (on a slower machine before: 70 to 136 ms, 5 workers 416).
    """
    return max(2, min(MAX_DEFAULT_WORKERS, os.cpu_count() or 1))


def gunicorn_argv(
    config: Mapping[str, Any],
    bind: str,
    workers: int,
    threads: int,
    extra: Sequence[str] = (),
    streams: int = 0,
) -> list[str]:
    """The gunicorn command line that serves the app as ``config`` says.

    Each worker has ``threads`` threads for requests plus one per live stream it may hold
    (``streams``): gunicorn's gthread worker starts a thread only when a request needs one, so
    the idle ones cost nothing, and a stream waiting for its session's next version sleeps on
    a condition. Why threads rather than an event loop (gevent): the same code holds the
    table's phones under waitress, and nothing of the app (PDFs, the replay of a session,
    psycopg) must be patched or made to yield.

    gunicorn takes the scheme (``X-Forwarded-Proto``) from the addresses in
    ``--forwarded-allow-ips``, 127.0.0.1 unless told otherwise. It is told: the proxy's
    addresses (``FORWARDED_ALLOW_IPS``, 127.0.0.1 and ::1 by default) when a ``PROXY_FIX_X_*``
    setting says a proxy is in front, otherwise none at all.

    gunicorn's control socket (for ``gunicornc``) is off: by default every gunicorn of a user
    puts it at one path (``$XDG_RUNTIME_DIR/gunicorn.ctl``), so a second instance on the
    machine would silently take it over from the first. An operator who wants it gives each
    instance its own path (``--control-socket PATH`` among the options after ours).
    """
    from scorekeeper import gunicorn_config

    behind_proxy = any(proxy_counts(config).values())
    allowed = str(config.get("FORWARDED_ALLOW_IPS") or "127.0.0.1,::1") if behind_proxy else ""
    own_socket = any(o == "--control-socket" or o.startswith("--control-socket=") for o in extra)
    return [
        sys.executable, "-m", "gunicorn",
        "--workers", str(workers),
        "--worker-class", "gthread",
        "--threads", str(threads + streams),
        "--worker-connections", str(WORKER_CONNECTIONS + streams),
        "--bind", bind,
        f"--forwarded-allow-ips={allowed}",
        "--access-logfile", "-",
        "--graceful-timeout", "30",
        "--config", f"python:{gunicorn_config.__name__}",
        *([] if own_socket else ["--no-control-socket"]),
        *extra,
        APP_FACTORY,
    ]  # fmt: skip


@click.command(
    "hosted",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
)
@click.option(
    "--bind",
    default="127.0.0.1:8000",
    show_default=True,
    help="Address and port to listen on: the reverse proxy's upstream.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=2),
    default=None,
    help=f"Worker processes, at least 2 (default: one per CPU, at least 2, at most "
    f"{MAX_DEFAULT_WORKERS}).",
)
@click.option(
    "--threads", type=click.IntRange(min=1), default=4, show_default=True, help="Per worker."
)
@click.option(
    "--streams",
    type=click.IntRange(min=0),
    default=HOSTED_STREAMS,
    show_default=True,
    help="Live streams (phones following a session) per worker, each on a thread of its own.",
)
@click.argument("gunicorn_options", nargs=-1, type=click.UNPROCESSED)
@with_appcontext
def hosted_command(
    bind: str,
    workers: int | None,
    threads: int,
    streams: int,
    gunicorn_options: tuple[str, ...],
) -> None:
    """Many private tables: bring the database up to date, then serve it with gunicorn.

    Options after the ones above go to gunicorn as they are (``-- --timeout 60``). Each worker
    builds the app from the same settings (environment, instance config.py) with HOSTED on.
    """
    from scorekeeper.extensions import db

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if app.config.get("TABLE_PIN"):
        raise click.UsageError("TABLE_PIN is for table mode: each hosted table has its own PIN.")
    flask_migrate.upgrade()  # once, before any worker starts
    db.engine.dispose()
    if db.engine.dialect.name == "sqlite":
        click.echo(
            "Note: SQLite serves the workers of this one machine; PostgreSQL (DATABASE_URL) "
            "is the database for hosting.",
            err=True,
        )
    count = workers or default_workers()
    argv = gunicorn_argv(app.config, bind, count, threads, gunicorn_options, streams)
    raise_open_files_limit()
    click.echo(f"Serving private tables on http://{bind}/ with {argv[argv.index('--workers') + 1]} "
               "workers.", err=True)  # fmt: skip
    sys.stdout.flush()
    sys.stderr.flush()
    env = {**os.environ, "SCOREKEEPER_HOSTED": "true", "SCOREKEEPER_LIVE_STREAMS": str(streams)}
    os.execve(sys.executable, argv, env)


@click.command("count-records")
@with_appcontext
def count_records_command() -> None:
    """Store each session's count for players' records where it is missing or stale.

    Every change to a session stores its count; sessions played before this Scorekeeper
    kept counts, or restored from an older backup, have none until counted here (or changed),
    and the first record read after a restart replays them. Safe while the server runs.
    """
    from scorekeeper.services.history.player import store_missing_counts

    click.echo(f"Sessions counted for players' records: {store_missing_counts()}.")


def store_record_counts(app: Flask) -> None:
    """Store the counts for players' records missing after an upgrade (``count-records``),
    beside the server, so the first record read replays nothing."""
    from scorekeeper.services.history.player import store_missing_counts

    with app.app_context():
        store_missing_counts()


def warm_rules() -> None:
    """Work out each preset's attainable meld totals now (about a second each), not on the
    first bid or meld a player enters."""
    from scorekeeper.rules.game.options import PRESETS
    from scorekeeper.rules.pack.meld import attainable_totals

    for options in PRESETS.values():
        attainable_totals(options)


def phone_url(host: str, port: int) -> str:
    """The URL other devices should open when the server listens on ``host``."""
    address = lan_address() if host in WILDCARD_HOSTS else host
    if ":" in address:
        address = f"[{address}]"
    return f"http://{address}:{port}/"


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 if it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket sends nothing; it only asks the OS which interface
            # would route to a private address, and that interface's address is ours.
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
        except OSError:
            address = ""
    if address and not address.startswith("127.") and address != "0.0.0.0":
        return address
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
