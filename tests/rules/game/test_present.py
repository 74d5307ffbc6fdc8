"""How each game is shown: its scoring kind's presenter, words and columns (``game.present``).

The table below is worked out from docs/RULES.md: the preset table (how each system keeps
score), 2.5 (who melds), 2.7 (dropping the trailing zero: the double-deck presets write
figures at scale 10), 3.3 and 3.4 (whose tricks are entered), 5.1 (units are chips), 5.7 and
5.8 (the kitty and the pot beside the players; a player leaving takes a kitty share and no
pot share, section 8 decision 5), section 6 (points to a target, game after game) and section
7 (only a chip game lets a player leave). The pages, the PDF, the CSV and the API print these
words and columns; tests/views, tests/reports and tests/api check them there.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

import pytest

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.present import Presenter, Unit, Whose
from scorekeeper.rules.game.variant import (
    GAMES,
    Game,
    Scoring,
    ScoringKind,
    all_games,
    game_named,
)
from scorekeeper.rules.holders import KITTY, POT, Pool

CHIP_FACTS = ("Meld", "Tricks")  # the declarer's meld and side's tricks, among the hand's facts
CHIP_FIGURES = ("+/−", "total")
SCORE_FIGURES = ("meld", "trk", "+/−", "total")  # each holder's, under their name
BALANCE = "their balance so far"


@dataclass(frozen=True)
class Shown:
    """What a game's presenter should say, worked out from docs/RULES.md."""

    unit: Unit
    pools: tuple[Pool, ...]
    in_games: bool
    meld_of: Whose
    tricks_of: Whose
    by_sides: bool
    scale: int  # of the preset's figures
    hand_facts: tuple[str, ...]
    holder_figures: tuple[str, ...]
    games_heading: str
    csv_suffix: str
    offers_leaving: bool
    cash_out: str
    share_label: str


def chips(pools: tuple[Pool, ...], cash_out: str, share_label: str) -> Shown:
    return Shown(
        Unit.CHIPS, pools, False, Whose.DECLARER, Whose.DECLARER, False, 1, CHIP_FACTS,
        CHIP_FIGURES, "The session", " (chips)", True, cash_out, share_label,
    )  # fmt: skip


def points(tricks_of: Whose, by_sides: bool, scale: int = 1) -> Shown:
    return Shown(
        Unit.POINTS, (), True, Whose.EACH, tricks_of, by_sides, scale, (), SCORE_FIGURES,
        "Games", "", False, BALANCE, "",
    )  # fmt: skip


EACH_ALONE = points(Whose.EACH, by_sides=False)  # every player's meld and own take (3.4, 6.4)
BY_SIDES = points(Whose.DECLARER, by_sides=True)  # one figure for a side's tricks (3.3)

TABLE = [
    pytest.param("brooklyn", chips((), BALANCE, ""), id="brooklyn: chips"),
    pytest.param(
        "brooklyn-pot",
        chips((POT,), BALANCE, "With pot share"),
        id="brooklyn-pot: chips, the pot beside, no pot share for a leaver",
    ),
    pytest.param(
        "hoyle",
        chips((KITTY,), f"{BALANCE} and their share of the kitty", "With kitty share"),
        id="hoyle: chips, the kitty beside, a kitty share for a leaver",
    ),
    pytest.param("bison", EACH_ALONE, id="bison: points each, every player's take"),
    pytest.param("partnership", BY_SIDES, id="partnership: points by sides"),
    pytest.param(
        "double-deck",
        points(Whose.DECLARER, by_sides=True, scale=10),
        id="double-deck: points by sides, written in tens",
    ),
    pytest.param(
        "six-handed",
        points(Whose.DECLARER, by_sides=True, scale=10),
        id="six-handed: as double-deck",
    ),
    pytest.param(
        "eight-handed",
        points(Whose.DECLARER, by_sides=True, scale=10),
        id="eight-handed: as double-deck",
    ),
    pytest.param("two-handed", EACH_ALONE, id="two-handed: points each, no bid"),
    pytest.param("cutthroat", EACH_ALONE, id="cutthroat: points each, no bid"),
    pytest.param("six-two-packs", BY_SIDES, id="six-two-packs: points by sides, no bid"),
    pytest.param("eight-two-packs", BY_SIDES, id="eight-two-packs: as six-two-packs"),
]


def shown(game: Game) -> Shown:
    """What ``game``'s presenter says, in the table's terms."""
    present = game.present
    return Shown(
        present.unit,
        present.pools,
        present.in_games,
        present.meld_of,
        present.tricks_of,
        present.by_sides,
        present.scale(Options.preset(game)),
        tuple(column.heading for column in present.hand_columns),
        tuple(column.heading for column in present.holder_columns),
        present.games_heading,
        present.figure_suffix,
        present.offers_leaving,
        present.cash_out,
        present.share_label,
    )


@pytest.mark.parametrize(("key", "expected"), TABLE)
def test_each_game_is_shown_in_its_scoring_kinds_words_and_columns(key, expected):
    assert shown(game_named(key)) == expected


def test_the_table_covers_every_game():
    assert sorted(param.values[0] for param in TABLE) == sorted(GAMES)


@pytest.mark.parametrize("game", list(all_games()), ids=str)
def test_the_presenter_agrees_with_the_rules_of_its_scoring_kind(game):
    # the presenter says what is shown; the scoring kind keeps the rules: they must not drift
    present, kind = game.present, game.kind
    assert present is kind.present
    assert (present.unit is Unit.CHIPS) is kind.is_chip_game
    assert present.in_games is kind.is_cumulative
    assert present.by_sides is kind.is_partnership
    assert present.pools == ((kind.pool,) if kind.pool is not None else ())
    assert (KITTY in present.pools) is kind.has_kitty
    assert (POT in present.pools) is kind.has_pot
    assert (present.meld_of is Whose.EACH) is kind.everyone_melds
    assert (present.tricks_of is Whose.EACH) is (kind.scoring is Scoring.EACH)
    assert present.offers_leaving is kind.is_chip_game  # RULES 7: only a chip game
    assert present.figures_optional is kind.is_chip_game  # the outcome may be entered (5.3)


@pytest.mark.parametrize("game", list(all_games()), ids=str)
def test_a_presenter_holds_words_not_markup(game):
    words = [value for value in astuple(game.present) if isinstance(value, str)]
    words += [column.heading for column in game.present.hand_columns]
    words += [column.heading for column in game.present.holder_columns]
    assert all(not set(text) & set("<>&") for text in words)


@pytest.mark.parametrize(
    ("key", "figure", "scale", "written"),
    [
        pytest.param("partnership", 250, 1, 250, id="points at scale 1"),
        pytest.param("partnership", 250, 10, 25, id="points at scale 10: the zero dropped"),
        pytest.param("partnership", -250, 10, -25, id="a loss at scale 10"),
        pytest.param("brooklyn", 12, 10, 12, id="chips as they are whatever the scale"),
    ],
)
def test_figures_are_written_at_the_scale_of_what_they_count(key, figure, scale, written):
    game = game_named(key)
    options = Options(game, scale=scale)
    assert game.present.written(figure, options) == written
    assert game.present.scale(options) == (scale if game.present.unit is Unit.POINTS else 1)


@pytest.mark.parametrize(
    ("unit", "word", "one", "in_api"),
    [
        pytest.param(Unit.CHIPS, "chips", "chip", "units", id="chips: units in the API"),
        pytest.param(Unit.POINTS, "points", "point", "points", id="points"),
    ],
)
def test_a_unit_in_words(unit, word, one, in_api):
    assert (unit.value, unit.one, unit.in_api) == (word, one, in_api)


def test_the_log_columns_are_keyed_by_what_they_hold():
    for game in all_games():
        present = game.present
        assert {c.key for c in present.hand_columns} <= {"meld", "tricks"}
        assert [c.key for c in present.holder_columns][-2:] == ["change", "total"]
        # the meld and tricks are shown once: among the facts or under each holder
        keys = [c.key for c in (*present.hand_columns, *present.holder_columns)]
        assert keys.count("meld") == keys.count("tricks") == 1


def test_a_scoring_kind_declared_elsewhere_finds_its_presenter():
    kind = ScoringKind(Scoring.CHIPS, Pool.KITTY)
    assert kind.present.pools == (KITTY,)
    assert kind == ScoringKind(Scoring.CHIPS, Pool.KITTY)  # the presenter is not compared
    assert hash(kind) == hash(ScoringKind(Scoring.CHIPS, Pool.KITTY))


def test_a_scoring_kind_with_no_way_of_being_shown_is_refused():
    with pytest.raises(ValueError, match="No way of showing each scoring with the kitty"):
        ScoringKind(Scoring.EACH, Pool.KITTY)


def test_a_presenter_is_a_frozen_value():
    present = game_named("hoyle").present
    assert isinstance(present, Presenter)
    with pytest.raises(AttributeError):
        present.unit = Unit.POINTS  # type: ignore[misc]
