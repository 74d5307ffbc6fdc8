"""Whole lines as tables say them (issue 29), every field worked out by hand from the line:
lists of names and figures after a cue ("took Ann 90 Bob 60"), a cue carried on over a list
("Ann 8 counters, Bob 10, Cy 2"), each player's meld then take ("Cy 0 took 50"), and at least
two complete hands in every registered game, each read with nothing missing, unsure or unread.
What a line does not settle is still asked.
"""

from __future__ import annotations

from collections import Counter

import pytest
from sayingtables import read, table

from scorekeeper.rules.game.variant import GAMES
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity, Meld, Reading

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def each(*figures: int) -> tuple[Meld, ...]:
    """Each player's meld, seat by seat (Ann first)."""
    return tuple(Meld(pid, figure) for pid, figure in enumerate(figures, start=1))


def sides(*figures: int) -> tuple[Meld, ...]:
    """Each team's meld, under its first seat's player (Ann's team first)."""
    return tuple(Meld(pid, figure, side=True) for pid, figure in enumerate(figures, start=1))


def takes(*figures: int) -> tuple[tuple[int, int], ...]:
    """Each player's take, seat by seat (Ann first)."""
    return tuple(enumerate(figures, start=1))


# -- lines found at the table, read wrong or not at all before ---------------------------------

FOUND = [
    pytest.param(
        "cutthroat",
        "spades; meld Ann 40 Bob 20 Cy 0 Dee 30; took Ann 90 Bob 60 Cy 50 Dee 50; last trick Ann",
        # 90+60+50+50 = 250: the last trick is already in Ann's 90 (RULES 6.4)
        Reading(trump=S, melds=each(40, 20, 0, 30), takes=takes(90, 60, 50, 50)),
        id="cutthroat-took-then-a-list",
    ),
    pytest.param(
        "two-handed",
        "hearts, meld Ann 60 Bob 20, took Ann 140 Bob 110, last trick Bob",
        # 140+110 = 250: the last trick is already in Bob's 110
        Reading(trump=H, melds=each(60, 20), takes=takes(140, 110)),
        id="two-handed-took-then-a-list",
    ),
    pytest.param(
        "cutthroat",
        "Ann meld 40 took 90, Bob meld 20 took 60, Cy 0 took 50, Dee 30 took 50",
        # each take holds the last trick, so who took it is not asked: only trump is
        Reading(melds=each(40, 20, 0, 30), takes=takes(90, 60, 50, 50), missing=("trump",)),
        id="cutthroat-name-meld-took",
    ),
    pytest.param(
        "bison",
        "Bob 300 spades, Ann 8 counters, Bob 10, Cy 2, last trick Bob",
        # meld is not said: the outcome, worked out from the figures, cannot be yet
        Reading(
            declarer=2,
            bid=300,
            trump=S,
            last_trick=2,
            takes=takes(8, 10, 2),
            missing=("outcome", "melds"),
        ),
        id="bison-counters-carried-over-the-list",
    ),
    pytest.param(
        "bison",
        "Bob bid 300 in spades, Bob melded 60, Ann 20, Cy nothing",
        Reading(
            declarer=2,
            bid=300,
            trump=S,
            melds=each(20, 60, 0),
            missing=("outcome", "takes", "last_trick"),
        ),
        id="bison-melded-carried-nothing-is-0",
    ),
    pytest.param(
        "bison",
        "Bob bid 300 in spades, Bob melded 60, Ann zero, Cy none",
        Reading(
            declarer=2,
            bid=300,
            trump=S,
            melds=each(0, 60, 0),
            missing=("outcome", "takes", "last_trick"),
        ),
        id="bison-zero-and-none-are-0",
    ),
    pytest.param(
        "partnership",
        "Ann bid 300 spades made, Bob 40",
        # the bid is Ann's: Bob's figure is his (his side's tricks are not entered)
        Reading(
            declarer=1,
            bid=300,
            trump=S,
            outcome=Outcome.MADE,
            melds=(Meld(2, 40),),
            missing=("tricks", "melds"),
        ),
        id="partnership-a-name-with-its-figure-is-not-the-declarer",
    ),
    pytest.param(
        "bison",
        "Ann 60 meld, Bob 300, spades, made",
        # a figure before a suit is the bid: the meld cue does not carry on to it
        Reading(
            declarer=2,
            bid=300,
            trump=S,
            outcome=Outcome.MADE,
            melds=(Meld(1, 60),),
            missing=("takes", "last_trick", "melds"),
        ),
        id="bison-a-carried-cue-stops-at-the-bid",
    ),
    pytest.param(
        "partnership",
        "Ann bid 300 spades made, Cy took 150, Bob 100",
        # Bob's side's 100, carried on from "took", leaves Ann's side 250 - 100 = 150 (RULES
        # 3.1): the same as Cy's 150, so nothing is asked
        Reading(
            declarer=1,
            bid=300,
            trump=S,
            outcome=Outcome.MADE,
            tricks=150,
            missing=("melds",),
        ),
        id="partnership-the-other-sides-tricks-carried",
    ),
]

TOOK_AFTER_A_FIGURE = ["Ann 90 in tricks", "Ann 90 took", "Ann 90 took in", "Ann took in 90"]


@pytest.mark.parametrize(("game", "line", "expected"), FOUND)
def test_a_line_found_at_the_table_reads(game, line, expected):
    assert read(line, table(game)) == expected


@pytest.mark.parametrize("said", TOOK_AFTER_A_FIGURE, ids=TOOK_AFTER_A_FIGURE)
def test_took_or_in_tricks_beside_a_figure_is_the_players_take(said):
    # without a bid the takes hold the last trick: the others' takes and meld are asked, not it
    expected = Reading(trump=S, takes=((1, 90),), missing=("takes", "melds"))
    assert read(f"spades, {said}", table("cutthroat")) == expected


def test_took_in_before_a_figure_is_never_a_bid():
    reading = read("Bob 300 spades, Ann took in 12", table("bison"))
    assert (reading.declarer, reading.bid, reading.takes) == (2, 300, ((1, 12),))


# -- what a line does not settle is still asked ------------------------------------------------

STILL_ASKED = [
    pytest.param(
        "cutthroat",
        "spades, Cy 0, took 50",
        # a pause before "took": whose 50 it is, and whether Cy's 0 is meld or tricks
        (
            Ambiguity("took 50", ("Ann's tricks", "Bob's tricks", "Cy's tricks", "Dee's tricks")),
            Ambiguity("0", ("Cy's meld", "Cy's tricks")),
        ),
        id="cutthroat-a-pause-before-took",
    ),
    pytest.param(
        "bison",
        "Ann 60 meld, Bob 350, made",
        # the bid is not said: 350 may be it, so the meld cue does not carry on to it
        (Ambiguity("350", ("bid", "Bob's meld", "Bob's tricks")),),
        id="bison-a-figure-that-may-be-the-bid",
    ),
    pytest.param(
        "partnership",
        "Ann bid 300 spades made, Cy 60",
        # Cy is on the bidding side: his meld, or the side's tricks
        (Ambiguity("60", ("Cy's meld", "tricks")),),
        id="partnership-the-declarers-partners-figure",
    ),
]


@pytest.mark.parametrize(("game", "line", "asked"), STILL_ASKED)
def test_a_line_that_does_not_settle_a_figure_still_asks(game, line, asked):
    reading = read(line, table(game))
    assert reading.ambiguous == asked
    assert reading.unknown_words == ()


# -- whole hands in every game, read completely ------------------------------------------------

WHOLE = [
    pytest.param("brooklyn", "Bob, three fifty in spades, made it",
                 Reading(declarer=2, bid=350, trump=S, outcome=Outcome.MADE),
                 id="brooklyn-as-the-issue-says-it"),
    pytest.param("brooklyn", "Cy 300 hearts, meld 120, took 190",
                 # the declarer's meld and tricks stand for the outcome in a chip game
                 Reading(declarer=3, bid=300, trump=H, tricks=190, melds=(Meld(None, 120),)),
                 id="brooklyn-figures-for-the-outcome"),
    pytest.param("brooklyn-pot", "Ann 250 diamonds made",
                 Reading(declarer=1, bid=250, trump=D, outcome=Outcome.MADE),
                 id="brooklyn-pot-made"),
    pytest.param("brooklyn-pot", "Bob at 300, threw it in",
                 Reading(declarer=2, bid=300, outcome=Outcome.CONCEDED),
                 id="brooklyn-pot-conceded-names-no-trump"),
    pytest.param("hoyle", "Ann forfeits at 300",
                 Reading(declarer=1, bid=300, outcome=Outcome.FORFEIT),
                 id="hoyle-forfeit"),
    pytest.param("hoyle", "Ann 350 clubs, opponents conceded",
                 Reading(declarer=1, bid=350, trump=C, outcome=Outcome.OPPONENTS_CONCEDED),
                 id="hoyle-opponents-conceded"),
    pytest.param("hoyle", "Cy bid 320 in hearts, meld 60, 240 in tricks",
                 Reading(declarer=3, bid=320, trump=H, tricks=240, melds=(Meld(None, 60),)),
                 id="hoyle-figures-for-the-outcome"),
    pytest.param("bison",
                 "Bob bid 300 in spades, Bob melded 60, Ann 20, Cy nothing, "
                 "Bob 12 counters, Ann 8, Cy 5, last trick Bob, made it",
                 Reading(declarer=2, bid=300, trump=S, outcome=Outcome.MADE, last_trick=2,
                         melds=each(20, 60, 0), takes=takes(8, 12, 5)),
                 id="bison-cues-carried-over-lists"),
    pytest.param("bison", "Cy at 250, threw it in, meld Ann 40 Bob 30 Cy 20",
                 # a concession is entered without trump, and with meld (RULES 6.1)
                 Reading(declarer=3, bid=250, outcome=Outcome.CONCEDED,
                         melds=each(40, 30, 20)),
                 id="bison-conceded-with-meld"),
    pytest.param("bison",
                 "Ann 300 hearts made, meld Ann 60 Bob 20 Cy 0, counters Ann 14 Bob 6 Cy 5, "
                 "last trick Ann",
                 Reading(declarer=1, bid=300, trump=H, outcome=Outcome.MADE, last_trick=1,
                         melds=each(60, 20, 0), takes=takes(14, 6, 5)),
                 id="bison-lists-after-cues"),
    pytest.param("partnership",
                 "Dee bid 260 in hearts, set, meld Ann 20 Bob 40 Cy 10 Dee 30, took 110",
                 Reading(declarer=4, bid=260, trump=H, outcome=Outcome.SET, tricks=110,
                         melds=each(20, 40, 10, 30)),
                 id="partnership-each-players-meld"),
    pytest.param("partnership",
                 "Ann and Cy 120 meld, Bob and Dee 60 meld, Cy 300 clubs, Cy took 180, made it",
                 Reading(declarer=3, bid=300, trump=C, outcome=Outcome.MADE, tricks=180,
                         melds=sides(120, 60)),
                 id="partnership-each-sides-meld"),
    pytest.param("double-deck",
                 "Bob fifty five hearts, made, meld Bob & Dee 32, Ann & Cy 14, tricks 30",
                 # scale 10: a bid of 550 is said and entered as 55
                 Reading(declarer=2, bid=55, trump=H, outcome=Outcome.MADE, tricks=30,
                         melds=sides(14, 32)),
                 id="double-deck-in-tens"),
    pytest.param("double-deck",
                 "Ann at 60 in diamonds, went set, Ann & Cy 20 meld, Bob & Dee 25 meld, "
                 "Ann & Cy took 26",
                 Reading(declarer=1, bid=60, trump=D, outcome=Outcome.SET, tricks=26,
                         melds=sides(20, 25)),
                 id="double-deck-set"),
    pytest.param("six-handed",
                 "Eve 55 spades made, Ann Cy and Eve 40 meld, Bob Dee and Fay 15 meld, tricks 36",
                 Reading(declarer=5, bid=55, trump=S, outcome=Outcome.MADE, tricks=36,
                         melds=sides(40, 15)),
                 id="six-handed-made"),
    pytest.param("six-handed",
                 "Fay bid 60 in clubs, got set, Bob Dee and Fay 30 meld, "
                 "Ann Cy and Eve 22 meld, Fay took 29",
                 Reading(declarer=6, bid=60, trump=C, outcome=Outcome.SET, tricks=29,
                         melds=sides(22, 30)),
                 id="six-handed-set"),
    pytest.param("eight-handed",
                 "Gus 60 hearts made, meld Ann Cy Eve and Gus 45, Bob Dee Fay and Hal 20, "
                 "tricks 40",
                 Reading(declarer=7, bid=60, trump=H, outcome=Outcome.MADE, tricks=40,
                         melds=sides(45, 20)),
                 id="eight-handed-sides"),
    pytest.param("eight-handed",
                 "Hal bid 55 in diamonds, made it, "
                 "meld Ann 10 Bob 5 Cy 0 Dee 8 Eve 12 Fay 3 Gus 20 Hal 0, Dee took 30",
                 Reading(declarer=8, bid=55, trump=D, outcome=Outcome.MADE, tricks=30,
                         melds=each(10, 5, 0, 8, 12, 3, 20, 0)),
                 id="eight-handed-each"),
    pytest.param("two-handed", "hearts, meld Ann 60 Bob 20, took Ann 140 Bob 110, last trick Bob",
                 # 140+110 = 250: the last trick is already in Bob's 110 (RULES 6.4)
                 Reading(trump=H, melds=each(60, 20), takes=takes(140, 110)),
                 id="two-handed-lists"),
    pytest.param("two-handed", "clubs, Ann 60 took 140, Bob 20 took 110, last trick Ann",
                 # 140+110 = 250: the last trick is already in Ann's 140
                 Reading(trump=C, melds=each(60, 20), takes=takes(140, 110)),
                 id="two-handed-meld-then-took"),
    pytest.param("cutthroat",
                 "spades; meld Ann 40 Bob 20 Cy 0 Dee 30; took Ann 90 Bob 60 Cy 50 Dee 50; "
                 "last trick Ann",
                 # 90+60+50+50 = 250: the last trick is already in Ann's 90
                 Reading(trump=S, melds=each(40, 20, 0, 30), takes=takes(90, 60, 50, 50)),
                 id="cutthroat-lists"),
    pytest.param("cutthroat",
                 "diamonds, Ann meld 40 took 90, Bob meld 20 took 60, Cy 0 took 50, "
                 "Dee 30 took 50, Dee took the last trick",
                 # 90+60+50+50 = 250: the last trick is already in Dee's 50
                 Reading(trump=D, melds=each(40, 20, 0, 30), takes=takes(90, 60, 50, 50)),
                 id="cutthroat-player-by-player"),
    pytest.param("six-two-packs",
                 "spades, meld Ann Cy and Eve 60, Bob Dee and Fay 40, Ann Cy and Eve took 150",
                 # no bid: the figure is the first seat's team's tricks
                 Reading(trump=S, tricks=150, melds=sides(60, 40)),
                 id="six-two-packs-sides"),
    pytest.param("six-two-packs", "hearts, Ann 10 meld, Bob 20, Cy 0, Dee 15, Eve 30, Fay 5, "
                 "Ann's team took 120",
                 Reading(trump=H, tricks=120, melds=each(10, 20, 0, 15, 30, 5)),
                 id="six-two-packs-meld-carried"),
    pytest.param("eight-two-packs",
                 "diamonds, meld Ann Cy Eve and Gus 80, Bob Dee Fay and Hal 50, "
                 "Ann Cy Eve and Gus took 140",
                 Reading(trump=D, tricks=140, melds=sides(80, 50)),
                 id="eight-two-packs-sides"),
    pytest.param("eight-two-packs",
                 "clubs, Ann Cy Eve and Gus 30 meld, Bob Dee Fay and Hal nothing meld, "
                 "Cy took 90",
                 Reading(trump=C, tricks=90, melds=sides(30, 0)),
                 id="eight-two-packs-a-partner-took"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "line", "expected"), WHOLE)
def test_a_whole_hand_is_read_completely(game, line, expected):
    reading = read(line, table(game))
    assert reading.missing == () and reading.ambiguous == () and reading.unknown_words == ()
    assert reading == expected


def test_every_registered_game_has_whole_lines():
    said = Counter(param.values[0] for param in WHOLE)
    assert {game: said[game] for game in GAMES if said[game] < 2} == {}
    assert set(said) <= set(GAMES)
