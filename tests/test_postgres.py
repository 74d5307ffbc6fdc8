"""The app runs on PostgreSQL as well as SQLite."""

import flask_migrate
import pytest
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.extensions import db

pytestmark = pytest.mark.postgres


def test_the_app_migrates_and_queries_postgresql(postgres_url, tmp_path):
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": postgres_url},
        instance_path=tmp_path,
    )

    with app.app_context():
        flask_migrate.upgrade()
        assert db.session.execute(text("SELECT 1")).scalar() == 1
        assert db.engine.dialect.name == "postgresql"
        assert db.engine.dialect.driver == "psycopg"
        db.engine.dispose()

    assert app.extensions["migrate"].configure_args["render_as_batch"] is False
