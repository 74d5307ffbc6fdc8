"""The double deck's published meld table, written out for the tests.

The figures are pagat.com's Double Deck Pinochle table as printed by the pages that carry it
(Joe Andrews, "How to Calculate Meld in Double Deck Pinochle"; TableGamesHub; Instructables
for the doubling arounds; pagat's variations for the NPA's run 25 and pinochle 15 and the
double roundhouse 240), written without the trailing zero as published and multiplied by ten
here: the engine holds full points. They are typed from the sources, not read from the engine.
"""

from __future__ import annotations

from scorekeeper.rules.game.options import Options

# Points of 0, 1, 2, 3 and 4 copies, as published (x10 below).
PUBLISHED = {
    "run": (0, 15, 150, 225, 300),
    "pinochle": (0, 4, 30, 60, 90),
    "aces": (0, 10, 100, 150, 200),
    "kings": (0, 8, 80, 120, 160),
    "queens": (0, 6, 60, 90, 120),
    "jacks": (0, 4, 40, 60, 80),
}
ROYAL_MARRIAGE, MARRIAGE = 4, 2  # each
NPA = {"run": 25, "pinochle": 15}  # single run and single pinochle
DOUBLING = {  # Instructables: each copy doubles the last from the double on
    "aces": (0, 10, 100, 200, 400),
    "kings": (0, 8, 80, 160, 320),
    "queens": (0, 6, 60, 120, 240),
    "jacks": (0, 4, 40, 80, 160),
}
ROUNDHOUSE_390 = 4  # the roundhouse's royal marriage beside a run (RULES 2.4)
DOUBLE_ROUNDHOUSE = 240 - 160  # pagat's variation: 240 instead of its parts' 160


def full(published: tuple[int, ...]) -> tuple[int, ...]:
    """Published figures in full points."""
    return tuple(10 * figure for figure in published)


def values(options: Options) -> dict[str, tuple[int, ...]]:
    """The published table in full points under ``options``' double-deck variants."""
    table = {name: full(row) for name, row in PUBLISHED.items()}
    if options.double_deck_arounds == 4000:
        table |= {name: full(row) for name, row in DOUBLING.items()}
    if options.npa_meld:
        for name, single in NPA.items():
            table[name] = (0, 10 * single, *table[name][2:])
    return table


DOUBLE = Options.preset("double-deck")  # four players in two teams, 20 cards each, scale 10
