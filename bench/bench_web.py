"""Benchmark of the web app: prints figures, asserts nothing.

Targets (issue 3), with a 300-hand session in the database:
- saving a hand (POST /s/<id>/hands, the redirect not followed): <= 25 ms median server time;
- rendering the session page (GET /s/<id>): <= 25 ms median server time;
- the session page with its CSS and JavaScript: <= 60 KB over the network (issue 11: the
  stylesheet and scripts are sent compressed, as to a phone's browser, which asks for
  ``br, gzip``; the page itself is not, see ``extensions.COMPRESSED_TYPES``). The bytes before
  compression and the number of requests are printed too.

Also printed (issue 11): the service worker (``/sw.js``, fetched once the page has loaded,
not with it) and what it keeps when it installs; the manifest the page links (a browser reads
it when it checks whether the app can be installed, not to show the page) and its icons (fetched
only to install). Once the worker looks after the page, a visit asks the laptop for the HTML
alone: the CSS, the JavaScript and the icon come from the phone's own copy.

Server time is measured around Flask's test client: the whole WSGI request (routing, CSRF,
form parsing, database, replay, templates) without a network in between. The database is
SQLite in a temporary folder, migrated like the real one; CSRF is on, as in production.

    python bench/bench_web.py              # figures
    python bench/bench_web.py --profile    # and where the time goes (cProfile, top functions)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import flask_migrate
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.services import hands as hand_service
from scorekeeper.services import sessions as session_service
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.standings import next_hand
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

HANDS = 300
RUNS = 30
PLAYERS = ("Ann", "Bob", "Cal", "Dee")
SUITS = "SHDC"
# Meld figures a declarer really shows (all attainable with the classic single values).
MELDS = (20, 40, 60, 80, 100, 120, 150, 170, 190, 200, 230, 240, 250, 280, 300)
# Cards laid down, for the hands whose meld is entered by tapping the card grid.
CARD_MELDS = (
    "AS TS KS QS JS QS JD",  # run + pinochle (in spades)
    "AH AS AD AC KH QH",  # aces around + a marriage
    "KS KH KD KC QS QH QD QC",  # roundhouse
    "AS TS KS QS JS KS QS 9S",  # run + royal marriage + dix (in spades)
)


def make_app(folder: Path) -> Flask:
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
            "WTF_CSRF_ENABLED": True,
        },
        instance_path=folder / "instance",
    )
    with app.app_context():
        flask_migrate.upgrade()
    return app


def brooklyn_entry(rng: random.Random, loaded) -> HandEntry:
    """A varied, legal Brooklyn hand for the next deal (made, set, conceded, from figures)."""
    nxt = next_hand(loaded)
    declarer = rng.choice([p.id for p in nxt.active])
    bid = rng.choices(nxt.bids, weights=[max(1, 20 - 2 * i) for i in range(len(nxt.bids))])[0]
    trump = rng.choice(SUITS)
    kind = rng.random()
    if kind < 0.45:  # meld and tricks typed; the outcome is worked out from them
        meld = rng.choice(MELDS)
        tricks = rng.choice([t for t in range(0, 251, 5) if t not in (1, 249)])
        return HandEntry(
            declarer=declarer, bid=bid, trump=trump, tricks=tricks,
            melds={declarer: MeldText("number", str(meld))},
        )  # fmt: skip
    if kind < 0.55:  # meld by cards, then made
        return HandEntry(
            outcome="made", declarer=declarer, bid=bid, trump="S",
            melds={declarer: MeldText("cards", rng.choice(CARD_MELDS))},
        )  # fmt: skip
    if kind < 0.80:
        return HandEntry(outcome="made", declarer=declarer, bid=bid, trump=trump)
    if kind < 0.93:
        return HandEntry(outcome="set", declarer=declarer, bid=bid, trump=trump)
    return HandEntry(outcome="conceded", declarer=declarer, bid=bid, trump=trump)


def build_session(app: Flask, rng: random.Random) -> int:
    """A 4-player Brooklyn session with ``HANDS`` hands, added through the services."""
    with app.app_context():
        with unit_of_work():
            table = default_table()
            row = session_service.create_session(table, {"system": "brooklyn"}, list(PLAYERS), 0)
            session_id = row.id
        for _ in range(HANDS):
            with unit_of_work():
                loaded = session_service.load_session(session_id, table)
                hand_service.save_hand(loaded, brooklyn_entry(rng, loaded), uuid.uuid4().hex)
        db.session.remove()
    return session_id


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html) or re.search(
        r'name="csrf_token" value="([^"]+)"', html
    )
    if match is None:
        raise SystemExit("no CSRF token on the session page")
    return match.group(1)


def hand_form(page: str) -> dict[str, str]:
    """The next hand as the phone posts it: declarer, a quick-pick bid, trump, made, save."""
    declarer = re.search(r'name="declarer" value="(\d+)"', page)
    bid = re.search(r'name="bid" value="(\d+)"', page)
    number = re.search(r'name="hand_number" type="hidden" value="(\d+)"', page)
    assert declarer and bid and number, "the session page has no hand form"
    return {
        "csrf_token": csrf_token(page),
        "request_id": uuid.uuid4().hex,
        "hand_number": number.group(1),
        "declarer": declarer.group(1),
        "bid": bid.group(1),
        "trump": "H",
        "outcome": "made",
        "action": "save",
    }


Timing = tuple[float, float]  # wall-clock seconds, CPU seconds of this thread


def time_render(client: FlaskClient, url: str) -> Timing:
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.get(url)
    elapsed = time.perf_counter() - start, time.thread_time() - cpu
    assert response.status_code == 200, response.status_code
    return elapsed


def time_save(client: FlaskClient, url: str, profiler: cProfile.Profile | None = None) -> Timing:
    data = hand_form(client.get(url).get_data(as_text=True))  # not timed: the phone has it
    if profiler is not None:
        profiler.enable()
    start, cpu = time.perf_counter(), time.thread_time()
    response = client.post(f"{url}/hands", data=data)  # the redirect is not followed
    elapsed = time.perf_counter() - start, time.thread_time() - cpu
    if profiler is not None:
        profiler.disable()
    assert response.status_code == 302, (response.status_code, response.get_data(as_text=True))
    return elapsed


def loaded_assets(text: str) -> tuple[list[str], list[str], list[str]]:
    """What a phone's browser fetches to show the page, what it fetches only on request, and
    the manifest (read when the browser checks whether the app can be installed).

    Stylesheets, scripts and images load with the page; of the ``rel=icon`` links a browser
    takes one (the SVG when it offers one); the ``apple-touch-icon`` is fetched only when the
    page is added to the home screen.
    """
    tags = re.findall(r"<(?:link|script|img)\b[^>]*>", text)
    loaded, on_request, manifests, icons = [], [], [], []
    for tag in tags:
        found = re.search(r'(?:href|src)="([^"]+)"', tag)
        if found is None or found.group(1).startswith("data:"):
            continue
        if 'rel="icon"' in tag:
            icons.append((found.group(1), "image/svg+xml" in tag))
        elif 'rel="apple-touch-icon"' in tag:
            on_request.append(found.group(1))
        elif 'rel="manifest"' in tag:
            manifests.append(found.group(1))
        else:
            loaded.append(found.group(1))
    if icons:
        chosen = next((href for href, svg in icons if svg), icons[0][0])
        loaded.append(chosen)
        on_request += [href for href, _ in icons if href != chosen]
    return loaded, on_request, manifests


Sizes = list[tuple[str, int]]


BROWSER = {"Accept-Encoding": "br, gzip, deflate"}  # what Chromium asks for


def size_of(
    client: FlaskClient, url: str, headers: dict[str, str] | None = None
) -> tuple[str, int]:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return url.split("?")[0], len(response.get_data())


def sent_size(client: FlaskClient, url: str) -> int:
    """Bytes over the network when a browser asks for ``url`` (compressed where it is)."""
    return size_of(client, url, BROWSER)[1]


def page_weight(client: FlaskClient, url: str) -> tuple[int, int, Sizes, Sizes, Sizes]:
    """Bytes and requests of the page with what loads with it, the rest it links, and the
    manifest with the icons it lists."""
    html = client.get(url).get_data()
    loaded, on_request, manifests = loaded_assets(html.decode())
    parts = [("HTML " + url, len(html))]
    parts += [size_of(client, asset) for asset in loaded]
    others = [size_of(client, asset) for asset in on_request]
    install: Sizes = []
    for manifest in manifests:
        install.append(size_of(client, manifest))
        icons = json.loads(client.get(manifest).get_data())["icons"]
        install += [size_of(client, icon["src"]) for icon in icons]
    return sum(size for _, size in parts), 1 + len(loaded), parts, others, install


def worker_weight(client: FlaskClient) -> tuple[int, Sizes]:
    """The service worker's size, and what it keeps when it installs (from its first line)."""
    source = client.get("/sw.js").get_data(as_text=True)
    settings = json.loads(source.partition("\n")[0].removeprefix("const SHELL = ").rstrip(";"))
    return len(source.encode()), [size_of(client, url) for url in settings["shell"]]


WEB_CALLEES = (
    r"\((show|create|save_hand|load_session|remember_written|_session_row|render_session)\)"
)


def profile(label: str, action, runs: int = 10, callees: str = WEB_CALLEES, top: int = 25) -> None:
    """Run ``action(profiler)`` ``runs`` times; it enables the profiler around what counts.
    Prints the ``top`` functions and what the functions matching ``callees`` call."""
    profiler = cProfile.Profile()
    for _ in range(runs):
        action(profiler)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("cumulative")
    stats.print_stats(top)
    stats.sort_stats("tottime").print_stats(15)
    stats.sort_stats("cumulative").print_callees(callees)
    print(f"\n--- profile: {label}, {runs} runs, sorted by cumulative time ---")
    print(out.getvalue())


def profiled_render(client: FlaskClient, url: str, profiler: cProfile.Profile) -> None:
    profiler.enable()
    time_render(client, url)
    profiler.disable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", action="store_true", help="profile save and render")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()

    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        start = time.perf_counter()
        session_id = build_session(app, rng)
        built = time.perf_counter() - start
        client = app.test_client()
        url = f"/s/{session_id}"
        print(f"{HANDS}-hand Brooklyn session built through the services in {built:.1f} s")

        for _ in range(3):  # warm up: templates compiled, caches filled
            time_render(client, url)
        renders = [time_render(client, url) for _ in range(args.runs)]
        saves = [time_save(client, url) for _ in range(args.runs)]
        after = [time_render(client, url) for _ in range(args.runs)]

        def ms(timings: list[Timing]) -> str:
            wall = [w * 1000 for w, _ in timings]
            cpu = [c * 1000 for _, c in timings]
            return (
                f"median {statistics.median(wall):5.1f} ms (min {min(wall):.1f}, max "
                f"{max(wall):.1f}); CPU median {statistics.median(cpu):.1f} ms"
            )

        print(f"Server time over {args.runs} runs each (wall clock; CPU of the serving thread):")
        print(f"  render GET /s/<id>, {HANDS} hands:  {ms(renders)}   (target <= 25 ms)")
        print(f"  save a hand (POST, no redirect):  {ms(saves)}   (target <= 25 ms)")
        print(f"  render GET /s/<id>, {HANDS + args.runs} hands:  {ms(after)}")

        total, requests, parts, others, install = page_weight(client, url)
        sent = [sent_size(client, url)] + [
            sent_size(client, asset) for asset in loaded_assets(client.get(url).text)[0]
        ]
        for (name, size), over in zip(parts, sent, strict=True):
            print(f"  {name:<32} {size:>7,} bytes, {over:>7,} sent")
        print(
            f"session page + assets: {sum(sent):,} bytes = {sum(sent) / 1024:.1f} KB sent in "
            f"{requests} requests   (target <= 60 KB); {total / 1024:.1f} KB uncompressed"
        )
        print(
            f"  with the service worker looking after the page: {parts[0][1]:,} bytes in 1 "
            "request to the laptop (the assets come from the phone's copy)"
        )
        for name, size in others:
            print(f"  not loaded with the page: {name} {size:,} bytes (another icon size)")
        worker, kept = worker_weight(client)
        kept_total = sum(size for _, size in kept)
        print(
            f"service worker /sw.js: {worker:,} bytes, fetched after the page has loaded; on "
            f"installing it keeps {len(kept)} files, {kept_total:,} bytes = "
            f"{kept_total / 1024:.1f} KB (once per update)"
        )
        for name, size in install:
            print(f"  for installing only (not loaded with the page): {name} {size:,} bytes")

        if args.profile:
            profile("render GET /s/<id>", lambda p: profiled_render(client, url, p))
            profile("save a hand (the POST only)", lambda p: time_save(client, url, p))


if __name__ == "__main__":
    main()
