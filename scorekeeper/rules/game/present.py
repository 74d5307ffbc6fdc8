"""How each way of keeping score is shown: its words and its columns (RULES sections 2.5, 5, 6).

A ``Presenter`` is what the pages, the PDF, the CSV and the API ask of a game's scoring kind
(``game.present``) instead of asking which kind it is: what a score counts and how its figures
are written, which holders' columns stand beside the players' (the kitty or the pot), whether
the scores run in numbered games to a target, whose meld and tricks a hand's entry holds, the
hand log's columns and the words the pages print. It holds words and columns only: no markup,
and no rule (scoring a hand and checking one stay with ``variant.ScoringKind`` and the engine).

Each scoring kind's presenter is declared once below, as data; ``variant.ScoringKind`` finds
its own by its way of scoring and its pool.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ..holders import KITTY, POT, Pool

if TYPE_CHECKING:
    from .options import Options


class Unit(enum.Enum):
    """What a score counts: chips paid each hand, or points built up to a target."""

    CHIPS = "chips"
    POINTS = "points"

    @property
    def one(self) -> str:
        """The unit of one: ``chip`` or ``point``."""
        return self.value[:-1]

    @property
    def in_api(self) -> Literal["units", "points"]:
        """The unit as the API's answers name it: chips are ``units`` there (RULES 5.1)."""
        return "units" if self is Unit.CHIPS else "points"


class Whose(enum.Enum):
    """Whose figure a hand's entry holds (RULES 2.5, 3.3 and 3.4)."""

    DECLARER = "declarer"  # the declarer's own meld; one side's tricks (the declarer's side, or
    # without a bid the first seat's team), the other side's following from the deck's total
    EACH = "each"  # every player's dealt in


@dataclass(frozen=True, slots=True)
class Column:
    """A column of figures: what it holds (``key``) and its heading as printed."""

    key: str  # meld, tricks, change or total
    heading: str


@dataclass(frozen=True, slots=True)
class Presenter:
    """The words and columns of one scoring kind, for every page, file and answer showing it."""

    unit: Unit  # what a score counts
    in_games: bool  # scores run in numbered games to a target, each game from 0; else one total
    meld_of: Whose  # whose meld a hand's entry holds: every player's, or the declarer's only
    tricks_of: Whose  # whose tricks: each player's take, or the declarer's side's
    by_sides: bool = False  # a side's figures are its members' together: a column per team
    pools: tuple[Pool, ...] = ()  # the holders' columns beside the players': the kitty or the pot
    figures_optional: bool = False  # meld and tricks only tell made from set (else the score)
    games_heading: str = "Games"  # the report's section over the games (or the session)
    figure_suffix: str = ""  # after each figure's heading in the CSV: " (chips)"
    offers_leaving: bool = False  # a player may get up between hands, cashed out (RULES 7)
    cash_out: str = "their balance so far"  # what a player leaving is cashed out with
    hand_columns: tuple[Column, ...] = ()  # the hand log's figures among each hand's facts
    holder_columns: tuple[Column, ...] = ()  # the hand log's figures under each holder

    def scale(self, options: Options) -> int:
        """What the figures are divided by as written: chips at 1, points at the table's scale
        (RULES 2.7 and 3.2)."""
        return options.scale if self.unit is Unit.POINTS else 1

    def written(self, figure: int, options: Options) -> int:
        """A score or change as the table writes it (250 points at scale 10 is 25; chips as
        they are)."""
        return figure // self.scale(options)

    @property
    def share_label(self) -> str:
        """What a player's balance with their share of the pool is called ("With kitty share"),
        the same on every page and the PDF; "" without a pool."""
        if not self.pools:
            return ""
        return f"With {self.pools[0].value} share"


# -- each scoring kind's words and columns -----------------------------------------------------

_CHANGE_AND_TOTAL = (Column("change", "+/−"), Column("total", "total"))
_MELD_AND_TRICKS = (Column("meld", "meld"), Column("tricks", "trk"))

CHIPS = Presenter(
    unit=Unit.CHIPS,
    in_games=False,
    meld_of=Whose.DECLARER,
    tricks_of=Whose.DECLARER,
    figures_optional=True,
    games_heading="The session",
    figure_suffix=" (chips)",
    offers_leaving=True,
    hand_columns=(Column("meld", "Meld"), Column("tricks", "Tricks")),
    holder_columns=_CHANGE_AND_TOTAL,
)
"""Chips paid each hand: only the declarer melds, the session one running total (RULES 5)."""

CHIPS_AND_KITTY = replace(
    CHIPS, pools=(KITTY,), cash_out="their balance so far and their share of the kitty"
)
"""Chips with the kitty beside the players, a share of which a player leaving takes (RULES 5.7)."""

CHIPS_AND_POT = replace(CHIPS, pools=(POT,))
"""Chips with the pot beside the players, no share of which a player leaving takes (RULES 5.8;
section 8, decision 5)."""

POINTS_EACH = Presenter(
    unit=Unit.POINTS,
    in_games=True,
    meld_of=Whose.EACH,
    tricks_of=Whose.EACH,
    holder_columns=(*_MELD_AND_TRICKS, *_CHANGE_AND_TOTAL),
)
"""Points to a target, each for themselves: every player's meld and take (RULES 6.1, 6.4)."""

POINTS_BY_SIDES = replace(POINTS_EACH, tricks_of=Whose.DECLARER, by_sides=True)
"""Points to a target by sides: every player's meld, the bidding side's tricks, a column per
team (RULES 6.2 to 6.4)."""


__all__ = [
    "CHIPS",
    "CHIPS_AND_KITTY",
    "CHIPS_AND_POT",
    "POINTS_BY_SIDES",
    "POINTS_EACH",
    "Column",
    "Presenter",
    "Unit",
    "Whose",
]
