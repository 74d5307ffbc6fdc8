"""The migration that adds saved rules (e41b7c9d2f08): upgraded, every session played so far
was started from a preset (``rules_name`` empty) and keeps its options, and a table may save
rules, one per name whatever its case; downgraded, the saved rules are gone and the sessions
keep every option they were played under. After the upgrade the schema is the models'
exactly, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime

import flask_migrate
import pytest
from hostedhelpers import postgres_database
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from webhelpers import app_at, upgrade_to_the_models

from scorekeeper.extensions import db

BEFORE = "a3f9c41e7b20"
AT_NINE = datetime(2026, 11, 24, 21, 0, 0)
SAVE = (
    "INSERT INTO saved_rules (table_id, name, name_key, system, options, created_at, "
    "updated_at) VALUES (1, :name, :key, 'brooklyn', '{\"stake\": 25}', :a, :a)"
)


def columns(table: str) -> list[str]:
    return [column["name"] for column in inspect(db.engine).get_columns(table)]


def check_the_trip(app) -> None:
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        db.session.execute(
            text("INSERT INTO tables (name, token, created_at) VALUES ('Club', 'c1', :a)"),
            {"a": AT_NINE},
        )
        db.session.execute(
            text("INSERT INTO players (table_id, name, created_at) VALUES (1, 'Ann', :a)"),
            {"a": AT_NINE},
        )
        db.session.execute(
            text(
                "INSERT INTO sessions (table_id, system, options, first_dealer_id, token, "
                "version, created_at, updated_at) VALUES (1, 'hoyle', '{\"stake\": 20}', 1, "
                "'s1', 1, :a, :a)"
            ),
            {"a": AT_NINE},
        )
        db.session.commit()

        upgrade_to_the_models()
        upgraded = db.session.execute(text("SELECT system, rules_name FROM sessions")).all()
        db.session.execute(
            text(SAVE), {"name": "Friday rules", "key": "friday rules", "a": AT_NINE}
        )
        db.session.commit()
        with pytest.raises(IntegrityError):  # the same name again, as compared: refused
            db.session.execute(
                text(SAVE), {"name": "FRIDAY rules", "key": "friday rules", "a": AT_NINE}
            )
            db.session.commit()
        db.session.rollback()
        db.session.execute(text("UPDATE sessions SET rules_name = 'Friday rules'"))
        db.session.commit()

        flask_migrate.downgrade(revision=BEFORE)
        db.session.remove()
        assert "saved_rules" not in inspect(db.engine).get_table_names()
        assert "rules_name" not in columns("sessions")
        downgraded = db.session.execute(text("SELECT system, options FROM sessions")).all()
        db.session.remove()
        db.engine.dispose()

    assert [tuple(row) for row in upgraded] == [("hoyle", None)]
    system, options = downgraded[0]
    stored = options if isinstance(options, dict) else json.loads(options)  # text on SQLite
    assert (system, stored) == ("hoyle", {"stake": 20})


def test_sessions_keep_their_options_and_saved_rules_come_and_go_on_sqlite(tmp_path):
    check_the_trip(app_at(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_sessions_keep_their_options_and_saved_rules_come_and_go_on_postgresql(
    postgres_url, tmp_path
):
    with postgres_database(postgres_url) as url:
        check_the_trip(app_at(url, tmp_path / "instance"))
