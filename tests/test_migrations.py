"""The migrations go down step by step to the first revision and up again on a database full
of play, on SQLite and on PostgreSQL, and every row comes back as it was. On an empty database
every migration runs down to nothing and up again, leaving the models' schema exactly.

The other tests start from a copy of one SQLite file migrated once per test run
(``webhelpers.migrated_template``); these, and the other migration tests (the hosted and the
attempts migrations, the older backup restored), run the migrations themselves.

The evening: a Brooklyn session with meld and tricks (ended, so it reaches the ledger), a
Hoyle session with a forfeit and a player leaving, a Bison hand with meld by cards, by named
melds and by number and counters taken, and payments toward a session and outside any. Its
figures are worked out by hand below, and read again through the services after the trip.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing

import flask_migrate
import psycopg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from hostedserver import postgres_database
from naming import ids_by_name
from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url
from webhelpers import database_dump, dispose, migrated_app, migrated_template

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.services import hands, ledger, replays, sessions, unit_of_work
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.settle import settle_session
from scorekeeper.services.standings import standings
from scorekeeper.services.tables import default_table

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def app_on(url: str, tmp_path) -> Flask:
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url},
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        flask_migrate.upgrade()
    return app


def play_an_evening(app: Flask) -> dict[str, int]:
    """Sessions, hands, a departure and payments, saved through the services; their ids."""
    with app.app_context(), unit_of_work.unit_of_work():
        table = default_table()

        def add(sid: int, **fields) -> None:
            hands.save_hand(sessions.load_session(sid, table), HandEntry(**fields))

        brooklyn = sessions.create_session(table, {"system": "brooklyn", "stake": 25}, FOUR, 0).id
        ids = ids_by_name(sessions.load_session(brooklyn, table))
        # Bob melds 150 and takes 200 in tricks: 350 made in hearts, 2 units from each of three.
        add(brooklyn, declarer=ids["Bob"], bid=350, trump="H", tricks=200,
            melds={ids["Bob"]: MeldText("number", "150")})  # fmt: skip
        # Dee set at 300 in spades: 1 unit, doubled for spades and for the set, to each of three.
        add(brooklyn, declarer=ids["Dee"], bid=300, trump="S", outcome="set")
        sessions.end_session(sessions.load_session(brooklyn, table))

        hoyle = sessions.create_session(table, {"system": "hoyle", "stake": 25}, FOUR, 0).id
        # Cal set at 350 in hearts: 10 to Ann, Bob, Dee and the kitty. Dee makes 400 in clubs:
        # 10 from Ann, Bob, Cal and the kitty. Dee forfeits the compulsory 300: 3 to the kitty.
        add(hoyle, outcome="set", declarer=ids["Cal"], bid=350, trump="H")
        add(hoyle, outcome="made", declarer=ids["Dee"], bid=400, trump="C")
        add(hoyle, outcome="forfeit", declarer=ids["Dee"], bid=300)
        hands.player_leaves(sessions.load_session(hoyle, table), ids["Ann"])  # kitty 3 // 4 = 0

        bison = sessions.create_session(table, {"system": "bison"}, FOUR[:3], 0).id
        add(bison, declarer=ids["Bob"], bid=250, trump="S", last_trick=ids["Bob"],
            melds={ids["Bob"]: MeldText("cards", "as ts ks qs js qs jd"),
                   ids["Cal"]: MeldText("claims", "Kings around"),
                   ids["Ann"]: MeldText("number", "60")},
            takes={ids["Ann"]: 0, ids["Bob"]: 14, ids["Cal"]: 10})  # fmt: skip

        ledger.save_payment(table, ledger.AskedPayment(ids["Dee"], ids["Bob"], "3.50", brooklyn))
        ledger.save_payment(
            table, ledger.AskedPayment(ids["Cal"], ids["Ann"], 25, note="last week")
        )
    return {"brooklyn": brooklyn, "hoyle": hoyle, "bison": bison}


def what_the_services_show(app: Flask, ids: dict[str, int]) -> dict:
    """Standings, settle-up and ledger of every session, replayed afresh from the database."""
    with app.app_context():
        replays.forget()
        db.session.remove()
        table = default_table()
        shown = {}
        for name, sid in ids.items():
            loaded = sessions.load_session(sid, table)
            shown[name] = (standings(loaded), settle_session(loaded, include_ledger=True))
        shown["ledger"] = ledger.build_ledger(table)
        return shown


def current_revision(app: Flask) -> str:
    with app.app_context():
        return db.session.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


def revisions_newest_first(app: Flask) -> list[str]:
    with app.app_context():
        migrate = app.extensions["migrate"]
        script = ScriptDirectory.from_config(migrate.migrate.get_config(migrate.directory))
        return [rev.revision for rev in script.walk_revisions()]


def down_to_the_first_revision_and_up(app: Flask) -> list[str]:
    """Downgrade one revision at a time to the first, then upgrade to the head; the
    revisions the database went through."""
    revisions = revisions_newest_first(app)
    visited = [current_revision(app)]
    with app.app_context():
        for _ in revisions[1:]:
            flask_migrate.downgrade(revision="-1")
            db.session.remove()
            visited.append(current_revision(app))
        flask_migrate.upgrade()
        db.session.remove()
    visited.append(current_revision(app))
    return visited


def check_the_round_trip(app: Flask) -> None:
    ids = play_an_evening(app)
    dump_before = database_dump(app)
    shown_before = what_the_services_show(app, ids)
    # Each session's count for players' records is stored with every change to it: a cache
    # the downgrade drops (counted again from the hands), so the trip brings it back empty.
    assert [row[0] for row in dump_before.pop("session_tallies")] == sorted(ids.values())

    visited = down_to_the_first_revision_and_up(app)

    revisions = revisions_newest_first(app)
    assert visited == [*revisions, revisions[0]]
    dump_after = database_dump(app)
    assert dump_after.pop("session_tallies") == []
    assert dump_after == dump_before
    assert what_the_services_show(app, ids) == shown_before

    brooklyn, hoyle, bison = (shown_before[name][0] for name in ("brooklyn", "hoyle", "bison"))
    # Brooklyn: Bob +6 then +4, Dee -2 then -12, Ann and Cal -2 then +4.
    assert {row.name: row.figure for row in brooklyn} == {
        "Ann": 2, "Bob": 10, "Cal": 2, "Dee": -14
    }  # fmt: skip
    # Hoyle: Ann 10 - 10, Bob 10 - 10, Cal -40 - 10, Dee 10 + 40 - 3; the kitty 10 - 10 + 3.
    assert {row.name: row.figure for row in hoyle} == {
        "Ann": 0, "Bob": 0, "Cal": -50, "Dee": 47, "Kitty": 3
    }  # fmt: skip
    # Bison: Bob's run 150 + pinochle 40 = 190 meld and 14 counters (140) + last trick 10;
    # Cal's kings around 80 with 10 counters (100); Ann took no counter, so her 60 is lost.
    assert {row.name: row.figure for row in bison} == {"Ann": 0, "Bob": 340, "Cal": 180}
    # Ledger (only Brooklyn has ended): at 25c a unit Ann is owed 50c, Bob $2.50, Cal 50c, and
    # Dee owes $3.50. Dee paid Bob $3.50, $1.00 more than his $2.50, so Bob owes Dee $1.00 and
    # Dee's 50c to Ann and to Cal: Dee is square. Cal paid Ann 25c outside any session: Cal is
    # to collect 25c more (75c), Ann 25c less (25c). Bob still pays his $1.00.
    assert dict(shown_before["ledger"].balances) == {"Cal": 75, "Ann": 25, "Dee": 0, "Bob": -100}


def test_migrations_down_and_up_keep_every_row_on_sqlite(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}", tmp_path)
    try:
        check_the_round_trip(app)
    finally:
        with app.app_context():
            db.engine.dispose()


@pytest.mark.postgres
def test_migrations_down_and_up_keep_every_row_on_postgresql(postgres_url, tmp_path):
    # A database of its own in the shared cluster: the other tests' rows stay out of it.
    url = make_url(postgres_url)
    with psycopg.connect(
        host=url.host, port=url.port, user=url.username, dbname="postgres", autocommit=True
    ) as connection:
        connection.execute("DROP DATABASE IF EXISTS scorekeeper_migrations")
        connection.execute("CREATE DATABASE scorekeeper_migrations")
    app = app_on(url.set(database="scorekeeper_migrations").render_as_string(False), tmp_path)
    try:
        check_the_round_trip(app)
    finally:
        with app.app_context():
            db.engine.dispose()


def every_migration_down_and_up(app: Flask) -> tuple[set[str], list]:
    """Every migration down from the head to nothing, then every one up again: the tables
    left at the bottom, and how the schema at the head differs from the models'."""
    with app.app_context():
        flask_migrate.downgrade(revision="base")
        db.session.remove()
        left = set(inspect(db.engine).get_table_names())
        flask_migrate.upgrade()
        db.session.remove()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        db.engine.dispose()
    return left, differences


def test_every_migration_goes_down_to_nothing_and_up_to_the_models_on_sqlite(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}", tmp_path)
    # Only Alembic's own table is left (the payments the ledger's downgrade keeps go with the
    # first revision's tables).
    assert every_migration_down_and_up(app) == ({"alembic_version"}, [])


@pytest.mark.postgres
def test_every_migration_goes_down_to_nothing_and_up_to_the_models_on_postgresql(
    postgres_url, tmp_path
):
    with postgres_database(postgres_url) as url:
        app = app_on(url, tmp_path)
        assert every_migration_down_and_up(app) == ({"alembic_version"}, [])


def test_each_test_database_is_its_own_copy_of_the_migrated_template(tmp_path):
    first, second = migrated_app(tmp_path / "first"), migrated_app(tmp_path / "second")
    try:
        assert current_revision(first) == revisions_newest_first(first)[0]
        with first.app_context(), unit_of_work.unit_of_work():
            sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0)
        assert len(database_dump(first)["sessions"]) == 1
        assert database_dump(second)["sessions"] == []
    finally:
        dispose(first)
        dispose(second)
    with closing(sqlite3.connect(migrated_template())) as template:
        assert template.execute("SELECT count(*) FROM sessions").fetchone() == (0,)
