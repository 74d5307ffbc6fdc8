"""Where a rule was broken, in the engine's own terms (``Where``), and every broken rule of a
hand or a session's setup reported at once (``RuleErrors``).

The hands are built as in ``test_hands.py``: the seating by hand, figures in full points.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import (
    BidError,
    Checks,
    MeldError,
    OutcomeError,
    Part,
    PlayerError,
    RuleError,
    RuleErrors,
    SeatingError,
    TrickError,
    TrumpError,
    Where,
    option,
)
from scorekeeper.rules.evening.session import PlayerLeaves, ReplayError, SessionSetup, replay
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldCards, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.tricks import PlayerTricks, SideTricks, TrickShares

S, H = Suit.SPADES, Suit.HEARTS
MADE = Outcome.MADE

BROOKLYN = Options.preset("brooklyn")
HOYLE = Options.preset("hoyle")
BISON = Options.preset("bison")
PARTNERSHIP = Options.preset("partnership")

# Three at the table, Cal deals: Ann bids first, then Bob, then Cal.
THREE = HandContext(("Ann", "Bob", "Cal"), "Cal", ("Ann", "Bob", "Cal"))
# Four at a Brooklyn table, Dee deals: Cal (the dealer's right) sits out.
FOUR_RIGHT_OUT = HandContext(("Ann", "Bob", "Cal", "Dee"), "Dee", ("Ann", "Bob", "Dee"))
# Partnership, Dee deals: Ann & Cal against Bob & Dee.
PARTNERS = HandContext(
    ("Ann", "Bob", "Cal", "Dee"),
    "Dee",
    ("Ann", "Bob", "Cal", "Dee"),
    (Team(("Ann", "Cal")), Team(("Bob", "Dee"))),
)
# Bison counters that add up to 24, Ann taking the last trick.
COUNTERS = PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 4}, "Ann")


def melds(**points: int) -> tuple[tuple[str, MeldNumber], ...]:
    return tuple((player, MeldNumber(value)) for player, value in points.items())


def refused(hand: HandInput, ctx: HandContext, options: Options) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score_hand(hand, ctx, options)
    return caught.value


@pytest.mark.parametrize(
    ("options", "ctx", "hand", "error_type", "where"),
    [
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, None, 350, H), PlayerError,
            Where(Part.DECLARER), id="no declarer",
        ),
        pytest.param(
            BROOKLYN, FOUR_RIGHT_OUT, HandInput(MADE, "Cal", 350, H), PlayerError,
            Where(Part.DECLARER, "Cal"), id="a declarer sitting out",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", None, H), BidError,
            Where(Part.BID), id="no bid",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", 340, H), BidError,
            Where(Part.BID), id="a forbidden ending",
        ),
        pytest.param(
            HOYLE, THREE, HandInput(MADE, "Ann", 250, H, takeover=True), BidError,
            Where(Part.TAKEOVER), id="a takeover without the house rule",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", 250, H, takeover=True), PlayerError,
            Where(Part.DECLARER, "Ann"), id="a takeover by another than the dealer",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", 350, None), TrumpError,
            Where(Part.TRUMP), id="no trump",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(Outcome.RENEGE, "Ann", 350, H), OutcomeError,
            Where(Part.OUTCOME), id="an outcome the system does not have",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", 350, H, melds(Zed=20)), PlayerError,
            Where(Part.MELD, "Zed"), id="meld of a stranger",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(MADE, "Ann", 350, H, melds(Bob=20)), MeldError,
            Where(Part.MELD, "Bob"), id="meld of an opponent in a chip game",
        ),
        pytest.param(
            BROOKLYN, THREE,
            HandInput(MADE, "Ann", 350, H, (("Ann", MeldCards(Hand((1,) * 24))),)),
            MeldError, Where(Part.MELD, "Ann"), id="one of each card: more than a hand holds",
        ),
        pytest.param(
            BROOKLYN, THREE, HandInput(None, "Ann", 350, H, tricks=SideTricks(255)), TrickError,
            Where(Part.TRICKS), id="tricks beyond 250",
        ),
        pytest.param(
            BROOKLYN, THREE,
            HandInput(MADE, "Ann", 350, H, melds(Ann=20), SideTricks(100)), OutcomeError,
            Where(Part.OUTCOME), id="made where meld and tricks fall short",
        ),
        pytest.param(
            BISON, THREE,
            HandInput(None, "Ann", 300, S, tricks=PlayerTricks.of({"Ann": 24, "Zed": 0}, "Ann")),
            PlayerError, Where(Part.TAKE, "Zed"), id="a take by a stranger",
        ),
        pytest.param(
            BISON, THREE,
            HandInput(
                None, "Ann", 300, S, tricks=PlayerTricks.of({"Ann": 26, "Bob": -2}, "Ann")
            ),
            TrickError, Where(Part.TAKE, "Bob"), id="a negative take",
        ),
        pytest.param(
            BISON, THREE, HandInput(Outcome.RENEGE, "Ann", 300, S), PlayerError,
            Where(Part.RENEGER), id="a renege without the reneger",
        ),
        pytest.param(
            BISON, THREE, HandInput(None, "Ann", 300, S, tricks=COUNTERS, reneger="Bob"),
            OutcomeError, Where(Part.RENEGER, "Bob"), id="a reneger on a hand played out",
        ),
        pytest.param(
            PARTNERSHIP, PARTNERS, HandInput(MADE, "Ann", 300, H), OutcomeError,
            Where(Part.TRICKS), id="partnership without the tricks",
        ),
    ],
)  # fmt: skip
def test_each_broken_rule_of_a_hand_is_placed_where_it_was_broken(
    options, ctx, hand, error_type, where
):
    error = refused(hand, ctx, options)
    assert type(error) is error_type  # one rule broken: its own error, not RuleErrors
    assert error.where == where
    assert error.each == (error,)


def test_an_impossible_meld_and_tricks_beyond_250_are_both_reported_in_a_chip_game():
    error = refused(HandInput(None, "Ann", 350, H, melds(Ann=15), SideTricks(255)), THREE, BROOKLYN)
    assert isinstance(error, RuleErrors)
    assert [(type(e), e.where, e.rule) for e in error.each] == [
        (
            MeldError,
            Where(Part.MELD, "Ann"),
            "Meld 15 is impossible: every meld is worth a multiple of 10.",
        ),
        (TrickError, Where(Part.TRICKS), "Trick points run from 0 to 250; 255 is outside."),
    ]
    assert error.where == Where(Part.MELD, "Ann")  # the first one's
    assert error.rule == (
        "Meld 15 is impossible: every meld is worth a multiple of 10. "
        "Trick points run from 0 to 250; 255 is outside."
    )


def test_an_impossible_meld_and_tricks_beyond_250_are_both_reported_in_partnership():
    error = refused(
        HandInput(None, "Ann", 300, H, melds(Cal=15), SideTricks(255)), PARTNERS, PARTNERSHIP
    )
    assert [(e.where, e.rule) for e in error.each] == [
        (Where(Part.MELD, "Cal"), "Meld 15 is impossible: every meld is worth a multiple of 10."),
        (Where(Part.TRICKS), "Trick points run from 0 to 250; 255 is outside."),
    ]


def test_bison_counters_that_do_not_add_up_are_reported_with_the_missing_last_trick():
    # 12 + 8 + 3 = 23 counters of the deck's 24, and nobody took the last trick.
    took = PlayerTricks.of({"Ann": 12, "Bob": 8, "Cal": 3}, None)
    error = refused(HandInput(None, "Ann", 300, S, tricks=took), THREE, BISON)
    assert [(e.where, e.rule) for e in error.each] == [
        (Where(Part.LAST_TRICK), "Say who took the last trick."),
        (
            Where(Part.TRICKS),
            "Counters must add up to 24 (8 aces, 8 tens, 8 kings); these add up to 23.",
        ),
    ]


TWO_HANDED = Options.preset("two-handed")
SIMPLE_BISON = Options.from_dict({"system": "bison", "card_values": "simple"})
TWO = HandContext(("Ann", "Bob"), "Bob", ("Ann", "Bob"))
NOT_1 = "No side can take exactly 1 in tricks: no cards count 1 (the smallest card is a jack, 2)."
FIVES = "simple counting gives only multiples of 5."
SHARES_250 = "The players' tricks must add up to 250; these add up to"
CARDS_240 = "Card points must add up to 240 (250 less the last trick); these add up to"


@pytest.mark.parametrize(
    ("options", "ctx", "hand", "broken"),
    [
        pytest.param(
            # classic values: no card counts 1; 1 + 200 = 201 of the 240 the cards hold
            TWO_HANDED, TWO,
            HandInput(trump=S, tricks=PlayerTricks.of({"Ann": 1, "Bob": 200}, "Ann")),
            [
                (Where(Part.TAKE, "Ann"), f"Ann: {NOT_1}"),
                (Where(Part.TRICKS), f"{CARDS_240} 201."),
            ],
            id="two-handed: a take no cards make and takes short of 240",
        ),
        pytest.param(
            # shares with the last trick in them: 1 + 200 = 201 of the deck's 250
            TWO_HANDED, TWO,
            HandInput(trump=S, tricks=TrickShares((("Ann", 1), ("Bob", 200)))),
            [
                (Where(Part.TAKE, "Ann"), NOT_1),
                (Where(Part.TRICKS), f"{SHARES_250} 201."),
            ],
            id="two-handed: a share no side takes and shares short of 250",
        ),
        pytest.param(
            # simple values count in fives: 7 and 13 cannot be; 7 + 13 + 200 = 220 of 240
            SIMPLE_BISON, THREE,
            HandInput(
                None, "Ann", 300, S,
                tricks=PlayerTricks.of({"Ann": 7, "Bob": 13, "Cal": 200}, None),
            ),
            [
                (Where(Part.LAST_TRICK), "Say who took the last trick."),
                (Where(Part.TAKE, "Ann"), f"Ann: No side can take exactly 7 in tricks: {FIVES}"),
                (Where(Part.TAKE, "Bob"), f"Bob: No side can take exactly 13 in tricks: {FIVES}"),
                (Where(Part.TRICKS), f"{CARDS_240} 220."),
            ],
            id="bison in card points: two takes, the total and the last trick",
        ),
    ],
)  # fmt: skip
def test_every_take_that_cannot_be_is_reported_with_the_total(options, ctx, hand, broken):
    error = refused(hand, ctx, options)
    assert [(e.where, e.rule) for e in error.each] == broken


def test_the_meld_of_two_players_both_impossible_is_reported_for_each():
    error = refused(HandInput(None, "Ann", 300, S, melds(Ann=15, Bob=2000), COUNTERS), THREE, BISON)
    assert [(e.where, e.rule) for e in error.each] == [
        (Where(Part.MELD, "Ann"), "Meld 15 is impossible: every meld is worth a multiple of 10."),
        (
            Where(Part.MELD, "Bob"),
            "Meld 2000 is more than any hand can show here (at most 1900).",
        ),
    ]


def test_made_or_set_is_worked_out_only_once_the_meld_and_tricks_pass():
    # Meld 15 cannot be; that 15 + 100 falls short of 350 is not said as well.
    error = refused(HandInput(MADE, "Ann", 350, H, melds(Ann=15), SideTricks(100)), THREE, BROOKLYN)
    assert type(error) is MeldError and error.where == Where(Part.MELD, "Ann")


def test_a_hand_missing_declarer_bid_and_trump_says_all_three():
    error = refused(HandInput(MADE, None, None, None), THREE, BROOKLYN)
    assert [(e.where, e.rule) for e in error.each] == [
        (Where(Part.DECLARER), "Choose the declarer."),
        (Where(Part.BID), "Enter the bid."),
        (Where(Part.TRUMP), "Choose trump: a hand that is played has a trump suit."),
    ]


def test_a_session_setup_reports_every_seat_and_the_first_dealer_at_once():
    setup = SessionSetup(BROOKLYN, ("Ann", " ", "ann"), "Zed")
    with pytest.raises(RuleErrors) as caught:
        setup.check()
    assert [(type(e), e.where, e.rule) for e in caught.value.each] == [
        (SeatingError, Where(Part.PLAYERS, seat=1), "Every seat needs a player's name."),
        (SeatingError, Where(Part.PLAYERS, "ann", 2), "ann is seated twice."),
        (SeatingError, Where(Part.FIRST_DEALER), "The first dealer must be one of the players."),
    ]


def test_a_replayed_hand_breaking_rules_is_placed_in_its_hand():
    setup = SessionSetup(BROOKLYN, ("Ann", "Bob", "Cal"), "Ann")
    first = HandInput(MADE, "Bob", 350, H)
    second = HandInput(None, "Cal", 350, H, melds(Cal=15), SideTricks(255))
    with pytest.raises(ReplayError) as caught:
        replay(setup, [first, second])
    error = caught.value
    assert (error.position, error.where) == (1, Where(Part.MELD, "Cal", hand=2))
    assert [e.where for e in error.cause.each] == [Where(Part.MELD, "Cal"), Where(Part.TRICKS)]
    assert error.rule.startswith("Hand 2: Meld 15 is impossible")


def test_a_player_leaving_a_game_that_needs_everyone_is_placed_at_the_leaver():
    setup = SessionSetup(BISON, ("Ann", "Bob", "Cal"), "Ann")
    with pytest.raises(ReplayError) as caught:
        replay(setup, [PlayerLeaves("Bob")])
    assert caught.value.where == Where(Part.LEAVER, "Bob")
    assert caught.value.rule == (
        "Bob leaving: Bison (points to 1500) needs all its players; end the session instead."
    )


def test_an_option_is_placed_by_its_name():
    with pytest.raises(RuleError) as caught:
        Options.from_dict({"system": "hoyle", "set_factor": "0"})
    assert caught.value.where == option("set_factor") == Where(Part.OPTION, option="set_factor")


def test_checks_raise_nothing_when_all_pass_and_the_one_error_alone():
    checks = Checks()
    assert checks.run(int, "7") == 7
    checks.done()
    checks.add(BidError(Where(Part.BID), "Enter the bid."))
    with pytest.raises(BidError):
        checks.done()


def test_rule_errors_of_rule_errors_are_one_flat_list():
    bid = BidError(Where(Part.BID), "Enter the bid.")
    trump = TrumpError(Where(Part.TRUMP), "Choose trump.")
    meld = MeldError(Where(Part.MELD, "Ann"), "Meld 15 is impossible.")
    both = RuleErrors([RuleErrors([bid, trump]), meld])
    assert both.each == (bid, trump, meld)
    assert isinstance(both, ValueError)
