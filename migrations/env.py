"""Alembic environment for Flask-Migrate (from its template, adjusted for Scorekeeper).

Changes from the template:
- logging from alembic.ini no longer silences loggers that already exist (the app's, pytest's);
- SQLite always uses batch mode ("move and copy"), since it cannot ALTER most things in place;
- on SQLite, foreign keys are switched off while migrating and back on afterwards: batch mode
  drops and recreates tables, and with foreign keys on, dropping a table would cascade to the
  rows that refer to it (the switch is checked: a migration never runs with them on).
The metadata, and with it the constraint naming convention, comes from ``scorekeeper.extensions``.
"""

import logging
from logging.config import fileConfig

from alembic import context
from flask import current_app

# The Alembic Config object: access to the values in alembic.ini.
config = context.config

# Set up loggers from alembic.ini, leaving the ones that already exist working.
fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")


def get_engine():
    return current_app.extensions["migrate"].db.engine


def get_engine_url():
    return get_engine().url.render_as_string(hide_password=False).replace("%", "%%")


config.set_main_option("sqlalchemy.url", get_engine_url())
target_db = current_app.extensions["migrate"].db


def get_metadata():
    return target_db.metadata


def run_migrations_offline():
    """Run migrations in 'offline' mode: emit SQL for a URL, with no Engine or DBAPI needed."""
    url = config.get_main_option("sqlalchemy.url")
    context.configure(
        url=url,
        target_metadata=get_metadata(),
        literal_binds=True,
        render_as_batch=url.startswith("sqlite"),
    )

    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online():
    """Run migrations in 'online' mode, on a connection from the app's engine."""

    # Prevent an empty revision from being generated when autogenerate finds no changes.
    # Reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, "autogenerate", False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info("No changes in schema detected.")

    conf_args = dict(current_app.extensions["migrate"].configure_args)
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    with get_engine().connect() as connection:
        is_sqlite = connection.dialect.name == "sqlite"
        conf_args.setdefault("render_as_batch", is_sqlite)
        if is_sqlite:
            sqlite_foreign_keys(connection, "OFF")
        try:
            context.configure(connection=connection, target_metadata=get_metadata(), **conf_args)
            with context.begin_transaction():
                context.run_migrations()
        finally:
            if is_sqlite:
                # The connection goes back to the pool: restore what set_sqlite_pragmas set.
                connection.rollback()
                sqlite_foreign_keys(connection, "ON")


def sqlite_foreign_keys(connection, state):
    """Switch SQLite's foreign keys ON or OFF on this connection.

    The pragma only takes effect outside a transaction, and every SQLAlchemy statement now
    starts one (the app's "begin" listener emits BEGIN), so it goes straight to the driver's
    connection, which runs it as it is (isolation_level None: no BEGIN of its own).
    """
    driver = connection.connection.driver_connection
    driver.execute(f"PRAGMA foreign_keys={state}")
    (enabled,) = driver.execute("PRAGMA foreign_keys").fetchone()
    if enabled != (state == "ON"):
        raise RuntimeError(f"could not switch SQLite's foreign keys {state} for the migration")


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
