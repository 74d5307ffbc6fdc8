"""Why a game ended in a player's words (services/gameend_words.py): every ``Ending``, each
naming the winner with every figure as the table writes it."""

from __future__ import annotations

import pytest

from scorekeeper.rules.evening.games import Ending, EndReason
from scorekeeper.rules.holders import Player, Team
from scorekeeper.services.gameend_words import game_end_words

ANN, BOB, CAL, DEE = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cal"), Player(4, "Dee")
BOB_DEE = Team((BOB, DEE))
E = Ending


@pytest.mark.parametrize(
    ("reason", "winner", "scale", "words"),
    [
        pytest.param(
            EndReason(E.BIDDER_OUT, 1520, 1500, past=2), ANN, 1,
            "Ann went out bidding: 1520", id="the-bidder-goes-out",
        ),
        pytest.param(
            EndReason(E.REACHED, 1530, 1500, past=1), BOB, 1,
            "Bob reached 1500 first, with 1530", id="alone-past-the-target",
        ),
        pytest.param(
            EndReason(E.REACHED, 5300, 5000, past=1), BOB_DEE, 10,
            "Bob & Dee reached 500 first, with 530", id="a-team-at-scale-10",
        ),
        pytest.param(
            EndReason(E.MOST_PAST, 1600, 1500, past=2), CAL, 1,
            "Two passed 1500 on the same hand and Cal had more: 1600", id="two-past-the-higher",
        ),
        pytest.param(
            EndReason(E.MOST_PAST, 1650, 1500, past=3), CAL, 1,
            "Three passed 1500 on the same hand and Cal had the most: 1650",
            id="three-past-the-highest",
        ),
        pytest.param(
            EndReason(E.BIDDERS_MADE, 6600, 5000, past=2), BOB_DEE, 10,
            "Two passed 500 on the same hand; Bob & Dee bid and made it: 660",
            id="both-teams-past-the-bidders-made",
        ),
        pytest.param(
            EndReason(E.RAISED, 1300, 1000, 1250, past=2), ANN, 1,
            "Two passed 1000 on the same hand, so the game went to 1250;"
            " Ann passed that too: 1300",
            id="alone-past-the-raised-target",
        ),
        pytest.param(
            EndReason(E.FLOOR, 300, floor=-1000), BOB, 1,
            "A score went below \u22121000, which ends the game: Bob is highest with 300",
            id="below-the-floor-the-highest",
        ),
        pytest.param(
            EndReason(E.FIXED_DEALS, 730, deals=12), ANN, 1,
            "Highest after 12 deals: Ann, with 730", id="highest-after-the-deals",
        ),
        pytest.param(
            EndReason(E.TIED_PAST_TARGET, 1550, 1500, past=2), None, 1,
            "Two passed 1500, tied on top at 1550: another hand decides", id="tied-past",
        ),
        pytest.param(
            EndReason(E.TIED_BELOW_FLOOR, 300, floor=-1000), None, 1,
            "A score went below \u22121000 with the top tied at 300: another hand decides",
            id="tied-below-the-floor",
        ),
        pytest.param(
            EndReason(E.TIED_AFTER_DEALS, 700, deals=5), None, 1,
            "Tied on top at 700 after 5 deals: another hand decides", id="tied-after-deals",
        ),
        pytest.param(
            EndReason(E.TARGET_RISES, None, 1000, 1250, past=2), None, 1,
            "Two passed 1000 on the same hand, so the game goes to 1250: play on",
            id="the-target-rises",
        ),
        pytest.param(
            EndReason(E.NOBODY_ABOVE_ZERO, 0, floor=-500), None, 1,
            "A score went below \u2212500 but nobody is above 0: play on until someone is",
            id="nobody-above-zero",
        ),
    ],
)  # fmt: skip
def test_each_ending_is_said_as_a_player_says_it(reason, winner, scale, words):
    assert game_end_words(reason, winner, scale) == words


def test_every_ending_has_its_words():
    worded = {
        ending: game_end_words(EndReason(ending, 100, 1000, 1250, -500, 5, past=2), ANN, 1)
        for ending in Ending
    }
    assert all(worded.values())
    assert len(set(worded.values())) == len(Ending)
