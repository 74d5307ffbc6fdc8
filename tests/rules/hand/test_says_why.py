"""Every result says why (issue 30): a figure that does not count is said not to, and why.

A side's meld under the house's minimum, meld lost for too few tricks and a bid not reached are
said in the hand's words (``describe``), which the preview, the history, the hand log, the PDF
and the API's text all show. Double deck, the preset (RULES 6.3): figures as the table writes
them (dropped zero: the tricks total 50), meld counts from 20 on the board, a side's meld is
saved by 20 trick points, the bidders' too; N and S against E and W, W deals.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.describe import describe
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import SideTricks

DOUBLE = Options.preset("double-deck")
BROOKLYN = Options.preset("brooklyn")
NS, EW = Team(("N", "S")), Team(("E", "W"))
FOUR = HandContext(("N", "E", "S", "W"), "W", ("N", "E", "S", "W"), (NS, EW))
THREE = HandContext(("Ann", "Bob", "Cal"), "Cal", ("Ann", "Bob", "Cal"))


def double_deck(bid: int, melds: dict[str, int], tricks: int) -> str:
    """N's hand in words; figures as the table writes them (x10 in full points)."""
    entry = HandInput(
        None,
        "N",
        bid * 10,
        Suit.SPADES,
        tuple((p, MeldNumber(m * 10)) for p, m in melds.items()),
        SideTricks(tricks * 10),
    )
    return describe(score_hand(entry, FOUR, DOUBLE), DOUBLE)


@pytest.mark.parametrize(
    ("bid", "melds", "tricks", "words"),
    [
        pytest.param(
            # 16 meld is under the 20 minimum: it counts 0; 0 + 34 = 34 < 50, set. E & W took
            # 50 - 34 = 16, under the 20 that saves a side's meld: nothing.
            50, {"N": 16}, 34,
            "N is set at 50 with 16 meld and 34 in tricks (the 16 meld does not count: under "
            "the 20 minimum; 34 in all, short of the 50 bid): N & S −50, E & W 0 (E & W: took "
            "under 20 in tricks, so nothing scores).",
            id="meld-under-the-minimum-and-the-bid-not-reached",
        ),
        pytest.param(
            # 30 meld counts (on the board, saved by 25 >= 20); 30 + 25 = 55 < 60: set.
            # E & W took 50 - 25 = 25 >= 20 and scores its tricks: +25.
            60, {"N": 30}, 25,
            "N is set at 60 with 30 meld and 25 in tricks (55 in all, short of the 60 bid): "
            "N & S −60, E & W +25.",
            id="a-bid-not-reached-says-by-how-much",
        ),
        pytest.param(
            # 40 meld on the board but the bidders took 10 < 20, which does not save it:
            # 0 + 10 = 10 < 50, set. E & W took 40 and scores it.
            50, {"N": 40}, 10,
            "N is set at 50 with 40 meld and 10 in tricks (the 40 meld does not count: took "
            "under 20 in tricks; 10 in all, short of the 50 bid): N & S −50, E & W +40.",
            id="meld-lost-for-too-few-tricks",
        ),
        pytest.param(
            # 16 meld under the 20 minimum counts 0, but all 50 in tricks reach the 50 bid.
            50, {"N": 16}, 50,
            "N makes 50 with 16 meld and 50 in tricks (the 16 meld does not count: under the "
            "20 minimum): N & S +50, E & W 0 (E & W: took under 20 in tricks, so nothing "
            "scores).",
            id="a-make-from-tricks-alone",
        ),
        pytest.param(
            # N & S: 30 + 25 = 55 >= 50, made, +55. E & W: 16 meld under the minimum, 25
            # tricks >= 20 saved: +25, the meld not counted.
            50, {"N": 30, "E": 16}, 25,
            "N makes 50 with 30 meld and 25 in tricks: N & S +55, E & W +25 (E & W's 16 meld "
            "does not count: under the 20 minimum).",
            id="the-other-sides-meld-under-the-minimum",
        ),
        pytest.param(
            # 39 + 30 = 69 >= 65: made, +69; E & W took 50 - 30 = 20, enough to save a
            # side's meld: +20. Every figure counts: nothing to explain.
            65, {"N": 29, "S": 10}, 30,
            "N makes 65 with 39 meld and 30 in tricks: N & S +69, E & W +20.",
            id="everything-counts-nothing-added",
        ),
    ],
)  # fmt: skip
def test_a_figure_that_does_not_count_says_why(bid, melds, tricks, words):
    assert double_deck(bid, melds, tricks) == words


def test_a_chip_game_set_says_the_bid_not_reached():
    # Brooklyn: Ann bids 350, melds 150 and takes 150: 300 < 350, set. 350 is worth 2 chips
    # (300-340: 1, 350-390: 2; RULES 5.3), paid to each other player.
    entry = HandInput(None, "Ann", 350, Suit.HEARTS, (("Ann", MeldNumber(150)),), SideTricks(150))
    words = describe(score_hand(entry, THREE, BROOKLYN), BROOKLYN)
    assert words.startswith(
        "Ann is set at 350 with 150 meld and 150 in tricks (300 in all, short of the 350 bid): "
        "pays "
    )
