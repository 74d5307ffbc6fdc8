"""Deals each player has had, and when the round is even (RULES 5.9).

Brooklyn has no fixed end (seed 000): "The session will end by mutual agreement, ideally after
each player has dealt an equal number of times." A deal is a hand that passes the deal on (an
all-pass throw-in included); a misdeal is dealt again by the same player and is no deal. The
count runs among the players at the table now, from the last time one of them left (a count
kept from before would never even out). Worked out from the replayed hands, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..holders import PlayerKey
from .session import SessionState


@dataclass(frozen=True, slots=True)
class DealRound:
    """How many times each player at the table has dealt since the count began."""

    counts: tuple[tuple[PlayerKey, int], ...]  # seat order
    since_hand: int  # hands played before the count began (0: from the first hand)

    @property
    def even(self) -> bool:
        """True when everyone has dealt, and as often as everyone else."""
        dealt = {count for _, count in self.counts}
        return len(dealt) == 1 and 0 not in dealt

    @property
    def rounds(self) -> int:
        """Complete rounds: the fewest deals anyone has had."""
        return min((count for _, count in self.counts), default=0)

    @property
    def behind(self) -> tuple[PlayerKey, ...]:
        """Who must still deal before the round is even again."""
        most = max((count for _, count in self.counts), default=0)
        return tuple(player for player, count in self.counts if count < most)

    def of(self, player: PlayerKey) -> int:
        """Deals ``player`` has had since the count began."""
        return dict(self.counts).get(player, 0)


def deal_round(state: SessionState) -> DealRound:
    """Each seated player's deals since the table's players last changed."""
    start = max((leave.position for leave in state.leaves), default=-1)
    counts = dict.fromkeys(state.seated, 0)
    since = 0
    for record in state.hands:
        if record.position < start:
            since = record.number
            continue
        if record.result.passes_deal and record.dealer in counts:
            counts[record.dealer] += 1
    return DealRound(tuple(counts.items()), since)
