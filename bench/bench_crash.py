"""Crash benchmark of the hosted setup: kills gunicorn workers in the middle of saves and
checks the database after each kill; prints a line per kill and a summary, asserts nothing.

``python -m scorekeeper hosted`` (gunicorn, 2 workers) on SQLite in a temporary folder and on
a throwaway PostgreSQL cluster (when its programs are installed), loopback only. Eight
clients keep saving hands to four sessions through the API (each hand legal for the
session's ``next_hand``, with a fresh Idempotency-Key). ``--kills`` times (20 by default),
the worker holding the most connections (a child of the gunicorn master) is killed with
SIGKILL while they save; gunicorn starts another. After each kill, once it has answered:

- the database passes its integrity check: SQLite's ``PRAGMA integrity_check`` and
  ``foreign_key_check``; on both, no meld or take row of a missing hand, no hand position or
  request id stored twice;
- every session replays through the services (loaded in an app of its own);
- every hand a client was told was saved (201, or 200 for the same key) is in the database,
  whole: its declarer, bid, trump, outcome, tricks and meld rows as sent.

    python bench/bench_crash.py               # 20 kills on SQLite, then on PostgreSQL
    python bench/bench_crash.py --kills 5     # a quick run
    python bench/bench_crash.py --postgres    # PostgreSQL only (--sqlite: SQLite only)

Pointed at a running deployment on this machine instead (``--url`` its address, ``--master``
its gunicorn master's pid, ``DATABASE_URL`` its database), it starts its own tables there,
kills that master's workers and checks that database for the sessions it started (a staging
deployment: every kill cuts the requests its worker held, whoever sent them):

    DATABASE_URL=postgresql://... python bench/bench_crash.py --url http://127.0.0.1:8000 \
        --master "$(pgrep -o -f 'gunicorn.*scorekeeper')" --kills 5
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_api import hand_body
from hosted_setup import (
    Address,
    Connection,
    Sessions,
    Table,
    Target,
    children,
    counts,
    matches,
    postgres_available,
    replay_all,
    start_table,
    stored_hands,
    target,
)

TABLES = 4
SAVERS = 8
WORKERS = 2


@dataclass
class Acknowledged:
    """The hands the clients were told were saved, by key, and the requests cut short."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    hands: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    answers: int = 0
    cut: int = 0
    server_errors: int = 0

    def snapshot(self) -> dict[str, tuple[int, dict[str, Any]]]:
        with self.lock:
            return dict(self.hands)


def saver(
    port: Address, table: Table, seed: int, stop: threading.Event, acked: Acknowledged
) -> None:
    """Save hands to one session until ``stop`` is set; a request cut short by a killed
    worker is counted and the client goes on (reading the standings again)."""
    rng = random.Random(seed)
    connection = Connection(port, timeout=20)
    next_hand: dict[str, Any] | None = None
    while not stop.is_set():
        try:
            if next_hand is None:
                status, _, standings = connection.json(
                    "GET", f"/api/v1/sessions/{table.session_id}/standings", None, table.bearer
                )
                if status != 200:
                    raise RuntimeError(f"standings answered {status}")
                next_hand = standings["next_hand"]
            body = hand_body(rng, next_hand)
            key = uuid.uuid4().hex
            status, _, answer = connection.json(
                "POST", f"/api/v1/sessions/{table.session_id}/hands?number={next_hand['number']}",
                body, {**table.bearer, "Idempotency-Key": key},
            )  # fmt: skip
            with acked.lock:
                acked.answers += 1
                if status >= 500:
                    acked.server_errors += 1
                if status in (200, 201):
                    acked.hands[key] = (table.session_id, body)
            next_hand = answer["standings"]["next_hand"] if status in (200, 201) else None
        except Exception:  # the worker was killed under this request
            with acked.lock:
                acked.cut += 1
            next_hand = None
            time.sleep(0.05)
    connection.close()


def integrity(url: str, sessions: Sessions = None) -> list[str]:
    """What the database's own checks and the consistency queries (of ``sessions``) find
    wrong."""
    problems: list[str] = []
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        with sqlite3.connect(path, timeout=30) as connection:
            result = [row[0] for row in connection.execute("PRAGMA integrity_check")]
            if result != ["ok"]:
                problems.append(f"integrity_check: {result[:3]}")
            foreign = connection.execute("PRAGMA foreign_key_check").fetchall()
            if foreign:
                problems.append(f"foreign_key_check: {foreign[:3]}")
        connection.close()
    for name, value in counts(url, sessions).items():
        if value and name != "hands":
            problems.append(f"{name}: {value}")
    return problems


def sockets(pid: int) -> int:
    """How many sockets process ``pid`` holds open (its clients' connections among them)."""
    try:
        links = [os.readlink(entry) for entry in Path(f"/proc/{pid}/fd").iterdir()]
    except OSError:
        return 0
    return sum(link.startswith("socket:") for link in links)


def busiest(workers: list[int]) -> int:
    """The worker holding the most connections: the one in the middle of most saves (each
    client keeps its connection, so a fresh worker may hold none)."""
    return max(workers, key=sockets)


def wait_for_new_worker(
    made: Target, master: int, killed: int, seen: set[int], count: int, seconds: float = 60
) -> float:
    """Seconds until gunicorn's replacement for ``killed`` serves: its access log names it
    (a server the run started), or, for a deployment, the master has its workers back and a
    request on a fresh connection is answered (``count``: the workers it runs). Until then
    fewer workers serve everyone."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        fresh = [pid for pid in children(master) if pid != killed]
        new = [pid for pid in fresh if pid not in seen]
        if len(fresh) >= count and new:
            answered = False
            try:  # a fresh connection, which the new worker may be the one to accept
                probe = Connection(made.address, timeout=5)
                answered = probe.send("GET", "/healthz")[0] == 200
                probe.close()
            except Exception:  # only a nudge
                pass
            if made.server.served_by(new[0]) if made.server else answered:
                seen.add(new[0])
                return time.monotonic() - start
        time.sleep(0.05)
    raise RuntimeError(
        f"gunicorn's replacement for worker {killed} answered nothing in {seconds:g} s"
    )


def check_round(
    made: Target, sent: dict[str, tuple[int, dict[str, Any]]], sessions: Sessions
) -> tuple[list[str], dict[str, Any], int]:
    """After a kill: the problems the database shows of the hands ``sent`` so far (none
    checked without its URL), the hands stored (of ``sessions``) and the sessions replayed."""
    if made.url is None:
        return [], {}, 0
    found = integrity(made.url, sessions)
    stored = stored_hands(made.url, sessions)
    missing = [key for key in sent if key not in stored]
    broken = [
        key
        for key, (session, body) in sent.items()
        if key in stored and (stored[key]["session"] != session or not matches(body, stored[key]))
    ]
    loaded, failed = replay_all(made.url, sessions)
    return (
        found
        + [f"acknowledged, not stored: {key}" for key in missing]
        + [f"acknowledged, stored unlike what was sent: {key}" for key in broken]
        + failed,
        stored,
        loaded,
    )


def run(
    kind: str, kills: int, pause: float, deployment: str | None = None, master: int = 0
) -> list[str]:
    """Kill workers ``kills`` times on ``kind``'s database, or those of the running
    ``deployment``'s gunicorn ``master``; prints lines, returns problems."""
    serving = f"{deployment}'s workers" if deployment else f"{WORKERS} workers"
    print(f"\n== {kind}: {serving}, {SAVERS} clients saving to {TABLES} sessions, "
          f"{kills} kills ==")  # fmt: skip
    problems: list[str] = []
    acked = Acknowledged()
    stop = threading.Event()
    savers: list[threading.Thread] = []
    with target(kind, WORKERS, 2, deployment) as made:
        master = made.server.process.pid if made.server else master
        seen = set(children(master))
        count = len(seen)
        if made.url is None:
            print("  database: not checked (set DATABASE_URL to the deployment's database)")
        try:
            tables = [start_table(made.address, f"Table {n}") for n in range(1, TABLES + 1)]
            sessions = tuple(t.session_id for t in tables) if made.sessions_only else None
            savers = [
                threading.Thread(
                    target=saver, args=(made.address, tables[n % TABLES], n, stop, acked)
                )
                for n in range(SAVERS)
            ]
            for thread in savers:
                thread.start()
            time.sleep(pause)
            for round_ in range(1, kills + 1):
                before = acked.answers
                victim = busiest(children(master))
                cut_before = acked.cut
                os.kill(victim, signal.SIGKILL)
                back = wait_for_new_worker(made, master, victim, seen, count)
                time.sleep(pause)  # saves go on against the new worker
                sent = acked.snapshot()
                round_problems, stored, loaded = check_round(made, sent, sessions)
                problems += [f"kill {round_}: {p}" for p in round_problems]
                print(
                    f"  kill {round_:2}: worker {victim} killed; requests unanswered "
                    f"{acked.cut - cut_before}; new worker serving in {back:.1f} s; answers "
                    f"since the last kill {acked.answers - before}; acknowledged "
                    f"{len(sent)}, stored {len(stored)}; problems "
                    f"{len(round_problems)}; replayed {loaded}/{TABLES}"
                )
        finally:
            stop.set()
            for thread in savers:
                thread.join(timeout=30)
        print(
            f"  summary: {kills} kills; {acked.answers} save answers, {len(acked.hands)} hands "
            f"acknowledged; {acked.cut} requests unanswered (cut by a kill); 5xx answers "
            f"{acked.server_errors}; problems {len(problems)}"
        )
        if acked.server_errors:
            problems.append(f"{acked.server_errors} answers were 5xx")
        for problem in problems[:20]:
            print(f"    {problem}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds of saving per round")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL only")
    parser.add_argument("--sqlite", action="store_true", help="SQLite only")
    parser.add_argument(
        "--url", help="a running hosted deployment on this machine (http(s)://host[:port])"
    )
    parser.add_argument("--master", type=int, help="with --url: its gunicorn master's pid")
    args = parser.parse_args()

    if args.url:
        if not args.master or not children(args.master):
            sys.exit("--url needs --master: the pid of that deployment's gunicorn master")
        found = run("deployment", args.kills, args.pause, args.url, args.master)
        print(f"\nproblems found: {len(found)}")
        return
    kinds = ["postgresql"] if args.postgres else ["sqlite"]
    if not args.sqlite and not args.postgres and postgres_available():
        kinds.append("postgresql")
    if args.postgres and not postgres_available():
        sys.exit("PostgreSQL is not installed (POSTGRES_BIN, /usr/lib/postgresql/15/bin)")
    problems = 0
    for kind in kinds:
        problems += len(run(kind, args.kills, args.pause))
    print(f"\nproblems found: {problems}")


if __name__ == "__main__":
    main()
