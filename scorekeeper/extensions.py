"""Flask extensions, each created exactly once and bound to the app in ``create_app``.

Models import ``db`` from here; nothing here imports the app, so there are no import cycles.
"""

from typing import TYPE_CHECKING, Any

from flask import current_app, has_request_context, request
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Every constraint and index gets a predictable name, so migrations can drop or alter it later
# (SQLite's batch mode and PostgreSQL both need the name).
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Base class of every model: ``class Player(Model)`` inherits this metadata."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)

if TYPE_CHECKING:
    import flask_sqlalchemy.model

    class Model(Base, flask_sqlalchemy.model.Model):
        """What mypy sees of ``db.Model``: ``Base`` with Flask-SQLAlchemy's model mixin.

        mypy cannot take an attribute (``db.Model``) as a base class, so models subclass this
        name; at run time it is ``db.Model`` itself.
        """

        __abstract__ = True

else:
    Model = db.Model
migrate = Migrate()
csrf = CSRFProtect()
compress = Compress()

COMPRESSED_TYPES = [
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
    "application/manifest+json",
]
"""What is sent compressed (brotli, else gzip): the stylesheets, scripts, icons and manifest a
phone loads over the table's Wi-Fi. Pages and API answers are not: a page carries the form's
security token beside what was typed, which compression could leak over HTTPS (BREACH)."""


WRITING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Request methods that may change data: committed if they succeed, and on SQLite their
transaction takes the write lock from its first statement."""


def set_sqlite_pragmas(
    dbapi_connection: Any, connection_record: Any, synchronous: str = "FULL"
) -> None:
    """Configure each new SQLite connection (an SQLAlchemy ``connect`` event listener).

    WAL lets readers carry on while a hand is being saved, foreign keys are off in SQLite
    unless asked for, and the busy timeout makes a second writer wait instead of failing;
    ``synchronous`` is the ``SQLITE_SYNCHRONOUS`` setting (``settings.SYNCHRONOUS``).
    The driver is told to issue no BEGIN of its own: ``begin_sqlite_transaction`` does.
    """
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute(f"PRAGMA synchronous={synchronous}")  # one of settings.SYNCHRONOUS
    finally:
        cursor.close()


def sqlite_begin_statement() -> str:
    """``BEGIN IMMEDIATE`` for a request that may write (and for work outside a request: the
    command line, benchmarks), plain ``BEGIN`` (deferred) for a read: a GET, or a view marked
    ``access.reads_only`` (a calculator taking a POST body)."""
    if not has_request_context():
        return "BEGIN IMMEDIATE"
    if request.method not in WRITING_METHODS:
        return "BEGIN"
    view = current_app.view_functions.get(request.endpoint or "")
    return "BEGIN" if getattr(view, "reads_only", False) else "BEGIN IMMEDIATE"


def begin_sqlite_transaction(connection: Any) -> None:
    """Start every SQLite transaction ourselves (an SQLAlchemy ``begin`` event listener).

    SQLAlchemy's recipe for the sqlite3 driver (its "Enabling Non-Legacy SQLite Transactional
    Modes"): left to itself the driver begins a transaction only at the first INSERT, UPDATE
    or DELETE, so a save reads under a shared lock and then asks to write. Two saves doing
    that at once deadlock: each holds what the other waits for, and one fails with "database
    is locked" without waiting out the busy timeout. ``BEGIN IMMEDIATE`` takes the write lock
    first, so a second writer waits its turn (up to the busy timeout) at its BEGIN instead.
    Reads keep a deferred ``BEGIN``: in WAL mode they never wait for a writer.
    """
    connection.exec_driver_sql(sqlite_begin_statement())
