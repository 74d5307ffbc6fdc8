"""A hand where each plays for themselves (RULES 6.1, 6.4): Bison's contract, and the games
without a bid (two-handed, Parlett's cutthroat), where each player adds meld and tricks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..errors import BidError, Checks, OutcomeError, Part, PlayerError, Where
from ..game.options import Options
from ..holders import Holder, PlayerKey
from ..pack.tricks import TrickShares
from .handcheck import (
    PLAYED,
    check_allowed,
    check_melds,
    checked,
    derive_outcome,
    player_tricks,
    unplayed,
)
from .handinput import HandContext, HandInput, HandResult
from .outcome import Outcome

T = TypeVar("T", bound=Holder)


def score_each_hand(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    """A Bison hand: the declarer's contract; an opponent's meld kept with a counter."""
    players = ctx.active
    melds = check_melds(hand, ctx, options, players, checks)
    outcome = hand.outcome
    took = None
    if outcome in PLAYED:
        took = checks.run(player_tricks, hand, players, options)
    elif hand.tricks is not None:
        checks.add(unplayed(hand, "not played out"))
    if outcome is Outcome.RENEGE and hand.reneger not in players:
        checks.add(
            PlayerError(
                Where(Part.RENEGER, hand.reneger), "Say who reneged: the declarer or an opponent."
            )
        )
    if hand.reneger and outcome is not Outcome.RENEGE:
        checks.add(
            OutcomeError(
                Where(Part.RENEGER, hand.reneger),
                "A reneger is only named when the outcome is renege.",
            )
        )
    declarer, bid = checked(checks, declarer, bid)
    meld = {p: melds.get(p, 0) for p in players}
    opponents = [p for p in players if p != declarer]
    changes: dict[Holder, int] = {p: 0 for p in players}
    sets: dict[PlayerKey, int] = {}
    tricks: dict[Holder, int] = {}
    made = None
    reneger = None
    if took is not None:
        tricks = {p: took.points(p, options) for p in players}
        outcome, made = derive_outcome(hand, meld[declarer], tricks[declarer], options)
        if made:
            changes[declarer] = meld[declarer] + tricks[declarer]
        else:
            changes[declarer] = -bid
            sets[declarer] = 2
        for p in opponents:
            changes[p] = meld[p] + tricks[p] if took.took_a_counter(p) else 0
    elif outcome is Outcome.CONCEDED:
        changes[declarer] = -bid
        sets[declarer] = 1
        for p in opponents:
            changes[p] = meld[p]
    else:  # renege
        reneger = hand.reneger
        if reneger == declarer:
            changes[declarer] = -bid
            sets[declarer] = 2
            for p in opponents:
                changes[p] = meld[p]
        else:
            changes[declarer] = bid + meld[declarer]
            assert reneger is not None, "a renege without a reneger was a broken rule"
            sets[reneger] = 1
            for p in opponents:
                changes[p] = 0 if p == reneger else meld[p]
    assert outcome is not None, "a played hand's outcome is worked out from its figures"
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(tricks.items()),
        made=made,
        sets=tuple(sets.items()),
        reneger=reneger,
    )


def no_bidding(hand: HandInput) -> None:
    """A hand without an auction names no declarer, bid, takeover or reneger."""
    checks = Checks()
    for value, part in (
        (hand.declarer, Part.DECLARER),
        (hand.bid, Part.BID),
        (hand.reneger, Part.RENEGER),
    ):
        if value not in (None, ""):
            checks.add(BidError(Where(part), "Nobody bids in this game: leave it empty."))
    if hand.takeover:
        checks.add(BidError(Where(Part.TAKEOVER), "Nobody bids in this game: no takeover."))
    checks.done()


def _shares(hand: HandInput, ctx: HandContext, options: Options) -> dict[PlayerKey, int]:
    """Each player's trick points: entered with the last trick in them, or as takes and who
    took the last trick."""
    if isinstance(hand.tricks, TrickShares):
        hand.tricks.check(ctx.active, options, "players'")
        return {p: hand.tricks.of(p) for p in ctx.active}
    took = player_tricks(hand, ctx.active, options)
    return {p: took.points(p, options) for p in ctx.active}


def check_unbid(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    shares: Callable[[HandInput, HandContext, Options], dict[T, int]],
) -> tuple[dict[PlayerKey, int], dict[T, int]]:
    """A hand without a bid checked, every broken rule at once: its outcome (played or a
    misdeal), no bidding, each player's meld and the trick points ``shares`` reads."""
    checks = Checks()
    if hand.outcome is not None:
        checks.run(check_allowed, hand.outcome, options)
    checks.run(no_bidding, hand)
    melds = check_melds(hand, ctx, options, ctx.active, checks)
    tricks = checks.run(shares, hand, ctx, options)
    checks.done()
    assert tricks is not None, "missing tricks were a broken rule"
    return melds, tricks


def score_unbid_hand(hand: HandInput, ctx: HandContext, options: Options) -> HandResult:
    """Each player adds their meld and trick points; one who took nothing loses the meld. Trump
    (turned up) need not be named: it changes no figure entered as a number."""
    melds, tricks = check_unbid(hand, ctx, options, _shares)
    changes: dict[Holder, int] = {
        p: melds.get(p, 0) + tricks[p] if tricks[p] > 0 else 0 for p in ctx.active
    }
    return HandResult(
        Outcome.PLAYED,
        trump=hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(tricks.items()),
    )
