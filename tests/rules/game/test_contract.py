"""The contract options of a team game, as RULES 6.2 and 6.3 work their examples.

Single-deck figures (W1) are full points; double-deck figures are written as tables write them
(dropped zero: the tricks total 50) and entered at scale 10 (``t``). Seats N E S W clockwise:
N and S against E and W. Every expected figure is worked in the comment beside it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.evening.games import partnership_end
from scorekeeper.rules.game.contract import MeldSave, Surrender
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import SideTricks, TrickShares

PARTNERSHIP = Options.preset("partnership")
DOUBLE = Options.preset("double-deck")
WITHOUT_THE_20S = replace(DOUBLE, meld_minimum=0, meld_saved_by=MeldSave.A_TRICK_POINT)
NS, EW = Team(("N", "S")), Team(("E", "W"))
FOUR = HandContext(("N", "E", "S", "W"), "W", ("N", "E", "S", "W"), (NS, EW))


def t(figure: int) -> int:
    """Full points from the table's dropped-zero figure."""
    return figure * 10


def hand(declarer, bid, melds, tricks, outcome=None):
    """A hand in full points: the bidders' trick points, or none when given up."""
    return HandInput(
        outcome=outcome,
        declarer=declarer,
        bid=bid,
        trump=Suit.SPADES,
        meld=tuple((p, MeldNumber(m)) for p, m in melds.items()),
        tricks=None if tricks is None else SideTricks(tricks),
    )


def changes(result) -> dict[Team, int]:
    return dict(result.changes)


# W1: N bids 300; N+S meld 120 and take 150 (270, set); E+W meld 50 and take 100.
W1 = hand("N", 300, {"N": 120, "S": 0, "E": 50, "W": 0}, 150)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # The preset: N+S lose the bid and their meld; E+W 50 + 100.
        pytest.param(PARTNERSHIP, {NS: -300, EW: 150}, id="preset-set-loses-bid-and-meld"),
        # 120 - 300 = -180.
        pytest.param(
            replace(PARTNERSHIP, set_keeps_meld=True),
            {NS: -180, EW: 150},
            id="set-keeps-meld-scores-meld-less-bid",
        ),
        # The bid goes to E+W instead: 150 + 300 = 450, N+S 0.
        pytest.param(
            replace(PARTNERSHIP, set_to_opponents=True),
            {NS: 0, EW: 450},
            id="progressive-set-adds-the-bid-to-the-other-side",
        ),
    ],
)
def test_w1_a_single_deck_set_under_each_contract(options, expected):
    result = score_hand(W1, FOUR, options)
    assert result.outcome is Outcome.SET
    assert changes(result) == expected


def test_single_deck_bidders_make_their_bid_on_meld_alone():
    # N bids 250 with N+S meld 260 and no trick point: 260 >= 250, made, +260. E+W meld 60 and
    # take all 250: 310.
    result = score_hand(hand("N", 250, {"N": 260, "S": 0, "E": 60, "W": 0}, 0), FOUR, PARTNERSHIP)
    assert result.outcome is Outcome.MADE
    assert changes(result) == {NS: 260, EW: 310}


def test_single_deck_surrender_with_half_the_cards_adds_125():
    # N bids 300 and gives up; E+W meld 60 and half of the hand's 250: 185.
    options = replace(PARTNERSHIP, surrender=Surrender.MELD_AND_HALF)
    entry = hand("N", 300, {"N": 100, "S": 0, "E": 60, "W": 0}, None, Outcome.CONCEDED)
    assert changes(score_hand(entry, FOUR, options)) == {NS: -300, EW: 185}


def test_a_surrender_costs_the_bid_even_when_sets_are_progressive():
    # E5 with set_to_opponents on: W's 70 is still taken from E+W; N+S add their meld, 31.
    options = replace(DOUBLE, set_to_opponents=True)
    entry = hand("W", t(70), {"W": t(12), "E": 0, "N": t(31), "S": 0}, None, Outcome.CONCEDED)
    assert changes(score_hand(entry, FOUR, options)) == {EW: t(-70), NS: t(31)}


# E2: E bids 60; E+W meld 22 and take 34; N+S meld 14 and take 16.
E2 = hand("E", t(60), {"E": t(22), "W": 0, "N": t(14), "S": 0}, t(34))
# E3: S bids 60; N+S meld 40 + 24 and take nothing; E+W meld 12 and take all 50.
E3 = hand("S", t(60), {"N": t(40), "S": t(24), "E": t(12), "W": 0}, 0)
# E7: N bids 60; N+S meld 18 and take 25, E+W 25.
E7 = hand("N", t(60), {"N": t(18), "S": 0, "E": 0, "W": 0}, t(25))
# E8: N bids 50; N+S meld 10 and take 40, E+W 10.
E8 = hand("N", t(50), {"N": t(10), "S": 0, "E": 0, "W": 0}, t(40))


@pytest.mark.parametrize(
    ("options", "entry", "outcome", "expected"),
    [
        # 56 < 60: 22 - 60 = -38 when the set side keeps its meld (22 is on the board, 34
        # saves it). N+S took 16 < 20: nothing.
        pytest.param(
            replace(DOUBLE, set_keeps_meld=True),
            E2,
            Outcome.SET,
            {EW: -38, NS: 0},
            id="e2-set-keeps-meld",
        ),
        # N+S took nothing, so count no meld: 0 < 60, -60. E+W's 12 is under 20, not on the
        # board: their 50 in tricks alone.
        pytest.param(DOUBLE, E3, Outcome.SET, {NS: -60, EW: 50}, id="e3-preset"),
        # Where the bidders need not save their meld (as in single-deck partnership), and
        # without the 20s: 64 >= 60, made; E+W 12 + 50.
        pytest.param(
            replace(WITHOUT_THE_20S, bidders_save_meld=False),
            E3,
            Outcome.MADE,
            {NS: 64, EW: 62},
            id="e3-bidders-need-not-save",
        ),
        # N+S's meld 10 is not on the board, 40 < 50, set; E+W took 10 < 20: nothing.
        pytest.param(DOUBLE, E8, Outcome.SET, {NS: -50, EW: 0}, id="e8-preset"),
        # 10 + 40 = 50, made; E+W 0 + 10.
        pytest.param(WITHOUT_THE_20S, E8, Outcome.MADE, {NS: 50, EW: 10}, id="e8-without-20s"),
        # 18 + 25 = 43 < 60, still set; E+W 0 + 25.
        pytest.param(WITHOUT_THE_20S, E7, Outcome.SET, {NS: -60, EW: 25}, id="e7-without-20s"),
    ],
)
def test_double_deck_examples_under_each_reading(options, entry, outcome, expected):
    result = score_hand(entry, FOUR, options)
    assert result.outcome is outcome
    assert {team: points // 10 for team, points in result.changes} == expected


def test_e8_under_the_preset_leaves_nobody_at_500():
    # N+S 430 - 50 = 380, E+W 495 + 0: play goes on.
    verdict = partnership_end({NS: t(380), EW: t(495)}, NS, False, DOUBLE)
    assert verdict.winner is None


SEATS = tuple("ABCDEF")
SIX = (Team(("A", "D")), Team(("B", "E")), Team(("C", "F")))


def test_a_progressive_set_gives_the_bid_to_each_other_team():
    # Six in three teams of two. A bids 70; A+D meld 30 + 12 and take 21: 63 < 70, set. With
    # set_to_opponents the 70 goes to B+E and to C+F, though both took under 20 in tricks.
    melds = {"A": 30, "D": 12, "B": 20, "C": 8}
    takes = {"A": 21, "B": 19, "C": 10}
    entry = HandInput(
        declarer="A",
        bid=t(70),
        trump=Suit.HEARTS,
        meld=tuple((p, MeldNumber(t(m))) for p, m in melds.items()),
        tricks=TrickShares(tuple((team, t(n)) for team, n in takes.items())),
    )
    options = replace(Options.preset("six-handed"), shape=Shape(6, 2), set_to_opponents=True)
    result = score_hand(entry, HandContext(SEATS, "F", SEATS, SIX), options)
    assert result.outcome is Outcome.SET
    assert {team: points // 10 for team, points in result.changes} == {
        SIX[0]: 0,
        SIX[1]: 70,
        SIX[2]: 70,
    }
