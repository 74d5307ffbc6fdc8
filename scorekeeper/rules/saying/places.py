"""Where a word sits in a said line (issue 29): the questions every clause asks of the words
beside it. Is the word at ``k`` a figure not yet read, a player or team, after a pause; which
player a cue word is said of ("Ann meld 190 took 130": Ann took 130); whether a bid follows.
"""

from __future__ import annotations

from typing import TypeVar

from .draft import At, Draft
from .lexer import COMMA, STOP, Kind
from .table import SayingTable
from .words import Cue

_T = TypeVar("_T")


FIGURE_CUES = (Cue.TOOK, Cue.TRICKS, Cue.MELD, Cue.HAS)
"""The cues that say the figure beside them is meld or tricks."""


def figure_next(ts: list[At], k: int) -> bool:
    """True when the word at ``k`` follows with no pause and is a figure or a figure's cue."""
    if k >= len(ts) or ts[k].pause:
        return False
    return ts[k].kind is Kind.NUMBER or any(ts[k].cue(cue) for cue in FIGURE_CUES)


def kept_only(items: list[tuple[_T, int]], keep: list[bool]) -> list[tuple[_T, int]]:
    """``items`` (each with the pause before it) without those ``keep`` leaves out, a pause
    before a word left out kept before the next word kept (", and Bob" pauses before Bob)."""
    out: list[tuple[_T, int]] = []
    carried = 0
    for (item, pause), kept in zip(items, keep, strict=True):
        if kept:
            out.append((item, max(pause, carried)))
            carried = 0
        else:
            carried = max(carried, pause)
    return out


def is_paused(ts: list[At], k: int) -> bool:
    """True when a pause comes before the word at ``k``."""
    return 0 <= k < len(ts) and bool(ts[k].pause)


def is_free(ts: list[At], k: int, kind: Kind) -> bool:
    """True when place ``k`` holds an unread thing of ``kind``."""
    return 0 <= k < len(ts) and not ts[k].used and ts[k].kind is kind


def is_holder(ts: list[At], k: int) -> bool:
    """True when the word at ``k`` names a player or a team."""
    return 0 <= k < len(ts) and ts[k].holder


def cue_of_its_own(ts: list[At], k: int, cue: Cue | None) -> bool:
    """True when ``ts[k]`` is another cue word said straight after the figure before it (no
    pause between), which that figure belongs to: a list of meld stops before "Ann's team 250
    in tricks" (but not before ", tricks 30", a cue of a list of its own)."""
    if k >= len(ts) or ts[k].kind is not Kind.CUE or ts[k].pause:
        return False
    heads = is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
    if heads and (k + 2 >= len(ts) or ts[k + 2].pause):
        return False  # "meld bob & dee 110 tricks 150": the cue is 150's
    return ts[k].thing.value not in (cue, Cue.AND, Cue.IN, Cue.LAST_TRICK)


def bid_said(ts: list[At], draft: Draft) -> bool:
    """True when a figure beside a name cannot be the bid: the game has none, or the line says
    it (after a bid word, or a figure before a suit). Each player's own bid (summed bids) may
    be any name's figure: never."""
    asks = draft.asks
    if not asks.bid:
        return True
    if asks.summed:
        return False
    return draft.claimed(("bid",)) or any(
        is_free(ts, k, Kind.NUMBER) and is_free(ts, k + 1, Kind.SUIT) for k in range(len(ts))
    )


def subject_of(ts: list[At], k: int, draft: Draft) -> int | None:
    """The player a cue word at ``k`` is said of when no figure sits between them: "Ann meld
    190 took 130" (Ann took 130), back over what was read already, within the clause (never
    back past a pause); or, when the cue starts a part of the clause after a comma, the
    player or team the clause starts with when it names no other ("Bob 60 meld, took 250;
    Ann ...": Bob took 250), in a game without a bid (with one, the player a line starts with
    is most often the declarer, whose bid says nothing of whose the figures after it are:
    "Ann 300 spades made, 60 meld" is asked); in any game, for "took" (and the last trick
    said straight after it) across a comma, the player said doing something just before
    (``_said_doing``: "Ann melded 80 and took 110"; never "Ann and Cy meld 20, tricks 30",
    a list going on). Such a player is not used up (``leans``)."""
    walked = _walked(ts, k)
    doing = ts[k].cue(Cue.TOOK) or (ts[k].cue(Cue.LAST_TRICK) and not ts[k].pause)
    if walked is None and doing and ts[k].pause < STOP:
        walked = _said_doing(ts, k)
    if walked is not None or draft.asks.bid:
        return walked
    return _clause_subject(ts, k) if ts[k].pause == COMMA else None


def _said_doing(ts: list[At], k: int) -> int | None:
    """The player said just before the cue at ``k`` across a comma, when what was said of
    them between is read already and starts with a word of what they did: "Ann melded 80
    and took 110" (Ann took 110); never across a bare figure ("Bob 40, took 110": whose?)."""
    j = k - 1
    while j >= 0 and ts[j + 1].pause < STOP:
        if ts[j].holder:
            said = ts[j + 1]
            did = (said.kind is Kind.CUE and not said.cue(Cue.AND)) or said.kind is Kind.MELD
            return j if j + 1 < k and did and not said.pause else None
        if not ts[j].used:
            return None
        j -= 1
    return None


def _walked(ts: list[At], k: int) -> int | None:
    """The player said just before the cue at ``k``, back over what was read already and no
    pause."""
    j = k - 1
    if ts[k].pause:
        return None
    while j >= 0:
        if ts[j].holder:
            return j
        if not ts[j].used or ts[j].pause:
            return None
        j -= 1
    return None


def leans(ts: list[At], k: int) -> bool:
    """True when the cue at ``k`` is said of its clause's player only as the clause's subject
    (``subject_of``): that player is not used up by it."""
    return _walked(ts, k) is None


def _clause_subject(ts: list[At], k: int) -> int | None:
    """The player or team the clause holding ``k`` starts with (a clause runs from the line's
    start or a stop, ". ;", to the next), when it is the only one the clause names."""
    start = k
    while start > 0 and ts[start].pause < STOP:
        start -= 1
    end = k + 1
    while end < len(ts) and ts[end].pause < STOP:
        end += 1
    holders = [j for j in range(start, end) if ts[j].holder]
    return start if holders == [start] else None


def bid_follows(ts: list[At], k: int) -> bool:
    """True when the figure at ``k`` is followed by a suit with no pause: a bid ("Bob 350
    spades"), not the last of a list ("Cy 0, Dee 0, spades")."""
    return k + 1 < len(ts) and ts[k + 1].kind is Kind.SUIT and not ts[k + 1].pause


def holder_name(holder: At, table: SayingTable) -> str:
    """A player or team said, by the names the table knows them by."""
    return " & ".join(table.name(pid) for pid in holder.thing.players)


def biddable(figure: int, draft: Draft) -> bool:
    """True when ``figure``, as the table writes figures, is at least the game's lowest bid."""
    options = draft.table.options
    return figure >= options.to_table(options.min_bid)
