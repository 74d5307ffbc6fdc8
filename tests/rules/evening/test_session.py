"""Session replay (RULES sections 5 and 7) and the plain-words description of a hand.

A session's figures are never stored: the setup and the ordered events are replayed. These
tests follow short sessions hand by hand; every running balance is worked out in the comments.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import Part, PlayerError, SeatingError
from scorekeeper.rules.evening.session import (
    PlayerLeaves,
    ReplayError,
    SessionSetup,
    check_new_hand,
    replace_event,
    replay,
)
from scorekeeper.rules.game.options import AllPass, Options
from scorekeeper.rules.hand.describe import describe
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.hand.payments import KITTY, POT, Flow
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
MADE, SET, CONCEDED = Outcome.MADE, Outcome.SET, Outcome.CONCEDED
MISDEAL = HandInput(Outcome.MISDEAL)
BROOKLYN = Options.preset("brooklyn")
POT_GAME = Options.preset("brooklyn-pot")
HOYLE = Options.preset("hoyle")
BISON = Options.preset("bison")
PARTNERSHIP = Options.preset("partnership")


def session(options, players, first_dealer, events):
    return replay(SessionSetup(options, tuple(players), first_dealer), events)


def assert_zero_sum(state) -> None:
    for record in state.hands:
        assert sum(b for _, b in record.balances) + record.kitty + record.pot == 0
    assert sum(b for _, b in state.balances) + state.kitty + state.pot == 0


# == dealers ======================================================================================


def test_dealers_rotate_clockwise():
    events = [
        HandInput(CONCEDED, "Bob", 300),  # Ann deals
        HandInput(CONCEDED, "Cal", 300),  # Bob deals
        HandInput(CONCEDED, "Ann", 300),  # Cal deals
        HandInput(CONCEDED, "Bob", 300),  # Ann deals again
    ]
    state = session(BROOKLYN, ["Ann", "Bob", "Cal"], "Ann", events)
    assert [h.dealer for h in state.hands] == ["Ann", "Bob", "Cal", "Ann"]
    assert state.next_hand.dealer == "Bob"


def test_a_misdeal_keeps_the_dealer():
    events = [HandInput(CONCEDED, "Bob", 300), MISDEAL, HandInput(CONCEDED, "Cal", 300)]
    state = session(BROOKLYN, ["Ann", "Bob", "Cal"], "Ann", events)
    assert [h.dealer for h in state.hands] == ["Ann", "Bob", "Bob"]
    assert state.hands[1].result.changes == ()


def test_an_all_pass_throw_in_passes_the_deal():
    options = replace(BROOKLYN, all_pass=AllPass.THROW_IN)
    state = session(options, ["Ann", "Bob", "Cal"], "Ann", [HandInput(Outcome.ALL_PASS)])
    assert state.next_hand.dealer == "Bob"


def test_four_at_brooklyn_the_player_sitting_out_moves_round_with_the_deal():
    # Ann deals: Dee (her right) sits out; Bob deals: Ann; Cal deals: Bob.
    events = [
        HandInput(CONCEDED, "Bob", 300),
        HandInput(CONCEDED, "Cal", 300),
        HandInput(CONCEDED, "Dee", 300),
    ]
    state = session(BROOKLYN, ["Ann", "Bob", "Cal", "Dee"], "Ann", events)
    assert [h.sitting_out for h in state.hands] == [("Dee",), ("Ann",), ("Bob",)]
    assert state.next_hand.sitting_out == ("Cal",)  # Dee deals next, Cal on her right


# == running balances =============================================================================


def test_brooklyn_running_balances():
    # 1. Ann deals. Bob makes 350 hearts: 2 from Ann and Cal -> Ann -2, Bob 4, Cal -2.
    # 2. Bob deals. Cal set at 300 spades: 1 x 2 x 2 = 4 to Ann and Bob -> Ann 2, Bob 8, Cal -10.
    events = [HandInput(MADE, "Bob", 350, H), HandInput(SET, "Cal", 300, S)]
    state = session(BROOKLYN, ["Ann", "Bob", "Cal"], "Ann", events)
    assert dict(state.hand(1).balances) == {"Ann": -2, "Bob": 4, "Cal": -2}
    assert dict(state.balances) == {"Ann": 2, "Bob": 8, "Cal": -10}
    assert state.balance("Cal") == -10
    assert_zero_sum(state)


# Hoyle, four at the table, Dee deals first.
#   1. Dee deals and sits out. Ann set at 350 clubs: 2 x 5 = 10 to Bob, Cal, Dee and the
#      kitty -> Ann -40, Bob 10, Cal 10, Dee 10, kitty 10.
#   2. Ann deals and sits out. Bob (first bidder) forfeits the compulsory 300: 3 to the
#      kitty -> Bob 7, kitty 13.
#   3. Cal leaves: his share of the kitty is 13 // 4 = 3 -> Cal 13, kitty 10.
#   4. Bob deals; three left, all play. Dee makes 400 spades: 10 x 2 = 20 from Ann, Bob and
#      the kitty, which holds 10 and is 10 short: three chip in ceil(10 / 3) = 4 each.
#      Dee 10 + 60 - 4 = 66; Ann -40 - 24 = -64; Bob 7 - 24 = -17; kitty 10 - 20 + 12 = 2.
HOYLE_EVENTS = [
    HandInput(SET, "Ann", 350, C),
    HandInput(Outcome.FORFEIT, "Bob", 300),
    PlayerLeaves("Cal"),
    HandInput(MADE, "Dee", 400, S),
]


def hoyle_session(events=HOYLE_EVENTS):
    return session(HOYLE, ["Ann", "Bob", "Cal", "Dee"], "Dee", events)


def test_hoyle_kitty_balance_runs_through_the_session():
    state = hoyle_session()
    assert [h.kitty for h in state.hands] == [10, 13, 2]
    assert state.kitty == 2


def test_hoyle_player_leaving_is_paid_their_share_of_the_kitty():
    state = hoyle_session()
    (leave,) = state.leaves
    assert leave.player == "Cal" and leave.after_hand == 2
    assert leave.kitty_share == 3 and leave.balance == 13
    assert leave.flows == (Flow(KITTY, "Cal", 3),)
    assert state.seated == ("Ann", "Bob", "Dee")


def test_hoyle_after_a_player_leaves_the_rest_play_on():
    state = hoyle_session()
    last = state.hand(3)
    assert last.dealer == "Bob" and last.context.active == ("Dee", "Ann", "Bob")
    assert last.result.chip_in == 4
    assert dict(state.balances) == {"Ann": -64, "Bob": -17, "Cal": 13, "Dee": 66}
    assert_zero_sum(state)
    assert state.next_hand.dealer == "Dee"  # clockwise from Bob, skipping Cal who left


def test_a_player_leaving_an_empty_kitty_gets_nothing_from_it():
    state = hoyle_session([PlayerLeaves("Cal")])
    (leave,) = state.leaves
    assert leave.kitty_share == 0 and leave.flows == ()


def test_the_session_flows_list_every_payment_in_order():
    state = hoyle_session()
    flows = state.flows()
    # hand 1: four payments; hand 2: one; Cal's share; hand 3: three payments and three chip-ins
    assert len(flows) == 4 + 1 + 1 + 6
    assert flows[4] == Flow("Bob", KITTY, 3)
    assert flows[5] == Flow(KITTY, "Cal", 3)


# Brooklyn with a pot, four at the table, Dee deals first; ante 25c at 5c = 5 units.
#   0. Everyone antes 5: each -5, pot 20.
#   1. Dee deals and sits out. Ann set at 330 spades: 6 x 2 x 2 = 24 to Bob, Cal, Dee and the
#      pot -> Ann -101, Bob 19, Cal 19, Dee 19, pot 44.
#   2. Ann deals and sits out. Bob makes 400 diamonds: 8 from Ann, Cal and Dee, takes the pot
#      of 44, and everyone antes 5 again -> Bob 19 + 24 + 44 - 5 = 82, Ann -101 - 13 = -114,
#      Cal 19 - 13 = 6, Dee 6, pot 20.
POT_EVENTS = [HandInput(SET, "Ann", 330, S), HandInput(MADE, "Bob", 400, D)]


def pot_session(events=POT_EVENTS):
    return session(POT_GAME, ["Ann", "Bob", "Cal", "Dee"], "Dee", events)


def test_pot_everyone_antes_before_the_first_hand():
    state = pot_session([])
    assert state.opening == tuple(Flow(p, POT, 5) for p in ("Ann", "Bob", "Cal", "Dee"))
    assert state.pot == 20
    assert dict(state.balances) == {"Ann": -5, "Bob": -5, "Cal": -5, "Dee": -5}


def test_pot_balance_grows_with_a_set_and_is_taken_at_400():
    state = pot_session()
    assert [h.pot for h in state.hands] == [44, 20]
    assert dict(state.hand(1).balances) == {"Ann": -101, "Bob": 19, "Cal": 19, "Dee": 19}
    assert dict(state.balances) == {"Ann": -114, "Bob": 82, "Cal": 6, "Dee": 6}
    assert state.hand(2).result.pot_taken == 44
    assert_zero_sum(state)


def test_pot_flows_start_with_the_opening_antes():
    flows = pot_session().flows()
    assert flows[:4] == tuple(Flow(p, POT, 5) for p in ("Ann", "Bob", "Cal", "Dee"))
    assert Flow(POT, "Bob", 44) in flows


# == editing history ==============================================================================


def test_editing_an_earlier_hand_changes_every_later_figure():
    # Hoyle, three players, Cal deals first.
    # As entered: 1. Ann set at 350 clubs: 10 to Bob, Cal, kitty (kitty 10).
    #             2. Bob makes 350 hearts: 5 from Ann, Cal, kitty (kitty 5).
    #             Ann -35, Bob 25, Cal 5, kitty 5.
    # Edited:     1. Ann makes 350 clubs: 5 from Bob, Cal and an empty kitty, which is 5 short:
    #                all chip in 2 -> Ann 13, Bob -7, Cal -7, kitty 1.
    #             2. Bob makes 350 hearts: the kitty (1) owes 5, 4 short: all chip in 2 ->
    #                Bob -7 + 15 - 2 = 6, Ann 13 - 5 - 2 = 6, Cal -7 - 7 = -14,
    #                kitty 1 - 5 + 6 = 2.
    events = [HandInput(SET, "Ann", 350, C), HandInput(MADE, "Bob", 350, H)]
    players = ["Ann", "Bob", "Cal"]
    before = session(HOYLE, players, "Cal", events)
    assert dict(before.balances) == {"Ann": -35, "Bob": 25, "Cal": 5}
    assert before.kitty == 5
    edited = replace_event(events, 0, HandInput(MADE, "Ann", 350, C))
    after = session(HOYLE, players, "Cal", edited)
    assert dict(after.hand(1).balances) == {"Ann": 13, "Bob": -7, "Cal": -7}
    assert after.hand(2).result.chip_in == 2
    assert dict(after.balances) == {"Ann": 6, "Bob": 6, "Cal": -14}
    assert after.kitty == 2
    assert events[0].outcome is SET  # the original list is left alone


def test_deleting_an_earlier_hand_moves_every_later_dealer():
    events = [HandInput(CONCEDED, "Bob", 300), HandInput(CONCEDED, "Cal", 300)]
    edited = replace_event(events, 0, None)
    state = session(BROOKLYN, ["Ann", "Bob", "Cal"], "Ann", edited)
    # the second hand is now the first, dealt by Ann; Cal pays 1 to each of Ann and Bob
    assert [h.dealer for h in state.hands] == ["Ann"]
    assert dict(state.balances) == {"Ann": 1, "Bob": 1, "Cal": -2}


def test_replay_error_names_the_hand_that_no_longer_fits():
    # Brooklyn with four, Ann deals first. Hand 2 is dealt by Bob (Ann sits out) and Dee
    # declares. Turning hand 1 into a misdeal makes Ann deal hand 2 too, and Dee (on her
    # right) now sits out: hand 2 cannot stand.
    events = [HandInput(MADE, "Bob", 350, H), HandInput(MADE, "Dee", 350, C)]
    players = ["Ann", "Bob", "Cal", "Dee"]
    session(BROOKLYN, players, "Ann", events)  # fine as entered
    with pytest.raises(ReplayError) as error:
        session(BROOKLYN, players, "Ann", replace_event(events, 0, MISDEAL))
    assert error.value.position == 1
    assert error.value.where.part is Part.DECLARER
    assert error.value.rule.startswith("Hand 2:") and "Dee sits out" in error.value.rule
    assert isinstance(error.value.cause, PlayerError)


def test_replay_error_counts_hands_not_events():
    # The third event is the second hand; the message says "Hand 2", the position says 2.
    events = [HandInput(CONCEDED, "Bob", 300), PlayerLeaves("Cal"), HandInput(MADE, "Zed", 300, H)]
    with pytest.raises(ReplayError) as error:
        session(HOYLE, ["Ann", "Bob", "Cal", "Dee"], "Ann", events)
    assert error.value.position == 2 and error.value.rule.startswith("Hand 2:")
    assert "Zed" in error.value.rule


def test_leaving_a_cumulative_game_is_refused():
    with pytest.raises(ReplayError) as error:
        session(BISON, ["Ann", "Bob", "Cal"], "Ann", [PlayerLeaves("Bob")])
    assert error.value.where.part is Part.LEAVER and "Bob leaving" in error.value.rule
    assert isinstance(error.value.cause, SeatingError)


def test_three_players_must_stay_at_a_chip_table():
    with pytest.raises(ReplayError) as error:
        session(HOYLE, ["Ann", "Bob", "Cal"], "Ann", [PlayerLeaves("Bob")])
    assert error.value.where.part is Part.LEAVER and "Three players" in error.value.rule


def test_a_player_cannot_leave_twice():
    with pytest.raises(ReplayError) as error:
        session(HOYLE, ["Ann", "Bob", "Cal", "Dee", "Eve"], "Ann", [PlayerLeaves("Bob")] * 2)
    assert error.value.position == 1 and "not at the table" in error.value.rule


def test_the_dealer_leaving_passes_the_deal_on():
    state = session(HOYLE, ["Ann", "Bob", "Cal", "Dee"], "Ann", [PlayerLeaves("Ann")])
    assert state.next_hand.dealer == "Bob"
    assert state.next_hand.active == ("Cal", "Dee", "Bob")


def test_check_new_hand_scores_against_the_next_seating():
    state = session(BROOKLYN, ["Ann", "Bob", "Cal", "Dee"], "Ann", [])
    # Ann deals, Dee sits out: Dee cannot declare; Bob makes 350 hearts: 2 from each of three.
    with pytest.raises(PlayerError):
        check_new_hand(state, HandInput(MADE, "Dee", 350, H))
    result = check_new_hand(state, HandInput(MADE, "Bob", 350, H))
    assert dict(result.changes) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}


# == describe() ===================================================================================

THREE = HandContext(("Ann", "Bob", "Cal"), "Cal", ("Ann", "Bob", "Cal"))


def said(entry: HandInput, options: Options, ctx: HandContext = THREE) -> str:
    return describe(score_hand(entry, ctx, options), options)


def test_describe_hoyle_made_with_figures():
    text = said(
        HandInput(None, "Ann", 350, H, (("Ann", MeldNumber(190)),), SideTricks(170)),
        HOYLE,
        replace(THREE, kitty=10),
    )
    assert text == (
        "Ann makes 350 with 190 meld and 170 in tricks: "
        "collects 5 chips from each player and the kitty."
    )


def test_describe_a_kitty_chip_in():
    text = said(HandInput(MADE, "Ann", 350, H), HOYLE)
    assert "collects 5 chips from each player and the kitty" in text
    assert "the kitty was 5 chips short: everyone chips in 2" in text


def test_describe_the_pot_seed_check():
    text = said(HandInput(SET, "Ann", 330, S), POT_GAME, replace(THREE, pot=15))
    assert text.startswith("Ann is set at 330")
    assert "pays 24 chips to each player and the pot" in text
    assert "spades pay 2x" in text


def test_describe_the_pot_taken():
    text = said(HandInput(MADE, "Ann", 400, D), POT_GAME, replace(THREE, pot=15))
    assert "collects 8 chips from each player" in text
    assert "takes the pot" in text and "antes again" in text


def test_describe_a_forfeit():
    text = said(HandInput(Outcome.FORFEIT, "Ann", 300), HOYLE)
    assert text == "Ann forfeits the compulsory 300: pays 3 chips to the kitty."


def test_describe_a_concession_and_opponents_conceding():
    assert said(HandInput(CONCEDED, "Ann", 300), HOYLE) == (
        "Ann concedes 300: pays 3 chips to each player."
    )
    text = said(
        HandInput(Outcome.OPPONENTS_CONCEDED, "Ann", 350, S), HOYLE, replace(THREE, kitty=50)
    )
    assert text.startswith("The opponents concede Ann's 350")
    assert "collects 10 chips from each player and the kitty" in text


def test_describe_a_dealer_takeover():
    text = said(HandInput(MADE, "Cal", 250, D, takeover=True), BROOKLYN)
    assert text == "Cal makes 250 (dealer takeover): collects 1 chip from each player."


def test_describe_bison_names_the_player_without_a_counter():
    # Ann 190 meld + 16 counters = 350 >= 300; Bob 40 + 80 = 120; Cal took no counter.
    entry = HandInput(
        None,
        "Ann",
        300,
        H,
        tuple((p, MeldNumber(m)) for p, m in {"Ann": 190, "Bob": 40, "Cal": 20}.items()),
        PlayerTricks.of({"Ann": 16, "Bob": 8, "Cal": 0}, "Cal"),
    )
    text = said(entry, BISON)
    assert text.startswith("Ann makes 300 with 190 meld and 160 in tricks")
    assert "Ann +350" in text and "Bob +120" in text and "Cal 0" in text
    assert "took no counter" in text


def test_describe_bison_set_and_renege():
    entry = HandInput(
        Outcome.RENEGE,
        "Ann",
        300,
        S,
        tuple((p, MeldNumber(m)) for p, m in {"Ann": 190, "Bob": 40, "Cal": 20}.items()),
        reneger="Bob",
    )
    text = said(entry, BISON)
    assert "Bob reneged" in text and "Ann +490" in text and "Cal +20" in text
    text = said(HandInput(CONCEDED, "Ann", 300), BISON)
    assert text.startswith("Ann concedes 300") and "300" in text.split(":")[1]


def test_describe_at_scale_10_drops_the_trailing_zero():
    # Ann 190 meld + 12 counters + last trick 10 = 320 at a bid of 300; shown as 19, 13, 30, +32.
    options = replace(BISON, scale=10)
    entry = HandInput(
        None,
        "Ann",
        300,
        S,
        tuple((p, MeldNumber(m)) for p, m in {"Ann": 190, "Bob": 40, "Cal": 20}.items()),
        PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann"),
    )
    text = said(entry, options)
    assert text.startswith("Ann makes 30 with 19 meld and 13 in tricks")
    assert "Ann +32" in text and "Bob +12" in text and "Cal +6" in text


def test_describe_partnership_team_without_a_trick():
    ctx = HandContext(
        ("Ann", "Bob", "Cal", "Dee"),
        "Dee",
        ("Ann", "Bob", "Cal", "Dee"),
        (Team(("Ann", "Cal")), Team(("Bob", "Dee"))),
    )
    entry = HandInput(
        None,
        "Ann",
        300,
        H,
        tuple((p, MeldNumber(m)) for p, m in {"Ann": 100, "Cal": 40, "Bob": 60}.items()),
        SideTricks(250),
    )
    text = said(entry, PARTNERSHIP, ctx)
    assert text.startswith("Ann makes 300 with 140 meld and 250 in tricks")
    assert "Ann & Cal +390" in text and "Bob & Dee 0" in text
    assert "took no trick" in text


def test_describe_misdeal_and_all_pass():
    assert "same dealer" in said(MISDEAL, BISON)
    assert "next player deals" in said(HandInput(Outcome.ALL_PASS), BISON)
