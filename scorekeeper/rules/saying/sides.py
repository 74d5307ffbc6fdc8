"""Whose side "they", "we", "our side" and "her team" are (issue 29): the side of the players
the line names, when they are all of one team, or of the declarer where "we" made or went set;
otherwise asked (RULES 6.1: a hand's tricks and meld are a side's). And a figure said as "her
290" after a hand given up: the bid given up, never her meld (RULES 5.3).
"""

from __future__ import annotations

from itertools import pairwise

from ..hand.outcome import Outcome
from .draft import At, Draft
from .lexer import COMMA, Kind, Thing
from .places import figure_next
from .table import SayingTable
from .words import OTHERS, Cue


def headings(ts: list[At]) -> None:
    """ "Ann's side: Ann forty, Cy one fifty", "other team: Ann eight, Cy two": a side named
    before its players' own figures heads them and fills nothing itself."""
    for k, at in enumerate(ts[:-2]):
        side = at.kind is Kind.TEAM or (at.kind is Kind.UNKNOWN and at.thing.value == OTHERS)
        player, figure = ts[k + 1], ts[k + 2]
        if figure.cue(Cue.HAS) and k + 3 < len(ts):  # "the other team Ann had forty"
            figure = ts[k + 3]
        if not side or at.used or player.kind is not Kind.PLAYER or player.pause > COMMA:
            continue
        ours = at.kind is not Kind.TEAM or set(player.thing.players) <= set(at.thing.players)
        if ours and figure.kind is Kind.NUMBER and not figure.pause:
            at.used = True


def given_up_bid(ts: list[At]) -> list[At]:
    """ "Ann conceded her two ninety", "Bob forfeited his 300": a figure said with "his" or
    "her" right after a hand given up is the bid given up (read as "conceded, bid 290")."""
    out = list(ts)
    for k in range(1, len(out) - 1):
        gave_up = out[k - 1].kind is Kind.OUTCOME and out[k - 1].thing.value in _GIVEN_UP
        whose = out[k].cue(Cue.HE_SHE) and out[k].thing.text in ("his", "her", "their")
        if gave_up and whose and out[k + 1].kind is Kind.NUMBER and not out[k + 1].pause:
            out[k] = At(Thing(Kind.CUE, Cue.BID, out[k].thing.text), out[k].pause)
    return out


_GIVEN_UP = frozenset({Outcome.CONCEDED, Outcome.FORFEIT})


def their_team(ts: list[At], draft: Draft) -> list[At]:
    """ "Her side", "his team": the team of the players the line names, when they are all of
    one team; when it names players of both sides (or none), whose side it is is asked (as a
    name two players share). "Team Ann" is Ann's team (``_team_and_a_player``)."""
    table = draft.table
    named = {p for at in ts if at.kind is Kind.PLAYER for p in at.thing.players}
    ts = _team_and_a_player(ts, table)
    for k, at in enumerate(ts):
        if not at.cue(Cue.THEIR_TEAM) or not table.teams:
            continue
        said = k + 1 < len(ts) and ts[k + 1].kind is Kind.TEAM and not ts[k + 1].pause
        cued = k + 2 < len(ts) and (ts[k + 1].cue(Cue.MELD) or ts[k + 1].cue(Cue.TRICKS))
        if said or (cued and ts[k + 2].kind is Kind.TEAM):
            at.used = True  # "team Bob, Dee, Fay", "team meld: Ann Cy Eve 420": named after it
            continue
        team = next((t for t in table.teams if named and named <= set(t)), None)
        if team is not None:  # "Ann had 150, Cy 60. Her side took 140": one side named
            ts[k] = At(Thing(Kind.TEAM, team, at.thing.text, at.thing.length), at.pause)
        else:  # whose side: a player the line names (anyone, when it names none), asked
            ids = tuple(sorted(named)) or tuple(seat.id for seat in table.seats)
            ts[k] = At(Thing(Kind.PLAYER, ids, at.thing.text, at.thing.length), at.pause)
    return ts


def _team_and_a_player(ts: list[At], table: SayingTable) -> list[At]:
    """ "team ann 280 meld": "team" said straight before one player is that player's team,
    one team named where the two words were (so a list goes on past it)."""
    if not table.teams:
        return ts
    out: list[At] = []
    k = 0
    while k < len(ts):
        at, after = ts[k], ts[k + 1] if k + 1 < len(ts) else None
        if (
            at.cue(Cue.THEIR_TEAM)
            and at.thing.text == "team"
            and after is not None
            and after.kind is Kind.PLAYER
            and not after.pause
            and len(after.thing.players) == 1
        ):
            theirs = table.team_of(after.thing.players[0])
            words = f"{at.thing.text} {after.thing.text}"
            out.append(At(Thing(Kind.TEAM, theirs, words, at.thing.length + 1), at.pause))
            k += 2
            continue
        out.append(at)
        k += 1
    return out


def read_they(ts: list[At], draft: Draft) -> None:
    """ "They took 100", "we took 100", "our side had 40": beside a figure or a figure's cue,
    the side of the players named before it when they are two or more and all of one team
    ("Eve melded 18, Ann 10, Cy 6. They took 24": Ann, Cy and Eve's side), or one where the
    line says "we" made or went set; else it names no one and could be
    either side (the bidders, or the others), so whose figure it is is asked, among every
    player dealt in. Said of nothing else ("they made it") it is a filler word."""
    table = draft.table
    sides: dict[bool, tuple[int, ...]] = {}  # the side "we" was read as, and "they"
    for k, at in enumerate(ts):
        if not at.cue(Cue.THEY):
            continue
        if _they_conceded(ts, k, draft):
            continue
        if not figure_next(ts, k + 1):
            at.used = True
            continue
        named = {p for said in ts[:k] if said.holder for p in said.thing.players}
        team = next((t for t in table.teams if named <= set(t)), None)
        ours = at.thing.text.startswith("our")  # the speaker's: never the players named
        we = ours or at.thing.text in _WE
        if team is not None and sides.get(not we) == team:
            team = None  # "they took 130 and we took 130": never both the one side
        if team is not None and ((len(named) > 1 and not ours) or (named and _we_played(ts))):
            sides[we] = team
            ts[k] = At(Thing(Kind.TEAM, team, at.thing.text, at.thing.length), at.pause)
        else:
            ids = tuple(seat.id for seat in table.seats)
            ts[k] = At(Thing(Kind.PLAYER, ids, at.thing.text, at.thing.length), at.pause)


_WE = frozenset({"we", "we're", "we've", "we'd"})
_SET_BY_THEM = frozenset({"went", "got", "were", "are", "was"})  # "we went set", "we got set"


def _we_played(ts: list[At]) -> bool:
    """True when the line says how the hand ended for "us" ("we're set", "we made it"): the
    speaker is of the side that played it, so "our team" is the declarer's."""
    if any(at.kind is Kind.OUTCOME and at.thing.text.split()[0] in _WE for at in ts):
        return True  # "we're set"
    return any(  # "we made it", "we went set"; never "we set him": the others speak
        at.cue(Cue.THEY) and at.thing.text in _WE and _ours(after) for at, after in pairwise(ts)
    )


def _ours(at: At) -> bool:
    """True when ``at`` is how the hand ended said of the side that played it."""
    if at.kind is not Kind.OUTCOME:
        return False
    return at.thing.value is Outcome.MADE or at.thing.text.split()[0] in _SET_BY_THEM


def _they_conceded(ts: list[At], k: int, draft: Draft) -> bool:
    """ "They conceded" where the opponents may concede too (Hoyle, RULES 5.3): the declarer's
    side or the others? Asked, never read as either."""
    after = ts[k + 1] if k + 1 < len(ts) else None
    if after is None or after.kind is not Kind.OUTCOME or after.thing.value is not Outcome.CONCEDED:
        return False
    if Outcome.OPPONENTS_CONCEDED not in draft.asks.outcomes:
        return False
    ts[k].used = after.used = True
    word = f"{ts[k].thing.text} {after.thing.text}"
    draft.claim(("outcome",), Outcome.CONCEDED, word)
    draft.claim(("outcome",), Outcome.OPPONENTS_CONCEDED, word)
    return True
