"""A whole evening on PostgreSQL: sessions and hands saved through the services and the web
app, then read back from the database (not from the remembered replay) with the same figures.

The cluster is shared by the test run, so each test starts its own sessions and looks only at
those; player names are the roster's, reused across tests as a table would.
"""

from __future__ import annotations

import pytest
from naming import ids_by_name, named
from sqlalchemy import event, func, select, text
from webhelpers import figures, hand_count, new_session, save_hand

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, Hand
from scorekeeper.services import hands, replays, saved_rules, sessions, unit_of_work
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.tables import default_table

pytestmark = pytest.mark.postgres


def reload(session_id: int):
    """What was written committed (as a request's unit of work does), then the session read
    back from PostgreSQL: a fresh ORM session and no remembered replay."""
    db.session.commit()
    db.session.remove()
    replays.forget()
    return sessions.load_session(session_id, default_table())


def test_a_hoyle_evening_saved_through_the_services_reads_back_the_same(pg_app):
    with pg_app.app_context():
        table = default_table()
        sid = sessions.create_session(
            table, {"system": "hoyle", "stake": 25}, ["Ann", "Bob", "Cal", "Dee"], 0
        ).id
        ids = ids_by_name(sessions.load_session(sid, table))

        def add(**fields):
            loaded = sessions.load_session(sid, table)
            return hands.save_hand(loaded, HandEntry(**fields)).row

        # 1. Ann deals, sits out. Cal is set at 350 in hearts: 2 x 5 = 10 to each of Ann, Bob,
        #    Dee and the kitty (which joins at 350).
        add(outcome="set", declarer=ids["Cal"], bid=350, trump="H")
        # 2. Bob deals, sits out. Dee makes 400 in clubs: 10 from each of Ann, Bob, Cal and the
        #    kitty (which holds 10).
        add(outcome="made", declarer=ids["Dee"], bid=400, trump="C")
        # 3. Cal deals, sits out. Dee (first to bid) forfeits the compulsory 300: 3 to the kitty.
        add(outcome="forfeit", declarer=ids["Dee"], bid=300)
        hands.player_leaves(sessions.load_session(sid, table), ids["Ann"])  # kitty 3 // 4 = 0

        state = reload(sid).state
        assert named(dict(state.balances)) == {"Ann": 0, "Bob": 0, "Cal": -50, "Dee": 47}
        assert state.kitty == 3
        assert named(state.seated) == ("Bob", "Cal", "Dee")

        # Correct hand 1: Cal was set at 300, not 350. 300 pays 3, set 6 to each of three, and
        # below 350 the kitty stays out. Hands 2 and 3 then replay against a kitty of 0: in
        # hand 2 the kitty owes 10 it does not hold and the four players chip in 10 / 4 -> 3.
        loaded = reload(sid)
        hands.edit_hand(
            loaded, 1, HandEntry(outcome="set", declarer=ids["Cal"], bid=300, trump="H")
        )

        state = reload(sid).state
        # Ann +6 -10 -3 = -7; Bob +6 -10 -3 = -7; Cal -18 -10 -3 = -31; Dee +6 +40 -3 -3 = 40;
        # kitty -10 +12 +3 = 5; Ann's share on leaving: 5 // 4 = 1 (Ann -6, kitty 4).
        assert named(dict(state.balances)) == {"Ann": -6, "Bob": -7, "Cal": -31, "Dee": 40}
        assert state.kitty == 4
        assert sum(named(dict(state.balances)).values()) + state.kitty == 0
        assert state.hands[1].result.chip_in == 3

        summaries = db.session.scalars(
            select(AuditEntry.summary).where(AuditEntry.session_id == sid).order_by(AuditEntry.id)
        ).all()
        assert summaries[-1].startswith("Hand 1 edited: bid 350 → 300.")


def test_meld_and_takes_keep_what_was_typed_on_postgresql(pg_app):
    with pg_app.app_context():
        table = default_table()
        sid = sessions.create_session(table, {"system": "bison"}, ["Ann", "Bob", "Cal"], 0).id
        ids = ids_by_name(sessions.load_session(sid, table))
        entry = HandEntry(
            declarer=ids["Bob"], bid=250, trump="S",
            melds={
                ids["Bob"]: MeldText("cards", "as ts ks qs js qs jd"),
                ids["Cal"]: MeldText("claims", "Kings around"),
                ids["Ann"]: MeldText("number", "60"),
            },
            takes={ids["Ann"]: 0, ids["Bob"]: 14, ids["Cal"]: 10}, last_trick=ids["Bob"],
        )  # fmt: skip
        hands.save_hand(sessions.load_session(sid, table), entry, request_id="pg-1")

        loaded = reload(sid)
        row = db.session.scalar(select(Hand).where(Hand.session_id == sid))

        assert {m.player_id: m.entry for m in row.melds} == {
            ids["Bob"]: "AS TS KS QS QS JS JD",  # read back in card order
            ids["Cal"]: "kings around",
            ids["Ann"]: "60",
        }
        # Bob: run 150 + pinochle 40 = 190 meld, 140 + 10 in tricks = 340, made (>= 250).
        # Cal: kings around 80 + 100 = 180. Ann took no counter: nothing.
        assert named(dict(loaded.state.balances)) == {"Ann": 0, "Bob": 340, "Cal": 180}

        # The same request again is the same hand, on PostgreSQL too.
        again = hands.save_hand(loaded, entry, request_id="pg-1")
        assert again.row.id == row.id
        count = db.session.scalar(select(func.count(Hand.id)).where(Hand.session_id == sid))
        assert count == 1


def test_the_web_app_runs_an_evening_on_postgresql(pg_app):
    client = pg_app.test_client()
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"], stake="0.25")

    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = save_hand(client, sid, declarer="Dee", bid=300, trump="S", outcome="set")

    # 1: Bob +2 from each of three. 2 (Bob deals, Ann out): Dee set at 300 in spades pays
    # 2 x 1 x 2 = 4 to each of three.
    assert figures(page) == {"Ann": 2, "Bob": 10, "Cal": 2, "Dee": -14}
    with pg_app.app_context():
        replays.forget()
    assert figures(client.get(f"/s/{sid}")) == {"Ann": 2, "Bob": 10, "Cal": 2, "Dee": -14}
    assert hand_count(client, sid) == 2
    assert client.post(f"/s/{sid}/hands/1/delete", data={}).status_code == 409


# -- two workers saving at once ---------------------------------------------------------------
# Ann, Bob, Cal, Dee at Brooklyn, Ann dealing first: Dee sits out hand 1, Ann sits out hand 2.


def brooklyn_session() -> int:
    table = default_table()
    with unit_of_work.unit_of_work():
        row = sessions.create_session(
            table, {"system": "brooklyn"}, ["Ann", "Bob", "Cal", "Dee"], 0
        )
    return row.id


def test_a_hand_checked_against_a_session_another_worker_has_since_saved_to_is_a_conflict(pg_app):
    """Both workers load the session before either saves. The second's hand was checked as
    hand 1; stored as hand 2 it would break the replay (Ann sits out hand 2)."""
    with pg_app.app_context():
        sid = brooklyn_session()
        stale = sessions.load_session(sid, default_table())
        ann = ids_by_name(stale)["Ann"]
        # the other worker, with a database session of its own
        with pg_app.app_context(), unit_of_work.unit_of_work():
            other = sessions.load_session(sid, default_table())
            bob = ids_by_name(other)["Bob"]
            hands.save_hand(
                other, HandEntry(outcome="made", declarer=bob, bid=350, trump="H"), "worker-1"
            )

        with pytest.raises(hands.ConflictError) as caught:
            hands.save_hand(
                stale, HandEntry(outcome="made", declarer=ann, bid=300, trump="H"), "worker-2"
            )

        assert caught.value.message == "Another phone saved a hand at the same moment: save again."
        loaded = reload(sid)
        assert len(loaded.state.hands) == 1
        # Bob made 350 in hearts: 2 units from each of the three others.
        assert named(dict(loaded.state.balances)) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


def test_the_same_post_saved_by_another_worker_meanwhile_is_answered_with_that_hand(pg_app):
    with pg_app.app_context():
        sid = brooklyn_session()
        stale = sessions.load_session(sid, default_table())
        bob = ids_by_name(stale)["Bob"]
        typed = HandEntry(outcome="made", declarer=bob, bid=350, trump="H")
        # the same post, answered by the other worker first
        with pg_app.app_context(), unit_of_work.unit_of_work():
            first = hands.save_hand(sessions.load_session(sid, default_table()), typed, "post-1")
            first_id = first.row.id

        again = hands.save_hand(stale, typed, "post-1")

        assert (again.repeated, again.matches, again.row.id) == (True, True, first_id)
        assert len(reload(sid).state.hands) == 1


def test_a_post_saved_by_another_worker_before_this_one_looked_is_answered_with_its_number(pg_app):
    """The other worker commits the same post after this request loaded the session but
    before it looks for the key: the answer names the hand as saved, hand 2, after hand 1."""
    with pg_app.app_context():
        sid = brooklyn_session()
        table = default_table()
        ids = ids_by_name(sessions.load_session(sid, table))
        with unit_of_work.unit_of_work():
            hands.save_hand(
                sessions.load_session(sid, table),
                HandEntry(outcome="made", declarer=ids["Bob"], bid=350, trump="H"),
                "post-1",
            )
        stale = sessions.load_session(sid, table)  # one hand, remembered by this worker
        typed = HandEntry(outcome="set", declarer=ids["Cal"], bid=300, trump="S")
        # the same post, answered by the other worker first
        with pg_app.app_context(), unit_of_work.unit_of_work():
            hands.save_hand(sessions.load_session(sid, table), typed, "post-2")

        again = hands.save_hand(stale, typed, "post-2")

        assert (again.repeated, again.matches, again.number) == (True, True, 2)
        # Hand 1: Bob made 350 in hearts, 2 from each other player. Hand 2: Cal set at 300
        # in spades (V = 1 x 2): 2V = 4 to each opponent, Ann sitting out included.
        assert named(dict(again.after.state.balances)) == {
            "Ann": -2 + 4,
            "Bob": 6 + 4,
            "Cal": -2 - 12,
            "Dee": -2 + 4,
        }


def test_a_get_reads_in_autocommit_and_a_post_in_a_transaction(pg_app):
    """On PostgreSQL a GET's statements run without BEGIN or ROLLBACK (each statement sees
    the latest commits either way, under READ COMMITTED); a POST's run in one transaction."""
    with pg_app.app_context():
        sid = brooklyn_session()
    seen: list[tuple[str, bool]] = []

    def note(conn, cursor, statement, parameters, context, executemany):
        seen.append((statement.split()[0], conn.connection.dbapi_connection.autocommit))

    with pg_app.app_context():
        event.listen(db.engine, "before_cursor_execute", note)
    try:
        client = pg_app.test_client()
        assert client.get(f"/api/v1/sessions/{sid}/standings").status_code == 200
        reads, seen[:] = list(seen), []
        ids = {p["name"]: p["id"] for p in client.get(f"/api/v1/sessions/{sid}").json["players"]}
        seen.clear()
        body = {"declarer_id": ids["Bob"], "bid": 350, "trump": "H", "outcome": "made"}
        assert client.post(f"/api/v1/sessions/{sid}/hands", json=body).status_code == 201
    finally:
        with pg_app.app_context():
            event.remove(db.engine, "before_cursor_execute", note)

    assert reads and all(autocommit for _, autocommit in reads)
    assert {kind for kind, _ in reads} == {"SELECT"}
    assert seen and not any(autocommit for _, autocommit in seen)
    assert "INSERT" in {kind for kind, _ in seen}


def test_a_get_that_tries_to_write_is_refused_before_the_database_sees_it(pg_app):
    with pg_app.app_context():
        sid = brooklyn_session()
    with pg_app.test_request_context(f"/s/{sid}", method="GET"):
        unit_of_work.read_without_transaction()
        with pytest.raises(RuntimeError, match="A GET request may not write"):
            db.session.execute(text("UPDATE sessions SET version = version + 1"))
        db.session.rollback()
    with pg_app.app_context():
        version = db.session.scalar(text(f"SELECT version FROM sessions WHERE id = {sid}"))
    assert version == 1


def test_a_saved_rules_name_taken_at_once_is_refused_and_the_transaction_goes_on(
    pg_app, monkeypatch
):
    with pg_app.app_context():
        table = default_table()
        friday = saved_rules.save_rules(table, "PG Friday", {"system": "brooklyn", "stake": 25})
        db.session.commit()
        # Another request saved the name after this one looked: the unique constraint refuses
        # it inside a savepoint, so the transaction can still write and commit.
        monkeypatch.setattr(saved_rules, "_row_named", lambda table, name: None)
        with pytest.raises(saved_rules.RulesNameError):
            saved_rules.save_rules(table, "pg FRIDAY", {"system": "hoyle"})
        monkeypatch.undo()
        sid = saved_rules.start_session(table, friday.id, ["Ann", "Bob", "Cal"], 0).id
        db.session.commit()
        db.session.remove()

        assert sessions.load_session(sid, default_table()).row.rules_name == "PG Friday"
        names = [r.name for r in saved_rules.list_rules(default_table())]
        assert names.count("PG Friday") == 1 and "pg FRIDAY" not in names


def test_a_name_with_a_non_ascii_capital_or_decomposed_letters_is_one_player(pg_app):
    client = pg_app.test_client()
    body = {"system": "brooklyn", "first_dealer_seat": 0}
    typed = [
        ["ÉLODIE", "Zo\u00eb", "Cy"],
        ["ÉLODIE", "Zo\u00eb", "Cy"],  # PostgreSQL's lower() would fold it; SQLite's not
        ["\u00e9lodie", "ZOE\u0308", "cy"],  # small letters; Zoë decomposed, in capitals
    ]

    answers = [client.post("/api/v1/sessions", json={**body, "players": p}) for p in typed]

    assert [a.status_code for a in answers] == [201, 201, 201]
    players = [a.get_json()["players"] for a in answers]
    assert players[1] == players[0] and players[2] == players[0]
    assert [p["name"] for p in players[2]] == ["ÉLODIE", "Zo\u00eb", "Cy"]
