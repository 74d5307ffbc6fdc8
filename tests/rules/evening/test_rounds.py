"""Deals per player and the even round (RULES 5.9; seed 000, Brooklyn).

Seed ``000_0d3b0c595f5b8431.txt``: "The session will end by mutual agreement, ideally after
each player has dealt an equal number of times." Worked by hand from the research note's Y1:
Ann, Bob, Cal and Dee; the dealers hand by hand are Ann, Bob, Cal (a misdeal: Cal deals
again), Cal, Dee, Ann, Bob, Cal, Dee. A misdeal is no deal, so after hand 8 the counts are
2, 2, 2, 1 and after hand 9 everyone has dealt twice.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.evening.rounds import deal_round
from scorekeeper.rules.evening.session import PlayerLeaves, SessionSetup, replay
from scorekeeper.rules.game.options import AllPass, Options
from scorekeeper.rules.hand.hands import HandInput
from scorekeeper.rules.hand.outcome import Outcome

# Throw-ins keep the hands short: an all-pass deal moves the deal on, a misdeal does not.
BROOKLYN = replace(Options.preset("brooklyn"), all_pass=AllPass.THROW_IN, even_deals=True)
PLAYERS = ("Ann", "Bob", "Cal", "Dee")
THROWN = HandInput(Outcome.ALL_PASS)
MISDEAL = HandInput(Outcome.MISDEAL)
Y1 = [THROWN, THROWN, MISDEAL, THROWN, THROWN, THROWN, THROWN, THROWN, THROWN]


def counted(events):
    return deal_round(replay(SessionSetup(BROOKLYN, PLAYERS, "Ann"), events))


@pytest.mark.parametrize(
    ("hands", "counts", "even", "behind"),
    [
        pytest.param(0, (0, 0, 0, 0), False, (), id="nobody-has-dealt"),
        pytest.param(2, (1, 1, 0, 0), False, ("Cal", "Dee"), id="ann-and-bob-dealt"),
        pytest.param(3, (1, 1, 0, 0), False, ("Cal", "Dee"), id="a-misdeal-is-no-deal"),
        pytest.param(5, (1, 1, 1, 1), True, (), id="everyone-once"),
        pytest.param(8, (2, 2, 2, 1), False, ("Dee",), id="y1-after-hand-8"),
        pytest.param(9, (2, 2, 2, 2), True, (), id="y1-after-hand-9-everyone-twice"),
    ],
)
def test_deals_are_counted_per_player_and_misdeals_do_not_count(hands, counts, even, behind):
    found = counted(Y1[:hands])
    assert found.counts == tuple(zip(PLAYERS, counts, strict=True))
    assert found.even is even
    assert found.behind == behind
    assert found.since_hand == 0


def test_counting_the_misdeal_would_have_hidden_the_even_round():
    # Without the misdeal the same nine entries would give Cal 3: the 9th hand is even only
    # because hand 3 is not a deal.
    found = counted(Y1)
    assert found.of("Cal") == 2 and found.rounds == 2


def test_the_count_starts_again_among_those_left_when_a_player_leaves():
    # Everyone dealt once (hands 1 to 4, no misdeal), then Dee leaves. Ann, Bob and Cal deal
    # hands 5, 6 and 7: each once since hand 4, an even round of three.
    events = [THROWN] * 4 + [PlayerLeaves("Dee")] + [THROWN] * 3
    found = counted(events)
    assert found.counts == (("Ann", 1), ("Bob", 1), ("Cal", 1))
    assert found.even and found.since_hand == 4
    assert not counted(events[:-1]).even  # Cal has not dealt since Dee left
