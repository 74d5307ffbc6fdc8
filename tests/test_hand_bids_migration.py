"""The migration that adds each player's own bid (7c2d5e8a1f36, RULES 6.6): upgraded, every
hand played so far keeps its winning bid and has no own bid, and a hand takes one own bid per
player; downgraded, the own bids are gone and the hands keep their winning bids. After the
upgrade the schema is the models' exactly, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime

import flask_migrate
import pytest
from hostedhelpers import postgres_database
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from webhelpers import app_at, upgrade_to_the_models

from scorekeeper.extensions import db

BEFORE = "e41b7c9d2f08"
AT_NINE = datetime(2026, 11, 24, 21, 0, 0)
BID = "INSERT INTO hand_bids (hand_id, player_id, bid) VALUES (1, 1, :bid)"


def check_the_trip(app) -> None:
    with app.app_context():
        flask_migrate.upgrade(revision=BEFORE)
        for statement in (
            "INSERT INTO tables (name, token, created_at) VALUES ('Club', 'c1', :a)",
            "INSERT INTO players (table_id, name, created_at) VALUES (1, 'Ann', :a)",
            "INSERT INTO sessions (table_id, system, options, first_dealer_id, token, version, "
            "created_at, updated_at) VALUES (1, 'double-deck', '{}', 1, 's1', 1, :a, :a)",
            "INSERT INTO hands (session_id, seq, kind, declarer_id, bid, trump, takeover, "
            "version, created_at, updated_at) VALUES (1, 1, 'hand', 1, 500, 'S', false, 1, "
            ":a, :a)",
        ):
            db.session.execute(text(statement), {"a": AT_NINE})
        db.session.commit()

        upgrade_to_the_models()
        upgraded = db.session.execute(text("SELECT COUNT(*) FROM hand_bids")).scalar()
        db.session.execute(text(BID), {"bid": 400})
        db.session.commit()
        with pytest.raises(IntegrityError):  # one own bid per hand and player
            db.session.execute(text(BID), {"bid": 250})
            db.session.commit()
        db.session.rollback()

        flask_migrate.downgrade(revision=BEFORE)
        db.session.remove()
        assert "hand_bids" not in inspect(db.engine).get_table_names()
        kept = db.session.execute(text("SELECT bid FROM hands")).scalar()
        db.session.remove()
        db.engine.dispose()

    assert (upgraded, kept) == (0, 500)


def test_hands_keep_their_bid_and_own_bids_come_and_go_on_sqlite(tmp_path):
    check_the_trip(app_at(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_hands_keep_their_bid_and_own_bids_come_and_go_on_postgresql(postgres_url, tmp_path):
    with postgres_database(postgres_url) as url:
        check_the_trip(app_at(url, tmp_path / "instance"))
