"""Who reneged, said in a line (issue 29; RULES 5.3 a renege, Bison's): "Cy reneged", "Bob
reneged on his own bid" (the declarer), "Ann bid 260 and then reneged herself" (the one player
the line names).
"""

from __future__ import annotations

from ..hand.outcome import Outcome
from .draft import At, Draft
from .lexer import Kind
from .places import is_holder
from .words import Cue


def read_reneger(ts: list[At], draft: Draft) -> None:
    """ "Cy reneged": the player beside a renege (never "renege on Cy's 260": Cy's bid);
    "reneged herself": the one player the line names."""
    for k, at in enumerate(ts):
        renege = at.kind is Kind.OUTCOME and at.thing.value is Outcome.RENEGE
        if not renege or Outcome.RENEGE not in draft.asks.outcomes:
            continue
        if not _beside(ts, k, draft) and at.thing.text.endswith("self"):
            named = {p for said in ts if said.kind is Kind.PLAYER for p in said.thing.players}
            if len(named) == 1:
                draft.claim(("reneger",), next(iter(named)), at.thing.text)


def _beside(ts: list[At], k: int, draft: Draft) -> bool:
    """Reads the player said beside the renege at ``k`` (True when one is)."""
    for who in (k - 1, k + 1):
        after = who > k and ts[who].pause if 0 <= who < len(ts) else True
        whose = who > k and is_holder(ts, who) and ts[who].thing.text.endswith("'s")
        if whose:
            return False  # "renege on Cy's 260": Cy bid it; who reneged is not said
        if is_holder(ts, who) and not ts[who].used and not after:
            ts[who].used = True
            pid = draft.who(ts[who])
            if pid is not None:
                draft.claim(("reneger",), pid, ts[who].thing.text)
            own = max(k, who) + 1  # "reneged on his own bid": the declarer reneged
            if pid is not None and own < len(ts) and ts[own].cue(Cue.OWN_BID):
                ts[own].used = True
                draft.claim(("declarer",), pid, f"{ts[who].thing.text} {ts[own].thing.text}")
            return True
    return False
