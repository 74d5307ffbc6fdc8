"""The 96-card pack's meld table, written out for the tests (RULES 2.11).

Typed from "Partnership Pinocle for more than four players" (a card-games book reproduced at
pokerwiner.com) and the four-handed Partnership Pinocle table it adds to (Bicycle's
Partnership Pinochle: run 150, royal marriage 40, marriage 20, pinochle 40, dix 10, aces 100,
kings 80, queens 60, jacks 40, and the doubles), with the misprints settled as RULES section
8 decides: 12 kings 1,600 (printed 1,900), 8 queens 600 (printed 900), the "triple trump
sequence" with its ace, "15 aces, kings, queens and jacks" as sixteen of any one of them,
"kings and queens of the same suit" in trump. Not read from the engine.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.rules.game.options import CardValues, Options
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.pack.deck import Deck

# Points of 0, 1, 2, 3 and 4 copies. No hand holds a quadruple run (20 cards; 16 at most):
# the engine would count it as the triple and the single it holds.
TABLE = {
    "run": (0, 150, 1500, 3000, 3000 + 150),
    "royal marriage": (0, 40, 300, 900, 1200),
    "pinochle": (0, 40, 300, 900, 1200),
    "aces": (0, 100, 1000, 2000, 3000),
    "kings": (0, 80, 800, 1600, 3000),
    "queens": (0, 60, 600, 1200, 3000),
    "jacks": (0, 40, 400, 800, 3000),
}
MARRIAGE, DIX = 20, 10  # each, up to four
ROUNDHOUSE_390 = 40  # the roundhouse's royal marriage beside a run (RULES 2.4)

PARTNERSHIP = replace(
    Options.preset("partnership"),
    deck=Deck.NINES,
    shape=Shape(6, 3),
    double_meld_bonus=False,
    card_values=CardValues.CLASSIC,
)
"""Six in two teams of three from two packs with nines, counted as pokerwiner counts (classic
values, 490 a hand): 16 cards each."""
SIX = PARTNERSHIP
EIGHT = replace(PARTNERSHIP, shape=Shape(8, 4))
"""Eight in two teams of four: 12 cards each."""
