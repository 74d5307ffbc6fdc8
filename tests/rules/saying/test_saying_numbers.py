"""Figures as a table says them (issue 29): digits, or words as people say a bid or a meld."""

from __future__ import annotations

import pytest

from scorekeeper.rules.saying.lexer import words_of
from scorekeeper.rules.saying.numbers import read_number, spoken


def said(text: str) -> int | None:
    """The figure ``text`` says, all of it (None when it is not one figure)."""
    words = words_of(text)[0]
    got = read_number(words)
    return got[0] if got is not None and got[1] == len(words) else None


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        pytest.param("350", 350, id="digits"),
        pytest.param("1,500", 1500, id="digits-with-a-thousands-comma"),
        pytest.param("three fifty", 350, id="three-fifty"),
        pytest.param("three hundred and fifty", 350, id="three-hundred-and-fifty"),
        pytest.param("three hundred fifty", 350, id="three-hundred-fifty"),
        pytest.param("two fifty", 250, id="two-fifty"),
        pytest.param("four hundred", 400, id="four-hundred"),
        pytest.param("sixty-five", 65, id="sixty-five-hyphenated"),
        pytest.param("sixty five", 65, id="sixty-five-two-words"),
        pytest.param("twenty", 20, id="twenty"),
        pytest.param("fifteen hundred", 1500, id="fifteen-hundred"),
        pytest.param("a thousand", 1000, id="a-thousand"),
        pytest.param("twelve fifty", 1250, id="twelve-fifty"),
        pytest.param("a hundred and sixty", 160, id="a-hundred-and-sixty"),
        pytest.param("one thousand five hundred", 1500, id="one-thousand-five-hundred"),
        pytest.param("two thousand and fifty", 2050, id="two-thousand-and-fifty"),
        pytest.param("Three Fifty Five", 355, id="any-case"),
        pytest.param("nothing", 0, id="nothing-is-0"),
        pytest.param("zero", 0, id="zero"),
        pytest.param("three oh five", 305, id="three-oh-five"),
        pytest.param("one oh five", 105, id="one-oh-five"),
    ],
)
def test_a_figure_said_in_digits_or_words_is_read_as_its_value(text, figure):
    assert said(text) == figure


def test_three_fifty_in_words_is_350():
    assert said("three fifty") == 350


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("fifty", id="a-word-alone-runs-no-further"),
        pytest.param("twenty five", id="tens-then-a-unit"),
    ],
)
def test_a_figure_stops_where_its_words_stop(text):
    words = (*words_of(text)[0], "spades")
    got = read_number(words)
    assert got is not None and got[1] == len(words) - 1


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        pytest.param("forty sixty", 40, id="forty-sixty"),
        pytest.param("fifty fifty", 50, id="fifty-fifty"),
        pytest.param("nineteen sixty", 1960, id="nineteen-sixty-is-one-figure"),
    ],
)
def test_two_round_tens_are_two_figures_never_one(text, figure):
    assert read_number(words_of(text)[0])[0] == figure


def test_a_word_that_is_no_figure_is_none():
    assert read_number(("spades",)) is None
    assert read_number(("a", "spades")) is None


def test_a_figure_longer_than_any_hand_holds_is_no_figure():
    assert read_number(("1" * 20,)) is None


@pytest.mark.parametrize(
    ("figure", "words"),
    [
        pytest.param(350, "three fifty", id="350"),
        pytest.param(1500, "fifteen hundred", id="1500"),
        pytest.param(65, "sixty five", id="65"),
        pytest.param(400, "four hundred", id="400"),
        pytest.param(305, "three hundred and five", id="305"),
        pytest.param(1000, "one thousand", id="1000"),
        pytest.param(0, "zero", id="0"),
    ],
)
def test_a_figure_is_spoken_as_a_table_says_it(figure, words):
    assert spoken(figure) == words


def test_every_figure_spoken_reads_back_as_itself():
    for figure in [*range(0, 3000), *range(3000, 200000, 997)]:
        assert said(spoken(figure)) == figure, spoken(figure)


@pytest.mark.parametrize(("said", "figure"), [("5 hundred", 500), ("2 thousand", 2000),
                                             ("15 hundred", 1500)])  # fmt: skip
def test_digits_then_hundred_are_one_figure_as_dictated(said, figure):
    assert read_number(said.split()) == (figure, 2)
