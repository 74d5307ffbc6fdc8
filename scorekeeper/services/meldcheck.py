"""Meld without a session (RULES section 2): the meld of cards laid down, in one trump and in
all four, and whether a meld claim or a meld figure is allowed, under a game system's options.

Every rule is the engine's own: the cards are read by ``Hand.parse``, scored by
``meld_from_cards`` and ``meld_by_trump``, and a claim or a figure is checked by
``evaluate_meld``, the same call that checks a meld entered with a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.errors import MeldError, OptionError, Part, RuleError, TrumpError, Where
from ..rules.game.options import Options
from ..rules.game.variant import Game
from ..rules.hand.hands import MeldClaims, MeldEntry, MeldNumber, evaluate_meld
from ..rules.pack.cards import Hand, Suit
from ..rules.pack.meld import MeldScore, meld_by_trump, meld_from_cards, parse_claims


@dataclass(frozen=True)
class MeldReport:
    """The meld of a hand: in the trump named (or none), and in each trump, best first."""

    options: Options
    hand: Hand
    trump: Suit | None
    score: MeldScore
    by_trump: tuple[tuple[Suit, MeldScore], ...]


@dataclass(frozen=True)
class MeldVerdict:
    """Whether a meld claim or figure is allowed: its full points, or the rule it breaks."""

    options: Options
    allowed: bool
    points: int | None
    reason: str | None


def options_for(system: Game, values: Mapping[str, Any]) -> Options:
    """The preset of ``system`` with ``values`` (stored values) changed, checked by the engine;
    a refusal names the option."""
    if "system" in values:
        raise OptionError(
            Where(Part.SYSTEM), "The game system is given as 'system', not among the options."
        )
    return Options.from_dict({"system": system.value, **values})


def _trump(letter: str | None) -> Suit | None:
    return Suit.parse(letter) if letter else None


def ranked(scores: Mapping[Suit, MeldScore]) -> tuple[tuple[Suit, MeldScore], ...]:
    """Each trump's meld, best first; equal totals stay in the order spades, hearts, diamonds,
    clubs (the engine's order of the suits)."""
    return tuple(sorted(scores.items(), key=lambda item: (-item[1].total, item[0].index)))


def score_meld(
    system: Game, values: Mapping[str, Any], cards: str, trump: str | None
) -> MeldReport:
    """The meld of ``cards`` (RULES 1.2 notation) in ``trump`` and in each trump; a bad card, more
    copies than the deck holds (a third from a single deck, a fifth from the others, a nine from
    a double deck), or more cards than a hand holds is refused, placed at the cards."""
    options = options_for(system, values)
    hand = Hand.parse(cards, max_cards=options.hand_size, deck=options.deck)
    suit = _trump(trump)
    return MeldReport(
        options=options,
        hand=hand,
        trump=suit,
        score=meld_from_cards(hand, suit, options),
        by_trump=ranked(meld_by_trump(hand, options)),
    )


def check_meld(
    system: Game,
    values: Mapping[str, Any],
    trump: str | None,
    claims: str | None = None,
    number: int | None = None,
) -> MeldVerdict:
    """Whether named melds (``claims``, as the hand form reads them) or a meld figure as the
    table writes it (``number``) is allowed, as a hand's meld is checked. Claims that cannot be
    read as melds are refused (a ``MeldError`` placed at the meld); a meld the rules do not allow
    is answered, not raised: ``allowed`` is False and ``reason`` is the engine's rule."""
    options = options_for(system, values)
    suit = _trump(trump)
    entry: MeldEntry
    meld = Where(Part.MELD)
    if claims is not None and number is None:
        entry = MeldClaims(tuple(parse_claims(claims, meld, options.deck)))
    elif number is not None and claims is None:
        entry = MeldNumber(options.from_table(number))
    else:
        raise RuleError(
            meld, "Send either the named melds as 'claims' or a figure as 'number', not both."
        )
    try:
        points = evaluate_meld(entry, suit, options, meld)
    except (MeldError, TrumpError) as refusal:
        return MeldVerdict(options, allowed=False, points=None, reason=refusal.rule)
    return MeldVerdict(options, allowed=True, points=points, reason=None)
