"""Games without a bid, hand after hand: RULES 6.4's D3 replayed, and the last trick as a trick.

Two-handed, counted the classic way (card points without the last trick add up to 240; the
last trick is 10). Each hand's running totals are worked in the comment beside it.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import PlayerTricks

TWO = Options.preset("two-handed")


def played(melds: dict[str, int], takes: dict[str, int], last: str) -> HandInput:
    return HandInput(
        trump=Suit.SPADES,
        meld=tuple((p, MeldNumber(m)) for p, m in melds.items()),
        tricks=PlayerTricks.of(takes, last),
    )


OPENING = [
    played({"A": 400, "B": 500}, {"A": 130, "B": 110}, "A"),  # A 400 + 140, B 500 + 110: 540, 610
    played({"A": 260, "B": 260}, {"A": 130, "B": 110}, "A"),  # A 940, B 980
]
D1 = played({"A": 190, "B": 150}, {"A": 130, "B": 110}, "A")  # A +330, B +260
SHORT = played({"A": 150, "B": 120}, {"A": 130, "B": 110}, "A")  # A +290, B +230: 1230, 1210


@pytest.mark.parametrize(
    ("hands", "totals", "winner"),
    [
        # A 1270, B 1240: both past 1000, the target is 1250 and A alone is past it.
        pytest.param([D1], {"A": 1270, "B": 1240}, "A", id="d3-alone-past-1250"),
        # A 1230, B 1210: nobody past 1250, play on.
        pytest.param([SHORT], {"A": 1230, "B": 1210}, None, id="d3-both-short-of-1250"),
        # Then A takes every trick (240 + 10), B nothing: B's 60 is cancelled. A 1480 wins.
        pytest.param(
            [SHORT, played({"A": 0, "B": 60}, {"A": 240, "B": 0}, "A")],
            {"A": 1480, "B": 1210},
            "A",
            id="d3-next-hand-alone-past-1250",
        ),
        # Or A melds 20 and takes only the last trick (30), B the rest (240): 1260 and 1450
        # both pass 1250, the target rises to 1500 and play goes on.
        pytest.param(
            [SHORT, played({"A": 20, "B": 0}, {"A": 0, "B": 240}, "A")],
            {"A": 1260, "B": 1450},
            None,
            id="d3-both-past-1250-rise-to-1500",
        ),
    ],
)
def test_d3_the_raised_target_decides_hand_after_hand(hands, totals, winner):
    state = replay(SessionSetup(TWO, ("A", "B"), "A"), [*OPENING, *hands])
    last = state.hands[-1]
    if winner is None:
        assert dict(last.balances) == totals
        assert not state.games
    else:
        assert [(game.winner, dict(game.scores)) for game in state.games] == [(winner, totals)]


def test_a_player_who_took_only_the_last_trick_keeps_the_meld():
    # D melds a marriage (20) and wins the last trick alone: 20 + 10 = 30.
    ctx = HandContext(("A", "B", "C", "D"), "D", ("A", "B", "C", "D"))
    melds = {"A": 60, "B": 150, "C": 40, "D": 20}
    entry = played(melds, {"A": 80, "B": 90, "C": 70, "D": 0}, "D")
    result = score_hand(entry, ctx, Options.preset("cutthroat"))
    # A 60 + 80, B 150 + 90, C 40 + 70, D 20 + 10.
    assert dict(result.changes) == {"A": 140, "B": 240, "C": 110, "D": 30}


@pytest.mark.parametrize(
    ("hands", "target", "passed"),
    [
        # A 940, B 980, then A 1230, B 1210: both past 1000, to 1250; 1000 was passed.
        pytest.param([SHORT], 1250, 1000, id="first-raise-passed-1000"),
        # Then 1260 and 1450 both pass 1250: to 1500, and it is 1250 they passed (issue 30).
        pytest.param(
            [SHORT, played({"A": 20, "B": 0}, {"A": 0, "B": 240}, "A")],
            1500,
            1250,
            id="second-raise-passed-1250",
        ),
    ],
)
def test_a_raised_target_remembers_the_target_passed_to_raise_it(hands, target, passed):
    state = replay(SessionSetup(TWO, ("A", "B"), "A"), [*OPENING, *hands])
    assert (state.target, state.passed_target) == (target, passed)
