"""Time the session PDF (run from the repository root; prints figures, asserts nothing).

    python bench/bench_pdf.py            # the issue's targets: 200 hands, and 1 hand warm
    python bench/bench_pdf.py --hands 500 --system bison

Targets (issue 4): the PDF of a 200-hand session in 2 s or less with 300 MB peak memory or
less; of a 1-hand session in 0.6 s or less in a warm process.

- 200 hands: a child process (``--child``) builds a random but legal session in a temporary
  SQLite database, then renders its PDF once, cold (fonts, stylesheet and WeasyPrint's own
  start-up included), and once more, warm, and prints both times. Its peak RSS comes from
  ``resource.getrusage(RUSAGE_CHILDREN)`` in the parent: everything the process ever held,
  the Python interpreter, Flask, SQLAlchemy and WeasyPrint included.
- 1 hand, warm: in this process, the PDF is rendered once, then timed over the next runs.

Wall time and CPU time are both printed: on a shared machine the wall time also counts the
time other processes had the CPU.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TRUMPS = "SHDC"
CHIP_MELDS = (0, 20, 40, 60, 80, 100, 120, 150, 190, 240)
BISON_MELDS = (0, 20, 40, 60, 80, 100, 150)


def _app(folder: str):
    import flask_migrate

    from scorekeeper import create_app

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
            "WTF_CSRF_ENABLED": False,
        },
        instance_path=f"{folder}/instance",
    )
    with app.app_context():
        flask_migrate.upgrade()
    return app


def _entry(loaded, rng: random.Random):
    """A legal next hand for the session as it stands: made or set by the figures."""
    from scorekeeper.services.entries import HandEntry, MeldText

    options = loaded.options
    nxt = loaded.state.next_hand
    declarer = rng.choice(nxt.active)
    bid = rng.choice([b for b in range(options.min_bid, options.min_bid + 160, 10)])
    while bid % 100 in options.forbidden_endings:
        bid += 10
    trump = rng.choice(TRUMPS)
    if options.system.value == "bison":
        counters = [rng.randint(0, 12) for _ in nxt.active]
        counters[-1] = 24 - sum(counters[:-1])
        while counters[-1] < 0:
            counters = [rng.randint(0, 12) for _ in nxt.active]
            counters[-1] = 24 - sum(counters[:-1])
        return HandEntry(
            declarer=declarer.id,
            bid=bid,
            trump=trump,
            takes={p.id: n for p, n in zip(nxt.active, counters, strict=True)},
            last_trick=rng.choice(nxt.active).id,
            melds={p.id: MeldText("number", str(rng.choice(BISON_MELDS))) for p in nxt.active},
        )
    tricks = rng.choice([t for t in range(0, 251, 10)])
    return HandEntry(
        declarer=declarer.id,
        bid=bid,
        trump=trump,
        tricks=tricks,
        melds={declarer.id: MeldText("number", str(rng.choice(CHIP_MELDS)))},
    )


def build_session(hands: int, system: str, seed: int = 4) -> int:
    """A session of ``hands`` random legal hands in the current app's database; its id."""
    from scorekeeper.services.hands import save_hand
    from scorekeeper.services.sessions import create_session, load_session
    from scorekeeper.services.tables import default_table
    from scorekeeper.services.unit_of_work import unit_of_work

    rng = random.Random(seed)
    players = {"bison": ["Ann", "Bob", "Cal"]}.get(system, ["Ann", "Bob", "Cal", "Dan"])
    with unit_of_work():
        table = default_table()
        session_id = create_session(table, {"system": system}, players, 0).id
    for _ in range(hands):  # one commit per hand, as the app does
        with unit_of_work():
            loaded = load_session(session_id, table)
            save_hand(loaded, _entry(loaded, rng))
    return session_id


def child(hands: int, system: str, out: str | None) -> None:
    """Build a session, then render its PDF once, cold; print the seconds it took."""
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        with app.test_request_context():
            from scorekeeper.reports.pdf import report_pdf
            from scorekeeper.services.sessions import load_session

            session_id = build_session(hands, system)
            loaded = load_session(session_id)
            start, cpu = time.perf_counter(), time.process_time()
            pdf = report_pdf(loaded, "Letter")
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            start, warm_cpu = time.perf_counter(), time.process_time()
            report_pdf(loaded, "Letter")
            warm_wall, warm_cpu = time.perf_counter() - start, time.process_time() - warm_cpu
            import io

            from pypdf import PdfReader

            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            if out:
                Path(out).write_bytes(pdf)
            print(f"{wall:.3f} {cpu:.3f} {len(pdf)} {pages} {warm_wall:.3f} {warm_cpu:.3f}")


def big(hands: int, system: str, out_path: str | None) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    command = [sys.executable, __file__, "--child", "--hands", str(hands), "--system", system]
    if out_path:
        command += ["--out", out_path]
    out = subprocess.run(
        command,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    wall, cpu, size, pages = float(out[0]), float(out[1]), int(out[2]), int(out[3])
    warm_wall, warm_cpu = float(out[4]), float(out[5])
    print(
        f"{hands}-hand {system} PDF, first in a fresh process: {wall:.2f} s wall, {cpu:.2f} s "
        f"CPU; again in the same process: {warm_wall:.2f} s wall, {warm_cpu:.2f} s CPU; "
        f"{pages} pages, {size / 1024:.0f} kB; peak RSS of the whole process "
        f"{max(peak_kb, before) / 1024:.0f} MB (target 2 s, 300 MB)"
    )


def warm(system: str, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        with app.test_request_context():
            from scorekeeper.reports.pdf import report_pdf
            from scorekeeper.services.sessions import load_session

            session_id = build_session(1, system)
            report_pdf(load_session(session_id), "Letter")  # warm up
            walls, cpus = [], []
            for _ in range(runs):
                start, cpu = time.perf_counter(), time.process_time()
                report_pdf(load_session(session_id), "Letter")
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
            print(
                f"1-hand {system} PDF, warm process: median {statistics.median(walls):.3f} s "
                f"wall, {statistics.median(cpus):.3f} s CPU over {runs} runs; best "
                f"{min(walls):.3f} s (target 0.6 s)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--system", default="hoyle")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", help="also write the big PDF to this file, to look at")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.hands, args.system, args.out)
        return
    import os

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    big(args.hands, args.system, args.out)
    warm(args.system, args.runs)


if __name__ == "__main__":
    main()
