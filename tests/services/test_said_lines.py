"""The app's own line for a stored hand (``HandLine.said``, on the history page) reads back to
that hand (issue 29's round trip), in every preset: a meld entered as cards or named melds is
said as its worth, a takeover as a takeover, and the hand read from the line scores as the
hand stored.
"""

from __future__ import annotations

import pytest
import reportsessions as rs

from scorekeeper.rules.hand.hands import score_hand
from scorekeeper.rules.saying import SayingTable, read_hand, reading_of
from scorekeeper.services.entries import HandEntry, MeldText, to_input
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.standings import hand_lines
from scorekeeper.services.tables import default_table


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def said(session_id: int) -> list[str]:
    """The session's hands in one line each, first hand first."""
    return [line.said for line in reversed(hand_lines(load_session(session_id)))]


@pytest.mark.parametrize("preset", sorted(rs.BUILDERS))
def test_every_stored_hands_line_reads_back_to_a_hand_scoring_the_same(ctx, preset):
    loaded = load_session(rs.BUILDERS[preset]())
    lines = hand_lines(loaded)
    assert lines
    for line in lines:
        record = line.record
        back = read_hand(line.said, SayingTable.at(loaded.options, record.context))
        stored = reading_of(record.input, loaded.options, record.context).fields()
        assert (back.ambiguous, back.unknown_words) == ((), ()), line.said
        assert all(stored[name] in (None, {}) for name in back.missing), line.said
        assert back.fields() == stored, line.said
        fields = back.fields()
        melds = {pid: MeldText(m["mode"], m["text"]) for pid, m in fields.pop("melds").items()}
        entry = HandEntry(**fields, melds=melds)
        again = score_hand(to_input(entry, loaded.players, loaded.options), record.context,
                           loaded.options)  # fmt: skip
        assert again.changes == record.result.changes, line.said


def test_bisons_lines_say_meld_by_cards_and_named_melds_as_their_worth(ctx):
    # reportsessions.bison: hand 1 Bob's run in spades entered as cards (150, RULES 2.1),
    # hand 3 Ann's "aces around" entered as named melds (100); hand 4 conceded with no trump
    assert said(rs.bison()) == [
        "Bob at 250, spades, meld Ann 40, Bob 150, Cal 20, tricks Ann 8, Bob 12, Cal 4, "
        "last trick Bob",
        "Cal at 300, hearts, meld Ann 0, Bob 60, Cal 40, tricks Ann 0, Bob 14, Cal 10, "
        "last trick Cal",
        "Ann at 250, diamonds, meld Ann 100, Bob 20, Cal 0, tricks Ann 15, Bob 9, Cal 0, "
        "last trick Ann",
        "conceded, Cal at 250, meld Ann 20, Bob 40, Cal 0",  # a meld left empty is 0
    ]


def test_a_brooklyn_takeover_is_said_as_one_and_reads_back_as_one(ctx):
    # RULES 4.3: Ann deals; the lone 300 bidder made her play at 250: she makes it in clubs
    row = create_session(default_table(), {"system": "brooklyn"}, ["Ann", "Bob", "Cy"], 0)
    loaded = load_session(row.id)
    ann = next(p.id for p in loaded.players.values() if p.name == "Ann")
    save_hand(loaded, HandEntry(outcome="made", declarer=ann, bid=250, trump="C", takeover=True))
    (line,) = said(row.id)
    assert line == "made, Ann at 250, takeover, clubs"
    context = load_session(row.id).state.hands[0].context
    back = read_hand(line, SayingTable.at(loaded.options, context))
    assert (back.takeover, back.declarer, back.bid) == (True, ann, 250)
