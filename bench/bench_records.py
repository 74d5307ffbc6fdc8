"""Benchmark of players' records (issue 21): prints figures, asserts nothing.

Target: a player's record over 10,000 hands in at most 50 ms.

The table holds 40 four-player Brooklyn sessions of 250 hands each (one session played through
the services, then imported 39 times from its JSON file, as a table restoring its evenings
would). Printed, each the median of several runs:

- the first read after a restart, cold: nothing remembered in the process, each session's
  count read from the database (``session_tallies``, stored with every change), both with
  the caches dropped in this process and in a new process on the same database (the whole
  first call, its two or three queries and the template-free counting);
- the record counted from scratch, every session replayed (no stored count, no replay and
  no record remembered: a database from before the counts were stored), and storing every
  session's count again (``python -m scorekeeper count-records``);
- what storing one session's count adds to a change (250 hands): a hand saved (that hand
  alone counted into the count of the version before) and a correction (every hand counted);
- the record counted from the replays each worker remembers (``services.replays``, up to
  ``MAX_SESSIONS`` sessions), the record itself not remembered: what the engine's replay
  costs is then out of the figure, and the counting alone is left;
- the record remembered (``services.records``): two queries, the sessions' stamps and the
  roster, checked against what it was counted from;
- the whole request of a player's page (GET /records/<id>) and of the API's
  GET /api/v1/players/<id>/record, the record remembered.

    python bench/bench_records.py              # figures
    python bench/bench_records.py --profile    # and where the counting's time goes
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import brooklyn_entry, make_app

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import GameSession, SessionTally
from scorekeeper.services import hands as hand_service
from scorekeeper.services import replays
from scorekeeper.services import sessions as session_service
from scorekeeper.services.exports import imports, json_export
from scorekeeper.services.history import player as records
from scorekeeper.services.history import stored as session_tallies
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

SESSIONS = 40
HANDS = 250
RUNS = 7
PLAYERS = ["Ann", "Bob", "Cal", "Dee"]


def build(app, rng: random.Random) -> tuple[int, int]:
    """The table's 40 sessions; returns the first one's id and Bob's."""
    with app.app_context():
        with unit_of_work():
            table = default_table()
            sid = session_service.create_session(table, {"system": "brooklyn"}, PLAYERS, 0).id
        for _ in range(HANDS):
            with unit_of_work():
                loaded = session_service.load_session(sid, table)
                hand_service.save_hand(loaded, brooklyn_entry(rng, loaded), uuid.uuid4().hex)
        text = json_export.session_json(session_service.load_session(sid, table))
        for _ in range(SESSIONS - 1):
            with unit_of_work():
                imports.import_session(default_table(), text)
        loaded = session_service.load_session(sid, default_table())
        return sid, next(p.id for p in loaded.players.values() if p.name == "Bob")


def median_ms(run: Callable[[], object], before: Callable[[], None] = lambda: None) -> float:
    """The median wall-clock time of ``run`` in milliseconds (``before`` untimed)."""
    times = []
    for _ in range(RUNS):
        before()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def first_read(folder: str, player: int) -> None:
    """In a new process: the app on the benchmark's database; the home page once (the
    process's own first use of the database: its mappers set up, its first statements
    compiled), then the first record read and the second, timed (prints the three in ms)."""
    app = create_app(
        {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3"},
        instance_path=Path(folder) / "instance",
    )
    gc.freeze()  # as both servers do once the app is loaded (scorekeeper/gunicorn_config.py)
    start = time.perf_counter()
    assert app.test_client().get("/").status_code == 200
    times = [(time.perf_counter() - start) * 1000]
    with app.test_request_context(f"/records/{player}"):  # a GET: it reads, never writes
        table = default_table()
        for _ in range(2):
            start = time.perf_counter()
            records.player_record(table, player)
            times.append((time.perf_counter() - start) * 1000)
    print(" ".join(f"{t:.1f}" for t in times))


def new_process_ms(folder: str, player: int) -> tuple[float, float, float]:
    """The home page, the first and the second record read of a new process (the medians of
    RUNS processes)."""
    runs = []
    for _ in range(RUNS):
        done = subprocess.run(
            [sys.executable, __file__, "--first-read", folder, str(player)],
            capture_output=True, text=True,
        )  # fmt: skip
        if done.returncode:
            sys.exit(done.stderr)
        out = done.stdout
        runs.append([float(t) for t in out.split()[-3:]])
    home, first, second = (statistics.median(r[n] for r in runs) for n in range(3))
    return home, first, second


def storing_ms(session_id: int, state, adds_only: bool) -> float:
    """The median time ``session_tallies.store`` adds to a change of the session: one that
    adds its last hand (the count of the version before stored without that hand) or one that
    rewrites it (every hand counted). The commit is the change's own, left out."""
    times = []
    for _ in range(RUNS):
        with unit_of_work():
            row = db.session.get(GameSession, session_id)
            if adds_only:  # as if stored at the version before, one hand fewer counted
                tally = db.session.get(SessionTally, session_id)
                tally.counts = {**tally.counts, "counted": len(state.hands) - 1}
                tally.version = row.version - 1
                db.session.flush()
            start = time.perf_counter()
            session_tallies.store(row, state, adds_only=adds_only)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def drop_stored_counts() -> None:
    """Every session's stored count deleted, and nothing remembered: a database from before."""
    records.forget()
    replays.forget()
    with unit_of_work():
        db.session.query(SessionTally).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="where the counting's time goes")
    parser.add_argument(
        "--first-read", nargs=2, metavar=("FOLDER", "PLAYER"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.first_read:
        first_read(args.first_read[0], int(args.first_read[1]))
        return
    profile = args.profile
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        started = time.perf_counter()
        sid, bob = build(app, random.Random(21))
        print(f"built {SESSIONS} sessions x {HANDS} hands in {time.perf_counter() - started:.0f} s")
        with app.app_context():
            table = default_table()

            def record():
                return records.player_record(table, bob)

            counted, bob_record = record()
            print(
                f"Bob: {counted.session_count} sessions, {bob_record.hands_played} hands played "
                f"of {SESSIONS * HANDS}, {bob_record.declared.declared} declared, "
                f"{bob_record.declared.made} made, net {bob_record.net_cents} cents"
            )

            def forget_all():
                records.forget()
                replays.forget()

            def one_changed():
                records.forget_record()
                records.forget_session(sid)

            def one_replayed():
                one_changed()
                replays.forget(sid)

            cold = median_ms(record, forget_all)
            db.session.remove()  # this process's transaction ended: the new one reads alone
            process_home, process_first, process_second = new_process_ms(folder, bob)
            scratch = median_ms(record, drop_stored_counts)
            start = time.perf_counter()
            with unit_of_work():
                stored = records.store_missing_counts()
            store_all = time.perf_counter() - start
            state = session_service.load_session(sid, table).state

            store_added_ms = storing_ms(sid, state, adds_only=True)
            store_one_ms = storing_ms(sid, state, adds_only=False)  # the count right again
            record()  # every replay remembered again
            counting = median_ms(record, records.forget)
            adding = median_ms(record, records.forget_record)
            changed = median_ms(record, one_changed)
            replayed = median_ms(record, one_replayed)
            remembered = median_ms(record)
            print(f"first read after a restart, caches dropped: {cold:8.1f} ms   target <= 50")
            print(f"... in a new process, after its home page:  {process_first:8.1f} ms   "
                  f"target <= 50 (the second read {process_second:.1f} ms; the home page, the "
                  f"process's first request, {process_home:.0f} ms)")  # fmt: skip
            print(f"from scratch (no stored count, all replayed): {scratch:6.1f} ms")
            print(f"storing every session's count (count-records, {stored} sessions): "
                  f"{store_all * 1000:.0f} ms")  # fmt: skip
            print(f"storing a session's count with a hand saved (the hand alone counted): "
                  f"{store_added_ms:.1f} ms; with a correction ({HANDS} hands counted): "
                  f"{store_one_ms:.1f} ms")  # fmt: skip
            print(f"every session counted from remembered replays: {counting:5.1f} ms")
            print(f"adding up remembered session counts:        {adding:8.1f} ms   target <= 50")
            print(f"one session changed (counted again):        {changed:8.1f} ms   target <= 50")
            print(f"... and replayed from scratch (250 hands):  {replayed:8.1f} ms")
            print(f"the record remembered (two queries):        {remembered:8.1f} ms")
            if profile:
                profiler = cProfile.Profile()
                records.forget()
                profiler.enable()
                record()
                profiler.disable()
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(15)
                print(out.getvalue())
        client = app.test_client()
        for name, url in (
            ("GET /records/<id>", f"/records/{bob}"),
            ("GET /api/v1/players/<id>/record", f"/api/v1/players/{bob}/record"),
        ):
            assert client.get(url).status_code == 200
            print(f"{name:<32} {median_ms(lambda url=url: client.get(url)):8.1f} ms (remembered)")


if __name__ == "__main__":
    main()
