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

Why a game ended, or why it goes on, is an ``EndReason``: an ``Ending`` with the figures that
say it (full points). The engine never words it; ``services/gameend_words.py`` says it the
way a player at the table does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..game.options import BothReach, Options, Scoring
from ..game.variant import Game
from ..holders import Holder


class Ending(Enum):
    """Why a game ended (the first seven) or why it goes on though someone got somewhere."""

    BIDDER_OUT = "bidder out"  # the declarer is among those past the target
    REACHED = "reached"  # one alone past the target
    MOST_PAST = "most past"  # several past the target, one above the others
    BIDDERS_MADE = "bidders made"  # several teams past the target, the bidders made their bid
    RAISED = "raised"  # several past the target on one hand, one alone past it as raised
    FLOOR = "floor"  # a score below the negative floor: the highest wins
    FIXED_DEALS = "fixed deals"  # the highest after the fixed number of deals
    TIED_PAST_TARGET = "tied past target"  # play goes on: another hand decides
    TIED_BELOW_FLOOR = "tied below floor"
    TIED_AFTER_DEALS = "tied after deals"
    TARGET_RISES = "target rises"  # several past the target on one hand, none alone past it raised
    NOBODY_ABOVE_ZERO = "nobody above zero"  # a score below the floor, none above 0


@dataclass(frozen=True, slots=True)
class EndReason:
    """An ``Ending`` with its figures in full points (``deals``: a count of deals)."""

    ending: Ending
    score: int | None = None  # the winner's score, or the score tied on top
    target: int | None = None  # the target as it stood on the hand
    raised: int | None = None  # the target as raised (``target_raise``)
    floor: int | None = None  # the negative floor
    deals: int | None = None  # the fixed number of deals
    past: int = 0  # how many players or teams passed the target on the hand


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The verdict after a hand: a winner with the reason, or play on (with why, if any)."""

    winner: Holder | None
    reason: EndReason | None = None
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
    goal = options.target if target is None else target
    reached = [p for p in scores if scores[p] >= goal]
    if reached:
        past = len(reached)
        if declarer in reached:
            return GameEnd(
                declarer, EndReason(Ending.BIDDER_OUT, scores[declarer], goal, past=past)
            )
        if past > 1 and options.target_raise:
            return _raised(scores, reached, goal, options, floor_pending)
        winner = _single_top(scores, reached)
        if winner:
            ending = Ending.REACHED if past == 1 else Ending.MOST_PAST
            return GameEnd(winner, EndReason(ending, scores[winner], goal, past=past))
        tied = max(scores[p] for p in reached)
        why = EndReason(Ending.TIED_PAST_TARGET, tied, goal, past=past)
        return GameEnd(None, why, floor_pending)
    floor = options.negative_floor
    if floor is not None:
        breached = floor_pending or any(s < floor for s in scores.values())
        if breached:
            top = max(scores.values())
            if top > 0:
                winner = _single_top(scores, list(scores))
                if winner:
                    return GameEnd(winner, EndReason(Ending.FLOOR, top, floor=floor))
                return GameEnd(None, EndReason(Ending.TIED_BELOW_FLOOR, top, floor=floor), True)
            return GameEnd(None, EndReason(Ending.NOBODY_ABOVE_ZERO, top, floor=floor), True)
    fixed = options.fixed_deals
    if fixed is not None and deals >= fixed:
        top = max(scores.values())
        winner = _single_top(scores, list(scores))
        if winner:
            return GameEnd(winner, EndReason(Ending.FIXED_DEALS, top, deals=fixed))
        return GameEnd(None, EndReason(Ending.TIED_AFTER_DEALS, top, deals=fixed), floor_pending)
    return GameEnd(None, None, floor_pending)


def partnership_end(
    scores: Mapping[Holder, int], bidding_team: Holder | None, made: bool | None, options: Options
) -> GameEnd:
    """Whether a partnership game ends after a hand, and which team wins it."""
    goal = options.target
    reached = [team for team in scores if scores[team] >= goal]
    past = len(reached)
    if not reached:
        return GameEnd(None)
    if past == 1:
        (team,) = reached
        return GameEnd(team, EndReason(Ending.REACHED, scores[team], goal, past=1))
    bidders_first = options.both_reach is BothReach.BIDDERS_MADE
    if bidders_first and bidding_team in reached and made:
        assert bidding_team is not None
        why = EndReason(Ending.BIDDERS_MADE, scores[bidding_team], goal, past=past)
        return GameEnd(bidding_team, why)
    winner = _single_top(scores, reached)
    if winner:
        return GameEnd(winner, EndReason(Ending.MOST_PAST, scores[winner], goal, past=past))
    tied = max(scores[team] for team in reached)
    return GameEnd(None, EndReason(Ending.TIED_PAST_TARGET, tied, goal, past=past))


def _raised(
    scores: Mapping[Holder, int],
    reached: list[Holder],
    goal: int,
    options: Options,
    floor_pending: bool,
) -> GameEnd:
    """Two or more passed the target on one hand: it rises until one alone is past it."""
    raised = goal + options.target_raise
    while sum(scores[p] >= raised for p in reached) > 1:
        raised += options.target_raise
    past = [p for p in reached if scores[p] >= raised]
    if past:
        (winner,) = past
        why = EndReason(Ending.RAISED, scores[winner], goal, raised, past=len(reached))
        return GameEnd(winner, why)
    why = EndReason(Ending.TARGET_RISES, None, goal, raised, past=len(reached))
    return GameEnd(None, why, floor_pending, raised)


def game_end(
    system: Game,
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
