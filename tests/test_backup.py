"""``backup FILE`` and ``restore FILE``: SQLite's online backup, taken while hands are being
saved, checked before it is restored, and restored whole or not at all.

The table is Ann, Bob, Cal and Dee at Brooklyn (preset: 10c a unit), Ann deals first. Every
hand saved here is a bid of 300 in hearts made by the first bidder: 1 chip from each of the
three others, so after n hands the standings add up to 0 and the bidders hold 3 units a hand.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import flask_migrate
import pytest
from sqlalchemy import select
from webhelpers import app_at, database_dump, dispose, migrated_app, sqlite_file, sqlite_url

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.services import hands, replays, sessions, unit_of_work
from scorekeeper.services.backup import FIRST_TABLES, BackupError, backup_database, check_backup
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.tables import default_table

FOUR = ["Ann", "Bob", "Cal", "Dee"]


def start_session(app) -> int:
    with app.app_context(), unit_of_work.unit_of_work():
        return sessions.create_session(default_table(), {"system": "brooklyn"}, FOUR, 0).id


def save_a_hand(session_id: int) -> int:
    """In the caller's app context: the first bidder makes 300 in hearts; committed. Its id."""
    with unit_of_work.unit_of_work():
        loaded = sessions.load_session(session_id, default_table())
        bidder = loaded.state.next_hand.first_bidder
        entry = HandEntry(outcome="made", declarer=bidder.id, bid=300, trump="H")
        return hands.save_hand(loaded, entry).row.id


def hand_ids(database: Path) -> list[int]:
    """The ids of the hands stored in a database file, in the order they were played."""
    with sqlite3.connect(database) as connection:
        return [row[0] for row in connection.execute("SELECT id FROM hands ORDER BY seq")]


def standings_of(app, session_id: int) -> dict[str, int]:
    """The standings replayed afresh from the database: name -> units."""
    with app.app_context():
        replays.forget()
        db.session.remove()
        loaded = sessions.load_session(session_id, default_table())
        return {str(holder): units for holder, units in loaded.state.balances}


def backup(app, target: Path, *more: str):
    return app.test_cli_runner().invoke(args=["backup", str(target), *more])


def restore(app, source: Path):
    return app.test_cli_runner().invoke(args=["restore", str(source)])


@pytest.fixture
def database(tmp_path) -> Path:
    return tmp_path / "scorekeeper.sqlite3"


def test_a_backup_taken_while_hands_are_saved_holds_every_hand_committed_before_it(
    app, database, tmp_path
):
    sid = start_session(app)
    committed: list[int] = []
    stop = threading.Event()
    failures: list[BaseException] = []

    def keep_saving() -> None:
        with app.app_context():
            try:
                while not stop.is_set():
                    committed.append(save_a_hand(sid))  # appended once committed
            except BaseException as error:  # the test fails on it below
                failures.append(error)

    writer = threading.Thread(target=keep_saving, name="saving-hands")
    writer.start()
    try:
        while len(committed) < 10 and writer.is_alive():
            time.sleep(0.01)
        before = list(committed)
        result = backup(app, tmp_path / "copy.sqlite3")
        time.sleep(0.1)  # the writer goes on saving after the backup
    finally:
        stop.set()
        writer.join(timeout=30)

    assert not failures, failures
    assert result.exit_code == 0, result.output
    copy = tmp_path / "copy.sqlite3"
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        # a file on its own: no -wal needed beside it
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    copied = hand_ids(copy)
    # Every hand committed before the backup started is in it; what it holds is the hands
    # as they stood at one moment: the first ones saved, in order, none missing between.
    assert copied[: len(before)] == before
    assert copied == committed[: len(copied)]
    assert len(committed) > len(before)  # the writer was still saving when the backup ran
    assert f"{len(copied)} hands" in result.output
    # The copy is a working database: its session replays. Hand k is bid by Bob, Cal, Dee,
    # Ann in turn (Ann deals first); a player who bid w of the n hands won 3 units in each and
    # paid 1 in each of the others: 3w - (n - w).
    n = len(copied)
    bids = {name: len(range(turn, n, 4)) for turn, name in enumerate(["Bob", "Cal", "Dee", "Ann"])}
    copy_app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}"},
        instance_path=tmp_path / "copy-instance",
    )
    try:
        assert standings_of(copy_app, sid) == {name: 4 * w - n for name, w in bids.items()}
    finally:
        dispose(copy_app)


def test_restore_brings_back_every_hand_as_it_was_backed_up(app, database, tmp_path):
    sid = start_session(app)
    with app.app_context():
        saved = [save_a_hand(sid) for _ in range(5)]
    at_backup = database_dump(app)
    # Five hands: Ann deals first, so Bob bids first in hand 1, then Cal, Dee, Ann, Bob;
    # each wins 1 unit from each of the three others: Bob 2 x 3 - 3 = 3, Cal and Dee
    # 3 - 4 = -1, Ann 3 - 4 = -1.
    assert standings_of(app, sid) == {"Ann": -1, "Bob": 3, "Cal": -1, "Dee": -1}
    assert backup(app, tmp_path / "copy.sqlite3").exit_code == 0

    # After the backup: two more hands, the first hand deleted.
    with app.app_context():
        save_a_hand(sid)
        save_a_hand(sid)
        with unit_of_work.unit_of_work():
            hands.delete_hand(sessions.load_session(sid, default_table()), 1)
    assert hand_ids(database) != saved

    result = restore(app, tmp_path / "copy.sqlite3")

    assert result.exit_code == 0, result.output
    assert "Restored 1 session, 5 hands, 0 payments" in result.output
    assert database_dump(app) == at_backup
    assert hand_ids(database) == saved
    assert standings_of(app, sid) == {"Ann": -1, "Bob": 3, "Cal": -1, "Dee": -1}
    # The database it replaced is kept beside it, with its six hands.
    kept = list(tmp_path.glob("scorekeeper.sqlite3.before-restore-*"))
    assert len(kept) == 1
    assert str(kept[0]) in result.output
    assert len(hand_ids(kept[0])) == 6
    with sqlite3.connect(database) as connection:  # still as the app keeps it
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_reader_sees_the_old_database_or_the_restored_one_never_half(app, database, tmp_path):
    sid = start_session(app)
    with app.app_context():
        for _ in range(3):
            save_a_hand(sid)
    assert backup(app, tmp_path / "three.sqlite3").exit_code == 0
    with app.app_context():
        for _ in range(4):
            save_a_hand(sid)

    reader = sqlite3.connect(database, isolation_level=None)
    try:
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM hands").fetchone() == (7,)
        result = restore(app, tmp_path / "three.sqlite3")
        assert result.exit_code == 0, result.output
        # Its transaction began before the restore: it goes on reading the old database whole.
        assert reader.execute("SELECT count(*) FROM hands").fetchone() == (7,)
        assert reader.execute("SELECT max(seq) FROM hands").fetchone() == (7,)
        reader.execute("COMMIT")
        assert reader.execute("SELECT count(*) FROM hands").fetchone() == (3,)
    finally:
        reader.close()


def test_an_older_backup_is_restored_and_brought_up_to_date(tmp_path):
    old_root, new_root = tmp_path / "old", tmp_path / "new"
    old_root.mkdir()
    new_root.mkdir()
    old = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{old_root / 'scorekeeper.sqlite3'}",
        },
        instance_path=old_root / "instance",
    )
    with old.app_context():
        flask_migrate.upgrade()
    sid = start_session(old)
    with old.app_context():
        for _ in range(2):
            save_a_hand(sid)
        # back to the first revision (no ledger, no hosted tables), every hand kept: the
        # code of today cannot write to an old schema, but the migrations take data down
        flask_migrate.downgrade(revision="825b2b3f6265")
    assert backup(old, tmp_path / "old.sqlite3").exit_code == 0
    with old.app_context():
        assert check_backup(tmp_path / "old.sqlite3").revision == "825b2b3f6265"
    dispose(old)

    new = migrated_app(new_root)
    try:
        result = restore(new, tmp_path / "old.sqlite3")
        assert result.exit_code == 0, result.output
        assert "up to date" in result.output
        with new.app_context():
            info = check_backup(new_root / "scorekeeper.sqlite3")
        assert info.current
        assert info.hands == 2
        # Two hands: Bob then Cal made 300, 1 unit from each of the other three.
        assert standings_of(new, sid) == {"Ann": -2, "Bob": 2, "Cal": 2, "Dee": -2}
        with new.app_context():
            assert len(db.session.scalars(select(Hand)).all()) == 2
    finally:
        dispose(new)


def _not_scorekeeper(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")


def _newer_scorekeeper(path: Path, backup_of: Path) -> None:
    path.write_bytes(backup_of.read_bytes())
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'abcdef123456'")


def _missing_a_table(path: Path, backup_of: Path) -> None:
    path.write_bytes(backup_of.read_bytes())
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE hand_takes")


def damage(path: Path) -> None:
    """Overwrite what the hands' index claims to index: the pages read, but do not agree."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA writable_schema=ON")
        connection.execute(
            "UPDATE sqlite_master SET sql = replace(sql, '(session_id)', '(seq)') "
            "WHERE name = 'ix_hands_session_id'"
        )


def _damaged(path: Path, backup_of: Path) -> None:
    path.write_bytes(backup_of.read_bytes())
    damage(path)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        ("garbage", "is not an SQLite database"),
        ("foreign", "is not a Scorekeeper database: it has no schema version"),
        ("newer", "which this Scorekeeper does not know"),
        ("missing", "has no hand_takes table"),
        ("damaged", "is damaged: SQLite's integrity check says"),
    ],
)
def test_restore_refuses_a_file_that_is_not_a_sound_scorekeeper_database(
    app, database, tmp_path, make, says
):
    sid = start_session(app)
    with app.app_context():
        for _ in range(3):
            save_a_hand(sid)
    good = tmp_path / "good.sqlite3"
    assert backup(app, good).exit_code == 0
    bad = tmp_path / "bad.sqlite3"
    if make == "garbage":
        bad.write_bytes(b"these are the scores on paper\n" * 200)
    elif make == "foreign":
        _not_scorekeeper(bad)
    elif make == "newer":
        _newer_scorekeeper(bad, good)
    elif make == "missing":
        _missing_a_table(bad, good)
    else:
        _damaged(bad, good)
    before = database_dump(app)

    result = restore(app, bad)

    assert result.exit_code == 1
    assert says in result.output
    assert database_dump(app) == before
    assert not list(tmp_path.glob("scorekeeper.sqlite3.before-restore-*"))


def test_a_damaged_database_is_not_backed_up_but_is_replaced_by_a_restore(app, database, tmp_path):
    sid = start_session(app)
    with app.app_context():
        saved = [save_a_hand(sid) for _ in range(3)]
    good = tmp_path / "good.sqlite3"
    assert backup(app, good).exit_code == 0
    with app.app_context():
        save_a_hand(sid)
    damage(database)

    refused = backup(app, tmp_path / "of-the-damage.sqlite3")
    restored = restore(app, good)

    assert refused.exit_code == 1
    assert f"{database} is damaged: SQLite's integrity check says" in refused.output
    assert not (tmp_path / "of-the-damage.sqlite3").exists()
    assert restored.exit_code == 0, restored.output
    assert hand_ids(database) == saved
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    # The damaged database is kept as it was, its fourth hand in it, should anyone need it.
    (kept,) = tmp_path.glob("scorekeeper.sqlite3.before-restore-*")
    assert len(hand_ids(kept)) == 4
    with sqlite3.connect(kept) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() != [("ok",)]


def test_backup_will_not_overwrite_a_file_or_the_database_itself(app, database, tmp_path):
    start_session(app)
    target = tmp_path / "copy.sqlite3"
    target.write_text("an older backup")

    refused = backup(app, target)
    assert refused.exit_code == 1
    assert "already exists" in refused.output and "--force" in refused.output
    assert target.read_text() == "an older backup"

    itself = backup(app, database)
    forced = backup(app, target, "--force")

    assert itself.exit_code == 1
    assert "is the database itself" in itself.output
    assert forced.exit_code == 0, forced.output
    with app.app_context():
        assert check_backup(target).sessions == 1


def test_backup_and_restore_point_postgresql_at_pg_dump_and_pg_restore(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://scorekeeper@db.invalid/scorekeeper",
        },
        instance_path=tmp_path / "instance",
    )
    (tmp_path / "copy.sqlite3").write_text("")

    backed_up = backup(app, tmp_path / "copy.sqlite3")
    restored = restore(app, tmp_path / "copy.sqlite3")

    for result in (backed_up, restored):
        assert result.exit_code == 1
        assert "PostgreSQL" in result.output
        assert "pg_dump --format=custom" in result.output
        assert "pg_restore --clean" in result.output


def test_the_help_says_to_stop_the_server_before_restoring(app):
    result = app.test_cli_runner().invoke(args=["restore", "--help"])

    assert "Stop the server before restoring" in result.output
    assert "before-restore" in result.output


def test_the_tables_every_backup_must_hold_are_the_first_migrations():
    first = Path(__file__).resolve().parents[1] / "migrations" / "versions"
    source = next(first.glob("*_825b2b3f6265_*.py")).read_text()
    assert {t for t in FIRST_TABLES if f"op.create_table('{t}'" in source} == FIRST_TABLES


# -- what a backup or a restore refuses, and why ---------------------------------------------


@pytest.fixture
def no_database_yet(tmp_path):
    """The app on an SQLite file that does not exist yet (a machine set up afresh)."""
    root = tmp_path / "fresh"
    root.mkdir()
    fresh = app_at(sqlite_url(root), root / "instance")
    yield fresh
    dispose(fresh)


def test_restoring_where_there_is_no_database_yet_keeps_nothing_and_restores_it(
    app, tmp_path, no_database_yet
):
    sid = start_session(app)
    with app.app_context():
        saved = [save_a_hand(sid) for _ in range(2)]
    assert backup(app, tmp_path / "copy.sqlite3").exit_code == 0

    result = restore(no_database_yet, tmp_path / "copy.sqlite3")

    assert result.exit_code == 0, result.output
    assert "kept as" not in result.output  # there was no database to keep
    assert "Restored 1 session, 2 hands, 0 payments" in result.output
    assert hand_ids(sqlite_file(tmp_path / "fresh")) == saved
    assert not list((tmp_path / "fresh").glob("*.before-restore-*"))


def test_there_is_nothing_to_back_up_before_the_database_exists(no_database_yet, tmp_path):
    result = backup(no_database_yet, tmp_path / "copy.sqlite3")

    assert result.exit_code == 1
    assert "nothing to back up" in result.output
    assert not (tmp_path / "copy.sqlite3").exists()


def test_a_database_in_memory_is_not_backed_up(tmp_path):
    in_memory = app_at("sqlite://", tmp_path / "instance")
    try:
        result = backup(in_memory, tmp_path / "copy.sqlite3")
    finally:
        dispose(in_memory)

    assert result.exit_code == 1
    assert "The database is not an SQLite file" in result.output
    assert not (tmp_path / "copy.sqlite3").exists()


def test_a_backup_is_a_file_not_a_folder(app, tmp_path):
    start_session(app)
    folder = tmp_path / "backups"
    folder.mkdir()

    with app.app_context(), pytest.raises(BackupError) as refused:
        backup_database(folder)

    assert "is a folder: give the backup a file name" in str(refused.value)
    assert list(folder.iterdir()) == []


def test_a_file_that_is_not_there_is_no_backup(app, tmp_path):
    with app.app_context(), pytest.raises(BackupError) as refused:
        check_backup(tmp_path / "lost.sqlite3")

    assert str(refused.value) == f"There is no file {tmp_path / 'lost.sqlite3'}."


def test_the_database_is_not_restored_onto_itself(app, database):
    start_session(app)
    before = database_dump(app)

    result = restore(app, database)

    assert result.exit_code == 1
    assert "is the database itself: there is nothing to restore" in result.output
    assert database_dump(app) == before
    assert not list(database.parent.glob("scorekeeper.sqlite3.before-restore-*"))


def test_a_backup_with_two_schema_versions_is_refused(app, database, tmp_path):
    start_session(app)
    good = tmp_path / "good.sqlite3"
    assert backup(app, good).exit_code == 0
    with sqlite3.connect(good) as connection:
        connection.execute("INSERT INTO alembic_version VALUES ('abcdef123456')")
    before = database_dump(app)

    result = restore(app, good)

    assert result.exit_code == 1
    assert "has 2 schema versions; a Scorekeeper has one" in result.output
    assert database_dump(app) == before


def test_a_backup_from_before_the_ledger_counts_no_payments(tmp_path):
    first = tmp_path / "first"
    first.mkdir()
    old = app_at(sqlite_url(first), first / "instance")
    try:
        with old.app_context():
            flask_migrate.upgrade(revision="825b2b3f6265")  # the first revision: no ledger
            info = check_backup(sqlite_file(first))
    finally:
        dispose(old)

    assert (info.revision, info.current) == ("825b2b3f6265", False)
    assert info.summary == "0 sessions, 0 hands, 0 payments"


def _not_a_database(path: Path) -> bytes:
    """Overwrite the file at ``path`` with bytes SQLite cannot read; returns them."""
    garbage = b"these are the scores on paper\n" * 200
    path.write_bytes(garbage)
    return garbage


def test_a_database_file_sqlite_cannot_read_is_not_backed_up(app, database, tmp_path):
    dispose(app)
    _not_a_database(database)

    result = backup(app, tmp_path / "copy.sqlite3")

    assert result.exit_code == 1
    assert f"Copying {database} failed" in result.output
    assert "Nothing was written to" in result.output
    assert list(tmp_path.glob("copy.sqlite3*")) == []


def test_a_restore_is_refused_when_the_database_it_replaces_cannot_be_kept(app, database, tmp_path):
    start_session(app)
    good = tmp_path / "good.sqlite3"
    assert backup(app, good).exit_code == 0
    dispose(app)
    garbage = _not_a_database(database)

    result = restore(app, good)

    assert result.exit_code == 1
    assert "Nothing was restored: the database could not be kept" in result.output
    assert "move" in result.output and "somewhere safe by hand" in result.output
    assert database.read_bytes() == garbage  # left as it was, for the table to move
    assert not list(tmp_path.glob("scorekeeper.sqlite3.before-restore-*"))
