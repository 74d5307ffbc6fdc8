"""Backing up and restoring the SQLite database, safely while the server runs.

Both go through SQLite's online backup API (``sqlite3.Connection.backup``), never a file copy:

- ``backup_database`` copies the configured database page by page inside one read transaction,
  so the copy is the database as it stood at one moment, even while hands are being saved (in
  WAL mode a reader never stops a writer). The copy is written beside the target under a
  temporary name, checked (``PRAGMA integrity_check``), made a self-contained file (no WAL
  beside it) and only then renamed into place.
- ``check_backup`` says whether a file is a Scorekeeper database this code can use: SQLite's
  integrity check passes, it has Scorekeeper's tables, and its schema is at a revision the
  migrations know (a file from a newer Scorekeeper is refused).
- ``restore_database`` checks the file, keeps a backup of the database it replaces beside it,
  then writes the file's pages into the configured database in one write transaction: a
  request reading meanwhile sees the old database or the restored one, never half of each.

PostgreSQL has its own tools (``pg_dump``, ``pg_restore``); both functions refuse it and say so.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Collection
from contextlib import closing
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy.engine import make_url

from ..extensions import db

POSTGRES_ADVICE = (
    "The database is PostgreSQL: back it up and restore it with PostgreSQL's own tools, "
    "with the database URL (postgresql://..., without +psycopg):\n"
    '    pg_dump --format=custom --file=scorekeeper.dump "$DATABASE_URL"\n'
    '    pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" scorekeeper.dump'
)

FIRST_TABLES = frozenset(
    {
        "tables",
        "players",
        "sessions",
        "seats",
        "hands",
        "hand_melds",
        "hand_takes",
        "audit_entries",
    }
)
"""The tables every Scorekeeper database has had since its first revision."""


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class BackupInfo:
    """What a checked database file holds."""

    path: Path
    revision: str  # its schema's alembic revision
    head: str  # the newest revision this code knows
    sessions: int
    hands: int
    payments: int

    @property
    def current(self) -> bool:
        """True when the file's schema is the newest this code knows (no upgrade needed)."""
        return self.revision == self.head

    @property
    def summary(self) -> str:
        """``3 sessions, 41 hands, 2 payments``."""
        return (
            f"{_count(self.sessions, 'session')}, {_count(self.hands, 'hand')}, "
            f"{_count(self.payments, 'payment')}"
        )


@dataclass(frozen=True)
class Restored:
    """A restore done: what was restored, and where the replaced database was kept."""

    restored: BackupInfo
    replaced_copy: Path | None  # None: there was no database to replace


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def database_path() -> Path:
    """The configured SQLite database file; ``BackupError`` for PostgreSQL or memory."""
    url = make_url(db.engine.url)
    if url.get_backend_name() == "postgresql":
        raise BackupError(POSTGRES_ADVICE)
    if url.get_backend_name() != "sqlite":
        raise BackupError(f"Backups are for SQLite databases, not {url.get_backend_name()}.")
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise BackupError("The database is not an SQLite file, so there is nothing to back up.")
    return Path(url.database).resolve()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def _integrity(connection: sqlite3.Connection) -> list[str]:
    """SQLite's integrity check: an empty list when the file is sound, else its complaints."""
    rows = [row[0] for row in connection.execute("PRAGMA integrity_check")]
    return [] if rows == ["ok"] else rows


def _known_revisions() -> tuple[set[str], str]:
    """Every migration revision this code knows, and the newest (the head)."""
    migrate = current_app.extensions["migrate"]
    script = ScriptDirectory.from_config(migrate.migrate.get_config(migrate.directory))
    head = script.get_current_head()
    assert head is not None, "the migrations have a single head"
    return {rev.revision for rev in script.walk_revisions()}, head


def _tables_at(revision: str, head: str) -> Collection[str]:
    """The tables a database at ``revision`` must hold: all the models' at the head, the first
    revision's otherwise (later revisions' tables are added by the upgrade)."""
    if revision == head:
        return set(db.metadata.tables)
    return FIRST_TABLES


def _inspect(connection: sqlite3.Connection, path: Path) -> BackupInfo:
    """Check an open database file and say what it holds; ``BackupError`` if it is unusable."""
    try:
        problems = _integrity(connection)
        tables = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
    except sqlite3.DatabaseError as error:  # "file is not a database", say
        raise BackupError(f"{path} is not an SQLite database ({error}).") from error
    if problems:
        shown = "; ".join(problems[:5])
        raise BackupError(f"{path} is damaged: SQLite's integrity check says {shown}.")
    if "alembic_version" not in tables:
        raise BackupError(f"{path} is not a Scorekeeper database: it has no schema version.")
    versions = [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
    known, head = _known_revisions()
    if len(versions) != 1:
        raise BackupError(f"{path} has {len(versions)} schema versions; a Scorekeeper has one.")
    revision = versions[0]
    if revision not in known:
        raise BackupError(
            f"{path} is at schema version {revision}, which this Scorekeeper does not know: it "
            "was made by a newer (or a different) Scorekeeper. Restore it with that version."
        )
    missing = sorted(set(_tables_at(revision, head)) - tables)
    if missing:
        raise BackupError(
            f"{path} is not a whole Scorekeeper database: it has no {', '.join(missing)} table."
        )

    def count(table: str, where: str = "") -> int:
        if table not in tables:
            return 0
        return connection.execute(f'SELECT count(*) FROM "{table}" {where}').fetchone()[0]

    return BackupInfo(
        path,
        revision,
        head,
        count("sessions"),
        count("hands", "WHERE kind = 'hand'"),
        count("ledger_payments"),
    )


def check_backup(path: str | os.PathLike[str]) -> BackupInfo:
    """Whether ``path`` is a sound Scorekeeper database this code can restore, and what it holds."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{path} cannot be opened: {error}.") from error
    try:
        return _inspect(connection, path)
    finally:
        connection.close()


def backup_database(target: str | os.PathLike[str], *, overwrite: bool = False) -> BackupInfo:
    """Copy the configured database to ``target``, consistently, while the server may write;
    refused (nothing written) if the copy is not a sound Scorekeeper database."""
    source = database_path()
    target = Path(target)
    if not source.is_file():
        raise BackupError(f"There is no database at {source} yet, so there is nothing to back up.")
    if _same_file(source, target):
        raise BackupError(f"{target} is the database itself: choose another file for the backup.")
    if target.is_dir():
        raise BackupError(f"{target} is a folder: give the backup a file name.")
    if target.exists() and not overwrite:
        raise BackupError(f"{target} already exists: choose another name, or replace it (--force).")
    info = _copy(source, target, check=True)
    assert info is not None
    return info


def _copy(source: Path, target: Path, *, check: bool) -> BackupInfo | None:
    """Copy ``source`` to ``target`` with the backup API, as one self-contained file written
    under a temporary name and renamed into place; with ``check``, only if the copy is sound
    (what it holds is returned; a damaged copy is named after ``source``, as it stood)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    info = None
    try:
        with (
            closing(sqlite3.connect(source, timeout=30)) as live,
            closing(sqlite3.connect(partial)) as copy,
        ):
            live.backup(copy)  # every page in one step: one read transaction, one moment
            # A file on its own, readable without a -wal beside it.
            copy.execute("PRAGMA journal_mode=DELETE")
            if check:
                info = replace(_inspect(copy, source), path=target)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(
            f"Copying {source} failed: {error}. Nothing was written to {target}."
        ) from error
    finally:
        partial.unlink(missing_ok=True)
    return info


def restore_database(path: str | os.PathLike[str]) -> Restored:
    """Put the backup at ``path`` in place of the configured database, after checking it and
    keeping a backup of the database it replaces (``<database>.before-restore-<time>``)."""
    target = database_path()
    path = Path(path)
    if _same_file(target, path):
        raise BackupError(f"{path} is the database itself: there is nothing to restore.")
    check_backup(path)
    replaced: Path | None = None
    if target.is_file():
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        replaced = target.with_name(f"{target.name}.before-restore-{stamp}")
        # Kept as it is, damaged or not: restoring is how a damaged database is replaced.
        try:
            _copy(target, replaced, check=False)
        except BackupError as error:
            raise BackupError(
                f"{error} Nothing was restored: the database could not be kept before being "
                f"replaced. Stop the server, move {target} (and any -wal file beside it) "
                "somewhere safe by hand, then restore again."
            ) from error
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with (
            closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as source,
            closing(sqlite3.connect(target, timeout=30)) as live,
        ):
            # WAL as the app keeps it: readers go on reading the old pages meanwhile.
            live.execute("PRAGMA journal_mode=WAL")
            source.backup(live)  # one write transaction: all of it or none of it
    except sqlite3.Error as error:
        raise BackupError(f"The restore failed: {error}. The database was not changed.") from error
    with closing(sqlite3.connect(target, timeout=30)) as live:
        restored = _inspect(live, target)
    return Restored(restored, replaced)
