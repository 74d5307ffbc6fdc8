"""The SQL that SQLAlchemy compiles, compiled once per test process instead of once per app on
SQLite (the suite makes an app, so an engine, for nearly every test).

SQLAlchemy keeps each statement it compiles in a cache keyed by the statement's shape and by
the dialect object of the engine that ran it (``ClauseElement._compile_w_cache``): the engine
keeps the SELECTs in a cache of its own, each ORM mapper the INSERTs, UPDATEs and DELETEs it
flushes. Every app has an engine, and every engine a dialect object of its own, so each test
compiled again every statement it ran: a fifth of the CPU of a test that starts a session and
saves two hands through the pages (86 ms against 66 ms with the compiled SQL shared, measured
on the 2-core development machine).

Two SQLite dialects of the tests' engines differ in nothing a statement is compiled from: the
same class, driver module, parameter style and SQLite version, and no option of their own
(the apps' engines are made alike). ``install`` makes such dialects equal (their hash is
their class's) and gives every SQLite engine one cache of SELECTs (from its first
connection), so an engine finds what an earlier one compiled and runs that: the same SQL text
with the same parameter and result handling; each engine still runs it on its own
connections with its own dialect. A dialect that differs in any of those is never equal: it
compiles its own. PostgreSQL's dialects and engines are left as they are (few tests, and
more state).

Only for the SQLAlchemy minor version this was read against: another one compiles as it
always does (slower, never wrong).
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

READ_AGAINST = "2.1."

ALIKE = (
    "paramstyle",
    "positional",
    "server_version_info",
    "native_datetime",
    "label_length",
    "_json_serializer",
    "_json_deserializer",
    "_on_connect_isolation_level",
    "_user_defined_max_identifier_length",
)
"""What of a dialect compiling a statement may read, besides its class and driver module."""

SHARED_STATEMENTS = 5000
"""How many compiled statements the SQLite engines' one cache keeps (an engine's own keeps
500; the app has a few hundred)."""


def _alike(dialect: Any) -> tuple[Any, ...]:
    return (type(dialect), dialect.dbapi, *(getattr(dialect, name, None) for name in ALIKE))


def install() -> None:
    """Make the SQLite dialects of this process that compile alike equal to one another, and
    give the SQLite engines one cache of compiled statements."""
    if not version("sqlalchemy").startswith(READ_AGAINST):
        return
    from sqlalchemy import event
    from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.util import LRUCache

    if "__hash__" in vars(SQLiteDialect_pysqlite):
        return  # installed already
    shared: LRUCache[Any, Any] = LRUCache(SHARED_STATEMENTS)

    def __eq__(self: Any, other: object) -> bool:
        return self is other or (type(other) is type(self) and _alike(self) == _alike(other))

    def __hash__(self: Any) -> int:
        return hash(type(self))

    def share(connection: Connection) -> None:
        """Before an engine's first statement: its cache is the shared one."""
        engine = connection.engine
        if type(engine.dialect) is SQLiteDialect_pysqlite and engine._compiled_cache is not None:
            engine._compiled_cache = shared

    SQLiteDialect_pysqlite.__eq__ = __eq__  # type: ignore[method-assign, assignment]
    SQLiteDialect_pysqlite.__hash__ = __hash__  # type: ignore[method-assign, assignment]
    event.listen(Engine, "engine_connect", share)
