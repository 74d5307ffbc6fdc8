"""Whose a figure is (issue 29; RULES 2.5 who melds, 3.3 and 3.4 whose tricks, 6.4 takes):
figures beside a cue word ("60 meld", "took 160", "Ann 8 counters, Bob 10"), the melds named
("Cy has the dix"), and a figure nothing marks, which fills the one field it could and is
asked about when it could fill two. What a player "had" is read by ``had``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..pack.tricks import buried_most
from .draft import At, Draft
from .lexer import STOP, Kind
from .lists import carried_back, carried_on, melded_already, teams_run_on, the_others_named
from .places import (
    FIGURE_CUES,
    bid_follows,
    bid_said,
    biddable,
    cue_of_its_own,
    holder_name,
    is_free,
    is_holder,
    leans,
    subject_of,
)
from .reading import Key
from .table import MELD_KEPT, PLAYED, HandAsks, SayingTable
from .words import WHOLE_DECK, Cue

Put = Callable[[At | None, int, str, Draft], None]
"""What is done with a figure read beside a cue word, and its holder (None: nobody named)."""


def read_cued(ts: list[At], draft: Draft, cue: Cue, put: Put) -> None:
    """Figures beside a cue word, with their holders where named: "Ann 60 meld", "Ann meld
    60", "meld Ann 60 Bob 20", "60 meld", "took Ann 90 Bob 60"; the cue carries on to the
    name-figure pairs said after it, each alone between pauses ("Ann 8 counters, Bob 10, Cy
    2"); ``put(holder or None, figure, words, draft)``. A figure "took" before a suit is the
    bid won ("Bob took the 300 in hearts"), read as the bid."""
    number = Kind.NUMBER
    for k, at in enumerate(ts):
        if not at.cue(cue) or at.used:
            continue
        if (
            cue is Cue.TOOK
            and draft.asks.bid
            and is_free(ts, k + 1, number)
            and bid_follows(ts, k + 1)
        ):
            at.used = True  # "Bob took the 300 in hearts": the bid he won, never his tricks
            continue
        # "Ann 8 counters", and "Ann 90 took" when no figure follows ("Ann 60 took 90" is not,
        # nor "Bob 20 took Ann 140 Bob 110", a list of its own)
        # a figure before its cue is said straight before it: "took 190, meld 120" is not a
        # meld of 190, "Bob 20, took Ann 140" not Bob's take of 20 (a pause ends a figure's part)
        listed = is_holder(ts, k + 1) and is_free(ts, k + 2, number) and not ts[k + 1].pause
        before = (
            not at.pause
            and not listed
            and (
                cue is not Cue.TOOK
                or not (
                    is_free(ts, k + 1, number)
                    or (k + 1 < len(ts) and ts[k + 1].cue(Cue.LAST_TRICK))
                )
            )
        )
        # "took 190 meld 120": a figure between two cues, said straight after the first, is
        # the first's when the second has a figure of its own after it
        after_cue = k >= 2 and any(ts[k - 2].cue(c) for c in FIGURE_CUES)
        own = is_free(ts, k + 1, number) and not ts[k + 1].pause
        if after_cue and not ts[k - 1].pause and own:
            before = False
        # "meld bob 40 dee 150 tricks 100 made": a list's last pair before a cue with a figure
        # of its own, which no cue follows, is the list's, not the cue's
        if own and _listed_before(ts, k) and not cue_of_its_own(ts, k + 2, None):
            before = False
        # "Ann 60 meld 140 tricks, Bob 20": a figure said straight before the cue is its, not
        # a list said after a pause
        back = before and is_free(ts, k - 1, number)
        leaned = False  # said of the clause's player, who is left free (``subject_of``)
        if before and is_holder(ts, k - 2) and is_free(ts, k - 1, number):
            pairs, after = [(k - 2, k - 1)], k + 1
        elif is_holder(ts, k - 1) and is_free(ts, k + 1, number):
            pairs, after = [(k - 1, k + 1)], k + 2
        elif is_holder(ts, k + 1) and is_free(ts, k + 2, number) and not (back and ts[k + 1].pause):
            pairs, j = [], k + 1
            while (
                is_holder(ts, j)
                and is_free(ts, j + 1, number)
                and not bid_follows(ts, j + 1)
                and not cue_of_its_own(ts, j + 2, cue)
            ):
                pairs.append((j, j + 1))
                j += 2
            after = -1  # a list already: nothing carries on past it
            if not at.pause and _heads_the_list(ts, k, pairs):  # "Bob 100 in tricks Cy 80"
                pairs.insert(0, (k - 2, k - 1))
        elif subject_of(ts, k, draft) is not None and is_free(ts, k + 1, number):
            pairs, after = [(subject_of(ts, k, draft), k + 1)], k + 2  # type: ignore[list-item]
            leaned = leans(ts, k)
        elif before and is_free(ts, k - 1, number) and subject_of(ts, k - 1, draft) is not None:
            # "Ann 100 meld 90 tricks": the figure before the cue is the clause's player's
            pairs, after = [(subject_of(ts, k - 1, draft), k - 1)], -1  # type: ignore[list-item]
            leaned = leans(ts, k - 1)
        elif before and is_free(ts, k - 1, number) and not is_holder(ts, k - 2):
            pairs, after = [(-1, k - 1)], -1
        elif is_free(ts, k + 1, number):
            pairs, after = [(-1, k + 1)], -1
        else:
            continue  # said of no figure: left unread
        melded = melded_already(draft) if cue is Cue.MELD else frozenset()
        if 0 <= after < len(ts) and ts[after].used and ts[after].kind is Kind.NUMBER:
            after += 1  # "Bob took every trick, 250, Ann nothing": the 250 said again
        elif 0 <= after < len(ts) and ts[after].cue(Cue.LAST_TRICK):
            after += 1  # "Ann 9 counters and the last trick, Bob 8, Cy 7"
        elif 0 <= after < len(ts) and ts[after].cue(Cue.TRICKS) and not ts[after].pause:
            after += 1  # "Bob took 240 in tricks, Ann 10"
        kind = ts[pairs[0][0]].kind if pairs and pairs[0][0] >= 0 else Kind.PLAYER
        carried = carried_on(ts, after, melded, draft, kind, meld=cue is Cue.MELD)
        if not bid_said(ts, draft) and any(biddable(ts[n].thing.value, draft) for _, n in carried):
            carried = []  # "Ann took 10, Bob 300": Bob's bid, maybe; "Bob 9" is no bid
        if before and pairs and pairs[0] == (k - 2, k - 1) and bid_said(ts, draft):
            carried += carried_back(ts, k - 2)
        at.used = True
        for who, n in pairs + carried:
            ts[n].used = True
            holder = ts[who] if who >= 0 else None
            if holder is not None and not (leaned and (who, n) == pairs[0]):
                holder.used = True
            cued = {k} if (who, n) in pairs else set()  # a pair carried on is said alone
            said = sorted(({who, n} | cued) - {-1})
            text = " ".join(ts[x].thing.text for x in said)
            put(holder, ts[n].thing.value, text, draft)


def _listed_before(ts: list[At], k: int) -> bool:
    """True when the pair before the cue at ``k`` ends a list of name-figure pairs that
    another cue heads ("meld bob 40 dee 150 tricks 100")."""
    j = k - 2
    while j >= 1 and is_holder(ts, j) and ts[j + 1].kind is Kind.NUMBER:
        j -= 2
    return j < k - 2 and j >= -1 and any(ts[j + 1].cue(c) for c in FIGURE_CUES)


def _heads_the_list(ts: list[At], k: int, pairs: list[tuple[int, int]]) -> bool:
    """True when a player's figure said straight before the cue at ``k`` is the first of the
    list the cue heads ("Bob a hundred in tricks Cy eighty Ann seventy", dictated): a player
    the list does not name again (never "Bob 20 took Ann 140 Bob 110")."""
    if k < 2 or not is_holder(ts, k - 2) or not is_free(ts, k - 1, Kind.NUMBER):
        return False
    if ts[k - 1].pause or ts[k - 2].used:
        return False
    named = {p for who, _ in pairs for p in ts[who].thing.players}
    return named.isdisjoint(ts[k - 2].thing.players)


def spent_tricks_words(ts: list[At]) -> None:
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
            and (ts[k - 2].cue(Cue.TOOK) or ts[k - 2].cue(Cue.TRICKS))
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


def meld_then_took(ts: list[At], draft: Draft, tricks: Put) -> None:
    """ "Cy 0 took 50" where each player's meld and take are asked and nobody bids: the
    figure after the name is that player's meld, the one after "took" their take (with a bid,
    the first figure could be the bid: left to be read, or asked about, as any other)."""
    asks = draft.asks
    if asks.bid or not (asks.meld_each and asks.takes_each):
        return
    for k, at in enumerate(ts):
        if not at.cue(Cue.TOOK) or at.used or at.pause:
            continue
        if not (is_holder(ts, k - 2) and ts[k - 2].kind is Kind.PLAYER and not ts[k - 2].used):
            continue
        if not (is_free(ts, k - 1, Kind.NUMBER) and not ts[k - 1].pause):
            continue
        if not (is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause):
            continue
        holder, meld, took = ts[k - 2], ts[k - 1], ts[k + 1]
        holder.used = meld.used = at.used = took.used = True
        put_meld(holder, meld.thing.value, f"{holder.thing.text} {meld.thing.text}", draft)
        tricks(
            holder,
            took.thing.value,
            f"{holder.thing.text} {at.thing.text} {took.thing.text}",
            draft,
        )


def put_meld(holder: At | None, figure: int, word: str, draft: Draft) -> None:
    """A meld figure for a player, a side, or (chips) the declarer."""
    asks = draft.asks
    if holder is None and not asks.meld_each:
        draft.claim(("meld", None, False), figure, word)
    elif holder is None:  # whose? each player's meld may hold it: all asked, none filled
        draft.ask(word, [f"{seat.name}'s meld" for seat in draft.table.seats])
        draft.doubted.update(("meld", seat.id, False) for seat in draft.table.seats)
    elif holder.kind is Kind.TEAM and asks.side_meld:
        draft.claim(("meld", holder.thing.players[0], True), figure, word)
    elif holder.kind is Kind.TEAM:
        draft.unknown.append(word)
    elif _none_each(holder, figure, asks.meld_each):  # "Cy and Dee nothing": each melds 0
        for each in holder.thing.players:
            draft.claim(("meld", each, False), 0, word)
    else:
        pid = draft.who(holder)
        if pid is not None:
            draft.claim(("meld", pid, False), figure, word)
        if pid is not None and not asks.meld_each:  # only the declarer's meld is entered
            draft.claim(("declarer",), pid, holder.thing.text)


def _none_each(holder: At, figure: int, each: bool) -> bool:
    """True when nothing is said of several players named together, not a team, where each
    player's own figure is entered: 0 for each of them, whichever way it is split."""
    return each and figure == 0 and holder.kind is Kind.PLAYER and len(holder.thing.players) > 1


def meld_key(holder: At | None, draft: Draft) -> Key | None:
    """The meld field of ``holder`` (nobody: the declarer's, in the chip games), or None
    where it names no one field."""
    asks = draft.asks
    if holder is None:
        return None if asks.meld_each else ("meld", None, False)
    if holder.kind is Kind.TEAM:
        return ("meld", holder.thing.players[0], True) if asks.side_meld else None
    return ("meld", holder.thing.players[0], False) if len(holder.thing.players) == 1 else None


def _melded(holder: At, draft: Draft) -> Key | None:
    """The meld field of ``holder`` when the line has claimed it already, else None."""
    key = meld_key(holder, draft)
    return key if key is not None and draft.claimed(key) else None


def tricks_of_nobody(figure: int, word: str, draft: Draft) -> None:
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


def tricks_of(holder: At, figure: int, word: str, draft: Draft) -> None:
    """Tricks said of a player or a team: their take, or the one figure when they are on the
    side it is entered for."""
    asks, table = draft.asks, draft.table
    if _none_each(holder, figure, asks.takes_each):  # "Ann, Bob and Cy zero tricks"
        for each in holder.thing.players:
            draft.claim(("take", each), 0, word)
        return
    if holder.kind is Kind.TEAM or the_others_named(holder, draft):
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
        draft.claim(("tricks",), table.trick_points - figure, word)
    else:
        # buried cards count for nobody, or the figure is one of two or more opponents'
        # ("Bob makes 350, Ann took 100" while Cy plays too): ours does not follow
        draft.unknown.append(word)


def _rest_is_ours(table: SayingTable, said: tuple[int, ...], side: tuple[int, ...]) -> bool:
    """True when ``said`` are the whole other side and every trick point is one side's or the
    other's (nothing buried): the side entered took the rest of the deck."""
    return buried_most(table.options) == 0 and _whole_side(table, said) == _other_side(table, side)


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


def bare_numbers(ts: list[At], draft: Draft) -> None:
    """A figure nothing marks: the one field it could fill, or asked about (the player or
    team said just before it is read with it, as whose it is). Where every player melds, a
    figure said of nobody may be someone's meld: "Cy 270 hearts made, 150" is asked, meld or
    tricks, as where only the declarer melds."""
    for pairs in teams_run_on(ts):  # "Ann's team three thirty Bob's team one sixty"
        _every_teams_tricks(ts, pairs, draft)
    for pairs in _lists_of_pairs(ts):
        if not _every_teams_tricks(ts, pairs, draft):
            _one_field_for_all(ts, pairs, draft)
    total = draft.table.trick_points
    for k, at in enumerate(ts):
        if at.used or at.kind is not Kind.NUMBER:
            continue
        at.used = True
        if not is_holder(ts, k - 1) and at.thing.value == _meld_and_tricks(draft):
            continue  # "took 215 in tricks, so 275": the meld and tricks said together
        if not is_holder(ts, k - 1) and at.thing.value == draft.value(("bid",)):
            continue  # "Ann: no, four fifty. Cy: ok, four fifty": the bid said again
        holder = ts[k - 1] if is_holder(ts, k - 1) else None
        fits = _could_be(holder, draft)
        if holder is not None and fits:
            holder.used = True
        word = at.thing.text
        if not biddable(at.thing.value, draft):  # "all three passed": no bid is 3
            fits = [(key, label) for key, label in fits if key != ("bid",)]
        if at.thing.value > total:  # "three ten" at a single deck: more than every trick
            fits = [(key, label) for key, label in fits if key not in (("tricks",), _REST)]
        melds_only = all("meld" in (key[0], label) for key, label in fits)
        if draft.table.options.from_table(at.thing.value) % 10 and melds_only:
            fits = []  # "a nine" where only meld could be: every meld is tens (RULES 2.6)
        if word in WHOLE_DECK:  # "every trick to Ann's team": tricks, never a meld or bid
            fits = [(key, label) for key, label in fits if key[0] not in ("meld", "bid")]
        side = _entered_side(draft)
        again = holder is not None and side is not None and set(holder.thing.players) <= set(side)
        if again and at.thing.value == draft.value(("tricks",)):
            continue  # "Ann's team all four ninety, Bob's team got nothing": their tricks again
        ours = draft.value(("tricks",))
        theirs = holder is not None and side is not None and not again and ours is not None
        if theirs and at.thing.value == total - ours and not buried_most(draft.table.options):
            continue  # "Ann's team 0 trx. b/d/f all 490": the rest, theirs, said again
        if [key for key, _ in fits] == [_SOMEONES_MELD]:
            draft.unknown.append(word)  # meld of nobody said, where everyone melds
        elif len(fits) == 1 and fits[0][0] == _REST:
            draft.claim(("tricks",), total - at.thing.value, word)
        elif len(fits) == 1 and fits[0][0][0] == "meld" and _outbids(at.thing.value, draft):
            # "Bob's three hundred went round ... Ann at 250": his bid, or his meld? asked
            draft.claim(("bid",), at.thing.value, word)
            draft.ask(word, ["bid", fits[0][1]])
        elif len(fits) == 1 and fits[0][0][0] == "meld" and _outbid(at.thing.value, draft):
            # "Bob three hundred, Cy three thirty ... Bob three seventy": a bid of the auction
            # the reader could not follow, or a meld? asked
            draft.ask(word, ["a bid that was outbid", fits[0][1]])
        elif len(fits) == 1:
            key, _ = fits[0]
            draft.claim(key, at.thing.value, word)
        elif fits:
            draft.ask(word, [label for _, label in fits])
        elif holder is not None and _melded(holder, draft) is not None:
            # "... plus a hundred aces, so Ann 110": her meld said again, checked (asked
            # where it differs), never left aside with the first figure kept
            holder.used = True
            draft.claim(_melded(holder, draft), at.thing.value, word)  # type: ignore[arg-type]
        else:
            draft.unknown.append(word)


def _outbids(figure: int, draft: Draft) -> bool:
    """True when ``figure`` is a legal bid above every bid the line says (so it may be a bid
    said before the one played: an auction, a takeover)."""
    bids = draft.values(("bid",))
    return draft.asks.bid and bool(bids) and figure > max(bids) and draft.table.is_bid(figure)


def _outbid(figure: int, draft: Draft) -> bool:
    """True when ``figure`` is a legal bid under the bid the line says: a bid of the auction,
    outbid, as likely as a meld."""
    bids = draft.values(("bid",))
    return draft.asks.bid and bool(bids) and figure < max(bids) and draft.table.is_bid(figure)


def _meld_and_tricks(draft: Draft) -> int | None:
    """The bidders' meld and tricks together, once both are said (one figure for the side's
    tricks; the declarer's meld, or their side's), or None."""
    tricks, declarer = draft.value(("tricks",)), draft.value(("declarer",))
    if tricks is None or declarer is None or draft.asks.takes_each or draft.asks.takes_by_team:
        return None
    side = set(draft.table.team_of(declarer))
    keys = [k for k in draft.claims if k[0] == "meld" and (k[1] is None or k[1] in side)]
    own = [k for k in keys if not k[2]]  # each player's, else the side's as one figure
    melds = [draft.value(key) for key in (own or keys)]
    if not melds or None in melds:
        return None
    return int(tricks) + sum(int(m) for m in melds)


def _lists_of_pairs(ts: list[At]) -> list[list[int]]:
    """The lists of name-figure pairs no cue marks, two or more, each pair alone between
    pauses and no stop inside ("Bob 91, Ann 50, Cy 70, Dee 39"): where each pair's figure is."""
    lists: list[list[int]] = []
    k = 1
    while k < len(ts):
        run: list[int] = []
        while (
            is_free(ts, k, Kind.NUMBER)
            and not ts[k].pause
            and is_holder(ts, k - 1)
            and not ts[k - 1].used
            and (k == 1 or ts[k - 1].pause)
            and (k + 1 >= len(ts) or ts[k + 1].pause)
            and not (run and ts[k - 1].pause >= STOP)  # a stop ends a list
        ):
            run.append(k)
            k += 2
        if len(run) > 1:
            lists.append(run)
        k += 1 if not run else 0
    return lists


def _every_teams_tricks(ts: list[At], pairs: list[int], draft: Draft) -> bool:
    """ "Ann's team 300, Bob's 190": every team said with a figure, the figures adding up to
    the hand's trick points with nothing buried (RULES 3.5, 3.6), are each team's tricks: the
    side entered took its own (True when read so)."""
    table = draft.table
    holders = [ts[k - 1] for k in pairs]
    teams = [tuple(h.thing.players) for h in holders if h.kind is Kind.TEAM]
    if len(teams) != len(holders) or sorted(teams) != sorted(table.teams):
        return False
    total = table.trick_points
    figures = [ts[k].thing.value for k in pairs]
    side = _entered_side(draft)
    if sum(figures) != total or buried_most(table.options) or side is None:
        return False
    if draft.asks.takes_each or draft.asks.takes_by_team or draft.claimed(("tricks",)):
        return False
    for k in pairs:
        ts[k].used = ts[k - 1].used = True
    ours = next(ts[k].thing.value for k in pairs if set(ts[k - 1].thing.players) == set(side))
    draft.claim(
        ("tricks",), ours, ", ".join(f"{ts[k - 1].thing.text} {ts[k].thing.text}" for k in pairs)
    )
    return True


def _one_field_for_all(ts: list[At], pairs: list[int], draft: Draft) -> None:
    """A list of name-figure pairs said one after another is one field's: where one pair can
    only be one kind of field (Bob's meld is said already, so "Bob 91" is his take) and every
    pair can be that kind, each pair is read as it ("Bob 91, Ann 50, Cy 70, Dee 39": their
    takes); otherwise each is read alone."""
    fits = [_could_be(ts[k - 1], draft) for k in pairs]
    sure = {options[0][0][0] for options in fits if len(options) == 1}
    if len(sure) != 1:
        return
    kind = next(iter(sure))
    keys = [[key for key, _ in options if key[0] == kind] for options in fits]
    if kind not in ("meld", "take") or any(len(found) != 1 for found in keys):
        return
    for k, (key,) in zip(pairs, keys, strict=True):
        ts[k].used = ts[k - 1].used = True
        draft.claim(key, ts[k].thing.value, f"{ts[k - 1].thing.text} {ts[k].thing.text}")


_REST: Key = ("tricks", "rest")
"""A bare figure that may be the other side's tricks, where every trick point is one side's or
the other's: the one figure entered is then the rest of the deck's (``tricks_of``)."""

_SOMEONES_MELD: Key = ("meld", 0, False)
"""A bare figure that may be the meld of a player or side the line does not name, where every
player melds (no player's id is 0): one of the things the figure could be, never filled."""


def _could_be(holder: At | None, draft: Draft) -> list[tuple[Key, str]]:
    """The fields a figure nothing marks could fill, beside ``holder`` (or nobody)."""
    asks, table = draft.asks, draft.table
    outcome = draft.value(("outcome",))
    fits: list[tuple[Key, str]] = []
    pid = None
    if holder is not None and holder.kind is Kind.PLAYER and len(holder.thing.players) == 1:
        pid = holder.thing.players[0]
    name = None if holder is None else holder_name(holder, table)
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
        elif not (asks.takes_each or asks.takes_by_team):
            side = _entered_side(draft)
            said = () if holder is None else holder.thing.players
            team_said = holder is not None and pid is None
            if team_said and side is not None and _rest_is_ours(table, said, side):
                # "Bob's team 290": their tricks, or their meld? Asked even where the tricks
                # are said already (the rest of the deck may be the figure said, or not)
                fits.append((_REST, f"{name}'s tricks"))
            elif draft.claimed(("tricks",)):
                pass
            elif holder is None and _unsaid_side(draft):  # which team's is not said
                fits += [(("tricks",), label) for label in _team_tricks(table)]
            elif pid is not None and not asks.bid:
                pass  # "Ann 40" without a bid: her own figure, her meld, not her team's tricks
            elif side is None or set(said) <= set(side):  # nobody's, or maybe the bidders'
                fits.append((("tricks",), "tricks"))
    return fits
