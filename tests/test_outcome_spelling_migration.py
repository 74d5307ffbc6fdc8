"""The migration that spells outcomes in kebab-case (9763156c9c2d): upgraded, a hand stored as
``opponents_conceded`` or ``all_pass`` reads ``opponents-conceded`` or ``all-pass``, in
``hands.outcome`` and in the entries the audit trail keeps, every other outcome as it was;
downgraded, both are spelled as before. After the upgrade the schema is the models' exactly,
on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import flask_migrate
import pytest
import sqlalchemy as sa
from hostedhelpers import postgres_database
from sqlalchemy import text
from webhelpers import app_at, upgrade_to_the_models

from scorekeeper.extensions import db

BEFORE = "b6d4f2a9c815"
AT_NINE = datetime(2026, 11, 24, 21, 0, 0)
OUTCOMES = ["opponents_conceded", "all_pass", "made", None]  # hands 1 to 4, in this order
AUDIT = sa.table(
    "audit_entries",
    sa.column("session_id", sa.Integer),
    sa.column("action", sa.String),
    sa.column("summary", sa.Text),
    sa.column("before", sa.JSON),
    sa.column("after", sa.JSON),
    sa.column("at", sa.DateTime),
)
# (before, after) of each audit entry: hand 2 added as all_pass, hand 1 corrected from
# opponents_conceded to made, hand 4 deleted (its entry without an outcome).
ENTRIES = [
    (None, {"outcome": "all_pass", "bid": None}),
    ({"outcome": "opponents_conceded", "bid": 300}, {"outcome": "made", "bid": 300}),
    ({"outcome": None, "bid": 350}, None),
]


def stored() -> tuple[list, list]:
    """Each hand's outcome and each audit entry's (before, after) outcomes, in order."""
    hands = db.session.execute(text("SELECT outcome FROM hands ORDER BY seq")).scalars().all()
    audit = db.session.execute(
        sa.select(AUDIT.c.before, AUDIT.c.after).order_by(AUDIT.c.summary)
    ).all()
    outcomes = [
        tuple(None if entry is None else entry["outcome"] for entry in row) for row in audit
    ]
    return list(hands), outcomes


def check_the_trip(app) -> None:
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        for statement in (
            "INSERT INTO tables (name, token, created_at) VALUES ('Club', 'c1', :a)",
            "INSERT INTO players (table_id, name, name_key, created_at) "
            "VALUES (1, 'Ann', 'ann', :a)",
            "INSERT INTO sessions (table_id, system, options, first_dealer_id, token, version, "
            "created_at, updated_at) VALUES (1, 'hoyle', '{}', 1, 's1', 1, :a, :a)",
        ):
            db.session.execute(text(statement), {"a": AT_NINE})
        for seq, outcome in enumerate(OUTCOMES, start=1):
            db.session.execute(
                text(
                    "INSERT INTO hands (session_id, seq, kind, outcome, takeover, version, "
                    "created_at, updated_at) VALUES (1, :s, 'hand', :o, false, 1, :a, :a)"
                ),
                {"s": seq, "o": outcome, "a": AT_NINE},
            )
        for n, (before, after) in enumerate(ENTRIES, start=1):
            db.session.execute(
                AUDIT.insert().values(
                    session_id=1, action="edited", summary=f"entry {n}", before=before,
                    after=after, at=AT_NINE,
                )
            )  # fmt: skip
        db.session.commit()

        upgrade_to_the_models()
        upgraded = stored()
        db.session.remove()
        flask_migrate.downgrade(revision=BEFORE)
        db.session.remove()
        downgraded = stored()
        db.session.remove()
        db.engine.dispose()

    assert upgraded == (
        ["opponents-conceded", "all-pass", "made", None],
        [(None, "all-pass"), ("opponents-conceded", "made"), (None, None)],
    )
    assert downgraded == (
        OUTCOMES,
        [(None, "all_pass"), ("opponents_conceded", "made"), (None, None)],
    )


def test_outcomes_are_respelled_with_hyphens_and_back_on_sqlite(tmp_path):
    check_the_trip(app_at(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_outcomes_are_respelled_with_hyphens_and_back_on_postgresql(postgres_url, tmp_path):
    with postgres_database(postgres_url) as url:
        check_the_trip(app_at(url, tmp_path / "instance"))
