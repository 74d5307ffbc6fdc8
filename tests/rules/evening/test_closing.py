"""Closing a session (RULES sections 5 to 7): nets, the kitty and the pot divided, payments.

Every session below is followed hand by hand in the comments; the figures asserted are the
ones worked out there, from docs/RULES.md, not read back from the code.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.evening.closing import close_session, session_nets
from scorekeeper.rules.evening.session import PlayerLeaves, SessionSetup, check_new_hand, replay
from scorekeeper.rules.evening.settlement import apply_payments
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandInput, MeldNumber
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import KITTY, POT, Team
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
MADE, SET, CONCEDED, FORFEIT = Outcome.MADE, Outcome.SET, Outcome.CONCEDED, Outcome.FORFEIT


def session(options, players, first_dealer, events):
    return replay(SessionSetup(options, tuple(players.split()), first_dealer), events)


def triples(payments):
    return [(p.payer, p.payee, p.amount) for p in payments]


def settles_to_zero(closing) -> bool:
    after = apply_payments(dict(closing.cents), closing.payments)
    return all(value == 0 for value in after.values())


# == Hoyle: the kitty ==============================================================================

# Hoyle, three at the table (everyone plays every hand), stake 10 cents, Ann deals first.
#   1. Ann deals, Bob bids first. Bob makes 350 clubs: value 5 from Ann, Cal and the kitty
#      (350 >= the kitty threshold). The kitty holds 0 and owes 5: everyone chips in
#      ceil(5 / 3) = 2. Ann -5-2 = -7, Bob 15-2 = 13, Cal -7, kitty -5+6 = 1.
#   2. Bob deals, Cal bids first. Cal is set at 350 clubs: 2 x 5 = 10 to Ann, Bob and the
#      kitty. Ann 3, Bob 23, Cal -37, kitty 11.
#   End: the kitty's 11 among three players: 3 each, 2 undivided.
#      Ann 3+3 = 6, Bob 23+3 = 26, Cal -37+3 = -34, undivided 2  (6+26-34+2 = 0).
HOYLE_THREE = [HandInput(MADE, "Bob", 350, C), HandInput(SET, "Cal", 350, C)]


def test_hoyle_kitty_is_divided_among_the_players_rounded_down_with_the_rest_undivided():
    state = session(Options.preset("hoyle"), "Ann Bob Cal", "Ann", HOYLE_THREE)
    assert dict(state.balances) == {"Ann": 3, "Bob": 23, "Cal": -37}
    assert state.kitty == 11

    closing = close_session(state)

    assert closing.kitty == 11
    assert dict(closing.kitty_shares) == {"Ann": 3, "Bob": 3, "Cal": 3}
    assert closing.kitty_undivided == 2
    assert dict(closing.units) == {"Ann": 6, "Bob": 26, "Cal": -34, KITTY: 2}
    # 10 cents a unit
    assert dict(closing.cents) == {"Ann": 60, "Bob": 260, "Cal": -340, KITTY: 20}


def test_hoyle_fewest_payments_one_loser_pays_everyone_owed():
    closing = close_session(session(Options.preset("hoyle"), "Ann Bob Cal", "Ann", HOYLE_THREE))
    # Cal is the only one who owes: he pays each of the three holders owed, 3 payments.
    assert triples(closing.payments) == [
        ("Cal", "Ann", 60),
        ("Cal", "Bob", 260),
        ("Cal", KITTY, 20),
    ]
    assert settles_to_zero(closing)


def test_hoyle_direct_payments_net_every_chip_between_each_pair():
    closing = close_session(session(Options.preset("hoyle"), "Ann Bob Cal", "Ann", HOYLE_THREE))
    K = KITTY
    # Flows in units: hand 1 Ann>Bob 5, Cal>Bob 5, K>Bob 5, Ann>K 2, Bob>K 2, Cal>K 2;
    # hand 2 Cal>Ann 10, Cal>Bob 10, Cal>K 10; end K>Ann 3, K>Bob 3, K>Cal 3.
    # Per pair: Ann>Bob 5; Cal>Bob 15; K>Bob 5-2+3 = 6; K>Ann 3-2 = 1; Cal>K 2+10-3 = 9;
    # Cal>Ann 10. Times 10 cents.
    assert sorted(triples(closing.direct), key=str) == sorted(
        [
            ("Ann", "Bob", 50),
            ("Cal", "Bob", 150),
            (K, "Bob", 60),
            (K, "Ann", 10),
            ("Cal", K, 90),
            ("Cal", "Ann", 100),
        ],
        key=str,
    )
    after = apply_payments(dict(closing.cents), closing.direct)
    assert set(after.values()) == {0}


# Hoyle, four at the table, stake 10 cents, Dee deals first.
#   1. Dee deals and sits out. Ann is set at 350 clubs: 2 x 5 = 10 to Bob, Cal, Dee and the
#      kitty. Ann -40, Bob 10, Cal 10, Dee 10, kitty 10.
#   2. Cal leaves: his share of the kitty is 10 // 4 = 2. Cal 12, kitty 8.
#   3. Ann deals; three left, all play; Bob bids first. Bob is set at 350 hearts (no
#      multiplier): 10 to Ann, Dee and the kitty. Ann -30, Bob -20, Dee 20, kitty 18.
#   End: 18 among the three still at the table: 6 each, nothing undivided; Cal gets no
#      second share. Ann -24, Bob -14, Cal 12, Dee 26  (-24-14+12+26 = 0).
HOYLE_LEAVER = [HandInput(SET, "Ann", 350, C), PlayerLeaves("Cal"), HandInput(SET, "Bob", 350, H)]


def test_a_player_who_left_had_their_kitty_share_and_gets_none_at_the_end():
    state = session(Options.preset("hoyle"), "Ann Bob Cal Dee", "Dee", HOYLE_LEAVER)
    assert state.leaves[0].kitty_share == 2
    assert state.kitty == 18

    closing = close_session(state)

    assert dict(closing.kitty_shares) == {"Ann": 6, "Bob": 6, "Dee": 6}
    assert closing.kitty_undivided == 0
    assert dict(closing.units) == {"Ann": -24, "Bob": -14, "Cal": 12, "Dee": 26}
    assert dict(closing.cents) == {"Ann": -240, "Bob": -140, "Cal": 120, "Dee": 260}


def test_fewest_payments_for_the_leaver_session_settle_to_exactly_zero():
    closing = close_session(
        session(Options.preset("hoyle"), "Ann Bob Cal Dee", "Dee", HOYLE_LEAVER)
    )
    # No two or three of -240, -140, +120, +260 add to 0, so 4 - 1 = 3 payments. Largest
    # debtor to largest creditor: Ann pays Dee 240 (Dee 20 left), Bob pays Cal 120, then
    # Bob pays Dee 20.
    assert triples(closing.payments) == [
        ("Ann", "Dee", 240),
        ("Bob", "Cal", 120),
        ("Bob", "Dee", 20),
    ]
    assert settles_to_zero(closing)


# == Brooklyn with a pot ===========================================================================

# Brooklyn with a pot, stake 5 cents, ante 25 cents = 5 units, Ann deals first.
#   Start: everyone antes 5. Ann -5, Bob -5, Cal -5, pot 15.
#   1. Ann deals, Bob first. Bob is set at 330 spades: 330 // 50 = 6, spades x2 = 12, set x2
#      = 24 to Ann, Cal and the pot (RULES: $1.20 each). Ann 19, Bob -77, Cal 19, pot 39.
#   2. Bob deals, Cal first. Cal concedes 250 with no trump named: 5 to Ann, Bob and the pot.
#      Ann 24, Bob -72, Cal 4, pot 44.
#   End: the pot's 44 among three: 14 each, 2 undivided.
#      Ann 38, Bob -58, Cal 18, undivided 2  (38-58+18+2 = 0); in cents x5: 190, -290, 90, 10.
POT_EVENTS = [HandInput(SET, "Bob", 330, S), HandInput(CONCEDED, "Cal", 250)]


def test_brooklyn_pot_is_divided_at_the_end():
    state = session(Options.preset("brooklyn-pot"), "Ann Bob Cal", "Ann", POT_EVENTS)
    assert dict(state.balances) == {"Ann": 24, "Bob": -72, "Cal": 4}
    assert state.pot == 44

    closing = close_session(state)

    assert closing.pot == 44
    assert dict(closing.pot_shares) == {"Ann": 14, "Bob": 14, "Cal": 14}
    assert closing.pot_undivided == 2
    assert dict(closing.units) == {"Ann": 38, "Bob": -58, "Cal": 18, POT: 2}
    assert dict(closing.cents) == {"Ann": 190, "Bob": -290, "Cal": 90, POT: 10}
    assert session_nets(state) == {"Ann": 190, "Bob": -290, "Cal": 90, POT: 10}
    # Bob alone owes: three payments.
    assert triples(closing.payments) == [
        ("Bob", "Ann", 190),
        ("Bob", "Cal", 90),
        ("Bob", POT, 10),
    ]
    assert settles_to_zero(closing)


def test_a_pot_taken_by_a_big_bid_is_anted_again_and_only_the_new_pot_is_divided():
    # As above, then 3. Cal deals, Ann first. Ann makes 400 diamonds: 400 // 50 = 8 from Bob
    # and Cal; the bid reaches 400, so Ann takes the pot's 44 and everyone antes 5 again.
    # Ann 24+16+44-5 = 79, Bob -72-8-5 = -85, Cal 4-8-5 = -9, pot 15.
    # End: 15 among three, 5 each: Ann 84, Bob -80, Cal -4  (84-80-4 = 0).
    events = [*POT_EVENTS, HandInput(MADE, "Ann", 400, D)]
    closing = close_session(session(Options.preset("brooklyn-pot"), "Ann Bob Cal", "Ann", events))
    assert closing.pot == 15
    assert closing.pot_undivided == 0
    assert dict(closing.units) == {"Ann": 84, "Bob": -80, "Cal": -4}
    assert dict(closing.cents) == {"Ann": 420, "Bob": -400, "Cal": -20}
    assert triples(closing.payments) == [("Bob", "Ann", 400), ("Cal", "Ann", 20)]


# == Brooklyn ======================================================================================


def test_brooklyn_nets_are_chips_times_the_stake_with_no_kitty_or_pot():
    # Ann deals. 1. Bob makes 350 hearts: 2 from Ann and Cal. Ann -2, Bob 4, Cal -2.
    # 2. Bob deals; Cal is set at 300 spades: 1 x 2 x 2 = 4 to Ann and Bob.
    #    Ann 2, Bob 8, Cal -10. Stake 10 cents: 20, 80, -100.
    events = [HandInput(MADE, "Bob", 350, H), HandInput(SET, "Cal", 300, S)]
    closing = close_session(session(Options.preset("brooklyn"), "Ann Bob Cal", "Ann", events))
    assert dict(closing.cents) == {"Ann": 20, "Bob": 80, "Cal": -100}
    assert closing.kitty == closing.pot == 0
    assert closing.kitty_shares == closing.pot_shares == ()
    assert triples(closing.payments) == [("Cal", "Ann", 20), ("Cal", "Bob", 80)]
    # Direct: hand 1 Ann>Bob 2, Cal>Bob 2; hand 2 Cal>Ann 4, Cal>Bob 4. Ann>Bob 2 units and
    # Cal>Ann 4 are separate pairs: 20 and 40 cents; Cal>Bob 6 = 60.
    assert sorted(triples(closing.direct)) == [
        ("Ann", "Bob", 20),
        ("Cal", "Ann", 40),
        ("Cal", "Bob", 60),
    ]


def test_a_session_with_no_hands_owes_nothing():
    closing = close_session(session(Options.preset("brooklyn"), "Ann Bob Cal", "Ann", []))
    assert dict(closing.cents) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert closing.payments == closing.direct == ()


# == Bison =========================================================================================

BISON_STAKES = replace(Options.preset("bison"), target=500, game_stake=200, set_stake=100)


def counters(ann: int, bob: int, cal: int, last: str) -> PlayerTricks:
    return PlayerTricks.of({"Ann": ann, "Bob": bob, "Cal": cal}, last)


# Bison to 500, game stake $2, set stake $1. Ann deals first.
#   1. Ann deals, Bob first. Bob bids 300 spades, melds 100; takes 15 counters and the last
#      trick = 160: 260 < 300, set (a double set). Bob -300. Ann melds 20, 5 counters = 50:
#      70. Cal 4 counters = 40: 40.
#   2. Bob deals, Cal first. Cal concedes 250 (a single set): Cal 40-250 = -210; Ann melds
#      40: 110; Bob melds 20: -280.
#   3. Cal deals, Ann first. Ann bids 400 hearts, melds 190, takes 20 counters and the last
#      trick = 210: 400, made: Ann 510. Bob 3 counters = 30: -250; Cal 1 counter = 10: -200.
#      Ann reaches 500 and is the declarer: Ann wins game 1.
#   Stakes: Bob pays Ann 2 + 2 x 1 (one double set) = $4; Cal pays 2 + 1 (one single set) = $3.
#   As a pot: three antes of $2 = $6, Bob's double set $2, Cal's single set $1 = $9, Ann
#   takes $9 having put in $2: +$7 = 4 + 3.
BISON_GAME = [
    HandInput(None, "Bob", 300, S, (("Bob", MeldNumber(100)), ("Ann", MeldNumber(20))),
              counters(5, 15, 4, "Bob")),
    HandInput(CONCEDED, "Cal", 250, H, (("Ann", MeldNumber(40)), ("Bob", MeldNumber(20)))),
    HandInput(None, "Ann", 400, H, (("Ann", MeldNumber(190)),), counters(20, 3, 1, "Ann")),
]  # fmt: skip


def test_bison_winner_collects_the_game_stake_and_set_stakes_from_each_opponent():
    state = session(BISON_STAKES, "Ann Bob Cal", "Ann", BISON_GAME)
    game = state.games[0]
    assert (game.winner, game.score("Ann"), game.score("Bob"), game.score("Cal")) == (
        "Ann", 510, -250, -200,
    )  # fmt: skip
    assert dict((p, (s, d)) for p, s, d in game.sets) == {
        "Ann": (0, 0),
        "Bob": (0, 1),
        "Cal": (1, 0),
    }

    closing = close_session(state)

    assert closing.units == ()
    assert dict(closing.cents) == {"Ann": 700, "Bob": -400, "Cal": -300}
    assert triples(closing.direct) == [("Bob", "Ann", 400), ("Cal", "Ann", 300)]
    assert triples(closing.payments) == [("Bob", "Ann", 400), ("Cal", "Ann", 300)]
    assert settles_to_zero(closing)


def test_bison_stakes_as_a_pot_every_ante_and_set_stake_taken_by_the_winner():
    game = session(BISON_STAKES, "Ann Bob Cal", "Ann", BISON_GAME).games[0]
    # 3 x 200 antes + 2 x 100 (Bob's double set) + 100 (Cal's single set) = 900.
    assert game.pot == 900
    # The winner's own ante comes back to them: 900 - 200 = 700, what the others pay.
    assert game.pot - game.winner_stakes == sum(f.amount for f in game.money) == 700


def test_bison_without_stakes_owes_nothing():
    options = replace(BISON_STAKES, game_stake=0, set_stake=0)
    closing = close_session(session(options, "Ann Bob Cal", "Ann", BISON_GAME))
    assert dict(closing.cents) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert closing.payments == ()


def test_bison_game_not_finished_owes_nothing_yet():
    closing = close_session(session(BISON_STAKES, "Ann Bob Cal", "Ann", BISON_GAME[:2]))
    assert dict(closing.cents) == {"Ann": 0, "Bob": 0, "Cal": 0}


# == Partnership ===================================================================================

# Partnership to 500, game stake $1. Ann & Cal against Bob & Dee. Ann deals first.
#   1. Ann declares 300 spades; Ann melds 150, Cal 40: 190, with 200 in tricks = 390, made.
#      Bob & Dee meld 20 and take 50: 70.
#   2. Cal declares 300 hearts; Cal melds 100, Ann 20: 120, with 190 in tricks = 310, made:
#      Ann & Cal 700. Bob & Dee take 60: 130. Ann & Cal reach 500 and made the bid: they win.
#   Stakes: each loser pays one winner $1: Bob pays Ann, Dee pays Cal.
PARTNERS = replace(Options.preset("partnership"), target=500, game_stake=100)
PARTNER_GAME = [
    HandInput(None, "Ann", 300, S, (("Ann", MeldNumber(150)), ("Cal", MeldNumber(40)),
              ("Bob", MeldNumber(20))), SideTricks(200)),
    HandInput(None, "Cal", 300, H, (("Cal", MeldNumber(100)), ("Ann", MeldNumber(20))),
              SideTricks(190)),
]  # fmt: skip


def test_partnership_game_stake_each_loser_pays_one_winner():
    state = session(PARTNERS, "Ann Bob Cal Dee", "Ann", PARTNER_GAME)
    game = state.games[0]
    ann_cal, bob_dee = Team(("Ann", "Cal")), Team(("Bob", "Dee"))
    assert game.winner == ann_cal
    assert dict(game.scores) == {ann_cal: 700, bob_dee: 130}

    closing = close_session(state)

    assert dict(closing.cents) == {"Ann": 100, "Bob": -100, "Cal": 100, "Dee": -100}
    assert triples(closing.payments) == [("Bob", "Ann", 100), ("Dee", "Cal", 100)]
    assert triples(closing.direct) == [("Bob", "Ann", 100), ("Dee", "Cal", 100)]
    # As a pot: four antes of $1, the winning team takes $4, $2 each.
    assert game.pot == 400


# == always ========================================================================================

CHIP_PRESETS = {
    "brooklyn": "Ann Bob Cal Dee",
    "brooklyn-pot": "Ann Bob Cal Dee Eve",
    "hoyle": "Ann Bob Cal Dee Eve",
}
HAND_SHAPES = [
    (MADE, 300, S),
    (MADE, 350, H),
    (MADE, 400, D),
    (MADE, 450, C),
    (SET, 300, C),
    (SET, 380, S),
    (SET, 500, H),
    (CONCEDED, 300, None),
    (CONCEDED, 350, D),
    (FORFEIT, 300, None),
]


@settings(max_examples=100, deadline=None)
@given(
    preset=st.sampled_from(sorted(CHIP_PRESETS)),
    moves=st.lists(
        st.tuples(
            st.integers(0, len(HAND_SHAPES) - 1),
            st.integers(0, 4),
            st.integers(0, 11),  # 11 = someone leaves instead of a hand
        ),
        max_size=30,
    ),
    stake=st.sampled_from([1, 5, 10, 25]),
)
def test_nets_always_add_to_zero_and_fewest_payments_settle_exactly(preset, moves, stake):
    options = Options.preset(preset)
    options = replace(options, stake=stake, ante=5 * stake if options.system.kind.has_pot else 25)
    players = CHIP_PRESETS[preset]
    events = []
    state = session(options, players, players.split()[0], events)
    for shape, who, leave in moves:
        if leave == 11 and len(state.seated) > 3:
            event = PlayerLeaves(state.seated[who % len(state.seated)])
        else:
            outcome, bid, trump = HAND_SHAPES[shape]
            declarer = state.next_hand.active[who % 3]
            if outcome is FORFEIT:
                declarer = state.next_hand.first_bidder
            event = HandInput(outcome, declarer, bid, trump)
            try:
                check_new_hand(state, event)
            except RuleError:
                continue
        events.append(event)
        state = session(options, players, players.split()[0], events)

    closing = close_session(state)

    assert sum(cents for _, cents in closing.cents) == 0
    assert sum(units for _, units in closing.units) == 0
    assert session_nets(state) == dict(closing.cents)  # the records' nets, without payments
    assert all(
        cents == units * stake
        for (_, cents), (_, units) in zip(closing.cents, closing.units, strict=True)
    )
    assert settles_to_zero(closing)
    assert set(apply_payments(dict(closing.cents), closing.direct).values()) <= {0}
    nonzero = sum(1 for _, cents in closing.cents if cents)
    assert len(closing.payments) <= max(nonzero - 1, 0)
    assert closing.kitty_undivided < max(len(state.seated), 1)
    assert closing.pot_undivided < max(len(state.seated), 1)
