"""More of what a table says around a hand (issue 29), each class of phrasing with its fields
worked out from the rules: words that fill no field (by how much a bid was set, who dealt, the
hand's number, a remark on the hand, when it was given up, a correction, "for Cy", how a bid
was won when everyone passed, a renege on one's own bid); whole-deck phrases ("took every
trick", RULES 3.1, 3.5); and whose a figure is (trump said before its bid, a cue said after a
list, a list ended by ", and", the clause's player, "had 40", "her side"). What a line does
not settle is still asked.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld, Reading

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def each(*figures: int) -> tuple[Meld, ...]:
    """Each player's meld, seat by seat (Ann first)."""
    return tuple(Meld(pid, figure) for pid, figure in enumerate(figures, start=1))


def unsure(reading: Reading) -> bool:
    return bool(reading.ambiguous or reading.unknown_words)


# -- words that fill no field ------------------------------------------------------------------

CHIPS_READ_THROUGH = [
    # (game, line, declarer, bid, trump, outcome); Ann 1, Bob 2, Cy 3
    pytest.param("brooklyn", "Bob 400 spades, set by 20", 2, 400, S, Outcome.SET,
                 id="set-by-a-margin"),
    pytest.param("brooklyn", "Cy 350 hearts, made it by 30", 3, 350, H, Outcome.MADE,
                 id="made-by-a-margin"),
    pytest.param("brooklyn", "Hand one. Ann dealt, Bob three twenty in hearts, made it.", 2, 320,
                 H, Outcome.MADE, id="hand-number-and-who-dealt"),
    pytest.param("brooklyn", "dealer Cy, Bob 320 hearts made", 2, 320, H, Outcome.MADE,
                 id="dealer-named"),
    pytest.param("brooklyn", "Cy went set, an ugly hand, 330 in diamonds", 3, 330, D,
                 Outcome.SET, id="a-remark-on-the-hand"),
    pytest.param("hoyle", "Bob gave up 360 in hearts after seeing the widow", 2, 360, H,
                 Outcome.CONCEDED, id="conceded-after-the-widow"),
    pytest.param("brooklyn", "Bob 350 spades, no wait, hearts. Made.", 2, 350, H, Outcome.MADE,
                 id="a-suit-corrected"),
    pytest.param("brooklyn", "Bob 350, no wait, 360 spades, made", 2, 360, S, Outcome.MADE,
                 id="a-bid-corrected"),
    pytest.param("brooklyn", "Bob, sorry, Cy, 300 hearts, made", 3, 300, H, Outcome.MADE,
                 id="a-player-corrected"),
    pytest.param("brooklyn-pot", "Three hundred and ten in hearts for Cy, got set", 3, 310, H,
                 Outcome.SET, id="for-the-bidder"),
    # RULES 4.3: under dealer-must-bid the dealer (Ann, hand 1) takes the least bid, 250
    pytest.param("brooklyn-pot", "Everybody passed, so Ann's stuck with two fifty in clubs, "
                 "she made it", 1, 250, C, Outcome.MADE, id="everyone-passed-into-a-bid"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "line", "declarer", "bid", "trump", "outcome"),
                         CHIPS_READ_THROUGH)  # fmt: skip
def test_words_that_fill_no_field_are_read_through(game, line, declarer, bid, trump, outcome):
    reading = read(line, table(game))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        declarer,
        bid,
        trump,
        outcome,
    )
    assert not unsure(reading)


def test_a_forfeit_before_the_widow_is_read_with_the_forfeit():
    # RULES 4.5: only Bob, on the dealer's left, can forfeit the compulsory 300 (no trump)
    reading = read("Bob was stuck with the 300, didn't look at the widow, forfeit", table("hoyle"))
    assert reading == Reading(declarer=2, bid=300, outcome=Outcome.FORFEIT)


@pytest.mark.parametrize(
    ("game", "line"),
    [
        # when it was given up says another outcome than the one said: asked
        pytest.param("hoyle", "Bob gave up 360 in hearts without looking at the widow",
                     id="conceded-before-the-widow"),
        # by how much, said of no outcome
        pytest.param("brooklyn", "Bob 400 spades by 20", id="by-with-no-outcome"),
        # a correction with nothing of its kind before it takes back nothing
        pytest.param("brooklyn", "wait, Bob 300 hearts made", id="a-correction-of-nothing"),
        # a remark holding a word that may undo the line
        pytest.param("brooklyn", "Bob 300 hearts made, a not good hand", id="a-remark-with-not"),
        # everyone passed and no bid said: not a way a Brooklyn-with-a-pot hand ends
        pytest.param("brooklyn-pot", "everyone passed", id="passed-with-no-bid"),
    ],
)  # fmt: skip
def test_words_that_may_say_otherwise_are_still_asked_about(game, line):
    assert unsure(read(line, table(game)))


def test_a_renege_on_ones_own_bid_makes_the_reneger_the_declarer():
    reading = read("bob reneged on his own bid, 300 spades", table("bison"))
    assert (reading.declarer, reading.reneger, reading.bid, reading.trump, reading.outcome) == (
        2,
        2,
        300,
        S,
        Outcome.RENEGE,
    )
    assert not unsure(reading)


# -- every trick ---------------------------------------------------------------------------------

WHOLE_DECK = [
    # six-two-packs, two packs with nines: 490 a hand; Ann's team (Ann Cy Eve) is entered
    pytest.param("six-two-packs", "Clubs. Bob, Dee and Fay took every trick.",
                 Reading(trump=C, tricks=0, missing=("melds",)), id="other-team-every-trick"),
    pytest.param("eight-two-packs", "diamonds. Ann, Cy, Eve and Gus took all the tricks",
                 Reading(trump=D, tricks=490, missing=("melds",)), id="first-team-all-tricks"),
    # the double deck, written at scale 10: 50 a hand
    pytest.param("double-deck", "Cy bid 80 in hearts, Ann and Cy took every trick",
                 Reading(declarer=3, bid=80, trump=H, tricks=50, missing=("outcome", "melds")),
                 id="double-deck-50"),
    # two-handed, classic count: 250 a hand, the last trick in it; the same figure said again
    pytest.param("two-handed", "Clubs. Ann took all the tricks, 250, and melded 40. "
                 "Bob melded 20 but got nothing.",
                 Reading(trump=C, melds=each(40, 20), takes=((1, 250), (2, 0))),
                 id="two-handed-said-again"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "line", "expected"), WHOLE_DECK)
def test_every_trick_is_the_hands_whole_trick_points(game, line, expected):
    assert read(line, table(game)) == expected


def test_every_trick_said_again_as_another_figure_is_asked_about():
    reading = read("Clubs. Ann took all the tricks, 240", table("two-handed"))
    assert reading.takes == () and reading.ambiguous != ()


# -- whose a figure is ---------------------------------------------------------------------------


def test_a_figure_said_right_after_trump_is_the_bid():
    reading = read("Spades, four hundred, Bob. Made.", table("brooklyn"))
    assert reading == Reading(declarer=2, bid=400, trump=S, outcome=Outcome.MADE)


def test_a_figure_after_trump_below_the_least_bid_is_not_the_bid():
    reading = read("Spades, 60, Bob, made", table("brooklyn"))
    assert reading.bid is None and reading.ambiguous != ()


def test_a_cue_said_after_a_list_is_every_pairs_of_the_list():
    reading = read(
        "♠, Gus 80, Hal 150 meld, Ann's side took 200 in tricks", table("eight-two-packs")
    )
    assert reading.melds == (Meld(7, 80), Meld(8, 150)) and reading.tricks == 200
    assert not unsure(reading)


def test_a_list_carried_on_ends_at_and_after_a_comma():
    line = "Bob, 260, hearts, got bumped. Bob melded 100, Dee 40, and Bob and Dee took 100."
    reading = read(line, table("partnership"))
    assert reading.melds == (Meld(2, 100), Meld(4, 40)) and reading.tricks == 100
    assert (reading.declarer, reading.outcome) == (2, Outcome.SET) and not unsure(reading)


def test_figures_before_their_cues_are_the_players_the_clause_is_about():
    line = ("hearts; Ann 100 meld 90 tricks; Bob 20 meld 60 tricks; Cy 40 meld 50 tricks; "
            "Dee no meld 50 tricks")  # fmt: skip
    reading = read(line, table("cutthroat"))
    assert reading == Reading(trump=H, melds=each(100, 20, 40, 0),
                              takes=((1, 90), (2, 60), (3, 50), (4, 50)))  # fmt: skip


def test_without_a_bid_a_cue_after_a_comma_is_the_clauses_players():
    line = "diamonds; Bob 60 meld, took 250; Ann 20 meld, took nothing"
    reading = read(line, table("two-handed"))
    assert reading == Reading(trump=D, melds=each(20, 60), takes=((1, 0), (2, 250)))


def test_a_tricks_word_heading_a_clause_of_takes_says_nothing_more():
    line = "okay so spades; in tricks Cy took a hundred and ten, Ann 50, Bob 40, Dee 50"
    reading = read(line, table("cutthroat"))
    assert reading.takes == ((1, 50), (2, 40), (3, 110), (4, 50)) and not unsure(reading)


def test_a_figure_a_player_had_is_their_meld():
    line = "Cy took it at 250 in hearts and conceded after the meld; Ann had 40 and Bob 60"
    reading = read(line, table("bison"))
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        3,
        250,
        H,
        Outcome.CONCEDED,
    )
    assert reading.melds == (Meld(1, 40), Meld(2, 60)) and not unsure(reading)


def test_a_figure_had_in_tricks_is_not_meld():
    assert read("hearts, Ann had 130 in tricks", table("two-handed")).melds == ()


def test_her_side_is_the_team_of_the_one_player_named():
    line = "ok Ann bid seventy five in hearts and made it, her side took 33"
    reading = read(line, table("eight-handed"))
    assert (reading.declarer, reading.bid, reading.tricks) == (1, 75, 33)
    assert not unsure(reading)


def test_her_side_with_two_players_named_is_asked_about():
    line = "Ann bid 300 in hearts, Bob reneged, her side took 130"
    reading = read(line, table("partnership"))
    assert reading.tricks is None and reading.ambiguous != ()
