"""Counting the tricks (RULES section 3): card-value schemes, side figures, Bison's own takes.

Schemes (A T K Q J 9, last trick): classic 11 10 4 3 2 0 / 10; simple 10 10 5 5 0 0 / 10;
counters 10 10 10 0 0 0 / 10. Eight copies of each rank, so each scheme totals
8 x (sum of the rank values) + 10 = 250.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import Part, PlayerError, RuleError, TrickError, Where
from scorekeeper.rules.game.options import CardValues, Options
from scorekeeper.rules.pack.cards import RANKS, Rank
from scorekeeper.rules.pack.tricks import (
    PlayerTricks,
    SideTricks,
    card_value,
    check_side_points,
    check_sides,
    other_side,
)

BROOKLYN = Options.preset("brooklyn")  # classic
SIMPLE = Options.from_dict({"system": "brooklyn", "card_values": "simple"})
BISON = Options.preset("bison")  # counters
BISON_10 = Options.from_dict({"system": "bison", "scale": "10"})
BISON_CLASSIC = Options.from_dict({"system": "bison", "card_values": "classic"})
PLAYERS = ("Ann", "Bob", "Cal")


@pytest.mark.parametrize(
    ("scheme", "values"),
    [
        pytest.param(CardValues.CLASSIC, (11, 10, 4, 3, 2, 0), id="classic 11-10-4-3-2-0"),
        pytest.param(CardValues.SIMPLE, (10, 10, 5, 5, 0, 0), id="simple 10-10-5-5-0-0"),
        pytest.param(CardValues.COUNTERS, (10, 10, 10, 0, 0, 0), id="counters 10-10-10-0-0-0"),
    ],
)
def test_card_values_follow_the_table_and_total_250(scheme, values):
    assert tuple(card_value(rank, scheme) for rank in RANKS) == values
    # eight of each rank, plus 10 for the last trick
    assert 8 * sum(values) + 10 == 250


# -- one side's figure -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "points"),
    [
        pytest.param(BROOKLYN, 0, id="classic 0: no cards, no last trick"),
        pytest.param(BROOKLYN, 2, id="classic 2: one jack"),
        pytest.param(BROOKLYN, 10, id="classic 10: the last trick alone, or a ten"),
        pytest.param(BROOKLYN, 239, id="classic 239: all but one ace (250 - 11)"),
        pytest.param(BROOKLYN, 248, id="classic 248: all but one jack"),
        pytest.param(BROOKLYN, 250, id="classic 250: everything"),
        pytest.param(SIMPLE, 0, id="simple 0"),
        pytest.param(SIMPLE, 5, id="simple 5: a king or a queen"),
        pytest.param(SIMPLE, 245, id="simple 245: all but a queen"),
        pytest.param(SIMPLE, 250, id="simple 250"),
        pytest.param(BISON, 0, id="counters 0"),
        pytest.param(BISON, 10, id="counters 10"),
        pytest.param(BISON, 240, id="counters 240"),
        pytest.param(BISON, 250, id="counters 250"),
    ],
)
def test_attainable_side_figures_are_accepted(options, points):
    check_side_points(points, options)


@pytest.mark.parametrize(
    ("options", "points", "words"),
    [
        pytest.param(BROOKLYN, 1, "no cards count 1", id="classic 1: nothing counts 1"),
        pytest.param(BROOKLYN, 249, "no cards count 1", id="classic 249: the other side has 1"),
        pytest.param(SIMPLE, 3, "multiples of 5", id="simple 3"),
        pytest.param(SIMPLE, 248, "multiples of 5", id="simple 248"),
        pytest.param(BISON, 5, "multiples of 10", id="counters 5"),
        pytest.param(BISON, 245, "multiples of 10", id="counters 245"),
        pytest.param(BISON, 125, "multiples of 10", id="counters 125"),
        pytest.param(BROOKLYN, -10, "0 to 250", id="negative"),
        pytest.param(BROOKLYN, 260, "0 to 250", id="more than the deck holds"),
    ],
)
def test_side_figures_the_scheme_cannot_produce_are_refused(options, points, words):
    with pytest.raises(TrickError) as caught:
        check_side_points(points, options)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, RuleError)
    assert error.where.part is Part.TRICKS
    assert str(points) in str(error)
    assert words in str(error)


def test_every_classic_figure_but_1_and_249_is_attainable():
    for points in range(251):
        if points in (1, 249):
            with pytest.raises(TrickError):
                check_side_points(points, BROOKLYN)
        else:
            check_side_points(points, BROOKLYN)


def test_simple_and_counters_figures_are_exactly_the_multiples():
    for points in range(251):
        assert _accepted(points, SIMPLE) is (points % 5 == 0)
        assert _accepted(points, BISON) is (points % 10 == 0)


def _accepted(points: int, options: Options) -> bool:
    try:
        check_side_points(points, options)
    except TrickError:
        return False
    return True


# -- both sides ------------------------------------------------------------------------------


def test_sides_adding_to_250_are_accepted():
    check_sides(170, 80, BROOKLYN)
    check_sides(0, 250, BROOKLYN)
    check_sides(248, 2, BROOKLYN)
    check_sides(120, 130, BISON)


def test_sides_not_totalling_250_are_refused_showing_the_sum():
    with pytest.raises(TrickError) as caught:
        check_sides(100, 140, BROOKLYN)
    assert caught.value.where.part is Part.OTHER_TRICKS
    assert "add up to 250" in str(caught.value)
    assert "100 + 140 = 240" in str(caught.value)


def test_each_side_is_checked_against_the_scheme_before_the_sum():
    with pytest.raises(TrickError) as caught:
        check_sides(1, 249, BROOKLYN)
    assert caught.value.where.part is Part.TRICKS
    with pytest.raises(TrickError) as caught:
        check_sides(250, 1, BROOKLYN)
    assert caught.value.where.part is Part.OTHER_TRICKS


def test_the_other_side_takes_the_rest_of_250():
    assert other_side(170) == 80
    assert SideTricks(170).other_points() == 80
    SideTricks(170).check(BROOKLYN)
    with pytest.raises(TrickError):
        SideTricks(249).check(BROOKLYN)


def test_scale_10_trick_messages_show_the_table_figures():
    # full points 260 is written 26; the deck holds 25
    with pytest.raises(TrickError) as caught:
        check_side_points(260, BISON_10)
    assert "0 to 25" in str(caught.value)
    assert "26 is outside" in str(caught.value)
    # 100 + 140 full points are written 10 + 14 = 24
    with pytest.raises(TrickError) as caught:
        check_sides(100, 140, BISON_10)
    assert "add up to 25" in str(caught.value)
    assert "10 + 14 = 24" in str(caught.value)
    check_sides(BISON_10.from_table(12), BISON_10.from_table(13), BISON_10)


# -- Bison: each player's counters and the last trick ----------------------------------------


def test_bison_counters_summing_to_24_with_a_last_trick_are_accepted():
    tricks = PlayerTricks.of({"Ann": 10, "Bob": 8, "Cal": 6}, "Ann")
    tricks.check(PLAYERS, BISON)
    assert tricks.points("Ann", BISON) == 10 * 10 + 10  # 110 with the last trick
    assert tricks.points("Bob", BISON) == 8 * 10  # 80
    assert tricks.points("Cal", BISON) == 6 * 10  # 60
    # 110 + 80 + 60 = 250
    assert sum(tricks.points(p, BISON) for p in PLAYERS) == 250


def test_bison_last_trick_alone_is_not_a_counter():
    tricks = PlayerTricks.of({"Ann": 14, "Bob": 10, "Cal": 0}, "Cal")
    tricks.check(PLAYERS, BISON)
    assert tricks.points("Cal", BISON) == 10  # only the last trick
    assert not tricks.took_a_counter("Cal")
    assert tricks.took_a_counter("Ann")
    assert tricks.took_a_counter("Bob")


def test_bison_player_missing_from_the_takes_took_nothing():
    tricks = PlayerTricks.of({"Ann": 24}, "Ann")
    tricks.check(PLAYERS, BISON)
    assert tricks.taken_by("Bob") == 0
    assert not tricks.took_a_counter("Bob")
    assert tricks.points("Ann", BISON) == 250


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        pytest.param({"Ann": 10, "Bob": 8, "Cal": 5}, "these add up to 23", id="23 counters"),
        pytest.param({"Ann": 10, "Bob": 8, "Cal": 7}, "these add up to 25", id="25 counters"),
    ],
)
def test_bison_counters_not_summing_to_24_are_refused(taken, words):
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of(taken, "Ann").check(PLAYERS, BISON)
    assert caught.value.where.part is Part.TRICKS
    assert "add up to 24" in str(caught.value)
    assert words in str(caught.value)


def test_bison_last_trick_is_required():
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of({"Ann": 10, "Bob": 8, "Cal": 6}, "").check(PLAYERS, BISON)
    assert caught.value.where.part is Part.LAST_TRICK
    assert "last trick" in str(caught.value)


def test_bison_last_trick_by_a_stranger_is_refused():
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of({"Ann": 10, "Bob": 8, "Cal": 6}, "Zed").check(PLAYERS, BISON)
    assert caught.value.where.part is Part.LAST_TRICK


def test_bison_takes_by_a_stranger_are_refused():
    with pytest.raises(PlayerError) as caught:
        PlayerTricks.of({"Ann": 10, "Bob": 8, "Zed": 6}, "Ann").check(PLAYERS, BISON)
    assert caught.value.where == Where(Part.TAKE, "Zed")
    assert "Zed" in str(caught.value)


def test_bison_negative_take_is_refused():
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of({"Ann": 26, "Bob": -2, "Cal": 0}, "Ann").check(PLAYERS, BISON)
    assert "Bob" in str(caught.value)
    assert "negative" in str(caught.value)


def test_bison_at_scale_10_counts_a_counter_as_1():
    tricks = PlayerTricks.of({"Ann": 10, "Bob": 8, "Cal": 6}, "Ann")
    tricks.check(PLAYERS, BISON_10)
    # points are held in full points; the table writes them without the trailing zero
    assert tricks.points("Ann", BISON_10) == 110
    assert BISON_10.to_table(tricks.points("Ann", BISON_10)) == 11  # 10 counters + last trick
    assert BISON_10.to_table(tricks.points("Cal", BISON_10)) == 6


def test_bison_with_classic_values_takes_card_points():
    # each player's card points, without the last trick, add up to 240
    tricks = PlayerTricks.of({"Ann": 120, "Bob": 60, "Cal": 60}, "Bob")
    tricks.check(PLAYERS, BISON_CLASSIC)
    assert tricks.points("Bob", BISON_CLASSIC) == 70
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of({"Ann": 120, "Bob": 60, "Cal": 50}, "Bob").check(PLAYERS, BISON_CLASSIC)
    assert "add up to 240" in str(caught.value)
    assert "230" in str(caught.value)
    with pytest.raises(TrickError) as caught:
        PlayerTricks.of({"Ann": 179, "Bob": 60, "Cal": 1}, "Bob").check(PLAYERS, BISON_CLASSIC)
    assert "Cal" in str(caught.value)
    assert "no cards count 1" in str(caught.value)


def test_a_king_is_worth_10_only_under_counters():
    assert card_value(Rank.KING, CardValues.COUNTERS) == 10
    assert card_value(Rank.KING, CardValues.SIMPLE) == 5
    assert card_value(Rank.KING, CardValues.CLASSIC) == 4
