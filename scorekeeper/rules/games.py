"""When a cumulative game ends and who wins it (RULES section 6).

Each for themselves (Bison, two-handed, cutthroat): once anyone reaches the target, the
declarer wins if among them ("the bidder goes out"), otherwise the higher score; two
non-declarers tied on top play another hand. Options add a negative floor, a fixed number of
deals, and a target that rises when two pass it on one hand (Parlett). By team: a team that
reached the target alone wins; if several did, the bidding team wins when it is among them and
made its bid (option ``both_reach``; at ``higher``, as the four-player blog plays, the bid
does not matter), otherwise the higher score; a tie on top means another hand, and that hand's
winner, now the higher score, wins (seed 004). A team game without a bid ends as the games
each for themselves do, team by team: the higher of those past the target, or the target
rises (``target_raise``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .holders import Holder
from .options import BothReach, GameSystem, Options, Scoring


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The verdict after a hand: a winner with the reason, or play on."""

    winner: Holder | None
    reason: str
    floor_pending: bool = False
    target: int | None = None  # a target raised by a tie (``target_raise``), for the next hand


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
    target: int | None = None,
) -> GameEnd:
    """Whether a game each for themselves ends after a hand, and who wins it (``target``: the
    target as raised by an earlier tie, if it was)."""
    t = options.to_table
    goal = options.target if target is None else target
    reached = [p for p in scores if scores[p] >= goal]
    if reached:
        if declarer in reached:
            return GameEnd(declarer, f"the bidder goes out at {t(scores[declarer])}")
        if len(reached) > 1 and options.target_raise:
            return _raised(scores, reached, goal, options, floor_pending)
        winner = _single_top(scores, reached)
        if winner:
            return GameEnd(winner, f"reached {t(goal)} with {t(scores[winner])}")
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
    bidders_first = options.both_reach is BothReach.BIDDERS_MADE
    if bidders_first and bidding_team in reached and made:
        return GameEnd(bidding_team, "both teams passed the target; the bidders made their bid")
    winner = _single_top(scores, reached)
    if winner:
        return GameEnd(winner, "both teams passed the target; higher score wins")
    return GameEnd(None, "tied on top past the target: another hand decides")


def _raised(
    scores: Mapping[Holder, int],
    reached: list[Holder],
    goal: int,
    options: Options,
    floor_pending: bool,
) -> GameEnd:
    """Two or more passed the target on one hand: it rises until one alone is past it."""
    t = options.to_table
    raised = goal + options.target_raise
    while sum(scores[p] >= raised for p in reached) > 1:
        raised += options.target_raise
    past = [p for p in reached if scores[p] >= raised]
    if past:
        return GameEnd(past[0], f"alone past the target raised to {t(raised)}")
    return GameEnd(
        None,
        f"two passed {t(goal)} on one hand: the target rises to {t(raised)}",
        floor_pending,
        raised,
    )


def game_end(
    system: GameSystem,
    scores: Mapping[Holder, int],
    declarer_holder: Holder | None,
    made: bool | None,
    options: Options,
    deals: int,
    floor_pending: bool,
    target: int | None = None,
) -> GameEnd:
    """Whether a cumulative game ends after a hand (each for themselves, or by team)."""
    if system.scoring is Scoring.EACH or not options.auction:  # no bid: per player or team
        return bison_end(scores, declarer_holder, options, deals, floor_pending, target)
    return partnership_end(scores, declarer_holder, made, options)
