"""Bidding (RULES section 4): which final bids the options allow, quick picks and the takeover.

A final bid is at least ``min_bid``, a multiple of ``bid_step`` (10) and, in Brooklyn, does not
end in 40 or 90. Brooklyn's dealer takeover is played at 250 and exists only there. Refusals are
``BidError``s whose message says which rule the bid breaks.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import BidError, OptionError, Part, RuleError, Where
from scorekeeper.rules.game.bidding import (
    check_bid,
    check_takeover,
    highest_makeable,
    is_legal_bid,
    legal_bids,
    step_bid,
    takeover_allowed,
)
from scorekeeper.rules.game.options import Options

BROOKLYN = Options.preset("brooklyn")  # min 300, no 40 or 90 endings
POT_GAME = Options.preset("brooklyn-pot")  # min 250
HOYLE = Options.preset("hoyle")  # min 300
BISON = Options.preset("bison")  # min 250
PARTNERSHIP = Options.preset("partnership")  # min 250
BISON_10 = Options.from_dict({"system": "bison", "scale": "10"})


def _refused(bid: int, options: Options) -> BidError:
    with pytest.raises(BidError) as caught:
        check_bid(bid, options)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, RuleError)
    assert caught.value.where.part is Part.BID
    return caught.value


# -- legal and illegal final bids ------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "bid"),
    [
        pytest.param(BROOKLYN, 300, id="brooklyn 300, the minimum"),
        pytest.param(BROOKLYN, 330, id="brooklyn 330"),
        pytest.param(BROOKLYN, 350, id="brooklyn 350 ends in 50, allowed"),
        pytest.param(BROOKLYN, 400, id="brooklyn 400"),
        pytest.param(POT_GAME, 250, id="brooklyn-pot 250"),
        pytest.param(POT_GAME, 340, id="brooklyn-pot allows 340"),
        pytest.param(HOYLE, 390, id="hoyle allows 390"),
        pytest.param(BISON, 250, id="bison 250"),
        pytest.param(PARTNERSHIP, 440, id="partnership allows 440"),
    ],
)
def test_legal_final_bids_are_accepted(options, bid):
    check_bid(bid, options)
    assert is_legal_bid(bid, options)


@pytest.mark.parametrize(
    ("options", "bid", "minimum"),
    [
        pytest.param(BROOKLYN, 290, 300, id="brooklyn 290 below 300"),
        pytest.param(BROOKLYN, 250, 300, id="brooklyn 250 below 300 (only a takeover plays 250)"),
        pytest.param(HOYLE, 250, 300, id="hoyle 250 below 300"),
        pytest.param(BISON, 240, 250, id="bison 240 below 250"),
        pytest.param(POT_GAME, 0, 250, id="brooklyn-pot 0"),
    ],
)
def test_a_bid_below_the_minimum_is_refused_saying_so(options, bid, minimum):
    error = _refused(bid, options)
    assert f"Bid {bid} " in str(error)
    assert f"below the minimum bid of {minimum}" in str(error)


@pytest.mark.parametrize(
    ("options", "bid", "words"),
    [
        pytest.param(
            BROOKLYN,
            305,
            "Bid 305 is off the ladder: from 300 bids go up in tens (300, 310, 320).",
            id="305",
        ),
        pytest.param(
            BISON,
            255,
            "Bid 255 is off the ladder: from 250 bids go up in tens (250, 260, 270).",
            id="255",
        ),
        pytest.param(
            HOYLE,
            301,
            "Bid 301 is off the ladder: from 300 bids go up in tens (300, 310, 320).",
            id="301",
        ),
    ],
)
def test_a_bid_off_the_step_is_refused_saying_so(options, bid, words):
    assert str(_refused(bid, options)) == words


@pytest.mark.parametrize(
    ("bid", "ending"),
    [
        pytest.param(340, 40, id="340 ends in 40"),
        pytest.param(390, 90, id="390 ends in 90"),
        pytest.param(440, 40, id="440 ends in 40"),
        pytest.param(690, 90, id="690 ends in 90"),
    ],
)
def test_brooklyn_refuses_bids_ending_in_40_or_90(bid, ending):
    error = _refused(bid, BROOKLYN)
    assert f"Bid {bid} ends in {ending}" in str(error)
    assert "forbid" in str(error)
    assert "40 or 90" in str(error)


def test_a_bid_no_hand_can_make_is_refused():
    # Brooklyn: all 250 in tricks plus the biggest meld, 500 (run, dix, three marriages,
    # pinochle, aces, kings and queens around in diamonds): 750.
    assert highest_makeable(BROOKLYN) == 250 + 500
    check_bid(750, BROOKLYN)
    error = _refused(760, BROOKLYN)
    assert "more than any hand can make" in str(error)
    assert "at most 750" in str(error)


def test_the_biggest_makeable_bid_follows_the_meld_options_and_hand_size():
    # Bison: 250 + double run 1500 + double pinochle 300 + aces around 100 (15 cards) = 2150.
    assert highest_makeable(BISON) == 2150
    # Partnership holds 12 cards, best meld double run 1500 + double pinochle 300 = 1800;
    # the bidding team melds two hands, so the ceiling is bounded by 250 + 2 x 1800 = 3850.
    assert highest_makeable(PARTNERSHIP) == 250 + 2 * 1800


def test_scale_10_bid_messages_use_the_table_figures():
    check_bid(BISON_10.from_table(25), BISON_10)
    error = _refused(BISON_10.from_table(24), BISON_10)
    assert "Bid 24 is below the minimum bid of 25" in str(error)
    error = _refused(245, BISON_10)  # 24.5 as the table writes it
    assert "24.5" in str(error)
    assert "whole number" in str(error)


def test_a_refused_bid_is_placed_at_the_bid():
    with pytest.raises(BidError) as caught:
        check_bid(340, BROOKLYN)
    assert caught.value.where == Where(Part.BID)


def test_custom_step_and_endings_apply():
    options = Options.from_dict({"system": "bison", "bid_step": "50", "forbidden_endings": "0"})
    # min 250, steps of 50, nothing ending in 00: 250, 350, 450 ...
    assert legal_bids(options, count=3) == [250, 350, 450]
    assert "from 250 bids go up in fifties (250, 350, 450)" in str(_refused(260, options))
    assert "ends in 0" in str(_refused(300, options))


# -- quick picks -----------------------------------------------------------------------------


def test_brooklyn_quick_picks_skip_the_forbidden_endings():
    assert legal_bids(BROOKLYN) == [300, 310, 320, 330, 350, 360, 370, 380, 400, 410, 420, 430]


def test_quick_picks_start_from_a_given_bid_rounded_up_to_the_step():
    # 335 rounds up to 340, which is forbidden: the first pick is 350
    assert legal_bids(BROOKLYN, start=335, count=4) == [350, 360, 370, 380]
    # a start below the minimum starts at the minimum
    assert legal_bids(BISON, start=100, count=3) == [250, 260, 270]


def test_quick_picks_stop_at_the_biggest_makeable_bid():
    assert legal_bids(BROOKLYN, start=700) == [700, 710, 720, 730, 750]


def test_every_quick_pick_is_a_legal_bid():
    for options in (BROOKLYN, POT_GAME, HOYLE, BISON, PARTNERSHIP):
        for bid in legal_bids(options, count=40):
            check_bid(bid, options)


@pytest.mark.parametrize(
    ("bid", "direction", "expected"),
    [
        pytest.param(300, 1, 310, id="300 up is 310"),
        pytest.param(330, 1, 350, id="330 up skips 340 to 350"),
        pytest.param(380, 1, 400, id="380 up skips 390 to 400"),
        pytest.param(350, -1, 330, id="350 down skips 340 to 330"),
        pytest.param(400, -1, 380, id="400 down skips 390 to 380"),
        pytest.param(300, -1, 300, id="the minimum stays put going down"),
        pytest.param(750, 1, 750, id="the biggest makeable bid stays put going up"),
    ],
)
def test_step_bid_moves_to_the_next_legal_bid(bid, direction, expected):
    assert step_bid(bid, BROOKLYN, direction) == expected


def test_step_bid_without_forbidden_endings_moves_by_10():
    assert step_bid(330, BISON) == 340
    assert step_bid(250, BISON, -1) == 250


# -- Brooklyn's dealer takeover --------------------------------------------------------------


def test_dealer_takeover_is_a_brooklyn_rule():
    assert takeover_allowed(BROOKLYN)
    for options in (POT_GAME, HOYLE, BISON, PARTNERSHIP):
        assert not takeover_allowed(options)


def test_dealer_takeover_at_250_is_accepted_under_brooklyn():
    check_takeover(250, BROOKLYN)


@pytest.mark.parametrize("bid", [300, 260, 240])
def test_dealer_takeover_at_another_figure_is_refused(bid):
    with pytest.raises(BidError) as caught:
        check_takeover(bid, BROOKLYN)
    assert caught.value.where.part is Part.BID
    assert "played at 250" in str(caught.value)
    assert str(bid) in str(caught.value)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(POT_GAME, id="brooklyn-pot: dealer must bid"),
        pytest.param(HOYLE, id="hoyle: compulsory first bid"),
        pytest.param(BISON, id="bison: thrown in"),
        pytest.param(PARTNERSHIP, id="partnership: thrown in"),
    ],
)
def test_dealer_takeover_is_refused_without_the_takeover_rule(options):
    with pytest.raises(BidError) as caught:
        check_takeover(250, options)
    assert caught.value.where.part is Part.TAKEOVER
    assert "no dealer takeover" in str(caught.value)


def test_brooklyn_with_another_all_pass_rule_has_no_takeover():
    options = Options.from_dict({"system": "brooklyn", "all_pass": "throw-in"})
    assert not takeover_allowed(options)
    with pytest.raises(BidError):
        check_takeover(250, options)


# -- steps count from the minimum; a partnership bids on two hands' meld -----------------------


def test_the_minimum_bid_is_always_legal_when_the_options_validate():
    try:
        options = Options.from_dict({"system": "bison", "bid_step": "20"})
    except OptionError:  # refusing the option pair is an acceptable decision too
        return
    check_bid(options.min_bid, options)
    assert legal_bids(options, count=1) == [options.min_bid]


def test_a_partnership_bid_within_reach_of_the_teams_combined_meld_is_accepted():
    # Spades trump. Ann: A A T T K K Q Q J J of spades + J J of diamonds (12 cards):
    # double run 1500 + double pinochle 300 = 1800. Cal, her partner, from the rest of the
    # deck: 9 9 of spades (two dix, 20) + K K Q Q of hearts and of diamonds (double marriages,
    # 40 + 40) + K Q of clubs (20) = 120 in 12 cards. Team meld 1920; with all 250 in tricks
    # at most 2170, so a bid of 2100 is not beyond reach, yet the cap is 250 + 1800 = 2050.
    check_bid(2100, PARTNERSHIP)


# -- a ladder whose steps widen (RULES 4.2) ----------------------------------------------------

# Double-deck partnership, written without the trailing zero: from 50 in ones, from 60 in fives
# (pagat, bradwilson.io); Joe Andrews also goes in tens from 100. Full points: 500 up in tens,
# from 600 in fifties, from 1000 in hundreds.
DOUBLE_DECK = Options.from_dict({"system": "double-deck", "min_bid": 500, "bid_rungs": "600:50"})
ANDREWS = Options.from_dict(
    {
        "system": "double-deck",
        "min_bid": 500,
        "bid_rungs": [[600, 50], [1000, 100]],
    }
)


def test_double_deck_quick_picks_go_in_ones_to_60_then_in_fives():
    written = [DOUBLE_DECK.to_table(bid) for bid in legal_bids(DOUBLE_DECK, count=14)]
    assert written == [50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65, 70, 75]


def test_andrews_ladder_goes_in_tens_from_100():
    written = [ANDREWS.to_table(bid) for bid in legal_bids(ANDREWS, start=900, count=5)]
    assert written == [90, 95, 100, 110, 120]


def test_the_same_ladder_written_in_full_points_allows_the_same_bids():
    full = Options.from_dict(
        {"system": "partnership", "min_bid": 500, "bid_rungs": "from 600 in fifties"}
    )
    assert legal_bids(full, count=30) == legal_bids(DOUBLE_DECK, count=30)
    assert legal_bids(full, count=3, start=600) == [600, 650, 700]


@pytest.mark.parametrize(
    ("options", "bid", "direction", "expected"),
    [
        pytest.param(DOUBLE_DECK, 590, 1, 600, id="59 up is 60"),
        pytest.param(DOUBLE_DECK, 600, 1, 650, id="60 up is 65"),
        pytest.param(DOUBLE_DECK, 650, -1, 600, id="65 down is 60"),
        pytest.param(DOUBLE_DECK, 600, -1, 590, id="60 down is 59"),
        pytest.param(ANDREWS, 950, 1, 1000, id="andrews: 95 up is 100"),
        pytest.param(ANDREWS, 1000, 1, 1100, id="andrews: 100 up is 110"),
        pytest.param(ANDREWS, 1100, -1, 1000, id="andrews: 110 down is 100"),
    ],
)
def test_step_bid_follows_a_widening_ladder(options, bid, direction, expected):
    assert step_bid(bid, options, direction) == expected


def test_a_bid_off_a_widening_ladder_is_refused_naming_its_stretch():
    assert str(_refused(620, DOUBLE_DECK)) == (
        "Bid 62 is off the ladder: from 60 bids go up in fives (60, 65, 70)."
    )


def test_forbidden_endings_still_apply_above_a_rung():
    # Bison from 250 in tens, from 450 in fifties, no bid ending in 00: 430, 440, 450, 550.
    options = Options.from_dict(
        {"system": "bison", "forbidden_endings": "0", "bid_rungs": "from 450 in fifties"}
    )
    assert legal_bids(options, start=430, count=4) == [430, 440, 450, 550]
    assert "ends in 0" in str(_refused(500, options))
    assert step_bid(450, options) == 550
    assert step_bid(550, options, -1) == 450
    # The examples a refusal shows leave the forbidden bids out.
    assert str(_refused(460, options)) == (
        "Bid 460 is off the ladder: from 450 bids go up in fifties (450, 550, 650)."
    )


def test_a_widening_ladder_still_stops_at_the_most_a_hand_can_make():
    # Brooklyn's 750 ceiling, tens to 600 then hundreds: 590 ends in 90, 800 is out of reach.
    options = Options.from_dict({"system": "brooklyn", "bid_rungs": "from 600 in hundreds"})
    assert legal_bids(options, start=550) == [550, 560, 570, 580, 600, 700]
    assert step_bid(700, options) == 700


def test_brooklyn_keeps_its_ladder_from_300_in_tens():
    # Seed 000: "at least 300. Each subsequent bid must be a multiple of 10", no 340 or 390.
    assert BROOKLYN.bid_rungs == ()
    assert legal_bids(BROOKLYN, count=10) == [300, 310, 320, 330, 350, 360, 370, 380, 400, 410]


# -- steps of 25 (Wikipedia: "a multiple of 10 or 25") ----------------------------------------


def test_steps_of_25_work_when_the_table_writes_full_points():
    options = Options.from_dict({"system": "bison", "bid_step": "25"})
    assert legal_bids(options, count=4) == [250, 275, 300, 325]
    check_bid(275, options)


def test_steps_of_25_cannot_be_written_without_the_trailing_zero():
    with pytest.raises(OptionError) as caught:
        Options.from_dict({"system": "bison", "scale": 10, "bid_step": 25})
    assert caught.value.rule == (
        "Bid step must be a whole number as the table writes it, without the trailing zero: "
        "2.5 is not."
    )
