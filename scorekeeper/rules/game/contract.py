"""The contract of a partnership hand (RULES section 6.2): what each side scores.

The bidding side makes its bid when the meld it may count and its trick points reach the bid;
then it scores both, otherwise it loses the bid (and its meld, unless the house keeps it). Any
other side scores its meld and tricks when it saved its meld. Three choices shape this:
``meld_minimum`` (a side's meld below it is not "on the board" and counts nothing), how a
side saves its meld (``MeldSave``: any trick point, a number of trick points, or nothing
needed) and whether the bidders must save theirs too; a set side keeping its meld, or its bid
going to the other sides instead ("progressive"); what the other sides score when the
bidders give up before play (``Surrender``); and what bidders who took no trick point score
(``NoTrick``: as usual, nothing positive, or set: the four-player blog, seed 004). The functions
take plain figures in full points, so the rules read the same for two teams or four.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MeldSave(enum.Enum):
    """What a side must take in tricks for its meld to count."""

    A_TRICK_POINT = "a-trick-point"
    POINTS = "points"
    NOTHING = "nothing"


class Surrender(enum.Enum):
    """What the other sides score when the bidders give the hand up before play (pagat's
    double-deck variations): nothing, their meld, or their meld and half or all the cards."""

    NOTHING = "nothing"
    MELD = "meld"
    MELD_AND_HALF = "meld-and-half"
    MELD_AND_ALL = "meld-and-all"


class NoTrick(enum.Enum):
    """What a bidding side that took no trick point scores. Seed 004: "If the bidding team
    took no tricks, then they also cannot receive any positive points"; read as nothing
    positive (``ZERO``), or as a set (``SET``)."""

    USUAL = "as-usual"
    ZERO = "zero"
    SET = "set"


@dataclass(frozen=True, slots=True)
class Contract:
    """The house's terms for a partnership hand, in full points."""

    meld_minimum: int = 0
    meld_save: MeldSave = MeldSave.A_TRICK_POINT
    save_points: int = 0
    bidders_save: bool = False
    set_keeps_meld: bool = False
    set_to_opponents: bool = False
    surrender: Surrender = Surrender.MELD
    trick_total: int = 250
    no_trick: NoTrick = NoTrick.USUAL

    def on_board(self, meld: int) -> int:
        """The meld a side may count at all: nothing below the minimum."""
        return meld if meld >= self.meld_minimum else 0

    def saves_meld(self, tricks: int) -> bool:
        """True when ``tricks`` points taken are enough for the side's meld to count."""
        if self.meld_save is MeldSave.NOTHING:
            return True
        if self.meld_save is MeldSave.A_TRICK_POINT:
            return tricks > 0
        return tricks >= self.save_points

    def counted_meld(self, meld: int, tricks: int) -> int:
        """The meld a side that took ``tricks`` scores: on the board, and saved."""
        return self.on_board(meld) if self.saves_meld(tricks) else 0

    def bidders_meld(self, meld: int, tricks: int) -> int:
        """The meld the bidding side counts: on the board, and saved where the house makes the
        bidders save theirs too (``bidders_save``)."""
        return self.counted_meld(meld, tricks) if self.bidders_save else self.on_board(meld)

    def trickless_set(self, tricks: int) -> bool:
        """True when the bidders are set for taking no trick point, whatever their meld."""
        return self.no_trick is NoTrick.SET and tricks == 0

    def bidders_make(self, meld: int, tricks: int, bid: int) -> bool:
        """True when the bidding side's counted meld and tricks reach the bid (and, where the
        house sets trickless bidders, they took a trick point)."""
        if self.trickless_set(tricks):
            return False
        return self.bidders_meld(meld, tricks) + tricks >= bid

    def bidders_score(self, meld: int, tricks: int, bid: int, made: bool) -> int:
        """The bidding side's change: meld and tricks when made, else minus the bid (nothing,
        where the set goes to the other sides instead: ``set_to_opponents``)."""
        counted = self.bidders_meld(meld, tricks)
        if made:
            score = counted + tricks
        else:
            kept = counted if self.set_keeps_meld else 0
            score = kept if self.set_to_opponents else kept - bid
        if self.no_trick is NoTrick.ZERO and tricks == 0:
            return min(score, 0)  # "cannot receive any positive points"
        return score

    def defenders_score(self, meld: int, tricks: int, bid: int, made: bool) -> int:
        """Another side's change: its meld and tricks when it saved its meld (else nothing), and
        the bid when the bidders were set and the set goes to the other sides."""
        award = bid if self.set_to_opponents and not made else 0
        if not self.saves_meld(tricks):
            return award  # "cannot score anything for the hand": its tricks go too
        return self.on_board(meld) + tricks + award

    def surrendered_score(self, meld: int) -> int:
        """Another side's change when the bidders give the hand up before play: by
        ``surrender``, nothing, or its meld on the board and half or all the trick points."""
        if self.surrender is Surrender.NOTHING:
            return 0
        cards = {
            Surrender.MELD: 0,
            Surrender.MELD_AND_HALF: self.trick_total // 2,
            Surrender.MELD_AND_ALL: self.trick_total,
        }[self.surrender]
        return self.on_board(meld) + cards
