"""Meld, tricks, takes, the last trick and each player's own bid said in one line (issue 29;
RULES 2.5 who melds, 3.2 the table's units, 3.3 and 3.4 whose tricks, 6.6 summed bids).

Figures are read in the table's units as the hand form takes them: a double-deck table
(``scale`` 10) says "fifty five" for a bid of 550 and the bid field holds 55.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity


def melds(reading) -> list[tuple]:
    return [(m.holder, m.figure, m.side) for m in reading.melds]


# -- meld -------------------------------------------------------------------------------------

BISON = table("bison")  # Ann 1, Bob 2, Cy 3; every player melds, takes counters


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("meld Ann 150 Bob 40 Cy 20", id="meld-then-each"),
        pytest.param("Ann 150 meld, Bob 40 meld, Cy 20 meld", id="each-then-meld"),
        pytest.param("Ann melded 150, Bob melded 40, Cy melded 20", id="each-melded"),
        pytest.param("Ann meld one fifty, Bob meld forty, Cy meld twenty", id="in-words"),
    ],
)
def test_each_players_meld_is_read_by_name(line):
    assert melds(read(line, BISON)) == [(1, 150, False), (2, 40, False), (3, 20, False)]


def test_a_player_who_melded_nothing_says_so():
    assert melds(read("Cy no meld", BISON)) == [(3, 0, False)]
    assert melds(read("Cy nothing in meld", BISON)) == [(3, 0, False)]


def test_a_meld_said_of_nobody_where_everyone_melds_is_asked_about():
    reading = read("Ann 300 spades made, 60 meld", BISON)
    assert reading.melds == ()
    assert reading.ambiguous == (Ambiguity("60 meld", ("Ann's meld", "Bob's meld", "Cy's meld")),)


def test_a_chip_games_meld_said_of_nobody_is_the_declarers():
    reading = read("Bob 350 spades made, meld 60", table("hoyle"))
    assert melds(reading) == [(None, 60, False)]
    assert reading.fields()["melds"] == {2: {"mode": "number", "text": "60"}}


def test_a_chip_games_meld_said_of_a_player_names_the_declarer():
    # only the declarer's meld is entered in a chip game
    reading = read("Cy 80 meld, 350 hearts made", table("brooklyn"))
    assert reading.declarer == 3 and melds(reading) == [(3, 80, False)]


def test_a_sides_meld_is_said_as_the_partners_together():
    reading = read("Ann and Cy 120 meld, Bob & Dee 60 meld", table("partnership"))
    assert melds(reading) == [(1, 120, True), (2, 60, True)]
    assert reading.fields()["melds"] == {
        1: {"mode": "side", "text": "120"},
        2: {"mode": "side", "text": "60"},
    }


# -- tricks -----------------------------------------------------------------------------------

PARTNERSHIP = table("partnership")  # Ann & Cy (1, 3) against Bob & Dee (2, 4)


@pytest.mark.parametrize(
    "said",
    ["150 in tricks", "took 150", "tricks 150", "a hundred and fifty in tricks", "150 tricks"],
)
def test_the_bidding_sides_tricks_are_one_figure(said):
    assert read(f"Ann 300 spades made, {said}", PARTNERSHIP).tricks == 150


def test_a_partner_of_the_declarer_took_the_bidding_sides_tricks():
    assert read("Ann 300 spades made, Cy took 160", PARTNERSHIP).tricks == 160


def test_the_other_sides_tricks_give_the_bidding_sides_the_rest_of_the_deck():
    # the single deck's tricks are 250 in all (RULES 3.1, the last trick's 10 in them), none
    # buried for nobody in partnership: Bob's side took 100, so Ann's side took 150
    reading = read("Ann 300 spades made, Bob took 100", PARTNERSHIP)
    assert reading.tricks == 150
    assert reading.unknown_words == ()


def test_both_sides_tricks_that_do_not_add_up_are_asked_about():
    # Cy (Ann's side) 160 and Bob's side 100 make 260, not 250: which is right is asked
    reading = read("Ann bid 300 spades made, Cy took 160, Bob 100", PARTNERSHIP)
    assert reading.tricks is None
    assert reading.ambiguous == (Ambiguity("cy took 160 / bob 100", ("160", "150")),)


def test_without_a_bid_the_first_seats_teams_tricks_are_the_figure():
    reading = read("spades, Ann Cy and Eve took 300", table("six-two-packs"))
    assert reading.tricks == 300


@pytest.mark.parametrize("game", ["six-two-packs", "eight-two-packs"])
@pytest.mark.parametrize(
    "line", ["Hearts. Tricks 250.", "hearts, 250 in tricks", "hearts, took 250", "hearts, 250"]
)
def test_without_a_bid_tricks_said_of_no_team_are_asked_whose(game, line):
    # without a bid the one figure is the first seat's team's (RULES 6.4), and nothing in the
    # line says the 250 is theirs rather than the other team's: asked, never guessed
    at = table(game)
    reading = read(line, at)
    assert reading.tricks is None and "tricks" in reading.missing
    teams = tuple(" & ".join(at.name(p) for p in team) + "'s tricks" for team in at.teams)
    # a bare "250" could also be someone's meld (never filled without saying whose)
    meld = ("meld",) if line == "hearts, 250" else ()
    assert [a.could_be for a in reading.ambiguous] == [meld + teams]


def test_each_players_take_and_the_last_trick_in_bison():
    reading = read("Ann 300 hearts made, counters Ann 12 Bob 8 Cy 4, last trick Ann", BISON)
    assert reading.takes == ((1, 12), (2, 8), (3, 4))
    assert reading.last_trick == 1


@pytest.mark.parametrize(
    "said",
    ["Bob took the last trick", "last trick Bob", "Bob last trick", "Bob took last trick"],
)
def test_who_took_the_last_trick(said):
    assert read(said, BISON).last_trick == 2


def test_a_clause_says_of_its_player_what_follows():
    # two-handed: each player's meld and cards, and who took the last trick (RULES 6.4, D1);
    # 130+110 = 240: the last trick, Ann's by her clause, is added to her take, 130+10 = 140
    reading = read(
        "hearts, Ann meld 190 took 130 last trick, Bob meld 150 took 110", table("two-handed")
    )
    assert melds(reading) == [(1, 190, False), (2, 150, False)]
    assert reading.takes == ((1, 140), (2, 110))
    assert reading.last_trick is None
    assert reading.missing == () and reading.ambiguous == ()


# without a bid each player's take holds the last trick (RULES 6.4): one said apart is put where
# the figures say, and asked about where they do not say


def test_without_a_bid_a_last_trick_already_in_the_takes_is_not_added_again():
    # 90+60+50+50 = 250: every trick point is in the takes, the last trick in Ann's 90
    reading = read("spades, took Ann 90 Bob 60 Cy 50 Dee 50, last trick Ann", table("cutthroat"))
    assert reading.takes == ((1, 90), (2, 60), (3, 50), (4, 50))
    assert reading.last_trick is None
    assert reading.ambiguous == () and "last_trick" not in reading.missing


def test_without_a_bid_a_last_trick_left_out_of_the_takes_is_added_to_its_takers():
    # 130+110 = 240: the takes lack the last trick's 10, so Bob's is 110+10 = 120 (250 in all)
    reading = read("hearts, took Ann 130 Bob 110, Bob took the last trick", table("two-handed"))
    assert reading.takes == ((1, 130), (2, 120))
    assert reading.last_trick is None
    assert reading.ambiguous == () and "last_trick" not in reading.missing


@pytest.mark.parametrize(
    ("game", "said", "said_takes"),
    [
        # Cy's and Dee's takes are not said: 90+60 tells nothing of the last trick
        pytest.param(
            "cutthroat", "took Ann 90 Bob 60", ((1, 90), (2, 60)), id="takes-not-all-said"
        ),
        # 130+115 = 245: neither 250 (in it) nor 240 (without it)
        pytest.param("two-handed", "took Ann 130 Bob 115", ((1, 130), (2, 115)), id="neither-sum"),
    ],
)
def test_without_a_bid_a_last_trick_the_takes_do_not_place_is_asked_about(game, said, said_takes):
    reading = read(f"spades, {said}, last trick Ann", table(game))
    assert reading.takes == said_takes  # as said
    assert reading.last_trick is None
    assert reading.ambiguous == (
        Ambiguity("last trick Ann", ("in Ann's take", "added to Ann's take")),
    )
    assert "last_trick" not in reading.missing


def test_tricks_said_of_nobody_where_each_player_takes_are_asked_about():
    reading = read("hearts, took 130", table("two-handed"))
    assert reading.takes == ()
    assert reading.ambiguous == (Ambiguity("took 130", ("Ann's tricks", "Bob's tricks")),)


def test_a_whole_bison_hand_in_one_line_lacks_nothing():
    reading = read(
        "Ann bid 300 spades set, Ann 60 meld, Bob 20 meld, Cy nothing meld, "
        "Ann took 10, Bob took 8, Cy took 6, Bob took the last trick",
        BISON,
    )
    assert (reading.declarer, reading.bid, reading.trump, reading.outcome) == (
        1, 300, Suit.SPADES, Outcome.SET,
    )  # fmt: skip
    assert melds(reading) == [(1, 60, False), (2, 20, False), (3, 0, False)]
    assert reading.takes == ((1, 10), (2, 8), (3, 6))
    assert reading.last_trick == 2
    assert reading.missing == ()


# -- the table's units ------------------------------------------------------------------------


def test_a_table_that_drops_the_trailing_zero_says_its_figures_so():
    # double deck at scale 10: a bid of 550 is written 55, the bidders' 320 tricks 32
    at = table("double-deck")
    assert at.options.scale == 10
    reading = read("Ann fifty five spades made, meld Ann & Cy 30, Bob & Dee 20, tricks 32", at)
    assert (reading.bid, reading.tricks) == (55, 32)
    assert melds(reading) == [(1, 30, True), (2, 20, True)]
    assert reading.missing == ()


# -- summed bids (RULES 6.6) ------------------------------------------------------------------

SUMMED = table("double-deck", summed_bids=True, min_bid=200)


def test_each_players_own_bid_under_summed_bids():
    reading = read("bids Ann 25 Bob 20 Cy 0 Dee 0, spades, made", SUMMED)
    assert reading.bids == ((1, 25), (2, 20), (3, 0), (4, 0))
    assert reading.bid is None
    assert "declarer" not in reading.missing  # one highest bid: the declarer follows


def test_each_player_bid_said_one_by_one_under_summed_bids():
    reading = read("Ann bid 25, Bob bid 20, Ann spades made", SUMMED)
    assert reading.bids == ((1, 25), (2, 20))
    assert reading.declarer == 1


def test_the_declarer_is_missing_when_two_share_the_highest_own_bid():
    reading = read("bids Ann 25 Bob 25, hearts, made", SUMMED)
    assert "declarer" in reading.missing


# -- what a line lacks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "line", "missing"),
    [
        pytest.param("brooklyn", "Bob 350 spades", ("outcome",), id="chips-outcome"),
        pytest.param("hoyle", "Bob conceded", ("bid",), id="a-concession-names-no-trump"),
        pytest.param("bison", "Ann 300 spades made", ("takes", "last_trick", "melds"),
                     id="bison-figures"),
        pytest.param("bison", "Ann 300 spades conceded", ("melds",),
                     id="bison-a-concession-counts-meld"),
        pytest.param("partnership", "Ann 300 spades made, meld Ann 20 Bob 40 Cy 60",
                     ("tricks", "melds"), id="dees-meld"),
        pytest.param("partnership",
                     "Ann 300 spades made, tricks 200, meld Ann & Cy 80 Bob 40 Dee 60",
                     (), id="a-sides-meld-covers-both"),
        # without a bid each take holds the last trick: who took it is never asked
        pytest.param("two-handed", "", ("trump", "takes", "melds"), id="no-bid"),
        pytest.param("bison", "everyone passed", (), id="all-pass"),
    ],
)  # fmt: skip
def test_what_the_line_lacks_is_named_by_the_hands_field_names(game, line, missing):
    assert read(line, table(game)).missing == missing


def test_with_more_than_two_teams_each_teams_tricks_are_said_under_its_first_seat():
    # eight players in four teams of two (RULES 6.3): each team's trick points are entered
    at = table("eight-handed", shape=Shape(8, 2))
    assert at.teams == ((1, 5), (2, 6), (3, 7), (4, 8))
    reading = read("Ann 60 spades made, Ann & Eve took 13, Fay took 12, tricks Cy and Gus 15", at)
    assert reading.takes == ((1, 13), (2, 12), (3, 15))
    assert reading.tricks is None
    assert "takes" in reading.missing  # Dee and Hal's team's is not said


@pytest.mark.parametrize(
    ("game", "line", "tricks"),
    [
        # Dee bids: Ann's team is the other side; the double deck's 50 less its 22 (RULES 3.1)
        pytest.param("six-handed", "Dee seventy diamonds, Ann's team took 22", 28, id="six"),
        # no bid: the figure is the first seat's (Ann's) team's; two packs: 490 less 190
        pytest.param("six-two-packs", "hearts, Bob's side took 190", 300, id="two-packs"),
        # Ann bids; Cy is her partner: their own 150 as said
        pytest.param("partnership", "Ann 300 spades made, Cy's side took 150", 150, id="ours"),
    ],
)
def test_a_players_team_is_said_with_their_name(game, line, tricks):
    reading = read(line, table(game))
    assert reading.tricks == tricks
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_sides_tricks_said_after_each_players_meld_are_the_tricks():
    # "Bob and Dee 31 in tricks": the figure is marked as tricks, so the meld list before it
    # (Bob 29, Dee 10, Ann 30, Cy 8) ends there
    reading = read(
        "Bob sixty five spades, meld Bob 29 Dee 10 Ann 30 Cy 8, Bob and Dee 31 in tricks, made",
        table("double-deck"),
    )
    assert reading.tricks == 31
    assert {(m.holder, m.figure, m.side) for m in reading.melds} == {
        (1, 30, False),
        (2, 29, False),
        (3, 8, False),
        (4, 10, False),
    }
    assert (reading.missing, reading.ambiguous, reading.unknown_words) == ((), (), ())


@pytest.mark.parametrize(
    ("line", "tricks"),
    [
        # Bob and Dee are the other side when Ann bids: 250 - 100 = 150 (RULES 3.1)
        pytest.param("Ann 320 hearts, Bob and Dee took 100 in tricks", 150, id="theirs"),
        pytest.param("Ann 320 hearts, Ann took 170 in tricks", 170, id="ours"),
    ],
)
def test_took_then_in_tricks_is_one_figure_of_the_side_named(line, tricks):
    reading = read(line, PARTNERSHIP)
    assert reading.tricks == tricks
    assert reading.ambiguous == () and reading.unknown_words == ()
