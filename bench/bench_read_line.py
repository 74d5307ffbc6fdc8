"""Benchmark of reading a hand said in one line: prints figures, asserts nothing.

Target (issue 29): reading a line takes at most 5 ms of the server's time.

For every registered game a session is started through the API on the app built in process
(SQLite in a temporary folder, migrated like the real one), and each line of a small set is
sent to ``POST /api/v1/sessions/{id}/hands/read`` many times: the whole request in process
(the gate, the session loaded from the replay the process keeps, the line read, the preview
worked out, the answer written; no network). Beside it, the engine's reader alone
(``rules.saying.read_hand``) on the same lines. Median and 90th percentile per game, in ms.

    python bench/bench_read_line.py            # 200 reads of each line
    python bench/bench_read_line.py --reads 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import make_app

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.variant import GAMES
from scorekeeper.rules.saying import read_hand
from scorekeeper.services.saying import saying_table
from scorekeeper.services.sessions import load_session

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


def lines_for(bid: int) -> list[str]:
    """Lines a table says, at the game's least bid: whole, dictated, with meld and tricks, and
    one that must be asked about."""
    return [
        f"Bob, {bid} in spades, made it",
        f"Bob. {bid}. Hearts. Went set.",
        f"Bob bid {bid} diamonds, Bob meld 20, tricks 30",
        "Bob 300 made",
    ]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reads", type=int, default=200, help="reads of each line")
    args = parser.parse_args()
    print(f"{'game':<22} {'request p50':>11} {'p90':>7} {'reader p50':>11} {'p90':>7}  (ms)")
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        client = app.test_client()
        for game in GAMES.values():
            options = Options.preset(game)
            players = NAMES[: options.shape.players]
            made = client.post("/api/v1/sessions", json={"system": game.key, "players": players})
            assert made.status_code == 201, made.get_json()
            session = made.get_json()
            bid = options.min_bid // options.scale  # the least bid as the table writes it
            url = f"/api/v1/sessions/{session['id']}/hands/read"
            with app.app_context():
                table = saying_table(load_session(session["id"], None))
            requests: list[float] = []
            readers: list[float] = []
            for line in lines_for(bid):
                for _ in range(args.reads):
                    start = time.perf_counter()
                    answer = client.post(url, json={"text": line})
                    requests.append((time.perf_counter() - start) * 1000)
                    assert answer.status_code == 200, answer.get_json()
                    start = time.perf_counter()
                    read_hand(line, table)
                    readers.append((time.perf_counter() - start) * 1000)
            print(
                f"{game.key:<22} {statistics.median(requests):>11.2f} "
                f"{percentile(requests, 0.9):>7.2f} {statistics.median(readers):>11.2f} "
                f"{percentile(readers, 0.9):>7.2f}"
            )


if __name__ == "__main__":
    main()
