"""Corrections said in a line (issue 29): "350 spades, no wait, hearts", "Bob bid 270, no,
280", "Ann 170 in cards, no 180", "Cy 13 -- no, Cy 12 and Ann 7": what is said after a
correction word takes the place of what it corrects, where that was said, before the rest of
the line is read.
"""

from __future__ import annotations

from .lexer import Kind, Thing
from .places import kept_only
from .words import Cue

_CORRECTED = (Kind.SUIT, Kind.NUMBER, Kind.PLAYER, Kind.OUTCOME)


def corrected(items: list[tuple[Thing, int]]) -> list[tuple[Thing, int]]:
    """A correction said ("350 spades, no wait, hearts"): the thing said after it takes the
    place of the last one of its kind said before it (a suit, a figure, a player, an outcome),
    so it is read where that was said ("Cy 410, hearts, made it. Wait, 430": Cy's 430 before
    hearts, the bid); with none before, the correction is left not understood (asked). Two
    correction words together ("wait, sorry") are one."""
    out = [_no_as_correction(items, c) for c in range(len(items))]
    keep = [True] * len(out)
    for c, (thing, _) in enumerate(out):
        if thing.kind is not Kind.CORRECTION:
            continue
        a = next((j for j in range(c + 1, len(out)) if not _aside(out[j][0])), None)
        after = None if a is None else out[a][0]
        if after is not None and after.kind is Kind.CORRECTION:
            keep[c] = False  # "wait, sorry, 430": the second says it
            continue
        if a is None or after is None or after.kind not in _CORRECTED:
            continue
        new_n = _pair_at(out, c + 1)
        if new_n is not None:
            # "took Ann 140 Bob 110, no wait, Bob 120": a player and a figure replace the
            # same player's figure said before (else the last player said with a figure), and
            # the player with it (never the player alone, leaving the figure to be read as
            # something else)
            pairs = [(j, n) for j in range(c) if (n := _pair_at(out, j)) is not None]
            said_before = [(j, n) for j, n in pairs if keep[j] and keep[n] and n < c]
            same = [(j, n) for j, n in said_before if out[j][0].value == after.value]
            pairs = same or said_before  # the same player's figure, else the last player's
            if pairs:
                j, n = pairs[-1]
                out[j] = (after, out[j][1])
                out[n] = (out[new_n][0], out[n][1])
                for x in (c, *range(a, new_n + 1)):  # "no, Ann had 70": all of it
                    keep[x] = False
                _corrected_on(out, keep, said_before, new_n + 1)
                continue
        before = [j for j in range(c) if keep[j] and out[j][0].kind is after.kind]
        if before:
            out[before[-1]] = (after, out[before[-1]][1])
            keep[a] = keep[c] = False
    return kept_only(out, keep)


def _aside(thing: Thing) -> bool:
    """True for what a correction's new thing may come after: a filler, "he" ("scratch that,
    he made it")."""
    return thing.kind is Kind.FILLER or (thing.kind is Kind.CUE and thing.value is Cue.HE_SHE)


def _corrected_on(
    out: list[tuple[Thing, int]], keep: list[bool], pairs: list[tuple[int, int]], k: int
) -> None:
    """ "Cy 13, no, Cy 12 and Ann 7": the players and figures said on after a correction's
    first, each of a player given a figure before it, correct those figures too."""
    while True:
        j = k
        while j < len(out) and (out[j][0].kind is Kind.FILLER or out[j][0].value is Cue.AND):
            j += 1
        n = _pair_at(out, j)
        said = out[j][0] if n is not None else None
        same = [(p, f) for p, f in pairs if said is not None and out[p][0].value == said.value]
        if n is None or said is None or not same:
            return
        out[same[-1][1]] = (out[n][0], out[same[-1][1]][1])
        for x in range(k, n + 1):
            keep[x] = False
        k = n + 1


def _no_as_correction(items: list[tuple[Thing, int]], c: int) -> tuple[Thing, int]:
    """ "Bob bid 270, no, 280", "Ann 170, no 180", "360 C, no H", "fifty eight no fifty
    nine": "no" said after a pause and before a pause or a thing it may correct (a figure, a
    suit, a player, an outcome), or between two figures, is a correction (said of a player,
    "Bob no", it is his nothing)."""
    thing, pause = items[c]
    after = items[c + 1] if c + 1 < len(items) else None
    figure_after = after is not None and after[0].kind is Kind.NUMBER
    corrects = after is not None and after[0].kind in _CORRECTED  # "360 C -- no H"
    alone = pause and after is not None and (after[1] or corrects)
    between = c >= 1 and items[c - 1][0].kind is Kind.NUMBER and figure_after  # "58 no 59"
    if thing.kind is Kind.NUMBER and thing.text == "no" and (alone or between):
        return Thing(Kind.CORRECTION, None, thing.text), pause
    return items[c]


def _pair_at(items: list[tuple[Thing, int]], j: int) -> int | None:
    """Where the figure said straight after a player at or after ``j`` (past fillers) is,
    when there is one: "Bob 110"."""
    while j < len(items) and items[j][0].kind is Kind.FILLER:
        j += 1
    if j >= len(items) or items[j][0].kind is not Kind.PLAYER:
        return None
    n = j + 1
    while n < len(items) and not items[n][1] and _between_name_and_figure(items[n][0]):
        n += 1
    if n < len(items) and items[n][0].kind is Kind.NUMBER and not items[n][1]:
        return n
    return None


def _between_name_and_figure(thing: Thing) -> bool:
    """True for a filler or "had" between a player and a figure ("Ann had 70")."""
    return thing.kind is Kind.FILLER or (thing.kind is Kind.CUE and thing.value is Cue.HAS)
