"""A team hand without a bid (RULES 6.4, "Teams without a bid"): Bicycle's Partnership
Pinochle, where trump is turned up, everyone melds and each side scores its partners' meld
and its trick points; a side that wins no trick loses its meld.

Every team is scored as the contract scores a side that did not bid (``contract.py``): its
meld on the board (``meld_minimum``) counts when its tricks save it (``meld_saved_by``), and a
side under ``meld_save_points`` scores nothing at all. A trick is read as a trick point (RULES
8, decision 15). With two teams the first seat's team's trick points are entered and the other
team has the rest of the deck's total; with three or four, each team's, under its first seat.
"""

from __future__ import annotations

from ..errors import OutcomeError
from ..game.options import Options
from ..holders import Holder, Team
from ..pack.tricks import SideTricks, TrickShares
from .eachscore import check_unbid
from .handcheck import TRICKS
from .handinput import HandContext, HandInput, HandResult
from .outcome import Outcome


def team_tricks(hand: HandInput, ctx: HandContext, options: Options) -> dict[Team, int]:
    """Each team's trick points, the last trick in them: with two teams one figure for the
    first seat's team (or each team's), with three or four each team's."""
    if len(ctx.teams) == 2 and isinstance(hand.tricks, SideTricks):
        hand.tricks.check(options)
        first, second = ctx.teams
        taken = hand.tricks.declarer_points
        return {first: taken, second: hand.tricks.other_points(options.deck)}
    if not isinstance(hand.tricks, TrickShares):
        if len(ctx.teams) == 2:
            raise OutcomeError(
                TRICKS, f"Enter the trick points of {ctx.teams[0]}; the other side has the rest."
            )
        raise OutcomeError(TRICKS, "Enter each team's trick points.")
    hand.tricks.check(ctx.heads, options)
    return {team: hand.tricks.of(team.members[0]) for team in ctx.teams}


def score_unbid_team_hand(hand: HandInput, ctx: HandContext, options: Options) -> HandResult:
    """Each team adds its partners' meld and its trick points, as the contract scores a side
    that did not bid; a team that took no trick point loses its meld."""
    melds, taken = check_unbid(hand, ctx, options, team_tricks)
    contract = options.contract
    changes: dict[Holder, int] = {}
    for team in ctx.teams:
        meld = sum(melds.get(p, 0) for p in team)
        changes[team] = contract.defenders_score(meld, taken[team], 0, made=True)
    return HandResult(
        Outcome.PLAYED,
        trump=hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(taken.items()),
    )
