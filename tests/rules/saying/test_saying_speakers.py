"""A line that is the table talking (issue 29, ``rules/saying/speakers.py``): "Name:" heading
what a player says where two speak or one says "I", their "I", "me" and "my" that player;
one "Name:" alone is what the line is about."""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.saying import Meld


def test_speakers_correcting_each_other_leave_the_bid_they_agree_on():
    line = "Cy: I bid 440 spades. Ann: no, four fifty. Cy: ok four fifty. Bob: and got set"
    reading = read(line, table("brooklyn-pot"))
    assert (reading.declarer, reading.bid, reading.outcome) == (3, 450, Outcome.SET)
    assert reading.melds == ()  # the 450 said again is no meld


@pytest.mark.parametrize(
    ("game", "line", "field", "value"),
    [
        pytest.param("bison", "Cy: I bid 300 in clubs. Bob: Cy made it", "declarer", 3,
                     id="i-is-the-speaker"),
        pytest.param("two-handed", "Bob: I had a hundred aces. Ann: I had a pinochle", "melds",
                     (Meld(1, 40), Meld(2, 100)), id="each-speakers-meld"),
        # one label and no "I": the line is about Cy
        pytest.param("hoyle", "Cy: 330 hearts. Meld 120, tricks 190. Made.", "declarer", 3,
                     id="one-label-is-the-subject"),
    ],
)  # fmt: skip
def test_what_a_speaker_says_of_themselves(game, line, field, value):
    assert getattr(read(line, table(game)), field) == value
