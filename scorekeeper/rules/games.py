"""When a cumulative game ends and who wins it (RULES section 6).

Bison: once anyone reaches the target, the declarer wins if among them ("the bidder goes
out"), otherwise the higher score; two non-declarers tied on top play another hand. Options
add a negative floor and a fixed number of deals. Partnership: a team that reached the target
wins; if both did, the bidding team wins when it made its bid, otherwise the higher score; a
tie on top means another hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .holders import Holder
from .options import GameSystem, Options, Scoring


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The verdict after a hand: a winner with the reason, or play on."""

    winner: Holder | None
    reason: str
    floor_pending: bool = False


def _single_top(scores: Mapping[Holder, int], among: list[Holder]) -> Holder | None:
    top = max(scores[h] for h in among)
    leaders = [h for h in among if scores[h] == top]
    return leaders[0] if len(leaders) == 1 else None


def bison_end(
    scores: Mapping[Holder, int],
    declarer: Holder | None,
    options: Options,
    deals: int,
    floor_pending: bool,
) -> GameEnd:
    """Whether a Bison game ends after a hand, and who wins it."""
    t = options.to_table
    reached = [p for p in scores if scores[p] >= options.target]
    if reached:
        if declarer in reached:
            return GameEnd(declarer, f"the bidder goes out at {t(scores[declarer])}")
        winner = _single_top(scores, reached)
        if winner:
            return GameEnd(winner, f"reached {t(options.target)} with {t(scores[winner])}")
        return GameEnd(None, "tied on top past the target: another hand decides", floor_pending)
    if options.negative_floor is not None:
        breached = floor_pending or any(s < options.negative_floor for s in scores.values())
        if breached:
            if any(s > 0 for s in scores.values()):
                winner = _single_top(scores, list(scores))
                if winner:
                    return GameEnd(
                        winner, f"a score fell below {t(options.negative_floor)}: highest wins"
                    )
                return GameEnd(None, "floor passed but tied on top: another hand decides", True)
            return GameEnd(None, "floor passed with nobody above 0: play on", True)
    if options.fixed_deals is not None and deals >= options.fixed_deals:
        winner = _single_top(scores, list(scores))
        if winner:
            return GameEnd(winner, f"highest after {options.fixed_deals} deals")
        return GameEnd(
            None, "tied on top after the fixed deals: another hand decides", floor_pending
        )
    return GameEnd(None, "", floor_pending)


def partnership_end(
    scores: Mapping[Holder, int], bidding_team: Holder | None, made: bool | None, options: Options
) -> GameEnd:
    """Whether a partnership game ends after a hand, and which team wins it."""
    t = options.to_table
    reached = [team for team in scores if scores[team] >= options.target]
    if not reached:
        return GameEnd(None, "")
    if len(reached) == 1:
        return GameEnd(reached[0], f"reached {t(options.target)}")
    if bidding_team in reached and made:
        return GameEnd(bidding_team, "both teams passed the target; the bidders made their bid")
    winner = _single_top(scores, reached)
    if winner:
        return GameEnd(winner, "both teams passed the target; higher score wins")
    return GameEnd(None, "tied on top past the target: another hand decides")


def game_end(
    system: GameSystem,
    scores: Mapping[Holder, int],
    declarer_holder: Holder | None,
    made: bool | None,
    options: Options,
    deals: int,
    floor_pending: bool,
) -> GameEnd:
    """Whether a cumulative game ends after a hand (Bison or Partnership rules)."""
    if system.scoring is Scoring.EACH:
        return bison_end(scores, declarer_holder, options, deals, floor_pending)
    return partnership_end(scores, declarer_holder, made, options)
