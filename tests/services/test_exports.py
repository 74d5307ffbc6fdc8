"""Exports and import: the hand log as CSV, the session as JSON, and the JSON read back.

A round trip (export, import, replay) must give every figure again: the balances after every
hand, the kitty, the pot, the games and the money. A bad file is refused with a message
saying what is wrong, and nothing is saved.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
import reportsessions as rs
from naming import named
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, GameSession, Hand, Player
from scorekeeper.rules.closing import close_session
from scorekeeper.services import exports
from scorekeeper.services.entries import from_row
from scorekeeper.services.hands import add_hand
from scorekeeper.services.sessions import create_session, end_session, load_session
from scorekeeper.services.tables import add_player, default_table


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


def counts() -> tuple[int, int, int, int]:
    """Sessions, players, hands and audit entries in the database."""
    return tuple(  # type: ignore[return-value]
        db.session.scalar(select(func.count()).select_from(model))
        for model in (GameSession, Player, Hand, AuditEntry)
    )


def exported(session_id: int) -> dict:
    return json.loads(exports.session_json(load_session(session_id)))


def entries_by_name(session_id: int) -> list[dict]:
    """Every event as entered, player ids replaced by names (ids differ between sessions)."""
    loaded = load_session(session_id)
    names = {pid: player.name for pid, player in loaded.players.items()}
    out = []
    for row in exports._stored_rows(session_id):
        if row.kind == "leave":
            out.append({"leave": names[row.player_id]})
            continue
        data = from_row(row, loaded.options).as_dict()
        for key in ("declarer", "reneger", "last_trick"):
            data[key] = names.get(data[key]) if data[key] is not None else None
        data["takes"] = {names[int(k)]: v for k, v in data["takes"].items()}
        data["melds"] = {names[int(k)]: v for k, v in data["melds"].items()}
        out.append(data)
    return out


def every_figure(session_id: int) -> dict:
    """Every figure the replay derives, by player name, straight from the engine's state."""
    loaded = load_session(session_id)
    state = loaded.state
    return named(
        {
            "hands": [
                (
                    h.number,
                    h.game,
                    h.dealer,
                    h.sitting_out,
                    h.result.changes,
                    h.balances,
                    h.kitty,
                    h.pot,
                    h.result.flows,
                )
                for h in state.hands
            ],
            "leaves": [(x.player, x.after_hand, x.balance, x.kitty_share) for x in state.leaves],
            "games": [
                (g.number, g.first_hand, g.last_hand, g.scores, g.winner, g.reason, g.sets, g.money)
                for g in state.games
            ],
            "balances": state.balances,
            "kitty": state.kitty,
            "pot": state.pot,
            "money": state.money,
            "next": (state.next_hand.dealer, state.next_hand.active, state.game),
            "closing": close_session(state),
            "options": loaded.options,
            "players": loaded.setup.players,
            "first_dealer": loaded.setup.first_dealer,
        }
    )


# -- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(rs.BUILDERS))
def test_a_round_trip_gives_every_figure_again(ctx, preset):
    original = rs.BUILDERS[preset]()
    imported = exports.import_session(default_table(), exports.session_json(load_session(original)))
    assert imported.session_id != original
    assert imported.note is None
    assert every_figure(imported.session_id) == every_figure(original)
    assert entries_by_name(imported.session_id) == entries_by_name(original)
    assert exports.derived_figures(load_session(imported.session_id)) == exports.derived_figures(
        load_session(original)
    )


def test_a_round_trip_keeps_a_player_leaving(ctx):
    original = rs.hoyle(leave=True)
    imported = exports.import_session(default_table(), exports.session_json(load_session(original)))
    figures = every_figure(imported.session_id)
    assert figures == every_figure(original)
    assert figures["leaves"] == [("Dan", 2, -31, 0)]  # Dan's -31 units; the kitty's 2 // 4 = 0


def test_a_round_trip_keeps_meld_typed_as_cards_and_as_named_melds(ctx):
    original = rs.bison()
    imported = exports.import_session(default_table(), exports.session_json(load_session(original)))
    melds = [e["melds"] for e in entries_by_name(imported.session_id)]
    assert melds[0]["Bob"]["mode"] == "cards"
    assert melds[2]["Ann"] == {"mode": "claims", "text": "aces around"}


def test_an_imported_session_keeps_its_dates_and_whether_it_ended(ctx):
    original = rs.brooklyn()
    end_session(load_session(original))
    row = db.session.get(GameSession, original)
    imported = exports.import_session(default_table(), exports.session_json(load_session(original)))
    new = db.session.get(GameSession, imported.session_id)
    assert new.created_at.replace(microsecond=0) == row.created_at.replace(microsecond=0)
    assert new.ended_at is not None
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.session_id == new.id)).all()
    assert [a.action for a in audit] == ["imported"]
    assert "2 hands" in audit[0].summary


def test_players_are_matched_by_name_ignoring_case_or_added(ctx):
    original = rs.brooklyn()
    data = exported(original)
    data["session"]["players"][0]["name"] = "ANN"  # matches Ann on the roster
    data["session"]["players"][3]["name"] = "Zed"  # new: added to the roster
    before = db.session.scalar(select(func.count()).select_from(Player))
    imported = exports.import_session(default_table(), json.dumps(data))
    assert imported.added == ("Zed",)
    assert imported.players == ("Ann", "Bob", "Cal", "Zed")
    assert db.session.scalar(select(func.count()).select_from(Player)) == before + 1
    figures = every_figure(imported.session_id)
    assert figures["balances"] == (("Ann", -2), ("Bob", 14), ("Cal", -10), ("Zed", -2))


def test_a_file_whose_figures_differ_from_the_replay_imports_with_a_note(ctx):
    data = exported(rs.hoyle())
    data["derived"]["log"][0]["totals"]["seat:2"] = 99  # the file claims another total
    imported = exports.import_session(default_table(), json.dumps(data))
    assert imported.note == "the figures of hand 1 differ from those in the file"


def test_the_import_reads_bytes_with_a_byte_order_mark(ctx):
    text = exports.session_json(load_session(rs.brooklyn_pot()))
    imported = exports.import_session(default_table(), b"\xef\xbb\xbf" + text.encode())
    assert every_figure(imported.session_id)["pot"] == 39


# -- the JSON's shape ---------------------------------------------------------------------


def test_the_json_holds_options_players_first_dealer_and_events_as_entered(ctx):
    sid = rs.hoyle()
    loaded = load_session(sid)
    data = exported(sid)
    assert data["format"] == "scorekeeper-session" and data["version"] == 2
    session = data["session"]
    assert session["system"] == "hoyle"
    assert session["options"] == loaded.options.to_dict()
    assert [p["name"] for p in session["players"]] == ["Ann", "Bob", "Cal", "Dan"]
    assert session["first_dealer"] == loaded.ids["Ann"]
    rows = exports._stored_rows(sid)
    assert [e["entry"] for e in data["events"]] == [
        from_row(row, loaded.options).as_dict() for row in rows
    ]
    first = data["events"][0]["entry"]
    assert first["bid"] == 350 and first["tricks"] == 170 and first["trump"] == "S"
    assert first["melds"] == {str(loaded.ids["Bob"]): {"mode": "number", "text": "190"}}
    # the derived figures are there for reference
    assert data["derived"]["kitty"] == 2
    assert data["derived"]["log"][1]["totals"] == {  # holders by seat, not by name
        "seat:1": -7, "seat:2": 43, "seat:3": -7, "seat:4": -31, "kitty": 2,
    }  # fmt: skip


def test_the_json_keeps_figures_as_the_table_writes_them_at_scale_ten(ctx):
    data = exported(rs.partnership())
    entries = [e["entry"] for e in data["events"]]
    assert [e["bid"] for e in entries] == [25, 30, 25]
    assert [e["tricks"] for e in entries] == [15, 16, 5]
    assert data["session"]["options"]["target"] == 500  # options in full points


# -- refusals ---------------------------------------------------------------------------------


def _refused(text) -> str:
    before = counts()
    with pytest.raises(exports.ImportRefused) as caught:
        exports.import_session(default_table(), text)
    assert counts() == before  # nothing saved
    assert caught.value.field == "file"
    return caught.value.rule


def test_an_empty_file_is_refused(ctx):
    assert "Choose a session file" in _refused("  ")


def test_text_that_is_not_json_is_refused_saying_where(ctx):
    assert _refused('{"format": ').startswith("This is not a session file: it is not JSON")


def test_json_that_is_not_a_session_file_is_refused(ctx):
    assert "not a Scorekeeper session file" in _refused('{"hello": 1}')


def test_a_newer_format_version_is_refused(ctx):
    data = exported(rs.brooklyn())
    data["version"] = 3
    assert "format version 3, from a newer Scorekeeper" in _refused(json.dumps(data))


def test_a_version_1_file_imports_without_comparing_its_figures_by_name(ctx):
    data = exported(rs.hoyle())
    data["version"] = 1
    data["derived"]["log"][0]["totals"] = {"Ann": 99}  # version 1 keyed holders by name
    imported = exports.import_session(default_table(), json.dumps(data))
    assert imported.note is None
    assert every_figure(imported.session_id)["kitty"] == 2


def test_a_file_that_is_not_utf8_is_refused(ctx):
    assert "not UTF-8" in _refused(b"\xff\xfe{")


def test_a_file_too_large_is_refused(ctx):
    assert "larger than 5 MB" in _refused(b" " * (exports.MAX_IMPORT_BYTES + 1))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["session"]["options"].update(min_bid=305),
         "The options: Minimum bid must be a multiple of 10 points."),
        (lambda d: d["session"]["options"].update(stake=0),
         "The options: Stake per unit must be at least 1 cent."),
        (lambda d: d["session"].update(players=[]), "The file lists no players."),
        (lambda d: d["session"]["players"].append({"id": 999, "name": "ann"}),
         "Ann is listed twice among the players."),
        (lambda d: d["session"]["players"][0].update(name="A" * 41),
         "Player 1: A name is at most 40 characters."),
        (lambda d: d["session"].update(first_dealer=999),
         "The first dealer names player 999, who is not among the file's players."),
        (lambda d: d["events"][0]["entry"].update(bid="350"),
         'Event 1: bid must be a whole number, not "350".'),
        (lambda d: d["events"][0]["entry"].update(declarer=999),
         "Event 1: declarer names player 999, who is not among the file's players."),
        (lambda d: d["events"][0]["entry"].update(surprise=1),
         "Event 1 has fields this version does not know: surprise."),
        (lambda d: d["events"].append({"kind": "dance"}),
         'Event 3 is a "dance"; events are hands or leaves.'),
    ],
)  # fmt: skip
def test_a_file_of_the_wrong_shape_is_refused_saying_what_and_where(ctx, change, message):
    data = exported(rs.brooklyn())
    change(data)
    assert message in _refused(json.dumps(data))


def test_a_hand_that_breaks_a_rule_is_refused_and_nothing_is_saved(ctx):
    data = exported(rs.brooklyn())
    data["events"][1]["entry"]["bid"] = 340  # Brooklyn forbids bids ending in 40
    rule = _refused(json.dumps(data))
    assert rule.startswith("The file's events do not replay: Hand 2:")
    assert "40" in rule


def test_a_meld_that_cannot_be_read_is_refused_naming_the_hand(ctx):
    data = exported(rs.hoyle())
    bob = next(p["id"] for p in data["session"]["players"] if p["name"] == "Bob")
    data["events"][0]["entry"]["melds"][str(bob)]["text"] = "lots"
    assert _refused(json.dumps(data)) == "Hand 1 (event 1): Meld 'lots' is not a whole number."


def test_too_many_players_for_the_game_are_refused(ctx):
    data = exported(rs.bison())
    data["session"]["players"].append({"id": 999, "name": "Dot"})
    assert "The players: Bison (points to 1500) is played by 3 players, not 4." in _refused(
        json.dumps(data)
    )


# -- the hand log and its CSV ------------------------------------------------------------


def read_csv(session_id: int) -> list[list[str]]:
    return list(csv.reader(io.StringIO(exports.hands_csv(load_session(session_id)))))


def test_the_csv_has_a_header_and_a_row_per_hand_with_changes_and_totals(ctx):
    rows = read_csv(rs.hoyle())
    assert rows[0] == [
        "hand", "game", "dealer", "sat out", "declarer", "bid", "trump", "meld", "tricks",
        "outcome", "description",
        "Ann change", "Ann total", "Bob change", "Bob total", "Cal change", "Cal total",
        "Dan change", "Dan total", "Kitty change", "Kitty total",
    ]  # fmt: skip
    assert len(rows) == 3
    # hand 1: Bob makes 350 in spades: 10 from each, 3 each for the kitty (see reportsessions)
    assert rows[1][:10] == ["1", "1", "Ann", "Ann", "Bob", "350", "S", "190", "170", "made"]
    assert rows[1][11:] == ["-13", "-13", "37", "37", "-13", "-13", "-13", "-13", "2", "2"]
    assert rows[1][10].startswith("Bob makes 350 with 190 meld and 170 in tricks")
    assert rows[2][:10] == ["2", "1", "Bob", "Bob", "Dan", "300", "H", "", "", "set"]
    assert rows[2][11:] == ["6", "-7", "6", "43", "6", "-7", "-18", "-31", "0", "2"]


def test_the_csv_of_a_points_game_has_each_players_meld_and_tricks(ctx):
    rows = read_csv(rs.bison())
    assert rows[0][7:13] == [
        "Ann meld", "Ann tricks", "Bob meld", "Bob tricks", "Cal meld", "Cal tricks",
    ]  # fmt: skip
    # hand 1: Ann 40 + 80, Bob 150 + 130, Cal 20 + 40; totals are the game's scores
    assert rows[1][7:13] == ["40", "80", "150", "130", "20", "40"]
    assert rows[1][-6:] == ["120", "120", "280", "280", "60", "60"]
    # hand 4 starts game 2: the totals start again from 0
    assert rows[4][1] == "2"
    assert rows[4][-6:] == ["20", "20", "40", "40", "-250", "-250"]


def test_the_csv_logs_a_player_leaving_without_a_hand_number(ctx):
    rows = read_csv(rs.hoyle(leave=True))
    assert rows[3][0] == "" and rows[3][4] == "Dan" and rows[3][9] == "left the table"
    assert rows[3][10] == "Dan left the table after hand 2."


def test_a_name_that_looks_like_a_formula_is_quoted_in_the_csv(ctx):
    table = default_table()
    add_player(table, "=cmd|' /C calc'!A0")
    row = create_session(table, {"system": "brooklyn-pot"}, ["=cmd|' /C calc'!A0", "Bo", "Cy"], 0)
    loaded = load_session(row.id, table)
    from scorekeeper.services.entries import HandEntry

    add_hand(loaded, HandEntry(declarer=loaded.ids["Bo"], bid=250, trump="C", outcome="made"))
    rows = read_csv(row.id)
    assert rows[0][11] == "'=cmd|' /C calc'!A0 change"
    assert rows[1][2] == "'=cmd|' /C calc'!A0"  # the dealer
