"""The hand form's rule-given figures come from the engine: the trick total, the takeover,
the other side's tricks (docs/RULES.md sections 2 and 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.options import Options
from scorekeeper.services.standings import FormFacts, form_facts


@pytest.mark.parametrize(
    ("preset", "scale", "tricks", "expected"),
    [
        # Brooklyn: everyone passing makes the dealer play 250; 250 - 170 = 80.
        ("brooklyn", 1, 170, FormFacts(250, True, 250, 80)),
        # Written at scale 10 the same hand reads 25 and 17 -> 8.
        ("brooklyn", 10, 17, FormFacts(25, True, 25, 8)),
        # Hoyle has a compulsory first bid instead of a takeover.
        ("hoyle", 1, 250, FormFacts(250, False, 250, 0)),
        ("bison", 1, None, FormFacts(250, False, 250, None)),
        # A figure past the 250 has no other side; the rules refuse it on saving.
        ("partnership", 1, 300, FormFacts(250, False, 250, None)),
    ],
    ids=["brooklyn", "brooklyn-scale-10", "hoyle", "bison-no-tricks", "past-250"],
)
def test_form_facts_follow_the_rules(preset, scale, tricks, expected):
    options = replace(Options.preset(preset), scale=scale)
    assert form_facts(options, tricks) == expected
