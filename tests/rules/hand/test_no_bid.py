"""Games without a bid: two-handed and Parlett's cutthroat (RULES 6.4).

Each player adds their meld and trick points; a player who took nothing in tricks loses their
meld. The target (1000) rises by 250 whenever two players pass it on the same hand. Figures are
worked by hand from Scarne's and Pinochle.net's two-handed rules (D1), Parlett's Penguin Book of
Card Games (C1, D3), counted the classic way (A 11, 10 10, K 4, Q 3, J 2, last trick 10).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import BidError, RuleErrors
from scorekeeper.rules.evening.games import Ending, EndReason, bison_end
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import PlayerTricks

TWO = Options.preset("two-handed")
FOUR = Options.preset("cutthroat")


def played(melds: dict[str, int], takes: dict[str, int], last: str, trump=Suit.SPADES):
    return HandInput(
        trump=trump,
        meld=tuple((p, MeldNumber(m)) for p, m in melds.items()),
        tricks=PlayerTricks.of(takes, last),
    )


def test_d1_two_handed_each_adds_meld_and_tricks():
    # B deals and turns up the dix (+10 to B); A melds royal marriage then the run (190); B
    # 100 aces and a pinochle. A takes 130 in cards and the last trick, B 110.
    ctx = HandContext(("A", "B"), "B", ("A", "B"))
    result = score_hand(played({"A": 190, "B": 150}, {"A": 130, "B": 110}, "A"), ctx, TWO)
    assert result.outcome is Outcome.PLAYED
    assert dict(result.changes) == {"A": 330, "B": 260}
    assert result.declarer is None and result.bid is None


def test_c1_a_cutthroat_player_who_took_nothing_loses_the_meld():
    # Spades turned. Meld A 60, B 150, C 40, D 20; cards A 80, B 90 and the last trick, C 70.
    ctx = HandContext(("A", "B", "C", "D"), "D", ("A", "B", "C", "D"))
    melds = {"A": 60, "B": 150, "C": 40, "D": 20}
    result = score_hand(played(melds, {"A": 80, "B": 90, "C": 70, "D": 0}, "B"), ctx, FOUR)
    assert dict(result.changes) == {"A": 140, "B": 250, "C": 110, "D": 0}


def test_nobody_bids_in_a_game_without_an_auction():
    ctx = HandContext(("A", "B"), "B", ("A", "B"))
    entry = HandInput(
        declarer="A", bid=300, trump=Suit.SPADES, tricks=PlayerTricks.of({"A": 240}, "A")
    )
    with pytest.raises(RuleErrors) as error:
        score_hand(entry, ctx, TWO)
    assert [type(e) for e in error.value.each] == [BidError, BidError]
    assert "Nobody bids in this game" in error.value.each[0].rule


def test_the_card_points_must_add_up_without_the_last_trick():
    ctx = HandContext(("A", "B"), "B", ("A", "B"))
    with pytest.raises(Exception) as error:
        score_hand(played({}, {"A": 130, "B": 100}, "A"), ctx, TWO)
    assert "add up to 240" in str(error.value)


RAISED_1250 = EndReason(Ending.RAISED, 1270, 1000, 1250, past=2)
RISES_1250 = EndReason(Ending.TARGET_RISES, None, 1000, 1250, past=2)
RISES_1750 = EndReason(Ending.TARGET_RISES, None, 1000, 1750, past=2)
ALONE_1250 = EndReason(Ending.REACHED, 1260, 1250, past=1)


@pytest.mark.parametrize(
    ("scores", "target", "winner", "next_target", "reason"),
    [
        pytest.param(
            {"A": 1270, "B": 1240}, None, "A", None, RAISED_1250, id="d3-alone-past-1250-wins"
        ),
        pytest.param(
            {"A": 1230, "B": 1210}, None, None, 1250, RISES_1250, id="d3-both-short-play-to-1250"
        ),
        pytest.param(
            {"A": 1260, "B": 1230}, 1250, "A", None, ALONE_1250, id="d3-next-hand-decides"
        ),
        pytest.param({"A": 1510, "B": 1520}, None, None, 1750, RISES_1750, id="rises-past-both"),
        pytest.param({"A": 990, "B": 700}, None, None, None, None, id="nobody-there-yet"),
    ],
)
def test_d3_the_target_rises_by_250_when_two_pass_it(scores, target, winner, next_target, reason):
    verdict = bison_end(scores, None, TWO, 1, False, target)
    assert verdict.winner == winner
    assert verdict.target == next_target
    assert verdict.reason == reason


def test_a_raised_target_holds_until_the_game_ends_then_resets():
    setup = SessionSetup(TWO, ("A", "B"), "A")
    hands = [
        played({"A": 800, "B": 800}, {"A": 130, "B": 110}, "A"),  # A 940, B 910
        played({"A": 100, "B": 100}, {"A": 60, "B": 180}, "B"),  # A 1100, B 1200: to 1250
        played({"A": 0, "B": 0}, {"A": 240, "B": 0}, "A"),  # A 1350, B 1200: A wins
        played({"A": 0, "B": 0}, {"A": 240, "B": 0}, "B"),  # a new game to 1000
    ]
    state = replay(setup, hands)
    assert len(state.games) == 1
    assert state.games[0].winner == "A"
    assert state.games[0].last_hand == 3
    assert state.balance("A") == 240 and state.balance("B") == 10


def test_the_winner_is_said_to_reach_the_raised_target():
    verdict = bison_end({"A": 1480, "B": 1100}, None, TWO, 1, False, 1250)
    assert verdict.winner == "A"
    assert verdict.reason == EndReason(Ending.REACHED, 1480, 1250, past=1)
