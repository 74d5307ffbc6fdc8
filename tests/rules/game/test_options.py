"""Game systems, presets and house-rule options (RULES: the preset table and sections 2 to 6).

Each preset's defaults are checked against the tables of docs/RULES.md, option data round-trips
through ``to_dict`` / ``from_dict``, and every combination the rules do not allow is refused
with an ``OptionError`` naming the option.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from scorekeeper.rules.errors import OptionError, Part, RuleError, Where, option
from scorekeeper.rules.game import variant
from scorekeeper.rules.game.ladder import Rung
from scorekeeper.rules.game.options import (
    OPTION_NAMES,
    OPTION_SPECS,
    PRESETS,
    AllPass,
    CardValues,
    Options,
    Schedule,
    SitOut,
    parse_system,
)
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.game.validation import validate_player_count
from scorekeeper.rules.pack.meldtable import BONUS_MELDS

BROOKLYN = Options.preset("brooklyn")
POT_GAME = Options.preset("brooklyn-pot")
HOYLE = Options.preset("hoyle")
BISON = Options.preset("bison")
PARTNERSHIP = Options.preset("partnership")
ALL_PRESETS = [
    pytest.param(BROOKLYN, id="brooklyn"),
    pytest.param(POT_GAME, id="brooklyn-pot"),
    pytest.param(HOYLE, id="hoyle"),
    pytest.param(BISON, id="bison"),
    pytest.param(PARTNERSHIP, id="partnership"),
]

# A double-deck partnership ladder written without the trailing zero: 50 up in ones, from 60
# in fives, from 100 in tens (RULES 4.2).
DOUBLE_DECK_DATA = {
    "system": "partnership",
    "deck": "double",
    "double_meld_bonus": False,  # a double deck's table has its own doubles
    "card_values": "counters",
    "scale": 10,
    "min_bid": 500,
    "bid_rungs": [[600, 50], [1000, 100]],
}


# -- presets as data -------------------------------------------------------------------------


def test_there_are_exactly_twelve_presets_named_as_in_rules():
    assert {system.value for system in PRESETS} == {
        "brooklyn",
        "brooklyn-pot",
        "hoyle",
        "bison",
        "partnership",
        "double-deck",
        "six-handed",
        "eight-handed",
        "two-handed",
        "cutthroat",
        "six-two-packs",
        "eight-two-packs",
    }
    for system, options in PRESETS.items():
        assert options.system is system
        assert Options.preset(system.value) is options
        assert Options.preset(system) is options


@pytest.mark.parametrize("options", ALL_PRESETS)
def test_every_preset_is_itself_valid(options):
    options.validate()


# RULES section 4 table: min_bid, bid_step, forbidden_endings, when all pass.
@pytest.mark.parametrize(
    ("options", "min_bid", "endings", "all_pass"),
    [
        pytest.param(BROOKLYN, 300, (40, 90), AllPass.DEALER_TAKEOVER, id="brooklyn"),
        pytest.param(POT_GAME, 250, (), AllPass.DEALER_MUST_BID, id="brooklyn-pot"),
        pytest.param(HOYLE, 300, (), AllPass.COMPULSORY_FIRST_BID, id="hoyle"),
        pytest.param(BISON, 250, (), AllPass.THROW_IN, id="bison"),
        pytest.param(PARTNERSHIP, 250, (), AllPass.THROW_IN, id="partnership"),
    ],
)
def test_preset_bidding_matches_the_rules_table(options, min_bid, endings, all_pass):
    assert options.min_bid == min_bid
    assert options.bid_step == 10
    assert tuple(options.forbidden_endings) == endings
    assert options.all_pass is all_pass


# RULES sections 2 and 3: double_meld_bonus on for bison and partnership only; card values
# classic for the chip games, counters for the cumulative ones; roundhouse 350 and double trump
# marriage 80 by default everywhere; scale 1 by default.
@pytest.mark.parametrize(
    ("options", "bonus", "values"),
    [
        pytest.param(BROOKLYN, False, CardValues.CLASSIC, id="brooklyn"),
        pytest.param(POT_GAME, False, CardValues.CLASSIC, id="brooklyn-pot"),
        pytest.param(HOYLE, False, CardValues.CLASSIC, id="hoyle"),
        pytest.param(BISON, True, CardValues.COUNTERS, id="bison"),
        pytest.param(PARTNERSHIP, True, CardValues.COUNTERS, id="partnership"),
    ],
)
def test_preset_meld_and_card_values_match_the_rules(options, bonus, values):
    assert options.double_meld_bonus is bonus
    assert options.card_values is values
    assert options.roundhouse_with_run == 350
    assert options.double_trump_marriage == 80
    assert options.scale == 1


# RULES section 5: sit-out rule and schedule per chip preset; spades double on for all three,
# hearts triple off; set factor 2.
@pytest.mark.parametrize(
    ("options", "sit_out", "schedule"),
    [
        pytest.param(BROOKLYN, SitOut.RIGHT_OF_DEALER, Schedule.BROOKLYN, id="brooklyn"),
        pytest.param(POT_GAME, SitOut.THREE_LEFT_PLAY, Schedule.POT, id="brooklyn-pot"),
        pytest.param(HOYLE, SitOut.DEALER_AND_SECOND_LEFT, Schedule.HOYLE, id="hoyle"),
    ],
)
def test_chip_preset_seating_schedule_and_multipliers(options, sit_out, schedule):
    assert options.sit_out is sit_out
    assert options.schedule is schedule
    assert options.spades_double is True
    assert options.hearts_triple is False
    assert options.set_factor == 2


def test_pot_preset_antes_25_cents_at_5_cents_a_unit_and_pot_goes_at_400():
    assert POT_GAME.stake == 5
    assert POT_GAME.ante == 25
    assert POT_GAME.pot_threshold == 400


def test_hoyle_kitty_joins_from_350():
    assert HOYLE.kitty_threshold == 350


@pytest.mark.parametrize("options", [BISON, PARTNERSHIP], ids=["bison", "partnership"])
def test_cumulative_presets_play_to_1500_with_no_floor_and_no_fixed_deals(options):
    assert options.target == 1500
    assert options.negative_floor is None
    assert options.fixed_deals is None
    assert options.game_stake == 0


@pytest.mark.parametrize(
    ("system", "chip", "kitty", "pot", "partners", "everyone_melds", "hand_size"),
    [
        pytest.param(variant.BROOKLYN, True, False, False, False, False, 15, id="brooklyn"),
        pytest.param(variant.BROOKLYN_POT, True, False, True, False, False, 15, id="pot"),
        pytest.param(variant.HOYLE, True, True, False, False, False, 15, id="hoyle"),
        pytest.param(variant.BISON, False, False, False, False, True, 15, id="bison"),
        pytest.param(variant.PARTNERSHIP, False, False, False, True, True, 12, id="partners"),
        pytest.param(variant.DOUBLE_DECK, False, False, False, True, True, 20, id="double"),
        pytest.param(variant.SIX_HANDED, False, False, False, True, True, 13, id="six"),
        pytest.param(variant.EIGHT_HANDED, False, False, False, True, True, 10, id="eight"),
        pytest.param(variant.TWO_HANDED, False, False, False, False, True, 24, id="two"),
        pytest.param(variant.CUTTHROAT, False, False, False, False, True, 12, id="cutthroat"),
    ],
)
def test_system_structure(system, chip, kitty, pot, partners, everyone_melds, hand_size):
    assert system.kind.is_chip_game is chip
    assert system.kind.is_cumulative is not chip
    assert system.kind.has_kitty is kitty
    assert system.kind.has_pot is pot
    assert system.kind.is_partnership is partners
    # RULES 2: only the declarer melds in the chip games; everyone in bison and partnership.
    assert system.kind.everyone_melds is everyone_melds
    # RULES 2: hand size 15 three-handed, 12 in single-deck four-handed, 24 two-handed (12
    # dealt and 12 drawn from the stock), 80 cards shared by 4, 6 (13) or 8 from a double deck.
    assert Options.preset(system).hand_size == hand_size


def test_hoyle_alone_knows_forfeit_and_opponents_conceded():
    assert {"forfeit", "opponents-conceded"} <= HOYLE.outcomes
    assert "forfeit" not in BROOKLYN.outcomes
    assert "renege" in BISON.outcomes
    assert "renege" not in PARTNERSHIP.outcomes


def test_all_pass_is_an_outcome_only_when_the_hand_is_thrown_in():
    assert "all-pass" in BISON.outcomes
    assert "all-pass" in PARTNERSHIP.outcomes
    assert "all-pass" not in BROOKLYN.outcomes


# -- player counts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "low", "high"),
    [
        pytest.param(BROOKLYN, 3, 4, id="brooklyn 3 or 4"),
        pytest.param(POT_GAME, 3, 8, id="brooklyn-pot 3 to 8"),
        pytest.param(HOYLE, 3, 5, id="hoyle 3, 4 or 5"),
        pytest.param(BISON, 3, 3, id="bison 3"),
        pytest.param(PARTNERSHIP, 4, 4, id="partnership 4"),
    ],
)
def test_player_counts_per_system(options, low, high):
    assert options.system.player_range == (low, high)
    for players in range(low, high + 1):
        options.validate(players)
    for players in (low - 1, high + 1):
        with pytest.raises(OptionError) as caught:
            validate_player_count(options, players)
        assert caught.value.where.part is Part.PLAYERS
        assert str(players) in str(caught.value)
        assert "players" in str(caught.value)


def test_sit_out_rule_that_cannot_seat_five_is_refused():
    # Hoyle seats five, but "the player to the dealer's right" sits out only one of four.
    options = replace(HOYLE, sit_out=SitOut.RIGHT_OF_DEALER)
    with pytest.raises(OptionError) as caught:
        options.validate(5)
    assert caught.value.where == option("sit_out")
    assert "at most 4" in str(caught.value)
    options.validate(4)


def test_brooklyn_may_have_the_dealer_sit_out():
    Options.from_dict({"system": "brooklyn", "sit_out": "dealer", "all_pass": "throw-in"}).validate(
        4
    )


def test_a_dealer_who_sits_out_cannot_be_given_the_takeover():
    options = Options.from_dict({"system": "brooklyn", "sit_out": "dealer"})
    options.validate(3)  # three players: nobody sits out, the takeover works
    with pytest.raises(OptionError) as error:
        options.validate(4)
    assert error.value.where == option("all_pass")
    assert "no dealer to take over" in error.value.rule


# -- serialisation ---------------------------------------------------------------------------


@pytest.mark.parametrize("options", ALL_PRESETS)
def test_preset_round_trips_through_plain_data(options):
    data = options.to_dict()
    assert data["system"] == options.system.value
    assert Options.from_dict(data) == options
    assert options.changed_from_preset() == {}


@pytest.mark.parametrize("options", ALL_PRESETS)
def test_to_dict_holds_only_the_options_that_apply(options):
    data = options.to_dict()
    for name in OPTION_NAMES:
        assert (name in data) is options.applies(name)


def test_to_dict_is_plain_json_data():
    data = BROOKLYN.to_dict()
    assert data["forbidden_endings"] == [40, 90]
    assert data["schedule"] == "brooklyn"
    assert data["card_values"] == "classic"
    assert data["double_meld_bonus"] is False
    assert "target" not in data  # a chip game has no target
    assert "schedule" not in BISON.to_dict()  # a cumulative game has no schedule


def test_changed_options_round_trip_and_are_reported_as_changes():
    data = {
        "system": "bison",
        "double_meld_bonus": "off",
        "roundhouse_with_run": "390",
        "double_trump_marriage": "240",
        "scale": "10",
        "target": "1000",
        "negative_floor": "-1000",
        "fixed_deals": "",
        "set_stake": "25",
    }
    options = Options.from_dict(data)
    assert options.double_meld_bonus is False
    assert options.roundhouse_with_run == 390
    assert options.double_trump_marriage == 240
    assert options.scale == 10
    assert options.target == 1000
    assert options.negative_floor == -1000
    assert options.fixed_deals is None
    assert options.set_stake == 25
    assert Options.from_dict(options.to_dict()) == options
    assert options.changed_from_preset() == {
        "double_meld_bonus": False,
        "roundhouse_with_run": 390,
        "double_trump_marriage": 240,
        "scale": 10,
        "target": 1000,
        "negative_floor": -1000,
        "set_stake": 25,
    }


def test_form_strings_are_read_for_each_kind_of_option():
    options = Options.from_dict(
        {
            "system": "brooklyn",
            "forbidden_endings": "90, 40",
            "spades_double": "no",
            "hearts_triple": "on",
            "schedule": "brooklyn-gentle-b",
            "stake": "25",
            "min_bid": " 300 ",
        }
    )
    assert options.forbidden_endings == (40, 90)
    assert options.spades_double is False
    assert options.hearts_triple is True
    assert options.schedule is Schedule.BROOKLYN_GENTLE_B
    assert options.stake == 25


def test_missing_options_keep_the_preset_value():
    assert Options.from_dict({"system": "hoyle"}) == HOYLE
    assert Options.from_dict({"system": " Hoyle "}) == HOYLE


# -- refusals --------------------------------------------------------------------------------


def _refused(data: dict) -> OptionError:
    with pytest.raises(OptionError) as caught:
        Options.from_dict(data)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, RuleError)
    return caught.value


@pytest.mark.parametrize("system", ["brooklyn", "brooklyn-pot", "hoyle"])
def test_scale_10_with_classic_card_values_is_refused(system):
    error = _refused({"system": system, "scale": "10"})
    assert error.where == option("scale")
    assert "counters" in str(error)
    assert "classic" in str(error)


def test_scale_10_with_simple_card_values_is_refused():
    error = _refused({"system": "bison", "scale": "10", "card_values": "simple"})
    assert error.where == option("scale")
    assert "counters" in str(error)


def test_scale_10_is_accepted_with_counters():
    options = Options.from_dict({"system": "brooklyn", "scale": "10", "card_values": "counters"})
    assert options.scale == 10


def test_ante_not_a_whole_number_of_units_is_refused():
    # stake 5 cents: 27 cents is 5.4 units
    error = _refused({"system": "brooklyn-pot", "ante": "27"})
    assert error.where == option("ante")
    assert "27" in str(error)
    assert "stake" in str(error)
    # 30 cents is 6 units of 5
    assert Options.from_dict({"system": "brooklyn-pot", "ante": "30"}).ante == 30


def test_changing_the_stake_can_break_the_ante():
    # ante 25 at a stake of 10 cents is 2.5 units
    error = _refused({"system": "brooklyn-pot", "stake": "10"})
    assert error.where == option("ante")


def test_minimum_bid_with_a_forbidden_ending_is_refused():
    # Brooklyn forbids endings 40 and 90: a minimum bid of 340 could never be bid.
    error = _refused({"system": "brooklyn", "min_bid": "340"})
    assert error.where == option("min_bid")
    assert "340" in str(error)
    assert "forbidden" in str(error)


def test_forbidding_an_ending_the_minimum_bid_has_is_refused():
    # brooklyn-pot's minimum 250 ends in 50
    error = _refused({"system": "brooklyn-pot", "forbidden_endings": "50"})
    assert error.where == option("min_bid")
    assert "250" in str(error)


def test_an_unknown_option_is_refused_by_name():
    error = _refused({"system": "bison", "frobnicate": "1"})
    assert error.where == option("frobnicate")
    assert "'frobnicate'" in str(error)
    assert "not a house-rule option" in str(error)


@pytest.mark.parametrize(
    ("system", "option"),
    [
        pytest.param("bison", "schedule", id="bison has no payment schedule"),
        pytest.param("partnership", "spades_double", id="partnership has no spades double"),
        pytest.param("brooklyn", "target", id="brooklyn has no target"),
        pytest.param("brooklyn", "kitty_threshold", id="only hoyle has a kitty"),
        pytest.param("hoyle", "ante", id="only brooklyn-pot has an ante"),
        pytest.param("partnership", "set_stake", id="only bison has a set stake"),
        pytest.param("partnership", "negative_floor", id="only bison has a negative floor"),
    ],
)
def test_an_option_that_does_not_apply_to_the_system_is_refused(system, option):
    value = OPTION_SPECS[option].dump(getattr(PRESETS[parse_system(system)], option))
    error = _refused({"system": system, option: value})
    assert (error.where.part, error.where.option) == (Part.OPTION, option)
    assert "does not apply" in str(error)


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        pytest.param({}, "system", "game system", id="no system"),
        pytest.param({"system": "canasta"}, "system", "'canasta'", id="unknown system"),
        pytest.param(
            {"system": "bison", "roundhouse_with_run": "370"},
            "roundhouse_with_run",
            "350, 390",
            id="roundhouse is 350 or 390",
        ),
        pytest.param(
            {"system": "bison", "double_trump_marriage": "500"},
            "double_trump_marriage",
            "80, 240, 400",
            id="double trump marriage is 80, 240 or 400",
        ),
        pytest.param(
            {"system": "hoyle", "card_values": "fancy"}, "card_values", "'fancy'", id="values"
        ),
        pytest.param({"system": "hoyle", "min_bid": "305"}, "min_bid", "multiple of 10", id="305"),
        pytest.param({"system": "hoyle", "min_bid": "0"}, "min_bid", "more than 0", id="zero"),
        pytest.param({"system": "hoyle", "bid_step": "15"}, "bid_step", "multiple", id="step 15"),
        pytest.param(
            {"system": "hoyle", "min_bid": "three hundred"},
            "min_bid",
            "whole number",
            id="words are not a number",
        ),
        pytest.param(
            {"system": "brooklyn", "forbidden_endings": "45"},
            "forbidden_endings",
            "45",
            id="45 is not an ending",
        ),
        pytest.param(
            {"system": "brooklyn", "forbidden_endings": "forty"},
            "forbidden_endings",
            "'forty'",
            id="an ending must be a number",
        ),
        pytest.param(
            {"system": "brooklyn", "spades_double": "maybe"},
            "spades_double",
            "on or off",
            id="a switch is on or off",
        ),
        pytest.param({"system": "hoyle", "stake": "0"}, "stake", "1 cent", id="no free stake"),
        pytest.param({"system": "hoyle", "set_factor": "0"}, "set_factor", "at least 1", id="sf"),
        pytest.param({"system": "bison", "target": "0"}, "target", "above 0", id="target 0"),
        pytest.param(
            {"system": "bison", "negative_floor": "500"},
            "negative_floor",
            "below 0",
            id="floor above 0",
        ),
        pytest.param(
            {"system": "bison", "fixed_deals": "0"}, "fixed_deals", "at least 1", id="deals"
        ),
        pytest.param({"system": "bison", "game_stake": "-5"}, "game_stake", "negative", id="gs"),
        pytest.param(
            {"system": "hoyle", "compulsory_bid": "250"},
            "compulsory_bid",
            "The compulsory first bid of 250 must be a legal bid: it is below the minimum bid "
            "of 300: lower that to 250 as well.",
            id="a compulsory 250 below the minimum 300",
        ),
        pytest.param(
            {"system": "hoyle", "min_bid": "240", "bid_step": "20", "compulsory_bid": "250"},
            "compulsory_bid",
            "The compulsory first bid of 250 must be a legal bid: it is off the bid ladder "
            "(from 240 in twenties).",
            id="a compulsory 250 off a ladder of twenties from 240",
        ),
        pytest.param(
            {"system": "hoyle", "min_bid": "240", "forbidden_endings": "50", "compulsory_bid": 250},
            "compulsory_bid",
            "The compulsory first bid of 250 must be a legal bid: it ends in 50, which is "
            "forbidden.",
            id="a compulsory 250 with 50 endings forbidden",
        ),
        pytest.param(
            {"system": "hoyle", "compulsory_bid": "275"},
            "compulsory_bid",
            "Compulsory first bid must be one of 300, 250, not '275'.",
            id="the source knows 300 and 250 only",
        ),
        pytest.param(
            {**DOUBLE_DECK_DATA, "bid_rungs": [[600, 50], [1000, 10]]},
            "bid_rungs",
            "Wider bid steps from 100 in ones: bid steps only widen as the bid rises, and ones "
            "are not wider than the fives below.",
            id="steps that narrow",
        ),
        pytest.param(
            {**DOUBLE_DECK_DATA, "bid_rungs": [[615, 50]]},
            "bid_rungs",
            "A wider bid step's first bid must be a whole number as the table writes it, "
            "without the trailing zero: 61.5 is not.",
            id="a rung the table cannot write",
        ),
        pytest.param(
            {**DOUBLE_DECK_DATA, "bid_rungs": [[600, 50], [200_000, 100]]},
            "bid_rungs",
            "Wider bid steps: a figure is at most 10,000.",
            id="a rung beyond the bound",
        ),
        pytest.param(
            {**DOUBLE_DECK_DATA, "bid_rungs": [[10**40, 100]]},
            "bid_rungs",
            "Wider bid steps: a figure is at most 10,000.",
            id="a rung figure of 41 digits",
        ),
        pytest.param(
            {**DOUBLE_DECK_DATA, "bid_rungs": [[600, 50, 1]]},
            "bid_rungs",
            "Wider bid steps: '[600, 50, 1]' is not a pair [from, step] in full points such as "
            "[600, 50].",
            id="not a pair",
        ),
        pytest.param(
            {"system": "bison", "bid_step": "15"},
            "bid_step",
            "Bid step must be a multiple of 10 or 25 points, not 15.",
            id="steps of 15",
        ),
        pytest.param(
            {"system": "bison", "negative_floor": "-200000"},
            "negative_floor",
            "Negative floor is at least -100,000.",
            id="a floor beyond the bound",
        ),
        pytest.param(
            {"system": "brooklyn", "forbidden_endings": "0,10,20,30,40,50,60,70,80,90"},
            "forbidden_endings",
            "Forbidding every ending leaves no legal bid.",
            id="every ending forbidden",
        ),
        pytest.param(
            {"system": "hoyle", "kitty_threshold": "355"},
            "kitty_threshold",
            "a multiple of 10 above 0",
            id="a kitty joining at no bid",
        ),
        pytest.param(
            {"system": "brooklyn-pot", "ante": "-5"},
            "ante",
            "Ante cannot be negative.",
            id="a negative ante",
        ),
        pytest.param(
            {"system": "brooklyn-pot", "pot_threshold": "0"},
            "pot_threshold",
            "a multiple of 10 above 0",
            id="a pot taken at no bid",
        ),
        pytest.param(
            {"system": "partnership", "meld_minimum": "-10"},
            "meld_minimum",
            "must be 0 or more",
            id="a meld minimum below 0",
        ),
        pytest.param(
            {"system": "bison", "target_raise": "-250"},
            "target_raise",
            "must be 0 or more",
            id="a target that falls on a tie",
        ),
    ],
)
def test_option_values_the_rules_do_not_allow_are_refused(data, field, words):
    error = _refused(data)
    assert error.where == (Where(Part.SYSTEM) if field == "system" else option(field))
    assert words in str(error)


@pytest.mark.parametrize(
    ("options", "field", "value", "words"),
    [
        pytest.param(BISON, "scale", 5, "Scale must be 1 or 10.", id="scale 5"),
        pytest.param(BISON, "roundhouse_with_run", 370, "350 or 390", id="roundhouse 370"),
        pytest.param(BISON, "double_trump_marriage", 500, "80, 240 or 400", id="marriage 500"),
        pytest.param(BROOKLYN, "shape", Shape(4), "deals three players in", id="four dealt in"),
        pytest.param(HOYLE, "compulsory_bid", 275, "300 or 250", id="a compulsory 275"),
        pytest.param(PARTNERSHIP, "double_deck_arounds", 3000, "2000 or 4000", id="arounds 3000"),
        pytest.param(PARTNERSHIP, "double_roundhouse", 2000, "1600 or 2400", id="roundhouse 2000"),
    ],
)
def test_an_option_set_made_in_code_is_held_to_the_same_rules(options, field, value, words):
    # A form's or the API's words are refused as they are read (the values a field offers);
    # options put together in code are checked by ``validate`` alone.
    made = replace(options, **{field: value})

    with pytest.raises(OptionError) as caught:
        made.validate()

    assert caught.value.where == option(field)
    assert words in caught.value.rule


# -- scale 10 --------------------------------------------------------------------------------


def test_scale_10_writes_figures_without_the_trailing_zero():
    options = Options.from_dict({"system": "bison", "scale": "10"})
    # Options hold full points; the table writes them divided by 10.
    assert options.min_bid == 250
    assert options.to_table(options.min_bid) == 25
    assert options.to_table(options.target) == 150
    assert options.to_table(1500) == 150  # a double run
    assert options.from_table(25) == 250
    assert options.from_table(15) == 150  # a run
    for figure in (0, 1, 4, 19, 23, 150):
        assert options.to_table(options.from_table(figure)) == figure


def test_scale_1_writes_full_points():
    assert BISON.to_table(250) == 250
    assert BISON.from_table(250) == 250


def test_partnership_at_scale_10_plays_to_150():
    options = Options.from_dict({"system": "partnership", "scale": 10})
    assert options.to_table(options.target) == 150
    assert options.to_table(options.min_bid) == 25


# -- each option's value in words: the spec's format/parse pair -----------------------------

_SAMPLES = {
    "bool": [True, False],
    "points": [10, 250, 300, 350, 400, 1500, 2500],
    "int": [1, 2, 3, 10],
    "money": [0, 1, 5, 25, 100, 125, 1050],
    "endings": [(), (40,), (40, 90), (0, 50)],
    "optional-points": [None, -1000, -500, -10],
    "optional-int": [None, 1, 12, 40],
    "rungs": [(), (Rung(600, 50),), (Rung(600, 50), Rung(1000, 100)), (Rung(400, 20),)],
    "melds": [(), ("run",), ("pinochle", "aces", "kings"), tuple(BONUS_MELDS)],
}


def _allowed_values(spec):
    if spec.kind == "choice":
        return [spec.load(value) for value, _ in spec.choices]
    return _SAMPLES[spec.kind]


def _dollars():
    from scorekeeper.web.money import format_money, parse_money

    return format_money, parse_money


_ROUND_TRIPS = [
    pytest.param(name, value, scale, money, id=f"{name}-{value}-scale{scale}-{money}")
    for name, spec in OPTION_SPECS.items()
    for value in _allowed_values(spec)
    for scale in (1, 10)
    for money in ("cents", "dollars")
    if money == "cents" or spec.kind == "money"
]


@pytest.mark.parametrize(("name", "value", "scale", "money"), _ROUND_TRIPS)
def test_every_option_value_written_in_words_reads_back_as_the_same_value(
    name, value, scale, money
):
    spec = OPTION_SPECS[name]
    fmt, parse = _dollars() if money == "dollars" else (None, None)
    text = spec.format(value, scale=scale, money=fmt)
    assert isinstance(text, str) and text
    assert spec.parse(text, scale=scale, money=parse) == value


def test_every_option_kind_has_round_trip_values():
    kinds = {spec.kind for spec in OPTION_SPECS.values()}
    assert kinds <= set(_SAMPLES) | {"choice"}
    assert {name for name, *_ in (p.values for p in _ROUND_TRIPS)} == set(OPTION_SPECS)


@pytest.mark.parametrize(
    ("name", "value", "scale", "words"),
    [
        ("double_meld_bonus", True, 1, "On"),
        ("spades_double", False, 1, "Off"),
        ("schedule", Schedule.POT, 1, "Pot: one chip per full 50 points bid"),
        ("sit_out", SitOut.DEALER, 1, "The dealer (4 players)"),
        ("scale", 10, 10, "Yes (25, 150)"),
        ("roundhouse_with_run", 390, 1, "390"),
        ("min_bid", 250, 1, "250"),
        ("min_bid", 250, 10, "25"),  # the table drops the trailing zero
        ("target", 1500, 10, "150"),
        ("forbidden_endings", (40, 90), 1, "40, 90"),
        ("forbidden_endings", (), 1, "None"),
        ("double_bonus_melds", ("run", "jacks"), 1, "run, jacks"),
        ("double_bonus_melds", (), 1, "None"),
        ("double_marriage_value", 300, 10, "30"),
        ("double_marriage_value", 0, 1, "Two marriages"),  # 0 is no meld of its own
        ("target_raise", 0, 1, "No: the higher score wins"),
        ("target_raise", 250, 10, "25"),
        ("meld_minimum", 0, 1, "Every meld counts"),
        ("double_trump_marriage", 400, 1, "400 (Wikipedia)"),
        ("negative_floor", None, 1, "None"),
        ("negative_floor", -1000, 10, "-100"),
        ("fixed_deals", 12, 10, "12"),  # a count of deals, not points: never scaled
        ("stake", 25, 1, "25¢"),  # the engine's own money words: cents
    ],
)
def test_an_option_value_is_written_as_the_table_writes_it(name, value, scale, words):
    assert OPTION_SPECS[name].format(value, scale=scale) == words


def test_money_options_are_written_by_the_money_formatter_given():
    fmt, parse = _dollars()
    assert OPTION_SPECS["stake"].unit == "cents"
    assert OPTION_SPECS["ante"].format(25, money=fmt) == "$0.25"
    assert OPTION_SPECS["game_stake"].parse("$1.25", money=parse) == 125
    assert OPTION_SPECS["set_stake"].parse("25c", money=parse) == 25


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("schedule", "Gentle A: 1, 2, 4, 6, 8, 10, 12", Schedule.BROOKLYN_GENTLE_A),
        ("schedule", "hoyle-doubling", Schedule.HOYLE_DOUBLING),  # the stored name too
        ("all_pass", "throw in, next dealer deals", AllPass.THROW_IN),
        ("card_values", "COUNTERS", CardValues.COUNTERS),
        ("hearts_triple", "on", True),
        ("forbidden_endings", "40 90", (40, 90)),
        ("negative_floor", "", None),
        ("stake", "25", 25),
        ("double_marriage_value", "two marriages", 0),  # its words for 0
        ("double_marriage_value", "0", 0),  # or the figure, as the form's field shows it
    ],
)
def test_an_option_value_is_read_from_what_a_player_types(name, text, value):
    assert OPTION_SPECS[name].parse(text) == value


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("min_bid", "lots", "Minimum bid must be a whole number, not 'lots'."),
        ("min_bid", "25.5", "Minimum bid must be a whole number, not '25.5'."),
        ("schedule", "steep", "Payment schedule must be one of brooklyn, "),
        ("spades_double", "maybe", "Spades double must be on or off, not 'maybe'."),
        ("forbidden_endings", "forty", "'forty' is not a bid ending such as 40 or 90."),
        ("stake", "ten cents", "Stake per chip: 'ten cents' is not a number of cents"),
    ],
)
def test_words_that_are_no_value_of_the_option_are_refused_naming_it(name, text, words):
    with pytest.raises(OptionError) as caught:
        OPTION_SPECS[name].parse(text)
    assert caught.value.where == option(name)
    assert words in caught.value.rule


def test_a_dollar_amount_that_is_no_money_is_refused_naming_the_option():
    _, parse = _dollars()
    with pytest.raises(OptionError) as caught:
        OPTION_SPECS["ante"].parse("a quarter", money=parse)
    assert caught.value.where == option("ante")
    assert caught.value.rule == (
        "Ante: 'a quarter' is not an amount of money: write it like 0.25 or $1.20."
    )


# -- the bid ladder's wider steps and Hoyle's compulsory first bid (RULES 4) -----------------


def test_wider_bid_steps_round_trip_through_plain_data():
    options = Options.from_dict(DOUBLE_DECK_DATA)
    assert options.bid_rungs == (Rung(600, 50), Rung(1000, 100))
    data = options.to_dict()
    assert data["bid_rungs"] == [[600, 50], [1000, 100]]
    assert json.loads(json.dumps(data)) == data
    assert Options.from_dict(data) == options
    assert options.changed_from_preset() == {
        "deck": "double",
        "double_meld_bonus": False,
        "scale": 10,
        "min_bid": 500,
        "bid_rungs": [[600, 50], [1000, 100]],
    }


@pytest.mark.parametrize("options", ALL_PRESETS)
def test_every_preset_climbs_in_its_bid_step_all_the_way(options):
    assert options.bid_rungs == ()
    assert options.to_dict()["bid_rungs"] == []


@pytest.mark.parametrize(
    ("rungs", "scale", "words"),
    [
        pytest.param((Rung(600, 50),), 10, "from 60 in fives", id="double deck at scale 10"),
        pytest.param((Rung(600, 50),), 1, "from 600 in fifties", id="the same in full points"),
        pytest.param(
            (Rung(600, 50), Rung(1000, 100)),
            10,
            "from 60 in fives, from 100 in tens",
            id="andrews at scale 10",
        ),
        pytest.param((), 1, "None", id="none"),
    ],
)
def test_wider_bid_steps_are_written_as_the_table_writes_them(rungs, scale, words):
    spec = OPTION_SPECS["bid_rungs"]
    assert spec.format(rungs, scale=scale) == words
    assert spec.parse(words, scale=scale) == rungs
    assert spec.unit == "points"


def test_wider_bid_steps_are_read_from_form_words_at_the_tables_scale():
    spec = OPTION_SPECS["bid_rungs"]
    assert spec.parse("60:5, 100:10", scale=10) == (Rung(600, 50), Rung(1000, 100))
    # plain data holds full points: a form string there is read at scale 1
    assert spec.load("from 600 in fifties") == (Rung(600, 50),)


def test_the_compulsory_first_bid_is_a_hoyle_option():
    assert HOYLE.compulsory_bid == 300
    assert HOYLE.to_dict()["compulsory_bid"] == 300
    for options in (BROOKLYN, POT_GAME, BISON, PARTNERSHIP):
        assert "compulsory_bid" not in options.to_dict()
    variation = Options.from_dict({"system": "hoyle", "min_bid": "250", "compulsory_bid": "250"})
    assert variation.compulsory_bid == 250
    assert Options.from_dict(variation.to_dict()) == variation
    assert variation.changed_from_preset() == {"min_bid": 250, "compulsory_bid": 250}
    spec = OPTION_SPECS["compulsory_bid"]
    assert spec.format(250) == "250 (Hoyle's variation)"
    assert spec.parse("250 (Hoyle's variation)") == 250
    assert "seed 002" in spec.help


def test_a_minimum_raised_above_the_compulsory_300_still_loads():
    # As before the option existed: the 300 is then no legal bid, so nobody can forfeit it.
    options = Options.from_dict({"system": "hoyle", "min_bid": "350"})
    assert options.compulsory_bid == 300 and options.min_bid == 350


def test_the_compulsory_first_bid_is_free_when_nobody_is_held_to_it():
    options = Options.from_dict({"system": "hoyle", "all_pass": "throw-in", "compulsory_bid": 250})
    assert options.compulsory_bid == 250 and "forfeit" not in options.outcomes


# -- which options mean something in a game (Options.matters) --------------------------------

TWO_PACKS = Options.preset("six-two-packs")
DOUBLE_DECK = Options.preset("double-deck")
BISON_DOUBLE = replace(BISON, double_meld_bonus=True)


@pytest.mark.parametrize(
    ("options", "name", "matters"),
    [
        pytest.param(TWO_PACKS, "double_deck_arounds", False, id="96 cards: no 80-card arounds"),
        pytest.param(TWO_PACKS, "double_roundhouse", False, id="96 cards: no double roundhouse"),
        pytest.param(TWO_PACKS, "double_trump_marriage", False, id="96 cards: own K-Q table"),
        pytest.param(TWO_PACKS, "run_extras", False, id="96 cards: no spare K or Q"),
        pytest.param(TWO_PACKS, "min_bid", False, id="no bidding: no minimum bid"),
        pytest.param(TWO_PACKS, "bid_step", False, id="no bidding: no bid step"),
        pytest.param(TWO_PACKS, "both_reach", False, id="no bidding: no bidders to go out"),
        pytest.param(TWO_PACKS, "surrender", False, id="no bidding: nobody gives up a bid"),
        pytest.param(TWO_PACKS, "auction", True, id="96 cards: bidding can be turned on"),
        pytest.param(TWO_PACKS, "meld_saved_by", True, id="no bidding: meld still saved"),
        pytest.param(TWO_PACKS, "target", True, id="96 cards: game to"),
        pytest.param(DOUBLE_DECK, "double_roundhouse", True, id="80 cards: double roundhouse"),
        pytest.param(DOUBLE_DECK, "double_meld_bonus", False, id="80 cards: own doubles"),
        pytest.param(DOUBLE_DECK, "min_bid", True, id="80 cards, bidding: minimum bid"),
        pytest.param(BROOKLYN, "double_bonus_melds", False, id="no double bonus: no bonus melds"),
        pytest.param(BISON_DOUBLE, "double_bonus_melds", True, id="double bonus: its melds"),
        pytest.param(BROOKLYN, "double_trump_marriage", True, id="48 cards: double marriage"),
        pytest.param(BROOKLYN, "npa_meld", False, id="chips: not an option of Brooklyn"),
        pytest.param(HOYLE, "compulsory_bid", True, id="hoyle: a compulsory first bid"),
        pytest.param(
            replace(HOYLE, all_pass=AllPass.THROW_IN),
            "compulsory_bid",
            False,
            id="hoyle thrown in: no compulsory bid",
        ),
        pytest.param(PARTNERSHIP, "meld_save_points", False, id="meld saved by a trick point"),
        pytest.param(PARTNERSHIP, "target_raise", False, id="teams bid: the bidders win a tie"),
        pytest.param(TWO_PACKS, "target_raise", True, id="teams without a bid: target rises"),
        pytest.param(BISON, "target_raise", True, id="each for themselves: target rises"),
        pytest.param(
            replace(PARTNERSHIP, auction=False), "kitty_size", False, id="no bidding: no kitty"
        ),
    ],
)
def test_an_option_matters_only_where_the_deck_shape_and_bidding_use_it(options, name, matters):
    assert options.matters(name) is matters


@pytest.mark.parametrize("options", ALL_PRESETS)
def test_an_option_that_matters_always_applies(options):
    assert all(options.applies(name) for name in OPTION_SPECS if options.matters(name))
