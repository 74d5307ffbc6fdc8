"""Chip-game payments (RULES section 5): schedules, trump multipliers, the kitty and the pot.

Every payment is a ``Flow`` of whole units from one holder to another; the kitty and the pot
are holders like the players. A made bid collects V (schedule value times trump multiplier)
from every opponent, those sitting out included; a set pays each ``set_factor`` times V; a
concession pays the value without multiplier (the pot game keeps the multiplier when trump was
named); Hoyle's forfeit pays the value to the kitty only. The kitty joins from
``kitty_threshold``; when it cannot pay, everyone at the table chips in equal whole units. The
pot collects like one more opponent from a set or conceding declarer and is taken by a made bid
of ``pot_threshold`` or more, after which everyone antes again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..game.options import Options, Schedule
from ..holders import KITTY, POT, Holder, PlayerKey
from ..pack.cards import Suit
from .outcome import Outcome

if TYPE_CHECKING:
    from .hands import HandContext

_FIFTIES = (300, 350, 400, 450, 500, 550, 600)
_BRACKETS: dict[Schedule, tuple[tuple[int, ...], tuple[int, ...]]] = {
    # lower bound of each bracket, and its value in units
    Schedule.BROOKLYN: ((250, 350, 400, 450, 500, 550), (1, 2, 4, 8, 16, 32)),
    Schedule.BROOKLYN_GENTLE_A: (_FIFTIES, (1, 2, 4, 6, 8, 10, 12)),
    Schedule.BROOKLYN_GENTLE_B: (_FIFTIES, (1, 3, 7, 10, 13, 16, 19)),
    Schedule.BROOKLYN_GENTLE_C: (_FIFTIES, (2, 3, 4, 5, 6, 7, 8)),
    Schedule.HOYLE: (_FIFTIES, (3, 5, 10, 15, 20, 25, 30)),
}


class Flow(NamedTuple):
    """One payment within a hand: ``payer`` gives ``payee`` ``amount`` units (immutable)."""

    payer: Holder
    payee: Holder
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


def schedule_value(bid: int, options: Options) -> int:
    """Units a made ``bid`` wins from each opponent, before any trump multiplier.

    A bid below the lowest bracket uses the lowest bracket.
    """
    schedule = options.schedule
    if schedule is Schedule.POT:
        return bid // 50
    if schedule is Schedule.HOYLE_DOUBLING:
        return 10 * 2 ** ((bid - 400) // 50) if bid >= 400 else (5 if bid >= 350 else 3)
    if schedule is Schedule.HOYLE_PLUS_TWO:
        return 4 + 2 * ((bid - 400) // 50) if bid >= 400 else (2 if bid >= 350 else 1)
    if schedule is Schedule.HOYLE_PLUS_ONE:
        return 5 + (bid - 350) // 10 if bid >= 350 else 3
    bounds, values = _BRACKETS[schedule]
    value = values[0]
    for bound, bracket_value in zip(bounds, values, strict=True):
        if bid >= bound:
            value = bracket_value
    return value


def trump_multiplier(trump: Suit | None, options: Options) -> int:
    """2 for spades under ``spades_double``, 3 for hearts under ``hearts_triple``, else 1."""
    if trump is Suit.SPADES and options.spades_double:
        return 2
    if trump is Suit.HEARTS and options.hearts_triple:
        return 3
    return 1


def ante_units(options: Options) -> int:
    """The pot game's ante in units (the ante in cents divided by the stake)."""
    return options.ante // options.stake if options.system.kind.has_pot else 0


def chip_hand(
    outcome: Outcome,
    declarer: PlayerKey,
    bid: int,
    trump: Suit | None,
    ctx: HandContext,
    options: Options,
) -> tuple[list[Flow], list[str], dict[str, Any]]:
    """Every flow of a chip-game hand, notes for the table, and the figures behind them."""
    opponents = [p for p in ctx.seated if p != declarer]
    base = schedule_value(bid, options)
    multiplier = trump_multiplier(trump, options)
    kitty_in = options.system.kind.has_kitty and bid >= options.kitty_threshold
    pot_in = options.system.kind.has_pot
    flows: list[Flow] = []
    notes: list[str] = []
    extra: dict[str, Any] = {"value": base * multiplier, "multiplier": multiplier}

    def pay_all(payer_is_declarer: bool, amount: int) -> None:
        others: list[Holder] = list(opponents)
        if kitty_in:
            others.append(KITTY)
        if pot_in and payer_is_declarer:
            others.append(POT)
        for other in others:
            if payer_is_declarer:
                flows.append(Flow(declarer, other, amount))
            else:
                flows.append(Flow(other, declarer, amount))

    if outcome in (Outcome.MADE, Outcome.OPPONENTS_CONCEDED):
        pay_all(False, base * multiplier)
        if pot_in and bid >= options.pot_threshold and ctx.pot > 0:
            flows.append(Flow(POT, declarer, ctx.pot))
            extra["pot_taken"] = ctx.pot
            ante = ante_units(options)
            if ante:
                flows.extend(Flow(p, POT, ante) for p in ctx.seated)
                extra["ante"] = ante
            notes.append(f"{declarer} takes the pot; everyone antes again")
    elif outcome is Outcome.SET:
        pay_all(True, options.set_factor * base * multiplier)
    elif outcome is Outcome.CONCEDED:
        keeps_multiplier = options.system.kind.has_pot and trump is not None
        if not keeps_multiplier:
            extra["multiplier"] = 1
        pay_all(True, base * (multiplier if keeps_multiplier else 1))
    elif outcome is Outcome.FORFEIT:
        flows.append(Flow(declarer, KITTY, base))
        extra["multiplier"] = 1
        extra["value"] = base
    if options.system.kind.has_kitty:
        kitty_after = ctx.kitty + sum(
            f.amount if f.payee == KITTY else -f.amount if f.payer == KITTY else 0 for f in flows
        )
        if kitty_after < 0:
            share = -(kitty_after // len(ctx.seated))  # the shortfall per player, rounded up
            flows.extend(Flow(p, KITTY, share) for p in ctx.seated)
            extra["chip_in"] = share
            notes.append(f"the kitty was {-kitty_after} chips short: everyone chips in {share}")
    return flows, notes, extra
