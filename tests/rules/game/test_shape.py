"""The table's shape: who is dealt in and who partners whom (RULES section 1).

Expected teams are read off the seating rule: with ``n`` teams, partners sit every ``n``
seats, so no two partners sit side by side.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.errors import OptionError, SeatingError
from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.shape import SHAPES, Shape
from scorekeeper.rules.holders import Team

NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.parametrize(
    ("written", "players", "teams"),
    [
        pytest.param("2", 2, (), id="two-each-for-themselves"),
        pytest.param("4", 4, (), id="four-cutthroat"),
        pytest.param("4/2", 4, ("Ann Cal", "Bob Dee"), id="four-partners-opposite"),
        pytest.param("6/2", 6, ("Ann Dee", "Bob Eve", "Cal Fay"), id="six-in-three-pairs"),
        pytest.param("6/3", 6, ("Ann Cal Eve", "Bob Dee Fay"), id="six-in-two-trios"),
        pytest.param(
            "8/2", 8, ("Ann Eve", "Bob Fay", "Cal Gus", "Dee Hal"), id="eight-in-four-pairs"
        ),
        pytest.param("8/4", 8, ("Ann Cal Eve Gus", "Bob Dee Fay Hal"), id="eight-in-two-fours"),
    ],
)
def test_partners_sit_every_team_count_seats(
    written: str, players: int, teams: tuple[str, ...]
) -> None:
    shape = Shape.parse(written)
    assert shape.players == players
    assert shape.teams(NAMES[:players]) == tuple(Team(tuple(t.split())) for t in teams)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_a_shape_is_written_as_it_is_read(shape: Shape) -> None:
    assert Shape.parse(str(shape)) == shape


@pytest.mark.parametrize(
    ("shape", "label"),
    [
        pytest.param(Shape(3), "Three players, each for themselves", id="three"),
        pytest.param(Shape(6, 2), "Six players, three teams of two", id="six-pairs"),
        pytest.param(Shape(8, 4), "Eight players, two teams of four", id="eight-fours"),
    ],
)
def test_a_shape_says_itself_in_words(shape: Shape, label: str) -> None:
    assert shape.label == label


@pytest.mark.parametrize("text", ["5", "6/4", "4/3", "seven", ""])
def test_a_shape_no_source_plays_is_refused(text: str) -> None:
    with pytest.raises(OptionError) as error:
        Shape.parse(text)
    assert error.value.where.option == "shape"


def test_teams_need_every_seat_filled() -> None:
    with pytest.raises(SeatingError) as error:
        Shape(6, 2).teams(NAMES[:4])
    assert "exactly 6 players, not 4" in error.value.rule


@pytest.mark.parametrize(
    ("data", "at", "words"),
    [
        pytest.param(
            {"system": "eight-handed", "deck": "single"}, "shape",
            "'Players and teams' and 'Deck' clash: eight players, two teams of four is not "
            "dealt from a single deck",
            id="eight-handed-on-a-single-deck",
        ),
        pytest.param(
            {"system": "double-deck", "card_values": "classic"}, "card_values",
            "'Card values' and 'Deck' clash: a double deck counts only aces, tens and kings",
            id="double-deck-counted-the-classic-way",
        ),
        pytest.param(
            {"system": "partnership", "shape": "4"}, "shape",
            "Partnership is scored with partners in teams, not four players, each for "
            "themselves.",
            id="partnership-without-teams",
        ),
        pytest.param(
            {"system": "bison", "shape": "4/2"}, "shape",
            "Bison (points to 1500) is scored with each player for themselves",
            id="bison-in-teams",
        ),
        pytest.param(
            {"system": "brooklyn", "deck": "double"}, "deck",
            "no source deals it from a double deck", id="brooklyn-from-a-double-deck",
        ),
    ],
)  # fmt: skip
def test_a_combination_no_source_plays_is_refused_naming_both_options(data, at, words):
    with pytest.raises(OptionError) as error:
        Options.from_dict(data)
    assert error.value.where.option == at
    assert words in error.value.rule


def test_the_single_decks_double_meld_bonus_clashes_with_a_double_deck() -> None:
    with pytest.raises(OptionError) as error:
        Options.from_dict({"system": "double-deck", "double_meld_bonus": True})
    assert error.value.where.option == "double_meld_bonus"
    assert error.value.rule.startswith("'Double meld bonus' and 'Deck' clash: a double deck's")
