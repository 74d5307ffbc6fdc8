"""Time ``fewest_payments`` on random nonzero nets (run from the repository root).

    python bench/bench_settlement.py

Prints the median time per call in milliseconds for 10 holders (and, for comparison, the greedy
and larger tables), plus how often the greedy needed more payments than the fewest.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules.evening.settlement import fewest_payments, greedy_payments


def random_nets(holders: int, rng: random.Random, bound: int = 500) -> dict[str, int]:
    """Whole nets for ``holders`` holders, none of them 0, adding to 0."""
    while True:
        values = [rng.choice((-1, 1)) * rng.randint(1, bound) for _ in range(holders - 1)]
        last = -sum(values)
        if last:
            return {f"P{k}": value for k, value in enumerate([*values, last])}


def median_ms(settle, holders: int, runs: int, rng: random.Random) -> float:
    """Median wall time of one call, in milliseconds, over ``runs`` fresh random nets."""
    times = []
    for _ in range(runs):
        nets = random_nets(holders, rng)
        start = time.perf_counter()
        settle(nets)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    rng = random.Random(2024)
    print(
        f"fewest_payments, 10 holders: median {median_ms(fewest_payments, 10, 200, rng):.3f} ms"
        " (200 runs)"
    )
    print(
        f"greedy_payments, 10 holders: median {median_ms(greedy_payments, 10, 200, rng):.3f} ms"
        " (200 runs)"
    )
    for holders, runs in ((8, 200), (12, 50), (16, 5)):
        print(
            f"fewest_payments, {holders} holders: median "
            f"{median_ms(fewest_payments, holders, runs, rng):.3f} ms ({runs} runs)"
        )
    worse = saved = 0
    trials = 1000
    for _ in range(trials):
        nets = random_nets(10, rng, bound=20)
        gap = len(greedy_payments(nets)) - len(fewest_payments(nets))
        worse += gap > 0
        saved += gap
    print(
        f"10 holders, nets within +-20: greedy used more payments in {worse} of {trials} "
        f"tables ({saved} payments saved in all)"
    )


if __name__ == "__main__":
    main()
