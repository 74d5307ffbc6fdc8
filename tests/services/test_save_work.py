"""A save does only what its answer needs, and the answer stays what it was.

A session just started is the session as loading it would replay it (``started_now``), so
the API's create answers from it without reading and replaying it again; its settle-up both
ways comes out of one computation (``settle_both``), the same as each way alone, and a
session started in this transaction reads no payment recorded toward it; the roster is read
in one query and the seats written in one statement.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from settle_fixtures import Table, bison, brooklyn, brooklyn_pot, hoyle_with_leaver, partnership
from sqlalchemy import event, select

from scorekeeper.extensions import db
from scorekeeper.models import Seat
from scorekeeper.services import replays
from scorekeeper.services import sessions as session_service
from scorekeeper.services.ledger import AskedPayment, save_payment
from scorekeeper.services.settle import settle_both, settle_session
from scorekeeper.services.tables import add_player, default_table
from scorekeeper.services.unit_of_work import unit_of_work

NAMES = ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal"]
SEATED = {
    "brooklyn": 4, "brooklyn-pot": 4, "hoyle": 4, "bison": 3, "partnership": 4,
    "double-deck": 4, "six-handed": 6, "eight-handed": 8, "two-handed": 2, "cutthroat": 4,
    "six-two-packs": 6, "eight-two-packs": 8,
}  # fmt: skip
"""Every preset, with the players it is started with here (four where it can seat them)."""


@pytest.fixture
def table(app):
    with app.app_context():
        yield Table(default_table())


@contextmanager
def statements() -> Iterator[list[str]]:
    """The SQL statements sent while the block runs."""
    sent: list[str] = []

    def kept(conn, cursor, statement, *args) -> None:
        sent.append(" ".join(statement.split()))

    engine = db.engine
    event.listen(engine, "before_cursor_execute", kept)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", kept)


def id_of(row: Seat) -> int:
    return row.id


def seated(system: str) -> list[str]:
    return NAMES[: SEATED[system]]


def same_session(made: session_service.LoadedSession, loaded: session_service.LoadedSession):
    for name in ("options", "players", "setup", "events", "hand_ids", "state"):
        assert getattr(made, name) == getattr(loaded, name), name
    assert list(made.players.values()) == list(loaded.players.values())  # seat order
    assert [p.name for p in made.players.values()] == [p.name for p in loaded.players.values()]


@pytest.mark.parametrize("system", SEATED)
def test_a_session_as_started_is_the_session_loading_it_replays(table, system):
    add_player(table.row, "bob")  # a name on the roster already, typed another way
    with unit_of_work():
        row = session_service.create_session(table.row, {"system": system}, seated(system), 1)
        made = session_service.started_now(row)
    assert made is not None and made.row is row
    replays.forget()
    same_session(made, session_service.load_session(row.id, table.row))


def test_a_session_started_under_changed_rules_is_the_session_loading_it_replays(table):
    options = {"system": "bison", "target": 1000, "game_stake": 100}
    with unit_of_work():
        row = session_service.create_session(table.row, options, ["Ann", "Bob", "Cal"], 2)
        made = session_service.started_now(row)
    assert made is not None
    replays.forget()
    same_session(made, session_service.load_session(row.id, table.row))


def test_a_session_changed_since_it_started_is_loaded_again(table):
    with unit_of_work():
        row = session_service.create_session(table.row, {"system": "brooklyn"}, NAMES[:4], 0)
        session_service.end_session(session_service.load_session(row.id, table.row))
        assert session_service.started_now(row) is None  # its version moved


def test_a_row_not_started_here_has_no_session_as_started(table):
    sid = brooklyn(table)
    with unit_of_work():
        row = session_service.load_session(sid, table.row).row
        assert session_service.started_now(row) is None


def test_the_roster_is_read_once_and_the_seats_written_at_once(table):
    add_player(table.row, "Bob")
    with unit_of_work(), statements() as sent:
        row = session_service.create_session(
            table.row, {"system": "brooklyn"}, ["Ann", " bob ", "Cal", "Dan"], 0
        )
    assert [seat.player.name for seat in row.seats] == ["Ann", "Bob", "Cal", "Dan"]
    assert [seat.position for seat in row.seats] == [0, 1, 2, 3]
    assert len([s for s in sent if s.startswith("SELECT") and "FROM players" in s]) == 1
    assert len([s for s in sent if s.startswith("INSERT INTO seats")]) == 1


def pay(table: Table, session_id: int, payer: str, payee: str, amount: str) -> None:
    ids = table.ids(session_id)
    save_payment(table.row, AskedPayment(ids[payer], ids[payee], amount, session_id), None)


@pytest.mark.parametrize(
    "build",
    [brooklyn, brooklyn_pot, hoyle_with_leaver, bison, partnership],
    ids=lambda b: b.__name__,
)
def test_both_ways_at_once_are_each_way_alone(table, build):
    sid = build(table)
    loaded = table.load(sid)
    assert settle_both(loaded) == (settle_session(loaded), settle_session(loaded, direct=True))


def test_both_ways_at_once_count_the_payments_recorded(table):
    sid = brooklyn(table)
    pay(table, sid, "Cal", "Bob", "0.80")
    pay(table, sid, "Cal", "Ann", "0.05")
    loaded = table.load(sid)
    fewest, direct = settle_both(loaded)
    assert (fewest, direct) == (settle_session(loaded), settle_session(loaded, direct=True))
    assert fewest.recorded and fewest.still_to_pay != fewest.payments


@pytest.mark.parametrize("system", ["brooklyn-pot", "hoyle", "bison"])
def test_a_session_started_now_is_settled_without_reading_the_ledger(table, system):
    # Brooklyn with a pot: every player's ante is in the pot from the start (shares to settle)
    with unit_of_work():
        row = session_service.create_session(table.row, {"system": system}, seated(system), 0)
        made = session_service.started_now(row)
        assert made is not None
        with statements() as sent:
            both = settle_both(made, new=True)
        assert not [s for s in sent if "ledger_payments" in s]
        assert both == (settle_session(made), settle_session(made, direct=True))


@pytest.mark.postgres
def test_on_postgresql_the_roster_read_once_and_the_seats_at_once_keep_their_order(pg_app):
    new = [f"Pg{uuid.uuid4().hex[:8]}" for _ in range(3)]  # the cluster is the run's: unseen
    with pg_app.app_context():
        table = default_table()
        add_player(table, new[1])
        names = [new[0], new[1].upper(), "Ann", new[2]]
        with unit_of_work(), statements() as sent:
            row = session_service.create_session(table, {"system": "brooklyn"}, names, 3)
            made = session_service.started_now(row)
            sid = row.id
        assert len([s for s in sent if s.startswith("SELECT") and "FROM players" in s]) == 1
        assert len([s for s in sent if s.startswith("INSERT INTO seats")]) == 1
        db.session.remove()
        replays.forget()
        loaded = session_service.load_session(sid, default_table())
        assert made is not None
        same_session(made, loaded)
        seats = sorted(db.session.scalars(select(Seat).where(Seat.session_id == sid)), key=id_of)
        assert [seat.position for seat in seats] == [0, 1, 2, 3]  # written in seat order
        assert [seat.player.name for seat in seats] == [new[0], new[1], "Ann", new[2]]
        added = [seats[0].player.id, seats[3].player.id]
        assert added == sorted(added)  # the players added in the order they were typed
