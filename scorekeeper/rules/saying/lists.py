"""Lists said after a cue (issue 29; RULES 2.5 who melds, 3.1 and 6.4 takes): the name-figure
pairs a meld or tricks word said before them carries on to ("Ann 8 counters, Bob 10, Cy 2"), or
back to ("Gus 80, Hal 150 meld"), sentence by sentence, never to a player already given that
field; and "the rest" said of the one player whose take a list left out.
"""

from __future__ import annotations

from ..pack.tricks import trick_total
from .draft import At, Draft
from .lexer import STOP, Kind
from .places import cue_of_its_own, is_free, is_holder
from .words import REST, Cue


def carried_on(
    ts: list[At], j: int, had: frozenset[int], draft: Draft, kind: Kind
) -> list[tuple[int, int]]:
    """The name-figure pairs from ``j`` a cue said before them carries on to: each a player or
    team and a figure, alone between pauses ("Ann 8 counters, Bob 10, Cy 2": Bob's and Cy's
    counters too), up to a figure before a suit where the game has a bid ("Bob, 300, spades");
    none where ``j`` is -1. A sentence of the list that names a player twice, or one already
    given that field (``had``: "Bob a run, Ann 60 queens. Bob 91, Ann 50" is another list), is
    not carried on to, nor any after it; nor a team after players' figures, or players after a
    team's (``kind``: "Hal 930. Ann's team 148" is the team's tricks, not their meld)."""
    pairs: list[tuple[int, int]] = []
    while (
        j >= 0
        and is_holder(ts, j)
        and ts[j].kind is kind
        and not ts[j].used
        and ts[j].pause
        and is_free(ts, j + 1, Kind.NUMBER)
        and not ts[j + 1].pause
        and (j + 2 >= len(ts) or ts[j + 2].pause)
        and not (j + 2 < len(ts) and ts[j + 2].kind is Kind.SUIT and draft.asks.bid)
        and not cue_of_its_own(ts, j + 2, None)
    ):
        pairs.append((j, j + 1))
        j += 2
    kept: list[tuple[int, int]] = []
    for sentence in _sentences(ts, pairs):
        said = [p for who, _ in kept + sentence for p in ts[who].thing.players]
        if len(set(said)) < len(said) or not had.isdisjoint(said):
            break
        kept += sentence
    return kept


def _sentences(ts: list[At], pairs: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """``pairs`` cut where a stop comes before one (". Ann 50"): each sentence's pairs."""
    out: list[list[tuple[int, int]]] = []
    for who, n in pairs:
        if not out or ts[who].pause >= STOP:
            out.append([])
        out[-1].append((who, n))
    return out


def melded_already(draft: Draft) -> frozenset[int]:
    """The players (or sides, by their first seat) the line has given a meld already."""
    return frozenset(key[1] for key in draft.claims if key[0] == "meld" and key[1] is not None)


def carried_back(ts: list[At], j: int) -> list[tuple[int, int]]:
    """The name-figure pairs said before the pair at ``j`` that the cue said after it carries
    back to: each a player or team and a figure, alone between pauses, the last one's pause
    before ``j`` ("Gus 80, Hal 150 meld": Gus's meld too); never a figure before a suit."""
    pairs: list[tuple[int, int]] = []
    while (
        ts[j].pause
        and is_holder(ts, j - 2)
        and not ts[j - 2].used
        and (j - 2 == 0 or ts[j - 2].pause)
        and is_free(ts, j - 1, Kind.NUMBER)
        and not ts[j - 1].pause
    ):
        j -= 2
        pairs.append((j, j + 1))
    return pairs


def the_rest(ts: list[At], draft: Draft) -> None:
    """ "Ann 180 in cards, Bob the rest", "Bob got the rest": where nobody bids and each
    player's take is entered (RULES 6.4), the rest said of the one player whose take is not
    said is what the others' takes leave of the deck's trick points (RULES 3.1); left not
    understood anywhere else."""
    table = draft.table
    if draft.asks.bid or not draft.asks.takes_each:
        return
    total = table.options.to_table(trick_total(table.options.deck))
    for k, at in enumerate(ts):
        if at.used or at.thing.value != REST:
            continue
        h = k - 2 if k >= 2 and ts[k - 1].cue(Cue.TOOK) and not ts[k - 1].used else k - 1
        if h < 0 or ts[h].kind is not Kind.PLAYER or ts[h].used or len(ts[h].thing.players) != 1:
            continue
        pid = ts[h].thing.players[0]
        takes = {seat.id: draft.value(("take", seat.id)) for seat in table.seats}
        others = [taken for p, taken in takes.items() if p != pid]
        if takes[pid] is not None or None in others or sum(others) > total:
            continue
        for x in range(h, k + 1):
            ts[x].used = True
        draft.claim(("take", pid), total - sum(others), f"{ts[h].thing.text} {at.thing.text}")
