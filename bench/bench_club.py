"""Benchmark of a club night's organiser page: prints figures, asserts nothing.

A night of 80 players in fixed teams of two at 20 tables of four (partnership), round 1
paired, each table's session with 6 hands. Measured in process around Flask's test client
(routing, the access gate, the database, each table's replay, the template), SQLite in a
temporary folder, migrated like the real one:

- the organiser's page (GET /club/<id>), every table read from its remembered replay;
- its polling while nothing changed (GET /club/<id>/live with If-None-Match: 304);
- its polling after a table saved a hand (200: that table replayed, the fragment drawn).

Hosted (``--hosted``: ``python -m scorekeeper hosted``, gunicorn, on SQLite; ``--postgres``:
on a throwaway PostgreSQL cluster, as ``bench_load.py`` runs them) the night is played under
the load benchmark's pace: each card table's four phones save hands through the API and poll
their standings, while the organiser's page is read and polled (``club_hosted.py`` says
how).

    python bench/bench_club.py                       # in process
    python bench/bench_club.py --hosted --seconds 60 # hosted on SQLite, under load
    python bench/bench_club.py --postgres            # hosted on PostgreSQL, under load
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import club_hosted
from bench_web import make_app
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.models import Table
from scorekeeper.services.club import nights as clubnights
from scorekeeper.services.club import results as clubresults
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

TABLES = 20
HANDS = 6
RUNS = 30
SETTINGS = {
    "system": "partnership", "table_size": 4, "team_size": 2, "rounds": 8, "minutes": 50,
    "points": 5000, "movement": "fixed", "byes": True, "ranking": "kcmo",
}  # fmt: skip


def a_hand(session_id: int) -> None:
    """The first seat bids 250 in hearts, melds 100 and takes 150: made, 250 to 100."""
    loaded = load_session(session_id)
    first = loaded.row.seats[0].player_id
    entry = HandEntry(
        declarer=first, bid=250, trump="H", tricks=150, melds={first: MeldText("number", "100")}
    )
    save_hand(loaded, entry)


def timed(client, url: str, headers: dict[str, str] | None = None) -> tuple[float, int]:
    """Milliseconds one GET took, and its status."""
    start = time.perf_counter()
    answer = client.get(url, headers=headers or {})
    return (time.perf_counter() - start) * 1000, answer.status_code


def make_night(table: Table, settings: dict[str, object] = SETTINGS) -> tuple[int, list[int]]:
    """The night of 80 players in fixed teams of two, round 1 paired: its id and each card
    table's session, in table order."""
    with unit_of_work():
        night = clubnights.create_night(table, "Bench club", settings)
        for n in range(TABLES * 4):
            clubnights.add_player(night, f"Player {n + 1}", n // 2 + 1)
        row = clubresults.pair_next(night)
        return night.id, [t.session_id for t in row.tables]


def queries(app: Flask, client: FlaskClient, url: str, headers: dict[str, str]) -> int:
    """How many SQL statements one GET of ``url`` ran."""
    ran: list[str] = []

    def count(*_: object) -> None:
        ran.append("")

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        client.get(url, headers=headers)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(ran)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hosted", action="store_true", help="under load, hosted on SQLite")
    parser.add_argument("--postgres", action="store_true", help="under load, on PostgreSQL")
    club_hosted.arguments(parser)
    args = parser.parse_args()
    if args.hosted or args.postgres:
        club_hosted.run("postgresql" if args.postgres else "sqlite", args)
        return
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        with app.app_context():
            night_id, sessions = make_night(default_table())
            for session_id in sessions:
                for _ in range(HANDS):
                    with unit_of_work():
                        a_hand(session_id)
        client = app.test_client()
        url = f"/club/{night_id}"
        client.get(url)  # every replay remembered
        page = [timed(client, url)[0] for _ in range(RUNS)]
        tag = client.get(f"{url}/live").headers["ETag"]
        unchanged = [timed(client, f"{url}/live", {"If-None-Match": tag})[0] for _ in range(RUNS)]
        changed = []
        for run in range(RUNS // 3):
            with app.app_context(), unit_of_work():
                a_hand(sessions[run % TABLES])
            took, status = timed(client, f"{url}/live", {"If-None-Match": tag})
            assert status == 200
            changed.append(took)
        print(f"{TABLES} tables, {HANDS} hands each:")
        print(f"  organiser's page          median {statistics.median(page):6.1f} ms")
        print(f"  polling, nothing changed  median {statistics.median(unchanged):6.1f} ms (304)")
        print(f"  polling, a hand saved     median {statistics.median(changed):6.1f} ms (200)")
        with app.app_context(), unit_of_work():
            a_hand(sessions[0])
        live = f"{url}/live"
        after_save = queries(app, client, live, {"If-None-Match": tag})
        tag = client.get(live).headers["ETag"]
        unchanged_poll = queries(app, client, live, {"If-None-Match": tag})
        print(f"  SQL statements: the page {queries(app, client, url, {})}, a poll after a "
              f"save {after_save}, an unchanged poll {unchanged_poll}")  # fmt: skip


if __name__ == "__main__":
    main()
