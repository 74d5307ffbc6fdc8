"""House-rule options in words (``optiontext``): what a session's or saved rules' note says."""

from __future__ import annotations

import pytest

from scorekeeper.rules.game.options import Options
from scorekeeper.web.optiontext import changes_in_words


@pytest.mark.parametrize(
    ("data", "words"),
    [
        pytest.param(
            {"system": "hoyle", "stake": 20},
            ["Stake per chip: $0.20"],
            id="a chip game's stake is per chip",
        ),
        pytest.param(
            {"system": "hoyle", "compulsory_bid": 250, "all_pass": "throw-in"},
            ["When everyone passes: Throw in, next dealer deals"],
            id="no compulsory bid when hands are thrown in",
        ),
        pytest.param(
            {"system": "six-two-packs", "min_bid": 200, "target": 1500},
            ["Game to: 1500"],
            id="no minimum bid without bidding",
        ),
    ],
)
def test_the_changes_said_are_only_those_that_change_something(data, words):
    assert changes_in_words(Options.from_dict(data)) == words
