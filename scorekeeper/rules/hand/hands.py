"""One hand: what the table enters, and the result under each game system (RULES 4 to 6).

``HandInput`` holds what was entered (declarer, bid, trump, outcome, meld per player, tricks).
``score_hand`` checks it against the rules and the hand's seating (``HandContext``, worked out
by the session replay) and returns a ``HandResult``: each holder's change, the kitty's and the
pot's, and every payment as a flow from one holder to another.
"""

from __future__ import annotations

from ..errors import Checks, Part, PlayerError, Where
from ..game.bidding import TAKEOVER_BID
from ..game.options import Options, Scoring
from ..holders import KITTY, POT
from .chipscore import score_chip_hand
from .eachscore import score_each_hand, score_unbid_hand
from .handcheck import (
    check_allowed,
    check_forfeit,
    check_hand_bid,
    check_player,
    check_trump,
    check_trump_meld,
)
from .handinput import (
    HandContext,
    HandInput,
    HandResult,
    MeldCards,
    MeldClaims,
    MeldEntry,
    MeldNumber,
    breakdowns,
    evaluate_meld,
    meld_breakdown,
)
from .outcome import Outcome
from .payments import Flow
from .summed import check_summed
from .teamscore import score_team_hand
from .teamunbid import score_unbid_team_hand


def score_hand(hand: HandInput, ctx: HandContext, options: Options) -> HandResult:
    """Check one hand against the rules and work out its result.

    Every independent rule is checked (the outcome, declarer, bid, trump, each player's meld,
    the tricks, the reneger) and all those broken are raised together (``RuleErrors``; one
    alone as its own error). What depends on them, made or set from meld and tricks, is
    worked out only once they pass.
    """
    outcome = hand.outcome
    if outcome is Outcome.MISDEAL:
        return HandResult(Outcome.MISDEAL, passes_deal=False, notes=("redeal by the same dealer",))
    if outcome is Outcome.ALL_PASS:
        check_allowed(outcome, options)
        return HandResult(Outcome.ALL_PASS, notes=("thrown in; the next player deals",))
    if not options.auction and options.has_teams:
        return score_unbid_team_hand(hand, ctx, options)
    if not options.auction:
        return score_unbid_hand(hand, ctx, options)
    checks = Checks()
    if outcome is not None:
        checks.run(check_allowed, outcome, options)
    if options.summed_bids:  # every team's bid a contract (RULES 6.6)
        declarer, bid = check_summed(hand, ctx, options, checks)
    else:
        declarer = checks.run(check_player, hand.declarer, ctx, Where(Part.DECLARER), "declarer")
        bid = checks.run(check_hand_bid, hand, options)
    if hand.takeover and bid is not None and declarer is not None and declarer != ctx.dealer:
        checks.add(
            PlayerError(
                Where(Part.DECLARER, declarer),
                f"In a dealer takeover the dealer ({ctx.dealer}) plays the 250 bid.",
            )
        )
    if outcome is None or outcome.value in options.outcomes:  # what trump needs hangs on it
        if outcome is Outcome.FORFEIT:
            checks.run(check_forfeit, hand, ctx, options, declarer)
        checks.run(check_trump, hand)
    if options.trump_needs_meld and declarer is not None:
        checks.run(check_trump_meld, hand, declarer)
    scoring = options.system.scoring
    if scoring is Scoring.CHIPS:
        return score_chip_hand(hand, ctx, options, checks, declarer, bid)
    if scoring is Scoring.EACH:
        return score_each_hand(hand, ctx, options, checks, declarer, bid)
    return score_team_hand(hand, ctx, options, checks, declarer, bid)


__all__ = [
    "KITTY",
    "POT",
    "TAKEOVER_BID",
    "Flow",
    "HandContext",
    "HandInput",
    "HandResult",
    "MeldCards",
    "MeldClaims",
    "MeldEntry",
    "MeldNumber",
    "Outcome",
    "breakdowns",
    "evaluate_meld",
    "meld_breakdown",
    "score_hand",
]
