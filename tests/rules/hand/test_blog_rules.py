"""The four-player blog's partnership rules (seed 004; RULES 6.5).

Seed ``004_21fc22b69d668bef.txt`` plays to 150 with counters worth 1 ("scale" 10): "If the
bidding team took no tricks, then they also cannot receive any positive points" (option
``bidders_no_trick``), and "The first team to reach 150 points wins. If, at the end of a round,
both teams are tied with a value of 150 or more, the winner of the next round wins the game"
(option ``both_reach`` at ``higher``). Every figure below is worked by hand in the blog's own
writing (dropped zero: tricks total 25) and entered at scale 10 (``t``). Seats N E S W
clockwise: N and S against E and W.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import OutcomeError
from scorekeeper.rules.evening.games import partnership_end
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.contract import NoTrick
from scorekeeper.rules.game.options import BothReach, Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import SideTricks

BLOG = replace(Options.preset("partnership"), scale=10, min_bid=250, target=1500)
HIGHER = replace(BLOG, both_reach=BothReach.HIGHER)
NS, EW = Team(("N", "S")), Team(("E", "W"))
SEATS = ("N", "E", "S", "W")


def t(figure: int) -> int:
    """Full points from the table's dropped-zero figure."""
    return figure * 10


def four() -> HandContext:
    return HandContext(SEATS, "W", SEATS, (NS, EW))


def hand(declarer, bid, melds, bidders_tricks, outcome=None):
    return HandInput(
        outcome=outcome,
        declarer=declarer,
        bid=t(bid),
        trump=Suit.HEARTS,
        meld=tuple((p, MeldNumber(t(m))) for p, m in melds.items()),
        tricks=SideTricks(t(bidders_tricks)),
    )


# X1 (research 5.4 b): N bids 25, NS meld 30, EW take every trick (25) and meld 8.
X1 = {"N": 30, "S": 0, "E": 8, "W": 0}


@pytest.mark.parametrize(
    ("no_trick", "bid", "bidders_tricks", "outcome", "changes"),
    [
        # As usual (RULES 6.2): 30 + 0 >= 25, made, NS +30; EW 8 + 25 = 33.
        pytest.param(NoTrick.USUAL, 25, 0, Outcome.MADE, {NS: 30, EW: 33}, id="x1-as-usual"),
        # Seed 004: no positive points for bidders without a trick: NS 0; EW as usual.
        pytest.param(NoTrick.ZERO, 25, 0, Outcome.MADE, {NS: 0, EW: 33}, id="x1-nothing"),
        # The other reading: the trickless bidders are set, NS -25.
        pytest.param(NoTrick.SET, 25, 0, Outcome.SET, {NS: -25, EW: 33}, id="x1-set"),
        # A bid of 40: 30 + 0 < 40, set under every reading; "no positive points" keeps -40.
        pytest.param(NoTrick.ZERO, 40, 0, Outcome.SET, {NS: -40, EW: 33}, id="short-nothing"),
        pytest.param(NoTrick.SET, 40, 0, Outcome.SET, {NS: -40, EW: 33}, id="short-set"),
        # One counter is a trick point: NS 30 + 1 = 31 made; EW 8 + 24 = 32, as usual.
        pytest.param(NoTrick.ZERO, 25, 1, Outcome.MADE, {NS: 31, EW: 32}, id="a-counter-zero"),
        pytest.param(NoTrick.SET, 25, 1, Outcome.MADE, {NS: 31, EW: 32}, id="a-counter-set"),
    ],
)
def test_bidders_without_a_trick_score_by_house_rule(
    no_trick, bid, bidders_tricks, outcome, changes
):
    options = replace(BLOG, bidders_no_trick=no_trick)
    result = score_hand(hand("N", bid, X1, bidders_tricks), four(), options)
    assert result.outcome is outcome
    assert {team: points // 10 for team, points in result.changes} == changes


def test_trickless_bidders_entered_as_made_are_refused_when_the_house_sets_them():
    options = replace(BLOG, bidders_no_trick=NoTrick.SET)
    with pytest.raises(OutcomeError, match=r"took no trick point.*set, not made"):
        score_hand(hand("N", 25, X1, 0, Outcome.MADE), four(), options)


def test_a_set_side_keeping_its_meld_still_gets_nothing_positive_without_a_trick():
    # set_keeps_meld: NS 30 - 40 = -10 stays negative; NoTrick.ZERO leaves it alone.
    options = replace(BLOG, bidders_no_trick=NoTrick.ZERO, set_keeps_meld=True)
    result = score_hand(hand("N", 40, X1, 0), four(), options)
    assert result.change(NS) == t(-10)


@pytest.mark.parametrize(
    ("scores", "bidders", "made", "options", "winner"),
    [
        # X2: NS 161, EW 167, EW bid and made: EW win either way.
        pytest.param({NS: 161, EW: 167}, EW, True, BLOG, EW, id="x2-bidders-made"),
        pytest.param({NS: 161, EW: 167}, EW, True, HIGHER, EW, id="x2-higher"),
        # X3: NS 167, EW 165, EW bid 25 and made it: the bidders win today, NS by seed 004.
        pytest.param({NS: 167, EW: 165}, EW, True, BLOG, EW, id="x3-bidders-made"),
        pytest.param({NS: 167, EW: 165}, EW, True, HIGHER, NS, id="x3-higher"),
        # X4: both at 175, a tie: another hand under seed 004.
        pytest.param({NS: 175, EW: 175}, EW, True, HIGHER, None, id="x4-tie-plays-on"),
        # X4's next hand: NS +20, EW +16: NS 195 beats EW 191.
        pytest.param({NS: 195, EW: 191}, EW, True, HIGHER, NS, id="x4-next-hand-decides"),
        # Only one team at 150: it wins, whatever the option.
        pytest.param({NS: 150, EW: 149}, EW, True, HIGHER, NS, id="one-team-at-150"),
    ],
)
def test_both_teams_past_150_the_blog_takes_the_higher_score(
    scores, bidders, made, options, winner
):
    full = {team: t(score) for team, score in scores.items()}
    assert partnership_end(full, bidders, made, options).winner == winner


def _evening(options):
    # Hand 1, W deals, N bids 25 and makes it: N melds 100 (1000 aces), S 40 (400 jacks), NS
    # take 15: NS 140 + 15 = 155. EW meld 115 (E: 1000 aces and a run) + 30 (W: double
    # pinochle) = 145, take 10: 155. Both at 155, tied.
    # Hand 2, N deals, E bids 25: EW meld 10 (100 aces) + 15 tricks = 25, made: EW 180.
    # NS meld 4 (a pinochle) + 10 tricks = 14: NS 169.
    first = hand("N", 25, {"N": 100, "S": 40, "E": 115, "W": 30}, 15)
    second = hand("E", 25, {"N": 4, "S": 0, "E": 10, "W": 0}, 15)
    return replay(SessionSetup(options, SEATS, "W"), [first, second])


def test_a_tie_at_155_is_decided_by_the_next_hand_under_the_blog_rule():
    state = _evening(HIGHER)
    (game,) = state.games
    assert game.winner == EW and game.last_hand == 2
    assert {team: score // 10 for team, score in game.scores} == {NS: 169, EW: 180}


def test_a_tie_at_155_goes_to_the_bidders_who_made_it_by_default():
    state = _evening(BLOG)
    assert state.games[0].winner == NS and state.games[0].last_hand == 1
