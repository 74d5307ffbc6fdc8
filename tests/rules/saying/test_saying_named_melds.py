"""Melds named in a line (issue 29): "Cy has the dix", "Ann a run and 80 kings", "double
pinochle", read as the player's (or side's, or in the chip games the declarer's) meld figure,
worth what the game's own meld table makes them, written as the table writes figures. Every
figure below is worked out from RULES section 2, cited beside it.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.saying import Ambiguity, Meld


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.1: kings around 80, a pinochle 40, the dix 10, a marriage 20
        pytest.param("two-handed", "Clubs, Ann kings around, Bob a pinochle",
                     (Meld(1, 80), Meld(2, 40)), id="two-players-two-melds"),
        pytest.param("cutthroat", "Spades. Ann had a pinochle, Cy a marriage.",
                     (Meld(1, 40), Meld(3, 20)), id="had-a-pinochle-a-marriage"),
        # RULES 2.1: a run 150 and "80 kings" (kings around) 80: 230
        pytest.param("bison", "Bob 300 hearts made, Ann has a run and 80 kings",
                     (Meld(1, 230),), id="a-list-of-melds-one-figure"),
        # RULES 2.3: a run beside a second K and Q of trump, the royal marriage: 150 + 40
        pytest.param("bison", "Bob 300 hearts made, Ann has a run and a royal marriage",
                     (Meld(1, 190),), id="run-and-royal-marriage"),
        # RULES 2.2: with the double bonus (Bison) a double pinochle is 300
        pytest.param("bison", "Bob 300 hearts made, Ann has double pinochle",
                     (Meld(1, 300),), id="double-pinochle-with-the-bonus"),
        # RULES 2.2: without it (Brooklyn) twice a pinochle, 80; only the declarer's meld
        pytest.param("brooklyn", "Ann 300 hearts made, double pinochle",
                     (Meld(None, 80),), id="double-pinochle-without-the-bonus"),
        # RULES 2.4: a roundhouse by itself is its parts, 240
        pytest.param("brooklyn", "Bob 300 hearts made, roundhouse", (Meld(None, 240),),
                     id="roundhouse"),
        # RULES 2.7 and 2.9: a double deck's run is 150, written 15 at scale 10
        pytest.param("double-deck", "Bob fifty hearts, Bob has a run", (Meld(2, 15),),
                     id="scaled-run"),
        pytest.param("double-deck", "Bob fifty hearts, Ann and Cy have a run",
                     (Meld(1, 15, side=True),), id="a-sides-named-meld"),
        # RULES 2.11: two packs with nines hold the dix, 10
        pytest.param("six-two-packs", "hearts, Cy has a dix", (Meld(3, 10),), id="nines-dix"),
        # trump not said: a run is 150 whatever the trump
        pytest.param("bison", "Bob bid 300, made, Ann has a run", (Meld(1, 150),),
                     id="trump-not-said"),
        # a list of meld carries on after named melds, as after a meld word
        pytest.param("cutthroat", "Clubs. Bob melded a run, 150. Cy 40.",
                     (Meld(2, 150), Meld(3, 40)), id="carried-on"),
    ],
)  # fmt: skip
def test_named_melds_are_the_figure_the_games_meld_table_gives(game, line, meld):
    reading = read(line, table(game))
    assert reading.melds == meld
    assert reading.ambiguous == () and reading.unknown_words == ()


@pytest.mark.parametrize(
    ("game", "line", "meld"),
    [
        # RULES 2.11: the dix is 10 in two packs with nines: "10" is the dix said again
        pytest.param("eight-two-packs", "Spades. Cy has the dix, 10, Fay 40",
                     (Meld(3, 10), Meld(6, 40)), id="the-dix-10"),
        # RULES 2.1: a run 150 and a pinochle 40 are 190, the declarer's meld (RULES 2.5)
        pytest.param("brooklyn-pot",
                     "Bob, two ninety, hearts. Made it with a run and a pinochle, that's 190.",
                     (Meld(None, 190),), id="a-run-and-a-pinochle-thats-190"),
    ],
)  # fmt: skip
def test_a_figure_equal_to_the_named_melds_is_the_same_meld_not_added_twice(game, line, meld):
    reading = read(line, table(game))
    assert reading.melds == meld
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_figure_that_differs_from_the_named_melds_is_asked_about():
    # RULES 2.11: the dix is 10, not 20: which is meant is asked, neither entered
    reading = read("Spades. Cy has the dix, 20, Fay 40", table("eight-two-packs"))
    assert reading.melds == (Meld(6, 40),)
    assert reading.ambiguous == (Ambiguity("cy has dix / 20", ("10", "20")),)


def test_marriages_whose_suits_change_the_figure_are_asked_about():
    # RULES 2.10 and 8 (32): with a double marriage worth 80, two marriages said without
    # their suits are 40 (two suits) or 80 (one suit's double): asked
    at = table("bison", double_marriage_value=80)
    reading = read("hearts, Ann a marriage and a marriage", at)
    assert reading.melds == ()
    assert reading.ambiguous == (Ambiguity("ann marriage marriage", ("40", "80")),)


def test_marriages_whose_suits_do_not_change_the_figure_are_read():
    # RULES 2.1: two marriages are 40 in one suit or two where no double marriage bonus is
    assert read("hearts, Ann a marriage and a marriage", table("bison")).melds == (Meld(1, 40),)


@pytest.mark.parametrize(
    ("game", "line"),
    [
        # RULES 2.6: a double deck has no nine: no dix in it
        pytest.param("double-deck", "Bob fifty hearts, Ann has a dix", id="no-dix-double-deck"),
        # RULES 2.6: a single deck holds two copies of each card: no third run
        pytest.param("bison", "Bob 300 hearts, Ann has a triple run", id="more-than-the-deck"),
    ],
)
def test_a_named_meld_no_hand_of_the_game_shows_is_not_understood(game, line):
    reading = read(line, table(game))
    assert reading.melds == ()
    assert reading.unknown_words != ()
