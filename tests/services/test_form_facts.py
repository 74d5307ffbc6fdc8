"""The hand form's rule-given figures come from the engine: the trick total, the takeover,
the other side's tricks, what each player's takes add up to (docs/RULES.md sections 3 and 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.game.options import Options
from scorekeeper.services.standings import FormFacts, form_facts


@pytest.mark.parametrize(
    ("preset", "scale", "tricks", "expected"),
    [
        # Brooklyn: everyone passing makes the dealer play 250; 250 - 170 = 80.
        # Classic card points without the last trick: 240.
        ("brooklyn", 1, 170, FormFacts(250, True, 250, 80, 240)),
        # Written at scale 10 the same hand reads 25 and 17 -> 8.
        ("brooklyn", 10, 17, FormFacts(25, True, 25, 8, 24)),
        # Hoyle has a compulsory first bid instead of a takeover.
        ("hoyle", 1, 250, FormFacts(250, False, 250, 0, 240)),
        # Bison's takes are counters: 8 aces, 8 tens, 8 kings.
        ("bison", 1, None, FormFacts(250, False, 250, None, 24)),
        # A figure past the 250 has no other side; the rules refuse it on saving.
        ("partnership", 1, 300, FormFacts(250, False, 250, None, 24)),
        # A double deck: 50 a hand as written, 48 counters.
        ("double-deck", 10, 31, FormFacts(50, False, 25, 19, 48)),
    ],
    ids=["brooklyn", "brooklyn-scale-10", "hoyle", "bison-no-tricks", "past-250", "double"],
)
def test_form_facts_follow_the_rules(preset, scale, tricks, expected):
    options = replace(Options.preset(preset), scale=scale)
    assert form_facts(options, tricks) == expected
