"""Meld without a session with a double deck (RULES 2.8): the best-trump hint and the checks.

Figures are worked out by hand from the published double-deck table in full points (run 150,
double run 1500, pinochle 40, double pinochle 300, triple aces 1500, marriage 20 each). A
partnership hand holds 12 cards until the table's shape sets 20 for a double deck.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import CardCopiesError, Part
from scorekeeper.rules.options import GameSystem
from scorekeeper.services.meldcheck import check_meld, score_meld

DOUBLE = {"deck": "double"}
# A double run in spades and a double pinochle (the Q of spades serves both classes).
HAND = "AS AS TS TS KS KS QS QS JS JS JD JD"


def test_the_best_trump_of_a_double_deck_hand_comes_first():
    report = score_meld(GameSystem.PARTNERSHIP, DOUBLE, HAND, "S")
    # spades: double run 1500 + double pinochle 300; elsewhere the spades K Q twice are two
    # marriages (40) beside the double pinochle: 340, in the order hearts, diamonds, clubs.
    assert report.score.total == 1800
    assert report.score.written() == "double run 1500, double pinochle 300 = 1800"
    assert [(suit.value, score.total) for suit, score in report.by_trump] == [
        ("S", 1800), ("H", 340), ("D", 340), ("C", 340),
    ]  # fmt: skip


def test_a_third_and_fourth_copy_are_read_from_a_double_deck():
    report = score_meld(GameSystem.PARTNERSHIP, DOUBLE, "AS AS AS AH AH AH AD AD AD AC AC AC", None)
    assert report.score.written() == "triple aces around 1500 = 1500"


def test_a_nine_is_refused_with_a_double_deck_naming_the_card():
    with pytest.raises(CardCopiesError) as caught:
        score_meld(GameSystem.PARTNERSHIP, DOUBLE, "KS QS 9S", "S")
    assert caught.value.where.part is Part.CARDS
    assert caught.value.where.card == "9S"
    assert caught.value.rule == "A double deck has no nines: 9S."


@pytest.mark.parametrize(
    ("claims", "allowed", "points", "reason"),
    [
        pytest.param("triple aces around", True, 1500, None, id="triple aces, 12 cards"),
        # Partnership on a double deck deals 20 cards each (80 shared by four).
        pytest.param("quadruple run", True, 3000, None, id="a quadruple run, all 20 cards"),
        pytest.param(
            "quadruple run, aces around", False, None,
            "These melds need at least 23 cards, but a hand here holds 20.",
            id="and aces around need 3 more",
        ),
        pytest.param(
            "dix", False, None, "A double deck has no nines: these melds need 9S.", id="no dix"
        ),
    ],
)  # fmt: skip
def test_named_melds_are_checked_against_a_double_deck(claims, allowed, points, reason):
    verdict = check_meld(GameSystem.PARTNERSHIP, DOUBLE, "S", claims=claims)
    assert (verdict.allowed, verdict.points, verdict.reason) == (allowed, points, reason)


def test_a_meld_figure_is_checked_against_a_double_deck():
    # scale 10: 2 is a marriage; 1 would be a dix, and a double deck has no nines
    values = {**DOUBLE, "scale": "10"}
    assert check_meld(GameSystem.PARTNERSHIP, values, "S", number=2).points == 20
    refused = check_meld(GameSystem.PARTNERSHIP, values, "S", number=1)
    assert (refused.allowed, refused.reason) == (
        False, "No legal hand melds exactly 1 under these rules.",
    )  # fmt: skip
