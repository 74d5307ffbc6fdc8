"""Benchmark of the JSON API: prints figures, asserts nothing.

Goals, with a 300-hand Brooklyn session in the database:
- creating a hand (POST /api/v1/sessions/<id>/hands with an Idempotency-Key, answered 201
  with the hand, its result and the standings after it): <= 10 ms median server time;
- a phone polling the standings while nothing changed (GET /api/v1/sessions/<id>/standings
  with If-None-Match set to the last ETag, answered 304): <= 2 ms median server time.

Server time is measured around Flask's test client, in process: the whole WSGI request
(routing, the access gate, pydantic's parsing, database, replay, the JSON answer) without a
network in between. The database is SQLite in a temporary folder, migrated like the real one.
The session is built through the services (as in bench_web.py); each hand saved through the
API is made from the previous answer's ``next_hand``, as a client would make it.

    python bench/bench_api.py              # figures
    python bench/bench_api.py --profile    # and where the time goes (cProfile, top functions)
"""

from __future__ import annotations

import argparse
import cProfile
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_web import HANDS, MELDS, SUITS, Timing, build_session, make_app, profile
from flask.testing import FlaskClient

SAVES = 100
POLLS = 1000
READS = 100


def hand_body(rng: random.Random, next_hand: dict[str, Any]) -> dict[str, Any]:
    """A varied, legal Brooklyn hand for ``next_hand`` (the API's NextHandInfo, as JSON)."""
    declarer = rng.choice([p["id"] for p in next_hand["active"]])
    bids = next_hand["quick_bids"]
    bid = rng.choices(bids, weights=[max(1, 20 - 2 * i) for i in range(len(bids))])[0]
    body: dict[str, Any] = {"declarer_id": declarer, "bid": bid, "trump": rng.choice(SUITS)}
    kind = rng.random()
    if kind < 0.45:  # meld and tricks typed; the outcome is worked out from them
        body["melds"] = [{"player_id": declarer, "mode": "number", "text": str(rng.choice(MELDS))}]
        body["tricks"] = rng.choice([t for t in range(0, 251, 5) if t not in (1, 249)])
    elif kind < 0.80:
        body["outcome"] = "made"
    elif kind < 0.93:
        body["outcome"] = "set"
    else:
        body["outcome"] = "conceded"
    return body


def time_create(
    client: FlaskClient,
    url: str,
    body: dict[str, Any],
    profiler: cProfile.Profile | None = None,
) -> tuple[Timing, dict[str, Any]]:
    """POST one hand (a fresh Idempotency-Key); the timing and the answer's JSON."""
    headers = {"Idempotency-Key": uuid.uuid4().hex}
    if profiler is not None:
        profiler.enable()
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.post(f"{url}/hands", json=body, headers=headers)
    elapsed = time.perf_counter() - start, time.thread_time() - cpu
    if profiler is not None:
        profiler.disable()
    assert response.status_code == 201, (response.status_code, response.get_data(as_text=True))
    return elapsed, response.json


def time_poll(
    client: FlaskClient, url: str, etag: str, profiler: cProfile.Profile | None = None
) -> Timing:
    """GET the standings with If-None-Match: the tag the phone holds (answered 304)."""
    if profiler is not None:
        profiler.enable()
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.get(f"{url}/standings", headers={"If-None-Match": etag})
    elapsed = time.perf_counter() - start, time.thread_time() - cpu
    if profiler is not None:
        profiler.disable()
    assert response.status_code == 304, response.status_code
    return elapsed


def time_read(client: FlaskClient, url: str) -> tuple[Timing, str]:
    """GET the standings without a tag (answered 200 with the body); the timing and ETag."""
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.get(f"{url}/standings")
    elapsed = time.perf_counter() - start, time.thread_time() - cpu
    assert response.status_code == 200, response.status_code
    return elapsed, response.headers["ETag"]


def p95(values: list[float]) -> float:
    """The 95th percentile (the value 95% of runs took at most)."""
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def ms(timings: list[Timing]) -> str:
    wall = [w * 1000 for w, _ in timings]
    cpu = [c * 1000 for _, c in timings]
    return (
        f"median {statistics.median(wall):6.2f} ms, p95 {p95(wall):6.2f} ms (min "
        f"{min(wall):.2f}, max {max(wall):.2f}); CPU median {statistics.median(cpu):.2f} ms"
    )


API_CALLEES = r"\((create_hand|read_standings|save_hand|load|finish_request|json_response)\)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", action="store_true", help="profile create and poll")
    parser.add_argument("--saves", type=int, default=SAVES)
    parser.add_argument("--polls", type=int, default=POLLS)
    args = parser.parse_args()

    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        start = time.perf_counter()
        session_id = build_session(app, rng)
        built = time.perf_counter() - start
        client = app.test_client()
        url = f"/api/v1/sessions/{session_id}"
        print(f"{HANDS}-hand Brooklyn session built through the services in {built:.1f} s")

        answer = client.get(f"{url}/standings").json  # not timed: the phone has it
        for _ in range(3):  # warm up: the replay remembered, pydantic's validators built
            _, saved = time_create(client, url, hand_body(rng, answer["next_hand"]))
            answer = saved["standings"]
        creates = []
        for _ in range(args.saves):
            timing, saved = time_create(client, url, hand_body(rng, answer["next_hand"]))
            creates.append(timing)
            answer = saved["standings"]
        hands = answer["next_hand"]["number"] - 1

        reads = []
        for _ in range(READS):
            timing, etag = time_read(client, url)
            reads.append(timing)
        for _ in range(10):
            time_poll(client, url, etag)
        polls = [time_poll(client, url, etag) for _ in range(args.polls)]

        print("Server time (wall clock; CPU of the serving thread):")
        print(f"  create a hand, {HANDS + 3}-{hands} hands, {args.saves} saves:")
        print(f"      {ms(creates)}   (goal <= 10 ms median)")
        print(f"  poll the standings, 304 (If-None-Match), {args.polls} polls:")
        print(f"      {ms(polls)}   (goal <= 2 ms median)")
        print(f"  read the standings, 200 (no tag), {READS} reads, for comparison:")
        print(f"      {ms(reads)}")

        if args.profile:

            def create(profiler: cProfile.Profile) -> None:
                nonlocal answer
                _, saved = time_create(client, url, hand_body(rng, answer["next_hand"]), profiler)
                answer = saved["standings"]

            profile("create a hand (the POST only)", create, 30, API_CALLEES, top=30)
            _, etag = time_read(client, url)
            poll = lambda p: time_poll(client, url, etag, p)  # noqa: E731
            profile("poll the standings, 304", poll, 200, API_CALLEES, top=30)


if __name__ == "__main__":
    main()
