"""A chip game's hand (RULES 5): the declarer against everyone, paid in chips, with the kitty
and the pot.
"""

from __future__ import annotations

from ..errors import Checks, OutcomeError
from ..game.options import Options
from ..holders import KITTY, POT, Holder, PlayerKey
from .handcheck import OUTCOME, PLAYED, check_melds, checked, derive_outcome, side_tricks, unplayed
from .handinput import HandContext, HandInput, HandResult
from .outcome import Outcome
from .payments import chip_hand


def score_chip_hand(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    """A chip game's hand: made or set, and every payment with the kitty and the pot."""
    if hand.reneger and hand.outcome is not Outcome.RENEGE:  # (a renege outcome is refused)
        checks.add(OutcomeError(OUTCOME, f"{options.system.label} has no renege outcome."))
    melds = check_melds(hand, ctx, options, None if declarer is None else (declarer,), checks)
    tricks = None
    if hand.tricks is not None:
        sides = checks.run(side_tricks, hand, options, "Enter the declarer's side trick points.")
        if sides is not None and hand.outcome not in PLAYED:
            checks.add(unplayed(hand, "not played"))
        tricks = None if sides is None else sides.declarer_points
    declarer, bid = checked(checks, declarer, bid)
    meld = melds.get(declarer)
    if tricks is not None and meld is None:
        meld = 0
    outcome, made = derive_outcome(hand, meld, tricks, options)
    flows, notes, extra = chip_hand(outcome, declarer, bid, hand.trump, ctx, options)
    changes: dict[Holder, int] = {p: 0 for p in ctx.seated}
    kitty = pot = 0
    for flow in flows:
        for holder, sign in ((flow.payer, -1), (flow.payee, 1)):
            if holder is KITTY:
                kitty += sign * flow.amount
            elif holder is POT:
                pot += sign * flow.amount
            else:
                changes[holder] += sign * flow.amount
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        flows=tuple(flows),
        kitty_change=kitty,
        pot_change=pot,
        melds=tuple(melds.items()),
        declarer_side=tricks,
        made=made,
        takeover=hand.takeover,
        notes=tuple(notes),
        **extra,
    )
