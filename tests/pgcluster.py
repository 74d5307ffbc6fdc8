"""A throwaway PostgreSQL cluster on 127.0.0.1, for the tests (``postgres_url`` in
conftest.py) and the hosted benchmarks (bench/hosted_setup.py): one way to start one.

As root the cluster runs as the ``postgres`` user (PostgreSQL refuses to run as root);
otherwise as the current user. Authentication is ``trust``: it only listens on 127.0.0.1.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POSTGRES_BIN = Path(os.environ.get("POSTGRES_BIN", "/usr/lib/postgresql/15/bin"))


class ClusterUnavailable(RuntimeError):
    """PostgreSQL is not installed, or there is no user to run it as."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 at the time of asking."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_available() -> bool:
    """Whether PostgreSQL's initdb and pg_ctl are installed in ``POSTGRES_BIN``."""
    return all(os.access(POSTGRES_BIN / name, os.X_OK) for name in ("initdb", "pg_ctl"))


START_TRIES = 3
"""How many free ports a cluster tries: a port free when asked can be taken before the server
binds it (by another test worker starting its own cluster at the same moment)."""


def _started(run, pg_ctl: Path, data: Path, base: Path, max_connections: int, durable: bool) -> int:
    """Start the cluster in ``data`` on a free port (another one if that port was taken in
    between); the port it listens on."""

    def start_on(port: int) -> int:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={base}"
            f" -c max_connections={max_connections}"
        )
        if not durable:
            options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        run(pg_ctl, "-D", data, "-o", options, "-l", base / "server.log", "-w", "start")
        return port

    for _ in range(START_TRIES - 1):
        try:
            return start_on(free_port())
        except subprocess.CalledProcessError:
            continue  # the port was taken in between: try another
    return start_on(free_port())


@contextmanager
def throwaway_postgres(
    database: str, durable: bool = False, max_connections: int = 100
) -> Iterator[str]:
    """Start a cluster with an empty ``database``; yield its URL; stop and remove it.

    ``durable`` keeps fsync and synchronous commits on, as on a real server (the benchmarks);
    off, the tests run faster on a cluster that is thrown away anyway.
    """
    initdb, pg_ctl = POSTGRES_BIN / "initdb", POSTGRES_BIN / "pg_ctl"
    if not postgres_available():
        raise ClusterUnavailable(
            f"PostgreSQL is not installed in {POSTGRES_BIN} (apt-get install postgresql)"
        )
    run_as: list[str] = []
    owner = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise ClusterUnavailable("there is no 'postgres' user to run PostgreSQL as") from None
        run_as = ["runuser", "-u", "postgres", "--"]

    # Not under pytest's tmp_path: that sits in a root-only folder the postgres user can't enter.
    base = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
    data = base / "data"
    if owner is not None:
        os.chown(base, owner.pw_uid, owner.pw_gid)

    def run(*command: str | Path) -> None:
        subprocess.run([*run_as, *map(str, command)], check=True, capture_output=True)

    speed = () if durable else ("--no-sync",)
    try:
        run(initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", *speed)
        port = _started(run, pg_ctl, data, base, max_connections, durable)
    except subprocess.CalledProcessError as error:
        shutil.rmtree(base, ignore_errors=True)
        raise RuntimeError(f"could not start PostgreSQL: {error.stderr.decode()}") from error

    try:
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{database}"')
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/{database}"
    finally:
        subprocess.run(
            [*run_as, str(pg_ctl), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)
