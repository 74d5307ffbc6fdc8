"""When a cumulative game ends and who wins it (RULES section 6), directly and through replay.

Bison: once anyone reaches the target, the bidder goes out if among them, otherwise the higher
score wins; two non-declarers tied on top play another hand. Options: target, negative floor,
fixed deals, game and set stakes. Partnership: a team that reached the target wins; if both
did, the bidders win when they made the bid, otherwise the higher score.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.evening.games import Ending, EndReason, bison_end, partnership_end
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandInput, MeldNumber
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.hand.payments import Flow
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
BISON = Options.preset("bison")
PARTNERSHIP = Options.preset("partnership")
TEAM_A, TEAM_B = Team(("Ann", "Cal")), Team(("Bob", "Dee"))


def played(declarer, bid, trump, meld, counters, last):
    """A Bison hand played out: meld per player, counters per player, who took the last trick."""
    return HandInput(
        None,
        declarer,
        bid,
        trump,
        tuple((p, MeldNumber(m)) for p, m in meld.items()),
        PlayerTricks.of(counters, last),
    )


def conceded(declarer, bid, meld):
    return HandInput(
        Outcome.CONCEDED, declarer, bid, None, tuple((p, MeldNumber(m)) for p, m in meld.items())
    )


def bison_session(events, first_dealer="Ann", **options):
    setup = SessionSetup(replace(BISON, **options), ("Ann", "Bob", "Cal"), first_dealer)
    return replay(setup, events)


# == bison_end, directly ==========================================================================


def test_the_bidder_goes_out_even_with_a_lower_score():
    end = bison_end({"Ann": 1520, "Bob": 1600, "Cal": 200}, "Ann", BISON, 5, False)
    assert end.winner == "Ann"
    assert end.reason == EndReason(Ending.BIDDER_OUT, 1520, 1500, past=2)


def test_without_the_bidder_the_higher_score_past_the_target_wins():
    end = bison_end({"Ann": 1520, "Bob": 1000, "Cal": 1600}, "Bob", BISON, 5, False)
    assert end.winner == "Cal"
    assert end.reason == EndReason(Ending.MOST_PAST, 1600, 1500, past=2)


def test_a_single_player_past_the_target_wins():
    end = bison_end({"Ann": 1400, "Bob": 1510, "Cal": 900}, "Ann", BISON, 5, False)
    assert end.winner == "Bob"
    assert end.reason == EndReason(Ending.REACHED, 1510, 1500, past=1)


def test_two_non_declarers_tied_on_top_play_another_hand():
    end = bison_end({"Ann": 1000, "Bob": 1550, "Cal": 1550}, "Ann", BISON, 5, False)
    assert end.winner is None
    assert end.reason == EndReason(Ending.TIED_PAST_TARGET, 1550, 1500, past=2)


def test_nobody_at_the_target_plays_on():
    end = bison_end({"Ann": 1490, "Bob": 1000, "Cal": -200}, "Ann", BISON, 5, False)
    assert end.winner is None


def test_the_target_option_moves_the_finish():
    scores = {"Ann": 1200, "Bob": 0, "Cal": 0}
    assert bison_end(scores, "Ann", BISON, 1, False).winner is None
    assert bison_end(scores, "Ann", replace(BISON, target=1000), 1, False).winner == "Ann"


def test_reaching_the_target_exactly_is_enough():
    end = bison_end({"Ann": 1500, "Bob": 0, "Cal": 0}, "Bob", BISON, 1, False)
    assert end.winner == "Ann"


FLOOR = replace(BISON, negative_floor=-1000)


def test_negative_floor_ends_the_game_when_someone_is_above_zero():
    end = bison_end({"Ann": -1010, "Bob": 300, "Cal": 200}, "Ann", FLOOR, 3, False)
    assert end.winner == "Bob"
    assert end.reason == EndReason(Ending.FLOOR, 300, floor=-1000)


def test_a_score_on_the_floor_is_not_below_it():
    end = bison_end({"Ann": -1000, "Bob": 300, "Cal": 200}, "Ann", FLOOR, 3, False)
    assert end.winner is None


def test_without_a_floor_a_deep_negative_score_plays_on():
    end = bison_end({"Ann": -5000, "Bob": 300, "Cal": 200}, "Ann", BISON, 3, False)
    assert end.winner is None


def test_negative_floor_with_nobody_above_zero_plays_on_until_someone_is():
    end = bison_end({"Ann": -1100, "Bob": -50, "Cal": 0}, "Ann", FLOOR, 3, False)
    assert end.winner is None and end.floor_pending
    assert end.reason == EndReason(Ending.NOBODY_ABOVE_ZERO, 0, floor=-1000)
    # the next hand puts Bob above 0: that hand ends the game, even though nobody is below
    # the floor any more
    later = bison_end({"Ann": -900, "Bob": 20, "Cal": -10}, "Bob", FLOOR, 4, end.floor_pending)
    assert later.winner == "Bob"


def test_fixed_deals_the_highest_score_wins_after_the_last_deal():
    options = replace(BISON, fixed_deals=5)
    scores = {"Ann": 300, "Bob": 700, "Cal": 100}
    assert bison_end(scores, "Ann", options, 4, False).winner is None
    end = bison_end(scores, "Ann", options, 5, False)
    assert end.winner == "Bob"
    assert end.reason == EndReason(Ending.FIXED_DEALS, 700, deals=5)


def test_fixed_deals_tied_on_top_play_another_hand():
    options = replace(BISON, fixed_deals=5)
    end = bison_end({"Ann": 700, "Bob": 700, "Cal": 100}, "Cal", options, 5, False)
    assert end.winner is None
    assert end.reason == EndReason(Ending.TIED_AFTER_DEALS, 700, deals=5)


# == partnership_end, directly ====================================================================


def test_partnership_a_single_team_past_the_target_wins():
    end = partnership_end({TEAM_A: 1510, TEAM_B: 1400}, TEAM_B, True, PARTNERSHIP)
    assert end.winner == TEAM_A
    assert end.reason == EndReason(Ending.REACHED, 1510, 1500, past=1)


def test_partnership_both_past_the_target_the_bidders_win_when_they_made():
    end = partnership_end({TEAM_A: 1600, TEAM_B: 1700}, TEAM_A, True, PARTNERSHIP)
    assert end.winner == TEAM_A
    assert end.reason == EndReason(Ending.BIDDERS_MADE, 1600, 1500, past=2)


def test_partnership_both_past_the_target_a_set_bidder_leaves_it_to_the_higher_score():
    end = partnership_end({TEAM_A: 1550, TEAM_B: 1600}, TEAM_A, False, PARTNERSHIP)
    assert end.winner == TEAM_B
    assert end.reason == EndReason(Ending.MOST_PAST, 1600, 1500, past=2)


def test_partnership_tied_on_top_past_the_target_plays_another_hand():
    end = partnership_end({TEAM_A: 1550, TEAM_B: 1550}, TEAM_A, False, PARTNERSHIP)
    assert end.winner is None
    assert end.reason == EndReason(Ending.TIED_PAST_TARGET, 1550, 1500, past=2)


def test_partnership_scale_10_keeps_the_reason_in_full_points():
    options = replace(PARTNERSHIP, scale=10)
    end = partnership_end({TEAM_A: 1510, TEAM_B: 0}, TEAM_A, True, options)
    assert end.winner == TEAM_A
    assert end.reason == EndReason(Ending.REACHED, 1510, 1500, past=1)


# == Bison games through replay ===================================================================

# Game 1 of a Bison session to 1000, 50c a game and 25c a set; Ann deals first.
#   1. Ann deals. Bob concedes 300: Bob -300, Ann +100 meld, Cal +60 meld. Bob: a single set.
#   2. Bob deals. Ann bids 400 hearts, melds 150, takes 10 counters = 100: 250 < 400, set:
#      Ann -400 (a double set). Bob 40 + 8 counters + last trick = 130. Cal 60 + 60 = 120.
#      Scores: Ann -300, Bob -170, Cal 180.
#   3. Cal deals. Cal bids 350 spades, melds 800 (kings abound), 10 counters + last = 110:
#      910 made: Cal 1090 >= 1000 and the bidder goes out. Ann 20 + 80 = 100 -> -200;
#      Bob 0 + 60 -> -110.
GAME_ONE = [
    conceded("Bob", 300, {"Ann": 100, "Bob": 40, "Cal": 60}),
    played(
        "Ann", 400, H, {"Ann": 150, "Bob": 40, "Cal": 60}, {"Ann": 10, "Bob": 8, "Cal": 6}, "Bob"
    ),
    played(
        "Cal", 350, S, {"Ann": 20, "Bob": 0, "Cal": 800}, {"Ann": 8, "Bob": 6, "Cal": 10}, "Cal"
    ),
]
STAKES = {"target": 1000, "game_stake": 50, "set_stake": 25}


def test_bison_running_scores_through_a_game():
    state = bison_session(GAME_ONE[:2], **STAKES)
    assert dict(state.balances) == {"Ann": -300, "Bob": -170, "Cal": 180}
    assert state.games == ()


def test_bison_the_bidder_goes_out_and_wins_the_game():
    state = bison_session(GAME_ONE, **STAKES)
    (game,) = state.games
    assert game.winner == "Cal"
    assert game.reason == EndReason(Ending.BIDDER_OUT, 1090, 1000, past=1)
    assert dict(game.scores) == {"Ann": -200, "Bob": -110, "Cal": 1090}
    assert (game.number, game.first_hand, game.last_hand) == (1, 1, 3)
    assert state.game_over == game


def test_bison_sets_are_counted_per_player():
    (game,) = bison_session(GAME_ONE, **STAKES).games
    # Bob conceded once (single), Ann was set once playing (double)
    assert set(game.sets) == {("Ann", 0, 1), ("Bob", 1, 0), ("Cal", 0, 0)}


def test_bison_game_and_set_stakes_are_paid_to_the_winner():
    # Ann pays 50 + 2 x 25 (one double set) = 100; Bob pays 50 + 25 (one single set) = 75.
    state = bison_session(GAME_ONE, **STAKES)
    (game,) = state.games
    assert set(game.money) == {Flow("Ann", "Cal", 100), Flow("Bob", "Cal", 75)}
    assert dict(state.money) == {"Ann": -100, "Bob": -75, "Cal": 175}


def test_bison_set_stake_adds_to_the_game_stake_per_set():
    # Without a set stake each loser pays just the 50c game stake.
    (game,) = bison_session(GAME_ONE, target=1000, game_stake=50).games
    assert set(game.money) == {Flow("Ann", "Cal", 50), Flow("Bob", "Cal", 50)}
    assert game.pot == 150  # three antes of 50


def test_bison_the_same_money_shown_as_a_pot():
    # Three antes of 50 = 150, plus set stakes: Bob 1 x 25, Ann 2 x 25 = 75: the pot is 225.
    (game,) = bison_session(GAME_ONE, **STAKES).games
    assert game.pot == 225


def test_bison_without_stakes_no_money_changes_hands():
    (game,) = bison_session(GAME_ONE, target=1000).games
    assert game.money == () and game.pot == 0


def test_bison_the_winner_deals_the_next_game_and_scores_reset():
    # Cal dealt hand 3; clockwise the deal would pass to Ann, but Cal won and deals game 2.
    state = bison_session(GAME_ONE, **STAKES)
    assert state.next_hand.dealer == "Cal"
    assert state.game == 2
    assert dict(state.balances) == {"Ann": 0, "Bob": 0, "Cal": 0}
    # Hand 4 (game 2): Ann concedes 250 with no meld: Ann -250 from a fresh start.
    state = bison_session([*GAME_ONE, conceded("Ann", 250, {})], **STAKES)
    hand = state.hand(4)
    assert hand.game == 2 and hand.dealer == "Cal"
    assert dict(hand.balances) == {"Ann": -250, "Bob": 0, "Cal": 0}
    assert state.game_over is None


def test_bison_the_default_target_keeps_the_game_going():
    state = bison_session(GAME_ONE)
    assert state.games == ()
    assert dict(state.balances) == {"Ann": -200, "Bob": -110, "Cal": 1090}


# Two non-declarers tied on top, target 300. Cal deals first.
#   1. Ann bids 300 hearts with no meld and 4 counters + last trick = 50: set, -300.
#      Bob 200 + 10 counters = 300; Cal 200 + 10 counters = 300: tied on top at the target.
TIE = played(
    "Ann", 300, H, {"Ann": 0, "Bob": 200, "Cal": 200}, {"Ann": 4, "Bob": 10, "Cal": 10}, "Ann"
)


def test_bison_two_non_declarers_tied_at_the_target_play_another_hand():
    state = bison_session([TIE], first_dealer="Cal", target=300)
    assert state.games == ()
    assert dict(state.balances) == {"Ann": -300, "Bob": 300, "Cal": 300}


def test_bison_after_a_tie_the_bidder_going_out_wins():
    # 2. Cal bids 250 spades, melds 100, 14 counters + last = 150: 250 made -> 550, out.
    #    Bob 6 counters -> 360; Ann 4 counters -> -260.
    hand = played(
        "Cal", 250, S, {"Ann": 0, "Bob": 0, "Cal": 100}, {"Ann": 4, "Bob": 6, "Cal": 14}, "Cal"
    )
    state = bison_session([TIE, hand], first_dealer="Cal", target=300)
    (game,) = state.games
    assert game.winner == "Cal"
    assert dict(game.scores) == {"Ann": -260, "Bob": 360, "Cal": 550}


def test_bison_after_a_tie_the_higher_non_declarer_wins():
    # 2. Ann concedes 250: Ann -550; Bob adds meld 20 -> 320; Cal adds 0 -> 300: Bob wins.
    state = bison_session([TIE, conceded("Ann", 250, {"Bob": 20})], first_dealer="Cal", target=300)
    (game,) = state.games
    assert game.winner == "Bob"  # Bob 320 and Cal 300 both past 300
    assert game.reason == EndReason(Ending.MOST_PAST, 320, 300, past=2)


def test_bison_negative_floor_ends_the_game_with_someone_above_zero():
    # Floor -500. Ann bids 600 hearts, melds 100, 10 counters + last = 110: 210 < 600, set:
    # -600, below the floor. Bob 60 + 80 = 140, Cal 40 + 60 = 100: Bob has the highest score.
    hand = played(
        "Ann", 600, H, {"Ann": 100, "Bob": 60, "Cal": 40}, {"Ann": 10, "Bob": 8, "Cal": 6}, "Ann"
    )
    state = bison_session([hand], negative_floor=-500)
    (game,) = state.games
    assert game.winner == "Bob"
    assert game.reason == EndReason(Ending.FLOOR, 140, floor=-500)
    assert dict(game.scores) == {"Ann": -600, "Bob": 140, "Cal": 100}
    assert bison_session([hand]).games == ()  # no floor: play on


def test_bison_negative_floor_with_nobody_above_zero_plays_on_until_someone_is():
    # 1. Ann concedes 600 with no meld anywhere: Ann -600, Bob 0, Cal 0: nobody above 0.
    # 2. Ann bids 250 hearts, melds 300, 14 counters + last = 150: 450 made -> -150.
    #    Bob 6 counters = 60, Cal 4 = 40. Nobody is below the floor now, but Bob is above 0:
    #    this hand ends the game and Bob (60) has the highest score.
    first = conceded("Ann", 600, {})
    second = played(
        "Ann", 250, H, {"Ann": 300, "Bob": 0, "Cal": 0}, {"Ann": 14, "Bob": 6, "Cal": 4}, "Ann"
    )
    state = bison_session([first], negative_floor=-500)
    assert state.games == ()
    state = bison_session([first, second], negative_floor=-500)
    (game,) = state.games
    assert game.winner == "Bob" and game.last_hand == 2
    assert dict(game.scores) == {"Ann": -150, "Bob": 60, "Cal": 40}


def test_bison_fixed_deals_end_the_game_after_the_last_deal():
    # Fixed 2 deals. 1. Ann concedes 250, Bob melds 20: Ann -250, Bob 20, Cal 0.
    # 2. Bob concedes 250, Cal melds 40: Ann -250, Bob -230, Cal 40: Cal is highest.
    first = conceded("Ann", 250, {"Bob": 20})
    second = conceded("Bob", 250, {"Cal": 40})
    assert bison_session([first], fixed_deals=2).games == ()
    (game,) = bison_session([first, second], fixed_deals=2).games
    assert game.winner == "Cal" and game.last_hand == 2
    assert dict(game.scores) == {"Ann": -250, "Bob": -230, "Cal": 40}


def test_bison_a_misdeal_is_not_one_of_the_fixed_deals():
    # The misdeal is redealt by the same dealer: only two real deals have been played after
    # hand 3, so the game ends there and not at hand 2.
    first = conceded("Ann", 250, {"Bob": 20})
    second = conceded("Bob", 250, {"Cal": 40})
    state = bison_session([first, HandInput(Outcome.MISDEAL), second], fixed_deals=2)
    (game,) = state.games
    assert game.last_hand == 3 and game.winner == "Cal"


# == Partnership games through replay =============================================================

# Target 500; Dee deals first, so Ann bids first. Ann & Cal against Bob & Dee.
#   1. Ann bids 250 clubs; Ann & Cal meld 200 + 100 = 300 and take 150: 450 made.
#      Bob & Dee meld 200 + 100 = 300 and take 100: 400.
P1 = HandInput(
    None,
    "Ann",
    250,
    C,
    tuple((p, MeldNumber(m)) for p, m in {"Ann": 200, "Cal": 100, "Bob": 200, "Dee": 100}.items()),
    SideTricks(150),
)


def partnership_session(events, **options):
    setup = SessionSetup(replace(PARTNERSHIP, **options), ("Ann", "Bob", "Cal", "Dee"), "Dee")
    return replay(setup, events)


def second_partnership_hand(bid):
    # Bob bids; Bob & Dee meld 60 + 40 = 100 and take 160; Ann & Cal meld 100 + 100 = 200
    # and take 90.
    return HandInput(
        None,
        "Bob",
        bid,
        D,
        tuple(
            (p, MeldNumber(m)) for p, m in {"Ann": 100, "Cal": 100, "Bob": 60, "Dee": 40}.items()
        ),
        SideTricks(160),
    )


def test_partnership_running_team_scores():
    state = partnership_session([P1], target=500)
    assert dict(state.balances) == {TEAM_A: 450, TEAM_B: 400}


def test_partnership_both_teams_past_the_target_the_bidders_who_made_win():
    # 2. Bob bids 250: 100 + 160 = 260 made -> Bob & Dee 660; Ann & Cal 200 + 90 = 290 -> 740.
    #    Both past 500; the bidders made their bid, so Bob & Dee win with the lower score.
    state = partnership_session([P1, second_partnership_hand(250)], target=500)
    (game,) = state.games
    assert game.winner == TEAM_B
    assert game.reason == EndReason(Ending.BIDDERS_MADE, 660, 500, past=2)
    assert dict(game.scores) == {TEAM_A: 740, TEAM_B: 660}


def test_partnership_one_team_past_the_target_wins():
    # 2'. Bob bids 300: 260 < 300 set -> Bob & Dee 400 - 300 = 100; Ann & Cal 740 win.
    state = partnership_session([P1, second_partnership_hand(300)], target=500)
    (game,) = state.games
    assert game.winner == TEAM_A
    assert dict(game.scores) == {TEAM_A: 740, TEAM_B: 100}


def test_partnership_game_stake_each_loser_pays_one_winner():
    # Bob & Dee win at 100c a game: Ann pays Bob 100 and Cal pays Dee 100.
    state = partnership_session([P1, second_partnership_hand(250)], target=500, game_stake=100)
    (game,) = state.games
    assert set(game.money) == {Flow("Ann", "Bob", 100), Flow("Cal", "Dee", 100)}
    assert game.pot == 400  # four antes of 100
    assert dict(state.money) == {"Ann": -100, "Bob": 100, "Cal": -100, "Dee": 100}


def test_partnership_scores_reset_and_the_deal_passes_on_after_a_game():
    # Dee dealt hand 1, Ann hand 2: Bob deals the first hand of game 2.
    state = partnership_session([P1, second_partnership_hand(250)], target=500)
    assert dict(state.balances) == {TEAM_A: 0, TEAM_B: 0}
    assert state.game == 2 and state.next_hand.dealer == "Bob"


def test_partnership_default_target_plays_on():
    state = partnership_session([P1, second_partnership_hand(250)])
    assert state.games == ()
    assert dict(state.balances) == {TEAM_A: 740, TEAM_B: 660}


@pytest.mark.parametrize("system", ["bison", "partnership"])
def test_an_all_pass_is_thrown_in_and_the_next_player_deals(system):
    players = ("Ann", "Bob", "Cal") if system == "bison" else ("Ann", "Bob", "Cal", "Dee")
    setup = SessionSetup(Options.preset(system), players, "Ann")
    state = replay(setup, [HandInput(Outcome.ALL_PASS)])
    assert state.next_hand.dealer == "Bob"
    assert all(score == 0 for _, score in state.balances)


# == games won: counted once, for holders and players =============================================


def test_games_won_counts_each_finished_bison_game_for_its_winner():
    # GAME_ONE ends with Cal going out; the same three hands again make game 2, which Cal
    # (dealing first as the winner) wins the same way: Cal 2, Ann and Bob 0.
    state = bison_session(GAME_ONE + GAME_ONE, first_dealer="Ann", **STAKES)
    assert [game.winner for game in state.games] == ["Cal", "Cal"]
    games_won = {p: state.games_won(p) for p in ("Ann", "Bob", "Cal")}
    assert games_won == {"Ann": 0, "Bob": 0, "Cal": 2}


def test_games_won_in_partnership_counts_for_the_team_and_both_partners():
    # Partnership to 500. Ann (team Ann & Cal) bids 250 in spades; the team melds 150 + 100 =
    # 250 and takes 200 of the 250 in tricks: 450 >= 250, made, +450. Bob & Dee: meld 40 and
    # 50 in tricks, +90. Then Bob bids 250 in hearts and is set (meld 0, 100 in tricks):
    # Bob & Dee -250; Ann & Cal meld 0 + 150 tricks -> 600 >= 500: Ann & Cal win.
    options = replace(PARTNERSHIP, target=500)
    setup = SessionSetup(options, ("Ann", "Bob", "Cal", "Dee"), "Ann")
    made = HandInput(
        None, "Ann", 250, S,
        (("Ann", MeldNumber(150)), ("Cal", MeldNumber(100)), ("Bob", MeldNumber(40))),
        SideTricks(200),
    )  # fmt: skip
    set_ = HandInput(None, "Bob", 250, H, (), SideTricks(100))
    state = replay(setup, [made, set_])
    assert [game.winner for game in state.games] == [TEAM_A]
    assert dict(state.games[0].scores) == {TEAM_A: 600, TEAM_B: -160}
    games_won = {h: state.games_won(h) for h in (TEAM_A, TEAM_B, "Ann", "Bob", "Cal", "Dee")}
    assert games_won == {TEAM_A: 1, TEAM_B: 0, "Ann": 1, "Bob": 0, "Cal": 1, "Dee": 0}


def test_negative_floor_tied_on_top_plays_another_hand():
    end = bison_end({"Ann": -1010, "Bob": 300, "Cal": 300}, "Ann", FLOOR, 3, False)
    assert end.winner is None and end.floor_pending
    assert end.reason == EndReason(Ending.TIED_BELOW_FLOOR, 300, floor=-1000)
