"""The import: a round trip (export, import, replay) gives every figure again.

Every figure: the balances after every hand, the kitty, the pot, the games and the money. A
bad file is refused with a message saying what is wrong and where, and nothing is saved.
"""

from __future__ import annotations

import json

import pytest
import reportsessions as rs
from naming import named
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, GameSession, Hand, Player
from scorekeeper.rules.errors import Part, Where
from scorekeeper.rules.evening.closing import close_session
from scorekeeper.services.entries import from_row
from scorekeeper.services.exports import imports
from scorekeeper.services.exports.json_export import _stored_rows, derived_figures, session_json
from scorekeeper.services.sessions import end_session, load_session
from scorekeeper.services.tables import default_table

from .files import exported


def counts() -> tuple[int, int, int, int]:
    """Sessions, players, hands and audit entries in the database."""
    return tuple(  # type: ignore[return-value]
        db.session.scalar(select(func.count()).select_from(model))
        for model in (GameSession, Player, Hand, AuditEntry)
    )


def entries_by_name(session_id: int) -> list[dict]:
    """Every event as entered, player ids replaced by names (ids differ between sessions)."""
    loaded = load_session(session_id)
    names = {pid: player.name for pid, player in loaded.players.items()}
    out = []
    for row in _stored_rows(session_id):
        if row.kind == "leave":
            out.append({"leave": names[row.player_id]})
            continue
        data = from_row(row, loaded.options).as_dict()
        for key in ("declarer", "reneger", "last_trick"):
            data[key] = names.get(data[key]) if data[key] is not None else None
        data["takes"] = {names[int(k)]: v for k, v in data["takes"].items()}
        data["melds"] = {names[int(k)]: v for k, v in data["melds"].items()}
        if "bids" in data:  # each player's own bid, under summed bids
            data["bids"] = {names[int(k)]: v for k, v in data["bids"].items()}
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
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    assert imported.session_id != original
    assert imported.note is None
    assert every_figure(imported.session_id) == every_figure(original)
    assert entries_by_name(imported.session_id) == entries_by_name(original)
    assert derived_figures(load_session(imported.session_id)) == derived_figures(
        load_session(original)
    )


def test_a_round_trip_keeps_each_players_own_bid(ctx):
    original = rs.summed_bids()
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    figures = every_figure(imported.session_id)
    assert figures == every_figure(original)
    assert dict(figures["balances"]) == {"W & E": 360, "N & S": 0}
    bids = [e["bids"] for e in entries_by_name(imported.session_id)]
    assert bids == [{"N": 40, "S": 25, "E": 30}, {"N": 45, "S": 25, "E": 30, "W": 20}]
    assert derived_figures(load_session(imported.session_id)) == derived_figures(
        load_session(original)
    )


def test_a_round_trip_keeps_a_player_leaving(ctx):
    original = rs.hoyle(leave=True)
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    figures = every_figure(imported.session_id)
    assert figures == every_figure(original)
    assert figures["leaves"] == [("Dan", 2, -31, 0)]  # Dan's -31 units; the kitty's 2 // 4 = 0


def test_a_round_trip_keeps_meld_typed_as_cards_and_as_named_melds(ctx):
    original = rs.bison()
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    melds = [e["melds"] for e in entries_by_name(imported.session_id)]
    assert melds[0]["Bob"]["mode"] == "cards"
    assert melds[2]["Ann"] == {"mode": "claims", "text": "aces around"}


def test_a_round_trip_keeps_a_widening_ladder_and_hoyles_compulsory_250(ctx):
    original = rs.hoyle_variation()
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    figures = every_figure(imported.session_id)
    assert figures == every_figure(original)
    assert dict(figures["balances"]) == {"Ann": -19, "Bob": -22, "Cal": 41}
    assert figures["kitty"] == 0
    options = load_session(imported.session_id).options
    assert (options.compulsory_bid, options.min_bid) == (250, 250)
    assert options.to_dict()["bid_rungs"] == [[400, 50]]


def test_an_imported_session_keeps_its_dates_and_whether_it_ended(ctx):
    original = rs.brooklyn()
    end_session(load_session(original))
    row = db.session.get(GameSession, original)
    imported = imports.import_session(default_table(), session_json(load_session(original)))
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
    imported = imports.import_session(default_table(), json.dumps(data))
    assert [p.name for p in imported.added] == ["Zed"]
    assert [p.name for p in imported.players] == ["Ann", "Bob", "Cal", "Zed"]
    assert db.session.scalar(select(func.count()).select_from(Player)) == before + 1
    figures = every_figure(imported.session_id)
    assert figures["balances"] == (("Ann", -2), ("Bob", 14), ("Cal", -10), ("Zed", -2))


def test_players_are_matched_whatever_the_form_of_their_letters(ctx):
    original = rs.brooklyn()
    data = exported(original)
    data["session"]["players"][1]["name"] = "Zo\u00eb"
    first = imports.import_session(default_table(), json.dumps(data))
    data["session"]["players"][1]["name"] = "ZOE\u0308"  # decomposed, in capitals
    before = db.session.scalar(select(func.count()).select_from(Player))

    again = imports.import_session(default_table(), json.dumps(data))

    assert [p.name for p in first.added] == ["Zo\u00eb"]
    assert again.added == ()
    assert [p.name for p in again.players] == ["Ann", "Zo\u00eb", "Cal", "Dan"]
    assert db.session.scalar(select(func.count()).select_from(Player)) == before


def test_a_file_whose_figures_differ_from_the_replay_imports_with_a_note(ctx):
    data = exported(rs.hoyle())
    data["derived"]["log"][0]["totals"]["seat:2"] = 99  # the file claims another total
    imported = imports.import_session(default_table(), json.dumps(data))
    assert imported.note == "the figures of hand 1 differ from those in the file"


def test_the_import_reads_bytes_with_a_byte_order_mark(ctx):
    text = session_json(load_session(rs.brooklyn_pot()))
    imported = imports.import_session(default_table(), b"\xef\xbb\xbf" + text.encode())
    assert every_figure(imported.session_id)["pot"] == 39


# -- refusals ---------------------------------------------------------------------------------


def _refused(text) -> str:
    before = counts()
    with pytest.raises(imports.ImportRefused) as caught:
        imports.import_session(default_table(), text)
    assert counts() == before  # nothing saved
    assert caught.value.where == Where(Part.SESSION)
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
    imported = imports.import_session(default_table(), json.dumps(data))
    assert imported.note is None
    assert every_figure(imported.session_id)["kitty"] == 2


def test_a_file_that_is_not_utf8_is_refused(ctx):
    assert "not UTF-8" in _refused(b"\xff\xfe{")


def test_a_file_too_large_is_refused(ctx):
    assert "larger than 5 MB" in _refused(b" " * (imports.MAX_IMPORT_BYTES + 1))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["session"]["options"].update(min_bid=305),
         "The options: Minimum bid must be a multiple of 10 or 25 points, not 305."),
        (lambda d: d["session"]["options"].update(stake=0),
         "The options: Stake per chip must be at least 1 cent."),
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


def test_an_outcome_typed_in_another_spelling_is_stored_as_the_engine_spells_it(ctx):
    """A form posted with "MADE" or "Opponents_Conceded" is stored as "made" and
    "opponents-conceded", so its export imports again (the file's schema takes the engine's
    spelling, and the one before outcomes were kebab-case)."""
    row_id = rs.brooklyn()
    rs._add(row_id, declarer="Cal", bid=300, trump="C", outcome="MADE")
    assert entries_by_name(row_id)[-1]["outcome"] == "made"
    imported = imports.import_session(default_table(), session_json(load_session(row_id)))
    assert every_figure(imported.session_id) == every_figure(row_id)


@pytest.mark.parametrize(
    ("session", "hand", "spelled_before"),
    [
        pytest.param(rs.bison, {"outcome": "all-pass"}, "all_pass", id="all-pass"),
        # Hoyle hand 3: Cal deals and sits out; Ann bids 300 in clubs and the others concede.
        pytest.param(
            rs.hoyle,
            {"declarer": "Ann", "bid": 300, "trump": "C", "outcome": "opponents-conceded"},
            "opponents_conceded",
            id="opponents-conceded",
        ),
    ],
)
def test_a_file_exported_before_outcomes_were_kebab_case_still_imports(
    ctx, session, hand, spelled_before
):
    """Files exported before issue 20 spelled two outcomes with an underscore."""
    row_id = session()
    rs._add(row_id, **hand)
    data = exported(row_id)
    assert data["events"][-1]["entry"]["outcome"] == hand["outcome"]
    data["events"][-1]["entry"]["outcome"] = spelled_before

    imported = imports.import_session(default_table(), json.dumps(data))

    assert entries_by_name(imported.session_id)[-1]["outcome"] == hand["outcome"]
    assert every_figure(imported.session_id) == every_figure(row_id)


def test_a_round_trip_keeps_a_sides_meld_and_three_teams_tricks(ctx):
    original = rs.six_handed()
    imported = imports.import_session(default_table(), session_json(load_session(original)))
    entry = entries_by_name(imported.session_id)[0]
    assert entry["melds"]["Bob"] == {"mode": "side", "text": "42"}
    assert entry["takes"] == {"Bob": 24, "Ann": 20, "Cal": 6}
    figures = every_figure(imported.session_id)
    assert dict(figures["balances"]) == {"Ann & Dee": 450, "Bob & Eve": 660, "Cal & Fay": 0}
