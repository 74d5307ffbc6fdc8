"""House rules from Wikipedia's Pinochle article (seed 003; RULES 2.8, 3.6 and 4.6).

Seed ``003_d91946574d289cc1.txt``: "A popular variation for four (or three) player pinochle
involves dealing a 4 card kitty (3 or 6 cards for three players), with the bid winner taking
the kitty and discarding 4 (3 or 6) cards from his hand" (option ``kitty_size``), and "In some
house rules, trump cannot be declared in any suit not containing a "run", "marriage" or "dix"
meld" (option ``trump_needs_meld``). Figures worked by hand from RULES 2.1.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import MeldError, OptionError, TrickError, TrumpError
from scorekeeper.rules.game.options import CardValues, Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldCards, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks, TrickShares

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


@pytest.mark.parametrize(
    ("system", "kitty", "hand_size"),
    [
        # 48 cards less the kitty, shared out among those dealt in.
        pytest.param("brooklyn", 3, 15, id="three-players-kitty-3-hold-15"),
        pytest.param("brooklyn", 6, 14, id="three-players-kitty-6-hold-14"),
        pytest.param("hoyle", 6, 14, id="hoyle-kitty-6-hold-14"),
        pytest.param("bison", 6, 14, id="bison-kitty-6-hold-14"),
        pytest.param("partnership", 0, 12, id="four-players-no-kitty-hold-12"),
        pytest.param("partnership", 4, 11, id="four-players-kitty-4-hold-11"),
    ],
)
def test_each_player_melds_from_the_deck_less_the_kitty_shared_out(system, kitty, hand_size):
    options = Options.from_dict({"system": system, "kitty_size": kitty})
    assert options.hand_size == hand_size


@pytest.mark.parametrize(
    ("system", "kitty", "problem"),
    [
        pytest.param("brooklyn", 4, "3 or 6 cards, not 4", id="three-players-no-kitty-of-4"),
        pytest.param("bison", 0, "3 or 6 cards, not 0", id="three-players-need-a-kitty"),
        pytest.param("partnership", 3, "0 or 4 cards, not 3", id="four-players-no-kitty-of-3"),
        pytest.param("partnership", 6, "0 or 4 cards, not 6", id="four-players-no-kitty-of-6"),
    ],
)
def test_a_kitty_the_source_does_not_deal_for_that_many_players_is_refused(system, kitty, problem):
    with pytest.raises(OptionError, match=problem):
        Options.from_dict({"system": system, "kitty_size": kitty})


def test_every_preset_keeps_its_kitty():
    for system in ("brooklyn", "brooklyn-pot", "hoyle", "bison"):
        assert Options.preset(system).kitty_size == 3
    assert Options.preset("partnership").kitty_size == 0


NS, EW = Team(("N", "S")), Team(("E", "W"))
FOUR = HandContext(("N", "E", "S", "W"), "W", ("N", "E", "S", "W"), (NS, EW))
# Aces and kings around with the Q of spades, hearts and diamonds (no queens around: no Q of
# clubs): with spades trump 100 + 80 + royal marriage 40 + two marriages 20 + 20 = 260 (11
# cards); the 9 of spades adds the dix: 270 (12 cards).
ELEVEN = "AS AH AD AC KS KH KD KC QS QH QD"


def _partnership_hand(cards: str) -> HandInput:
    return HandInput(
        declarer="N",
        bid=350,
        trump=S,
        meld=(("N", MeldCards(Hand.parse(cards))), ("S", MeldNumber(0))),
        tricks=SideTricks(100),
    )


@pytest.mark.parametrize(
    ("kitty", "cards", "meld"),
    [
        pytest.param(0, f"{ELEVEN} 9S", 270, id="w1-no-kitty-12-cards-meld"),
        pytest.param(4, ELEVEN, 260, id="w1-kitty-4-11-cards-meld"),
    ],
)
def test_with_a_kitty_of_4_a_partner_melds_from_11_cards(kitty, cards, meld):
    options = replace(Options.preset("partnership"), kitty_size=kitty)
    result = score_hand(_partnership_hand(cards), FOUR, options)
    assert result.meld_of("N") == meld


def test_with_a_kitty_of_4_twelve_cards_laid_down_are_refused():
    options = replace(Options.preset("partnership"), kitty_size=4)
    with pytest.raises(MeldError, match="12 cards laid down, but a hand here holds at most 11"):
        score_hand(_partnership_hand(f"{ELEVEN} 9S"), FOUR, options)


# -- trump needs a meld (W5) -------------------------------------------------------------------

TRUMP_MELD = replace(Options.preset("brooklyn"), trump_needs_meld=True)
THREE = HandContext(("Ann", "Bob", "Cal"), "Ann", ("Bob", "Cal", "Ann"))
# W5: aces around, the K and Q of hearts and the 9 of clubs.
W5 = "AS AH AD AC KH QH 9C"


def _declared(trump: Suit, meld: MeldCards | MeldNumber, tricks: int) -> HandInput:
    return HandInput(
        declarer="Bob", bid=300, trump=trump, meld=(("Bob", meld),), tricks=SideTricks(tricks)
    )


@pytest.mark.parametrize(
    ("trump", "meld", "tricks", "outcome"),
    [
        # Hearts: a marriage. 100 aces + royal marriage 40 = 140, + 160 tricks = 300: made.
        pytest.param(H, 140, 160, Outcome.MADE, id="w5-hearts-a-marriage"),
        # Clubs: the dix. 100 + marriage in hearts 20 + dix 10 = 130, + 160 = 290: set.
        pytest.param(C, 130, 160, Outcome.SET, id="w5-clubs-the-dix"),
    ],
)
def test_trump_is_accepted_in_a_suit_holding_a_marriage_or_the_dix(trump, meld, tricks, outcome):
    result = score_hand(_declared(trump, MeldCards(Hand.parse(W5)), tricks), THREE, TRUMP_MELD)
    assert (result.meld_of("Bob"), result.outcome) == (meld, outcome)


@pytest.mark.parametrize(
    ("trump", "noun"),
    [pytest.param(S, "spades", id="w5-spades"), pytest.param(D, "diamonds", id="w5-diamonds")],
)
def test_trump_in_a_suit_without_run_marriage_or_dix_is_refused_naming_the_player(trump, noun):
    hand = _declared(trump, MeldCards(Hand.parse(W5)), 160)
    with pytest.raises(TrumpError, match=f"Bob holds no run, marriage or dix in {noun}") as info:
        score_hand(hand, THREE, TRUMP_MELD)
    assert info.value.where.player == "Bob"
    score_hand(hand, THREE, Options.preset("brooklyn"))  # off (every preset): accepted


def test_a_run_in_trump_is_enough():
    # Run in diamonds 150 + 100 aces = 250 (the run's A of diamonds serves both classes).
    hand = _declared(D, MeldCards(Hand.parse("AS AH AD AC TD KD QD JD")), 50)
    assert score_hand(hand, THREE, TRUMP_MELD).meld_of("Bob") == 250


def test_a_meld_entered_as_a_figure_cannot_be_checked_and_is_accepted():
    result = score_hand(_declared(S, MeldNumber(100), 200), THREE, TRUMP_MELD)
    assert result.outcome is Outcome.MADE


# -- buried cards that count for nobody (W4) ---------------------------------------------------

# Seed 003: "The point value of the discards can sometimes be added to the bid winner's total
# trick count or not". W4, Brooklyn, classic count: Bob bids 300 in spades and melds 150; he
# takes 135 in tricks (the last trick included) and buried A♠ 10♠ K♥ = 11 + 10 + 4 = 25.
BURIED_OFF = replace(Options.preset("brooklyn"), discards_count=False)


@pytest.mark.parametrize(
    ("options", "tricks", "outcome"),
    [
        # On (every preset): the buried 25 is his: 150 + 135 + 25 = 310 >= 300, made.
        pytest.param(Options.preset("brooklyn"), 160, Outcome.MADE, id="w4-buried-count"),
        # Off: only the 135 taken: 150 + 135 = 285 < 300, set.
        pytest.param(BURIED_OFF, 135, Outcome.SET, id="w4-buried-count-for-nobody"),
    ],
)
def test_the_declarer_counts_the_buried_cards_only_where_the_house_does(options, tricks, outcome):
    hand = _declared(S, MeldNumber(150), tricks)
    assert score_hand(hand, THREE, options).outcome is outcome


BISON = HandContext(("Ann", "Bob", "Cal"), "Ann", ("Bob", "Cal", "Ann"))


def _bison(options: Options, takes: tuple[int, int, int]) -> HandInput:
    return HandInput(
        declarer="Bob",
        bid=250,
        trump=S,
        meld=(("Bob", MeldNumber(150)), ("Cal", MeldNumber(0)), ("Ann", MeldNumber(0))),
        tricks=PlayerTricks.of(dict(zip(("Bob", "Cal", "Ann"), takes, strict=True)), "Bob"),
    )


@pytest.mark.parametrize(
    ("discards_count", "takes", "bob"),
    [
        # Counters add up to 24 with the buried cards Bob's: 12 counters + last trick = 130;
        # 150 + 130 = 280 >= 250, made: +280.
        pytest.param(True, (12, 6, 6), 280, id="buried-count-24-counters"),
        # Off, a kitty of 3: up to 3 counters buried count for nobody: 21 is the fewest.
        # Bob 9 + last trick = 100; 150 + 100 = 250, made: +250.
        pytest.param(False, (9, 6, 6), 250, id="three-counters-buried-for-nobody"),
        pytest.param(False, (12, 6, 6), 280, id="no-counter-buried"),
    ],
)
def test_bison_takes_may_fall_short_by_the_counters_buried_for_nobody(discards_count, takes, bob):
    options = replace(Options.preset("bison"), discards_count=discards_count)
    assert score_hand(_bison(options, takes), BISON, options).change("Bob") == bob


@pytest.mark.parametrize(
    ("discards_count", "takes", "problem"),
    [
        pytest.param(True, (11, 6, 6), "add up to 24 .*; these add up to 23", id="on-23"),
        pytest.param(False, (8, 6, 6), "or up to 3 fewer buried; these add up to 20", id="off-20"),
    ],
)
def test_bison_takes_short_of_what_the_kitty_could_hide_are_refused(discards_count, takes, problem):
    options = replace(Options.preset("bison"), discards_count=discards_count)
    with pytest.raises(TrickError, match=problem):
        score_hand(_bison(options, takes), BISON, options)


@pytest.mark.parametrize(
    ("takes", "accepted"),
    [
        # Classic count, 240 card points: three buried cards hold at most 33 (three aces).
        pytest.param((100, 70, 45), True, id="short-25-ace-ten-king"),
        pytest.param((100, 70, 37), True, id="short-33-three-aces"),
        pytest.param((100, 70, 36), False, id="short-34-more-than-three-cards"),
        pytest.param((100, 70, 69), False, id="short-1-no-card-counts-1"),
    ],
)
def test_bison_card_points_may_fall_short_by_what_three_buried_cards_hold(takes, accepted):
    options = replace(Options.preset("bison"), card_values=CardValues.CLASSIC, discards_count=False)
    hand = _bison(options, takes)
    if accepted:
        score_hand(hand, BISON, options)
    else:
        with pytest.raises(TrickError, match="or up to 33 fewer for the buried cards"):
            score_hand(hand, BISON, options)


# Partnership with a kitty of 4 (counters): N bids 300 in spades; NS meld 170 (a run and a
# marriage), EW 50 (a pinochle and the dix). NS took 120 in tricks and buried two counters
# (20); EW took 110. On: NS's side is 120 + 20 = 140, 170 + 140 = 310, made. Off: each team
# enters its own, 120 and 110 (230: 20 fewer, two counters buried), 170 + 120 = 290, set.
KITTY_4 = replace(Options.preset("partnership"), kitty_size=4)
MELDS = (("N", MeldNumber(170)), ("S", MeldNumber(0)), ("E", MeldNumber(50)), ("W", MeldNumber(0)))


def _team_hand(tricks: SideTricks | TrickShares) -> HandInput:
    return HandInput(declarer="N", bid=300, trump=S, meld=MELDS, tricks=tricks)


@pytest.mark.parametrize(
    ("discards_count", "tricks", "outcome", "changes"),
    [
        pytest.param(True, SideTricks(140), Outcome.MADE, {NS: 310, EW: 160}, id="buried-count"),
        pytest.param(
            False,
            TrickShares((("N", 120), ("E", 110))),
            Outcome.SET,
            {NS: -300, EW: 160},
            id="buried-for-nobody-each-team-enters-its-own",
        ),
    ],
)
def test_partnership_buried_cards_for_nobody_leave_each_team_its_own_tricks(
    discards_count, tricks, outcome, changes
):
    options = replace(KITTY_4, discards_count=discards_count)
    result = score_hand(_team_hand(tricks), FOUR, options)
    assert result.outcome is outcome
    assert dict(result.changes) == changes


def test_partnership_teams_short_of_more_than_four_cards_can_hold_are_refused():
    # 120 + 80 = 200: 50 fewer than 250, but four buried counters hold at most 40.
    options = replace(KITTY_4, discards_count=False)
    hand = _team_hand(TrickShares((("N", 120), ("E", 80))))
    with pytest.raises(TrickError, match=r"add up to 250, or up to 40 fewer .* add up to 200"):
        score_hand(hand, FOUR, options)


def test_buried_cards_for_nobody_need_a_kitty_to_bury_from():
    with pytest.raises(OptionError, match="with no kitty the declarer buries no cards"):
        Options.from_dict({"system": "partnership", "discards_count": False})
