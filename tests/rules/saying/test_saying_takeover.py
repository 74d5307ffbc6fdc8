"""Brooklyn's dealer takeover said in a line (issue 29; RULES 4.3): the lone 300 bidder makes
the dealer play at 250, read only where the house rules have the takeover."""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit

BROOKLYN = table("brooklyn")  # Ann 1, Bob 2, Cy 3: Brooklyn's all_pass is dealer-takeover


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Cy took it over at 250, clubs, made", id="took-it-over"),
        pytest.param("takeover, Cy at 250, clubs, made", id="takeover-first"),
        pytest.param("Cy dealer takeover 250 clubs made", id="dealer-takeover"),
        # a takeover is played at 250: of the bids said, that one is the hand's
        pytest.param("Bob bid 300, Cy took it over at 250, clubs, made", id="after-the-300"),
    ],
)
def test_a_takeover_is_read_with_the_250_it_is_played_at(line):
    reading = read(line, BROOKLYN)
    assert (reading.takeover, reading.declarer, reading.bid) == (True, 3, 250)
    assert (reading.trump, reading.outcome) == (Suit.CLUBS, Outcome.MADE)
    assert reading.fields()["takeover"] is True


def test_where_the_house_rules_have_no_takeover_its_words_are_not_understood():
    reading = read("Cy took it over at 300, clubs, made", table("hoyle"))
    assert reading.takeover is False
    assert "took it over" in reading.unknown_words
