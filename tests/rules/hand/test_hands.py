"""One hand's result under every preset (RULES sections 4 to 6), with hand-worked figures.

Each test builds the hand's seating by hand (``HandContext``: everyone at the table clockwise,
the dealer, and who is dealt in from the dealer's left) so the figures depend on nothing but
the hand itself. The arithmetic behind every expected figure is in the test's comments; the
units come from the schedule tables of RULES section 5.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import (
    BidError,
    MeldError,
    OutcomeError,
    Part,
    PlayerError,
    RuleError,
    TrickError,
    TrumpError,
    Where,
)
from scorekeeper.rules.game.options import AllPass, CardValues, Options, Schedule, SitOut
from scorekeeper.rules.hand.hands import (
    HandContext,
    HandInput,
    MeldCards,
    MeldClaims,
    MeldNumber,
    score_hand,
)
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.hand.payments import KITTY, POT, Flow
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.meld import parse_claims
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks, check_sides

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
MADE, SET, CONCEDED = Outcome.MADE, Outcome.SET, Outcome.CONCEDED

BROOKLYN = Options.preset("brooklyn")
POT_GAME = Options.preset("brooklyn-pot")
HOYLE = Options.preset("hoyle")
BISON = Options.preset("bison")
PARTNERSHIP = Options.preset("partnership")

# Three at the table, Cal deals: Ann (dealer's left) bids first, then Bob, then Cal.
THREE = HandContext(("Ann", "Bob", "Cal"), "Cal", ("Ann", "Bob", "Cal"))
# Four at a Brooklyn table, Dee deals: Cal (dealer's right) sits out.
FOUR_RIGHT_OUT = HandContext(("Ann", "Bob", "Cal", "Dee"), "Dee", ("Ann", "Bob", "Dee"))
# Four at a Hoyle table (or Brooklyn with sit_out=dealer), Dee deals and sits out.
FOUR_DEALER_OUT = HandContext(("Ann", "Bob", "Cal", "Dee"), "Dee", ("Ann", "Bob", "Cal"))
# Five at Hoyle, Eve deals: Eve and Bob (second from the dealer's left) sit out.
FIVE_HOYLE = HandContext(("Ann", "Bob", "Cal", "Dee", "Eve"), "Eve", ("Ann", "Cal", "Dee"))
# Partnership, Dee deals; partners sit opposite: Ann & Cal against Bob & Dee.
PARTNERS = HandContext(
    ("Ann", "Bob", "Cal", "Dee"),
    "Dee",
    ("Ann", "Bob", "Cal", "Dee"),
    (Team(("Ann", "Cal")), Team(("Bob", "Dee"))),
)
ANN_CAL, BOB_DEE = PARTNERS.teams


def melds(**points: int) -> tuple[tuple[str, MeldNumber], ...]:
    return tuple((player, MeldNumber(value)) for player, value in points.items())


def changes(result) -> dict[str, int]:
    return dict(result.changes)


def net_of_flows(result) -> dict[str, int]:
    net: dict[str, int] = {}
    for flow in result.flows:
        net[flow.payer] = net.get(flow.payer, 0) - flow.amount
        net[flow.payee] = net.get(flow.payee, 0) + flow.amount
    return {holder: amount for holder, amount in net.items() if amount}


def assert_balanced(result) -> None:
    """Players + kitty + pot add to 0, and the flows say the same thing."""
    assert sum(changes(result).values()) + result.kitty_change + result.pot_change == 0
    expected = {h: c for h, c in changes(result).items() if c}
    if result.kitty_change:
        expected[KITTY] = result.kitty_change
    if result.pot_change:
        expected[POT] = result.pot_change
    assert net_of_flows(result) == expected


def chip(options, ctx=THREE, **entry):
    result = score_hand(HandInput(**entry), ctx, options)
    assert_balanced(result)
    return result


# == Brooklyn =====================================================================================


def test_brooklyn_made_bid_collects_the_schedule_value_from_each_opponent():
    # 350 is in 350-380: 2 units; hearts do not multiply. Bob and Cal pay 2 each.
    result = chip(BROOKLYN, outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": 4, "Bob": -2, "Cal": -2}
    assert result.value == 2 and result.multiplier == 1
    assert set(result.flows) == {Flow("Bob", "Ann", 2), Flow("Cal", "Ann", 2)}


def test_spades_double_the_made_payment():
    # 350 spades: 2 x 2 = 4 from each of Bob and Cal.
    result = chip(BROOKLYN, outcome=MADE, declarer="Ann", bid=350, trump=S)
    assert changes(result) == {"Ann": 8, "Bob": -4, "Cal": -4}
    assert result.multiplier == 2 and result.value == 4


def test_brooklyn_set_pays_each_opponent_twice_the_value():
    # 350 hearts set: 2 x 2 = 4 to each of Bob and Cal.
    result = chip(BROOKLYN, outcome=SET, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": -8, "Bob": 4, "Cal": 4}


def test_spades_double_the_set_payment():
    # 400 spades set: 400-430 is 4, doubled for spades 8, set pays 2 x 8 = 16 to each.
    result = chip(BROOKLYN, outcome=SET, declarer="Ann", bid=400, trump=S)
    assert changes(result) == {"Ann": -32, "Bob": 16, "Cal": 16}


def test_without_spades_double_spades_pay_plain():
    # spades_double off: 400 spades set pays 2 x 4 = 8 to each.
    options = replace(BROOKLYN, spades_double=False)
    result = chip(options, outcome=SET, declarer="Ann", bid=400, trump=S)
    assert changes(result) == {"Ann": -16, "Bob": 8, "Cal": 8}


def test_hearts_triple_the_payment_when_chosen():
    # hearts_triple on: 350 hearts made is 2 x 3 = 6 from each.
    options = replace(BROOKLYN, hearts_triple=True)
    result = chip(options, outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": 12, "Bob": -6, "Cal": -6}
    # and off (the preset): the same hand pays 2 each
    assert chip(BROOKLYN, outcome=MADE, declarer="Ann", bid=350, trump=H).change("Ann") == 4


def test_set_factor_changes_what_a_set_costs():
    # set_factor 3: 350 hearts set pays 3 x 2 = 6 to each.
    options = replace(BROOKLYN, set_factor=3)
    result = chip(options, outcome=SET, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": -12, "Bob": 6, "Cal": 6}


@pytest.mark.parametrize("trump", [S, None], ids=["spades named", "no trump named"])
def test_brooklyn_voluntary_set_pays_the_value_without_spade_double(trump):
    # conceded at 400: the schedule value 4 to each opponent, never doubled for spades.
    result = chip(BROOKLYN, outcome=CONCEDED, declarer="Ann", bid=400, trump=trump)
    assert changes(result) == {"Ann": -8, "Bob": 4, "Cal": 4}
    assert result.multiplier == 1


def test_brooklyn_four_players_the_sitting_out_player_pays_with_the_opponents():
    # Dee deals, Cal sits out. Ann makes 350 clubs: 2 from each of Bob, Cal and Dee.
    result = chip(BROOKLYN, FOUR_RIGHT_OUT, outcome=MADE, declarer="Ann", bid=350, trump=C)
    assert changes(result) == {"Ann": 6, "Bob": -2, "Cal": -2, "Dee": -2}


def test_brooklyn_four_players_the_sitting_out_player_is_paid_for_a_set():
    # Ann set at 300 spades: 1 doubled 2, set 2 x 2 = 4 to each of Bob, Cal (out), Dee.
    result = chip(BROOKLYN, FOUR_RIGHT_OUT, outcome=SET, declarer="Ann", bid=300, trump=S)
    assert changes(result) == {"Ann": -12, "Bob": 4, "Cal": 4, "Dee": 4}


def test_sit_out_option_decides_who_may_declare():
    # right-of-dealer: Cal sits out when Dee deals; with sit_out=dealer Dee sits out instead.
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, "Cal", 350, C), FOUR_RIGHT_OUT, BROOKLYN)
    assert error.value.where.part is Part.DECLARER
    assert "sits out" in error.value.rule
    options = replace(BROOKLYN, sit_out=SitOut.DEALER)
    result = chip(options, FOUR_DEALER_OUT, outcome=MADE, declarer="Cal", bid=350, trump=C)
    assert changes(result) == {"Ann": -2, "Bob": -2, "Cal": 6, "Dee": -2}


def test_brooklyn_dealer_takeover_made_collects_the_250_value():
    # Cal deals; the 300 bidder makes Cal play at 250: 250-330 is 1 from each opponent.
    result = chip(BROOKLYN, outcome=MADE, declarer="Cal", bid=250, trump=D, takeover=True)
    assert changes(result) == {"Ann": -1, "Bob": -1, "Cal": 2}
    assert result.takeover


def test_brooklyn_dealer_takeover_set_in_spades():
    # 250 spades set: 1 x 2 (spades) x 2 (set) = 4 to each opponent.
    result = chip(BROOKLYN, outcome=SET, declarer="Cal", bid=250, trump=S, takeover=True)
    assert changes(result) == {"Ann": 4, "Bob": 4, "Cal": -8}


def test_dealer_takeover_is_played_by_the_dealer():
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, "Ann", 250, D, takeover=True), THREE, BROOKLYN)
    assert error.value.where.part is Part.DECLARER
    assert "dealer" in error.value.rule and "Cal" in error.value.rule


def test_dealer_takeover_is_played_at_250():
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Cal", 300, D, takeover=True), THREE, BROOKLYN)
    assert error.value.where.part is Part.BID
    assert "250" in error.value.rule


def test_dealer_takeover_only_under_the_takeover_rule():
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Cal", 250, D, takeover=True), THREE, HOYLE)
    assert error.value.where.part is Part.TAKEOVER
    assert "takeover" in error.value.rule


def test_a_250_bid_without_takeover_is_below_the_brooklyn_minimum():
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Cal", 250, D), THREE, BROOKLYN)
    assert error.value.where.part is Part.BID
    assert "below the minimum" in error.value.rule and "300" in error.value.rule


def test_brooklyn_forbids_bids_ending_in_40_and_90():
    for bid in (340, 390, 440):
        with pytest.raises(BidError) as error:
            score_hand(HandInput(MADE, "Ann", bid, H), THREE, BROOKLYN)
        assert error.value.where.part is Part.BID
        assert "forbid" in error.value.rule and str(bid % 100) in error.value.rule


def test_forbidden_endings_option_refuses_an_otherwise_legal_bid():
    # Hoyle allows 340 (300-340: 3 from each of Bob and Cal; below the kitty's 350).
    result = chip(HOYLE, outcome=MADE, declarer="Ann", bid=340, trump=H)
    assert changes(result) == {"Ann": 6, "Bob": -3, "Cal": -3}
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", 340, H), THREE, replace(HOYLE, forbidden_endings=(40,)))
    assert error.value.where.part is Part.BID and "ends in 40" in error.value.rule


def test_min_bid_option_lets_a_lower_bid_stand_at_the_lowest_bracket():
    # Hoyle refuses 250; with min_bid 250 it stands and pays the lowest bracket (300-340: 3).
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", 250, H), THREE, HOYLE)
    assert error.value.where.part is Part.BID and "minimum" in error.value.rule
    result = chip(replace(HOYLE, min_bid=250), outcome=MADE, declarer="Ann", bid=250, trump=H)
    assert changes(result) == {"Ann": 6, "Bob": -3, "Cal": -3}


def test_bid_step_option_refuses_a_bid_off_the_step():
    options = replace(HOYLE, bid_step=50)
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", 320, H), THREE, options)
    assert error.value.where.part is Part.BID
    assert error.value.rule == (
        "Bid 320 is off the ladder: from 300 bids go up in fifties (300, 350, 400)."
    )
    # 350 is on the step: 5 from each of Bob, Cal and the kitty (kitty holds 5).
    result = chip(
        options,
        replace(THREE, kitty=5),
        outcome=MADE,
        declarer="Ann",
        bid=350,
        trump=H,
    )
    assert changes(result) == {"Ann": 15, "Bob": -5, "Cal": -5}


def test_schedule_option_changes_the_units():
    # brooklyn-gentle-b: 400-440 is 7; under the brooklyn schedule it would be 4.
    options = replace(BROOKLYN, schedule=Schedule.BROOKLYN_GENTLE_B)
    result = chip(options, outcome=MADE, declarer="Ann", bid=400, trump=D)
    assert changes(result) == {"Ann": 14, "Bob": -7, "Cal": -7}


# == Brooklyn with a pot ==========================================================================


def test_pot_seed_worked_check_bid_330_spades_played_and_lost():
    # Seed 000: 330 is 6 units (5c per full 50), spades double 12, played and lost double 24:
    # 24 units to Bob, Cal and the pot = 1.20 each at 5c a unit.
    result = chip(POT_GAME, replace(THREE, pot=15), outcome=SET, declarer="Ann", bid=330, trump=S)
    assert changes(result) == {"Ann": -72, "Bob": 24, "Cal": 24}
    assert result.pot_change == 24
    assert 24 * POT_GAME.stake == 120  # $1.20 in cents
    assert Flow("Ann", POT, 24) in result.flows


def test_pot_made_below_the_threshold_leaves_the_pot():
    # 300 hearts made: 6 units from each of Bob and Cal; 300 < 400 so the pot stays.
    result = chip(POT_GAME, replace(THREE, pot=15), outcome=MADE, declarer="Ann", bid=300, trump=H)
    assert changes(result) == {"Ann": 12, "Bob": -6, "Cal": -6}
    assert result.pot_change == 0 and result.pot_taken == 0


def test_pot_made_at_400_takes_the_pot_and_everyone_antes_again():
    # 400 diamonds: 8 units from Bob and Cal; Ann takes the pot of 15; everyone antes
    # 25c / 5c = 5 units: Ann 16 + 15 - 5 = 26, Bob -8 - 5 = -13, Cal -13, pot -15 + 15 = 0.
    result = chip(POT_GAME, replace(THREE, pot=15), outcome=MADE, declarer="Ann", bid=400, trump=D)
    assert changes(result) == {"Ann": 26, "Bob": -13, "Cal": -13}
    assert result.pot_change == 0
    assert result.pot_taken == 15 and result.ante == 5
    assert Flow(POT, "Ann", 15) in result.flows


def test_pot_threshold_option_lets_a_350_take_the_pot():
    # pot_threshold 350: 350 hearts is 7 units from each; Ann takes 15 and all ante 5:
    # Ann 14 + 15 - 5 = 24, Bob -7 - 5 = -12, Cal -12. Under the default 400 she would not.
    options = replace(POT_GAME, pot_threshold=350)
    result = chip(options, replace(THREE, pot=15), outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": 24, "Bob": -12, "Cal": -12}
    default = chip(POT_GAME, replace(THREE, pot=15), outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(default) == {"Ann": 14, "Bob": -7, "Cal": -7}


def test_ante_option_sets_the_new_ante_after_the_pot_is_taken():
    # ante 50c at 5c a unit = 10 units: 400 diamonds, pot 30:
    # Ann 16 + 30 - 10 = 36, Bob -8 - 10 = -18, Cal -18, pot -30 + 30 = 0.
    options = replace(POT_GAME, ante=50)
    result = chip(options, replace(THREE, pot=30), outcome=MADE, declarer="Ann", bid=400, trump=D)
    assert changes(result) == {"Ann": 36, "Bob": -18, "Cal": -18}
    assert result.ante == 10


def test_stake_option_changes_the_ante_in_units():
    # ante 25c at a 25c stake is 1 unit: 400 diamonds, pot 3:
    # Ann 16 + 3 - 1 = 18, Bob -8 - 1 = -9, Cal -9.
    options = replace(POT_GAME, stake=25)
    result = chip(options, replace(THREE, pot=3), outcome=MADE, declarer="Ann", bid=400, trump=D)
    assert changes(result) == {"Ann": 18, "Bob": -9, "Cal": -9}


def test_pot_conceded_keeps_the_multiplier_when_trump_was_named():
    # single set at 330 with spades named: 6 x 2 = 12 to Bob, Cal and the pot.
    result = chip(
        POT_GAME, replace(THREE, pot=15), outcome=CONCEDED, declarer="Ann", bid=330, trump=S
    )
    assert changes(result) == {"Ann": -36, "Bob": 12, "Cal": 12}
    assert result.pot_change == 12


def test_pot_conceded_without_trump_pays_the_plain_value():
    # single set at 330, no trump: 6 to Bob, Cal and the pot.
    result = chip(
        POT_GAME, replace(THREE, pot=15), outcome=CONCEDED, declarer="Ann", bid=330, trump=None
    )
    assert changes(result) == {"Ann": -18, "Bob": 6, "Cal": 6}
    assert result.pot_change == 6


def test_pot_set_in_hearts_pays_the_pot_as_one_more_opponent():
    # 330 hearts set: 2 x 6 = 12 to Bob, Cal and the pot.
    result = chip(POT_GAME, replace(THREE, pot=15), outcome=SET, declarer="Ann", bid=330, trump=H)
    assert changes(result) == {"Ann": -36, "Bob": 12, "Cal": 12}
    assert result.pot_change == 12


def test_pot_game_with_five_players_the_two_sitting_out_pay_too():
    # Eve deals; Ann, Bob and Cal (dealer's left) play; Dee and Eve sit out.
    # 300 hearts made: 6 from each of the four others.
    ctx = HandContext(("Ann", "Bob", "Cal", "Dee", "Eve"), "Eve", ("Ann", "Bob", "Cal"), pot=25)
    result = chip(POT_GAME, ctx, outcome=MADE, declarer="Ann", bid=300, trump=H)
    assert changes(result) == {"Ann": 24, "Bob": -6, "Cal": -6, "Dee": -6, "Eve": -6}


def test_pot_game_set_with_five_players_pays_four_players_and_the_pot():
    # 330 spades set with Dee and Eve out: 24 to each of Bob, Cal, Dee, Eve and the pot.
    ctx = HandContext(("Ann", "Bob", "Cal", "Dee", "Eve"), "Eve", ("Ann", "Bob", "Cal"), pot=25)
    result = chip(POT_GAME, ctx, outcome=SET, declarer="Ann", bid=330, trump=S)
    assert result.change("Ann") == -24 * 5
    assert all(result.change(p) == 24 for p in ("Bob", "Cal", "Dee", "Eve"))
    assert result.pot_change == 24


def test_pot_taken_with_five_players_everyone_antes_again():
    # 400 diamonds, pot 25: 8 from each of four others; Ann takes 25; five ante 5 each:
    # Ann 32 + 25 - 5 = 52, each other -8 - 5 = -13, pot -25 + 25 = 0.
    ctx = HandContext(("Ann", "Bob", "Cal", "Dee", "Eve"), "Eve", ("Ann", "Bob", "Cal"), pot=25)
    result = chip(POT_GAME, ctx, outcome=MADE, declarer="Ann", bid=400, trump=D)
    assert changes(result) == {"Ann": 52, "Bob": -13, "Cal": -13, "Dee": -13, "Eve": -13}
    assert result.pot_change == 0


# == Hoyle and the kitty ==========================================================================


def test_hoyle_below_the_kitty_threshold_the_kitty_stays_out():
    # 300 hearts made: 300-340 is 3 from Bob and Cal; the kitty joins only from 350.
    result = chip(HOYLE, replace(THREE, kitty=20), outcome=MADE, declarer="Ann", bid=300, trump=H)
    assert changes(result) == {"Ann": 6, "Bob": -3, "Cal": -3}
    assert result.kitty_change == 0


def test_hoyle_kitty_pays_like_an_opponent_from_350():
    # 350 hearts made: 5 from Bob, Cal and the kitty (which holds 20): Ann +15.
    result = chip(HOYLE, replace(THREE, kitty=20), outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": 15, "Bob": -5, "Cal": -5}
    assert result.kitty_change == -5


def test_kitty_threshold_option_brings_the_kitty_in_earlier():
    # kitty_threshold 300: 300 hearts made collects 3 from Bob, Cal and the kitty: Ann +9.
    options = replace(HOYLE, kitty_threshold=300)
    result = chip(options, replace(THREE, kitty=20), outcome=MADE, declarer="Ann", bid=300, trump=H)
    assert changes(result) == {"Ann": 9, "Bob": -3, "Cal": -3}
    assert result.kitty_change == -3


def test_hoyle_set_pays_the_kitty_too():
    # 350 clubs set: 2 x 5 = 10 to Bob, Cal and the kitty.
    result = chip(HOYLE, outcome=SET, declarer="Ann", bid=350, trump=C)
    assert changes(result) == {"Ann": -30, "Bob": 10, "Cal": 10}
    assert result.kitty_change == 10


def test_hoyle_spades_at_400_double_every_payment_including_the_kitty():
    # 400 spades made: 10 x 2 = 20 from Bob, Cal and the kitty (holding 50): Ann +60.
    result = chip(HOYLE, replace(THREE, kitty=50), outcome=MADE, declarer="Ann", bid=400, trump=S)
    assert changes(result) == {"Ann": 60, "Bob": -20, "Cal": -20}
    assert result.kitty_change == -20


def test_hoyle_kitty_shortfall_is_chipped_in_rounded_up():
    # 350 hearts made, kitty empty: the kitty owes 5 and is 5 short; three players chip in
    # ceil(5 / 3) = 2 each, the extra 1 stays. Ann 15 - 2 = 13, Bob -5 - 2 = -7, Cal -7,
    # kitty -5 + 6 = +1.
    result = chip(HOYLE, outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert changes(result) == {"Ann": 13, "Bob": -7, "Cal": -7}
    assert result.kitty_change == 1
    assert result.chip_in == 2


def test_hoyle_kitty_shortfall_is_shared_by_the_players_sitting_out():
    # Four at the table, Dee deals and sits out; kitty holds 2. 400 spades made:
    # 20 from Bob, Cal, Dee and the kitty; the kitty is 18 short: four chip in
    # ceil(18 / 4) = 5 each (20 in, 2 stay over). Ann 80 - 5 = 75, others -25,
    # kitty 2 - 20 + 20 = 2, a change of 0.
    result = chip(
        HOYLE, replace(FOUR_DEALER_OUT, kitty=2), outcome=MADE, declarer="Ann", bid=400, trump=S
    )
    assert changes(result) == {"Ann": 75, "Bob": -25, "Cal": -25, "Dee": -25}
    assert result.kitty_change == 0
    assert result.chip_in == 5


def test_hoyle_exact_kitty_leaves_it_at_zero_without_a_chip_in():
    # kitty holds exactly 5: 350 hearts made takes it to 0, nobody chips in.
    result = chip(HOYLE, replace(THREE, kitty=5), outcome=MADE, declarer="Ann", bid=350, trump=H)
    assert result.kitty_change == -5 and result.chip_in == 0


def test_hoyle_forfeit_pays_three_to_the_kitty_only():
    # Ann holds the compulsory 300 and gives it up unseen: 3 units to the kitty, no trump.
    result = chip(HOYLE, outcome=Outcome.FORFEIT, declarer="Ann", bid=300, trump=None)
    assert changes(result) == {"Ann": -3, "Bob": 0, "Cal": 0}
    assert result.kitty_change == 3
    assert result.flows == (Flow("Ann", KITTY, 3),)


def test_hoyle_forfeit_with_five_players_by_the_dealers_left():
    # Eve deals, Ann (dealer's left) is the first bidder among those dealt in.
    result = chip(HOYLE, FIVE_HOYLE, outcome=Outcome.FORFEIT, declarer="Ann", bid=300)
    assert result.change("Ann") == -3 and result.kitty_change == 3


def test_hoyle_forfeit_is_not_multiplied_even_under_a_changed_schedule():
    # hoyle-plus-two: 300 is worth 1; the forfeit pays that 1 to the kitty.
    options = replace(HOYLE, schedule=Schedule.HOYLE_PLUS_TWO)
    result = chip(options, outcome=Outcome.FORFEIT, declarer="Ann", bid=300)
    assert result.change("Ann") == -1 and result.kitty_change == 1


def test_hoyle_opponents_conceded_pays_as_made():
    # 350 spades: 5 x 2 = 10 from Bob, Cal and the kitty (holding 50): Ann +30.
    result = chip(
        HOYLE,
        replace(THREE, kitty=50),
        outcome=Outcome.OPPONENTS_CONCEDED,
        declarer="Ann",
        bid=350,
        trump=S,
    )
    assert changes(result) == {"Ann": 30, "Bob": -10, "Cal": -10}
    assert result.kitty_change == -10


def test_hoyle_single_bete_pays_the_value_without_multiplier():
    # conceded at 350 with spades named: 5 to Bob, Cal and the kitty, not doubled.
    result = chip(HOYLE, outcome=CONCEDED, declarer="Ann", bid=350, trump=S)
    assert changes(result) == {"Ann": -15, "Bob": 5, "Cal": 5}
    assert result.kitty_change == 5


def test_hoyle_single_bete_below_350_leaves_the_kitty_out():
    # conceded at 300: 3 to each of Bob and Cal.
    result = chip(HOYLE, outcome=CONCEDED, declarer="Ann", bid=300)
    assert changes(result) == {"Ann": -6, "Bob": 3, "Cal": 3}
    assert result.kitty_change == 0


def test_hoyle_four_players_the_dealer_sitting_out_pays():
    # Dee deals and sits out. 300 hearts made: 3 from Bob, Cal and Dee.
    result = chip(HOYLE, FOUR_DEALER_OUT, outcome=MADE, declarer="Ann", bid=300, trump=H)
    assert changes(result) == {"Ann": 9, "Bob": -3, "Cal": -3, "Dee": -3}


def test_hoyle_five_players_both_sitting_out_pay():
    # Eve deals; Eve and Bob sit out. Cal makes 300 diamonds: 3 from Ann, Bob, Dee, Eve.
    result = chip(HOYLE, FIVE_HOYLE, outcome=MADE, declarer="Cal", bid=300, trump=D)
    assert changes(result) == {"Ann": -3, "Bob": -3, "Cal": 12, "Dee": -3, "Eve": -3}


def test_hoyle_plus_one_schedule_counts_every_10_points():
    # hoyle-plus-one: 360 is 6 units, from Bob, Cal and the kitty (holding 30): Ann +18.
    options = replace(HOYLE, schedule=Schedule.HOYLE_PLUS_ONE)
    result = chip(options, replace(THREE, kitty=30), outcome=MADE, declarer="Ann", bid=360, trump=D)
    assert changes(result) == {"Ann": 18, "Bob": -6, "Cal": -6}


# -- outcome derived from meld and tricks ----------------------------------------------------------


def test_outcome_is_derived_as_made_when_meld_and_tricks_reach_the_bid():
    # 190 meld + 170 tricks = 360 >= 350: made, 5 from Bob, Cal and the kitty (holding 10).
    result = chip(
        HOYLE,
        replace(THREE, kitty=10),
        declarer="Ann",
        bid=350,
        trump=H,
        meld=melds(Ann=190),
        tricks=SideTricks(170),
    )
    assert result.outcome is MADE and result.made is True
    assert changes(result) == {"Ann": 15, "Bob": -5, "Cal": -5}
    assert result.side_tricks == (170, 80)


def test_outcome_is_derived_as_set_when_meld_and_tricks_fall_short():
    # 190 + 150 = 340 < 350: set, 2 x 5 = 10 to Bob, Cal and the kitty.
    result = chip(
        HOYLE, declarer="Ann", bid=350, trump=H, meld=melds(Ann=190), tricks=SideTricks(150)
    )
    assert result.outcome is SET and result.made is False
    assert changes(result) == {"Ann": -30, "Bob": 10, "Cal": 10}


def test_exactly_the_bid_is_made():
    # 200 + 150 = 350 = the bid.
    result = chip(
        HOYLE, declarer="Ann", bid=350, trump=C, meld=melds(Ann=200), tricks=SideTricks(150)
    )
    assert result.outcome is MADE


def test_meld_from_named_melds_counts_toward_the_bid():
    # run 150 + pinochle 40 = 190 meld, 160 tricks: 350 made at 350 (hearts).
    claims = MeldClaims(tuple(parse_claims("run, pinochle")))
    result = chip(
        HOYLE,
        replace(THREE, kitty=10),
        declarer="Ann",
        bid=350,
        trump=H,
        meld=(("Ann", claims),),
        tricks=SideTricks(160),
    )
    assert result.outcome is MADE and result.meld_of("Ann") == 190


def test_meld_from_cards_counts_toward_the_bid():
    # A T K Q J of hearts (run 150) + 9H (dix 10) = 160 meld, 190 tricks: 350 at 350 made.
    cards = MeldCards(Hand.parse("AH TH KH QH JH 9H"))
    result = chip(
        HOYLE,
        replace(THREE, kitty=10),
        declarer="Ann",
        bid=350,
        trump=H,
        meld=(("Ann", cards),),
        tricks=SideTricks(190),
    )
    assert result.outcome is MADE and result.meld_of("Ann") == 160


@pytest.mark.parametrize(
    ("entered", "tricks", "verdict"),
    [
        pytest.param(SET, 170, "made, not set", id="190 + 170 = 360 reaches 350: not set"),
        pytest.param(MADE, 150, "set, not made", id="190 + 150 = 340 falls short: not made"),
    ],
)
def test_a_contradictory_entered_outcome_is_refused(entered, tricks, verdict):
    with pytest.raises(OutcomeError) as error:
        score_hand(
            HandInput(entered, "Ann", 350, H, melds(Ann=190), SideTricks(tricks)), THREE, HOYLE
        )
    assert error.value.where.part is Part.OUTCOME
    assert verdict in error.value.rule


def test_tricks_are_refused_on_a_hand_that_was_not_played():
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(CONCEDED, "Ann", 350, H, (), SideTricks(100)), THREE, HOYLE)
    assert error.value.where.part is Part.TRICKS and "not played" in error.value.rule


def test_a_hand_needs_an_outcome_or_figures():
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(None, "Ann", 350, H), THREE, HOYLE)
    assert error.value.where.part is Part.OUTCOME and "Enter the outcome" in error.value.rule


# == Bison ========================================================================================

# Everyone melds; counters (A, T, K) are worth 10 and the last trick 10.


def bison(**entry):
    return score_hand(HandInput(**entry), THREE, BISON)


def test_bison_made_declarer_and_opponents_add_meld_and_tricks():
    # Ann bids 300 in spades. Counters: Ann 12 + last trick = 130, Bob 8 = 80, Cal 4 = 40.
    # Ann 190 + 130 = 320 >= 300 made: +320; Bob 40 + 80 = 120; Cal 20 + 40 = 60.
    result = bison(
        declarer="Ann",
        bid=300,
        trump=S,
        meld=melds(Ann=190, Bob=40, Cal=20),
        tricks=PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann"),
    )
    assert result.outcome is MADE
    assert changes(result) == {"Ann": 320, "Bob": 120, "Cal": 60}
    assert dict(result.tricks) == {"Ann": 130, "Bob": 80, "Cal": 40}
    assert dict(result.sets) == {}


def test_bison_set_declarer_loses_the_bid_opponents_still_score():
    # Same cards at 350: 320 < 350, set: Ann -350; Bob 120; Cal 60; a double set for Ann.
    result = bison(
        declarer="Ann",
        bid=350,
        trump=S,
        meld=melds(Ann=190, Bob=40, Cal=20),
        tricks=PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann"),
    )
    assert result.outcome is SET
    assert changes(result) == {"Ann": -350, "Bob": 120, "Cal": 60}
    assert dict(result.sets) == {"Ann": 2}


def test_bison_opponent_without_a_counter_scores_nothing_when_the_declarer_makes():
    # Cal takes the last trick but no counter: loses meld 20 and the 10 for the last trick.
    # Ann 16 counters = 160 + meld 190 = 350 >= 300 made; Bob 40 + 80 = 120; Cal 0.
    result = bison(
        declarer="Ann",
        bid=300,
        trump=H,
        meld=melds(Ann=190, Bob=40, Cal=20),
        tricks=PlayerTricks.of({"Ann": 16, "Bob": 8, "Cal": 0}, "Cal"),
    )
    assert changes(result) == {"Ann": 350, "Bob": 120, "Cal": 0}


def test_bison_opponent_without_a_counter_scores_nothing_when_the_declarer_is_set():
    # Same cards at 400: 350 < 400 set: Ann -400; Bob 120; Cal still 0.
    result = bison(
        declarer="Ann",
        bid=400,
        trump=H,
        meld=melds(Ann=190, Bob=40, Cal=20),
        tricks=PlayerTricks.of({"Ann": 16, "Bob": 8, "Cal": 0}, "Cal"),
    )
    assert changes(result) == {"Ann": -400, "Bob": 120, "Cal": 0}


def test_bison_conceded_opponents_keep_their_meld_without_a_counter():
    # Ann gives up 300 after meld: -300; Bob +40 and Cal +20 (no play, no counter needed).
    result = bison(
        outcome=CONCEDED, declarer="Ann", bid=300, trump=S, meld=melds(Ann=190, Bob=40, Cal=20)
    )
    assert changes(result) == {"Ann": -300, "Bob": 40, "Cal": 20}
    assert dict(result.sets) == {"Ann": 1}


def test_bison_renege_by_the_declarer_is_a_double_set():
    # Ann reneges at 300: -300; Bob +40, Cal +20 (meld only, no trick points).
    result = bison(
        outcome=Outcome.RENEGE,
        declarer="Ann",
        bid=300,
        trump=S,
        meld=melds(Ann=190, Bob=40, Cal=20),
        reneger="Ann",
    )
    assert changes(result) == {"Ann": -300, "Bob": 40, "Cal": 20}
    assert dict(result.sets) == {"Ann": 2}
    assert result.reneger == "Ann"


def test_bison_renege_by_an_opponent_makes_the_bid():
    # Bob reneges: Ann adds bid + meld = 300 + 190 = 490; Bob scores nothing and takes a
    # single set; Cal adds only meld 20.
    result = bison(
        outcome=Outcome.RENEGE,
        declarer="Ann",
        bid=300,
        trump=S,
        meld=melds(Ann=190, Bob=40, Cal=20),
        reneger="Bob",
    )
    assert changes(result) == {"Ann": 490, "Bob": 0, "Cal": 20}
    assert dict(result.sets) == {"Bob": 1}


def test_bison_renege_needs_the_reneger():
    with pytest.raises(PlayerError) as error:
        bison(outcome=Outcome.RENEGE, declarer="Ann", bid=300, trump=S)
    assert error.value.where.part is Part.RENEGER and "reneged" in error.value.rule


def test_bison_reneger_only_with_a_renege_outcome():
    with pytest.raises(OutcomeError) as error:
        bison(
            outcome=CONCEDED, declarer="Ann", bid=300, trump=S, meld=melds(Ann=190), reneger="Bob"
        )
    assert error.value.where.part is Part.RENEGER


def test_bison_all_pass_is_thrown_in_with_no_score():
    result = bison(outcome=Outcome.ALL_PASS)
    assert result.outcome is Outcome.ALL_PASS
    assert result.changes == () and result.passes_deal


def test_bison_needs_each_players_counters():
    with pytest.raises(OutcomeError) as error:
        bison(declarer="Ann", bid=300, trump=S, tricks=SideTricks(150))
    assert error.value.where.part is Part.TRICKS and "counters" in error.value.rule


def test_bison_counters_must_add_up_to_24():
    with pytest.raises(TrickError) as error:
        bison(
            declarer="Ann",
            bid=300,
            trump=S,
            tricks=PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 3}, "Ann"),
        )
    assert error.value.where.part is Part.TRICKS and "24" in error.value.rule


def test_bison_card_points_must_add_up_to_240_under_classic():
    # classic takes are card points without the last trick: 130 + 70 + 30 = 230, not 240.
    options = replace(BISON, card_values=CardValues.CLASSIC)
    with pytest.raises(TrickError) as error:
        score_hand(
            HandInput(
                None, "Ann", 300, S, (), PlayerTricks.of({"Ann": 130, "Bob": 70, "Cal": 30}, "Ann")
            ),
            THREE,
            options,
        )
    assert error.value.where.part is Part.TRICKS
    assert "240" in error.value.rule and "230" in error.value.rule


def test_bison_last_trick_must_be_named():
    with pytest.raises(TrickError) as error:
        bison(
            declarer="Ann",
            bid=300,
            trump=S,
            tricks=PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Zed"),
        )
    assert error.value.where.part is Part.LAST_TRICK


def test_card_values_option_bison_with_classic_counts_card_points():
    # classic: takes are card points (sum 240) plus 10 for the last trick.
    # Ann 130 + 10 = 140 + meld 190 = 330 >= 300 made; Bob 70 + meld 40 = 110;
    # Cal 40 + meld 20 = 60.
    options = replace(BISON, card_values=CardValues.CLASSIC)
    result = score_hand(
        HandInput(
            None,
            "Ann",
            300,
            S,
            melds(Ann=190, Bob=40, Cal=20),
            PlayerTricks.of({"Ann": 130, "Bob": 70, "Cal": 40}, "Ann"),
        ),
        THREE,
        options,
    )
    assert changes(result) == {"Ann": 330, "Bob": 110, "Cal": 60}


# == Partnership ==================================================================================


def partnership(**entry):
    return score_hand(HandInput(**entry), PARTNERS, PARTNERSHIP)


def test_partnership_made_both_teams_add_meld_and_tricks():
    # Ann & Cal meld 100 + 40 = 140, tricks 200: 340 >= 300 made: +340.
    # Bob & Dee meld 60 + 20 = 80, tricks 250 - 200 = 50: +130.
    result = partnership(
        declarer="Ann",
        bid=300,
        trump=H,
        meld=melds(Ann=100, Cal=40, Bob=60, Dee=20),
        tricks=SideTricks(200),
    )
    assert result.outcome is MADE
    assert changes(result) == {ANN_CAL: 340, BOB_DEE: 130}


def test_partnership_set_bidding_team_loses_the_bid_and_its_meld():
    # Same at 350: 340 < 350 set: Ann & Cal -350; Bob & Dee +130.
    result = partnership(
        declarer="Ann",
        bid=350,
        trump=H,
        meld=melds(Ann=100, Cal=40, Bob=60, Dee=20),
        tricks=SideTricks(200),
    )
    assert result.outcome is SET
    assert changes(result) == {ANN_CAL: -350, BOB_DEE: 130}


def test_partnership_other_team_without_a_trick_point_scores_nothing():
    # Ann & Cal take all 250: 140 + 250 = 390 made; Bob & Dee lose their 80 meld.
    result = partnership(
        declarer="Ann",
        bid=300,
        trump=H,
        meld=melds(Ann=100, Cal=40, Bob=60, Dee=20),
        tricks=SideTricks(250),
    )
    assert changes(result) == {ANN_CAL: 390, BOB_DEE: 0}


def test_partnership_conceded_bidders_lose_the_bid_others_add_meld():
    # Bob bids 300 and concedes: Bob & Dee -300; Ann & Cal +140 meld.
    result = partnership(
        outcome=CONCEDED, declarer="Bob", bid=300, meld=melds(Ann=100, Cal=40, Bob=60, Dee=20)
    )
    assert changes(result) == {BOB_DEE: -300, ANN_CAL: 140}


def test_partnership_declarer_on_the_second_team():
    # Dee bids 250: Bob & Dee meld 80 + tricks 180 = 260 made; Ann & Cal 140 + 70 = 210.
    result = partnership(
        declarer="Dee",
        bid=250,
        trump=C,
        meld=melds(Ann=100, Cal=40, Bob=60, Dee=20),
        tricks=SideTricks(180),
    )
    assert changes(result) == {BOB_DEE: 260, ANN_CAL: 210}


def test_partnership_has_no_renege():
    with pytest.raises(OutcomeError) as error:
        partnership(outcome=Outcome.RENEGE, declarer="Ann", bid=300, trump=H, reneger="Bob")
    assert error.value.where.part is Part.OUTCOME and "renege" in error.value.rule


def test_partnership_meld_uses_the_twelve_card_hand():
    # 13 cards laid down in a twelve-card game.
    cards = MeldCards(Hand.parse("AH TH KH QH JH 9H AS AD AC KS KD KC QS"))
    with pytest.raises(MeldError) as error:
        partnership(
            declarer="Ann", bid=300, trump=H, meld=(("Ann", cards),), tricks=SideTricks(200)
        )
    assert error.value.where == Where(Part.MELD, "Ann") and "12" in error.value.rule


# == misdeal and all pass =========================================================================


@pytest.mark.parametrize("preset", ["brooklyn", "brooklyn-pot", "hoyle", "bison", "partnership"])
def test_a_misdeal_scores_nothing_and_keeps_the_dealer(preset):
    ctx = PARTNERS if preset == "partnership" else THREE
    result = score_hand(HandInput(Outcome.MISDEAL), ctx, Options.preset(preset))
    assert result.outcome is Outcome.MISDEAL
    assert result.changes == () and result.flows == ()
    assert result.passes_deal is False


@pytest.mark.parametrize(
    "preset",
    ["brooklyn", "brooklyn-pot", "hoyle"],
    ids=["takeover", "dealer must bid", "compulsory"],
)
def test_all_pass_is_refused_where_the_hand_cannot_be_thrown_in(preset):
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(Outcome.ALL_PASS), THREE, Options.preset(preset))
    assert error.value.where.part is Part.OUTCOME
    assert "everyone passes" in error.value.rule


def test_all_pass_option_throw_in_lets_a_brooklyn_hand_pass():
    options = replace(BROOKLYN, all_pass=AllPass.THROW_IN)
    result = score_hand(HandInput(Outcome.ALL_PASS), THREE, options)
    assert result.outcome is Outcome.ALL_PASS and result.passes_deal
    assert result.flows == ()


# == bad input ====================================================================================


def test_unknown_player_is_refused():
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, "Zed", 350, H), THREE, HOYLE)
    assert error.value.where.part is Part.DECLARER
    assert "Zed" in error.value.rule and "not at this table" in error.value.rule


def test_missing_declarer_is_refused():
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, None, 350, H), THREE, HOYLE)
    assert error.value.where.part is Part.DECLARER and "Choose the declarer" in error.value.rule


def test_declarer_who_sits_out_is_refused():
    # Dee deals at Hoyle with four and sits out.
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, "Dee", 350, H), FOUR_DEALER_OUT, HOYLE)
    assert error.value.where.part is Part.DECLARER
    assert "Dee sits out" in error.value.rule


def test_missing_bid_is_refused():
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", None, H), THREE, HOYLE)
    assert error.value.where.part is Part.BID


def test_meld_for_a_non_declarer_is_refused_in_chip_games():
    with pytest.raises(MeldError) as error:
        score_hand(HandInput(MADE, "Ann", 350, H, melds(Bob=40)), THREE, HOYLE)
    assert error.value.where == Where(Part.MELD, "Bob") and "declarer" in error.value.rule


def test_meld_for_a_stranger_is_refused():
    with pytest.raises(PlayerError) as error:
        score_hand(HandInput(MADE, "Ann", 350, H, melds(Zed=40)), THREE, HOYLE)
    assert error.value.where == Where(Part.MELD, "Zed") and "not at this table" in error.value.rule


@pytest.mark.parametrize("preset", ["brooklyn", "brooklyn-pot", "bison", "partnership"])
def test_forfeit_outside_hoyle_is_refused(preset):
    ctx = PARTNERS if preset == "partnership" else THREE
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(Outcome.FORFEIT, "Ann", 300), ctx, Options.preset(preset))
    assert error.value.where.part is Part.OUTCOME
    assert "forfeit" in error.value.rule and "Hoyle" in error.value.rule


def test_forfeit_when_the_bid_is_not_300_is_refused():
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(Outcome.FORFEIT, "Ann", 310), THREE, HOYLE)
    assert error.value.where.part is Part.OUTCOME
    assert "300" in error.value.rule and "310" in error.value.rule


# Hoyle's variation (seed 002): "In many games, the compulsory first bid by the player on the
# dealer's left is 250, not 300." The forfeit belongs to that bid: the bidder "pays the basic
# unit value ... to the kitty but nothing to the other players", and a bid below a schedule's
# first range is paid as the first range (RULES 5.4).
HOYLE_250 = Options.from_dict({"system": "hoyle", "min_bid": "250", "compulsory_bid": "250"})


@pytest.mark.parametrize(
    ("schedule", "units"),
    [
        pytest.param(Schedule.HOYLE, 3, id="hoyle: 250 pays as 300-340, 3 to the kitty"),
        pytest.param(Schedule.HOYLE_PLUS_TWO, 1, id="hoyle plus two: 250 pays as 300, 1"),
        pytest.param(Schedule.HOYLE_PLUS_ONE, 3, id="hoyle plus one: below 350, 3"),
        pytest.param(Schedule.HOYLE_DOUBLING, 3, id="hoyle doubling: below 350, 3"),
    ],
)
def test_hoyles_variation_forfeits_the_compulsory_250_to_the_kitty_only(schedule, units):
    options = replace(HOYLE_250, schedule=schedule)
    result = chip(options, outcome=Outcome.FORFEIT, declarer="Ann", bid=250, trump=None)
    assert changes(result) == {"Ann": -units, "Bob": 0, "Cal": 0}
    assert result.flows == (Flow("Ann", KITTY, units),)


def test_hoyles_variation_forfeit_by_the_dealers_left_among_five():
    # Eve deals; Ann, on her left, holds the compulsory 250 and gives it up: 3 to the kitty.
    result = chip(HOYLE_250, FIVE_HOYLE, outcome=Outcome.FORFEIT, declarer="Ann", bid=250)
    assert result.change("Ann") == -3 and result.kitty_change == 3
    assert {result.change(p) for p in ("Bob", "Cal", "Dee", "Eve")} == {0}


@pytest.mark.parametrize(
    ("options", "hand", "rule"),
    [
        pytest.param(
            HOYLE_250,
            HandInput(Outcome.FORFEIT, "Ann", 300),
            "Only the compulsory bid of 250 can be forfeited; this bid is 300.",
            id="250 variation: a 300 was bid freely",
        ),
        pytest.param(
            HOYLE_250,
            HandInput(Outcome.FORFEIT, "Bob", 250),
            "Only Ann, whose 250 bid was compulsory, can forfeit this hand.",
            id="250 variation: only the dealer's left",
        ),
        pytest.param(
            HOYLE,
            HandInput(Outcome.FORFEIT, "Ann", 250),
            "Bid 250 is below the minimum bid of 300. "
            "Only the compulsory bid of 300 can be forfeited; this bid is 250.",
            id="300 preset: 250 is no bid, and not the compulsory one",
        ),
        pytest.param(
            replace(HOYLE_250, card_values=CardValues.COUNTERS, scale=10),
            HandInput(Outcome.FORFEIT, "Ann", 300),
            "Only the compulsory bid of 25 can be forfeited; this bid is 30.",
            id="250 variation at scale 10 writes 25",
        ),
    ],
)
def test_a_forfeit_belongs_to_the_compulsory_bid_alone(options, hand, rule):
    with pytest.raises(RuleError) as error:
        score_hand(hand, THREE, options)
    assert error.value.rule == rule


def test_forfeit_by_anyone_but_the_first_bidder_is_refused():
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(Outcome.FORFEIT, "Bob", 300), THREE, HOYLE)
    assert error.value.where.part is Part.OUTCOME
    assert "Only Ann" in error.value.rule


def test_forfeit_with_trump_is_refused():
    with pytest.raises(TrumpError) as error:
        score_hand(HandInput(Outcome.FORFEIT, "Ann", 300, H), THREE, HOYLE)
    assert error.value.where.part is Part.TRUMP and "before trump" in error.value.rule


@pytest.mark.parametrize("preset", ["brooklyn", "brooklyn-pot", "hoyle", "partnership"])
def test_renege_outside_bison_is_refused(preset):
    ctx = PARTNERS if preset == "partnership" else THREE
    with pytest.raises(OutcomeError) as error:
        score_hand(
            HandInput(Outcome.RENEGE, "Ann", 300, H, reneger="Bob"), ctx, Options.preset(preset)
        )
    assert error.value.where.part is Part.OUTCOME
    assert "renege" in error.value.rule


@pytest.mark.parametrize("preset", ["brooklyn", "brooklyn-pot", "bison", "partnership"])
def test_opponents_conceded_outside_hoyle_is_refused(preset):
    ctx = PARTNERS if preset == "partnership" else THREE
    with pytest.raises(OutcomeError) as error:
        score_hand(
            HandInput(Outcome.OPPONENTS_CONCEDED, "Ann", 300, H), ctx, Options.preset(preset)
        )
    assert error.value.where.part is Part.OUTCOME and "opponents conceded" in error.value.rule


@pytest.mark.parametrize(
    ("points", "why"),
    [
        pytest.param(1, "no cards count 1", id="1 under classic"),
        pytest.param(249, "no cards count 1", id="249 under classic"),
        pytest.param(251, "0 to 250", id="251 is more than the deck holds"),
        pytest.param(-10, "0 to 250", id="negative"),
    ],
)
def test_unattainable_trick_figures_are_refused(points, why):
    with pytest.raises(TrickError) as error:
        score_hand(HandInput(None, "Ann", 350, H, melds(Ann=190), SideTricks(points)), THREE, HOYLE)
    assert error.value.where.part is Part.TRICKS
    assert why in error.value.rule


def test_card_values_option_decides_which_trick_figures_exist():
    # 175 can be taken under simple (multiples of 5) but not under counters (multiples of 10).
    # simple: 190 + 175 = 365 >= 350 made.
    entry = HandInput(None, "Ann", 350, H, melds(Ann=190), SideTricks(175))
    simple = replace(HOYLE, card_values=CardValues.SIMPLE)
    assert score_hand(entry, replace(THREE, kitty=10), simple).outcome is MADE
    with pytest.raises(TrickError) as error:
        score_hand(entry, THREE, replace(HOYLE, card_values=CardValues.COUNTERS))
    assert error.value.where.part is Part.TRICKS and "multiples of 10" in error.value.rule
    # 173 exists under classic but not under simple
    classic = HandInput(None, "Ann", 350, H, melds(Ann=190), SideTricks(173))
    assert score_hand(classic, replace(THREE, kitty=10), HOYLE).outcome is MADE
    with pytest.raises(TrickError) as error:
        score_hand(classic, THREE, simple)
    assert "multiples of 5" in error.value.rule


def test_trick_sides_must_total_250():
    with pytest.raises(TrickError) as error:
        check_sides(200, 60, HOYLE)
    assert error.value.where.part is Part.OTHER_TRICKS
    assert "250" in error.value.rule and "260" in error.value.rule
    check_sides(200, 50, HOYLE)  # 200 + 50 = 250 is fine


@pytest.mark.parametrize(
    ("points", "why"),
    [
        pytest.param(35, "multiple of 10", id="35 is no meld"),
        pytest.param(50000, "more than any hand", id="50000 is more than any hand"),
        pytest.param(-20, "negative", id="negative meld"),
    ],
)
def test_unattainable_meld_number_is_refused(points, why):
    with pytest.raises(MeldError) as error:
        score_hand(HandInput(MADE, "Ann", 350, H, melds(Ann=points)), THREE, HOYLE)
    assert error.value.where == Where(Part.MELD, "Ann")
    assert why in error.value.rule


def test_an_attainable_meld_number_is_accepted():
    # 30 is three dix? no: at most two dix; 30 is a marriage (20) and a dix (10).
    result = score_hand(
        HandInput(None, "Ann", 300, H, melds(Ann=30), SideTricks(250 - 0)),
        THREE,
        HOYLE,
    )
    # 30 + 250 = 280 < 300: set
    assert result.outcome is SET and result.meld_of("Ann") == 30


@pytest.mark.parametrize(
    ("preset", "ctx", "outcome"),
    [
        pytest.param("brooklyn", THREE, MADE, id="brooklyn made"),
        pytest.param("hoyle", THREE, SET, id="hoyle set"),
        pytest.param("brooklyn-pot", THREE, None, id="pot derived"),
        pytest.param("bison", THREE, Outcome.RENEGE, id="bison renege"),
        pytest.param("partnership", PARTNERS, MADE, id="partnership made"),
    ],
)
def test_missing_trump_on_a_played_hand_is_refused(preset, ctx, outcome):
    # Partnership enters the bidding team's tricks with every played hand: given, so that
    # trump is the one rule broken.
    tricks = SideTricks(150) if preset == "partnership" else None
    with pytest.raises(TrumpError) as error:
        score_hand(
            HandInput(
                outcome,
                "Ann",
                300,
                None,
                tricks=tricks,
                reneger="Bob" if outcome is Outcome.RENEGE else None,
            ),
            ctx,
            Options.preset(preset),
        )
    assert error.value.where.part is Part.TRUMP and "trump" in error.value.rule


def test_a_trump_meld_claim_needs_trump():
    claims = MeldClaims(tuple(parse_claims("run")))
    with pytest.raises(TrumpError) as error:
        score_hand(HandInput(CONCEDED, "Ann", 350, None, (("Ann", claims),)), THREE, HOYLE)
    assert error.value.where == Where(Part.MELD, "Ann") and "trump" in error.value.rule


def test_outcome_names_are_read_and_bad_ones_refused():
    assert Outcome.parse("Opponents conceded") is Outcome.OPPONENTS_CONCEDED
    assert Outcome.parse("all-pass") is Outcome.ALL_PASS
    assert Outcome.parse("  ") is None
    with pytest.raises(OutcomeError) as error:
        Outcome.parse("won")
    assert error.value.where.part is Part.OUTCOME and "'won' is not an outcome" in error.value.rule


# == scale ========================================================================================


def test_scale_10_shows_figures_without_the_trailing_zero_in_messages():
    # The engine keeps full points; at scale 10 a bid of 240 reads "24" against minimum "25".
    options = replace(BISON, scale=10)
    took = PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann")  # 24 counters: they add up
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", 240, S, tricks=took), THREE, options)
    assert "Bid 24 is below the minimum bid of 25" in error.value.rule
    with pytest.raises(BidError) as error:
        score_hand(HandInput(MADE, "Ann", 240, S, tricks=took), THREE, BISON)
    assert "Bid 240 is below the minimum bid of 250" in error.value.rule


def test_scale_10_keeps_full_points_in_the_result():
    # Same hand as the first Bison test at scale 10: figures stay in full points.
    options = replace(BISON, scale=10)
    result = score_hand(
        HandInput(
            None,
            "Ann",
            options.from_table(30),
            S,
            melds(Ann=190, Bob=40, Cal=20),
            PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann"),
        ),
        THREE,
        options,
    )
    assert changes(result) == {"Ann": 320, "Bob": 120, "Cal": 60}
    assert options.to_table(result.change("Ann")) == 32


def test_hoyle_without_the_compulsory_bid_has_no_forfeit():
    # THREE: Cal deals, so Ann (dealer's left) would hold the compulsory 300.
    throw_in = replace(HOYLE, all_pass=AllPass.THROW_IN)
    with pytest.raises(OutcomeError) as error:
        score_hand(HandInput(Outcome.FORFEIT, "Ann", 300), THREE, throw_in)
    assert error.value.where.part is Part.OUTCOME
    assert "compulsory first bid" in error.value.rule


def test_opponents_conceding_a_played_hand_needs_its_trump():
    # The opponents concede after the declarer named trump and melded, so trump is known.
    with pytest.raises(TrumpError) as error:
        score_hand(HandInput(Outcome.OPPONENTS_CONCEDED, "Ann", 350), THREE, HOYLE)
    assert error.value.where.part is Part.TRUMP
    # With spades named the multiplier applies as for a made bid: 350 is 5, doubled 10,
    # from Bob, Cal and the kitty (350 is at the kitty threshold): 30. The empty kitty is
    # 10 short, so each of the three chips in ceil(10 / 3) = 4: Ann 30 - 4 = +26, kitty +2.
    result = score_hand(
        HandInput(Outcome.OPPONENTS_CONCEDED, "Ann", 350, Suit.SPADES), THREE, HOYLE
    )
    assert result.change("Ann") == 26 and result.kitty_change == 2
