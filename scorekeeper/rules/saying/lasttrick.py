"""Who took the last trick, said in a line (issue 29; RULES 3.1 the last trick's 10, 6.4
Bison's last trick entered apart): "Bob took the last trick", "last trick Bob", "bob last",
"last Bob".
"""

from __future__ import annotations

from .draft import At, Draft
from .lexer import Kind
from .places import is_holder, leans, subject_of
from .words import ADDED_LAST, Cue


def read_last_trick(ts: list[At], draft: Draft) -> None:
    """ "Bob took the last trick", "Bob last trick", "last trick Bob", and "bob last" said
    alone at the end of a clause (never "last 10": a figure of a word not understood)."""
    for k, at in enumerate(ts):
        last_alone = (
            at.kind is Kind.UNKNOWN
            and at.thing.text == "last"
            and not at.pause
            and is_holder(ts, k - 1)
            and (k + 1 >= len(ts) or bool(ts[k + 1].pause))
        )
        last_first = (  # "last Bob", typed short
            at.kind is Kind.UNKNOWN
            and at.thing.text == "last"
            and is_holder(ts, k + 1)
            and not ts[k + 1].pause
            and (k + 2 >= len(ts) or bool(ts[k + 2].pause))
        )
        if not (at.cue(Cue.LAST_TRICK) or last_alone or last_first):
            continue
        # "Ann had 15 counters and the last trick, Bob 6": added to what she took, never Bob's
        added = at.thing.text.startswith(ADDED_LAST) and not at.pause
        if last_first:
            who = k + 1
        elif is_holder(ts, k - 1):
            who = k - 1
        elif k >= 2 and ts[k - 1].cue(Cue.TOOK) and is_holder(ts, k - 2):
            who, ts[k - 1].used = k - 2, True
        elif is_holder(ts, k + 1) and not ts[k + 1].pause and not added:
            who = k + 1
        elif subject_of(ts, k, draft) is not None:
            who = subject_of(ts, k, draft)  # type: ignore[assignment]
        else:
            continue  # said of nobody: left unread
        at.used = True
        ts[who].used = ts[who].used or not (who < k - 1 and leans(ts, k))
        pid = draft.who(ts[who])
        if pid is not None:
            draft.claim(("last_trick",), pid, f"{ts[who].thing.text} {at.thing.text}")
