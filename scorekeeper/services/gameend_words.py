"""Why a game ended, said the way a player at the table says it (RULES section 6).

The engine gives an ``EndReason`` (``rules/games.py``): what happened and its figures in full
points. This module words it once for every page, the PDF, the API and the session file:
naming the winner, with every figure as the table writes it ("Ann went out bidding: 520").
"""

from __future__ import annotations

from scorekeeper.rules.evening.games import Ending, EndReason
from scorekeeper.rules.figures import MINUS
from scorekeeper.rules.holders import Holder

_COUNTS = ("None", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")


def _figure(points: int | None, scale: int) -> str:
    """A full-points figure as the table writes it, a negative one with a real minus sign
    ("" for a figure this reason does not have)."""
    if points is None:
        return ""
    units = points // scale
    return f"{MINUS}{-units}" if units < 0 else str(units)


_WORDS = {
    Ending.BIDDER_OUT: "{winner} went out bidding: {score}",
    Ending.REACHED: "{winner} reached {target} first, with {score}",
    Ending.MOST_PAST: "{same_hand} and {winner} had {most}: {score}",
    Ending.BIDDERS_MADE: "{same_hand}; {winner} bid and made it: {score}",
    Ending.RAISED: "{same_hand}, so the game went to {raised}; {winner} passed that too: {score}",
    Ending.FLOOR: "{below}, which ends the game: {winner} is highest with {score}",
    Ending.FIXED_DEALS: "Highest after {deals} deals: {winner}, with {score}",
    Ending.TIED_PAST_TARGET: (
        "{count} passed {target}, tied on top at {score}: another hand decides"
    ),
    Ending.TIED_BELOW_FLOOR: "{below} with the top tied at {score}: another hand decides",
    Ending.TIED_AFTER_DEALS: "Tied on top at {score} after {deals} deals: another hand decides",
    Ending.TARGET_RISES: "{same_hand}, so the game goes to {raised}: play on",
    Ending.NOBODY_ABOVE_ZERO: "{below} but nobody is above 0: play on until someone is",
}


def game_end_words(reason: EndReason, winner: Holder | None, scale: int) -> str:
    """``reason`` in a player's words, naming ``winner``; ``scale``: the table's points."""
    score, target, raised, floor = (
        _figure(n, scale) for n in (reason.score, reason.target, reason.raised, reason.floor)
    )
    count = _COUNTS[reason.past] if reason.past < len(_COUNTS) else str(reason.past)
    return _WORDS[reason.ending].format(
        winner=winner,
        score=score,
        target=target,
        raised=raised,
        deals=reason.deals,
        count=count,
        most="more" if reason.past == 2 else "the most",
        same_hand=f"{count} passed {target} on the same hand",
        below=f"A score went below {floor}",
    )
