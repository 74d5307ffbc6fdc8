"""A partnership hand of two, three or four teams (RULES 6.2, 6.3): the bidders' contract and
what every other side scores, by the house's terms (``contract.py``).
"""

from __future__ import annotations

from ..errors import Checks, OutcomeError
from ..game.options import OPTION_SPECS, Options
from ..holders import Holder, PlayerKey, Team
from ..pack.tricks import TrickShares, buried_most
from .handcheck import (
    OUTCOME,
    PLAYED,
    TRICKS,
    check_melds,
    checked,
    derive_outcome,
    side_tricks,
    unplayed,
)
from .handinput import HandContext, HandInput, HandResult
from .outcome import Outcome
from .summed import team_contracts


def team_tricks(
    hand: HandInput, ctx: HandContext, bidders: Team, options: Options
) -> dict[Team, int]:
    """Each team's trick points: the bidders' figure where two teams play (and the buried cards
    count: else the other side's is not the rest), else every team's."""
    if len(ctx.teams) == 2 and not buried_most(options):
        sides = side_tricks(hand, options, "Enter the bidding team's trick points.")
        others = next(team for team in ctx.teams if team != bidders)
        return {bidders: sides.declarer_points, others: sides.other_points(options.deck)}
    if not isinstance(hand.tricks, TrickShares):
        raise OutcomeError(TRICKS, "Enter each team's trick points.")
    hand.tricks.check(ctx.heads, options)
    return {team: hand.tricks.of(team.members[0]) for team in ctx.teams}


def trickless_set(hand: HandInput, options: Options) -> tuple[Outcome, bool]:
    """Bidders who took no trick point are set, whatever their meld (``bidders_no_trick``)."""
    if hand.outcome not in (None, Outcome.SET):
        label = OPTION_SPECS["bidders_no_trick"].label
        raise OutcomeError(
            OUTCOME,
            f"The bidding team took no trick point: under '{label}' at 'They are set' that "
            f"hand is set, not {hand.outcome.value}.",
        )
    return Outcome.SET, False


def score_team_hand(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    """A partnership hand: the bidders' contract and each other side's score, by the contract."""
    melds = check_melds(hand, ctx, options, ctx.active, checks)
    bidders = None if declarer is None else checks.run(ctx.team_of, declarer)
    if hand.reneger and hand.outcome is not Outcome.RENEGE:  # (a renege outcome is refused)
        checks.add(OutcomeError(OUTCOME, f"{options.system.label} has no renege outcome."))
    outcome = hand.outcome
    taken = None
    if outcome in PLAYED and bidders is not None:
        taken = checks.run(team_tricks, hand, ctx, bidders, options)
    elif outcome in PLAYED and isinstance(hand.tricks, TrickShares):
        checks.run(hand.tricks.check, ctx.heads, options)
    elif outcome in PLAYED:
        checks.run(side_tricks, hand, options, "Enter the bidding team's trick points.")
    elif hand.tricks is not None:
        checks.add(unplayed(hand, "not played out"))
    declarer, bid = checked(checks, declarer, bid)
    assert bidders is not None, "a declarer on no team was a broken rule"
    contract = options.contract
    team_meld = {team: sum(melds.get(p, 0) for p in team) for team in ctx.teams}
    contracts = _contracts(hand, ctx, options, bidders, bid)
    changes: dict[Holder, int] = {}
    fates: dict[Team, bool | None] = {}
    made = None
    if taken is not None:
        if contract.trickless_set(taken[bidders]):
            outcome, made = trickless_set(hand, options)
        else:
            counted = contract.bidders_meld(team_meld[bidders], taken[bidders])
            outcome, made = derive_outcome(hand, counted, taken[bidders], options, bid)
        for team in ctx.teams:
            owed = contracts.get(team, 0)
            fates[team] = made if team == bidders else None
            if owed and team != bidders:  # summed bids: another team's own contract
                fates[team] = contract.bidders_make(team_meld[team], taken[team], owed)
            if owed:
                changes[team] = contract.bidders_score(
                    team_meld[team], taken[team], owed, fates[team] is True
                )
            else:
                changes[team] = contract.defenders_score(
                    team_meld[team], taken[team], bid, made is True
                )
    else:
        for team in ctx.teams:
            surrendered = contract.surrendered_score(team_meld[team])
            changes[team] = -bid if team == bidders else surrendered
    assert outcome is not None, "a played hand's outcome is worked out from its figures"
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(sorted((taken or {}).items(), key=lambda item: item[0] != bidders)),
        made=made,
        bids=_own_bids(hand, ctx, options),
        contracts=tuple((team, contracts.get(team, 0), fates.get(team)) for team in ctx.teams)
        if options.summed_bids
        else (),
    )


def _contracts(
    hand: HandInput, ctx: HandContext, options: Options, bidders: Team, bid: int
) -> dict[Team, int]:
    """Each team's contract: the bidders' bid, or under ``summed_bids`` every team's own
    bids added up (RULES 6.6)."""
    if options.summed_bids:
        return team_contracts(dict(hand.bids), ctx)
    return {bidders: bid}


def _own_bids(
    hand: HandInput, ctx: HandContext, options: Options
) -> tuple[tuple[PlayerKey, int], ...]:
    """Under ``summed_bids`` each player dealt in and their own bid, clockwise (0: no bid)."""
    if not options.summed_bids:
        return ()
    bids = dict(hand.bids)
    return tuple((p, bids.get(p, 0)) for p in ctx.seated if p in ctx.active)
