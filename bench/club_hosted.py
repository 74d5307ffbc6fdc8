"""A club night of 20 tables played on the hosted setup under the load benchmark's pace, for
``bench_club.py --hosted`` / ``--postgres``: prints figures, asserts nothing.

``python -m scorekeeper hosted`` (gunicorn, 2 workers x 4 threads) on SQLite in a temporary
folder or a throwaway PostgreSQL cluster (``hosted_setup.py``, as ``bench_load.py``). The
club's table is started through its pages; the night (80 players in fixed teams of two,
KCMO's rules but no points limit, so no table's round ends during the run) is made and round
1 paired through the services on the same database. Then, for ``--warmup`` seconds
unmeasured (each worker's first replays and meld tables) and ``--seconds`` measured:

- each card table's four phones save partnership hands to its session through the API, each
  a save due every ``--pace`` seconds on average (``bench_load.saver``: Poisson arrivals,
  latency counted from when the save was due, a hand another phone saved first answered 409
  and counted apart; some sent again or at once on two connections with the same key);
- the same four phones poll their standings with If-None-Match every ``--poll-interval``
  seconds (``bench_load.phone``);
- the organiser's browser polls ``/club/<id>/live`` with If-None-Match every
  ``--organiser-interval`` seconds (the page polls every 5 s), and the organiser's page
  itself (``/club/<id>``, drawn whole) is read again at the same interval.

Printed: p50/p95 of the organiser's page, of its polls (200 and 304 apart), of a save and of a
phone's poll; every status; CPU of the server, the database, this client and the whole
machine (what the rest of the machine did, apart).
"""

from __future__ import annotations

import argparse
import os
import random
import threading
import time
from pathlib import Path
from typing import Any

from bench_load import Record, cpu_used, percentiles, phone, saver
from hosted_setup import Connection, Table, app_context_on, new_table, postmaster_of, target

TABLES = 20
PHONES_AT_A_TABLE = 4
SETTINGS: dict[str, object] = {
    "system": "partnership", "table_size": 4, "team_size": 2, "rounds": 8, "minutes": 50,
    "points": None, "movement": "fixed", "byes": True, "ranking": "kcmo",
}  # fmt: skip
MELDS = [20, 40, 60, 80, 100, 150]


def arguments(parser: argparse.ArgumentParser) -> None:
    """The hosted run's options."""
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=15, help="the same load, not measured")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads per worker")
    parser.add_argument(
        "--pace", type=float, default=1.0, help="mean seconds between a phone's saves"
    )
    parser.add_argument("--poll-interval", type=float, default=2.0, help="a phone's polls, s")
    parser.add_argument("--organiser-interval", type=float, default=3.0, help="the organiser's, s")


def partnership_body(rng: random.Random, next_hand: dict[str, Any]) -> dict[str, Any]:
    """A legal partnership hand for ``next_hand``: a bid among the lowest, the declaring
    team's meld and trick points typed; made or set follows from them."""
    declarer = rng.choice([p["id"] for p in next_hand["active"]])
    return {
        "declarer_id": declarer,
        "bid": rng.choice(next_hand["quick_bids"][:6]),
        "trump": rng.choice("SHDC"),
        "tricks": rng.choice(range(0, 251, 10)),
        "melds": [{"player_id": declarer, "mode": "number", "text": str(rng.choice(MELDS))}],
    }


def make_night(database_url: str) -> tuple[int, list[int]]:
    """The night on the club's table (the one table of the database): its id and sessions."""
    from bench_club import make_night as paired
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import Table as TableRow

    with app_context_on(database_url):
        return paired(db.session.scalars(select(TableRow)).one(), SETTINGS)


class Organiser:
    """The organiser's page read and polled until ``stop``: what each answer took, by kind."""

    def __init__(self, address: int | str, connection: Connection, night_id: int) -> None:
        self.address = address
        self.connection = connection
        self.url = f"/club/{night_id}"
        self.times: dict[str, list[float]] = {"page": [], "poll 200": [], "poll 304": []}
        self.other: list[str] = []

    def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], float]:
        start = time.perf_counter()
        status, answer_headers, _ = self.connection.send("GET", path, None, headers)
        return status, answer_headers, (time.perf_counter() - start) * 1000

    def page(self, stop: float, interval: float) -> None:
        """The page drawn whole, every ``interval`` seconds."""
        while time.monotonic() < stop:
            status, _, took = self.get(self.url, {})
            if status == 200:
                self.times["page"].append(took)
            else:
                self.other.append(str(status))
            time.sleep(max(0.0, min(interval, stop - time.monotonic())))

    def poll(self, stop: float, interval: float) -> None:
        """``/live`` with the last ETag, every ``interval`` seconds (a connection of its own,
        with the page's cookie)."""
        connection = Connection(self.address)
        connection.cookie = self.connection.cookie
        tag = None
        time.sleep(interval / 2)
        while time.monotonic() < stop:
            start = time.perf_counter()
            status, headers, _ = connection.send(
                "GET", f"{self.url}/live", None, {"If-None-Match": tag} if tag else {}
            )
            took = (time.perf_counter() - start) * 1000
            if status in (200, 304):
                self.times[f"poll {status}"].append(took)
                tag = headers.get("etag", tag)
            else:
                self.other.append(str(status))
            time.sleep(max(0.0, min(interval, stop - time.monotonic())))


def play(
    address: int | str,
    tables: list[Table],
    organiser: Organiser,
    args: argparse.Namespace,
    seconds: float,
) -> tuple[Record, float]:
    """Every phone saving and polling and the organiser reading for ``seconds``: what the
    phones saw, and how long it took."""
    record = Record()
    stop = time.monotonic() + seconds
    phones = range(TABLES * PHONES_AT_A_TABLE)
    at = [tables[n // PHONES_AT_A_TABLE] for n in phones]
    pace, interval = args.pace, args.poll_interval
    threads = [
        threading.Thread(
            target=saver,
            args=(address, at[n], n, stop, record, address, pace, partnership_body),
        )
        for n in phones
    ]
    threads += [
        threading.Thread(target=phone, args=(address, at[n], 1000 + n, stop, interval, record))
        for n in phones
    ]
    threads.append(threading.Thread(target=organiser.page, args=(stop, args.organiser_interval)))
    threads.append(threading.Thread(target=organiser.poll, args=(stop, args.organiser_interval)))
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return record, time.monotonic() - start


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far (/proc/stat)."""
    ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle) / tick, sum(ticks) / tick


def run(kind: str, args: argparse.Namespace) -> None:
    """One night played under load on ``kind``'s database; prints the figures."""
    print(f"\n== {kind}: {args.workers} workers x {args.threads} threads; a club night of "
          f"{TABLES} tables, {TABLES * PHONES_AT_A_TABLE} phones each with a save due every "
          f"{args.pace:g} s and polling every {args.poll_interval:g} s; the organiser's page "
          f"read and polled every {args.organiser_interval:g} s; "
          f"{args.seconds:g} s ==")  # fmt: skip
    with target(kind, args.workers, args.threads, None) as made:
        server, address = made.server, made.address
        assert server is not None and made.url is not None
        browser, member = new_table(address, "Club")
        night_id, sessions = make_night(made.url)
        tables = [Table(member, session_id, {}) for session_id in sessions]
        organiser = Organiser(address, browser, night_id)
        status, _, took = organiser.get(organiser.url, {})
        assert status == 200, status
        print(f"  round 1 paired; the organiser's page first drawn in {took:.0f} ms")
        postmaster = postmaster_of(made.url)
        play(address, tables, organiser, args, args.warmup)  # every worker and thread warm
        organiser.times = {name: [] for name in organiser.times}
        used, machine = cpu_used(server.process.pid, postmaster), machine_busy()
        before = len(server.server_ms("GET"))  # the warm-up's and the setup's left out
        record, elapsed = play(address, tables, organiser, args, args.seconds)
        used = [b - a for a, b in zip(used, cpu_used(server.process.pid, postmaster), strict=True)]
        busy, total = (b - a for a, b in zip(machine, machine_busy(), strict=True))
        print(f"  measured over {elapsed:.1f} s: {len(record.save_ms)} saves "
              f"({len(record.save_ms) / elapsed:.1f}/s), {len(record.poll_ms)} phone polls, "
              f"{len(organiser.times['page'])} pages and "
              f"{len(organiser.times['poll 200']) + len(organiser.times['poll 304'])} "
              f"organiser polls")  # fmt: skip
        for name, values in organiser.times.items():
            print(f"  organiser's {name:<9} {percentiles(values)} ({len(values)})")
        if organiser.other:
            print(f"  organiser's other answers: {organiser.other[:10]}")
        print(f"  save latency:           {percentiles(record.save_ms)}")
        print(f"  phone poll latency:     {percentiles(record.poll_ms)}")
        inside = server.server_ms("GET")[before:]
        print(f"  in the server (gunicorn's measure), every GET: {percentiles(inside)}")
        for name, found in (("save", record.save_status), ("poll", record.poll_status)):
            print(f"  {name} answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(found.items())))
        print(f"  broken connections: {len(record.broken)} {record.broken[:3]}")
        cores = os.cpu_count() or 1
        server_share, database_share, client_share = (u / elapsed / cores for u in used)
        other = busy / total - server_share - database_share - client_share
        print(f"  CPU, share of this machine's {cores} cores: server {server_share:.0%}, "
              f"database {database_share:.0%}, these clients {client_share:.0%}; the whole "
              f"machine {busy / total:.0%} (other work {max(0.0, other):.0%})")  # fmt: skip
        errors = server.errors()
        if errors:
            print(f"  the server's log has {len(errors)} tracebacks; the first:\n{errors[0]}")
