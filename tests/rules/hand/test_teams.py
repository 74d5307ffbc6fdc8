"""Partnership hands on a double deck and with three teams (RULES 6.2, 6.3).

Figures are the worked examples of pagat's Double Deck Pinochle page and its variations, the
Pinochle Glossary's double-deck section, and Joe Andrews's double-deck rules, worked by hand in
the tables' own writing (dropped zero: a run is 15, the tricks total 50) and entered here at
scale 10 (``t``). Seats N E S W clockwise: N and S against E and W.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import RuleErrors, TrickError
from scorekeeper.rules.evening.games import partnership_end
from scorekeeper.rules.game.contract import MeldSave, Surrender
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import SideTricks, TrickShares

DOUBLE = Options.preset("double-deck")
PAGAT = replace(DOUBLE, meld_minimum=0, meld_saved_by=MeldSave.A_TRICK_POINT)
NS, EW = Team(("N", "S")), Team(("E", "W"))


def t(figure: int) -> int:
    """Full points from the table's dropped-zero figure."""
    return figure * 10


def four(dealer: str = "W") -> HandContext:
    seats = ("N", "E", "S", "W")
    d = seats.index(dealer)
    active = tuple(seats[(d + k) % 4] for k in range(1, 5))
    return HandContext(seats, dealer, active, (NS, EW))


def hand(declarer, bid, melds, tricks, outcome=None, trump=Suit.SPADES):
    return HandInput(
        outcome=outcome,
        declarer=declarer,
        bid=t(bid),
        trump=trump,
        meld=tuple((p, MeldNumber(t(m))) for p, m in melds.items()),
        tricks=None if tricks is None else SideTricks(t(tricks)),
    )


# E1: N bids 65; NS meld 29 + 10, EW 30 + 8; NS take 31 (29 counters and the last trick).
E1 = {"N": 29, "S": 10, "E": 30, "W": 8}
# E2: E bids 60; EW meld 22, tricks 34; NS meld 14, tricks 16.
E2 = {"E": 22, "W": 0, "N": 14, "S": 0}


@pytest.mark.parametrize(
    ("options", "declarer", "bid", "melds", "bidders_tricks", "outcome", "changes"),
    [
        pytest.param(PAGAT, "N", 65, E1, 31, Outcome.MADE, {NS: 70, EW: 57}, id="e1-made"),
        pytest.param(
            DOUBLE,
            "N",
            65,
            E1,
            31,
            Outcome.MADE,
            {NS: 70, EW: 0},
            id="e1-other-side-under-20-in-tricks-loses-its-meld",
        ),
        pytest.param(PAGAT, "E", 60, E2, 34, Outcome.SET, {EW: -60, NS: 30}, id="e2-set"),
        pytest.param(
            replace(PAGAT, meld_minimum=200),
            "E",
            60,
            E2,
            34,
            Outcome.SET,
            {EW: -60, NS: 16},
            id="e2-meld-under-20-is-not-on-the-board",
        ),
        pytest.param(
            DOUBLE,
            "E",
            60,
            E2,
            34,
            Outcome.SET,
            {EW: -60, NS: 0},
            id="e2-under-20-counters-scores-nothing",
        ),
        pytest.param(
            replace(PAGAT, set_to_opponents=True),
            "E",
            60,
            E2,
            34,
            Outcome.SET,
            {EW: 0, NS: 90},
            id="e2-progressive-set-goes-to-the-other-side",
        ),
        pytest.param(
            PAGAT,
            "S",
            60,
            {"N": 40, "S": 24, "E": 12, "W": 0},
            0,
            Outcome.SET,
            {NS: -60, EW: 62},
            id="e3-bidders-without-a-trick-lose-their-meld",
        ),
        pytest.param(
            PAGAT,
            "N",
            75,
            {"N": 30, "S": 18, "E": 26, "W": 0},
            50,
            Outcome.MADE,
            {NS: 98, EW: 0},
            id="e4-other-side-without-a-trick-scores-nothing",
        ),
    ],
)
def test_double_deck_hands_score_as_the_sources_work_them(
    options, declarer, bid, melds, bidders_tricks, outcome, changes
):
    result = score_hand(hand(declarer, bid, melds, bidders_tricks), four(), options)
    assert result.outcome is outcome
    assert {team: points // 10 for team, points in result.changes} == changes


@pytest.mark.parametrize(
    ("surrender", "ns_meld", "options", "ns_change"),
    [
        pytest.param(Surrender.NOTHING, 31, PAGAT, 0, id="nothing"),
        pytest.param(Surrender.MELD, 31, PAGAT, 31, id="its-meld"),
        pytest.param(Surrender.MELD_AND_HALF, 31, PAGAT, 56, id="meld-and-25-for-cards"),
        pytest.param(Surrender.MELD_AND_ALL, 31, PAGAT, 81, id="meld-and-50-for-cards"),
        pytest.param(Surrender.MELD, 17, DOUBLE, 0, id="meld-under-20-is-not-on-the-board"),
        pytest.param(Surrender.MELD_AND_HALF, 17, DOUBLE, 25, id="cards-without-the-meld"),
    ],
)
def test_e5_a_surrender_pays_the_other_side_by_house_rule(surrender, ns_meld, options, ns_change):
    # E5: W bids 70 and throws in (EW meld 12 is more than 50 short); NS meld as given.
    melds = {"W": 12, "E": 0, "N": ns_meld, "S": 0}
    options = replace(options, surrender=surrender)
    result = score_hand(hand("W", 70, melds, None, Outcome.CONCEDED), four(), options)
    assert {team: points // 10 for team, points in result.changes} == {EW: -70, NS: ns_change}


@pytest.mark.parametrize(
    ("figure", "problem"),
    [
        pytest.param(51, "from 0 to 50", id="more-than-the-deck-holds"),
        pytest.param(-1, "from 0 to 50", id="below-zero"),
    ],
)
def test_a_double_deck_side_takes_between_0_and_50(figure, problem):
    with pytest.raises(TrickError) as error:
        score_hand(hand("N", 50, E1, figure), four(), DOUBLE)
    assert problem in error.value.rule


@pytest.mark.parametrize("figure", [0, 1, 2, 25, 49, 50], ids=lambda f: f"takes-{f}")
def test_every_whole_figure_from_0_to_50_can_be_taken(figure):
    # 48 counters at 1 and the last trick at 2: one counter alone is 1, 47 and the last trick 49.
    score_hand(hand("N", 50, E1, figure), four(), DOUBLE)


SIX = (Team(("A", "D")), Team(("B", "E")), Team(("C", "F")))


def six_handed(**options) -> Options:
    """Six in three teams of two (the preset seats two teams of three)."""
    return replace(Options.preset("six-handed"), shape=Shape(6, 2), **options)


def test_three_teams_each_enter_their_own_tricks():
    # Team A+D bids 60 in hearts with meld 30 + 12 and takes 21; B+E meld 20, take 19; C+F
    # meld 8 (not on the board), take 10: 21 + 19 + 10 = 50.
    ctx = HandContext(("A", "B", "C", "D", "E", "F"), "F", ("A", "B", "C", "D", "E", "F"), SIX)
    entry = HandInput(
        declarer="A",
        bid=t(60),
        trump=Suit.HEARTS,
        meld=tuple((p, MeldNumber(t(m))) for p, m in {"A": 30, "D": 12, "B": 20, "C": 8}.items()),
        tricks=TrickShares((("A", t(21)), ("B", t(19)), ("C", t(10)))),
    )
    result = score_hand(entry, ctx, six_handed())
    # A+D: 42 + 21 = 63 >= 60, made. B+E and C+F took under 20 in tricks: a side that does
    # not take 20 "cannot score anything for the hand" (pagat's variations, the Glossary).
    assert {team: points // 10 for team, points in result.changes} == {
        SIX[0]: 63,
        SIX[1]: 0,
        SIX[2]: 0,
    }
    # Where any trick point saves the meld: B+E 20 + 19; C+F's 8 is not on the board: 10.
    result = score_hand(entry, ctx, six_handed(meld_saved_by=MeldSave.A_TRICK_POINT))
    assert {team: points // 10 for team, points in result.changes} == {
        SIX[0]: 63,
        SIX[1]: 39,
        SIX[2]: 10,
    }
    assert result.tricks[0] == (SIX[0], t(21))


def test_three_teams_tricks_must_add_up_to_the_deck():
    ctx = HandContext(("A", "B", "C", "D", "E", "F"), "F", ("A", "B", "C", "D", "E", "F"), SIX)
    entry = HandInput(
        declarer="A",
        bid=t(60),
        trump=Suit.HEARTS,
        tricks=TrickShares((("A", t(21)), ("B", t(19)), ("C", t(9)))),
    )
    with pytest.raises((TrickError, RuleErrors)) as error:
        score_hand(entry, ctx, six_handed())
    assert "must add up to 50; these add up to 49" in str(error.value)


@pytest.mark.parametrize(
    ("scores", "made", "winner"),
    [
        pytest.param({NS: 505, EW: 530}, True, NS, id="e6-both-pass-500-the-bidders-win"),
        pytest.param({NS: 410, EW: 505}, False, EW, id="e7-only-the-other-side-reached-it"),
        pytest.param({NS: 480, EW: 505}, True, EW, id="e8-the-bidders-short-of-500"),
    ],
)
def test_a_double_deck_game_ends_at_500(scores, made, winner):
    # E6 to E8: NS bid each time.
    verdict = partnership_end({team: t(s) for team, s in scores.items()}, NS, made, DOUBLE)
    assert verdict.winner == winner


def test_with_three_teams_the_bidders_go_out_only_when_they_reached_the_target():
    scores = {SIX[0]: t(480), SIX[1]: t(505), SIX[2]: t(510)}
    verdict = partnership_end(scores, SIX[0], True, six_handed())
    assert verdict.winner == SIX[2]
