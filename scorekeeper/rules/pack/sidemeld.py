"""A side's meld as one figure (RULES 2.6): what the partners' hands show together.

Double-deck tables write one meld figure per side. The figure must be a sum of one legal meld
per partner: a bound, like the highest bid (two hands dealt from one deck cannot both hold the
biggest meld), but it refuses every figure no set of hands could total.
"""

from __future__ import annotations

import functools

from ..errors import MeldError, Where
from ..remember import remember_last
from .meldattain import attainable_totals
from .meldoptions import MeldOptions


@functools.lru_cache(maxsize=32)
def _sums(totals: frozenset[int], hands: int) -> frozenset[int]:
    sums = frozenset({0})
    for _ in range(hands):
        sums = frozenset(s + t for s in sums for t in totals)
    return sums


@remember_last
def side_totals(options: MeldOptions, hands: int) -> frozenset[int]:
    """Every figure ``hands`` partners' legal melds can add up to."""
    return _sums(attainable_totals(options), hands)


def check_side_meld(points: int, hands: int, options: MeldOptions, where: Where) -> None:
    """Refuse a side's meld figure no ``hands`` legal melds add up to."""
    if points in side_totals(options, hands):
        return
    t = options.to_table
    shown = t(points) if points % options.scale == 0 else points
    top = max(side_totals(options, hands))
    if points < 0:
        rule = f"Meld cannot be negative ({shown})."
    elif points > top:
        rule = f"Meld {shown} is more than {hands} hands can show here (at most {t(top)})."
    else:
        rule = f"No {hands} legal hands meld exactly {shown} together under these rules."
    raise MeldError(where, rule)
