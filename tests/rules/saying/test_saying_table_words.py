"""Words a table says around a hand that fill nothing, and the hand read through them (issue
29): a hand nobody played is its outcome alone (RULES 4.3, 4.4), so what is said of it is left;
"everyone passed, threw it in" where the house rules throw that hand in; "spades turned"; "on
clubs"; "take 30"; "took all 50"; who takes the pot. What may undo a line is still asked.
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Meld, Reading


@pytest.mark.parametrize(
    ("game", "line", "outcome"),
    [
        pytest.param("brooklyn-pot", "Misdealt, Ann deals again", Outcome.MISDEAL, id="again"),
        pytest.param("hoyle", "misdeal, the cards were bunched", Outcome.MISDEAL, id="bunched"),
        pytest.param("cutthroat", "misdeal, Dee had five nines", Outcome.MISDEAL, id="five-nines"),
        pytest.param("double-deck", "Ann misdealt, same dealer again", Outcome.MISDEAL,
                     id="same-dealer"),
        pytest.param("bison", "Everyone passed, throw them in", Outcome.ALL_PASS, id="throw-them"),
        pytest.param("eight-handed", "Everybody passed, throw 'em in", Outcome.ALL_PASS,
                     id="throw-em"),
    ],
)  # fmt: skip
def test_words_said_of_a_hand_nobody_played_fill_nothing_and_are_left(game, line, outcome):
    assert read(line, table(game)) == Reading(outcome=outcome)


@pytest.mark.parametrize(
    ("game", "line"),
    [
        pytest.param("hoyle", "misdeal? no, not really", id="no-not"),
        pytest.param("bison", "almost everyone passed", id="almost"),
        pytest.param("cutthroat", "I think it was a misdeal", id="think"),
    ],
)
def test_words_that_may_undo_a_hand_nobody_played_are_still_asked_about(game, line):
    assert read(line, table(game)).unknown_words != ()


@pytest.mark.parametrize("game", ["double-deck", "bison", "partnership"])
def test_everyone_passed_and_thrown_in_is_the_hand_thrown_in_where_the_rules_throw_it_in(game):
    # RULES 4.3: under ``throw-in`` a hand everyone passed is thrown in: nobody conceded
    reading = read("everyone passed, threw it in", table(game))
    assert reading == Reading(outcome=Outcome.ALL_PASS)


@pytest.mark.parametrize(
    ("game", "line", "expected"),
    [
        pytest.param("cutthroat", "Spades turned. Meld Ann 60, Bob 150, Cy 40, Dee 20. "
                     "Tricks Ann 80, Bob 100, Cy 70, Dee 0.",
                     Reading(trump=Suit.SPADES,
                             melds=(Meld(1, 60), Meld(2, 150), Meld(3, 40), Meld(4, 20)),
                             takes=((1, 80), (2, 100), (3, 70), (4, 0))),
                     id="spades-turned"),
        pytest.param("eight-handed", "Fay bid sixty five on clubs, Fay's side took 30, made it",
                     Reading(declarer=6, bid=65, trump=Suit.CLUBS, outcome=Outcome.MADE,
                             tricks=30, missing=("melds",)),
                     id="on-clubs"),
        pytest.param("six-handed", "Bob 60 clubs; Bob, Dee and Fay meld 42 and take 30, made",
                     Reading(declarer=2, bid=60, trump=Suit.CLUBS, outcome=Outcome.MADE,
                             tricks=30, melds=(Meld(2, 42, side=True),), missing=("melds",)),
                     id="take-30"),
        pytest.param("six-two-packs", "Clubs. Ann, Cy and Eve took all 490.",
                     Reading(trump=Suit.CLUBS, tricks=490, missing=("melds",)),
                     id="took-all"),
        pytest.param("brooklyn-pot", "Cy 450 in spades, made it, takes the pot",
                     Reading(declarer=3, bid=450, trump=Suit.SPADES, outcome=Outcome.MADE),
                     id="takes-the-pot"),
        pytest.param("brooklyn-pot", "Bob's bid, four hundred, spades, made it. Pot goes to Bob.",
                     Reading(declarer=2, bid=400, trump=Suit.SPADES, outcome=Outcome.MADE),
                     id="pot-goes-to"),
    ],
)  # fmt: skip
def test_a_hand_is_read_through_the_words_around_it(game, line, expected):
    assert read(line, table(game)) == expected
