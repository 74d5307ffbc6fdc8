"""Team games without a bid (RULES 6.4, "Teams without a bid"): Bicycle's Partnership Pinochle.

Trump is turned up, every player melds, each team scores its partners' meld and its trick
points; "no meld finally counts unless the side making it wins at least one trick". Every team
is scored as the contract scores a side that did not bid. Figures are worked by hand: U1 on a
single deck (`partnership`, counters, 250 a hand), U2 six-handed on the double deck written
without the trailing zero (50 a hand, 20 to be on the board and 20 to save it), U3 the game end.
Seats N E S W clockwise: N and S against E and W.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import (
    BidError,
    MeldError,
    OptionError,
    OutcomeError,
    RuleErrors,
    TrickError,
)
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.contract import MeldSave
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.describe import describe
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldCards, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.tricks import SideTricks, TrickShares

# Bicycle's game on a single deck: the partnership preset with bidding off.
UNBID = replace(Options.preset("partnership"), auction=False)
NO_BIDDERS = {"auction": False, "trump_needs_meld": False, "bidders_save_meld": False}
SIX = replace(Options.preset("six-handed"), **NO_BIDDERS)  # 20 on the board, 20 to save it
SIX_PLAIN = replace(SIX, meld_minimum=0, meld_saved_by=MeldSave.A_TRICK_POINT)
NS, EW = Team(("N", "S")), Team(("E", "W"))
ACE, BDF = Team(("A", "C", "E")), Team(("B", "D", "F"))


def four() -> HandContext:
    return HandContext(("N", "E", "S", "W"), "W", ("N", "E", "S", "W"), (NS, EW))


def six() -> HandContext:
    seats = ("A", "B", "C", "D", "E", "F")
    return HandContext(seats, "F", seats, (ACE, BDF))


def played(melds, tricks, trump=Suit.HEARTS) -> HandInput:
    meld = tuple((p, m if isinstance(m, MeldCards) else MeldNumber(m)) for p, m in melds.items())
    return HandInput(trump=trump, meld=meld, tricks=tricks)


# U1: W deals and turns up the 9♥ (10 for W) and holds a marriage (20): 30. E holds the other
# dix and the run in hearts (150 + 10 = 160). N 100 aces, S a pinochle (40).
U1 = {"N": 100, "S": 40, "E": MeldCards(Hand.parse("AH TH KH QH JH 9H")), "W": 30}


@pytest.mark.parametrize(
    ("melds", "tricks", "changes"),
    [
        # N+S take every trick (250): 140 + 250; E+W took none and lose 160 + 30.
        pytest.param(U1, SideTricks(250), {NS: 390, EW: 0}, id="u1-one-side-takes-all"),
        # E+W take 10 (one counter, or the last trick alone): 190 + 10; N+S 140 + 240.
        pytest.param(U1, SideTricks(240), {NS: 380, EW: 200}, id="u1-one-counter-saves-it"),
        # N+S take 130, E+W 120: 140 + 130 and 190 + 120.
        pytest.param(U1, SideTricks(130), {NS: 270, EW: 310}, id="u1-both-sides-score"),
        # Each team's figure may be entered instead of one: the same hand.
        pytest.param(
            U1,
            TrickShares((("N", 130), ("E", 120))),
            {NS: 270, EW: 310},
            id="u1-each-teams-figure",
        ),
    ],
)
def test_u1_each_team_scores_meld_and_tricks_if_it_took_a_trick(melds, tricks, changes):
    result = score_hand(played(melds, tricks), four(), UNBID)
    assert result.outcome is Outcome.PLAYED
    assert dict(result.changes) == changes
    assert result.declarer is None and result.bid is None and result.made is None
    assert dict(result.melds) == {"N": 100, "S": 40, "E": 160, "W": 30}


@pytest.mark.parametrize(
    ("options", "tricks", "changes"),
    [
        # A, C, E meld 20 + 10 + 15 = 45 and take 32: 77. B, D, F meld 8 + 6 + 4 = 18 (not on
        # the board) and take 18, under 20: nothing at all.
        pytest.param(SIX, 320, {ACE: 770, BDF: 0}, id="u2-the-20s-other-side-scores-nothing"),
        # Without the 20s: B, D, F took a trick point: 18 + 18.
        pytest.param(SIX_PLAIN, 320, {ACE: 770, BDF: 360}, id="u2-without-the-20s"),
        # B, D, F take 20 exactly: tricks count, the 18 of meld is not on the board.
        pytest.param(SIX, 300, {ACE: 750, BDF: 200}, id="u2-20-in-tricks-meld-under-20"),
    ],
)
def test_u2_six_handed_teams_without_a_bid(options, tricks, changes):
    melds = {"A": 200, "C": 100, "E": 150, "B": 80, "D": 60, "F": 40}
    result = score_hand(played(melds, SideTricks(tricks)), six(), options)
    assert dict(result.changes) == changes


def test_three_teams_each_enter_their_tricks():
    # 6/2 without the 20s: A+D meld 30 and take 25, B+E 12 and 25, C+F 20 and no trick.
    options = replace(SIX_PLAIN, shape=Shape(6, 2))
    seats = ("A", "B", "C", "D", "E", "F")
    teams = (Team(("A", "D")), Team(("B", "E")), Team(("C", "F")))
    ctx = HandContext(seats, "F", seats, teams)
    melds = {"A": 200, "D": 100, "B": 80, "E": 40, "C": 200}
    tricks = TrickShares((("A", 250), ("B", 250), ("C", 0)))
    result = score_hand(played(melds, tricks), ctx, options)
    assert dict(result.changes) == {teams[0]: 550, teams[1]: 370, teams[2]: 0}


def test_the_meld_minimum_applies_to_every_team():
    # partnership with 'Meld to be on the board' 100: N+S's 140 counts, E+W's 60 does not.
    options = replace(UNBID, meld_minimum=100)
    result = score_hand(played({"N": 100, "S": 40, "E": 60}, SideTricks(130)), four(), options)
    assert dict(result.changes) == {NS: 270, EW: 120}


@pytest.mark.parametrize(
    ("entry", "error", "where"),
    [
        pytest.param(
            HandInput(declarer="N", trump=Suit.HEARTS, tricks=SideTricks(130)),
            BidError,
            "declarer",
            id="a-declarer",
        ),
        pytest.param(
            HandInput(bid=300, trump=Suit.HEARTS, tricks=SideTricks(130)),
            BidError,
            "bid",
            id="a-bid",
        ),
        pytest.param(HandInput(trump=Suit.HEARTS), OutcomeError, "tricks", id="no-tricks"),
        pytest.param(
            HandInput(trump=Suit.HEARTS, tricks=SideTricks(251)),
            TrickError,
            "tricks",
            id="tricks-past-250",
        ),
        pytest.param(
            played({"N": 15}, SideTricks(130)), MeldError, "meld", id="a-meld-nobody-can-hold"
        ),
        pytest.param(
            HandInput(Outcome.SET, trump=Suit.HEARTS, tricks=SideTricks(130)),
            OutcomeError,
            "outcome",
            id="no-set-without-a-bid",
        ),
    ],
)
def test_a_team_hand_without_a_bid_refuses(entry, error, where):
    with pytest.raises((RuleErrors, error)) as raised:
        score_hand(entry, four(), UNBID)
    broken = getattr(raised.value, "each", (raised.value,))
    assert [(type(e), e.where.part.value) for e in broken] == [(error, where)]


def test_no_tricks_entered_asks_for_the_first_teams():
    with pytest.raises(OutcomeError) as raised:
        score_hand(HandInput(trump=Suit.HEARTS), four(), UNBID)
    assert "Enter the trick points of N & S" in str(raised.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        pytest.param({"trump_needs_meld": True}, "'Trump needs a meld' and 'Bidding'", id="trump"),
        pytest.param(
            {"bidders_save_meld": True}, "'Bidders must save their meld too'", id="bidders-save"
        ),
        pytest.param({"set_keeps_meld": True}, "'A set side keeps its meld'", id="set-keeps"),
        pytest.param({"set_to_opponents": True}, "'Set goes to the other side'", id="progressive"),
        pytest.param(
            {"surrender": "nothing"},
            "'When the bidders give up, the other side scores'",
            id="surrender",
        ),
        pytest.param({"bidders_no_trick": "zero"}, "'Bidders who take no trick'", id="no-trick"),
        pytest.param({"both_reach": "higher"}, "'Both teams past the target'", id="both-reach"),
        pytest.param({"kitty_size": 4}, "'Cards in the kitty'", id="kitty"),
    ],
)
def test_options_of_bidders_alone_clash_with_bidding_off(changes, message):
    data = {"system": "partnership", "auction": False, **changes}
    with pytest.raises(OptionError) as raised:
        Options.from_dict(data)
    assert message in str(raised.value)
    assert "'Bidding'" in str(raised.value)


def test_the_double_deck_preset_needs_two_options_off_to_drop_bidding():
    with pytest.raises(OptionError, match="'Trump needs a meld' and 'Bidding' clash"):
        Options.from_dict({"system": "double-deck", "auction": False})
    options = Options.from_dict({"system": "double-deck", **NO_BIDDERS})
    assert not options.auction and options.meld_minimum == 200  # the 20s stay


def test_a_rising_target_needs_bidding_off_in_a_team_game():
    with pytest.raises(OptionError, match="'Target rises on a tie' and 'Bidding' clash"):
        Options.from_dict({"system": "partnership", "target_raise": 250})
    options = Options.from_dict({"system": "partnership", "auction": False, "target_raise": 250})
    assert options.target_raise == 250


# Five hands to N+S 1450, E+W 1350 (target 1500).
OPENING = [
    played({"N": 150, "S": 100}, SideTricks(250)),  # N+S 500; E+W took no trick, 0
    played({"N": 150, "S": 100}, SideTricks(250)),  # N+S 1000
    played({"E": 150, "W": 100}, SideTricks(0)),  # E+W 500
    played({"E": 150, "W": 100}, SideTricks(0)),  # E+W 1000
    played({"N": 150, "S": 100, "E": 150, "W": 150}, SideTricks(200)),  # 1450; 1000 + 350
]


@pytest.mark.parametrize(
    ("options", "w_meld", "totals", "winner"),
    [
        # Last hand: N+S take 120 (1570); W melds 30 (a marriage and the dix) and E+W take 130
        # (1350 + 160 = 1510): both past 1500, the higher wins.
        pytest.param(UNBID, 30, (1570, 1510), NS, id="u3-both-past-higher-wins"),
        # With 'Target rises on a tie' at 250 the target becomes 1750: nobody is past it.
        pytest.param(
            replace(UNBID, target_raise=250), 30, (1570, 1510), None, id="u3-target-rises"
        ),
        # W melds 90 (queens, a marriage, the dix): 1570 each, tied on top: another hand.
        pytest.param(UNBID, 90, (1570, 1570), None, id="u3-tied-on-top-plays-on"),
    ],
)
def test_u3_the_game_ends_team_by_team(options, w_meld, totals, winner):
    setup = SessionSetup(options, ("N", "E", "S", "W"), "W")
    state = replay(setup, [*OPENING, played({"W": w_meld}, SideTricks(120))])
    if winner is None:
        assert not state.games
        assert (state.balance(NS), state.balance(EW)) == totals
    else:
        assert [game.winner for game in state.games] == [winner]
        assert dict(state.hands[-1].balances) == {NS: totals[0], EW: totals[1]}


@pytest.mark.parametrize(
    ("options", "melds", "tricks", "text"),
    [
        pytest.param(
            UNBID,
            U1,
            SideTricks(250),
            "Played: N & S +390, E & W 0 (E & W: took no trick, so nothing scores).",
            id="single-deck",
        ),
        pytest.param(
            replace(Options.preset("double-deck"), **NO_BIDDERS),
            {"N": 200, "E": 100},
            SideTricks(320),
            "Played: N & S +52, E & W 0 (E & W: took under 20 in tricks, so nothing scores).",
            id="double-deck-the-20s",
        ),
    ],
)
def test_a_team_hand_without_a_bid_in_words(options, melds, tricks, text):
    result = score_hand(played(melds, tricks), four(), options)
    assert describe(result, options) == text


EIGHT_SEATS = ("A", "B", "C", "D", "E", "F", "G", "H")
EIGHT_MELD = {"A": 100, "E": 0, "B": 80, "C": 60, "G": 150}  # A 10, B 8, C 6, G 15, written


def eight(teams: tuple[Team, ...]) -> HandContext:
    return HandContext(EIGHT_SEATS, "H", EIGHT_SEATS, teams)


PAIRS = tuple(Team((EIGHT_SEATS[k], EIGHT_SEATS[k + 4])) for k in range(4))  # A+E, B+F, ...
FOURS = (Team(("A", "C", "E", "G")), Team(("B", "D", "F", "H")))
EIGHT = replace(Options.preset("eight-handed"), **NO_BIDDERS)


@pytest.mark.parametrize(
    ("options", "teams", "tricks", "changes"),
    [
        # 8/4: A, C, E, G meld 10 + 6 + 15 = 31 and take 26: 57; B, D, F, H meld 8 (not on the
        # board) and take 24: their tricks alone.
        pytest.param(
            EIGHT, FOURS, SideTricks(260), {FOURS[0]: 570, FOURS[1]: 240}, id="8-4-the-20s"
        ),
        # 8/2, without the 20s: A+E 10 + 20, B+F 8 + 15, C+G 6 + 15 + 10, D+H 0 + 5.
        pytest.param(
            replace(EIGHT, shape=Shape(8, 2), meld_minimum=0, meld_saved_by=MeldSave.A_TRICK_POINT),
            PAIRS,
            TrickShares((("A", 200), ("B", 150), ("C", 100), ("D", 50))),
            {PAIRS[0]: 300, PAIRS[1]: 230, PAIRS[2]: 310, PAIRS[3]: 50},
            id="8-2-without-the-20s",
        ),
        # 8/2 with the 20s: only A+E took 20; its meld of 10 is not on the board.
        pytest.param(
            replace(EIGHT, shape=Shape(8, 2)),
            PAIRS,
            TrickShares((("A", 200), ("B", 150), ("C", 100), ("D", 50))),
            {PAIRS[0]: 200, PAIRS[1]: 0, PAIRS[2]: 0, PAIRS[3]: 0},
            id="8-2-the-20s",
        ),
    ],
)
def test_eight_players_without_a_bid(options, teams, tricks, changes):
    options.validate(8)
    result = score_hand(played(EIGHT_MELD, tricks), eight(teams), options)
    assert dict(result.changes) == changes
