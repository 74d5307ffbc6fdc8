"""Meld without a session with a double deck (RULES 2.9): the best-trump hint and the checks.

Figures are worked out by hand from the published double-deck table in full points (run 150,
double run 1500, pinochle 40, double pinochle 300, triple aces 1500, marriage 20 each); the
double-deck partnership's preset writes them at scale 10, as published (run 15). Its players
hold 20 cards each.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import CardCopiesError, Part
from scorekeeper.rules.game import variant
from scorekeeper.services.meldcheck import check_meld, score_meld

GAME = variant.DOUBLE_DECK
# The research note's M1: a double run in spades, a spare K and Q of spades, a double pinochle
# (the Q of spades serves both classes), single aces around and K Q of hearts.
M1 = "AS AS TS TS KS KS KS QS QS QS JS JS JD JD AH AD AC KH QH KC"


def test_the_best_trump_of_a_double_deck_hand_comes_first():
    report = score_meld(GAME, {}, M1, "S")
    # spades: double run 1500 + royal marriage 40 + marriage of hearts 20 + double pinochle
    # 300 + aces 100 = 1960. Hearts: royal marriage 40, three marriages of spades 60, 300, 100
    # = 500. Diamonds or clubs: three marriages of spades 60 + hearts 20 + 300 + 100 = 480.
    assert report.score.total == 1960
    assert report.score.written(10) == (
        "double run 150, royal marriage 4, marriage ♥ 2, double pinochle 30, aces around 10 = 196"
    )
    assert [(suit.value, score.total) for suit, score in report.by_trump] == [
        ("S", 1960), ("H", 500), ("D", 480), ("C", 480),
    ]  # fmt: skip


def test_a_third_and_fourth_copy_are_read_from_a_double_deck():
    report = score_meld(GAME, {}, "AS AS AS AH AH AH AD AD AD AC AC AC", None)
    assert report.score.written(10) == "triple aces around 150 = 150"


def test_a_nine_is_refused_with_a_double_deck_naming_the_card():
    with pytest.raises(CardCopiesError) as caught:
        score_meld(GAME, {}, "KS QS 9S", "S")
    assert caught.value.where.part is Part.CARDS
    assert caught.value.where.card == "9S"
    assert caught.value.rule == "A double deck has no nines: 9S."


@pytest.mark.parametrize(
    ("claims", "allowed", "points", "reason"),
    [
        pytest.param("triple aces around", True, 1500, None, id="triple aces, 12 cards"),
        pytest.param("quadruple run", True, 3000, None, id="a quadruple run, 20 cards"),
        pytest.param(
            "quadruple run, aces around", False, None,
            "These melds need at least 23 cards, but a hand here holds 20.",
            id="a quadruple run with aces around needs 23 cards",
        ),
        pytest.param(
            "dix", False, None, "A double deck has no nines: these melds need 9S.", id="no dix"
        ),
    ],
)  # fmt: skip
def test_named_melds_are_checked_against_a_double_deck(claims, allowed, points, reason):
    verdict = check_meld(GAME, {}, "S", claims=claims)
    assert (verdict.allowed, verdict.points, verdict.reason) == (allowed, points, reason)


@pytest.mark.parametrize(
    ("figure", "reason"),
    [
        pytest.param(2, None, id="2: a marriage"),
        pytest.param(315, None, id="315: a triple run and a quadruple pinochle"),
        pytest.param(1, "No legal hand melds exactly 1 under these rules.", id="1: no dix"),
        pytest.param(316, "Meld 316 is more than any hand can show here (at most 315).", id="316"),
    ],
)
def test_a_meld_figure_is_checked_against_a_double_deck(figure, reason):
    verdict = check_meld(GAME, {}, "S", number=figure)
    assert (verdict.allowed, verdict.reason) == (reason is None, reason)
