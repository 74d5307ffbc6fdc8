"""Live benchmark of the hosted setup: thousands of phones each holding a session's event
stream while the tables save hands; prints figures, asserts nothing.

``python -m scorekeeper hosted`` on a throwaway PostgreSQL cluster (loopback only, fsync on),
``--tables`` tables (2,000) started through their pages, each with a Brooklyn session started
through the API with its member token. Every table has ``--phones-per-table`` phones (4),
each holding ``GET /api/v1/sessions/<id>/events`` open (``text/event-stream``: an event
``version`` with the session's version, heartbeat comments), opened again with
``Last-Event-ID`` after a drop, as a browser's EventSource does. The phones are read in one
asyncio process straight off their sockets (``bench/live_client.py``), whose open-files limit
this script raises to its hard limit.

Each table saves a hand every ``--save-every`` seconds (120), the tables' saves spread evenly
(2,000 tables: 16.7 a second), through the JSON API as a phone does: its table's first phone
POSTs the next legal hand with ``?number=N`` and a fresh Idempotency-Key, over a pool of
keep-alive connections. After ``--warmup`` seconds, for ``--minutes``, it measures:

- for every save, for each of the table's other phones, the time until its stream brings an
  event with the session's new version (or a later one): from the save's answer (0 when the
  event came first) and from its request (when it was due: a save held up behind a busy
  connection counts the wait);
- a save's latency (from when it was due to its answer) and every status;
- the streams held, dropped by the server or the network, opened again, refused, gone silent
  (no byte for ``STALL`` seconds: dropped by the client), and changes never seen;
- the CPU used, as a share of the machine: the server's processes, PostgreSQL's, this
  client's, and the whole machine's (from /proc; other work on the machine counts there);
- how late the client's own event loop ran (were it late, the latencies would be its own).

Goals printed beside: every phone sees each change within 0.5 s at p95, a save's p95 under
100 ms.

    python bench/bench_live.py --quick        # 50 tables for 30 s: does it work
    python bench/bench_live.py                # 2,000 tables of four phones, 3 minutes
    python bench/bench_live.py --tables 500 --minutes 2 --workers 3
    python bench/bench_live.py --quick --threads 256 --set LIVE_STREAMS=300  # on gthread

Pointed at a running hosted deployment instead (``--url``), it starts its tables there and
holds their streams the same way (the server's CPU is not measured: it is not this
machine's tree; ``DATABASE_URL``, when set and on this machine, gives PostgreSQL's):

    python bench/bench_live.py --url https://scores.example.org --tables 200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import time
import uuid
from collections import Counter, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_api import hand_body
from bench_crash import sockets
from bench_load import cpu_used, percentiles
from hosted_setup import (
    Address,
    Table,
    children,
    postgres_available,
    postmaster_of,
    process_tree,
    start_table,
    target,
)
from live_client import Endpoint, Event, JsonConnection, Stream, endpoint, stream_request

STALL = 45.0
"""Seconds without a byte after which the client drops a stream and opens it again (three
heartbeats of 15 s missed)."""
RETRY = 3.0
"""Seconds before opening a dropped stream again, unless the server said (``retry:``)."""
OPENING = 200
"""Streams being opened at once (each waits for its answer)."""
POOL = 32
"""Keep-alive connections the saves share."""
STILL = 20.0
"""Seconds without one more stream open after which the run stops waiting for the rest."""
GRACE = 5.0
"""Seconds left after the last save for its events to arrive."""


@dataclass(eq=False)
class Phone:
    """One phone: its table, its place at it, the versions it has seen and when."""

    table: LiveTable
    index: int
    version: int = -1
    seen: deque[tuple[int, float]] = field(default_factory=lambda: deque(maxlen=16))
    last_id: str | None = None
    last_data: float = 0.0
    stream: Stream | None = None
    streaming: bool = False
    opened: int = 0


@dataclass(eq=False)
class LiveTable:
    """A table of the run: its session, phones, next hand and the saves awaiting events."""

    table: Table
    rng: random.Random
    phones: list[Phone] = field(default_factory=list)
    next_hand: dict[str, Any] | None = None
    saving: bool = False
    waiting: list[tuple[int, float, float, int, bool]] = field(default_factory=list)


@dataclass
class Figures:
    """What the run measured."""

    from_answer: list[float] = field(default_factory=list)
    from_request: list[float] = field(default_factory=list)
    before_answer: int = 0
    save_ms: list[float] = field(default_factory=list)
    save_due: list[float] = field(default_factory=list)
    save_status: Counter[str] = field(default_factory=Counter)
    skipped: int = 0
    dropped: int = 0
    reopened: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    stalled: int = 0
    loop_late_ms: list[float] = field(default_factory=list)


class Run:
    """The phones, tables and figures of one run, and what the streams and saves do."""

    def __init__(self, where: Endpoint, tables: list[Table], phones: int, seed: int) -> None:
        self.where = where
        self.loop = asyncio.get_running_loop()
        self.tables = [LiveTable(t, random.Random(seed + n)) for n, t in enumerate(tables)]
        for table in self.tables:
            table.phones = [Phone(table, i) for i in range(phones)]
        self.phones = [p for t in self.tables for p in t.phones]
        self.figures = Figures()
        self.stop = asyncio.Event()
        self.opening = asyncio.Semaphore(OPENING)
        self.pool: asyncio.Queue[JsonConnection] = asyncio.Queue()
        for _ in range(POOL):
            self.pool.put_nowait(JsonConnection(where))

    # the streams

    async def hold(self, phone: Phone) -> None:
        """Keep ``phone``'s stream open until the run stops, opening it again after a drop."""
        while not self.stop.is_set():
            delay = RETRY
            async with self.opening:
                stream = await self.open(phone)
            if stream is not None:
                status = await stream.closed
                phone.streaming = False
                if stream.reader.retry_ms is not None:
                    delay = stream.reader.retry_ms / 1000
                if stream.retry_after is not None:
                    delay = stream.retry_after
                if self.stop.is_set():
                    break
                if status > 0:
                    self.figures.refused[f"answered {status}"] += 1
                elif status < 0:
                    self.figures.refused["closed before the answer"] += 1
                else:
                    self.figures.dropped += 1
            await asyncio.sleep(delay * random.uniform(0.5, 1.5))

    async def open(self, phone: Phone) -> Stream | None:
        """Open ``phone``'s stream and wait for its answer (or its end, or a minute); None
        when the connection could not be made."""
        table = phone.table.table
        first = self.loop.create_future()
        stream = Stream(
            stream_request(
                self.where, f"/api/v1/sessions/{table.session_id}/events",
                table.member_token, phone.last_id,
            ),
            lambda now: self.on_open(phone, now, first),
            lambda event, now: self.on_event(phone, event, now),
            lambda now: self.on_beat(phone, now),
        )  # fmt: skip
        try:
            await self.loop.create_connection(
                lambda: stream, self.where.host, self.where.port, ssl=self.where.ssl_context()
            )
        except OSError as error:
            self.figures.refused[f"connect: {error.strerror or error!r}"] += 1
            return None
        phone.stream = stream
        phone.last_data = self.loop.time()
        await asyncio.wait([first, stream.closed], timeout=60, return_when="FIRST_COMPLETED")
        return stream

    def on_open(self, phone: Phone, now: float, first: asyncio.Future) -> None:
        """``phone``'s stream is answered: it is held from now on."""
        phone.last_data = now
        phone.streaming = True
        phone.opened += 1
        if phone.opened > 1:
            self.figures.reopened += 1
        first.set_result(None)

    def on_event(self, phone: Phone, event: Event, now: float) -> None:
        """An event on ``phone``'s stream: note its version and any save it completes."""
        phone.last_data = now
        if event.id is not None:
            phone.last_id = event.id
        if event.kind != "version":
            return
        version = int(json.loads(event.data)["version"])
        if version <= phone.version:
            return
        phone.version = version
        phone.seen.append((version, now))
        table = phone.table
        for item in [w for w in table.waiting if w[3] == phone.index and w[0] <= version]:
            table.waiting.remove(item)
            self.arrived(item, now)

    def on_beat(self, phone: Phone, now: float) -> None:
        """A heartbeat on ``phone``'s stream."""
        phone.last_data = now

    async def watch(self) -> None:
        """Drop the streams that have sent nothing for ``STALL`` seconds (they reopen)."""
        while not self.stop.is_set():
            await asyncio.sleep(5)
            now = self.loop.time()
            for phone in self.phones:
                if phone.streaming and phone.stream and now - phone.last_data > STALL:
                    self.figures.stalled += 1
                    phone.stream.abort()

    async def lateness(self) -> None:
        """How late the client's event loop runs a 100 ms timer."""
        while not self.stop.is_set():
            due = self.loop.time() + 0.1
            await asyncio.sleep(0.1)
            self.figures.loop_late_ms.append((self.loop.time() - due) * 1000)

    # the saves

    async def request(
        self, method: str, path: str, table: LiveTable, body: Any = None, key: str | None = None
    ) -> tuple[int, Any]:
        """One API request of ``table`` over a pooled connection: (status, JSON answer)."""
        headers = {"Authorization": f"Bearer {table.table.member_token}"}
        if key:
            headers["Idempotency-Key"] = key
        connection = await self.pool.get()
        try:
            status, _, answer = await connection.request(method, path, body, headers)
        finally:
            self.pool.put_nowait(connection)
        return status, answer

    async def read_next_hand(self, table: LiveTable) -> None:
        """Read ``table``'s standings for its next hand."""
        path = f"/api/v1/sessions/{table.table.session_id}/standings"
        status, answer = await self.request("GET", path, table)
        table.next_hand = answer["next_hand"] if status == 200 else None

    async def save(self, table: LiveTable, due: float, measured: bool) -> None:
        """Save ``table``'s next hand (due at ``due``) and note what awaits its phones."""
        table.saving = True
        try:
            if table.next_hand is None:
                await self.read_next_hand(table)
            if table.next_hand is None:
                self.figures.save_status["standings unreadable"] += measured
                return
            number = table.next_hand["number"]
            status, answer = await self.request(
                "POST", f"/api/v1/sessions/{table.table.session_id}/hands?number={number}",
                table, hand_body(table.rng, table.next_hand), uuid.uuid4().hex,
            )  # fmt: skip
            answered = self.loop.time()
        except (TimeoutError, OSError, ValueError) as error:
            self.figures.save_status[f"broken: {type(error).__name__}"] += measured
            table.next_hand = None
            return
        finally:
            table.saving = False
        if measured:
            self.figures.save_ms.append((answered - due) * 1000)
            self.figures.save_due.append(due)
            self.figures.save_status[str(status)] += 1
        if status != 201:
            table.next_hand = None
            return
        table.next_hand = answer["standings"]["next_hand"]
        version = int(answer["standings"]["version"])
        for phone in table.phones[1:]:
            item = (version, due, answered, phone.index, measured)
            at = next((t for v, t in phone.seen if v >= version), None)
            if at is None and phone.version >= version:
                at = answered  # seen so long ago it left the phone's memory: at once
            if at is None:
                table.waiting.append(item)
            else:
                self.arrived(item, at)

    def arrived(self, item: tuple[int, float, float, int, bool], at: float) -> None:
        """A phone saw the version a save made, at ``at``."""
        _, due, answered, _, measured = item
        if not measured:
            return
        self.figures.from_request.append((at - due) * 1000)
        self.figures.from_answer.append(max(0.0, at - answered) * 1000)
        self.figures.before_answer += at < answered

    async def saves(self, every: float, start: float, measure: tuple[float, float]) -> None:
        """Each table saves every ``every`` seconds, the tables spread evenly, from ``start``
        until the measured minutes end; saves due within ``measure`` are measured."""
        step = every / len(self.tables)
        tasks = set()
        n = 0
        while True:
            due = start + n * step
            if due >= measure[1]:
                break
            await asyncio.sleep(max(0.0, due - self.loop.time()))
            table = self.tables[n % len(self.tables)]
            measured = measure[0] <= due < measure[1]
            if table.saving:
                self.figures.skipped += measured
            else:
                task = asyncio.create_task(self.save(table, due, measured))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            n += 1
        if tasks:
            await asyncio.wait(tasks)

    def held(self) -> int:
        """The phones whose stream is open now."""
        return sum(phone.streaming for phone in self.phones)

    def unseen(self) -> int:
        """Measured changes some phone never saw."""
        return sum(1 for t in self.tables for w in t.waiting if w[4])

    def close(self) -> None:
        """Stop holding: close every stream and connection."""
        self.stop.set()
        for phone in self.phones:
            if phone.stream is not None:
                phone.stream.abort()
        while not self.pool.empty():
            self.pool.get_nowait().close()


def raise_open_files() -> int:
    """Raise this process's open-files limit to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def resident_mb(root: int) -> float:
    """The resident memory of process ``root`` and its descendants, in MB (from /proc)."""
    total = 0
    for pid in process_tree(root):
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total * os.sysconf("SC_PAGE_SIZE") / 1e6


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy (all cores), from /proc/stat."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_now(server: int | None, postmaster: int | None) -> list[float]:
    """CPU seconds so far: the server's, the database's, this client's, the machine's."""
    return [*cpu_used(server, postmaster), machine_busy()]


@dataclass
class Measured:
    """What the measured minutes cost: CPU seconds (server, PostgreSQL, client, machine),
    their length, the streams open before them and the server's sockets at their end."""

    used: list[float]
    elapsed: float
    opened: int
    sockets: int | None
    memory_mb: float | None


async def live(
    args: argparse.Namespace, address: Address, tables: list[Table], pids: tuple[int | None, ...]
) -> tuple[Run, Measured]:
    """Hold the streams and save for the warmup and the measured minutes: the run and what
    the measured minutes cost."""
    run = Run(endpoint(address), tables, args.phones_per_table, seed=7)
    started = time.monotonic()
    await asyncio.gather(*(run.read_next_hand(t) for t in run.tables))
    holding = [asyncio.create_task(run.hold(p)) for p in run.phones]
    progress, last = run.loop.time(), 0
    while run.held() < len(run.phones) and run.loop.time() < progress + STILL:
        await asyncio.sleep(0.5)
        if run.held() > last:
            progress, last = run.loop.time(), run.held()
    opened = run.held()
    print(f"  streams open: {opened} of {len(run.phones)} in {time.monotonic() - started:.1f} s"
          f" (refused or failed: {dict(run.figures.refused) or 'none'})")  # fmt: skip
    helpers = [asyncio.create_task(run.watch()), asyncio.create_task(run.lateness())]
    start = run.loop.time() + 0.5
    measure = (start + args.warmup, start + args.warmup + args.minutes * 60)
    saving = asyncio.create_task(run.saves(args.save_every, start, measure))
    await asyncio.sleep(measure[0] - run.loop.time())
    run.figures = Figures(refused=Counter())  # from here on
    before = cpu_now(*pids)
    await asyncio.sleep(max(0.0, measure[1] - run.loop.time()))
    used = [b - a for a, b in zip(before, cpu_now(*pids), strict=True)]
    elapsed = run.loop.time() - measure[0]
    server = pids[0]
    held = sum(sockets(w) for w in children(server)) if server else None
    memory = resident_mb(server) if server else None
    await saving
    grace_end = run.loop.time() + GRACE
    while run.unseen() and run.loop.time() < grace_end:
        await asyncio.sleep(0.1)
    run.close()
    for task in holding + helpers:
        task.cancel()
    await asyncio.gather(*holding, *helpers, return_exceptions=True)
    return run, Measured(used, elapsed, opened, held, memory)


def start_tables(address: Address, count: int) -> list[Table]:
    """Start ``count`` tables with a session each (8 at a time, as phones would)."""
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda n: start_table(address, f"Live {n}"), range(1, count + 1)))


SLICE = 30.0
"""Seconds of the measure over which each save's p95 is printed (is the tail one burst?)."""


def slices(due: list[float], ms: list[float]) -> str:
    """The p95 of the saves due in each ``SLICE`` seconds of the measure, in ms."""
    start = min(due)
    groups: dict[int, list[float]] = {}
    for when, value in zip(due, ms, strict=True):
        groups.setdefault(int((when - start) // SLICE), []).append(value)
    cuts = [
        statistics.quantiles(values, n=100, method="inclusive")[94] if len(values) > 1 else 0
        for _, values in sorted(groups.items())
    ]
    return ", ".join(f"{cut:.0f}" for cut in cuts) + " ms"


def report(run: Run, measured: Measured, inside: list[float]) -> None:
    """Print the figures of the measured minutes."""
    f, used, elapsed = run.figures, measured.used, measured.elapsed
    server = measured.sockets is not None
    cores = os.cpu_count() or 1
    share = [f"{seconds / elapsed / cores:.0%}" for seconds in used]
    print(f"  measured over {elapsed:.1f} s: {len(f.save_ms)} saves "
          f"({len(f.save_ms) / elapsed:.1f}/s), {len(f.from_answer)} changes seen by "
          f"other phones")  # fmt: skip
    if server:
        print(f"  server: sockets held by its workers at the end: {measured.sockets}; memory "
              f"(resident, master and workers): {measured.memory_mb:.0f} MB")  # fmt: skip
    print(f"  streams: {len(run.phones)} phones, {measured.opened} open at the start, "
          f"{run.held()} open at the end; dropped {f.dropped} (of which gone silent, dropped "
          f"by this client: {f.stalled}), opened again {f.reopened}; refused or failed: "
          f"{dict(f.refused) or 'none'}")  # fmt: skip
    print(f"  change seen by the table's other phones, from the save's answer: "
          f"{percentiles(f.from_answer)}; before the answer: {f.before_answer}")  # fmt: skip
    print(f"  change seen by the table's other phones, from the save's request: "
          f"{percentiles(f.from_request)}")  # fmt: skip
    print(f"  changes some phone never saw (within {GRACE:g} s of the last save): "
          f"{run.unseen()}")  # fmt: skip
    print(f"  save latency: {percentiles(f.save_ms)}; answers: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(f.save_status.items()))
          + f"; skipped (the table's last save unanswered): {f.skipped}")  # fmt: skip
    rest = used[3] - used[0] - used[1] - used[2]
    print(f"  CPU, share of this machine's {cores} cores: server "
          f"{share[0] if server else 'not measured (not this machine)'}, PostgreSQL "
          f"{share[1]}, this client {share[2]}; the whole machine {share[3]} (other work "
          f"{rest / elapsed / cores:.0%})")  # fmt: skip
    print(f"  the client's event loop late by: {percentiles(f.loop_late_ms)}")
    if f.save_due:
        print(f"  a save's p95 by {SLICE:g} s of the measure: {slices(f.save_due, f.save_ms)}")
    if inside:
        print(f"  in the server (gunicorn's measure, from the request read to the answer sent): "
              f"saves {percentiles(inside)}")  # fmt: skip
    if len(f.from_request) >= 2 and len(f.save_ms) >= 2:
        seen = statistics.quantiles(f.from_request, n=100, method="inclusive")[94]
        seen_after = statistics.quantiles(f.from_answer, n=100, method="inclusive")[94]
        save = statistics.quantiles(f.save_ms, n=100, method="inclusive")[94]
        print(f"  goal: every phone sees each change within 0.5 s at p95: {seen_after:.0f} ms "
              f"from the answer, {seen:.0f} ms from the request, "
              f"{'met' if seen < 500 else 'NOT met'}")  # fmt: skip
        print(f"  goal: a save's p95 under 100 ms: {save:.1f} ms, "
              f"{'met' if save < 100 else 'NOT met'}")  # fmt: skip


FULL = {"tables": 2000, "save_every": 120.0, "minutes": 3.0, "warmup": 30.0}
QUICK = {"tables": 50, "save_every": 10.0, "minutes": 0.5, "warmup": 5.0}
"""What a run does unless told: the whole benchmark, and ``--quick``'s check that it works."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, help="2,000 (--quick: 50)")
    parser.add_argument("--phones-per-table", type=int, default=4)
    parser.add_argument("--save-every", type=float, help="seconds, per table: 120 (--quick: 10)")
    parser.add_argument("--minutes", type=float, help="measured: 3 (--quick: 0.5)")
    parser.add_argument("--warmup", type=float, help="seconds before measuring: 30 (--quick: 5)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker")
    parser.add_argument("--quick", action="store_true", help="50 tables, a save every 10 s, 30 s")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the server the run starts (SCOREKEEPER_NAME), e.g. LIVE_STREAMS=5000",
    )
    parser.add_argument(
        "--url",
        help="a running hosted deployment (http(s)://host[:port]) instead of starting one; "
        "DATABASE_URL, when set, is its database (PostgreSQL's CPU, if on this machine)",
    )
    args = parser.parse_args()
    defaults = QUICK if args.quick else FULL
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not args.url and not postgres_available():
        sys.exit("PostgreSQL is not installed (POSTGRES_BIN, /usr/lib/postgresql/15/bin)")
    limit = raise_open_files()
    phones = args.tables * args.phones_per_table
    serving = args.url or f"{args.workers} workers x {args.threads} threads"
    serving += "".join(f", {setting}" for setting in args.set)
    print(f"== hosted on PostgreSQL, {serving}: {args.tables} tables x {args.phones_per_table} "
          f"phones = {phones} streams, a save per table every {args.save_every:g} s "
          f"({args.tables / args.save_every:.1f}/s); warmup {args.warmup:g} s, measured "
          f"{args.minutes:g} min; client open-files limit {limit} ==")  # fmt: skip
    if phones + POOL + 50 > limit:
        sys.exit(f"{phones} streams need more open files than this client's limit ({limit})")
    kind = "deployment" if args.url else "postgresql"
    settings = dict(setting.split("=", 1) for setting in args.set)
    with target(kind, args.workers, args.threads, args.url, args.tables, settings) as made:
        started = time.monotonic()
        tables = start_tables(made.address, args.tables)
        print(f"  {len(tables)} tables started in {time.monotonic() - started:.1f} s")
        server = made.server.process.pid if made.server else None
        pids = (server, postmaster_of(made.url) if made.url else None)
        run, measured = asyncio.run(live(args, made.address, tables, pids))
        inside = made.server.server_ms("POST")[-len(run.figures.save_ms) :] if made.server else []
        report(run, measured, inside)
        errors = made.server.errors() if made.server else []
        if errors:
            print(f"  the server's log has {len(errors)} tracebacks; the first:\n{errors[0]}")


if __name__ == "__main__":
    main()
