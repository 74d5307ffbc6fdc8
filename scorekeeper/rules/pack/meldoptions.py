"""What meld reads of a session's house rules, and the meld table they make (RULES section 2).

The pack imports nothing of the game: a session's options (``game.options.Options``) reach it
as ``MeldOptions``, the few options meld reads, and the ones that change figures become one
``MeldRules`` value, from which the session's deck builds its table (``Deck.meld_table``).
"""

from __future__ import annotations

import functools
from typing import Protocol

from ..remember import remember_last
from .deck import Deck
from .meldtable import DoubleDeckRules, MeldRules, MeldTable, SingleDeckRules, bonus_melds


class MeldOptions(Protocol):
    """The house rules meld reads: the deck and the hand size, the scale figures are written
    at, and the meld options (RULES 2.2, 2.4, 2.9, 2.10)."""

    @property
    def deck(self) -> Deck: ...

    @property
    def hand_size(self) -> int: ...

    @property
    def scale(self) -> int: ...

    def to_table(self, points: int) -> int: ...

    @property
    def roundhouse_with_run(self) -> int: ...

    @property
    def double_meld_bonus(self) -> bool: ...

    @property
    def double_bonus_melds(self) -> tuple[str, ...]: ...

    @property
    def double_trump_marriage(self) -> int: ...

    @property
    def double_marriage_value(self) -> int: ...

    @property
    def run_extras(self) -> bool: ...

    @property
    def npa_meld(self) -> bool: ...

    @property
    def double_deck_arounds(self) -> int: ...

    @property
    def double_roundhouse(self) -> int: ...


@remember_last
def meld_rules(options: MeldOptions) -> MeldRules:
    """The options that change meld figures, as one hashable value."""
    bonus = options.double_bonus_melds if options.double_meld_bonus else ()
    return MeldRules(
        SingleDeckRules(
            bonus_melds(bonus),
            options.double_trump_marriage,
            options.double_marriage_value,
            options.run_extras,
        ),
        DoubleDeckRules(options.npa_meld, options.double_deck_arounds, options.double_roundhouse),
    )


@functools.lru_cache(maxsize=64)
def _table(deck: Deck, rules: MeldRules) -> MeldTable:
    return deck.meld_table(rules)


@remember_last
def meld_table(options: MeldOptions) -> MeldTable:
    """The meld values a session plays with: its deck's table under its meld options."""
    return _table(options.deck, meld_rules(options))


def roundhouse_390(options: MeldOptions) -> bool:
    """True under ``roundhouse_with_run`` 390: the roundhouse's trump marriage counts beside a
    run (RULES 2.4)."""
    return options.roundhouse_with_run == 390
