"""Chip-game payment schedules and trump multipliers (RULES section 5).

Every expected value below is read off the schedule table of docs/RULES.md section 5 (and the
source tables of seeds 000 and 002), never from the code.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.game.options import Options, Schedule
from scorekeeper.rules.hand.payments import Flow, ante_units, schedule_value, trump_multiplier
from scorekeeper.rules.pack.cards import Suit

HOYLE = Options.preset("hoyle")


def _under(schedule: str) -> Options:
    return replace(HOYLE, schedule=Schedule(schedule))


# (schedule, bid, units) straight from the RULES table; the id says the same in words.
SCHEDULE_TABLE = [
    # brooklyn: 250-330: 1; 350-380: 2; 400-430: 4; 450-480: 8; 500-530: 16; 550+: 32
    ("brooklyn", 250, 1),
    ("brooklyn", 330, 1),
    ("brooklyn", 350, 2),
    ("brooklyn", 380, 2),
    ("brooklyn", 400, 4),
    ("brooklyn", 430, 4),
    ("brooklyn", 450, 8),
    ("brooklyn", 480, 8),
    ("brooklyn", 500, 16),
    ("brooklyn", 530, 16),
    ("brooklyn", 550, 32),
    ("brooklyn", 700, 32),
    # brooklyn-gentle-a: 300-340: 1; 350-390: 2; 400-440: 4; 450-490: 6; 500-540: 8;
    # 550-590: 10; 600+: 12
    ("brooklyn-gentle-a", 300, 1),
    ("brooklyn-gentle-a", 340, 1),
    ("brooklyn-gentle-a", 350, 2),
    ("brooklyn-gentle-a", 390, 2),
    ("brooklyn-gentle-a", 400, 4),
    ("brooklyn-gentle-a", 440, 4),
    ("brooklyn-gentle-a", 450, 6),
    ("brooklyn-gentle-a", 490, 6),
    ("brooklyn-gentle-a", 500, 8),
    ("brooklyn-gentle-a", 540, 8),
    ("brooklyn-gentle-a", 550, 10),
    ("brooklyn-gentle-a", 590, 10),
    ("brooklyn-gentle-a", 600, 12),
    ("brooklyn-gentle-a", 750, 12),
    # brooklyn-gentle-b: same brackets: 1, 3, 7, 10, 13, 16, 19
    ("brooklyn-gentle-b", 300, 1),
    ("brooklyn-gentle-b", 340, 1),
    ("brooklyn-gentle-b", 350, 3),
    ("brooklyn-gentle-b", 390, 3),
    ("brooklyn-gentle-b", 400, 7),
    ("brooklyn-gentle-b", 440, 7),
    ("brooklyn-gentle-b", 450, 10),
    ("brooklyn-gentle-b", 500, 13),
    ("brooklyn-gentle-b", 550, 16),
    ("brooklyn-gentle-b", 600, 19),
    ("brooklyn-gentle-b", 700, 19),
    # brooklyn-gentle-c: same brackets: 2, 3, 4, 5, 6, 7, 8
    ("brooklyn-gentle-c", 300, 2),
    ("brooklyn-gentle-c", 340, 2),
    ("brooklyn-gentle-c", 350, 3),
    ("brooklyn-gentle-c", 400, 4),
    ("brooklyn-gentle-c", 450, 5),
    ("brooklyn-gentle-c", 500, 6),
    ("brooklyn-gentle-c", 550, 7),
    ("brooklyn-gentle-c", 590, 7),
    ("brooklyn-gentle-c", 600, 8),
    ("brooklyn-gentle-c", 650, 8),
    # hoyle: 300-340: 3; 350-390: 5; 400-440: 10; 450-490: 15; 500-540: 20; 550-590: 25; 600+: 30
    ("hoyle", 300, 3),
    ("hoyle", 340, 3),
    ("hoyle", 350, 5),
    ("hoyle", 390, 5),
    ("hoyle", 400, 10),
    ("hoyle", 440, 10),
    ("hoyle", 450, 15),
    ("hoyle", 490, 15),
    ("hoyle", 500, 20),
    ("hoyle", 540, 20),
    ("hoyle", 550, 25),
    ("hoyle", 590, 25),
    ("hoyle", 600, 30),
    ("hoyle", 700, 30),
    # hoyle-doubling: 300-340: 3; 350-390: 5; then doubling each 50: 400: 10, 450: 20,
    # 500: 40, 550: 80, 600: 160
    ("hoyle-doubling", 300, 3),
    ("hoyle-doubling", 340, 3),
    ("hoyle-doubling", 350, 5),
    ("hoyle-doubling", 390, 5),
    ("hoyle-doubling", 400, 10),
    ("hoyle-doubling", 440, 10),
    ("hoyle-doubling", 450, 20),
    ("hoyle-doubling", 490, 20),
    ("hoyle-doubling", 500, 40),
    ("hoyle-doubling", 550, 80),
    ("hoyle-doubling", 600, 160),
    # hoyle-plus-two: 300-340: 1; 350-390: 2; 400-440: 4; then +2 each 50: 450: 6, 500: 8,
    # 550: 10, 600: 12
    ("hoyle-plus-two", 300, 1),
    ("hoyle-plus-two", 340, 1),
    ("hoyle-plus-two", 350, 2),
    ("hoyle-plus-two", 390, 2),
    ("hoyle-plus-two", 400, 4),
    ("hoyle-plus-two", 440, 4),
    ("hoyle-plus-two", 450, 6),
    ("hoyle-plus-two", 490, 6),
    ("hoyle-plus-two", 500, 8),
    ("hoyle-plus-two", 550, 10),
    ("hoyle-plus-two", 600, 12),
    # hoyle-plus-one: 300-340: 3; from 350 one unit per 10 points: 350: 5, 360: 6, ..., 400: 10
    ("hoyle-plus-one", 300, 3),
    ("hoyle-plus-one", 340, 3),
    ("hoyle-plus-one", 350, 5),
    ("hoyle-plus-one", 360, 6),
    ("hoyle-plus-one", 370, 7),
    ("hoyle-plus-one", 390, 9),
    ("hoyle-plus-one", 400, 10),
    ("hoyle-plus-one", 410, 11),
    ("hoyle-plus-one", 450, 15),
    # pot: one stake (unit) per full 50 points bid: 250-290: 5 units (25c at 5c), 300-340: 6
    # units (30c), 350-390: 7 units (35c), 400: 8, 500: 10
    ("pot", 250, 5),
    ("pot", 290, 5),
    ("pot", 300, 6),
    ("pot", 330, 6),
    ("pot", 340, 6),
    ("pot", 350, 7),
    ("pot", 390, 7),
    ("pot", 400, 8),
    ("pot", 500, 10),
    ("pot", 550, 11),
]


@pytest.mark.parametrize(
    ("schedule", "bid", "units"),
    [pytest.param(s, b, u, id=f"{s} {b} is {u}") for s, b, u in SCHEDULE_TABLE],
)
def test_schedule_value_follows_the_rules_table(schedule, bid, units):
    assert schedule_value(bid, _under(schedule)) == units


# "A bid below the lowest bracket (e.g. 250 under a schedule starting at 300) uses the lowest
# bracket." The value of each schedule's lowest bracket, from the table above.
LOWEST_BRACKET = [
    ("brooklyn", 200, 1),  # lowest bracket 250-330: 1
    ("brooklyn-gentle-a", 250, 1),  # 300-340: 1
    ("brooklyn-gentle-b", 250, 1),  # 300-340: 1
    ("brooklyn-gentle-c", 250, 2),  # 300-340: 2
    ("hoyle", 250, 3),  # 300-340: 3
    ("hoyle", 100, 3),
    ("hoyle-doubling", 250, 3),  # 300-340: 3
    ("hoyle-plus-two", 250, 1),  # 300-340: 1
    ("hoyle-plus-one", 250, 3),  # 300-340: 3
]


@pytest.mark.parametrize(
    ("schedule", "bid", "units"),
    [
        pytest.param(s, b, u, id=f"{s} {b} below the lowest bracket is {u}")
        for s, b, u in LOWEST_BRACKET
    ],
)
def test_a_bid_below_the_lowest_bracket_uses_the_lowest_bracket(schedule, bid, units):
    assert schedule_value(bid, _under(schedule)) == units


def test_every_schedule_is_in_the_table():
    assert {s for s, _, _ in SCHEDULE_TABLE} == {s.value for s in Schedule}


def test_schedule_values_never_fall_as_the_bid_rises():
    for schedule in Schedule:
        values = [schedule_value(bid, _under(schedule.value)) for bid in range(250, 800, 10)]
        assert values == sorted(values), schedule


def test_schedule_values_are_whole_units():
    for schedule in Schedule:
        for bid in range(250, 800, 10):
            value = schedule_value(bid, _under(schedule.value))
            assert type(value) is int and value >= 1


# -- trump multipliers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "spades_double", "hearts_triple", "multiplier"),
    [
        pytest.param(Suit.SPADES, True, False, 2, id="spades double under spades_double"),
        pytest.param(Suit.SPADES, False, False, 1, id="spades plain without spades_double"),
        pytest.param(Suit.SPADES, True, True, 2, id="hearts_triple leaves spades at double"),
        pytest.param(Suit.HEARTS, True, True, 3, id="hearts triple under hearts_triple"),
        pytest.param(Suit.HEARTS, True, False, 1, id="hearts plain without hearts_triple"),
        pytest.param(Suit.DIAMONDS, True, True, 1, id="diamonds never multiply"),
        pytest.param(Suit.CLUBS, True, True, 1, id="clubs never multiply"),
        pytest.param(None, True, True, 1, id="no multiplier when no trump was named"),
        pytest.param(None, False, False, 1, id="no trump and no multiplier options"),
    ],
)
def test_trump_multiplier(trump, spades_double, hearts_triple, multiplier):
    options = replace(HOYLE, spades_double=spades_double, hearts_triple=hearts_triple)
    assert trump_multiplier(trump, options) == multiplier


@pytest.mark.parametrize("preset", ["brooklyn", "brooklyn-pot", "hoyle"])
def test_spades_double_is_on_and_hearts_triple_off_in_every_chip_preset(preset):
    options = Options.preset(preset)
    assert trump_multiplier(Suit.SPADES, options) == 2
    assert trump_multiplier(Suit.HEARTS, options) == 1


# -- the pot's ante ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ante", "stake", "units"),
    [
        pytest.param(25, 5, 5, id="25c ante at 5c a unit is 5 units"),
        pytest.param(50, 5, 10, id="50c ante at 5c a unit is 10 units"),
        pytest.param(30, 10, 3, id="30c ante at 10c a unit is 3 units"),
        pytest.param(0, 5, 0, id="no ante"),
    ],
)
def test_pot_ante_in_cents_is_converted_to_units(ante, stake, units):
    options = replace(Options.preset("brooklyn-pot"), ante=ante, stake=stake)
    assert ante_units(options) == units


@pytest.mark.parametrize("preset", ["brooklyn", "hoyle", "bison", "partnership"])
def test_only_the_pot_game_antes(preset):
    assert ante_units(Options.preset(preset)) == 0


def test_a_flow_reads_as_a_payment():
    assert str(Flow("Ann", "kitty", 3)) == "Ann pays kitty 3"
