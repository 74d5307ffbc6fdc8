"""Several bids said in one line (issue 29): the auction as it went, read by the rules of the
auction (RULES 4.2: each bid tops the one before, only the winning bid is recorded), and
asked about wherever the line does not say the auction as it went.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit

BROOKLYN = table("brooklyn")  # Ann 1, Bob 2, Cy 3


@pytest.mark.parametrize(
    ("line", "declarer", "bid"),
    [
        pytest.param("Bob bid 350 and Cy went 400, Cy made it in hearts", 3, 400, id="two"),
        pytest.param("Bob bid 350, Cy bid 400, hearts, made", 3, 400, id="bid-bid"),
        pytest.param("Ann bid 300, Bob went 320, Ann went 350, hearts, made", 1, 350,
                     id="three-bids-a-player-twice"),
        pytest.param("Bob went three hundred in hearts and made it", 2, 300, id="went-alone"),
        # the bid word carries on to each player and figure said after it, in turn
        pytest.param("Ann bid 300, Bob 320, Ann 350, hearts, made", 1, 350, id="a-list"),
        pytest.param("Bob went 300, Cy 310, hearts, made", 3, 310, id="a-list-after-went"),
    ],
)  # fmt: skip
def test_bids_rising_in_turn_are_won_by_the_last_bidder(line, declarer, bid):
    reading = read(line, BROOKLYN)
    assert (reading.declarer, reading.bid) == (declarer, bid)
    assert reading.trump is Suit.HEARTS and reading.outcome is Outcome.MADE
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    "line",
    [
        # said out of turn: not the auction as it went (a correction? Brooklyn's takeover?)
        pytest.param("Cy bid 400 and Bob went 350, hearts, made", id="falling"),
        # the same player twice in a row: a correction, not an auction
        pytest.param("Bob bid 350, Bob bid 400, hearts, made", id="one-bidder"),
        # the highest bidder is not the one said to have played it
        pytest.param("Bob bid 350 and Cy went 400, Bob made it in hearts", id="other-declarer"),
        # a bid said of nobody: whose it is, and so which won, is not said
        pytest.param("Bob bid 350, then at 400, hearts, made", id="a-bid-of-nobody"),
        # a list that does not rise: which bid won is not said
        pytest.param("Ann bid 300, Bob 350, Ann 300, hearts, made", id="a-list-falling"),
    ],
)
def test_bids_that_are_not_an_auction_as_it_went_are_asked_about(line):
    reading = read(line, BROOKLYN)
    assert reading.bid is None or reading.declarer is None
    assert reading.ambiguous != ()


def test_a_figure_with_its_own_cue_ends_the_list_of_bids():
    # "Bob 60 meld" after Ann's bid is Bob's meld, and Cy's 20 with it (a cue carries back)
    reading = read("Ann bid 250, Bob 60 meld, Cy 20", table("bison"))
    assert (reading.declarer, reading.bid) == (1, 250)
    assert {(m.holder, m.figure) for m in reading.melds} == {(2, 60), (3, 20)}
