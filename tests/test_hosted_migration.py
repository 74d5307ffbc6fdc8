"""The hosted-mode migration (link digests, PIN digest, generation; wrong PIN tries) goes
down and up again on a populated database, on SQLite and PostgreSQL, keeping every hand."""

from __future__ import annotations

import flask_migrate
import pytest
from alembic.script import ScriptDirectory
from hostedhelpers import start_table
from hostedserver import postgres_database
from sqlalchemy import inspect, text
from webhelpers import app_at, new_session, save_hand

from scorekeeper.extensions import db

HOSTED_REVISION = "c8071e449e1d"
BEFORE = "fd5998a5ce1f"
FOUR = ["Ann", "Bob", "Cal", "Dee"]


def counts(app) -> dict[str, int]:
    with app.app_context():
        return {
            name: db.session.execute(text(f'SELECT COUNT(*) FROM "{name}"')).scalar_one()
            for name in ("tables", "players", "sessions", "hands", "hand_melds", "seats")
        }


def columns(app, table: str) -> set[str]:
    with app.app_context():
        return {c["name"] for c in inspect(db.engine).get_columns(table)}


def down_and_up(app) -> None:
    client = app.test_client()
    started = start_table(client)
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="S", outcome="made")
    save_hand(client, sid, declarer="Cal", bid=300, trump="H", outcome="set")
    client.post(f"/join/{started.member_token}", data={"pin": "x"})  # a try to drop with it
    kept = counts(app)

    with app.app_context():
        flask_migrate.downgrade(revision=BEFORE)
        assert "pin_attempts" not in inspect(db.engine).get_table_names()
        db.engine.dispose()
    assert "generation" not in columns(app, "tables")
    assert counts(app) == kept

    with app.app_context():
        flask_migrate.upgrade()
        db.engine.dispose()
    assert {"member_token_hash", "watch_token_hash", "pin_hash", "generation"} <= columns(
        app, "tables"
    )
    assert counts(app) == kept
    with app.app_context():
        generations = db.session.execute(text("SELECT generation FROM tables")).scalars().all()
        assert generations == [1]  # the server default fills the rows that were there
        db.engine.dispose()


def hosted(uri: str, instance) -> object:
    app = app_at(uri, instance, HOSTED=True)
    with app.app_context():
        flask_migrate.upgrade()
        migrate = app.extensions["migrate"]
        script = ScriptDirectory.from_config(migrate.migrate.get_config(migrate.directory))
        head = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        db.session.remove()
        # at the head, which is the hosted revision or one made after it
        assert HOSTED_REVISION in {rev.revision for rev in script.iterate_revisions(head, "base")}
    return app


def test_the_hosted_migration_goes_down_and_up_on_sqlite_keeping_every_hand(tmp_path):
    down_and_up(hosted(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "instance"))


@pytest.mark.postgres
def test_the_hosted_migration_goes_down_and_up_on_postgresql_keeping_every_hand(
    postgres_url, tmp_path
):
    with postgres_database(postgres_url) as url:
        app = hosted(url, tmp_path)
        down_and_up(app)
        with app.app_context():
            db.engine.dispose()
