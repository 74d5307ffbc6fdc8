"""What a table says around a hand (issue 29), read or set aside before the figures are
placed: partners said together ("Ann and Cy"), remarks on the hand, words that undo what
follows ("didn't make it"), "they", "he" and "she", who dealt and the hand's number, by how
much a bid was made or set, when a hand was given up, and "took every trick" said with its
figure (RULES 3.1, 3.5). Corrections ("no wait") are read first, by ``corrections``.
"""

from __future__ import annotations

from ..hand.outcome import Outcome
from ..pack.tricks import last_trick, trick_total
from .draft import At, Draft
from .lexer import COMMA, STOP, Kind, Thing
from .lists import others_took_at
from .places import FIGURE_CUES, bid_follows, figure_next, is_free, is_paused, kept_only
from .table import SayingTable
from .words import (
    ADDED_LAST,
    DOUBT_WORDS,
    OTHERS,
    REMARK_STARTS,
    WHOLE_DECK,
    Cue,
)


def join_partners(ts: list[At], table: SayingTable) -> list[At]:
    """Partners named together ("Ann and Cy", "Ann & Cy", "Ann, Bob and Cy", and a whole
    team of three or four listed before a figure: "Ann, Cy, Eve 180") as their team;
    players who are no team given nothing together ("Cy and Dee nothing") each nothing;
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
        cue_next = j < len(ts) and any(ts[j].cue(c) for c in (Cue.MELD, Cue.TRICKS, Cue.TOOK))
        figure_before = k >= 1 and ts[k - 1].kind is Kind.NUMBER and not ts[k].pause
        # "Ann, Cy, Eve 180 meld", "took 320 ann cy eve": a whole team listed by its figure
        listed = len(run) > 2 and (figure_next(ts, j) or cue_next or figure_before)
        if (joined or listed) and team is not None:
            text = " & ".join(at.thing.text for at in run)
            out.append(At(Thing(Kind.TEAM, team, text), run[0].pause))
            k = j
            continue
        cued = j < len(ts) and not ts[j].pause and any(ts[j].cue(c) for c in FIGURE_CUES)
        n0 = j + 1 if cued else j
        each = _each(ts, n0)
        if joined and team is None and single and (_nothing_each(ts, n0) or each):
            # "Cy and Dee nothing", "Ann and Cy took nothing", "Ann and Dee melded 40 each":
            # each of them the figure, said as "Cy nothing, Dee nothing"
            words: list[At] = [ts[j]] if cued else []
            for n, at in enumerate(run):
                first = At(at.thing, run[0].pause if n == 0 else COMMA)
                out += [first, *(At(w.thing, 0) for w in words), At(ts[n0].thing, 0)]
            k = n0 + 1 + int(each)
            continue
        together = joined or (
            all(not at.pause for at in run[1:]) and not bid_follows(ts, j)
        )  # "Bob Cy 350 spades": a bid said by one of two, whose is asked as the declarer's
        if len(run) > 1 and together and single and figure_next(ts, j):
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
    prev: list[At | None] = [None, *out[:-1]] if out else []
    paused = [
        (at, COMMA if _and_in_a_list(at, before, after) else at.pause)
        for at, before, after in zip(out, prev, nxt, strict=True)
    ]
    return [At(at.thing, pause) for at, pause in kept_only(paused, keep)]


def _and_in_a_list(at: At, before: At | None, after: At | None) -> bool:
    """True for "and" between a figure and the next player or team ("Ann melded 190 and Bob
    150"), or the next figure's word ("laid down 190 and got 15 counters"): it parts them as
    a comma would."""
    if not at.cue(Cue.AND) or before is None or after is None:
        return False
    cue_next = any(after.cue(c) for c in FIGURE_CUES)
    return before.kind in (Kind.NUMBER, Kind.MELD) and (after.holder or cue_next)


def possessive_teams(ts: list[At], table: SayingTable) -> list[At]:
    """ "Ann's team 300, Bob's 190": a player's name said with "'s" and a figure (or a figure's
    word) straight after it, in a line that has named a team so, is that player's team."""
    out = list(ts)
    team_said = False
    for k, at in enumerate(ts):
        if at.kind is Kind.TEAM:
            team_said = True
            continue
        short = at.kind is Kind.PLAYER and len(at.thing.players) == 1
        if not (team_said and short and _possessive(at, table) and table.teams):
            continue
        if figure_next(ts, k + 1):
            team = table.team_of(at.thing.players[0])
            out[k] = At(Thing(Kind.TEAM, team, at.thing.text, at.thing.length), at.pause)
    return out


def _possessive(at: At, table: SayingTable) -> bool:
    """True when a player's name is said with "'s", or typed with its "s" and no apostrophe
    ("bobs 220")."""
    said, name = at.thing.text, table.name(at.thing.players[0]).casefold()
    return said.endswith("'s") or (said.endswith("s") and said != name and said[:-1] == name)


def _each(ts: list[At], j: int) -> bool:
    """True when ``ts[j]`` is a figure said with "each" or "apiece" straight after it."""
    said = j + 1 < len(ts) and ts[j].kind is Kind.NUMBER and not ts[j + 1].pause
    return said and ts[j + 1].thing.text in ("each", "apiece")


def _nothing_each(ts: list[At], j: int) -> bool:
    """True when ``ts[j]`` is a 0 said alone after players joined ("Cy and Dee nothing."):
    the same figure for each of them, as nothing of two is nothing of each."""
    alone = j + 1 >= len(ts) or bool(ts[j + 1].pause)
    return j < len(ts) and ts[j].kind is Kind.NUMBER and ts[j].thing.value == 0 and alone


_UNDONE = (Kind.OUTCOME, Kind.SUIT, Kind.NUMBER, Kind.MELD, Kind.PLAYER, Kind.TEAM, Kind.ASIDE)
"""What a word that may undo it ("not", "didn't", "almost") leaves unread when said before it."""


def undone(ts: list[At]) -> list[At]:
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


def has_got(ts: list[At]) -> list[At]:
    """ "Dee's got double aces", "Bob's got forty": "'s got" after a name is "has got", what
    the player has (their meld), never what they took."""
    out = list(ts)
    for k, at in enumerate(ts[1:], start=1):
        before = ts[k - 1]
        owned = before.kind is Kind.PLAYER and before.thing.text.endswith("'s")
        if owned and at.cue(Cue.TOOK) and at.thing.text == "got" and not at.pause:
            out[k] = At(Thing(Kind.CUE, Cue.HAS, at.thing.text), at.pause)
    return out


def cards_counted(ts: list[At]) -> list[At]:
    """ "Nine aces", "two roundhouses", "20 bucks": a figure said straight before a plural
    word not understood counts that thing, never a player's figure: left not understood, with
    the word; so is one said before "except" or "minus" ("took everything except 40"), and a
    hand's count of cards ("Cy got 17 cards", never "Ann 130 cards")."""
    out = list(ts)
    for k, at in enumerate(ts[:-1]):
        after = ts[k + 1]
        counted = (
            (after.kind is Kind.UNKNOWN and after.thing.value is None)
            or (after.cue(Cue.TRICKS) and after.thing.text == "cards" and _a_count(at))
            or (after.kind is Kind.MELD and after.thing.text in _RANKS)  # "6 aces"
        )
        text = after.thing.text.split(" ")[0]  # a noun counted, plural ("nines of spades"):
        noun = text.isalpha() and len(text) > 2 and text.endswith("s")  # not "300 to Bob"
        noun = noun or text in _BUT_FOR  # "everything except 40": not the whole of it
        if at.kind is Kind.NUMBER and counted and noun and not after.pause:
            out[k] = At(Thing(Kind.UNKNOWN, None, at.thing.text), at.pause)
    return out


def _a_count(at: At) -> bool:
    """True for a figure small enough to count a hand's cards (24 at the most dealt)."""
    return at.kind is Kind.NUMBER and at.thing.value <= 24


_BUT_FOR = frozenset({"except", "minus", "less", "apart", "bar", "save"})
"""Words that take something away from the figure before them: it is not the figure said."""

_RANKS = frozenset({"aces", "kings", "queens", "jacks"})
"""A rank counted alone, "aces": an around said with no count, never after a figure."""


def of_someone_unread(ts: list[At]) -> list[At]:
    """A figure, or a figure's cue and its figure, said straight after a word not understood
    is that word's: "we took 100", "the others took 100", "Dee took 100" (Dee sitting out),
    "needed 230", "short 30", "Bob and Dee managed 70 in tricks" fill no field and are
    listed, never given to the declarer or left to be the one field a bare figure could fill
    (a figure before a suit is still the bid: "Rob 350 spades")."""
    out = list(ts)
    for k, at in enumerate(ts):
        if at.kind is not Kind.UNKNOWN or others_took_at(ts, k) is not None:
            continue
        if at.thing.value == OTHERS and ts[k + 1 : k + 2] and ts[k + 1].cue(Cue.TOOK):
            continue  # "the two of us held him to 140": his (``lists.others_took``)
        j = k + 1
        if j < len(ts) and not ts[j].pause and any(ts[j].cue(c) for c in FIGURE_CUES):
            j += 1
        if j < len(ts) and not ts[j].pause and ts[j].kind is Kind.NUMBER and not bid_follows(ts, j):
            for x in range(k + 1, j + 1):
                out[x] = At(Thing(Kind.UNKNOWN, None, ts[x].thing.text), ts[x].pause)
    return out


def without_remarks(items: list[tuple[Thing, int]]) -> list[tuple[Thing, int]]:
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
    return kept_only(items, keep)


def he_or_she(ts: list[At], draft: Draft) -> list[At]:
    """ "He took 190", "she had 40", "she and Bob had 200", "she took last trick", "she
    reneged": beside a figure, a figure's cue, the last trick, a renege or "and" a partner, the
    one player named
    before it ("Ann took the bid, she melded 150, Bob 20": Ann); where several are named
    before it ("Bob 350 spades, Ann dealt, she took 190") who is asked among them (the reader
    knows no one's sex), never the declarer taken for it, unless one of them is the partner it
    is said with ("Dee opened, Ann went on, Bob took it; him and Dee melded 180": Bob); where
    none is, the one player the line names, or asked among those it names; where the line says
    both "she" and "he" of one player named, asked among everyone. Said of nothing else ("he
    made it") it is a filler word, dropped."""
    every = tuple(seat.id for seat in draft.table.seats)
    pronouns = {at.thing.text for at in ts if at.cue(Cue.HE_SHE)}
    both = bool(pronouns & _HER) and bool(pronouns - _HER)  # "her 300 ... he took"
    said: list[tuple[At, int]] = []
    carried = 0  # the pause of a "her" dropped before the figure it stood for
    for k, at in enumerate(ts):
        if carried:
            at, carried = At(at.thing, max(at.pause, carried), at.used), 0
        meld_next = k + 1 < len(ts) and ts[k + 1].kind is Kind.MELD and not ts[k + 1].pause
        last_or_renege = (
            k + 1 < len(ts)
            and not ts[k + 1].pause
            and (ts[k + 1].cue(Cue.LAST_TRICK) or ts[k + 1].thing.value is Outcome.RENEGE)
        )
        said_again = k >= 1 and ts[k - 1].kind is Kind.MELD and at.thing.text in ("her", "his")
        if at.cue(Cue.HE_SHE) and said_again and figure_next(ts, k + 1):
            carried = at.pause  # "turned up the dix, that's her ten": the melds' figure again
            continue
        had = k >= 2 and ts[k - 1].cue(Cue.HAS) and ts[k - 2].kind is Kind.PLAYER
        if at.cue(Cue.HE_SHE) and had and at.thing.text in ("her", "his") and not at.pause:
            continue  # "Bob had his hundred aces": Bob's
        if at.cue(Cue.HE_SHE) and (
            figure_next(ts, k + 1) or _and_a_partner(ts, k + 1) or meld_next or last_or_renege
        ):
            before = _named(ts[:k]) or _named(ts) or every
            if both and len(before) == 1:
                before = every  # "Ann made her 300, he took the last trick": he is not Ann
            if _and_a_partner(ts, k + 1):  # "him and Dee": of those named, Dee's partner
                mates = _partners_among(before, ts[k + 2].thing.players, draft.table)
                before = mates or before
            at = At(Thing(Kind.PLAYER, before, at.thing.text, at.thing.length), at.pause)
        said.append((at, at.pause))
    keep = [not at.cue(Cue.HE_SHE) for at, _ in said]
    return [At(at.thing, pause, at.used) for at, pause in kept_only(said, keep)]


_HER = frozenset({"she", "her", "she's"})
"""The pronouns of a woman; "he", "him", "his" of a man: said in one line, two people."""


def _partners_among(
    named: tuple[int, ...], partner: tuple[int, ...], table: SayingTable
) -> tuple[int, ...]:
    """The one player of ``named`` in the team of the one player ``partner`` (else none)."""
    if len(partner) != 1 or not table.teams:
        return ()
    team = table.team_of(partner[0])
    mates = tuple(p for p in named if p in team and p != partner[0])
    return mates if len(mates) == 1 else ()


def _and_a_partner(ts: list[At], k: int) -> bool:
    """True when "and" and a player follow at ``k``: "she and Bob had 200" (partners)."""
    return (
        k + 1 < len(ts)
        and ts[k].cue(Cue.AND)
        and not ts[k].pause
        and ts[k + 1].kind is Kind.PLAYER
        and not ts[k + 1].pause
    )


def _named(ts: list[At]) -> tuple[int, ...]:
    """The players ``ts`` names by name, in seat id order."""
    return tuple(sorted({p for at in ts if at.kind is Kind.PLAYER for p in at.thing.players}))


def said_by(ts: list[At]) -> list[At]:
    """ "Three sixty by Bob in diamonds", "300 to Bob", "330 for Ann's side", "a dix for Ann":
    a figure said "by" (or "to", "for") a player or team, or a meld said "for" them, is
    theirs, as "Bob three sixty in diamonds" (the player put before it, "by" left out); "set by
    20" is another "by" (``margins``)."""
    out: list[At] = []
    k = 0
    while k < len(ts):
        at = ts[k]
        by = k + 2 < len(ts) and _by_or_to(ts[k + 1]) and not ts[k + 1].pause
        said = by and (at.kind is Kind.NUMBER or _meld_for(at, ts[k + 1]))
        if said and at.kind is Kind.NUMBER and k >= 1 and ts[k - 1].kind is Kind.MELD:
            out.append(at)  # "the dix, that's 10 for Ann": the melds' figure said again
            k += 3
            continue
        if said and ts[k + 2].holder and not ts[k + 2].pause:
            out += [At(ts[k + 2].thing, at.pause), At(at.thing, 0)]
            k += 3
            continue
        out.append(at)
        k += 1
    return out


def _meld_for(at: At, word: At) -> bool:
    """True for a meld said "for" someone: "a dix for Ann"."""
    return at.kind is Kind.MELD and word.thing.text == "for"


def _by_or_to(at: At) -> bool:
    """True for "by", "to" or "for" ("three hundred to Bob in spades", "tricks 330 for Ann's
    side")."""
    to = at.kind is Kind.UNKNOWN and at.thing.text == "to"
    return at.cue(Cue.BY) or to or (at.cue(Cue.BID) and at.thing.text == "for")


def last_trick_added(ts: list[At], draft: Draft) -> list[At]:
    """ "Took 200 in cards plus the last trick", "36 counters and the last trick" (never "170
    with the last trick", which holds it): where the
    figure entered holds the last trick (the side's tricks, RULES 3.3; without a bid each
    take, RULES 6.4), the last trick said after a figure taken is added to it, read as one
    figure (``last_trick`` of the deck, as the table writes it); where it is entered apart
    (Bison's counters) it stays the last trick's taker."""
    if draft.asks.takes_each and draft.asks.last_trick_apart:
        return ts
    options = draft.table.options
    worth = options.to_table(last_trick(options.deck))
    out = list(ts)
    keep = [True] * len(ts)
    for k, at in enumerate(ts):
        if not at.cue(Cue.LAST_TRICK) or at.used or at.pause:
            continue
        if not at.thing.text.startswith(ADDED_LAST):
            continue  # "170 with the last trick": held in the figure
        j = k - 1
        while j >= 0 and ts[j].cue(Cue.TRICKS) and not ts[j + 1].pause:
            j -= 1  # "in cards", "counters"
        if j < 0 or ts[j].kind is not Kind.NUMBER or ts[j + 1].pause:
            continue
        figure = ts[j].thing
        said = f"{figure.text} and the last trick"
        out[j] = At(Thing(Kind.NUMBER, figure.value + worth, said, figure.length), ts[j].pause)
        keep[k] = False
    return [at for at, kept in zip(out, keep, strict=True) if kept]


_COUNTER_WORDS = frozenset({"counters", "counter", "in counters"})


def counters_counted(ts: list[At], draft: Draft) -> list[At]:
    """ "Got 15 counters": where the tricks are entered as card points counted in counters
    (each 10, RULES 3.2) and not as each player's count of them (Bison), a figure said as
    counters no more than the deck holds is their points, as the table writes them (15 is
    150; a double deck's 27 at scale 10 stays 27)."""
    options = draft.table.options
    if options.card_values.value != "counters" or draft.asks.takes_each:
        return ts
    deck = options.deck
    held = (trick_total(deck) - last_trick(deck)) // 10
    out = list(ts)
    for k, at in enumerate(ts[:-1]):
        word = ts[k + 1]
        said = word.cue(Cue.TRICKS) and word.thing.text in _COUNTER_WORDS and not word.pause
        if at.kind is Kind.NUMBER and said and 0 < at.thing.value <= held:
            points = options.to_table(at.thing.value * 10)
            out[k] = At(Thing(Kind.NUMBER, points, at.thing.text, at.thing.length), at.pause)
    return out


def had_with_its_word(ts: list[At]) -> list[At]:
    """ "Ann had 9 counters", "he had 100 meld", "laid down 230 in meld": "had" before a
    figure with a meld or tricks word of its own straight after it says no more than "Ann 9
    counters": left out, so the figure and its word are read with the player (or the
    clause's)."""
    said = [(at, at.pause) for at in ts]
    keep = [
        not (
            at.cue(Cue.HAS)
            and not at.pause
            and k + 2 < len(ts)
            and ts[k + 1].kind is Kind.NUMBER
            and not ts[k + 1].pause
            and (ts[k + 2].cue(Cue.TRICKS) or ts[k + 2].cue(Cue.MELD))
            and not ts[k + 2].pause
        )
        for k, at in enumerate(ts)
    ]
    return [At(at.thing, pause, at.used) for at, pause in kept_only(said, keep)]


_HAND_NUMBERS = 30
"""The most hands an evening's number said after "hand" is taken for ("hand one"): far below
any bid, and no figure a table says "hand" before."""


def dealer_and_hand(ts: list[At]) -> None:
    """Who dealt ("Ann dealt", "dealer Ann", "Ann's deal") and the hand's number ("Hand one.",
    said alone): the session knows both, so they fill nothing. "hand" said otherwise is
    filler, as it always was."""
    for k, at in enumerate(ts):
        if at.used:
            continue
        if at.cue(Cue.DEALT):
            for who in (k - 1, k + 1):
                said_with = not (at.pause if who < k else is_paused(ts, who))
                if is_free(ts, who, Kind.PLAYER) and said_with:
                    at.used = ts[who].used = True
                    break
        elif at.cue(Cue.HAND):
            at.used = True
            alone = k + 2 >= len(ts) or bool(ts[k + 2].pause)
            first = k == 0 or at.pause >= STOP
            number = is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
            if number and ((first and alone) or ts[k + 1].thing.value <= _HAND_NUMBERS):
                ts[k + 1].used = True  # "for hand one I have Ann": no figure is so small


def whole_deck_said_again(ts: list[At], draft: Draft) -> None:
    """ "Took all the tricks, 250": the figure said after every trick is the same figure, read
    once; a figure that differs from the hand's whole trick points is asked about."""
    for k, at in enumerate(ts):
        if at.kind is not Kind.NUMBER or at.thing.text not in WHOLE_DECK:
            continue
        if is_free(ts, k + 1, Kind.NUMBER) and ts[k + 1].pause:
            again = ts[k + 1]
            again.used = True
            if again.thing.value != at.thing.value:
                at.used = True  # which of the two is meant is asked: neither is read
                draft.ask(f"{at.thing.text}, {again.thing.text}",
                          [str(at.thing.value), str(again.thing.value)])  # fmt: skip


def margins(ts: list[At]) -> None:
    """ "Set by 20", "made it by 30": by how much, which no field holds, read with the
    outcome. "Bete by nine" is the double bete, set playing it out: a bid given up falls
    short by nothing (RULES 5.3); "bete" alone is asked, single or double."""
    for k, at in enumerate(ts):
        if not at.cue(Cue.BY) or at.used or at.pause or k == 0:
            continue
        margin = is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
        if margin and ts[k - 1].kind is Kind.UNKNOWN and ts[k - 1].thing.text == "bete":
            ts[k - 1] = At(Thing(Kind.OUTCOME, Outcome.SET, "bete"), ts[k - 1].pause)
        ended = ts[k - 1].kind is Kind.OUTCOME
        if ended and ts[k - 1].thing.value in (Outcome.MADE, Outcome.SET) and margin:
            at.used = ts[k + 1].used = True


def read_asides(ts: list[At], draft: Draft) -> None:
    """When a hand was given up ("after seeing the widow", "didn't look at the widow"): read
    with the outcome it describes; the compulsory bid "given up without looking at the widow"
    is its forfeit where the game has one (RULES 4.5, 5.3: a concession comes after the widow
    is seen); left not understood beside any other outcome (asked)."""
    claims = draft.claims.get(("outcome",), [])
    said = {value for value, _ in claims}
    for at in ts:
        if at.kind is not Kind.ASIDE or at.used:
            continue
        options = draft.table.options
        forfeit = (
            at.thing.value is Outcome.FORFEIT
            and Outcome.FORFEIT in draft.asks.outcomes
            and draft.value(("bid",)) == options.to_table(options.compulsory_bid)
        )
        conceded = {Outcome.CONCEDED, Outcome.OPPONENTS_CONCEDED}  # "without playing a card"
        if said == {at.thing.value} or (at.thing.value is Outcome.CONCEDED and said <= conceded):
            at.used = True
        elif forfeit and said == {Outcome.CONCEDED}:
            at.used = True
            draft.claims[("outcome",)] = [
                (Outcome.FORFEIT, f"{w} {at.thing.text}") for _, w in claims
            ]
