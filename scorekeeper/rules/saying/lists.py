"""Lists said after a cue (issue 29; RULES 2.5 who melds, 3.1 and 6.4 takes): the name-figure
pairs a meld or tricks word said before them carries on to ("Ann 8 counters, Bob 10, Cy 2"), or
back to ("Gus 80, Hal 150 meld"), sentence by sentence, never to a player already given that
field; and "the rest" said of the one player whose take a list left out. A list typed without
commas ("ann 40 bob 60 cy 0 dee 150 meld") is read as with them, and figures said "in that
order" as each player's in seat order.
"""

from __future__ import annotations

from .draft import At, Draft
from .lexer import COMMA, STOP, Kind, Thing
from .places import cue_of_its_own, is_free, is_holder
from .table import SayingTable
from .words import IN_ORDER, OTHERS, REST, Cue


def in_seat_order(ts: list[At], table: SayingTable) -> list[At]:
    """ "Trix 55 45 100 50 in that order", or "meld ann 40 bob 0 cy 150 dee 60, took 100, 0,
    80 and 70": as many figures as players (commas and "and" between them), said after a
    meld or tricks word with nobody named among them, are each player's in seat order where
    "in that order" follows them or the line has named every player in seat order with a
    figure before them; read as if said "took Ann 100, Bob 0, Cy 80, Dee 70"."""
    seats = [seat.id for seat in table.seats]
    out = list(ts)
    for k in reversed(range(len(ts))):
        cued = any(ts[k].cue(c) for c in (Cue.MELD, Cue.TRICKS, Cue.TOOK))
        run = _figures_after(ts, k + 1, len(seats)) if cued else None
        if run is None:
            continue
        figures, end = run
        ordered = end < len(ts) and ts[end].thing.value == IN_ORDER
        if not (ordered or _seats_named_in_order(ts[:k], seats)):
            continue
        said: list[At] = [ts[k]]
        for pid, at in zip(seats, figures, strict=True):
            said += [At(Thing(Kind.PLAYER, (pid,), table.name(pid)), COMMA), At(at.thing, 0)]
        out[k : end + int(ordered)] = said
    return out


def _figures_after(ts: list[At], j: int, n: int) -> tuple[list[At], int] | None:
    """The ``n`` figures said from ``j`` (commas and "and" between them, no stop) and where
    what follows them starts; None when there are fewer, or more."""
    figures: list[At] = []
    while j < len(ts) and len(figures) < n:
        if ts[j].cue(Cue.AND) and figures and not ts[j].pause:
            j += 1
            continue
        if ts[j].kind is not Kind.NUMBER or ts[j].pause >= STOP:
            return None
        figures.append(ts[j])
        j += 1
    if len(figures) < n or _figure_next(ts, j) or (j < len(ts) and ts[j].cue(Cue.AND)):
        return None
    return figures, j


def _figure_next(ts: list[At], k: int) -> bool:
    """True when a figure is said at ``k`` (the list runs on: not as many as the players)."""
    return k < len(ts) and ts[k].kind is Kind.NUMBER and not ts[k].pause


def _seats_named_in_order(ts: list[At], seats: list[int]) -> bool:
    """True when ``ts`` names every player in seat order, each with a figure straight after."""
    named = [
        at.thing.players[0]
        for k, at in enumerate(ts[:-1])
        if at.kind is Kind.PLAYER and len(at.thing.players) == 1 and ts[k + 1].kind is Kind.NUMBER
    ]
    return named == seats


def not_what_they_seem(ts: list[At]) -> list[At]:
    """Words read as something they are not where they stand: a suit's letter in a list of
    players' figures ("Sy 20, D 80": Dee, or diamonds?) and "down" said straight after
    anything but a player, a figure or a suit ("put his cards down": no set) are left not
    understood (asked)."""
    out = list(ts)
    for k, at in enumerate(ts):
        after = ts[k + 1] if k + 1 < len(ts) else None
        listed = k >= 1 and ts[k - 1].kind is Kind.NUMBER and bool(at.pause)
        letter = at.kind is Kind.SUIT and len(at.thing.text) == 1 and listed
        if letter and after is not None and after.kind is Kind.NUMBER and not after.pause:
            out[k] = At(Thing(Kind.UNKNOWN, None, at.thing.text), at.pause)
        joined = k >= 2 and ts[k - 1].cue(Cue.AND) and ts[k - 2].kind is Kind.PLAYER
        if at.kind is Kind.SUIT and len(at.thing.text) == 1 and joined and not at.pause:
            # "bob n D 18 tricks": Bob and Dee (or diamonds?): neither read
            out[k] = At(Thing(Kind.UNKNOWN, None, at.thing.text), at.pause)
            out[k - 2] = At(Thing(Kind.UNKNOWN, None, ts[k - 2].thing.text), ts[k - 2].pause)
        down = at.kind is Kind.OUTCOME and at.thing.text == "down" and not at.pause and k >= 1
        said_of = down and (ts[k - 1].holder or ts[k - 1].kind in (Kind.NUMBER, Kind.SUIT))
        if down and not said_of:  # "put his cards down", never "Bob 300 spades down"
            out[k] = At(Thing(Kind.UNKNOWN, None, at.thing.text), at.pause)
    return out


def figures_first(ts: list[At], bid: bool) -> list[At]:
    """ "meld 150 ann 100 cy 40 eve", "counters 12 7 5 bob ann cy": after a meld or tricks
    word, figures said before their players, typed without commas, each figure then its
    player, or all the figures then the players in the same order: read as "meld Ann 150, Cy
    100, Eve 40"; and so the next sentences' lists said the same way, and, where nobody bids,
    such a list starting a sentence ("300 bob 60 dee 30 fay": with a bid, "300 bob" may be
    Bob's bid). Only where every figure has its player and no player is said twice."""
    out = list(ts)
    k = 0
    seen = False  # a list said so before: the next sentence's ("... 40 eve. 300 bob 60 dee")
    while k < len(ts):
        cued = k >= 1 and any(ts[k - 1].cue(c) for c in (Cue.MELD, Cue.TRICKS, Cue.TOOK))
        if cued and k >= 2 and ts[k - 2].kind is Kind.PLAYER and not ts[k - 1].pause:
            cued = False  # "dee took 125 cy 125": the player first, as the first pair says
        starts = k == 0 or ts[k].pause >= STOP
        again = starts and (seen or not bid)  # without a bid no figure is the bid
        pairs = _figure_then_player(ts, k) if cued or again else None
        if pairs:
            seen = True
            said: list[At] = []
            for n, (figure, player) in enumerate(pairs):
                pause = ts[k].pause if n == 0 else COMMA
                said += [At(player.thing, pause), At(figure.thing, 0)]
            end = k + 2 * len(pairs)
            out[k:end] = said
            k = end
            continue
        k += 1
    return out


def _figure_then_player(ts: list[At], k: int) -> list[tuple[At, At]] | None:
    """The figure-player pairs said from ``k`` (alternating, or all figures then all players),
    without a pause, ending at a pause or the line's end; None where there are none."""
    end = k
    while (
        end < len(ts)
        and (end == k or not ts[end].pause)
        and ts[end].kind in (Kind.NUMBER, Kind.PLAYER)
    ):
        end += 1
    run = ts[k:end]
    if len(run) == 2:  # "counters seventeen Ann, four Bob, three Cy": a pair each comma
        run = _pairs_between_commas(ts, k)
    figures = [at for at in run if at.kind is Kind.NUMBER]
    players = [at for at in run if at.kind is Kind.PLAYER]
    if len(figures) < 2 or len(figures) != len(players) or run[0].kind is not Kind.NUMBER:
        return None
    if any(len(p.thing.players) != 1 for p in players):
        return None
    if len({p.thing.players for p in players}) != len(players):
        return None
    alternating = all(at.kind is (Kind.NUMBER if n % 2 == 0 else Kind.PLAYER)
                      for n, at in enumerate(run))  # fmt: skip
    blocks = all(at.kind is Kind.NUMBER for at in run[: len(figures)])
    if not (alternating or blocks):
        return None
    if alternating:
        return [(run[n], run[n + 1]) for n in range(0, len(run), 2)]
    return list(zip(figures, players, strict=True))


def _pairs_between_commas(ts: list[At], k: int) -> list[At]:
    """The figure-player pairs from ``k`` each said between commas ("seventeen Ann, four Bob,
    three Cy"), the last ending at a pause or the line's end; none where a pair is broken."""
    run: list[At] = []
    j = k
    while (
        j + 1 < len(ts)
        and ts[j].kind is Kind.NUMBER
        and ts[j + 1].kind is Kind.PLAYER
        and not ts[j + 1].pause
        and (j == k or ts[j].pause == COMMA)
    ):
        run += ts[j : j + 2]
        j += 2
    ends = j >= len(ts) or ts[j].pause > 0
    return run if ends and len(run) >= 4 else []


def paused_pairs(ts: list[At]) -> list[At]:
    """ "ann 40 bob 60 cy 0 dee 150 meld", "ann took 160 bob 90": a player named straight after
    a figure, with a figure of their own straight after, starts the next pair of a list typed
    without commas: read as if a comma came before them."""
    out = list(ts)
    for j in range(1, len(ts) - 1):
        if ts[j - 1].kind is Kind.NUMBER and not ts[j].pause and _a_pair(ts, j):
            out[j] = At(ts[j].thing, COMMA, ts[j].used)
    return out


def _a_pair(ts: list[At], j: int) -> bool:
    """True when one player is named at ``j`` with a figure straight after."""
    return (
        ts[j].kind is Kind.PLAYER
        and len(ts[j].thing.players) == 1
        and ts[j + 1].kind is Kind.NUMBER
        and not ts[j + 1].pause
    )


def carried_on(
    ts: list[At], j: int, had: frozenset[int], draft: Draft, kind: Kind, meld: bool = False
) -> list[tuple[int, int]]:
    """The name-figure pairs from ``j`` a cue said before them carries on to: each a player or
    team and a figure, alone between pauses ("Ann 8 counters, Bob 10, Cy 2": Bob's and Cy's
    counters too), up to a figure before a suit where the game has a bid ("Bob, 300, spades");
    none where ``j`` is -1. A sentence of the list that names a player twice, or one already
    given that field (``had``: "Bob a run, Ann 60 queens. Bob 91, Ann 50" is another list), is
    not carried on to, nor any after it; nor a team after players' figures, or players after a
    team's (``kind``: "Hal 930. Ann's team 148" is the team's tricks, not their meld); nor,
    for ``meld``, a sentence whose figures with the takes said make the hand's trick points
    where each player's take is entered ("Cy 80 kings. Ann 110, Bob 90, Dee 50": their takes,
    maybe, RULES 6.4)."""
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
        figures = [ts[n].thing.value for _, n in sentence]
        if meld and ts[sentence[0][0]].pause >= STOP and all_the_takes(figures, draft):
            break
        kept += sentence
    return kept


def all_the_takes(figures: list[int], draft: Draft) -> bool:
    """True when ``figures`` and the takes said add up to the hand's trick points where each
    player's take is entered and nobody bids (RULES 3.1, 6.4): they may be the takes."""
    if not draft.asks.takes_each or draft.asks.bid:
        return False
    return draft.taken() + sum(figures) == draft.table.trick_points


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
    said is what the others' takes leave of the deck's trick points (RULES 3.1); "Ann's side
    had the rest" after the other team's figure is those tricks said again; left not
    understood anywhere else."""
    table = draft.table
    _the_rest_of_a_team(ts, draft)
    if draft.asks.bid or not draft.asks.takes_each:
        return
    total = table.trick_points
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


def _the_rest_of_a_team(ts: list[At], draft: Draft) -> None:
    """ "Bob's team took 200, Ann's side had the rest", "... and Ann's the rest": where one
    figure holds the tricks and it is read, a team (or a player's, "Ann's") said to have the
    rest, in a line naming the other team too, says nothing more."""
    teams = {at.thing.players for at in ts if at.kind is Kind.TEAM}
    if draft.asks.takes_each or draft.asks.takes_by_team or draft.value(("tricks",)) is None:
        return
    for k, at in enumerate(ts):
        if at.used or at.thing.value != REST:
            continue
        h = k - 2 if k >= 2 and ts[k - 1].kind is Kind.CUE and not ts[k - 1].used else k - 1
        if h < 0 or ts[h].used:
            continue
        owner = ts[h].kind is Kind.PLAYER and ts[h].thing.text.endswith("'s")
        if ts[h].kind is Kind.TEAM:
            side = ts[h].thing.players
        elif owner and len(ts[h].thing.players) == 1:
            side = draft.table.team_of(ts[h].thing.players[0])
        else:
            continue
        if teams - {side}:  # the other team's figure said too
            for x in range(h, k + 1):
                ts[x].used = True


def the_rest_took_nothing(ts: list[At], draft: Draft) -> None:
    """ "Cy took 120 and Dee 130, the other two nothing": where each player's take is entered
    and nobody bids, the others (or "the rest of us") said to have taken nothing took 0 each."""
    if draft.asks.bid or not draft.asks.takes_each:
        return
    for k, at in enumerate(ts[:-1]):
        if at.used or at.thing.value not in (OTHERS, REST):
            continue
        n = k + 2 if ts[k + 1].cue(Cue.TOOK) and k + 2 < len(ts) else k + 1
        if ts[n].kind is Kind.NUMBER and ts[n].thing.value == 0 and not ts[n].used:
            for x in range(k, n + 1):
                ts[x].used = True
            draft.rest_took_nothing = True


def others_took(ts: list[At]) -> list[tuple[At, At]]:
    """ "The other side took 22", "the others took 90": the declarer's opponents said together
    and the figure they took, read once the declarer is known (``theirs_known``)."""
    said = []
    for k in range(len(ts)):
        if ts[k].thing.value == OTHERS and k + 1 < len(ts) and _held(ts[k + 1]):
            ts[k].used = True  # "the two of us held him to 140": his 140, read as "took"
            continue
        n = others_took_at(ts, k)
        if n is not None and not ts[n].used:
            ts[k].used = ts[k + 1].used = ts[n].used = True
            if n + 1 < len(ts) and ts[n + 1].cue(Cue.TRICKS) and not ts[n + 1].pause:
                ts[n + 1].used = True  # "opps 22 trx"
            said.append((ts[k], ts[n]))
    return said


def theirs_known(
    said: list[tuple[At, At]], ts: list[At], draft: Draft, pending: list[tuple[At, int, str]]
) -> None:
    """Tricks the declarer's opponents took, as tricks of everyone not on the declarer's side
    (the rest of the deck is the bidders', where nothing is buried: ``figures.tricks_of``);
    without a bid, of the team not named where two play and the line names one ("Ann's team
    took 300, the others 190"); left not understood while whose side is not known."""
    side = _side_said(ts, draft)
    for others, figure in said:
        word = f"{others.thing.text} {figure.thing.text}"
        if side is None or draft.asks.takes_each or draft.asks.takes_by_team:
            draft.unknown.append(word)
            continue
        theirs = tuple(seat.id for seat in draft.table.seats if seat.id not in side)
        holder = At(Thing(Kind.TEAM, theirs, others.thing.text), others.pause)
        pending.append((holder, figure.thing.value, word))


def _side_said(ts: list[At], draft: Draft) -> set[int] | None:
    """The side "the others" are set against: the declarer's; without a bid, where two teams
    play, the one team the line names."""
    table = draft.table
    if draft.asks.bid:
        declarer = draft.value(("declarer",))
        return None if declarer is None else set(table.team_of(declarer))
    named = {at.thing.players for at in ts if at.kind is Kind.TEAM}
    return set(next(iter(named))) if len(table.teams) == 2 and len(named) == 1 else None


def others_took_at(ts: list[At], k: int) -> int | None:
    """Where the figure is when the declarer's opponents said together ("the other side",
    "the others") are said at ``k`` to have taken it ("the other side took 22"), or said with
    a figure straight after in a sentence that says what was taken ("Ann's team took 300, the
    others 190"), else None."""
    if ts[k].thing.value != OTHERS or k + 1 >= len(ts):
        return None
    after = ts[k + 1]
    if after.kind is Kind.NUMBER and not after.pause and _took_before(ts, k):
        return k + 1
    tricks_after = k + 2 < len(ts) and ts[k + 2].cue(Cue.TRICKS) and not ts[k + 2].pause
    if after.kind is Kind.NUMBER and not after.pause and tricks_after:
        return k + 1  # "opps 22 trx"
    if k + 2 >= len(ts):
        return None
    figure = ts[k + 2]
    cued = (after.cue(Cue.TOOK) and not _held(after)) or after.cue(Cue.TRICKS)
    if cued and not after.pause and figure.kind is Kind.NUMBER and not figure.pause:
        return k + 2
    return None


def _took_before(ts: list[At], k: int) -> bool:
    """True when a word for tricks taken, or a team with a bare figure ("Ann's side four
    sixty", never "Ann's side 29 meld"), is said before ``k`` in its sentence."""
    j = k
    while j > 0 and ts[j].pause < STOP:
        j -= 1
        if ts[j].cue(Cue.TOOK) or ts[j].cue(Cue.TRICKS):
            return True
        bare = j + 2 >= k or ts[j + 2].kind is not Kind.CUE  # not "Ann's side 29 meld"
        if ts[j].kind is Kind.TEAM and ts[j + 1].kind is Kind.NUMBER and bare:
            return True
    return False


def the_others_named(holder: At, draft: Draft) -> bool:
    """True when players named together where nobody plays in teams ("Ann and Bob took 98")
    are every player but the declarer: the declarer's opponents, as "the others" are."""
    declarer = draft.value(("declarer",))
    named = set(holder.thing.players)
    if holder.kind is not Kind.PLAYER or len(named) < 2 or draft.table.teams or declarer is None:
        return False
    return named == {seat.id for seat in draft.table.seats} - {declarer}


def teams_run_on(ts: list[At]) -> list[list[int]]:
    """Teams and figures said one after another with no pause (dictation's): where the
    figures are, for ``figures.bare_numbers`` to check against the deck's trick points."""
    for start in range(1, len(ts)):
        run: list[int] = []
        k = start
        while is_free(ts, k, Kind.NUMBER) and ts[k - 1].kind is Kind.TEAM and not ts[k].pause:
            if ts[k - 1].used or (run and ts[k - 1].pause >= STOP):
                break
            run.append(k)
            k += 2
        if len(run) > 1:
            return [run]
    return []


def _held(at: At) -> bool:
    """True for "held him to", said by the declarer's opponents of what the declarer took."""
    return at.cue(Cue.TOOK) and at.thing.text.startswith(("held", "we held"))


def respectively(ts: list[At]) -> list[At]:
    """ "Bob, Dee and Fay melded 15, 10 and 20": players listed, a meld or tricks word, then as
    many figures listed: each player's figure in the order said, read as "melded Bob 15, Dee
    10, Fay 20" (never the first figure their team's and the rest not understood)."""
    out: list[At] = []
    k = 0
    while k < len(ts):
        inside = k >= 1 and (ts[k - 1].cue(Cue.AND) or ts[k - 1].kind is Kind.PLAYER)
        players, j = _listed(ts, k, Kind.PLAYER) if not inside else ([], k)
        cue = ts[j] if j < len(ts) else None
        cued = (
            cue is not None
            and not cue.pause
            and any(cue.cue(c) for c in (Cue.MELD, Cue.TOOK, Cue.TRICKS, Cue.HAS))
        )
        figures, end = _listed(ts, j + 1, Kind.NUMBER) if cued else ([], j)
        if cue is not None and cue.cue(Cue.HAS):  # "had seven and five counters": its word
            cue, end = _word_after(ts, end, cue)
            cued = cue is not None
        melded = cued and cue is not None and cue.cue(Cue.MELD)
        if melded and len(players) >= 2 and len(figures) != len(players):
            # dictated with no commas: "bob dee fay hal melded forty sixty twenty and ten"
            figures, end = _listed(ts, j + 1, Kind.NUMBER, loose=True)
        ids = [p.thing.players for p in players]
        ends = end >= len(ts) or bool(ts[end].pause)
        if (
            len(players) >= 2
            and len(figures) == len(players)
            and ends
            and len(set(ids)) == len(ids)
        ):
            out.append(At(cue.thing, players[0].pause))  # type: ignore[union-attr]
            for n, (player, figure) in enumerate(zip(players, figures, strict=True)):
                out += [At(player.thing, COMMA if n else 0), At(figure.thing, 0)]
            k = end
            continue
        out.append(ts[k])
        k += 1
    return out


def _word_after(ts: list[At], end: int, had: At) -> tuple[At | None, int]:
    """The meld or tricks word after figures said with "had" ("Bob and Cy had seven and five
    counters"), and where the list ends with it; "showed" is meld; else no word (None)."""
    after = ts[end] if end < len(ts) else None
    if after is not None and not after.pause and (after.cue(Cue.TRICKS) or after.cue(Cue.MELD)):
        return after, end + 1
    if had.thing.text in ("showed", "shows"):
        return At(Thing(Kind.CUE, Cue.MELD, had.thing.text), had.pause), end
    return None, end


def _listed(ts: list[At], k: int, kind: Kind, loose: bool = False) -> tuple[list[At], int]:
    """The things of ``kind`` listed from ``k`` ("Bob, Dee and Fay", "15, 10 and 20"): each
    after a comma or "and" (figures with no comma too where ``loose``), one player each; and
    where the list ends."""
    said: list[At] = []
    j = k
    while (
        j < len(ts)
        and ts[j].kind is kind
        and (kind is not Kind.PLAYER or len(ts[j].thing.players) == 1)
    ):
        joined_by_and = j >= 1 and ts[j - 1].cue(Cue.AND)
        if said and kind is Kind.NUMBER and not (ts[j].pause or joined_by_and or loose):
            break  # players may be said with no comma ("Ann Cy Eve and Gus"), figures not
        said.append(ts[j])
        j += 1
        joined = j + 1 < len(ts) and ts[j].cue(Cue.AND) and not ts[j].pause
        if joined and ts[j + 1].kind is kind and not ts[j + 1].pause:
            j += 1  # "and" before the last of the list
    return said, j
