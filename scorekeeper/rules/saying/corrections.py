"""What a line says that is put in the place of what it stands for before the rest is read
(issue 29): corrections ("350 spades, no wait, hearts", "Bob bid 270, no, 280", "Ann 170 in
cards, no 180", "Cy 13 -- no, Cy 12 and Ann 7"), and the card the dealer turned up where
nobody bids ("Ann turned up the nine of hearts": her dix, and hearts trump; RULES 6.4).
"""

from __future__ import annotations

import re

from ..pack.ranks import Suit
from .lexer import STOP, Kind, Thing
from .places import kept_only
from .words import SUIT_WORDS, Cue

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
        said = _they_said(out, keep, c, a)
        if said is not None:  # "they only took 30. I mean Ann and Cy took 30": that clause
            for x in range(said, c + 1):
                keep[x] = False
            continue
        before = [j for j in range(c) if keep[j] and out[j][0].kind is after.kind]
        if before:
            out[before[-1]] = (after, out[before[-1]][1])
            keep[a] = keep[c] = False
    return kept_only(out, keep)


def _they_said(out: list[tuple[Thing, int]], keep: list[bool], c: int, a: int) -> int | None:
    """Where "they" or "we" was said in the sentence before the correction at ``c``, when the
    correction names players joined ("I mean Ann and Cy"): the clause it takes back starts
    there."""
    joined = a + 2 < len(out) and out[a + 1][0].kind is Kind.CUE and out[a + 1][0].value is Cue.AND
    if out[a][0].kind is not Kind.PLAYER or not joined or out[a + 2][0].kind is not Kind.PLAYER:
        return None
    j = c - 1
    while j >= 0 and keep[j]:
        thing = out[j][0]
        if thing.kind is Kind.CUE and thing.value is Cue.THEY:
            return j
        if out[j][1] >= STOP and j < c - 1:
            return None  # an earlier sentence
        j -= 1
    return None


def _aside(thing: Thing) -> bool:
    """True for what a correction's new thing may come after: a filler, "he" ("scratch that,
    he made it"), a bid word ("no, she went to sixty"), "and" ("he played it out and was set")."""
    cue = thing.kind is Kind.CUE and thing.value in (Cue.HE_SHE, Cue.BID, Cue.AND)
    return thing.kind is Kind.FILLER or cue  # "no, she went to sixty": the sixty


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
    corrects = after is not None and (after[0].kind in _CORRECTED or _aside(after[0]))
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


_TURNED = frozenset({"turned", "turned up", "turns up", "turned over", "turns", "was turned"})
_NINE_OF = re.compile(r"^(?:the )?(?:nine|9) of (\w+)$")


def turned_up(items: list[tuple[Thing, int]], bid: bool) -> list[tuple[Thing, int]]:
    """ "Ann turned up the nine of hearts": where nobody bids the card turned is trump and a
    dix turned up is the dealer's meld (RULES 6.4: "a dix turned up scores 10 for the
    dealer"), read as "Ann the dix" with hearts said at the end of the line; where a bid is
    said, the card is only a card (asked)."""
    if bid:
        return items
    out = list(items)
    trumps: list[tuple[Thing, int]] = []
    for k in range(1, len(items)):
        thing, pause = items[k]
        before = items[k - 1][0]
        said = _NINE_OF.match(thing.text) if thing.kind is Kind.UNKNOWN else None
        suit = _suit_named(said.group(1)) if said else None
        if before.kind is Kind.FILLER and before.text in _TURNED and suit is not None:
            dix = (Thing(Kind.MELD, "dix", thing.text, thing.length), pause)
            dealer = _dealer_before(items, k - 1)  # "Ann dealt and turned...": Ann's dix
            out[k] = dix if dealer is None else (dealer, pause)
            if dealer is not None:
                out.insert(k + 1 + len(out) - len(items), (dix[0], 0))
            trumps.append((Thing(Kind.SUIT, suit, said.group(1) if said else ""), STOP))
    return out + trumps


def _dealer_before(items: list[tuple[Thing, int]], k: int) -> Thing | None:
    """The one player said before ``k`` in its clause, past "dealt" and "and" ("Ann dealt and
    turned"), when something stands between them; None when the player is said right before
    (they hold the dix as said) or none is."""
    j = k - 1
    passed = False
    while j >= 0 and items[j + 1][1] < STOP:
        thing = items[j][0]
        if thing.kind is Kind.PLAYER and len(thing.value) == 1:
            return thing if passed else None
        if not (thing.kind is Kind.CUE and thing.value in (Cue.DEALT, Cue.AND)):
            return None
        passed = True
        j -= 1
    return None


def _suit_named(word: str) -> Suit | None:
    """The suit ``word`` names ("hearts", "heart"), or None."""
    return next((suit for suit, words in SUIT_WORDS.items() if word in words[:2]), None)
