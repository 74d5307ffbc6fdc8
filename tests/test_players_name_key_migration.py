"""The migration that compares players' names in one form (b6d4f2a9c815): upgraded, every
player has its ``name_key`` (spaces tidied, NFC, case folded), two players of a table whose
names were one name as compared are both kept, the later renamed "… (2)", and the key is
unique per table; downgraded, the names stay as they were renamed and are unique again. After
the upgrade the schema is the models' exactly, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import flask_migrate
import pytest
from hostedhelpers import postgres_database
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from webhelpers import app_at, upgrade_to_the_models

from scorekeeper.extensions import db

BEFORE = "b6d3f5a90c12"
AT_NINE = datetime(2026, 11, 24, 21, 0, 0)
ZOE_COMPOSED = "Zo\u00eb"
ZOE_DECOMPOSED = "Zoe\u0308"
PLAYERS = [  # (table, name), inserted in this order (ids 1 to 6)
    (1, "ÉLODIE"),
    (1, "élodie"),
    (1, ZOE_COMPOSED),
    (1, ZOE_DECOMPOSED),
    (1, "Bob"),
    (2, "élodie"),  # another table's: a name of its own
]
ADD_PLAYER = "INSERT INTO players (table_id, name, name_key, created_at) VALUES (1, :n, :k, :a)"


def check_the_trip(app) -> None:
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        for name in ("Club", "Other"):
            db.session.execute(
                text("INSERT INTO tables (name, token, created_at) VALUES (:n, :n, :a)"),
                {"n": name, "a": AT_NINE},
            )
        for table_id, name in PLAYERS:
            db.session.execute(
                text("INSERT INTO players (table_id, name, created_at) VALUES (:t, :n, :a)"),
                {"t": table_id, "n": name, "a": AT_NINE},
            )
        db.session.execute(
            text(
                "INSERT INTO saved_rules (table_id, name, name_key, system, options, "
                "created_at, updated_at) VALUES (1, 'FRIDAY', 'friday', 'brooklyn', '{}', :a, :a)"
            ),
            {"a": AT_NINE},
        )
        db.session.commit()

        upgrade_to_the_models()
        upgraded = db.session.execute(
            text("SELECT table_id, name, name_key FROM players ORDER BY id")
        ).all()
        rules_key = db.session.execute(text("SELECT name_key FROM saved_rules")).scalar()
        with pytest.raises(IntegrityError):  # one name as compared per table
            db.session.execute(text(ADD_PLAYER), {"n": "BOB", "k": "bob", "a": AT_NINE})
            db.session.commit()
        db.session.rollback()

        flask_migrate.downgrade(revision=BEFORE)
        db.session.remove()
        columns = {c["name"] for c in inspect(db.engine).get_columns("players")}
        kept = db.session.execute(text("SELECT name FROM players ORDER BY id")).scalars().all()
        with pytest.raises(IntegrityError):  # the name is unique again
            db.session.execute(
                text("INSERT INTO players (table_id, name, created_at) VALUES (1, 'Bob', :a)"),
                {"a": AT_NINE},
            )
            db.session.commit()
        db.session.rollback()
        db.session.remove()
        db.engine.dispose()

    assert [tuple(row) for row in upgraded] == [
        (1, "ÉLODIE", "élodie"),
        (1, "élodie (2)", "élodie (2)"),
        (1, ZOE_COMPOSED, "zoë"),
        (1, ZOE_DECOMPOSED + " (2)", "zoë (2)"),
        (1, "Bob", "bob"),
        (2, "élodie", "élodie"),
    ]
    assert rules_key == "friday"
    assert "name_key" not in columns
    assert kept == [name for _table, name, _key in upgraded]


def test_names_get_one_key_and_the_later_of_two_alike_is_renamed_on_sqlite(tmp_path):
    check_the_trip(app_at(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_names_get_one_key_and_the_later_of_two_alike_is_renamed_on_postgresql(
    postgres_url, tmp_path
):
    with postgres_database(postgres_url) as url:
        check_the_trip(app_at(url, tmp_path / "instance"))
