"""The hand form's declarer-and-bid grid: who won the bid, and at what, in one tap.

The team games of four on a double deck (double-deck partnership, and saved rules with a
double deck and two teams of two) show one row of bid chips per player instead of a row of
declarers and a row of bids: "S 65" is one radio button whose value, ``7:65``, holds
the declarer's id and the bid as the table writes it. Each row ends in an Other chip
(``7:other``): that player is the declarer, at the bid typed in Other bid. Here is only the
shape of that value; whether the player may declare and the bid is legal is the engine's to
say, at the declarer and bid fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wtforms import RadioField
from wtforms.validators import ValidationError

from ..limits import MAX_FIGURE, MAX_ID, within
from ..rules.game.options import Options

GRID_BIDS = 13
"""Bid chips in each row: with the Other chip, two lines of seven at 390 px (50 to 60, 65, 70
on the double deck's ladder); a higher bid is the Other chip and the figure typed."""

GRID_PLAYERS = 4
"""The most players a grid has rows for: four rows are 650 px at 390 px wide; six and eight
keep a row of declarers and a row of bids (seven taps, within the eight issue 18 allows)."""

OTHER = "other"
"""The bid part of an Other chip's value: the bid is the one typed in Other bid."""

MISSHAPEN = "Choose the declarer and bid from the chips shown."


def has_bid_grid(options: Options) -> bool:
    """True when the hand form asks declarer and bid in one tap: four in teams bidding on a
    pack that says so (``Deck.bid_grid``: a double deck; six or eight rows would push the
    rest of the form two screens down). Not under summed bids, where each player states a bid
    of their own (RULES 6.6)."""
    return (
        options.auction
        and not options.summed_bids
        and options.has_teams
        and options.deck.bid_grid
        and options.shape.players <= GRID_PLAYERS
    )


def grid_value(declarer: int, bid: int | None) -> str:
    """A chip's value: ``7:65``, or ``7:other`` for the bid typed in Other bid (``None``)."""
    return f"{declarer}:{OTHER if bid is None else bid}"


def split_grid_value(text: str) -> tuple[int, int | None]:
    """The declarer's id and the bid (``None``: the one typed) in a chip's value; a
    ``ValueError`` saying what to do when it is not one."""
    who, colon, bid = text.strip().partition(":")
    if not colon or not _digits(who) or not within(who, MAX_ID):
        raise ValueError(MISSHAPEN)
    if bid == OTHER:
        return int(who), None
    if not _digits(bid):
        raise ValueError(MISSHAPEN)
    if not within(bid, MAX_FIGURE):
        raise ValueError(f"Bid is at most {MAX_FIGURE}.")
    return int(who), int(bid)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


class DeclarerBidRadio(RadioField):
    """The grid's chips, checked for shape only (any player id and bid of the right form
    pass, so the engine can say which rule they break); nothing chosen is allowed."""

    def pre_validate(self, form: Any) -> None:
        if self.data in (None, "", "None"):
            return
        try:
            split_grid_value(str(self.data))
        except ValueError as misshapen:
            raise ValidationError(str(misshapen)) from misshapen


@dataclass(frozen=True)
class GridChip:
    """One chip: its value, what it shows, and its name for a screen reader."""

    value: str
    label: str
    spoken: str


@dataclass(frozen=True)
class GridRow:
    """A player's row: the name heading it, its id (for the heading) and its chips."""

    name: str
    heading_id: str
    chips: tuple[GridChip, ...]


def grid_rows(declarers: Sequence[tuple[str, Any]], bids: Sequence[str]) -> tuple[GridRow, ...]:
    """A row per declarer offered (id as text, name), each with ``bids`` and an Other chip."""
    rows = []
    for pid, name in declarers:
        chips = [GridChip(grid_value(int(pid), int(b)), b, f"{name} bids {b}") for b in bids]
        chips.append(GridChip(grid_value(int(pid), None), "Other", f"{name} bids another figure"))
        rows.append(GridRow(str(name), f"bid-row-{pid}", tuple(chips)))
    return tuple(rows)
