"""Lines a table says that could be read wrong and must not be (issue 29: never a silent
guess): "they" beside a figure names no side, and a figure no bid can be is no bid."""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity, Meld

FOUR = ("Ann", "Bob", "Cy", "Dee")


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("partnership", "Cy 270 hearts made, they took 100"),
        ("brooklyn", "Bob 350 spades, they took 100"),
        ("double-deck", "Ann 60 spades made, they had 20 meld"),
    ],
    ids=["partnership-they-took", "brooklyn", "double-deck-meld"],
)
def test_they_beside_a_figure_is_asked_whose_it_is_among_the_players(game, line):
    # "they" after the bidder could be the bidders or the others: never taken as either
    at = table(game)
    reading = read(line, at)
    names = tuple(seat.name for seat in at.seats)
    assert Ambiguity("they", names) in reading.ambiguous
    assert reading.tricks is None and reading.takes == ()


def test_they_said_of_no_figure_is_a_filler_word():
    reading = read("Cy 270 hearts, they made it", table("partnership"))
    assert (reading.declarer, reading.bid, reading.outcome) == (3, 270, Outcome.MADE)
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("bison", "all three passed"),
        ("partnership", "they all passed"),
        ("six-handed", "All six passed."),
    ],
    ids=["bison-all-three", "partnership-they-all", "six-handed-all-six"],
)
def test_all_of_them_passing_is_everyone_passed(game, line):
    reading = read(line, table(game))
    assert reading.outcome is Outcome.ALL_PASS
    assert reading.bid is None and reading.unknown_words == ()


def test_a_figure_under_the_lowest_bid_is_not_read_as_the_bid():
    # Bison's lowest bid is 250 (RULES 4.1, `min_bid`): a bare 3 that could only be the bid
    # is no bid.
    reading = read("Hearts, 3", table("bison"))
    assert reading.bid is None
    assert "3" in reading.unknown_words


def test_one_opponents_tricks_do_not_give_the_declarer_the_rest_where_two_play_against():
    # Brooklyn deals three in (RULES 5.2): Ann is one of Bob's two opponents, so her 100 says
    # nothing of Bob's tricks (250 less Ann's and Cy's, RULES 3.1)
    reading = read("Bob 350 spades made, Ann took 100", table("brooklyn"))
    assert reading.tricks is None
    assert reading.unknown_words == ("ann took 100",)


@pytest.mark.parametrize("game", ["brooklyn", "bison", "two-handed"])
def test_two_players_who_are_no_team_said_together_with_a_figure_are_asked_whose_it_is(game):
    reading = read("Ann and Bob took 100", table(game))
    assert reading.ambiguous == (Ambiguity("ann and bob", ("Ann", "Bob")),)
    assert (reading.declarer, reading.tricks, reading.takes, reading.melds) == (None, None, (), ())


def test_a_figure_a_pause_parts_from_the_cue_after_it_is_not_that_cues():
    # "took 190, meld 120": 190 is the tricks (RULES 3.3) and 120 the meld, never swapped
    reading = read("Bob 350 spades, took 190, meld 120", table("brooklyn"))
    assert (reading.tricks, reading.melds) == (190, (Meld(None, 120),))


def test_a_players_figure_before_a_comma_is_not_the_take_said_after_it():
    # Two-handed enters each player's take (RULES 6.4): "Bob 20, took Ann 140" says Ann's take
    # only; "Ann 60 Bob 20" is a list of one field's, and Ann's 60 is no take (hers is said
    # after), so both are meld
    reading = read("hearts, Ann 60 Bob 20, took Ann 140", table("two-handed"))
    assert reading.takes == ((1, 140),)
    assert reading.melds == (Meld(1, 60), Meld(2, 20))
    # said alone, Bob's 20 could be his meld or his take: asked
    reading = read("hearts, Bob 20, took Ann 140", table("two-handed"))
    assert Ambiguity("20", ("Bob's meld", "Bob's tricks")) in reading.ambiguous


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("brooklyn", "Bob 350 spades, didn't make it"),
        ("brooklyn", "Bob 350 spades, not set"),
        ("brooklyn", "Bob 350 spades, almost made it"),
        ("brooklyn", "Bob 350 spades, could have made it"),
        ("brooklyn", "Bob at 300, not conceded"),
        ("hoyle", "Ann 300 clubs, opponents didn't concede"),
        ("hoyle", "Ann didn't forfeit at 300"),
        ("partnership", "not everyone passed"),
    ],
    ids=[
        "didnt-make-it",
        "not-set",
        "almost-made-it",
        "could-have-made-it",
        "not-conceded",
        "hoyle-opponents-didnt-concede",
        "hoyle-didnt-forfeit",
        "not-everyone-passed",
    ],
)
def test_an_outcome_said_after_a_word_that_may_undo_it_is_not_read(game, line):
    # The outcome is entered or worked out from the figures (RULES 5.3, 4.3): "didn't make it"
    # does not say which ending it was (set or conceded), and is never read as made
    reading = read(line, table(game))
    assert reading.outcome is None
    assert reading.unknown_words


@pytest.mark.parametrize(
    ("line", "unread"),
    [
        ("Bob 350, not spades", "spades"),
        ("Bob 350 or 360 spades made", "360"),
        ("Bob 300 spades or hearts made", "hearts"),
    ],
    ids=["not-spades", "bid-or-bid", "suit-or-suit"],
)
def test_a_suit_or_figure_said_after_not_or_or_fills_no_field(line, unread):
    # Trump and the bid are single fields (RULES 4.2, 5.3): "not spades" is no trump, and of
    # "350 or 360" neither is the bid
    reading = read(line, table("brooklyn"))
    assert (reading.trump if unread.isalpha() else reading.bid) is None
    assert unread in reading.unknown_words


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("brooklyn", "Bob 350 spades made, Dee took 100"),
        ("cutthroat", "spades, the rest took 100"),
        ("brooklyn", "Bob 350 spades, took 180 and last 10"),
        ("brooklyn", "Bob 350 spades, took 190, needed 230"),
        ("brooklyn", "Bob 350 spades, meld 120 short 30"),
    ],
    ids=[
        "brooklyn-dee-sits-out",
        "cutthroat-the-rest-took",
        "last-10",
        "needed-230",
        "short-30",
    ],
)
def test_a_figure_said_of_a_word_not_understood_fills_no_field(game, line):
    # Whose tricks and meld a figure is, is the hand's whole question (RULES 3.3, 6.4): a
    # figure said of someone the reader does not know ("we", a player sitting out, RULES 5.2)
    # or of a word it does not know ("needed", "short") is listed, never given to the
    # declarer nor taken as the one field left
    reading = read(line, table(game))
    figure = line.split()[-1]
    assert figure in reading.unknown_words
    assert int(figure) not in (reading.tricks, *(m.figure for m in reading.melds))
    assert int(figure) not in dict(reading.takes).values()


@pytest.mark.parametrize(
    "line",
    ["Bob 350 spades, took 190 meld 120", "Bob 350 spades, tricks 190 meld 120"],
    ids=["took-then-meld", "tricks-then-meld"],
)
def test_a_figure_between_two_cues_is_the_first_cues_when_the_second_has_its_own(line):
    # The declarer's meld and tricks are two fields (RULES 3.3, 5.3): "took 190 meld 120"
    # never swaps them
    reading = read(line, table("brooklyn"))
    assert (reading.tricks, reading.melds) == (190, (Meld(None, 120),))


def test_a_figure_straight_before_a_cue_is_its_rather_than_a_player_after_a_pause():
    # Each player's take (RULES 6.4): "Ann 60 meld 140 tricks" is Ann's 140; Bob's 20 after
    # the comma could be his meld or his take, and is asked
    reading = read("hearts, Ann 60 meld 140 tricks, Bob 20", table("two-handed"))
    assert reading.takes == ((1, 140),)
    assert Ambiguity("20", ("Bob's meld", "Bob's tricks")) in reading.ambiguous


@pytest.mark.parametrize(
    ("game", "line", "word", "players"),
    [
        ("eight-two-packs", "diamonds, Bob Dee 40 meld", "bob dee", ("Bob", "Dee")),
        ("cutthroat", "spades, Ann Bob took 100", "ann bob", ("Ann", "Bob")),
    ],
    ids=["eight-two-packs-meld", "cutthroat-take"],
)
def test_two_players_said_side_by_side_with_a_figure_are_asked_whose_it_is(
    game, line, word, players
):
    # Meld and takes are each player's or each team's (RULES 2.5, 6.4): "Bob Dee 40" is
    # neither Dee's 40 nor Bob's
    reading = read(line, table(game))
    assert Ambiguity(word, players) in reading.ambiguous
    assert (reading.melds, reading.takes) == ((), ())


def test_a_figure_had_by_nobody_named_is_meld_asked_whose_never_tricks():
    # What a player has is meld (RULES 2.5: every player melds in partnership); said of
    # nobody it is asked whose, never the bidders' tricks (RULES 3.3)
    reading = read("Ann 300 spades made, had 40", table("partnership"))
    assert reading.tricks is None
    assert Ambiguity("had 40", tuple(f"{n}'s meld" for n in FOUR)) in reading.ambiguous


@pytest.mark.parametrize(
    ("game", "line", "word"),
    [
        ("brooklyn", "Bob 350 spades, Ann dealt, she took 190", "she"),
        ("bison", "Ann 300 hearts made, Bob had 40, he took 10", "he"),
        ("partnership", "Ann 300 spades made, Bob 40, he had 40", "he"),
    ],
    ids=["brooklyn-she-after-the-dealer", "bison-he-took", "partnership-he-had"],
)
def test_he_or_she_beside_a_figure_where_the_line_names_two_is_asked_who(game, line, word):
    # Whose tricks or meld a figure is decides the hand (RULES 3.3, 3.4, 2.5), and the reader
    # knows no one's sex: "she" after Bob and Ann is either, never the declarer taken for it
    reading = read(line, table(game))
    named = tuple(n for n in FOUR if n in line)
    assert Ambiguity(word, named) in reading.ambiguous
    assert reading.tricks is None and reading.takes == ()


def test_he_or_she_beside_a_figure_is_the_one_player_the_line_names():
    reading = read("Ann 300 spades made, she had 40", table("partnership"))
    assert reading.melds == (Meld(1, 40),) and reading.ambiguous == ()


@pytest.mark.parametrize(
    ("game", "line", "takes"),
    [
        ("two-handed", "Ann 60 Bob 20 took Ann 140 Bob 110", {1: 140, 2: 110}),
        (
            "cutthroat",
            "meld Ann 40 Bob 20 Cy 0 Dee 30 took Ann 90 Bob 60 Cy 50 Dee 50",
            {1: 90, 2: 60, 3: 50, 4: 50},
        ),
        (
            "bison",
            "Ann 300 hearts made, meld Ann 60 Bob 20 Cy 0 counters Ann 14 Bob 6 Cy 4",
            {1: 14, 2: 6, 3: 4},
        ),
    ],
    ids=["two-handed", "cutthroat", "bison-counters"],
)
def test_a_cue_with_a_list_after_it_takes_no_figure_before_it(game, line, takes):
    # Each player's take (RULES 3.4, 6.4): in "Bob 20 took Ann 140 Bob 110" the list after
    # "took" is the takes; Bob's 20 is never his take
    assert dict(read(line, table(game)).takes) == takes


@pytest.mark.parametrize(
    ("game", "line", "takes", "melds"),
    [
        (
            "two-handed",
            "meld Ann 60 Bob 20, took Ann 140 Bob 110, no wait, Ann 130",
            ((1, 130), (2, 110)),
            (Meld(1, 60), Meld(2, 20)),
        ),
        (
            "cutthroat",
            "meld Ann 40 Bob 20 Cy 0 Dee 30, no wait, Cy 10",
            (),
            (Meld(1, 40), Meld(2, 20), Meld(3, 10), Meld(4, 30)),
        ),
    ],
    ids=["two-handed-take", "cutthroat-meld"],
)
def test_a_player_and_figure_said_after_a_correction_replace_that_players_figure(
    game, line, takes, melds
):
    # "no wait, Ann 130" mends Ann's figure (RULES 6.4 each player's take): the figure it
    # replaces is dropped with her name, never left to be read as another field
    reading = read(line, table(game))
    assert (reading.takes, reading.melds) == (takes, melds)
    assert reading.ambiguous == ()


def test_a_player_and_figure_after_a_correction_take_the_place_of_those_said_before():
    # "Bob 350 spades, no wait, Cy 360": Cy's 360 is said where Bob's 350 was, before spades:
    # the bid (RULES 4.2) is Cy's 360, never Bob's 350 kept for Cy
    reading = read("Bob 350 spades, no wait, Cy 360", table("brooklyn"))
    assert (reading.declarer, reading.bid, reading.trump) == (3, 360, Suit.SPADES)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_under_summed_bids_a_player_left_with_a_figure_is_not_made_the_declarer():
    # Under summed bids the declarer is the highest bidder (RULES 6.6): Bob's 250 may be his
    # own bid, so Bob is never taken as the declarer for it
    reading = read("Cy bid 300 hearts made, Bob 250", table("partnership", summed_bids=True))
    assert reading.declarer != 2
    assert reading.bids == ((3, 300),)
    assert Ambiguity("250", ("Bob's bid", "Bob's meld", "tricks")) in reading.ambiguous


def test_partners_said_side_by_side_are_their_team_and_a_bare_figure_of_it_is_asked():
    # A team's figure may be its meld or its tricks (RULES 6.4, two packs): "Ann Cy Eve 60"
    # said without "and" is read as with it, asked, never 60 in tricks
    reading = read("spades, Ann Cy Eve 60", table("six-two-packs"))
    assert reading.tricks is None
    assert Ambiguity("60", ("Ann & Cy & Eve's meld", "tricks")) in reading.ambiguous


@pytest.mark.parametrize(
    ("game", "line", "figure"),
    [
        ("partnership", "Cy 270 hearts made, 150", "150"),
        ("double-deck", "Ann 55 spades made, 30", "30"),
        ("six-handed", "Eve 55 spades made, 36", "36"),
    ],
    ids=["partnership", "double-deck", "six-handed"],
)
def test_a_bare_figure_where_everyone_melds_is_asked_meld_or_tricks(game, line, figure):
    # Every player melds in the team games (RULES 2.5) and a side's meld may be one figure: a
    # figure said of nobody may be meld as well as the bidders' tricks (RULES 3.3), as in
    # Brooklyn, where "Bob 350 spades made, 120" is asked
    reading = read(line, table(game))
    assert reading.tricks is None and reading.melds == ()
    assert Ambiguity(figure, ("meld", "tricks")) in reading.ambiguous


@pytest.mark.parametrize(
    ("game", "line", "bid"),
    [
        ("partnership", "Cy 270 hearts, everyone passed", 270),
        ("bison", "Ann 300 hearts, all passed", 300),
    ],
    ids=["partnership", "bison"],
)
def test_everyone_passing_said_with_a_bid_is_asked(game, line, bid):
    # Under `throw-in` everyone passing is a hand nobody played (RULES 4.3); said with a bid it
    # may mean everyone else passed that bid: asked, never the bid silently dropped
    reading = read(line, table(game))
    assert reading.outcome is None and reading.bid is None
    assert Ambiguity(f"all passed / {bid}", ("all passed", f"bid {bid}")) in reading.ambiguous


def test_the_takeovers_250_after_an_opening_with_no_takeover_word_asks_who_played_it():
    # RULES 4.3: a takeover is played by the dealer at 250, not by the opener
    line = "Bob opened the three hundred, rest of us passed, so he dumped it right back on "
    line += "Annie at two fifty. Clubs. Poor thing got set."
    reading = read(line, table("brooklyn"))
    assert reading.declarer is None and reading.bid is None
    assert any(set(a.could_be) == {"Ann", "Bob", "Cy"} for a in reading.ambiguous)


def test_the_declarers_melds_asked_in_part_are_asked_whole():
    # a run in hearts (150) asked beside a word not understood: the pinochle (40) said after
    # it is not the declarer's whole meld
    line = "Bob three fifty hearts he had a run in hearts and a peanut shell I mean pinochle"
    reading = read(line, table("brooklyn-pot"))
    assert reading.melds == () and reading.ambiguous


def test_a_legal_bid_under_the_bid_read_beside_a_player_is_asked_outbid_or_meld():
    # Brooklyn's ladder (RULES 4.1): 300 is a bid Bob's 370 outbid, or Bob's meld
    line = "Bob three hundred, Cy three thirty, Ann never bid, Bob three fifty, Cy three sixty, "
    line += "Bob three seventy, Cy pass. Bob in cubs, made."
    reading = read(line, table("brooklyn"))
    assert reading.bid == 370 and reading.melds == ()
    assert any(a.could_be == ("a bid that was outbid", "Bob's meld") for a in reading.ambiguous)
