"""What a player has, holds or showed (issue 29; RULES 2 meld, 2.6 melds are tens): "Ann had
40" is her meld, carried on to the pairs said after it ("Ann and Cy had 60, Bob and Dee 180"),
unless a tricks word of its own follows it or no meld can be the figure.
"""

from __future__ import annotations

from .draft import At, Draft
from .figures import put_meld
from .lexer import Kind
from .lists import all_the_takes, carried_on, melded_already
from .places import bid_follows, bid_said, cue_of_its_own, is_free, is_holder, subject_of
from .words import Cue


def read_had(ts: list[At], draft: Draft) -> None:
    """ "Ann had 40": the figure a player has, holds or showed is their meld (tricks are
    taken, not had), unless a tricks word of its own follows it ("had 130 in tricks"); "had
    40" said of nobody named is meld too, of the declarer where only the declarer melds. The
    meld carries on to the name-figure pairs said after it ("Ann and Cy had 60, Bob and Dee
    180"), as after a meld word."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.HAS) or at.used:
            continue
        figured = k + 2 < len(ts) and ts[k + 1].kind is Kind.NUMBER and not ts[k + 1].pause
        if figured and ts[k + 2].cue(Cue.MELD) and not ts[k + 2].pause:
            at.used = True  # "had a hundred in meld", "showed 260 meld": the meld word read it
            continue
        if not (is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause):
            continue
        if bid_follows(ts, k + 1) or cue_of_its_own(ts, k + 2, None):
            continue
        figure = ts[k + 1]
        if at.pause or not is_holder(ts, k - 1):
            # "Ann 300 spades made, she had 40": meld of a player the line does not name
            # (the clause's, without a bid), asked whose where everyone melds; never tricks
            who = subject_of(ts, k, draft)
            at.used = figure.used = True
            said = f"{at.thing.text} {figure.thing.text}"
            put_meld(None if who is None else ts[who], figure.thing.value, said, draft)
            continue
        holder = ts[k - 1]
        start = k + 2 if bid_said(ts, draft) else -1
        carried = carried_on(ts, start, melded_already(draft), draft, holder.kind, meld=True)
        figures = [figure.thing.value, *(ts[m].thing.value for _, m in carried)]
        no_meld = any(draft.table.options.from_table(f) % 10 for f in figures)
        takes = all_the_takes([*figures, *_takes_said(ts)], draft)
        if draft.asks.takes_each and (no_meld or takes):
            continue  # "Bob had 10 and Cy 5": no meld is 5 (RULES 2.6); or the takes add up
        holder.used = at.used = figure.used = True
        said = f"{holder.thing.text} {at.thing.text} {figure.thing.text}"
        if _the_rest_of_a_take(ts, figure.thing.value, draft):
            # "Bob's side took 220 so Ann's side had 270": the rest of the deck's trick
            # points, or meld? asked
            draft.ask(said, ["meld", "tricks"])
            continue
        put_meld(holder, figure.thing.value, said, draft)
        carried = carried_on(ts, start, melded_already(draft), draft, holder.kind, meld=True)
        for who, m in carried:  # "Ann and Cy had 60, Bob and Dee 180"
            ts[who].used = ts[m].used = True
            put_meld(ts[who], ts[m].thing.value, f"{ts[who].thing.text} {ts[m].thing.text}", draft)


def _the_rest_of_a_take(ts: list[At], figure: int, draft: Draft) -> bool:
    """True when the line says a figure taken ("took 220") that with ``figure`` makes the
    deck's trick points (RULES 3.1)."""
    total = draft.table.trick_points
    return any(
        at.cue(Cue.TOOK)
        and is_free(ts, k + 1, Kind.NUMBER)
        and ts[k + 1].thing.value + figure == total
        for k, at in enumerate(ts[:-1])
    )


def _takes_said(ts: list[At]) -> list[int]:
    """The figures the line says with a tricks word, not read yet ("Bob ended up with 100 in
    tricks", "took 0 tricks"): read after what players had."""
    return [
        at.thing.value
        for k, at in enumerate(ts)
        if at.kind is Kind.NUMBER and not at.used
        and ((k + 1 < len(ts) and ts[k + 1].cue(Cue.TRICKS) and not ts[k + 1].pause)
             or (k >= 1 and ts[k - 1].cue(Cue.TOOK) and not at.pause))
    ]  # fmt: skip
