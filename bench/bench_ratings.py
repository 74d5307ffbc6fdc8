"""Benchmark of the ratings: prints figures, asserts nothing.

Goal (issue 21): ratings over 1,000 games in at most 200 ms.

Printed:
- the model alone: ``rate_games`` replaying 1,000 rated games through OpenSkill's
  Plackett-Luce model, of every shape the engine has (two to eight players each for
  themselves, two or three teams of two, two teams of three or four), players drawn from a
  roster of 16 - this is the figure the goal is about;
- the whole read with the sessions in the database, 250 two-handed sessions of four games
  each (1,000 games, 2,000 hands) added through the services: the first read, replaying
  every session; a read after one session changed (its games read again, the other
  sessions' remembered by the worker, every game rated again); a read with nothing changed
  (one query for the sessions' versions, one for the roster); and ``GET /ratings``.

    python bench/bench_ratings.py
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_web import make_app

from scorekeeper.extensions import db
from scorekeeper.rules.holders import Holder, Player, Team
from scorekeeper.services import hands as hand_service
from scorekeeper.services import replays
from scorekeeper.services import sessions as session_service
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.history import ratings, ratings_games
from scorekeeper.services.history.ratings import rate_games, table_ratings
from scorekeeper.services.history.ratings_games import Placing, RatedGame
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

GAMES = 1000
RUNS = 7
SESSIONS = 250
GAMES_PER_SESSION = 4
ROSTER = [Player(i, f"P{i}") for i in range(1, 17)]
# (players, team size): 1 is each for themselves
SHAPES = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (8, 1), (4, 2), (6, 2), (6, 3), (8, 4)]


def synthetic_games(rng: random.Random) -> list[RatedGame]:
    """``GAMES`` rated games of every shape, places drawn at random (ties sometimes)."""
    games = []
    start = datetime(2026, 1, 1)
    for number in range(GAMES):
        players, size = rng.choice(SHAPES)
        seated = rng.sample(ROSTER, players)
        sides: list[Holder] = (
            list(seated)
            if size == 1
            else [Team(tuple(seated[i : i + size])) for i in range(0, players, size)]
        )
        figures = [rng.randint(-5, 5) for _ in sides]
        placings = tuple(
            Placing(side, 1 + sum(1 for other in figures if other > figure), figure)
            for side, figure in zip(sides, figures, strict=True)
        )
        games.append(
            RatedGame(number, 1, start + timedelta(hours=number), "bench", "points", placings)
        )
    return games


def timed(action, runs: int = RUNS, clock=time.perf_counter) -> tuple[float, float]:
    """Median and best of ``runs`` runs of ``action``, in ms (of ``clock``: wall time, or
    with ``time.process_time`` the CPU time this process spent, which other work on the
    machine does not lengthen)."""
    times = []
    for _ in range(runs):
        began = clock()
        action()
        times.append((clock() - began) * 1000)
    return statistics.median(times), min(times)


def build_sessions(app) -> None:
    """``SESSIONS`` two-handed sessions to 500, each with ``GAMES_PER_SESSION`` games of two
    hands (the first player reaches 580, the second 400: test_game_over's two-handed game)."""
    hands = [
        ({"Ann": "190", "Bob": "150"}, {"Ann": 140, "Bob": 110}),
        ({"Ann": "100", "Bob": "40"}, {"Ann": 150, "Bob": 100}),
    ]
    with app.app_context():
        table = default_table()
        for number in range(SESSIONS):
            names = ["Ann", "Bob"] if number % 2 else ["Bob", "Ann"]
            with unit_of_work():
                row = session_service.create_session(
                    table, {"system": "two-handed", "target": 500}, names, 0
                )
            for _ in range(GAMES_PER_SESSION):
                for melds, takes in hands:
                    with unit_of_work():
                        loaded = session_service.load_session(row.id, table)
                        ids = {p.name: p.id for p in loaded.players.values()}
                        entry = HandEntry(
                            trump="S",
                            melds={ids[n]: MeldText("number", m) for n, m in melds.items()},
                            takes={ids[n]: t for n, t in takes.items()},
                        )
                        hand_service.save_hand(loaded, entry, None)
        db.session.remove()


def main() -> None:
    rng = random.Random(2026)
    games = synthetic_games(rng)
    median, best = timed(lambda: rate_games(games, ROSTER))
    cpu, cpu_best = timed(lambda: rate_games(games, ROSTER), clock=time.process_time)
    print(f"model: {GAMES} games of every shape, 16 players: median {median:.1f} ms, "
          f"best {best:.1f} ms; CPU time median {cpu:.1f} ms, best {cpu_best:.1f} ms "
          "(goal <= 200 ms)")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        began = time.perf_counter()
        build_sessions(app)
        games_built = SESSIONS * GAMES_PER_SESSION
        took = time.perf_counter() - began
        print(f"built {SESSIONS} sessions, {games_built} games, {2 * games_built} hands in "
              f"{took:.1f} s")  # fmt: skip
        with app.app_context():
            table = default_table()
            replays.forget()
            cold, _ = timed(lambda: table_ratings(table), runs=1)
            counted = table_ratings(table).game_count
            keys, _ = ratings_games.table_games(table)

            def one_changed() -> None:
                ratings._REMEMBERED.drop()
                ratings_games._REMEMBERED.drop(keys[-1])
                table_ratings(table)

            changed, changed_best = timed(one_changed)
            median, best = timed(lambda: table_ratings(table))
            db.session.remove()
        print(f"table_ratings, {counted} games from the database: first read (every "
              f"session replayed) {cold:.0f} ms; then median {median:.1f} ms, "
              f"best {best:.1f} ms")  # fmt: skip
        print(f"table_ratings after one session changed: median {changed:.1f} ms, "
              f"best {changed_best:.1f} ms")  # fmt: skip
        client = app.test_client()
        client.get("/ratings")
        median, best = timed(lambda: client.get("/ratings"))
        print(f"GET /ratings: median {median:.1f} ms, best {best:.1f} ms")


if __name__ == "__main__":
    main()
