"""The application factory: configuration layers, the database URL, SQLite settings, /healthz."""

from pathlib import Path

import pytest
from sqlalchemy import text

from scorekeeper import create_app, normalise_database_url
from scorekeeper.extensions import db


@pytest.fixture
def clean_env(monkeypatch):
    """No DATABASE_URL or SCOREKEEPER_* variables from the machine running the tests."""
    import os

    for name in list(os.environ):
        if name == "DATABASE_URL" or name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    return monkeypatch


def test_defaults_put_sqlite_and_a_secret_key_in_the_instance_folder(tmp_path, clean_env):
    instance = tmp_path / "instance"

    app = create_app(instance_path=instance)

    assert instance.is_dir()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{instance}/scorekeeper.sqlite3"
    assert len(app.config["SECRET_KEY"]) == 64
    assert (instance / "secret_key").read_text().strip() == app.config["SECRET_KEY"]


def test_the_secret_key_survives_a_restart(tmp_path, clean_env):
    first = create_app(instance_path=tmp_path)
    second = create_app(instance_path=tmp_path)

    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_a_configured_secret_key_is_used_and_nothing_is_written(tmp_path, clean_env):
    app = create_app({"SECRET_KEY": "from the test"}, instance_path=tmp_path)

    assert app.config["SECRET_KEY"] == "from the test"
    assert not (tmp_path / "secret_key").exists()


def test_instance_config_overrides_defaults_and_env_overrides_instance_config(
    tmp_path: Path, clean_env
):
    (tmp_path / "config.py").write_text(
        "SECRET_KEY = 'from config.py'\nTABLE_NAME = 'Thursday'\nSEATS = 4\n"
    )
    clean_env.setenv("SCOREKEEPER_TABLE_NAME", "Friday")
    clean_env.setenv("SCOREKEEPER_SEATS", "5")

    app = create_app(instance_path=tmp_path)

    assert app.config["SECRET_KEY"] == "from config.py"
    assert app.config["TABLE_NAME"] == "Friday"
    assert app.config["SEATS"] == 5  # prefixed variables are parsed as JSON where they can be


def test_test_config_overrides_everything(tmp_path, clean_env):
    (tmp_path / "config.py").write_text("TABLE_NAME = 'Thursday'\n")
    clean_env.setenv("SCOREKEEPER_TABLE_NAME", "Friday")

    app = create_app({"TABLE_NAME": "Saturday"}, instance_path=tmp_path)

    assert app.config["TABLE_NAME"] == "Saturday"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@db:5432/sk", "postgresql+psycopg://u:p@db:5432/sk"),
        ("postgresql://u:p@db/sk", "postgresql+psycopg://u:p@db/sk"),
        ("postgresql+psycopg://u@db/sk", "postgresql+psycopg://u@db/sk"),
        ("sqlite:////srv/sk.sqlite3", "sqlite:////srv/sk.sqlite3"),
    ],
)
def test_database_urls_are_pointed_at_psycopg(url, expected):
    assert normalise_database_url(url) == expected


def test_database_url_from_the_environment_replaces_the_sqlite_default(tmp_path, clean_env):
    clean_env.setenv("DATABASE_URL", "postgres://scorer:secret@db.example:5432/scorekeeper")

    app = create_app(instance_path=tmp_path)

    assert (
        app.config["SQLALCHEMY_DATABASE_URI"]
        == "postgresql+psycopg://scorer:secret@db.example:5432/scorekeeper"
    )


def test_instance_config_overrides_database_url(tmp_path, clean_env):
    clean_env.setenv("DATABASE_URL", "postgres://scorer@db.example/scorekeeper")
    (tmp_path / "config.py").write_text("SQLALCHEMY_DATABASE_URI = 'sqlite:///:memory:'\n")

    app = create_app(instance_path=tmp_path)

    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///:memory:"


def test_healthz_says_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.text == "ok"
    assert response.mimetype == "text/plain"


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(app):
    with app.app_context():
        pragma = {
            name: db.session.execute(text(f"PRAGMA {name}")).scalar()
            for name in ("journal_mode", "foreign_keys", "busy_timeout")
        }

    assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000}


def test_migrations_run_on_sqlite_in_batch_mode(app):
    assert app.extensions["migrate"].configure_args["render_as_batch"] is True


def test_models_share_metadata_with_a_constraint_naming_convention():
    assert set(db.metadata.naming_convention) >= {"ix", "uq", "ck", "fk", "pk"}


def test_templates_come_from_the_top_level_folder(app):
    assert Path(app.template_folder).parent == Path(app.root_path).parent
    assert Path(app.template_folder).name == "templates"


@pytest.mark.parametrize("asset", ["app.css", "app.js", "save.js", "table.js"])
def test_stylesheets_and_scripts_are_sent_compressed_to_a_browser_that_asks(client, asset):
    plain = client.get(f"/static/{asset}")
    packed = client.get(f"/static/{asset}", headers={"Accept-Encoding": "br, gzip"})

    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] in ("br", "gzip")
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.get_data()) < len(plain.get_data())


def test_pages_and_api_answers_are_not_compressed_as_a_page_carries_a_security_token(client):
    headers = {"Accept-Encoding": "br, gzip"}
    for url in ("/", "/sessions/new", "/api/v1/presets"):
        assert client.get(url, headers=headers).headers.get("Content-Encoding") is None, url


def _synchronous(app) -> int:
    with app.app_context():
        return db.session.execute(text("PRAGMA synchronous")).scalar_one()


def test_sqlite_waits_for_each_commit_to_reach_the_disk_unless_told_otherwise(tmp_path, clean_env):
    # PRAGMA synchronous: 2 is FULL (a hand saved survives the laptop losing power), 0 is OFF
    assert _synchronous(create_app(instance_path=tmp_path / "full")) == 2
    clean_env.setenv("SCOREKEEPER_SQLITE_SYNCHRONOUS", "off")
    assert _synchronous(create_app(instance_path=tmp_path / "off")) == 0


def test_an_unknown_sqlite_synchronous_stops_the_app_with_the_values_it_takes(tmp_path, clean_env):
    clean_env.setenv("SCOREKEEPER_SQLITE_SYNCHRONOUS", "sometimes")
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS is one of FULL, NORMAL, OFF"):
        create_app(instance_path=tmp_path / "instance")
