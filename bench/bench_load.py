"""Load benchmark of the hosted setup: prints figures, asserts nothing.

``python -m scorekeeper hosted`` (gunicorn, 2 worker processes by default) on SQLite in a
temporary folder and on a throwaway PostgreSQL cluster (when its programs are installed),
loopback only. Ten tables are started through their pages, each with a Brooklyn session
started through the API with the table's member token. Then, for ``--seconds``:

- 50 clients save hands through the API (5 per session), each hand legal for the session's
  ``next_hand`` and sent with ``?number=N`` and a fresh Idempotency-Key. Each client has a
  save due every ``--pace`` seconds on average (1 s: Poisson arrivals, 50 saves a second in
  all, the pace of some 6,000 tables at a hand every two minutes); a save's latency is counted
  from when it was due, so a client held up behind its previous save counts the wait too (no
  coordinated omission). ``--pace 0`` sends each save as soon as the last is answered: the
  capacity run, where latency is the queue (50 always in flight / saves answered a second).
  When another client saved first the answer is 409 (the session moved on) or, rarely, 422
  (the hand no longer legal): counted apart, not as errors; the client reads the standings
  and goes on.
  Some saves are sent again with the same key after their answer (expected: 200, the same
  hand), and some are sent at once on two connections with the same key (which gunicorn may
  give to two workers; expected: one 201 and one 200, or 409 for both when another client
  had saved that hand first).
- 200 phones poll a session's standings with If-None-Match, each every ``--poll-interval``
  seconds (304 while nothing changed, 200 with the new standings otherwise).

Printed: requests per second, the CPU each part used (server, database, these clients: all
on the same machine), latency percentiles, every status counted, the 5xx count; then
the database is checked: hands stored == 201 answers, no request id stored twice, each key
answered 201 or 200 stored once, as sent; every session replays through the services.
Goal printed beside: a save's p95 under 100 ms on PostgreSQL.

    python bench/bench_load.py                 # 60 s on SQLite, then on PostgreSQL
    python bench/bench_load.py --seconds 10    # a quick run
    python bench/bench_load.py --postgres      # PostgreSQL only (--sqlite: SQLite only)
    python bench/bench_load.py --pace 0        # clients that never pause: the capacity

Pointed at a running hosted deployment instead (``--url``), it starts its ten tables there and
loads it the same way; with ``DATABASE_URL`` (that deployment's database) it checks what the
database holds of the sessions it started, and only those (docs/hosting.md, *Measuring your
own deployment*):

    DATABASE_URL=postgresql://... python bench/bench_load.py --url https://scores.example.org
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
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
    counts,
    cpu_seconds,
    matches,
    postgres_available,
    postmaster_of,
    replay_all,
    start_table,
    stored_hands,
    target,
)

TABLES = 10
SAVERS = 50
PHONES = 200
RETRY_AFTER = 0.05  # share of successful saves sent again with the same key
TWIN = 0.05  # share of saves sent at once on two connections with the same key


@dataclass
class Record:
    """What the clients saw, shared by all threads (under ``lock``)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    save_ms: list[float] = field(default_factory=list)
    poll_ms: list[float] = field(default_factory=list)
    save_status: Counter[str] = field(default_factory=Counter)
    poll_status: Counter[int] = field(default_factory=Counter)
    created: dict[str, tuple[int, int, dict[str, Any]]] = field(default_factory=dict)
    repeated: dict[str, list[int]] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)

    def save(self, kind: str, status: int, elapsed: float) -> None:
        with self.lock:
            self.save_ms.append(elapsed * 1000)
            self.save_status[f"{status} {kind}"] += 1

    def poll(self, status: int, elapsed: float) -> None:
        with self.lock:
            self.poll_ms.append(elapsed * 1000)
            self.poll_status[status] += 1


def post_hand(
    connection: Connection, table: Table, body: dict[str, Any], number: int, key: str
) -> tuple[int, Any, float]:
    """POST the hand as hand ``number`` under ``key``: (status, answer, seconds)."""
    start = time.perf_counter()
    status, _, answer = connection.json(
        "POST", f"/api/v1/sessions/{table.session_id}/hands?number={number}", body,
        {**table.bearer, "Idempotency-Key": key},
    )  # fmt: skip
    return status, answer, time.perf_counter() - start


def note_answer(
    record: Record, table: Table, key: str, body: dict[str, Any], status: int, answer: Any
) -> None:
    """Remember a 201 (key, session, hand number, body) or a 200 (the number it named)."""
    if status == 201:
        with record.lock:
            record.created[key] = (table.session_id, answer["hand"]["number"], body)
    elif status == 200:
        with record.lock:
            record.repeated.setdefault(key, []).append(answer["hand"]["number"])


def saver(
    port: Address,
    table: Table,
    seed: int,
    stop: float,
    record: Record,
    twin_port: Address,
    pace: float,
    make_body: Callable[[random.Random, dict[str, Any]], dict[str, Any]] = hand_body,
) -> None:
    """Save hands to one session until ``stop`` (a monotonic time), a save due every ``pace``
    seconds on average (Poisson arrivals; 0: the next as soon as the last is answered); each
    hand ``make_body``'s for the session's next hand (a Brooklyn hand by default)."""
    rng = random.Random(seed)
    connection = Connection(port)
    second = Connection(twin_port)
    next_hand: dict[str, Any] | None = None
    due = time.monotonic() + rng.uniform(0, pace)
    while time.monotonic() < stop:
        try:
            if next_hand is None:  # the first hand, or after a refusal: read where it stands
                _, _, standings = connection.json(
                    "GET", f"/api/v1/sessions/{table.session_id}/standings", None, table.bearer
                )
                next_hand = standings["next_hand"]
            if pace:
                time.sleep(max(0.0, min(due, stop) - time.monotonic()))
            else:
                due = time.monotonic()
            if time.monotonic() >= stop:
                break
            late = time.monotonic() - due  # held up behind this client's last save
            due += rng.expovariate(1 / pace) if pace else 0
            body = make_body(rng, next_hand)
            number = next_hand["number"]
            key = uuid.uuid4().hex
            if rng.random() < TWIN:
                kind, results = "twin", twin_posts(connection, second, table, body, number, key)
            else:
                kind, results = "save", [post_hand(connection, table, body, number, key)]
            for status, answer, elapsed in results:
                record.save(kind, status, late + elapsed)
                note_answer(record, table, key, body, status, answer)
            ok = [answer for status, answer, _ in results if status in (200, 201)]
            if ok and rng.random() < RETRY_AFTER:
                status, answer, elapsed = post_hand(connection, table, body, number, key)
                record.save("retry", status, elapsed)
                note_answer(record, table, key, body, status, answer)
            next_hand = ok[0]["standings"]["next_hand"] if ok else None
        except Exception as error:  # a broken connection is a figure too
            with record.lock:
                record.broken.append(f"save: {error!r}")
            next_hand = None
            time.sleep(0.05)
    connection.close()
    second.close()


def twin_posts(
    first: Connection,
    second: Connection,
    table: Table,
    body: dict[str, Any],
    number: int,
    key: str,
) -> list[tuple[int, Any, float]]:
    """The same hand under the same key on two connections at once."""
    results: list[tuple[int, Any, float]] = []
    errors: list[BaseException] = []

    def other() -> None:
        try:
            results.append(post_hand(second, table, body, number, key))
        except Exception as error:  # passed on below
            errors.append(error)

    thread = threading.Thread(target=other)
    thread.start()
    results.append(post_hand(first, table, body, number, key))
    thread.join()
    if errors:
        raise errors[0]
    return results


def phone(
    port: Address, table: Table, seed: int, stop: float, interval: float, record: Record
) -> None:
    """Poll one session's standings with If-None-Match until ``stop``."""
    rng = random.Random(seed)
    connection = Connection(port)
    etag: str | None = None
    time.sleep(rng.random() * interval)
    while time.monotonic() < stop:
        headers = dict(table.bearer)
        if etag:
            headers["If-None-Match"] = etag
        try:
            start = time.perf_counter()
            status, answer_headers, _ = connection.send(
                "GET", f"/api/v1/sessions/{table.session_id}/standings", None, headers
            )
            record.poll(status, time.perf_counter() - start)
            etag = answer_headers.get("etag", etag)
        except Exception as error:  # a broken connection is a figure too
            with record.lock:
                record.broken.append(f"poll: {error!r}")
        time.sleep(max(0.0, min(interval * (0.8 + 0.4 * rng.random()), stop - time.monotonic())))
    connection.close()


def cpu_used(server: int | None, postmaster: int | None) -> list[float]:
    """CPU seconds used so far by the server's processes, the database's and this one's (0
    for a server or database not started here)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return [
        cpu_seconds(server) if server else 0.0,
        cpu_seconds(postmaster) if postmaster else 0.0,
        mine.ru_utime + mine.ru_stime,
    ]


def percentiles(values: list[float]) -> str:
    """p50, p95, p99 and the worst, in ms."""
    if len(values) < 2:
        return "too few to say"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return (
        f"p50 {cuts[49]:6.1f} ms, p95 {cuts[94]:6.1f} ms, p99 {cuts[98]:6.1f} ms "
        f"(max {max(values):.0f} ms)"
    )


def check_database(url: str, record: Record, sessions: Sessions = None) -> list[str]:
    """What the database holds (of ``sessions``: the run's, on a deployment) against what the
    clients were told; the problems found."""
    problems: list[str] = []
    found = counts(url, sessions)
    stored = stored_hands(url, sessions)
    print(f"  database: {found['hands']} hands stored; 201 answers: {len(record.created)}")
    if found["hands"] != len(record.created):
        problems.append(f"{found['hands']} hands stored but {len(record.created)} answered 201")
    for name in ("hands without a key", "keys stored twice", "positions stored twice",
                 "melds of no hand", "takes of no hand"):  # fmt: skip
        print(f"  {name}: {found[name]}")
        if found[name]:
            problems.append(f"{name}: {found[name]}")
    missing = [key for key in record.created if key not in stored]
    different = [
        key
        for key, (session, number, body) in record.created.items()
        if key in stored and (stored[key]["session"] != session or not matches(body, stored[key]))
    ]
    print(f"  201 answers not stored: {len(missing)}; stored unlike what was sent: "
          f"{len(different)}")  # fmt: skip
    problems += [f"answered 201, not stored: {key}" for key in missing[:5]]
    problems += [f"stored unlike what was sent: {key}" for key in different[:5]]
    unmatched = [
        key
        for key, numbers in record.repeated.items()
        if key not in stored
        or (key in record.created and any(n != record.created[key][1] for n in numbers))
    ]
    answers = sum(map(len, record.repeated.values()))
    print(f"  200 (repeated) answers: {answers} for {len(record.repeated)} keys; not stored "
          f"once as the same hand: {len(unmatched)}")  # fmt: skip
    problems += [f"answered 200, no such hand once: {key}" for key in unmatched[:5]]
    loaded, failed = replay_all(url, sessions)
    print(f"  sessions replayed through the services: {loaded}, failed: {len(failed)}")
    problems += failed
    return problems


def run(
    kind: str,
    seconds: float,
    workers: int,
    threads: int,
    interval: float,
    pace: float,
    deployment: str | None = None,
) -> list[str]:
    """One run on ``kind``'s database, or against the running ``deployment``; prints the
    figures and returns the problems."""
    paced = f"a save due every {pace:g} s each" if pace else "saving without pause"
    serving = f"{deployment} as it runs" if deployment else f"{workers} workers x {threads} threads"
    print(f"\n== {kind}: {serving}, {TABLES} tables, {SAVERS} "
          f"savers ({paced}), {PHONES} phones polling every {interval:g} s, "
          f"{seconds:g} s ==")  # fmt: skip
    with target(kind, workers, threads, deployment) as made:
        server, address = made.server, made.address
        tables = [start_table(address, f"Table {n}") for n in range(1, TABLES + 1)]
        record = Record()
        stop = time.monotonic() + seconds
        threads_run = [
            threading.Thread(
                target=saver, args=(address, tables[n % TABLES], n, stop, record, address, pace)
            )
            for n in range(SAVERS)
        ] + [
            threading.Thread(
                target=phone, args=(address, tables[n % TABLES], 1000 + n, stop, interval, record)
            )
            for n in range(PHONES)
        ]
        server_pid = server.process.pid if server else None
        postmaster = postmaster_of(made.url) if made.url else None
        used = cpu_used(server_pid, postmaster)
        start = time.monotonic()
        for thread in threads_run:
            thread.start()
        for thread in threads_run:
            thread.join()
        elapsed = time.monotonic() - start
        used = [
            after - before
            for before, after in zip(used, cpu_used(server_pid, postmaster), strict=True)
        ]
        if server:
            server.stop()
        saves, polls = len(record.save_ms), len(record.poll_ms)
        print(f"  saves: {saves} requests, {saves / elapsed:.1f}/s; polls: {polls} requests, "
              f"{polls / elapsed:.1f}/s (over {elapsed:.1f} s)")  # fmt: skip
        cores = os.cpu_count() or 1
        shares = [f"{seconds / elapsed / cores:.0%}" for seconds in used]
        shares[0] = shares[0] if server else "not measured (not on this machine's tree)"
        print(f"  CPU used, share of this machine's {cores} cores: server {shares[0]}, "
              f"database {shares[1]}, load clients {shares[2]}")  # fmt: skip
        print(f"  save latency: {percentiles(record.save_ms)}")
        print(f"  poll latency: {percentiles(record.poll_ms)}")
        errors = server.errors() if server else []
        if server:
            inside = {method: server.server_ms(method) for method in ("POST", "GET")}
            print(f"  in the server (gunicorn's measure, its queue before a worker thread "
                  f"reads the request left out): saves {percentiles(inside['POST'])}; reads "
                  f"{percentiles(inside['GET'])}")  # fmt: skip
        print(
            "  save answers: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(record.save_status.items()))
        )
        print(
            "  poll answers: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(record.poll_status.items()))
        )
        server_errors = sum(v for k, v in record.save_status.items() if k.startswith("5")) + sum(
            v for k, v in record.poll_status.items() if k >= 500
        )
        print(f"  5xx answers: {server_errors}; broken connections: {len(record.broken)}")
        for line in record.broken[:5]:
            print(f"    {line}")
        if errors:
            print(f"  the server's log has {len(errors)} tracebacks; the first:\n{errors[0]}")
        problems = [f"{server_errors} answers were 5xx"] if server_errors else []
        problems += [f"broken connection: {line}" for line in record.broken[:5]]
        if made.url:
            sessions = tuple(t.session_id for t in tables) if made.sessions_only else None
            problems += check_database(made.url, record, sessions)
        else:
            print("  database: not checked (set DATABASE_URL to the deployment's database)")
        if (made.url or "").startswith("postgres") and len(record.save_ms) >= 2:
            p95 = statistics.quantiles(record.save_ms, n=100, method="inclusive")[94]
            verdict = "met" if p95 < 100 else "NOT met"
            print(f"  goal: a save's p95 under 100 ms on PostgreSQL: {p95:.1f} ms, {verdict}")
        print(f"  problems: {len(problems)}")
        for problem in problems:
            print(f"    {problem}")
        return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL only")
    parser.add_argument("--sqlite", action="store_true", help="SQLite only")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker")
    parser.add_argument(
        "--pace", type=float, default=1.0, help="mean seconds between a client's saves (0: none)"
    )
    parser.add_argument("--poll-interval", type=float, default=2.0, help="seconds between polls")
    parser.add_argument(
        "--url",
        help="a running hosted deployment to load (http(s)://host[:port]) instead of starting "
        "one; its database (to check) is DATABASE_URL, when set",
    )
    args = parser.parse_args()

    if args.url:
        found = run("deployment", args.seconds, 0, 0, args.poll_interval, args.pace, args.url)
        print(f"\nproblems found: {len(found)}")
        return
    kinds = ["postgresql"] if args.postgres else ["sqlite"]
    if not args.sqlite and not args.postgres and postgres_available():
        kinds.append("postgresql")
    if args.postgres and not postgres_available():
        sys.exit("PostgreSQL is not installed (POSTGRES_BIN, /usr/lib/postgresql/15/bin)")
    problems = 0
    for kind in kinds:
        problems += len(
            run(kind, args.seconds, args.workers, args.threads, args.poll_interval, args.pace)
        )
    print(f"\nproblems found: {problems}")


if __name__ == "__main__":
    main()
