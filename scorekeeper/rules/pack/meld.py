"""Meld (RULES section 2): from cards, from named melds, and from a bare number.

Three classes; a card may serve melds of different classes at once, never two melds of one
class. Class I: run, royal marriage, marriages, dix. Class II: pinochle. Class III: aces,
kings, queens and jacks around. Two, three or four of one meld (a double deck and two packs
with nines have four copies of each card) are worth what the deck's table says
(``meldtable``): a single deck's double is two singles, or the big figure under
``double_meld_bonus``; with two packs with nines a trump's K-Q pairs go to runs or royal
marriages, whichever scores more. ``roundhouse_with_run``
(390) adds the roundhouse's trump marriage beside a run; ``double_trump_marriage`` (240, a
single deck's) scores K K Q Q of trump as 240, which may share a single run's K and Q (run and
double marriage: 390). The house rules from our seeds (RULES 2.10): ``double_trump_marriage``
400 shares a run's K and Q as 240 does, ``double_marriage_value`` scores a plain suit's double
marriage as one meld, and ``run_extras`` adds 40 for each spare trump K or Q beside a run (an
``extra king`` or ``extra queen``).

Every way in ends in the same place: a ``MeldCounts`` (how many of each meld) scored by
``score_melds`` (``meldscore``). Cards give the maximum counts the class rules allow
(``meldcards``); claims give the counts named, once they are shown to fit in one hand
(``meldclaims``); a number is checked against every total a hand can show (``meldattain``).
This module is their one front door: each name below is one of theirs.
"""

from __future__ import annotations

from .meldattain import attainable_totals, check_meld_number, is_attainable
from .meldcards import meld_by_trump, meld_counts_from_cards, meld_from_cards, meld_points
from .meldclaims import (
    ROUNDHOUSE,
    Claim,
    counts_from_claims,
    format_claims,
    meld_from_claims,
    parse_claims,
)
from .meldoptions import MeldOptions, meld_table
from .meldscore import (
    AROUND_RANKS,
    MELD,
    MeldCounts,
    MeldLine,
    MeldScore,
    cards_needed,
    check_fits_one_hand,
    roundhouse_bonus,
    score_melds,
)
from .meldtable import MeldKind

__all__ = [
    "AROUND_RANKS",
    "MELD",
    "ROUNDHOUSE",
    "Claim",
    "MeldCounts",
    "MeldKind",
    "MeldLine",
    "MeldOptions",
    "MeldScore",
    "attainable_totals",
    "cards_needed",
    "check_fits_one_hand",
    "check_meld_number",
    "counts_from_claims",
    "format_claims",
    "is_attainable",
    "meld_by_trump",
    "meld_counts_from_cards",
    "meld_from_cards",
    "meld_from_claims",
    "meld_points",
    "meld_table",
    "parse_claims",
    "roundhouse_bonus",
    "score_melds",
]
