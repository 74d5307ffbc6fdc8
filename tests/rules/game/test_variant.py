"""A game is one value, declared once and registered (``rules/game/variant.py``).

The twelve games are looked up by the key they are stored and typed under; a game declared
later (here, a test's) is registered the same way, known to ``Options.preset`` and to every
option spec that asks what a game is, and forgotten again when unregistered.
"""

from __future__ import annotations

import pickle

import pytest

from scorekeeper.rules.errors import OptionError, Part
from scorekeeper.rules.game import variant
from scorekeeper.rules.game.options import OPTION_SPECS, PRESETS, Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.game.variant import (
    GAMES,
    POINTS_EACH,
    Game,
    game_named,
    register,
    unregister,
)
from scorekeeper.rules.pack.deck import Deck

TWELVE = [
    "brooklyn",
    "brooklyn-pot",
    "hoyle",
    "bison",
    "partnership",
    "double-deck",
    "six-handed",
    "eight-handed",
    "two-handed",
    "cutthroat",
    "six-two-packs",
    "eight-two-packs",
]


def test_the_twelve_games_are_registered_in_the_order_declared():
    assert list(GAMES) == TWELVE
    assert [game.key for game in variant.all_games()] == TWELVE
    assert list(PRESETS) == [GAMES[key] for key in TWELVE] and len(PRESETS) == 12


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        pytest.param("hoyle", "hoyle", id="as stored"),
        pytest.param("  Brooklyn-Pot ", "brooklyn-pot", id="any case, spaces around"),
    ],
)
def test_a_game_is_found_by_its_key_however_typed(typed, key):
    assert Game.parse(typed) is GAMES[key]
    assert str(GAMES[key]) == key and repr(GAMES[key]) == f"Game({key!r})"


def test_an_unknown_game_is_refused_naming_the_games_there_are():
    with pytest.raises(OptionError) as refused:
        game_named("pinochle")
    assert refused.value.where.part is Part.SYSTEM
    assert refused.value.rule == (
        f"'pinochle' is not a game system; choose one of {', '.join(TWELVE)}."
    )


def test_a_game_survives_pickling_as_the_registered_game():
    assert pickle.loads(pickle.dumps(variant.HOYLE)) is variant.HOYLE


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        pytest.param(variant.BROOKLYN, (3, 4), id="brooklyn: three or four"),
        pytest.param(variant.BROOKLYN_POT, (3, 8), id="brooklyn with a pot: three to eight"),
        pytest.param(variant.HOYLE, (3, 5), id="hoyle: three to five"),
        pytest.param(variant.PARTNERSHIP, (4, 4), id="partnership: its shape's four"),
        pytest.param(variant.EIGHT_TWO_PACKS, (8, 8), id="eight on two packs: eight"),
    ],
)
def test_a_chip_game_seats_a_range_and_a_points_game_its_shape(game, seats):
    assert game.player_range == seats


def test_a_game_declared_later_is_known_everywhere_until_unregistered():
    three = Game(
        "three-cutthroat",
        "Three-handed cutthroat",
        POINTS_EACH,
        {"shape": Shape(3), "auction": False, "target": 1000},
    )
    register(three)
    try:
        assert game_named("three-cutthroat") is three
        preset = Options.preset("three-cutthroat")
        assert (preset.system, preset.shape, preset.target, preset.deck) == (
            three,
            Shape(3),
            1000,
            Deck.SINGLE,
        )
        assert PRESETS[three] is preset  # worked out once
        # options belong to it by what it is: points each for themselves, no chips
        assert three in OPTION_SPECS["set_stake"].systems
        assert three not in OPTION_SPECS["stake"].systems
        with pytest.raises(ValueError, match="registered already"):
            register(Game("three-cutthroat", "Again", POINTS_EACH))
    finally:
        unregister(three)
    with pytest.raises(OptionError):
        game_named("three-cutthroat")
    with pytest.raises(KeyError):
        PRESETS[three]


@pytest.mark.parametrize(
    "key",
    [
        pytest.param("Hoyle-Two", id="upper case"),
        pytest.param(" spaced", id="a space around"),
        pytest.param("", id="empty"),
        pytest.param("x" * 21, id="longer than the database keeps (20)"),
    ],
)
def test_a_key_the_database_cannot_keep_as_typed_is_refused(key):
    with pytest.raises(ValueError, match="lower case"):
        register(Game(key, "A game", POINTS_EACH))
    assert key not in GAMES


def test_a_deck_is_found_by_its_key_and_an_unknown_one_refused():
    assert Deck.parse(" Double ") is Deck.DOUBLE
    with pytest.raises(OptionError) as refused:
        Deck.parse("triple")
    assert refused.value.rule == (
        "'triple' is not a deck; choose one of single, double, double-nines."
    )
