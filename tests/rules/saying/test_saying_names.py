"""Players said by name (issue 29): whole, by a start that names nobody else, by a short name
the table set, in any case, accents as typed or left off, names of several words, with
apostrophes, and names that are also words a table says ("Bid", "Made", "Seven").
"""

from __future__ import annotations

import pytest
from sayingtables import read, table

from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.saying import Ambiguity


@pytest.mark.parametrize(
    ("names", "said", "declarer"),
    [
        pytest.param(("Ann", "Bob", "Cy"), "bob", 2, id="any-case"),
        pytest.param(("Ann", "Bob", "Cy"), "BOB", 2, id="upper-case"),
        pytest.param(("Alice", "Bob", "Cy"), "Al", 1, id="a-start-naming-one-player"),
        pytest.param(("Zoë", "Bob", "Cy"), "Zoë", 1, id="accent-as-typed"),
        pytest.param(("Zoë", "Bob", "Cy"), "Zoe", 1, id="accent-left-off"),
        pytest.param(("Zoe", "Bob", "Cy"), "Zoë", 1, id="accent-added"),
        pytest.param(("Élodie", "Bob", "Cy"), "ÉLODIE", 1, id="accented-capital"),
        pytest.param(("Mary Ann", "Bob", "Cy"), "Mary Ann", 1, id="a-name-with-a-space"),
        pytest.param(("Mary Ann", "Bob", "Cy"), "Mary", 1, id="the-first-word-of-a-name"),
        pytest.param(("O'Neil", "Bob", "Cy"), "O’Neil", 1, id="a-curly-apostrophe"),
        pytest.param(("Ann", "Bob", "Cy"), "Bob's", 2, id="a-possessive"),
        pytest.param(("Jo-Ann", "Bob", "Cy"), "jo-ann", 1, id="a-hyphenated-name"),
        pytest.param(("Ann & Bob", "Bob", "Cy"), "Ann & Bob", 1, id="a-name-holding-an-ampersand"),
        pytest.param(("Ann", "Al", "Alice"), "Al", 2, id="a-whole-name-before-a-start"),
    ],
)
def test_a_player_is_named_as_the_table_says_them(names, said, declarer):
    reading = read(f"{said} 350 spades made", table("brooklyn", names))
    assert reading.declarer == declarer
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_start_two_players_share_is_asked_about_and_left_empty():
    reading = read("Al 350 spades made", table("brooklyn", ("Alice", "Alan", "Cy")))
    assert reading.declarer is None
    assert reading.ambiguous == (Ambiguity("al", ("Alice", "Alan")),)
    assert (reading.bid, reading.trump, reading.outcome) == (350, Suit.SPADES, Outcome.MADE)


def test_a_short_name_the_table_set_names_its_player():
    at = table("brooklyn", ("Alberto", "Roberta", "Cy"), short_names={2: ("Bobbie",)})
    assert read("Bobbie 300 clubs set", at).declarer == 2


def test_a_short_name_shared_by_two_players_is_asked_about():
    at = table("brooklyn", ("Alberto", "Roberta", "Cy"), short_names={1: ("Bo",), 2: ("Bo",)})
    reading = read("Bo 300 clubs set", at)
    assert reading.declarer is None
    assert reading.ambiguous == (Ambiguity("bo", ("Alberto", "Roberta")),)


def test_a_word_the_table_says_is_never_a_start_of_a_name():
    # "at" starts "Atticus", but a table says "at 350" for a bid
    reading = read("Bob at 350 hearts made", table("brooklyn", ("Atticus", "Bob", "Cy")))
    assert (reading.declarer, reading.bid) == (2, 350)


@pytest.mark.parametrize(
    ("names", "line", "declarer", "outcome"),
    [
        pytest.param(("Made", "Bob", "Cy"), "Made 350 spades made", 1, Outcome.MADE,
                     id="made-who-made-it"),
        pytest.param(("Made", "Bob", "Cy"), "Bob 350 spades made", 2, Outcome.MADE,
                     id="made-said-for-the-outcome"),
        pytest.param(("Set", "Bob", "Cy"), "Set 350 hearts set", 1, Outcome.SET,
                     id="set-who-was-set"),
        pytest.param(("Bid", "Bob", "Cy"), "Bid bid 300 clubs made", 1, Outcome.MADE,
                     id="bid-who-bid"),
        pytest.param(("Ann", "Seven", "Cy"), "Seven 350 diamonds made", 2, Outcome.MADE,
                     id="a-number-word-name"),
    ],
)  # fmt: skip
def test_a_name_that_is_also_a_word_is_read_as_the_whole_line_makes_sense(
    names, line, declarer, outcome
):
    reading = read(line, table("brooklyn", names))
    assert (reading.declarer, reading.outcome) == (declarer, outcome)
    assert reading.ambiguous == () and reading.unknown_words == ()


def test_a_name_that_is_also_a_word_is_asked_about_when_the_line_reads_both_ways():
    # with Bob unknown at this table, "made" could be the outcome or Made the declarer
    reading = read("Rob 350 spades made", table("brooklyn", ("Made", "Bob", "Cy")))
    assert reading.outcome is None and reading.declarer is None
    assert Ambiguity("made", ("Made", "the outcome 'made'")) in reading.ambiguous


@pytest.mark.parametrize("joined", ["Ann and Cy", "Ann & Cy", "ann AND cy"])
def test_partners_named_together_are_their_team(joined):
    reading = read(f"{joined} 120 meld", table("partnership"))
    assert [(m.holder, m.figure, m.side) for m in reading.melds] == [(1, 120, True)]


def test_two_players_named_together_who_are_not_partners_are_two_players():
    reading = read("Ann and Bob", table("partnership"))
    assert reading.declarer is None
    assert Ambiguity("ann / bob", ("Ann", "Bob")) in reading.ambiguous


def test_a_team_said_as_the_declarer_is_asked_about_with_its_members():
    reading = read("Ann and Cy 300 spades", table("partnership"))
    assert reading.declarer is None and reading.bid == 300
    assert reading.ambiguous == (Ambiguity("ann & cy", ("Ann", "Cy")),)


def test_three_partners_named_together_are_their_team():
    reading = read("Ann, Cy and Eve 40 meld", table("six-handed"))
    assert [(m.holder, m.figure, m.side) for m in reading.melds] == [(1, 40, True)]
