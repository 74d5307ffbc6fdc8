"""A hand as typed: to the engine's full-point ``HandInput``, onto a row and back unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest
from naming import named

from scorekeeper.models import Hand
from scorekeeper.rules.errors import Part, RuleError, Where
from scorekeeper.rules.evening.session import PlayerLeaves
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import MeldCards, MeldClaims, MeldNumber
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Player
from scorekeeper.rules.pack.cards import Hand as Cards
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import Claim, MeldKind
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks
from scorekeeper.services.entries import (
    EntryError,
    HandEntry,
    MeldText,
    apply_to_row,
    from_row,
    row_event,
    to_input,
)

PLAYERS = {11: "Ann", 12: "Bob", 13: "Cal"}
ANN_MELD = Where(Part.MELD, "Ann")
BAD_CARD = Where(Part.MELD, "Ann", card="ZZ")
TWENTY = MeldText("number", "20")


def STRANGER(part: Part) -> Where:
    """The place of player 99, who is not at the table, entered as ``part``."""
    return Where(part, Player(99, "99"))


BROOKLYN = Options.preset("brooklyn")
BISON = Options.preset("bison")
BISON_SCALE_10 = replace(BISON, scale=10)


def test_a_brooklyn_entry_becomes_the_engines_input_with_names_for_ids():
    entry = HandEntry(
        outcome="made", declarer=12, bid=350, trump="h",
        melds={12: MeldText("number", "150")}, tricks=200,
    )  # fmt: skip

    hand = to_input(entry, PLAYERS, BROOKLYN)

    assert hand.outcome is Outcome.MADE
    assert named(hand.declarer) == "Bob"
    assert hand.bid == 350
    assert hand.trump is Suit.HEARTS
    assert hand.meld == (("Bob", MeldNumber(150)),)
    assert hand.tricks == SideTricks(200)


def test_an_empty_outcome_leaves_it_to_the_figures():
    hand = to_input(HandEntry(declarer=11, bid=300, trump="S"), PLAYERS, BROOKLYN)

    assert hand.outcome is None


def test_figures_written_without_the_trailing_zero_become_full_points():
    # Scale 10: bid 25 is 250, meld 19 is 190; counters stay counters (the engine counts 10).
    entry = HandEntry(
        declarer=11, bid=25, trump="D",
        melds={11: MeldText("number", "19"), 12: MeldText("number", "4")},
        takes={11: 12, 12: 12, 13: 0}, last_trick=11,
    )  # fmt: skip

    hand = to_input(entry, PLAYERS, BISON_SCALE_10)

    assert hand.bid == 250
    assert dict(hand.meld) == {"Ann": MeldNumber(190), "Bob": MeldNumber(40)}
    assert hand.tricks == PlayerTricks.of({"Ann": 12, "Bob": 12, "Cal": 0}, "Ann")
    assert hand.tricks.points("Ann", BISON_SCALE_10) == 130  # 12 counters x 10 + last trick 10


def test_side_tricks_at_scale_10_are_full_points():
    partnership = replace(Options.preset("partnership"), scale=10)
    hand = to_input(HandEntry(declarer=11, bid=25, trump="C", tricks=15), PLAYERS, partnership)

    assert hand.tricks == SideTricks(150)


def test_meld_by_cards_and_by_named_melds_is_read():
    entry = HandEntry(
        declarer=11, bid=300, trump="S",
        melds={
            11: MeldText("cards", "as 10s ks qs js"),
            12: MeldText("claims", "Run, pinochle"),
        },
    )  # fmt: skip

    hand = to_input(entry, PLAYERS, BISON)

    assert dict(hand.meld)["Ann"] == MeldCards(Cards.parse("AS TS KS QS JS"))
    claims = dict(hand.meld)["Bob"]
    assert isinstance(claims, MeldClaims)
    assert [claim.kind for claim in claims.claims] == [MeldKind.RUN, MeldKind.PINOCHLE]


DOUBLE_DECK = replace(Options.preset("partnership"), deck=Deck.DOUBLE)
FOUR = {11: "Ann", 12: "Bob", 13: "Cal", 14: "Dee"}


@pytest.mark.parametrize(
    ("mode", "text", "meld"),
    [
        pytest.param(
            "cards", "qs qs qs jd jd jd",
            MeldCards(Cards.parse("QS QS QS JD JD JD", deck=Deck.DOUBLE)), id="a third copy",
        ),
        pytest.param(
            "claims", "triple pinochle", MeldClaims((Claim(MeldKind.PINOCHLE),) * 3),
            id="three of a meld named",
        ),
    ],
)  # fmt: skip
def test_a_meld_is_read_for_a_double_deck_session(mode, text, meld):
    entry = HandEntry(declarer=11, bid=300, trump="S", melds={11: MeldText(mode, text)})
    assert dict(to_input(entry, FOUR, DOUBLE_DECK).meld)["Ann"] == meld


def test_a_nine_laid_down_in_a_double_deck_session_is_refused():
    nine = HandEntry(declarer=11, melds={11: MeldText("cards", "KS QS 9S")})
    with pytest.raises(RuleError) as caught:
        to_input(nine, FOUR, DOUBLE_DECK)
    assert caught.value.rule == "A double deck has no nines: 9S."


def test_an_empty_meld_is_no_meld():
    hand = to_input(
        HandEntry(declarer=11, bid=300, trump="S", melds={11: MeldText("number", "  ")}),
        PLAYERS,
        BROOKLYN,
    )

    assert hand.meld == ()


@pytest.mark.parametrize(
    ("entry", "where", "words"),
    [
        (HandEntry(declarer=99, bid=300), STRANGER(Part.DECLARER), "not at this table"),
        (HandEntry(declarer=11, melds={99: TWENTY}), STRANGER(Part.MELD), "not at this"),
        (HandEntry(declarer=11, melds={11: MeldText("number", "lots")}), ANN_MELD, "'lots'"),
        (HandEntry(declarer=11, melds={11: MeldText("guess", "20")}), ANN_MELD, "number"),
        (HandEntry(declarer=11, melds={11: MeldText("cards", "AS ZZ")}), BAD_CARD, "ZZ"),
        (HandEntry(declarer=11, melds={11: MeldText("claims", "flush royale")}), ANN_MELD, ""),
        (HandEntry(declarer=11, takes={99: 3}, last_trick=11), STRANGER(Part.TAKE), "not at this"),
        (HandEntry(declarer=11, outcome="won"), Where(Part.OUTCOME), "'won'"),
        (HandEntry(declarer=11, trump="X"), Where(Part.TRUMP), "X"),
    ],
    ids=[
        "unknown declarer", "unknown melder", "meld not a number", "unknown meld mode",
        "bad card", "unknown named meld", "unknown taker", "unknown outcome", "unknown suit",
    ],
)  # fmt: skip
def test_an_entry_that_cannot_be_read_is_placed_where_it_was_typed(entry, where, words):
    with pytest.raises(RuleError) as caught:
        to_input(entry, PLAYERS, BISON)

    assert caught.value.where == where
    assert words in caught.value.rule


def test_an_unknown_player_is_an_entry_error():
    with pytest.raises(EntryError):
        to_input(HandEntry(declarer=99), PLAYERS, BROOKLYN)


def test_a_row_keeps_full_points_and_gives_back_what_was_typed():
    # Bison at scale 10: the row holds 250 and 190; the entry read back says 25 and 19 again.
    entry = HandEntry(
        outcome=None, declarer=11, bid=25, trump="d",
        melds={
            11: MeldText("number", "19"),
            12: MeldText("cards", "qs jd"),
            13: MeldText("claims", "marriage h, Marriage C"),
        },
        takes={11: 12, 12: 12, 13: 0}, last_trick=12,
    )  # fmt: skip
    row = Hand(session_id=1, seq=1)

    apply_to_row(entry, row, BISON_SCALE_10)

    assert row.kind == "hand"
    assert row.bid == 250
    assert row.trump == "D"
    assert {m.player_id: (m.mode, m.entry) for m in row.melds} == {
        11: ("number", "190"),
        12: ("cards", "QS JD"),
        13: ("claims", "marriage H, marriage C"),
    }
    assert {t.player_id: t.taken for t in row.takes} == {11: 12, 12: 12, 13: 0}

    back = from_row(row, BISON_SCALE_10)

    assert back.bid == 25
    assert back.trump == "D"
    assert back.melds[11] == MeldText("number", "19")
    assert back.melds[12] == MeldText("cards", "QS JD")
    assert back.takes == {11: 12, 12: 12, 13: 0}
    assert back.last_trick == 12


def test_a_row_keeps_the_declarers_tricks_and_the_takeover():
    entry = HandEntry(outcome="made", declarer=13, bid=250, trump="C", takeover=True, tricks=180)
    row = Hand(session_id=1, seq=1)

    apply_to_row(entry, row, BROOKLYN)

    assert (row.declarer_tricks, row.takeover, row.outcome) == (180, True, "made")
    assert from_row(row, BROOKLYN).as_dict() == entry.as_dict()


def test_rewriting_a_row_replaces_its_melds_and_takes():
    row = Hand(session_id=1, seq=1)
    apply_to_row(
        HandEntry(declarer=11, bid=250, melds={11: MeldText("number", "40")}, takes={11: 24}),
        row,
        BISON,
    )

    apply_to_row(HandEntry(declarer=12, bid=260, melds={12: MeldText("number", "20")}), row, BISON)

    assert [(m.player_id, m.entry) for m in row.melds] == [(12, "20")]
    assert row.takes == []


def test_a_leave_row_is_a_player_leaving():
    row = Hand(session_id=1, seq=3, kind="leave", player_id=12)

    assert row_event(row, PLAYERS, BROOKLYN) == PlayerLeaves("Bob")


def test_a_hand_row_is_the_engines_input():
    row = Hand(session_id=1, seq=1)
    apply_to_row(HandEntry(outcome="set", declarer=11, bid=300, trump="S"), row, BROOKLYN)

    event = row_event(row, PLAYERS, BROOKLYN)

    assert (event.outcome, event.declarer, event.bid, event.trump) == (
        Outcome.SET,
        "Ann",
        300,
        Suit.SPADES,
    )


def test_the_audit_form_of_an_entry_is_plain_json_data():
    import json

    entry = HandEntry(
        declarer=11, bid=300, melds={11: MeldText("claims", "run")}, takes={11: 24}
    )  # fmt: skip

    data = json.loads(json.dumps(entry.as_dict()))

    assert data["melds"] == {"11": {"mode": "claims", "text": "run"}}
    assert data["takes"] == {"11": 24}
