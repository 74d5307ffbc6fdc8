"""The parts of a hand a line says, read clause by clause (issue 29; RULES 2.5 who melds, 3.3
and 3.4 whose tricks, 6.6 each player's own bid).

A figure is read by the words beside it: a bid after a bid word or before a suit, meld beside a
meld word, tricks beside a tricks word, with the player or team named next to it, or said of
earlier in the clause ("Ann meld 190 took 130": Ann took 130). A cue carries on to the
name-figure pairs said after it, each alone between pauses, once the line says its bid ("Ann 8
counters, Bob 10, Cy 2"). Where nobody bids and each player's meld and take are asked, "Cy 0
took 50" is Cy's meld then take. A player given no part is the declarer, unless, where every
player melds and the bid is said, a figure right after them is theirs ("Ann 20"). A figure
nothing marks fills the one field it could, and is asked about when it could fill two. Each
part is a claim on a field (``draft.Draft``); nothing is checked against the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..game.choices import AllPass
from ..hand.outcome import Outcome
from ..pack.cards import SUITS
from ..pack.tricks import buried_most, trick_total
from .draft import At, Draft
from .lexer import COMMA, STOP, Kind, Thing, words_of
from .melds import meld_worths
from .reading import Key
from .table import MELD_KEPT, PLAYED, HandAsks, SayingTable
from .words import DOUBT_WORDS, REMARK_STARTS, WHOEVER_GAVE_UP, WHOLE_DECK_WORDS, Cue

PASSING_MAKES_A_BID = frozenset({AllPass.DEALER_MUST_BID, AllPass.COMPULSORY_FIRST_BID})
"""House rules under which nobody bidding still leaves a bid played (RULES 4.3): there
"everyone passed" says how the bid was won, not how the hand ended."""

_T = TypeVar("_T")
_WHOLE_DECK = frozenset(" ".join(words_of(said)[0]) for said in WHOLE_DECK_WORDS)
_CORRECTED = (Kind.SUIT, Kind.NUMBER, Kind.PLAYER, Kind.OUTCOME)


def fill(items: list[tuple[Thing, int]], table: SayingTable) -> Draft:
    """The claims one reading of the line makes."""
    draft = Draft(table, table.asks)
    said = _corrected(_without_remarks(items))
    kept = [thing.kind is not Kind.FILLER for thing, _ in said]
    ts = _undone(_joined([At(thing, pause) for thing, pause in _dropped(said, kept)], table))
    ts = _of_someone_unread(ts)
    _their_team(ts, draft)
    _they(ts, draft)
    ts = _he_or_she(ts, draft)
    _dealer_and_hand(ts)
    _whole_deck_said_again(ts, draft)
    _margins(ts)
    _reneger(ts, draft)
    _named_melds(ts, draft)
    _bids(ts, draft)
    _cued(ts, draft, Cue.MELD, _meld)
    _had(ts, draft)
    pending: list[tuple[At, int, str]] = []  # whose side took them waits for the declarer

    def tricks(holder: At | None, figure: int, word: str, draft: Draft) -> None:
        """Tricks of nobody now; of a player or team once the declarer is known."""
        if holder is None:
            _tricks_of_nobody(figure, word, draft)
        else:
            pending.append((holder, figure, word))

    _meld_then_took(ts, draft, tricks)
    _cued(ts, draft, Cue.TOOK, tricks)  # first: "Bob and Dee took 100 in tricks" is theirs
    _cued(ts, draft, Cue.TRICKS, tricks)
    _spent_tricks_words(ts)
    _last_trick(ts, draft)
    _plain(ts, draft)
    _passed_into_a_bid(ts, draft)
    _asides(ts, draft)
    _declarer(ts, draft)
    _bare_numbers(ts, draft)
    for holder, figure, word in pending:
        _tricks_of(holder, figure, word, draft)
    for at in ts:
        if not at.used:
            draft.unknown.append(at.thing.text)
    return draft


def _joined(ts: list[At], table: SayingTable) -> list[At]:
    """Partners named together ("Ann and Cy", "Ann & Cy", "Ann, Bob and Cy") as their team;
    "and" and "in" that join nothing else dropped ("in" stays before a figure: a bid)."""
    out: list[At] = []
    k = 0
    while k < len(ts):
        run, joined, j = [ts[k]], False, k + 1
        while ts[k].kind is Kind.PLAYER and j < len(ts):
            if ts[j].cue(Cue.AND) and j + 1 < len(ts) and ts[j + 1].kind is Kind.PLAYER:
                run.append(ts[j + 1])
                joined, j = True, j + 2
            elif ts[j].kind is Kind.PLAYER:
                run.append(ts[j])
                j += 1
            else:
                break
        ids = [at.thing.players for at in run]
        single = all(len(i) == 1 for i in ids)
        said = sorted(i[0] for i in ids) if single else []
        team = next((t for t in table.teams if sorted(t) == said), None)
        if joined and team is not None:
            text = " & ".join(at.thing.text for at in run)
            out.append(At(Thing(Kind.TEAM, team, text), run[0].pause))
            k = j
            continue
        together = joined or (
            all(not at.pause for at in run[1:]) and not _bid_follows(ts, j)
        )  # "Bob Cy 350 spades": a bid said by one of two, whose is asked as the declarer's
        if len(run) > 1 and together and single and _figure_next(ts, j):
            # "Ann and Bob took 100" where they are no team, or "Bob Dee 40 meld" (no "and"):
            # a figure of the two together, which no field holds; whose it is, is asked (never
            # one of them, never the other); partners said so ("Ann Cy Eve 60") are their team
            text = (" and " if joined else " ").join(at.thing.text for at in run)
            whose = Thing(Kind.PLAYER, tuple(said), text) if team is None else None
            whose = whose or Thing(Kind.TEAM, team, " & ".join(at.thing.text for at in run))
            out.append(At(whose, run[0].pause))
            k = j
            continue
        out.append(ts[k])
        k += 1
    nxt: list[At | None] = [*out[1:], None] if out else []
    keep = [
        not at.cue(Cue.AND)
        and not (at.cue(Cue.IN) and (after is None or after.kind is not Kind.NUMBER))
        for at, after in zip(out, nxt, strict=True)
    ]
    paused = [(at, at.pause) for at in out]
    return [At(at.thing, pause) for at, pause in _dropped(paused, keep)]


_UNDONE = (Kind.OUTCOME, Kind.SUIT, Kind.NUMBER, Kind.MELD, Kind.PLAYER, Kind.TEAM, Kind.ASIDE)
"""What a word that may undo it ("not", "didn't", "almost") leaves unread when said before it."""


def _undone(ts: list[At]) -> list[At]:
    """What a word that may undo it is said straight before fills no field, and is left not
    understood: "didn't make it" and "not set" are no outcome, "not spades" no trump, "almost
    made it" no made (what the speaker means is asked, never its opposite read); between "or"
    both sides are ("350 or 360": no bid). Words not understood between are passed over
    ("didn't quite make it", "could have made it")."""
    out = list(ts)
    for k, at in enumerate(ts):
        words = at.thing.text.split() if at.kind is Kind.UNKNOWN else []
        if not any(word in DOUBT_WORDS for word in words):
            continue
        j = k + 1
        while (
            j < len(ts) and not ts[j].pause and (ts[j].kind is Kind.UNKNOWN or ts[j].cue(Cue.HAS))
        ):
            j += 1
        sides = [j] if j < len(ts) and not ts[j].pause else []
        if "or" in words and k > 0 and not at.pause:
            sides.append(k - 1)
        for x in sides:
            if out[x].kind in _UNDONE:
                out[x] = At(Thing(Kind.UNKNOWN, None, ts[x].thing.text), ts[x].pause)
    return out


def _of_someone_unread(ts: list[At]) -> list[At]:
    """A figure, or a figure's cue and its figure, said straight after a word not understood
    that no player or team comes before is that word's: "we took 100", "the others took 100",
    "Dee took 100" (Dee sitting out), "needed 230", "short 30" fill no field and are listed,
    never given to the declarer or left to be the one field a bare figure could fill (a
    figure before a suit is still the bid: "Rob 350 spades")."""
    out = list(ts)
    for k, at in enumerate(ts):
        if at.kind is not Kind.UNKNOWN or (k > 0 and ts[k - 1].holder and not at.pause):
            continue
        j = k + 1
        if j < len(ts) and not ts[j].pause and any(ts[j].cue(c) for c in _FIGURE_CUES):
            j += 1
        if (
            j < len(ts)
            and not ts[j].pause
            and ts[j].kind is Kind.NUMBER
            and not _bid_follows(ts, j)
        ):
            for x in range(k + 1, j + 1):
                out[x] = At(Thing(Kind.UNKNOWN, None, ts[x].thing.text), ts[x].pause)
    return out


_FIGURE_CUES = (Cue.TOOK, Cue.TRICKS, Cue.MELD, Cue.HAS)
"""The cues that say the figure beside them is meld or tricks."""


def _figure_next(ts: list[At], k: int) -> bool:
    """True when the word at ``k`` follows with no pause and is a figure or a figure's cue."""
    if k >= len(ts) or ts[k].pause:
        return False
    return ts[k].kind is Kind.NUMBER or any(ts[k].cue(cue) for cue in _FIGURE_CUES)


def _dropped(items: list[tuple[_T, int]], keep: list[bool]) -> list[tuple[_T, int]]:
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


def _without_remarks(items: list[tuple[Thing, int]]) -> list[tuple[Thing, int]]:
    """The line without remarks on the hand, which fill nothing: an article, one or two words
    not understood, and "hand" ("an ugly hand", "a lousy hand"); a word that may undo the
    line ("not") is never part of one."""
    keep = [True] * len(items)
    for i, (thing, _) in enumerate(items):
        if thing.kind is not Kind.FILLER or thing.text not in REMARK_STARTS:
            continue
        j = i + 1
        while (
            j < len(items)
            and j - i <= 2
            and items[j][0].kind is Kind.UNKNOWN
            and not items[j][1]
            and items[j][0].text not in DOUBT_WORDS
        ):
            j += 1
        hand = j < len(items) and items[j][0].kind is Kind.CUE and items[j][0].value is Cue.HAND
        if j > i + 1 and hand and not items[j][1]:
            for x in range(i, j + 1):
                keep[x] = False
    return _dropped(items, keep)


def _corrected(items: list[tuple[Thing, int]]) -> list[tuple[Thing, int]]:
    """A correction said ("350 spades, no wait, hearts"): the thing said after it replaces the
    last one of its kind said before it (a suit, a figure, a player, an outcome); with none
    before, the correction is left not understood (asked)."""
    keep = [True] * len(items)
    for c, (thing, _) in enumerate(items):
        if thing.kind is not Kind.CORRECTION:
            continue
        after = next((t for t, _ in items[c + 1 :] if t.kind is not Kind.FILLER), None)
        if after is None or after.kind not in _CORRECTED:
            continue
        if _pair_at(items, c + 1) is not None:
            # "took Ann 140 Bob 110, no wait, Bob 120": a player and a figure replace the
            # same player's figure said before (else the last player said with a figure), and
            # the player with it (never the player alone, leaving the figure to be read as
            # something else)
            pairs = [(j, n) for j in range(c) if (n := _pair_at(items, j)) is not None]
            pairs = [(j, n) for j, n in pairs if keep[j] and keep[n] and n < c]
            same = [(j, n) for j, n in pairs if items[j][0].value == after.value]
            pairs = same or pairs  # the same player's figure, else the last player's
            if pairs:
                keep[pairs[-1][0]] = keep[pairs[-1][1]] = keep[c] = False
                continue
        before = [j for j in range(c) if keep[j] and items[j][0].kind is after.kind]
        if before:
            keep[before[-1]] = keep[c] = False
    return _dropped(items, keep)


def _pair_at(items: list[tuple[Thing, int]], j: int) -> int | None:
    """Where the figure said straight after a player at or after ``j`` (past fillers) is,
    when there is one: "Bob 110"."""
    while j < len(items) and items[j][0].kind is Kind.FILLER:
        j += 1
    if j >= len(items) or items[j][0].kind is not Kind.PLAYER:
        return None
    n = j + 1
    while n < len(items) and items[n][0].kind is Kind.FILLER and not items[n][1]:
        n += 1
    if n < len(items) and items[n][0].kind is Kind.NUMBER and not items[n][1]:
        return n
    return None


def _their_team(ts: list[At], draft: Draft) -> None:
    """ "Her side", "his team": the team of the one player the line names; when it names
    several (or none), whose side it is is asked (as a name two players share)."""
    table = draft.table
    named = {p for at in ts if at.kind is Kind.PLAYER for p in at.thing.players}
    for k, at in enumerate(ts):
        if not at.cue(Cue.THEIR_TEAM) or not table.teams:
            continue
        if len(named) == 1:
            team = table.team_of(next(iter(named)))
            ts[k] = At(Thing(Kind.TEAM, team, at.thing.text, at.thing.length), at.pause)
        else:  # whose side: a player the line names (anyone, when it names none), asked
            ids = tuple(sorted(named)) or tuple(seat.id for seat in table.seats)
            ts[k] = At(Thing(Kind.PLAYER, ids, at.thing.text, at.thing.length), at.pause)


def _they(ts: list[At], draft: Draft) -> None:
    """ "They took 100": "they" beside a figure or a figure's cue names no one, and could be
    either side (the bidders, or the others), so whose figure it is is asked, among every
    player dealt in; said of nothing else ("they made it") it is a filler word."""
    table = draft.table
    for k, at in enumerate(ts):
        if not at.cue(Cue.THEY):
            continue
        if _figure_next(ts, k + 1):
            ids = tuple(seat.id for seat in table.seats)
            ts[k] = At(Thing(Kind.PLAYER, ids, at.thing.text, at.thing.length), at.pause)
        else:
            at.used = True


def _he_or_she(ts: list[At], draft: Draft) -> list[At]:
    """ "He took 190", "she had 40": beside a figure or a figure's cue, the one player the line
    names; where it names several ("Bob 350 spades, Ann dealt, she took 190") who is asked
    among them (the reader knows no one's sex), never the declarer taken for it. Said of
    nothing else ("he made it") it is a filler word, dropped."""
    named = tuple(sorted({p for at in ts if at.kind is Kind.PLAYER for p in at.thing.players}))
    ids = named or tuple(seat.id for seat in draft.table.seats)
    said: list[tuple[At, int]] = []
    for k, at in enumerate(ts):
        if at.cue(Cue.HE_SHE) and _figure_next(ts, k + 1):
            at = At(Thing(Kind.PLAYER, ids, at.thing.text, at.thing.length), at.pause)
        said.append((at, at.pause))
    keep = [not at.cue(Cue.HE_SHE) for at, _ in said]
    return [At(at.thing, pause, at.used) for at, pause in _dropped(said, keep)]


def _dealer_and_hand(ts: list[At]) -> None:
    """Who dealt ("Ann dealt", "dealer Ann", "Ann's deal") and the hand's number ("Hand one.",
    said alone): the session knows both, so they fill nothing. "hand" said otherwise is
    filler, as it always was."""
    for k, at in enumerate(ts):
        if at.used:
            continue
        if at.cue(Cue.DEALT):
            for who in (k - 1, k + 1):
                said_with = not (at.pause if who < k else _paused(ts, who))
                if _free(ts, who, Kind.PLAYER) and said_with:
                    at.used = ts[who].used = True
                    break
        elif at.cue(Cue.HAND):
            at.used = True
            alone = k + 2 >= len(ts) or bool(ts[k + 2].pause)
            if (k == 0 or at.pause >= STOP) and _free(ts, k + 1, Kind.NUMBER) and alone:
                ts[k + 1].used = not ts[k + 1].pause


def _paused(ts: list[At], k: int) -> bool:
    return 0 <= k < len(ts) and bool(ts[k].pause)


def _whole_deck_said_again(ts: list[At], draft: Draft) -> None:
    """ "Took all the tricks, 250": the figure said after every trick is the same figure, read
    once; a figure that differs from the hand's whole trick points is asked about."""
    for k, at in enumerate(ts):
        if at.kind is not Kind.NUMBER or at.thing.text not in _WHOLE_DECK:
            continue
        if _free(ts, k + 1, Kind.NUMBER) and ts[k + 1].pause:
            again = ts[k + 1]
            again.used = True
            if again.thing.value != at.thing.value:
                at.used = True  # which of the two is meant is asked: neither is read
                draft.ask(f"{at.thing.text}, {again.thing.text}",
                          [str(at.thing.value), str(again.thing.value)])  # fmt: skip


def _margins(ts: list[At]) -> None:
    """ "Set by 20", "made it by 30": by how much, which no field holds, read with the
    outcome."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.BY) or at.used or at.pause or k == 0:
            continue
        ended = ts[k - 1].kind is Kind.OUTCOME
        margin = _free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
        if ended and ts[k - 1].thing.value in (Outcome.MADE, Outcome.SET) and margin:
            at.used = ts[k + 1].used = True


def _had(ts: list[At], draft: Draft) -> None:
    """ "Ann had 40": the figure a player has, holds or showed is their meld (tricks are
    taken, not had), unless a tricks word of its own follows it ("had 130 in tricks"); "had
    40" said of nobody named is meld too, of the declarer where only the declarer melds."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.HAS) or at.used:
            continue
        if not (_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause):
            continue
        if _bid_follows(ts, k + 1) or _cue_of_its_own(ts, k + 2, None):
            continue
        figure = ts[k + 1]
        if at.pause or not _holder(ts, k - 1):
            # "Ann 300 spades made, she had 40": meld of a player the line does not name
            # (the clause's, without a bid), asked whose where everyone melds; never tricks
            who = _subject(ts, k, draft)
            at.used = figure.used = True
            said = f"{at.thing.text} {figure.thing.text}"
            _meld(None if who is None else ts[who], figure.thing.value, said, draft)
            continue
        holder = ts[k - 1]
        holder.used = at.used = figure.used = True
        said = f"{holder.thing.text} {at.thing.text} {figure.thing.text}"
        _meld(holder, figure.thing.value, said, draft)


def _asides(ts: list[At], draft: Draft) -> None:
    """When a hand was given up ("after seeing the widow", "didn't look at the widow"): read
    with the outcome it describes, and left not understood beside any other (asked)."""
    said = {value for value, _ in draft.claims.get(("outcome",), [])}
    for at in ts:
        if at.kind is Kind.ASIDE and not at.used and said == {at.thing.value}:
            at.used = True


def _free(ts: list[At], k: int, kind: Kind) -> bool:
    """True when place ``k`` holds an unread thing of ``kind``."""
    return 0 <= k < len(ts) and not ts[k].used and ts[k].kind is kind


def _holder(ts: list[At], k: int) -> bool:
    return 0 <= k < len(ts) and ts[k].holder


def _last_trick(ts: list[At], draft: Draft) -> None:
    """ "Bob took the last trick", "Bob last trick", "last trick Bob"."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.LAST_TRICK):
            continue
        if _holder(ts, k - 1):
            who = k - 1
        elif k >= 2 and ts[k - 1].cue(Cue.TOOK) and _holder(ts, k - 2):
            who, ts[k - 1].used = k - 2, True
        elif _holder(ts, k + 1) and not ts[k + 1].pause:
            who = k + 1
        elif _subject(ts, k, draft) is not None:
            who = _subject(ts, k, draft)  # type: ignore[assignment]
        else:
            continue  # said of nobody: left unread
        at.used = True
        ts[who].used = ts[who].used or not (who < k - 1 and _leaned(ts, k))
        pid = draft.who(ts[who])
        if pid is not None:
            draft.claim(("last_trick",), pid, f"{ts[who].thing.text} {at.thing.text}")


def _named_melds(ts: list[At], draft: Draft) -> None:
    """Melds named ("Cy has the dix", "Ann a run and 80 kings", "Bob melded a run"): their
    figure as the game's meld table gives it, the meld of the player or team named just
    before them (after "has" or "melded"; of nobody, in the chip games the declarer's). A
    figure said right after them is the same meld said as a figure ("the dix, 10", "a run
    and a pinochle, that's 190"): one meld, never added twice; a figure that differs from
    the melds' is asked about, as two claims on the meld are. Name-figure pairs said alone
    after them carry the meld on, as after a meld word ("Bob melded a run, 150. Cy 40.")."""
    suits = {at.thing.value for at in ts if at.kind is Kind.SUIT}
    trumps = tuple(suits) if len(suits) == 1 else SUITS
    for k, at in enumerate(ts):
        if at.kind is not Kind.MELD or at.used:
            continue
        end = k
        while end + 1 < len(ts) and ts[end + 1].kind is Kind.MELD and not ts[end + 1].used:
            end += 1
        first = k
        if k >= 1 and not ts[k].pause and (ts[k - 1].cue(Cue.HAS) or ts[k - 1].cue(Cue.MELD)):
            first = k - 1  # "has", "melded"
        holder = None
        if _holder(ts, first - 1) and not ts[first - 1].used and not ts[first].pause:
            first -= 1
            holder = ts[first]
        for x in range(first, end + 1):
            ts[x].used = True
        text = " ".join(ts[x].thing.text for x in range(first, end + 1))
        names = [ts[x].thing.value for x in range(k, end + 1)]
        worths = meld_worths(names, trumps, draft.table.options)
        if not worths:
            draft.unknown.append(text)  # no hand of this game shows them
            continue
        if len(worths) > 1:
            draft.ask(text, [str(w) for w in sorted(worths)])
            continue
        _meld(holder, next(iter(worths)), text, draft)
        n = end + 1
        if (
            _free(ts, n, Kind.NUMBER)
            and not _bid_follows(ts, n)
            and not _cue_of_its_own(ts, n + 1, None)
        ):
            ts[n].used = True  # the melds said again as a figure
            _meld(holder, ts[n].thing.value, ts[n].thing.text, draft)
            n += 1
        for who, m in _carried(ts, n if _bid_said(ts, draft) else -1):
            ts[who].used = ts[m].used = True
            said = f"{ts[who].thing.text} {ts[m].thing.text}"
            _meld(ts[who], ts[m].thing.value, said, draft)


def _reneger(ts: list[At], draft: Draft) -> None:
    """ "Cy reneged": the player beside a renege."""
    for k, at in enumerate(ts):
        renege = at.kind is Kind.OUTCOME and at.thing.value is Outcome.RENEGE
        if renege and Outcome.RENEGE in draft.asks.outcomes:
            for who in (k - 1, k + 1):
                after = who > k and ts[who].pause if 0 <= who < len(ts) else True
                if _holder(ts, who) and not ts[who].used and not after:
                    ts[who].used = True
                    pid = draft.who(ts[who])
                    if pid is not None:
                        draft.claim(("reneger",), pid, ts[who].thing.text)
                    own = max(k, who) + 1  # "reneged on his own bid": the declarer reneged
                    if pid is not None and own < len(ts) and ts[own].cue(Cue.OWN_BID):
                        ts[own].used = True
                        draft.claim(
                            ("declarer",), pid, f"{ts[who].thing.text} {ts[own].thing.text}"
                        )
                    break


Put = Callable[[At | None, int, str, Draft], None]
"""What is done with a figure read beside a cue word, and its holder (None: nobody named)."""


def _cued(ts: list[At], draft: Draft, cue: Cue, put: Put) -> None:
    """Figures beside a cue word, with their holders where named: "Ann 60 meld", "Ann meld
    60", "meld Ann 60 Bob 20", "60 meld", "took Ann 90 Bob 60"; the cue carries on to the
    name-figure pairs said after it, each alone between pauses ("Ann 8 counters, Bob 10, Cy
    2"); ``put(holder or None, figure, words, draft)``."""
    number = Kind.NUMBER
    for k, at in enumerate(ts):
        if not at.cue(cue) or at.used:
            continue
        # "Ann 8 counters", and "Ann 90 took" when no figure follows ("Ann 60 took 90" is not,
        # nor "Bob 20 took Ann 140 Bob 110", a list of its own)
        # a figure before its cue is said straight before it: "took 190, meld 120" is not a
        # meld of 190, "Bob 20, took Ann 140" not Bob's take of 20 (a pause ends a figure's part)
        listed = _holder(ts, k + 1) and _free(ts, k + 2, number) and not ts[k + 1].pause
        before = (
            not at.pause
            and not listed
            and (
                cue is not Cue.TOOK
                or not (
                    _free(ts, k + 1, number) or (k + 1 < len(ts) and ts[k + 1].cue(Cue.LAST_TRICK))
                )
            )
        )
        # "took 190 meld 120": a figure between two cues, said straight after the first, is
        # the first's when the second has a figure of its own after it
        after_cue = k >= 2 and any(ts[k - 2].cue(c) for c in _FIGURE_CUES)
        if after_cue and not ts[k - 1].pause and _free(ts, k + 1, number) and not ts[k + 1].pause:
            before = False
        # "Ann 60 meld 140 tricks, Bob 20": a figure said straight before the cue is its, not
        # a list said after a pause
        back = before and _free(ts, k - 1, number)
        leaned = False  # said of the clause's player, who is left free (``_subject``)
        if before and _holder(ts, k - 2) and _free(ts, k - 1, number):
            pairs, after = [(k - 2, k - 1)], k + 1
        elif _holder(ts, k - 1) and _free(ts, k + 1, number):
            pairs, after = [(k - 1, k + 1)], k + 2
        elif _holder(ts, k + 1) and _free(ts, k + 2, number) and not (back and ts[k + 1].pause):
            pairs, j = [], k + 1
            while (
                _holder(ts, j)
                and _free(ts, j + 1, number)
                and not _bid_follows(ts, j + 1)
                and not _cue_of_its_own(ts, j + 2, cue)
            ):
                pairs.append((j, j + 1))
                j += 2
            after = -1  # a list already: nothing carries on past it
        elif _subject(ts, k, draft) is not None and _free(ts, k + 1, number):
            pairs, after = [(_subject(ts, k, draft), k + 1)], k + 2  # type: ignore[list-item]
            leaned = _leaned(ts, k)
        elif before and _free(ts, k - 1, number) and _subject(ts, k - 1, draft) is not None:
            # "Ann 100 meld 90 tricks": the figure before the cue is the clause's player's
            pairs, after = [(_subject(ts, k - 1, draft), k - 1)], -1  # type: ignore[list-item]
            leaned = _leaned(ts, k - 1)
        elif before and _free(ts, k - 1, number) and not _holder(ts, k - 2):
            pairs, after = [(-1, k - 1)], -1
        elif _free(ts, k + 1, number):
            pairs, after = [(-1, k + 1)], -1
        else:
            continue  # said of no figure: left unread
        carried = _carried(ts, after if _bid_said(ts, draft) else -1)
        if before and pairs and pairs[0] == (k - 2, k - 1) and _bid_said(ts, draft):
            carried += _carried_back(ts, k - 2)
        at.used = True
        for who, n in pairs + carried:
            ts[n].used = True
            holder = ts[who] if who >= 0 else None
            if holder is not None and not leaned:
                holder.used = True
            cued = {k} if (who, n) in pairs else set()  # a pair carried on is said alone
            said = sorted(({who, n} | cued) - {-1})
            text = " ".join(ts[x].thing.text for x in said)
            put(holder, ts[n].thing.value, text, draft)


def _cue_of_its_own(ts: list[At], k: int, cue: Cue | None) -> bool:
    """True when ``ts[k]`` is another cue word said straight after the figure before it (no
    pause between), which that figure belongs to: a list of meld stops before "Ann's team 250
    in tricks" (but not before ", tricks 30", a cue of a list of its own)."""
    if k >= len(ts) or ts[k].kind is not Kind.CUE or ts[k].pause:
        return False
    return ts[k].thing.value not in (cue, Cue.AND, Cue.IN, Cue.LAST_TRICK)


def _spent_tricks_words(ts: list[At]) -> None:
    """ "in tricks" straight after a figure "took" already read ("took 100 in tricks"), or
    heading a clause whose player "took" a figure read already ("in tricks Cy took 110"),
    says nothing more: read with it."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.TRICKS) or at.used:
            continue
        after_took = (
            not at.pause
            and k >= 2
            and ts[k - 1].kind is Kind.NUMBER
            and ts[k - 1].used
            and ts[k - 2].cue(Cue.TOOK)
        )
        heading = (
            k + 2 < len(ts)
            and ts[k + 1].holder
            and not ts[k + 1].pause
            and ts[k + 2].cue(Cue.TOOK)
            and ts[k + 2].used
        )
        if after_took or heading:
            at.used = True


def _carried(ts: list[At], j: int) -> list[tuple[int, int]]:
    """The name-figure pairs from ``j`` a cue said before them carries on to: each a player or
    team and a figure, alone between pauses ("Ann 8 counters, Bob 10, Cy 2": Bob's and Cy's
    counters too), up to a figure before a suit (a bid: "Bob, 300, spades"); none where ``j``
    is -1."""
    pairs: list[tuple[int, int]] = []
    while (
        j >= 0
        and _holder(ts, j)
        and not ts[j].used
        and ts[j].pause
        and _free(ts, j + 1, Kind.NUMBER)
        and not ts[j + 1].pause
        and (j + 2 >= len(ts) or (ts[j + 2].pause and ts[j + 2].kind is not Kind.SUIT))
        and not _cue_of_its_own(ts, j + 2, None)
    ):
        pairs.append((j, j + 1))
        j += 2
    return pairs


def _carried_back(ts: list[At], j: int) -> list[tuple[int, int]]:
    """The name-figure pairs said before the pair at ``j`` that the cue said after it carries
    back to: each a player or team and a figure, alone between pauses, the last one's pause
    before ``j`` ("Gus 80, Hal 150 meld": Gus's meld too); never a figure before a suit."""
    pairs: list[tuple[int, int]] = []
    while (
        ts[j].pause
        and _holder(ts, j - 2)
        and not ts[j - 2].used
        and (j - 2 == 0 or ts[j - 2].pause)
        and _free(ts, j - 1, Kind.NUMBER)
        and not ts[j - 1].pause
    ):
        j -= 2
        pairs.append((j, j + 1))
    return pairs


def _bid_said(ts: list[At], draft: Draft) -> bool:
    """True when a figure beside a name cannot be the bid: the game has none, or the line says
    it (after a bid word, or a figure before a suit). Each player's own bid (summed bids) may
    be any name's figure: never."""
    asks = draft.asks
    if not asks.bid:
        return True
    if asks.summed:
        return False
    return draft.claimed(("bid",)) or any(
        _free(ts, k, Kind.NUMBER) and _free(ts, k + 1, Kind.SUIT) for k in range(len(ts))
    )


def _meld_then_took(ts: list[At], draft: Draft, tricks: Put) -> None:
    """ "Cy 0 took 50" where each player's meld and take are asked and nobody bids: the
    figure after the name is that player's meld, the one after "took" their take (with a bid,
    the first figure could be the bid: left to be read, or asked about, as any other)."""
    asks = draft.asks
    if asks.bid or not (asks.meld_each and asks.takes_each):
        return
    for k, at in enumerate(ts):
        if not at.cue(Cue.TOOK) or at.used or at.pause:
            continue
        if not (_holder(ts, k - 2) and ts[k - 2].kind is Kind.PLAYER and not ts[k - 2].used):
            continue
        if not (_free(ts, k - 1, Kind.NUMBER) and not ts[k - 1].pause):
            continue
        if not (_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause):
            continue
        holder, meld, took = ts[k - 2], ts[k - 1], ts[k + 1]
        holder.used = meld.used = at.used = took.used = True
        _meld(holder, meld.thing.value, f"{holder.thing.text} {meld.thing.text}", draft)
        tricks(
            holder,
            took.thing.value,
            f"{holder.thing.text} {at.thing.text} {took.thing.text}",
            draft,
        )


def _subject(ts: list[At], k: int, draft: Draft) -> int | None:
    """The player a cue word at ``k`` is said of when no figure sits between them: "Ann meld
    190 took 130" (Ann took 130), back over what was read already, within the clause (never
    back past a pause); or, when the cue starts a part of the clause after a comma, the
    player or team the clause starts with when it names no other ("Bob 60 meld, took 250;
    Ann ...": Bob took 250), in a game without a bid (with one, the player a line starts with
    is most often the declarer, whose bid says nothing of whose the figures after it are:
    "Ann 300 spades made, 60 meld" is asked). Such a player is not used up (``_leaned``)."""
    walked = _walked(ts, k)
    if walked is not None or draft.asks.bid:
        return walked
    return _clause_subject(ts, k) if ts[k].pause == COMMA else None


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


def _leaned(ts: list[At], k: int) -> bool:
    """True when the cue at ``k`` is said of its clause's player only as the clause's subject
    (``_subject``): that player is not used up by it."""
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


def _bid_follows(ts: list[At], k: int) -> bool:
    """True when the figure at ``k`` is followed by a suit with no pause: a bid ("Bob 350
    spades"), not the last of a list ("Cy 0, Dee 0, spades")."""
    return k + 1 < len(ts) and ts[k + 1].kind is Kind.SUIT and not ts[k + 1].pause


def _meld(holder: At | None, figure: int, word: str, draft: Draft) -> None:
    """A meld figure for a player, a side, or (chips) the declarer."""
    asks = draft.asks
    if holder is None and not asks.meld_each:
        draft.claim(("meld", None, False), figure, word)
    elif holder is None:
        draft.ask(word, [f"{seat.name}'s meld" for seat in draft.table.seats])
    elif holder.kind is Kind.TEAM and asks.side_meld:
        draft.claim(("meld", holder.thing.players[0], True), figure, word)
    elif holder.kind is Kind.TEAM:
        draft.unknown.append(word)
    else:
        pid = draft.who(holder)
        if pid is not None:
            draft.claim(("meld", pid, False), figure, word)
        if pid is not None and not asks.meld_each:  # only the declarer's meld is entered
            draft.claim(("declarer",), pid, holder.thing.text)


def _tricks_of_nobody(figure: int, word: str, draft: Draft) -> None:
    """Tricks said of nobody ("150 in tricks"): the one figure, where the hand has one and
    says whose it is (the side that bid); without a bid, which team took them is asked."""
    asks = draft.asks
    if not asks.takes_each and not asks.takes_by_team and _unsaid_side(draft):
        draft.ask(word, _team_tricks(draft.table))
    elif not asks.takes_each and not asks.takes_by_team:
        draft.claim(("tricks",), figure, word)
    else:
        draft.ask(word, [f"{name}'s tricks" for name in _takers(draft.table, asks)])


def _unsaid_side(draft: Draft) -> bool:
    """True when tricks said of nobody do not say whose they are: without a bid the one
    figure is the first seat's team's (RULES 6.4), and nothing makes the figure said theirs
    rather than the other team's ("Hearts. Tricks 250.")."""
    return not draft.asks.bid and bool(draft.table.teams)


def _team_tricks(table: SayingTable) -> list[str]:
    """Each team's tricks, as a question offers them."""
    return [f"{' & '.join(table.name(p) for p in team)}'s tricks" for team in table.teams]


def _takers(table: SayingTable, asks: HandAsks) -> list[str]:
    """Whose takes a hand holds: each player's, or each team's."""
    if asks.takes_by_team:
        return [" & ".join(table.name(p) for p in team) for team in table.teams]
    return [seat.name for seat in table.seats]


def _tricks_of(holder: At, figure: int, word: str, draft: Draft) -> None:
    """Tricks said of a player or a team: their take, or the one figure when they are on the
    side it is entered for."""
    asks, table = draft.asks, draft.table
    if holder.kind is Kind.TEAM:
        members: tuple[int, ...] = holder.thing.players
    else:
        pid = draft.who(holder)
        if pid is None:
            return
        members = table.team_of(pid) if asks.takes_by_team else (pid,)
    if asks.takes_by_team or (asks.takes_each and holder.kind is Kind.PLAYER):
        draft.claim(("take", members[0]), figure, word)
        return
    if asks.takes_each:
        draft.unknown.append(word)
        return
    side = _entered_side(draft)
    if side is None:
        draft.ask(word, ["tricks of the side that bid", "tricks of the other side"])
    elif set(members) <= set(side):
        draft.claim(("tricks",), figure, word)
    elif buried_most(table.options) == 0 and _whole_side(table, members) == _other_side(
        table, side
    ):
        # every trick point is one side's or the other's: the rest is ours
        total = table.options.to_table(trick_total(table.options.deck))
        draft.claim(("tricks",), total - figure, word)
    else:
        # buried cards count for nobody, or the figure is one of two or more opponents'
        # ("Bob makes 350, Ann took 100" while Cy plays too): ours does not follow
        draft.unknown.append(word)


def _whole_side(table: SayingTable, members: tuple[int, ...]) -> set[int]:
    """The players whose tricks are pooled with ``members``': their team's, in a game of
    teams (a partner speaks for the side), else theirs alone."""
    if table.teams and len(members) == 1:
        return set(table.team_of(members[0]))
    return set(members)


def _other_side(table: SayingTable, side: tuple[int, ...]) -> set[int]:
    """The players dealt in who are not on ``side``."""
    return {seat.id for seat in table.seats} - set(side)


def _entered_side(draft: Draft) -> tuple[int, ...] | None:
    """Whose tricks the one figure is: the declarer's side (the first seat's team without a
    bid); None while the declarer is not known."""
    table = draft.table
    if not draft.asks.bid:
        return table.teams[0] if table.teams else None
    declarer = draft.value(("declarer",))
    if declarer is None:
        return None
    return table.team_of(declarer)


def _bids(ts: list[At], draft: Draft) -> None:
    """A figure after a bid word: the bid ("Bob bid 350", "took it for 350", "at 350", "in
    350"), or under summed bids each player's own ("Ann bid 20", "bids Ann 20 Bob 25")."""
    for k, at in enumerate(ts):
        if at.used or not (at.cue(Cue.BID) or at.cue(Cue.IN)):
            continue
        if draft.asks.summed and _holder(ts, k + 1) and _free(ts, k + 2, Kind.NUMBER):
            at.used = True
            j = k + 1
            while _holder(ts, j) and _free(ts, j + 1, Kind.NUMBER) and not _bid_follows(ts, j + 1):
                _own_bid(ts[j], ts[j + 1], draft)
                j += 2
            continue
        if not _free(ts, k + 1, Kind.NUMBER):
            # "350 in hearts for Cy": "for" the player who bid it, said after the bid
            said_after = k >= 1 and ts[k - 1].kind in (Kind.NUMBER, Kind.SUIT)
            if at.thing.text == "for" and said_after and _holder(ts, k + 1):
                at.used = not ts[k + 1].pause
            continue
        at.used = ts[k + 1].used = True
        if draft.asks.summed and _holder(ts, k - 1):
            _own_bid(ts[k - 1], ts[k + 1], draft)
            continue
        text = f"{at.thing.text} {ts[k + 1].thing.text}"
        pid = None
        if _holder(ts, k - 1) and ts[k - 1].kind is Kind.PLAYER:
            ts[k - 1].used = True
            pid = draft.who(ts[k - 1])
        if pid is None:
            draft.claim(("bid",), ts[k + 1].thing.value, text)
        else:
            draft.bid_by(ts[k + 1].thing.value, text, pid, ts[k - 1].thing.text)


def _own_bid(holder: At, figure: At, draft: Draft) -> None:
    """A player's own bid (summed bids)."""
    holder.used = figure.used = True
    pid = draft.who(holder)
    if pid is not None:
        draft.claim(("own", pid), figure.thing.value, f"{holder.thing.text} {figure.thing.text}")


def _plain(ts: list[At], draft: Draft) -> None:
    """A figure before a suit ("three fifty in spades": the bid and trump), a suit, an
    outcome."""
    for k, at in enumerate(ts):
        if at.used:
            continue
        if at.kind is Kind.NUMBER and _free(ts, k + 1, Kind.SUIT) and draft.asks.bid:
            at.used = True
            if draft.asks.summed and _holder(ts, k - 1):
                _own_bid(ts[k - 1], at, draft)
                pid = draft.who(ts[k - 1])
                if pid is not None:
                    draft.claim(("declarer",), pid, ts[k - 1].thing.text)
            elif not draft.asks.summed:
                draft.claim(("bid",), at.thing.value, f"{at.thing.text} {ts[k + 1].thing.text}")
            else:
                at.used = False
        elif at.kind is Kind.SUIT:
            at.used = True
            draft.claim(("trump",), at.thing.value, at.thing.text)
            if _bid_after_trump(ts, k, draft):
                ts[k + 1].used = True
                draft.claim(("bid",), ts[k + 1].thing.value,
                            f"{at.thing.text} {ts[k + 1].thing.text}")  # fmt: skip
        elif at.kind is Kind.OUTCOME and at.thing.value in draft.asks.outcomes:
            at.used = True
            either = Outcome.OPPONENTS_CONCEDED in draft.asks.outcomes
            if either and at.thing.text in WHOEVER_GAVE_UP:  # which side gave it up?
                draft.ask(at.thing.text, ("conceded", "opponents conceded"))
            else:
                draft.claim(("outcome",), at.thing.value, at.thing.text)


def _passed_into_a_bid(ts: list[At], draft: Draft) -> None:
    """ "Everybody passed, so Ann's stuck with 250": where nobody bidding still leaves a bid
    played (the dealer must bid, Hoyle's compulsory first bid: RULES 4.3, 4.5), everyone
    passing says how the bid said was won, and fills nothing; said with no bid, it is said
    not understood (no way the game's hand ends)."""
    if draft.table.options.all_pass not in PASSING_MAKES_A_BID or not draft.claimed(("bid",)):
        return
    for at in ts:
        passed = at.kind is Kind.OUTCOME and at.thing.value is Outcome.ALL_PASS
        if passed and not at.used and Outcome.ALL_PASS not in draft.asks.outcomes:
            at.used = True


def _bid_after_trump(ts: list[At], k: int, draft: Draft) -> bool:
    """True when the figure said right after trump at ``k`` is the bid ("Spades, four
    hundred, Bob"): trump is named with the bid, before it or after it; only where no other
    figure is said as the bid or before a suit, the figure is one of the ladder's (at least
    the least bid) and nothing but a pause, a player or an outcome follows it."""
    asks = draft.asks
    if not asks.bid or asks.summed or draft.claimed(("bid",)) or not _free(ts, k + 1, Kind.NUMBER):
        return False
    if k >= 1 and ts[k - 1].kind is Kind.NUMBER:
        return False  # "350 spades": the figure before it is the bid
    if any(_free(ts, j, Kind.NUMBER) and _free(ts, j + 1, Kind.SUIT) for j in range(len(ts))):
        return False
    options = draft.table.options
    if ts[k + 1].thing.value < options.to_table(options.min_bid):
        return False
    after = ts[k + 2] if k + 2 < len(ts) else None
    return after is None or bool(after.pause) or after.holder or after.kind is Kind.OUTCOME


def _declarer(ts: list[At], draft: Draft) -> None:
    """A player named with no other part is the declarer (a team named so: one of them). Where
    every player melds, a player named just before a figure that cannot be the bid (the bid
    is said already) is that figure's, not the declarer ("Bob 300 spades, Ann 20": Ann's 20)."""
    for k, at in enumerate(ts):
        if not at.holder or at.used:
            continue
        if not draft.asks.bid:
            continue  # no declarer here: a name alone is left unread
        if _figure_of(ts, k, draft):
            continue  # read with its figure (``_bare_numbers``)
        if at.kind is Kind.TEAM:
            at.used = True
            draft.ask(at.thing.text, [draft.table.name(pid) for pid in at.thing.players])
            continue
        at.used = True
        pid = draft.who(at)
        if pid is not None:
            draft.claim(("declarer",), pid, at.thing.text)


def _figure_of(ts: list[At], k: int, draft: Draft) -> bool:
    """True when the player or team at ``k`` is said with the figure right after it and that
    figure can only be theirs: every player melds and the bid is said already; or under summed
    bids, where it may be their own bid and the declarer is the highest bidder (RULES 6.6),
    never the player a figure is left with ("Cy bid 300 hearts, Bob 250": not Bob)."""
    said_with = _free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
    if draft.asks.summed:
        return said_with
    return draft.asks.meld_each and draft.claimed(("bid",)) and said_with


def _bare_numbers(ts: list[At], draft: Draft) -> None:
    """A figure nothing marks: the one field it could fill, or asked about (the player or
    team said just before it is read with it, as whose it is). Where every player melds, a
    figure said of nobody may be someone's meld: "Cy 270 hearts made, 150" is asked, meld or
    tricks, as where only the declarer melds."""
    for k, at in enumerate(ts):
        if at.used or at.kind is not Kind.NUMBER:
            continue
        at.used = True
        holder = ts[k - 1] if _holder(ts, k - 1) else None
        fits = _could_be(holder, draft)
        if holder is not None and fits:
            holder.used = True
        word = at.thing.text
        if not _biddable(at.thing.value, draft):  # "all three passed": no bid is 3
            fits = [(key, label) for key, label in fits if key != ("bid",)]
        if [key for key, _ in fits] == [_SOMEONES_MELD]:
            draft.unknown.append(word)  # meld of nobody said, where everyone melds
        elif len(fits) == 1:
            key, _ = fits[0]
            draft.claim(key, at.thing.value, word)
        elif fits:
            draft.ask(word, [label for _, label in fits])
        else:
            draft.unknown.append(word)


_SOMEONES_MELD: Key = ("meld", 0, False)
"""A bare figure that may be the meld of a player or side the line does not name, where every
player melds (no player's id is 0): one of the things the figure could be, never filled."""


def _biddable(figure: int, draft: Draft) -> bool:
    """True when ``figure``, as the table writes figures, is at least the game's lowest bid."""
    options = draft.table.options
    return figure >= options.to_table(options.min_bid)


def _could_be(holder: At | None, draft: Draft) -> list[tuple[Key, str]]:
    """The fields a figure nothing marks could fill, beside ``holder`` (or nobody)."""
    asks, table = draft.asks, draft.table
    outcome = draft.value(("outcome",))
    fits: list[tuple[Key, str]] = []
    pid = None
    if holder is not None and holder.kind is Kind.PLAYER and len(holder.thing.players) == 1:
        pid = holder.thing.players[0]
    name = None if holder is None else _holder_name(holder, table)
    if asks.bid and not asks.summed and not draft.claimed(("bid",)):
        fits.append((("bid",), "bid"))
    if asks.summed and pid is not None and not draft.claimed(("own", pid)):
        fits.append((("own", pid), f"{name}'s bid"))
    melds = outcome is None or outcome in PLAYED or (asks.meld_each and outcome in MELD_KEPT)
    if melds:
        if pid is not None and (asks.meld_each or draft.value(("declarer",)) in (None, pid)):
            key: Key = ("meld", pid, False)
            if not draft.claimed(key):
                fits.append((key, f"{name}'s meld"))
        elif holder is not None and holder.kind is Kind.TEAM and asks.side_meld:
            key = ("meld", holder.thing.players[0], True)
            if not draft.claimed(key):
                fits.append((key, f"{name}'s meld"))
        elif holder is None and not asks.meld_each and not draft.claimed(("meld", None, False)):
            fits.append((("meld", None, False), "meld"))
        elif holder is None and asks.meld_each:
            fits.append((_SOMEONES_MELD, "meld"))  # whose is not said: asked, never filled
    if outcome is None or outcome in PLAYED:
        if (asks.takes_each and pid is not None) or (asks.takes_by_team and holder is not None):
            head = table.team_of(pid)[0] if pid is not None else holder.thing.players[0]  # type: ignore[union-attr]
            if not draft.claimed(("take", head)):
                fits.append((("take", head), f"{name}'s tricks"))
        elif not (asks.takes_each or asks.takes_by_team or draft.claimed(("tricks",))):
            side = _entered_side(draft)
            said = () if holder is None else holder.thing.players
            if holder is None and _unsaid_side(draft):  # which team's is not said
                fits += [(("tricks",), label) for label in _team_tricks(table)]
            elif side is None or set(said) <= set(side):  # nobody's, or maybe the bidders'
                fits.append((("tricks",), "tricks"))
    return fits


def _holder_name(holder: At, table: SayingTable) -> str:
    """A player or team said, by the names the table knows them by."""
    return " & ".join(table.name(pid) for pid in holder.thing.players)
