"""Every team's bid a contract (RULES 6.6; seed 003, Wikipedia's Pinochle article: "players
bid individually, and partners' bids are then summed. The winning bid only decides trump;
both (or all) teams' bids become their contract, meaning any team can score or be set").

Option ``summed_bids`` of the team games. Each player dealt in states one bid of their own: 0
for no bid, or a bid on the session's ladder (``bidding.bid_problem``: the minimum, the steps,
the forbidden endings, what a hand can make). A team's contract is its members' bids added
up, and may be no more than a team can make. The declarer is the highest bidder; on a tie the
table names which of the highest bidders declared. ``teamscore`` scores every team with a
contract as it scores the bidders, and a team with none as it scores the other sides.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import BidError, Checks, Part, PlayerError, Where
from ..game.bidding import bid_problem, highest_makeable
from ..game.options import OPTION_SPECS, Options
from ..holders import PlayerKey, Team
from .handcheck import check_player
from .handinput import HandContext, HandInput

OWN_BIDS = OPTION_SPECS["summed_bids"].label


def own_bids(hand: HandInput, ctx: HandContext, options: Options) -> dict[PlayerKey, int]:
    """Each player dealt in and their own bid, checked (a player not entered bid 0)."""
    checks = Checks()
    bids = dict.fromkeys(ctx.active, 0)
    entered: set[PlayerKey] = set()
    for player, bid in hand.bids:
        where = Where(Part.OWN_BID, player)
        if player in entered:
            checks.add(BidError(where, f"{player}'s bid is entered twice."))
            continue
        entered.add(player)
        if checks.run(check_player, player, ctx, where, "bidder") is None:
            continue
        problem = _own_bid_problem(bid, options)
        if problem:
            checks.add(BidError(where, f"{player}: {problem}"))
        else:
            bids[player] = bid
    if hand.bid is not None:
        checks.add(
            BidError(
                Where(Part.BID),
                f"Under '{OWN_BIDS}' each player's own bid is entered, not one bid for the table.",
            )
        )
    if hand.takeover:
        checks.add(BidError(Where(Part.TAKEOVER), f"Under '{OWN_BIDS}' nobody takes a bid over."))
    checks.done()
    if not any(bids.values()):
        raise BidError(
            Where(Part.OWN_BID),
            "Nobody bid: enter each player's own bid (0 for no bid), at least one above 0.",
        )
    _check_ceilings(bids, ctx, options)
    return bids


def _own_bid_problem(bid: int, options: Options) -> str | None:
    """Why ``bid`` is not a player's own bid: 0 is no bid; anything else is a legal bid."""
    if bid == 0:
        return None
    if bid < 0:
        return "a bid is 0 (no bid) or more."
    problem = bid_problem(bid, options)
    if problem and bid < options.min_bid:
        return f"{problem} Enter 0 for no bid."
    return problem


def _check_ceilings(bids: Mapping[PlayerKey, int], ctx: HandContext, options: Options) -> None:
    """No team's contract above what a team can make (RULES 8, decision 2)."""
    top = highest_makeable(options)
    t = options.to_table
    checks = Checks()
    for team, contract in team_contracts(bids, ctx).items():
        if contract > top:
            biggest = max(team, key=lambda p: bids.get(p, 0))
            checks.add(
                BidError(
                    Where(Part.OWN_BID, biggest),
                    f"{team} bid {t(contract)} together, more than a team can make "
                    f"(at most {t(top)}).",
                )
            )
    checks.done()


def team_contracts(bids: Mapping[PlayerKey, int], ctx: HandContext) -> dict[Team, int]:
    """Each team's contract: its members' own bids added up."""
    return {team: sum(bids.get(p, 0) for p in team) for team in ctx.teams}


def summed_declarer(
    declarer: PlayerKey | None, ctx: HandContext, bids: Mapping[PlayerKey, int], options: Options
) -> PlayerKey:
    """The declarer: the highest bidder, or the one of the highest the table names on a tie."""
    top = max(bids.values())
    highest = [p for p in ctx.active if bids.get(p) == top]
    t = options.to_table
    if declarer is None or declarer == "":
        if len(highest) == 1:
            return highest[0]
        names = " and ".join(str(p) for p in highest)
        raise PlayerError(
            Where(Part.DECLARER),
            f"{names} each bid {t(top)}: choose which of them declared.",
        )
    check_player(declarer, ctx, Where(Part.DECLARER), "declarer")
    if declarer not in highest:
        names = " and ".join(str(p) for p in highest)
        raise PlayerError(
            Where(Part.DECLARER, declarer),
            f"{declarer} bid {t(bids.get(declarer, 0))}, but the declarer is the highest "
            f"bidder: {names} bid {t(top)}.",
        )
    return declarer


def check_summed(
    hand: HandInput, ctx: HandContext, options: Options, checks: Checks
) -> tuple[PlayerKey | None, int | None]:
    """The declarer and the declarers' contract under ``summed_bids`` (None where a rule broke,
    kept in ``checks``)."""
    bids = checks.run(own_bids, hand, ctx, options)
    if bids is None:
        if hand.declarer is not None:
            checks.run(check_player, hand.declarer, ctx, Where(Part.DECLARER), "declarer")
        return None, None
    declarer = checks.run(summed_declarer, hand.declarer, ctx, bids, options)
    if declarer is None:
        return None, None
    return declarer, team_contracts(bids, ctx)[ctx.team_of(declarer)]
