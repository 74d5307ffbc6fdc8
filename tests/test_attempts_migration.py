"""The migration to ``attempts`` (a3f9c41e7b20) keeps the wrong PINs counted: upgraded, they
are attempts of kind ``pin`` with the same table, address and time; downgraded, they are back
in ``pin_attempts`` and the tables started (which the older code does not count) are gone.
After the upgrade the schema is the models' exactly, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from hostedhelpers import postgres_database
from sqlalchemy import inspect, text
from webhelpers import app_at

from scorekeeper.extensions import db

BEFORE = "5b1e0c7d2a94"
AT_NINE = datetime(2026, 11, 23, 21, 0, 0)
A_SECOND_LATER = datetime(2026, 11, 23, 21, 0, 1)


def app_on(url: str, instance):
    return app_at(url, instance)


def rows(sql: str) -> list[tuple]:
    """The rows, their last column a time (read back as text on SQLite) as a datetime."""
    found = []
    for row in db.session.execute(text(sql)):
        *rest, at = row
        found.append((*rest, datetime.fromisoformat(at) if isinstance(at, str) else at))
    return found


def check_the_trip(app) -> None:
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        db.session.execute(
            text("INSERT INTO tables (name, token, created_at) VALUES ('Club', 'c1', :a)"),
            {"a": AT_NINE},
        )
        db.session.execute(
            text("INSERT INTO pin_attempts (table_id, address, at) VALUES (1, '203.0.113.7', :a)"),
            {"a": AT_NINE},
        )
        db.session.execute(
            text("INSERT INTO pin_attempts (table_id, address, at) VALUES (NULL, '::1', :a)"),
            {"a": A_SECOND_LATER},
        )
        db.session.commit()

        flask_migrate.upgrade()
        upgraded = rows("SELECT kind, table_id, address, at FROM attempts ORDER BY at")
        db.session.remove()  # on SQLite, so that the next connection may read
        assert "pin_attempts" not in inspect(db.engine).get_table_names()
        with db.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
        db.session.execute(
            text("INSERT INTO attempts (kind, address, at) VALUES ('table', '::1', :a)"),
            {"a": A_SECOND_LATER},
        )
        db.session.commit()

        flask_migrate.downgrade(revision=BEFORE)
        assert "attempts" not in inspect(db.engine).get_table_names()
        downgraded = rows("SELECT table_id, address, at FROM pin_attempts ORDER BY at")
        db.session.remove()
        db.engine.dispose()

    assert upgraded == [("pin", 1, "203.0.113.7", AT_NINE), ("pin", None, "::1", A_SECOND_LATER)]
    assert downgraded == [(1, "203.0.113.7", AT_NINE), (None, "::1", A_SECOND_LATER)]


def test_the_wrong_pins_counted_survive_the_migration_both_ways_on_sqlite(tmp_path):
    check_the_trip(app_on(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_the_wrong_pins_counted_survive_the_migration_both_ways_on_postgresql(
    postgres_url, tmp_path
):
    with postgres_database(postgres_url) as url:
        check_the_trip(app_on(url, tmp_path / "instance"))
