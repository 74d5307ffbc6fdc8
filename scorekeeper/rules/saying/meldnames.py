"""Melds named in a line, and whose they are (issue 29; RULES 2.1 to 2.11 the melds, 2.5 who
melds): "Cy has the dix", "Ann a run and 80 kings", "Bob's meld: the dix, a pinochle", "the
dix, ten, plus eighty kings, so ninety", valued by the game's own meld table (``melds``).
"""

from __future__ import annotations

from ..pack.cards import SUITS
from .draft import At, Draft
from .figures import meld_key, put_meld
from .lexer import COMMA, STOP, Kind
from .lists import carried_on, melded_already
from .melds import meld_worths
from .places import bid_follows, bid_said, cue_of_its_own, is_free, is_holder
from .words import Cue


def named_melds(ts: list[At], draft: Draft) -> None:
    """Melds named ("Cy has the dix", "Ann a run and 80 kings", "Bob melded a run"): their
    figure as the game's meld table gives it, the meld of the player or team named just
    before them (after "has" or "melded"; of nobody, in the chip games the declarer's). A
    figure said right after them is the same meld said as a figure ("the dix, 10", "a run
    and a pinochle, that's 190"): one meld, never added twice; a figure that differs from
    the melds' is asked about, as two claims on the meld are. More melds named after that
    figure, of nobody else ("the dix, 10, plus 80 kings, so 90"), are the same player's,
    valued with the first and checked against the figures said after each (the melds so far,
    or those just named: "a run, 15, and a double pinochle, 30" is 45). Name-figure
    pairs said alone after them carry the meld on, as after a meld word ("Bob melded a run,
    150. Cy 40.")."""
    suits = {at.thing.value for at in ts if at.kind is Kind.SUIT}
    trumps = tuple(suits) if len(suits) == 1 else SUITS
    last: At | None = None  # the holder of the melds named last in this sentence
    for k, at in enumerate(ts):
        if at.pause >= STOP:
            last = None
        if at.kind is not Kind.MELD or at.used:
            continue
        if _lacked(ts, k) or _wished(ts, k):
            continue
        first = k
        if _introduced(ts, k):
            first = k - 1  # "has", "melded", "Bob's meld:"
        holder = None
        total = None  # "Cy 210, the run and 60 queens": the melds' figure said first
        if is_holder(ts, first - 1) and not ts[first - 1].used and not ts[first].pause:
            first -= 1
            holder = ts[first]
        elif ts[first].pause == COMMA and _figure_first(ts, first):
            holder, total = ts[first - 2], ts[first - 1]
            holder.used = total.used = True
        elif not ts[first].pause and _figure_first(ts, first) and bid_said(ts, draft):
            # "Cy 190 with a run and a royal marriage", the figure no bid: the melds' figure
            holder, total = ts[first - 2], ts[first - 1]
            holder.used = total.used = True
        elif not ts[first].pause and _for_said(ts, first - 1) and _figure_first(ts, first - 1):
            holder, total = ts[first - 3], ts[first - 2]  # "Cy 150 for the run"
            holder.used = total.used = ts[first - 1].used = True
        elif (
            not ts[first].pause and _for_said(ts, first - 1) and is_free(ts, first - 2, Kind.NUMBER)
        ):
            total = ts[first - 2]  # "bid 300, 150 for the run": the melds' figure, of nobody
            total.used = ts[first - 1].used = True
        elif draft.asks.meld_each:
            holder = _only_player_in_clause(ts, k)  # "Cy bid 100 in spades with a run"
            if holder is not None and not draft.asks.bid:
                holder.used = True  # no declarer to be: "Cy, three dix, 30" is all of Cy's
        names: list[str] = []
        said: list[tuple[int, At]] = []  # each figure said, after how many melds named
        n = k
        while True:
            while is_free(ts, n, Kind.MELD):
                names.append(ts[n].thing.value)
                n += 1
            if _figure_said_again(ts, n):
                said.append((len(names), ts[n]))
                n += 1
            if not (is_free(ts, n, Kind.MELD) and ts[n].pause == COMMA and said):
                break  # more melds of the same player only after a figure and a comma
        said_after = n < len(ts) and ts[n].cue(Cue.MELD) and not ts[n].pause
        if said_after and not is_free(ts, n + 1, Kind.NUMBER):
            n += 1  # "eighty kings for meld": the meld word said after the melds
        if _for_said(ts, n) and is_free(ts, n + 1, Kind.NUMBER) and not ts[n + 1].pause:
            said.append((len(names), ts[n + 1]))  # "queens around for sixty"
            ts[n + 1].used = True
            n += 1
        later = _figure_after_words_unread(ts, n, draft)
        if later is not None and not said:  # "a run in hearts plus eighty kings, 230"
            said.append((len(names), ts[later]))
            ts[later].used = True
        for x in range(first, n):
            ts[x].used = True
        figures = {id(figure) for _, figure in said}
        text = " ".join(ts[x].thing.text for x in range(first, n) if id(ts[x]) not in figures)
        worths = meld_worths(names, trumps, draft.table.options)
        if not worths:
            draft.unknown.append(text)  # no hand of this game shows them
            continue
        if len(worths) > 1:
            draft.ask(text, [str(w) for w in sorted(worths)])
            doubt_meld(holder, draft)
            continue
        beside = _unread_beside(ts, first, n) if not said and total is None else None
        if beside is not None:  # "double aces, a run and a pinochle": more than these?
            draft.ask(text, [str(next(iter(worths))), f"with '{beside.thing.text}'"])
            doubt_meld(holder, draft)
            continue
        if holder is None and draft.asks.meld_each and last is not None:
            # "Cy laid down a double royal marriage in spades with two dix": more of Cy's, or
            # someone else's? Asked, and Cy's meld with it
            doubt_meld(last, draft)
        last = holder if holder is not None else last
        worth = next(iter(worths))
        key = meld_key(holder, draft)
        if key is not None:  # "Eve 2 dixes 20 plus a marriage 20": each group kept apart
            draft.groups.setdefault(key, []).append(worth)
        put_meld(holder, worth, text, draft)
        if total is not None and total.thing.value not in worths:
            put_meld(holder, total.thing.value, total.thing.text, draft)  # asked: which
        before = 0
        for count, figure in said:  # each figure: the melds so far, or those just named
            so_far = meld_worths(names[:count], trumps, draft.table.options)
            alone = meld_worths(names[before:count], trumps, draft.table.options)
            if figure.thing.value not in so_far | alone:  # not the melds as a figure: asked
                put_meld(holder, figure.thing.value, figure.thing.text, draft)
            before = count
        kind = Kind.PLAYER if holder is None else holder.kind
        start = n if bid_said(ts, draft) else -1
        for who, m in carried_on(ts, start, melded_already(draft), draft, kind, meld=True):
            ts[who].used = ts[m].used = True
            carried = f"{ts[who].thing.text} {ts[m].thing.text}"
            put_meld(ts[who], ts[m].thing.value, carried, draft)


def _figure_after_words_unread(ts: list[At], n: int, draft: Draft) -> int | None:
    """Where a figure is said for melds named before ``n`` after words not understood (more
    melds the reader does not know: "a run plus eighty kings, 230" where the deck names no
    "eighty kings"), or, without a bid, after trump: checked against the melds named, so the
    melds alone are never taken for the whole."""
    m = n
    suits = True  # only the card's suit between: "turned up a nine of clubs ten for her"
    while m < len(ts) and not ts[m].holder and ts[m].pause < STOP:
        skipped = ts[m].kind is Kind.UNKNOWN or (ts[m].kind is Kind.SUIT and not draft.asks.bid)
        if not skipped:
            break
        suits = suits and ts[m].kind is Kind.SUIT
        m += 1
    paused = m < len(ts) and (ts[m].pause or suits)
    if m > n and paused and _figure_said_again(ts, m):
        return m
    return None


def _for_said(ts: list[At], k: int) -> bool:
    """True when "for" is said at ``k``, between melds and their figure ("queens around for
    sixty", "150 for the run"): the figure they are worth, never a bid."""
    return 0 <= k < len(ts) and ts[k].cue(Cue.BID) and ts[k].thing.text == "for" and not ts[k].pause


def _unread_beside(ts: list[At], first: int, n: int) -> At | None:
    """A word not understood said straight before or after the melds named at ``first`` to
    ``n`` in their clause ("double aces, a run", "melted aces around and a pinnacle"): they
    may be more melds the reader does not know, so the melds named may not be all."""
    before = ts[first - 1] if first >= 1 else None
    if before is not None and before.kind is Kind.UNKNOWN and not before.used:
        return before if ts[first].pause < STOP else None
    if n < len(ts) and ts[n].kind is Kind.UNKNOWN and not ts[n].used and ts[n].pause < STOP:
        return ts[n]
    return None


def _lacked(ts: list[At], k: int) -> bool:
    """ "Had no marriage": melds said with "no" before them are melds a player lacks, which
    fill nothing (never a meld of 0 and the melds someone's): read, and nothing claimed."""
    if not (k >= 1 and ts[k - 1].kind is Kind.NUMBER and ts[k - 1].thing.text == "no"):
        return False
    if ts[k].pause or ts[k - 1].used:
        return False
    n = k
    while is_free(ts, n, Kind.MELD):
        ts[n].used = True
        n += 1
    ts[k - 1].used = True
    if k >= 2 and ts[k - 2].cue(Cue.HAS) and not ts[k - 1].pause:
        ts[k - 2].used = True
    return True


def _introduced(ts: list[At], k: int) -> bool:
    """True when the melds at ``k`` follow "has" or "melded" ("Cy has the dix"), or a player's
    meld word and a pause ("Bob's meld: the dix, a pinochle"), or a meld word heading a clause
    ("Meld: club run and kings around")."""
    if k < 1 or not (ts[k - 1].cue(Cue.HAS) or ts[k - 1].cue(Cue.MELD)):
        return False
    heading = ts[k - 1].cue(Cue.MELD) and (k == 1 or ts[k - 1].pause >= STOP)  # "Meld: a run"
    return not ts[k].pause or (is_holder(ts, k - 2) and not ts[k - 1].pause) or heading


def _wished(ts: list[At], k: int) -> bool:
    """ "Hoping for a run", "the jack for a run": melds said after "for" with no figure before
    it are melds wished for, not shown (never "150 for the run"): left not understood."""
    figure = is_free(ts, k - 2, Kind.NUMBER) and not ts[k - 1].pause  # "150 for the run"
    return _for_said(ts, k - 1) and not figure and not ts[k].pause


def _figure_first(ts: list[At], first: int) -> bool:
    """True when a player and a figure are said straight before the melds at ``first``, after
    a comma: "Cy 210, the run and 60 queens" (the figure they make, said first)."""
    return (
        is_free(ts, first - 1, Kind.NUMBER)
        and not ts[first - 1].pause
        and is_holder(ts, first - 2)
        and not ts[first - 2].used
        and not bid_follows(ts, first - 1)
    )


def _only_player_in_clause(ts: list[At], k: int) -> At | None:
    """The one player named in the clause before the melds at ``k`` (back to a stop), when it
    names one only: whose melds they are ("Cy bid 100 in spades with a run")."""
    start = k
    while start > 0 and ts[start].pause < STOP:
        start -= 1
    named = [ts[j] for j in range(start, k) if ts[j].holder]
    ids = {p for at in named for p in at.thing.players}
    return named[0] if len(ids) == 1 and named[0].kind is Kind.PLAYER else None


def _figure_said_again(ts: list[At], n: int) -> bool:
    """True when the figure at ``n``, right after melds named, is theirs said as a figure: not
    a bid (before a suit) nor a figure with a cue of its own after it."""
    return (
        is_free(ts, n, Kind.NUMBER)
        and not bid_follows(ts, n)
        and not cue_of_its_own(ts, n + 1, None)
    )


def doubt_meld(holder: At | None, draft: Draft) -> None:
    """The meld of ``holder`` (nobody: the declarer's, in the chip games) asked about as a
    whole: no figure said for it elsewhere in the line is taken."""
    key = meld_key(holder, draft)
    if key is not None:
        draft.doubted.add(key)


def meld_heading(ts: list[At], draft: Draft) -> None:
    """ "Meld: Ann 300 double pinochle, Cy 40", "mld bob run 150": a meld word heading a
    sentence, before a player whose meld the line gave, says what the list is: read."""
    for k, at in enumerate(ts[:-1]):
        heads = k == 0 or at.pause >= STOP
        if at.used or not at.cue(Cue.MELD) or not heads or not is_holder(ts, k + 1):
            continue
        key = meld_key(ts[k + 1], draft)
        if key is not None and (key in draft.claims or key in draft.doubted):
            at.used = True
