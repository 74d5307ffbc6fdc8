"""The presets on two packs with nines (RULES 6.4, "Two packs with nines"): the six- and
eight-hand partnership game of "Partnership Pinocle for more than four players", trump turned
up, each team scoring its partners' meld (when it took a trick) and its cards, 490 a hand in
the classic count, game 1000 rising by 250. Figures are RULES' worked examples P1 to P3, each
meld worked from the 96-card table of RULES 2.11 in the comments.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldCards, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.tricks import SideTricks, trick_total

SIX = Options.preset("six-two-packs")
EIGHT = Options.preset("eight-two-packs")
SIX_SEATS = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay")
EIGHT_SEATS = (*SIX_SEATS, "Gus", "Hal")
ACE, BDF = Team(("Ann", "Cal", "Eve")), Team(("Bob", "Dee", "Fay"))
ACEG, BDFH = Team(("Ann", "Cal", "Eve", "Gus")), Team(("Bob", "Dee", "Fay", "Hal"))


def cards(text: str) -> MeldCards:
    return MeldCards(Hand.parse(text))


def played(melds, taken: int, trump: Suit) -> HandInput:
    meld = tuple((p, m if isinstance(m, MeldCards) else MeldNumber(m)) for p, m in melds.items())
    return HandInput(trump=trump, meld=meld, tricks=SideTricks(taken))


@pytest.mark.parametrize(
    ("options", "deck", "shape", "hand_total"),
    [
        pytest.param(SIX, Deck.NINES, Shape(6, 3), 490, id="six-two-teams-of-three"),
        pytest.param(EIGHT, Deck.NINES, Shape(8, 4), 490, id="eight-two-teams-of-four"),
    ],
)
def test_the_presets_deal_two_packs_with_nines_without_a_bid(options, deck, shape, hand_total):
    assert (options.deck, options.shape, options.auction) == (deck, shape, False)
    assert (options.target, options.target_raise) == (1000, 250)
    assert trick_total(options.deck) == hand_total  # 2 x 240 in cards and 10 for the last trick


# P1: spades turned up by Fay. Ann a run 150; Cal aces around 100 and a dix 10; Eve a marriage
# in hearts 20: 280. Bob a double pinochle 300; Dee kings around 80; Fay the turned-up dix 10
# and a royal marriage 40: 430.
P1 = {
    "Ann": cards("AS TS KS QS JS"),
    "Cal": cards("AS AH AD AC 9S"),
    "Eve": cards("KH QH"),
    "Bob": cards("QS QS JD JD"),
    "Dee": cards("KS KH KD KC"),
    "Fay": cards("9S KS QS"),
}


@pytest.mark.parametrize(
    ("taken", "changes"),
    [
        # Ann's team 300 in tricks, Bob's the other 190: 280 + 300 and 430 + 190.
        pytest.param(300, {ACE: 580, BDF: 620}, id="p1-both-teams-score"),
        # Ann's team takes all 490: 280 + 490; Bob's team won no trick and loses its 430.
        pytest.param(490, {ACE: 770, BDF: 0}, id="p1-a-team-without-a-trick-loses-its-meld"),
        # The other way round: Ann's team loses its 280; Bob's 430 + 490.
        pytest.param(0, {ACE: 0, BDF: 920}, id="p1-the-other-team-takes-everything"),
    ],
)
def test_p1_six_handed_teams_score_meld_and_cards(taken, changes):
    ctx = HandContext(SIX_SEATS, "Fay", SIX_SEATS, (ACE, BDF))
    result = score_hand(played(P1, taken, Suit.SPADES), ctx, SIX)
    assert result.outcome is Outcome.PLAYED
    assert result.declarer is None and result.bid is None
    assert dict(result.melds) == {
        "Ann": 150,
        "Cal": 110,
        "Eve": 20,
        "Bob": 300,
        "Dee": 80,
        "Fay": 50,
    }
    assert dict(result.changes) == changes


def test_p2_eight_handed_twelve_cards_each():
    # Hearts turned up by Hal. Ann a double royal marriage 300, Eve a pinochle 40: 340. Bob
    # jacks around 40, Hal the turned-up dix 10: 50. Ann's team takes 250, Hal's 240.
    melds = {
        "Ann": cards("KH KH QH QH"),
        "Eve": cards("QS JD"),
        "Bob": cards("JS JH JD JC"),
        "Hal": cards("9H"),
    }
    ctx = HandContext(EIGHT_SEATS, "Hal", EIGHT_SEATS, (ACEG, BDFH))
    result = score_hand(played(melds, 250, Suit.HEARTS), ctx, EIGHT)
    assert dict(result.changes) == {ACEG: 590, BDFH: 290}


def test_p3_both_past_1000_raise_the_target_and_one_alone_past_1250_wins():
    setup = SessionSetup(SIX, SIX_SEATS, "Fay")
    p1 = played(P1, 300, Suit.SPADES)  # 580 and 620
    both_past = played({"Ann": 200, "Bob": 260}, 300, Suit.HEARTS)  # 1080 and 1070
    state = replay(setup, [p1, both_past])
    assert not state.games  # the target rose to 1250, which nobody has
    assert (state.balance(ACE), state.balance(BDF)) == (1080, 1070)
    one_past = played({}, 400, Suit.CLUBS)  # 1480 and 1160
    state = replay(setup, [p1, both_past, one_past])
    assert [game.winner for game in state.games] == [ACE]
    assert dict(state.hands[-1].balances) == {ACE: 1480, BDF: 1160}
