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

``fill`` reads a line in passes: what is said around the hand first (``spoken``), then whose
each figure is (``figures``), then the bid, trump, the outcome and the declarer (here);
``places`` answers where a word sits for all of them.
"""

from __future__ import annotations

from itertools import pairwise

from ..game.bidding import takeover_allowed
from ..game.choices import AllPass
from ..hand.outcome import Outcome
from .corrections import corrected, turned_up
from .doubts import forfeit_or_conceded, higher_bid_unread, out_of_the_deck
from .draft import At, Draft
from .figures import (
    bare_numbers,
    meld_then_took,
    put_meld,
    read_cued,
    spent_tricks_words,
    tricks_of,
    tricks_of_nobody,
)
from .had import read_had
from .lasttrick import read_last_trick
from .lexer import COMMA, STOP, Kind, Thing
from .lists import (
    figures_first,
    in_seat_order,
    not_what_they_seem,
    others_took,
    paused_pairs,
    respectively,
    the_rest,
    the_rest_took_nothing,
    theirs_known,
)
from .meldnames import meld_heading, named_melds
from .places import bid_follows, biddable, is_free, is_holder, is_paused, kept_only
from .reneging import read_reneger
from .sides import given_up_bid, headings, read_they, their_team
from .spoken import (
    cards_counted,
    counters_counted,
    dealer_and_hand,
    had_with_its_word,
    has_got,
    he_or_she,
    join_partners,
    last_trick_added,
    margins,
    of_someone_unread,
    possessive_teams,
    read_asides,
    said_by,
    undone,
    whole_deck_said_again,
    without_remarks,
)
from .table import SayingTable
from .words import OTHERS, THROWN_IN, WHOEVER_GAVE_UP, Cue

PASSING_MAKES_A_BID = frozenset(
    {AllPass.DEALER_MUST_BID, AllPass.COMPULSORY_FIRST_BID, AllPass.DEALER_TAKEOVER}
)
"""House rules under which nobody bidding still leaves a bid played (RULES 4.3): there
"everyone passed" says how the bid was won (Brooklyn: the opening 300 met only by passes,
played by its bidder or taken over by the dealer), not how the hand ended."""


def fill(items: list[tuple[Thing, int]], table: SayingTable) -> Draft:
    """The claims one reading of the line makes."""
    draft = Draft(table, table.asks)
    said = turned_up(corrected(without_remarks(items)), table.asks.bid)
    kept = [thing.kind is not Kind.FILLER for thing, _ in said]
    ts = [At(thing, pause) for thing, pause in kept_only(said, kept)]
    ts = in_seat_order(respectively(not_what_they_seem(ts)), table)
    ts = he_or_she(paused_pairs(figures_first(given_up_bid(ts), table.asks.bid)), draft)
    ts = undone(possessive_teams(join_partners(ts, table), table))
    ts = of_someone_unread(cards_counted(has_got(ts)))
    headings(ts)
    ts = their_team(ts, draft)
    read_they(ts, draft)
    ts = last_trick_added(counters_counted(had_with_its_word(said_by(ts)), draft), draft)
    dealer_and_hand(ts)
    whole_deck_said_again(ts, draft)
    margins(ts)
    read_reneger(ts, draft)
    _takeover(ts, draft)
    _passes(ts)
    named_melds(ts, draft)
    _bids(ts, draft)
    _auction_said_bare(ts, draft)
    _everyone_passed(ts, draft)
    read_cued(ts, draft, Cue.MELD, put_meld)
    read_had(ts, draft)
    pending: list[tuple[At, int, str]] = []  # whose side took them waits for the declarer

    def tricks(holder: At | None, figure: int, word: str, draft: Draft) -> None:
        """Tricks of nobody now; of a player or team once the declarer is known."""
        if holder is None:
            tricks_of_nobody(figure, word, draft)
        else:
            pending.append((holder, figure, word))

    the_rest_took_nothing(ts, draft)
    others = others_took(ts)
    meld_then_took(ts, draft, tricks)
    read_cued(ts, draft, Cue.TOOK, tricks)  # first: "Bob and Dee took 100 in tricks" is theirs
    spent_tricks_words(ts)  # "took 170 in tricks, 360": the 360 is no more tricks
    read_cued(ts, draft, Cue.TRICKS, tricks)
    spent_tricks_words(ts)  # "takes 280 in tricks", read by the first "takes"
    read_last_trick(ts, draft)
    _plain(ts, draft)
    _passed_into_a_bid(ts, draft)
    read_asides(ts, draft)
    _declarer(ts, draft)
    _thrown_in_by_nobody(draft)
    theirs_known(others, ts, draft, pending)
    for holder, figure, word in pending:  # the declarer is known now, as it will be
        tricks_of(holder, figure, word, draft)
    out_of_the_deck(ts, draft)  # before: "took 32 of the 50" (the 50 no figure of its own)
    bare_numbers(ts, draft)  # after: "ann 60 bob 20. tricks ann 130 bob 120" (60 her meld)
    the_rest(ts, draft)
    higher_bid_unread(ts, draft)
    forfeit_or_conceded(ts, draft)  # once the bid is read, wherever it was said
    meld_heading(ts, draft)
    for at in ts:
        if not at.used:
            draft.unknown.append(at.thing.text)
    return draft


def _takeover(ts: list[At], draft: Draft) -> None:
    """ "Ann took it over": Brooklyn's dealer takeover, where the house rules have it (RULES
    4.3); elsewhere the words are not understood."""
    if not takeover_allowed(draft.table.options):
        return
    for k, at in enumerate(ts):
        if at.cue(Cue.TAKEOVER) and not at.used:
            at.used = True
            draft.claim(("takeover",), True, at.thing.text)
        elif _made_to_play(ts, k):  # "he made Ann play it at 250": the opener's doing
            made, play = at, next(a for a in ts[k + 2 : k + 5] if a.thing.text in _PLAY)
            made.used = play.used = ts[k + 1].used = True
            draft.claim(("takeover",), True, f"{made.thing.text} {play.thing.text}")
            dealer = draft.who(ts[k + 1])  # the one made to play it: the dealer (RULES 4.3)
            if dealer is not None:
                draft.claim(("declarer",), dealer, ts[k + 1].thing.text)


_PLAY = frozenset({"play", "take", "eat"})
"""What the opener made the dealer do with the bid ("made Ann play it"): take it over."""


def _made_to_play(ts: list[At], k: int) -> bool:
    """True when "made" at ``k`` is said of a player made to play the bid: "made Ann play
    it", "made Ann, the dealer, take it" (RULES 4.3: the opener passes it to the dealer)."""
    at = ts[k]
    if at.used or at.kind is not Kind.OUTCOME or at.thing.text not in ("made", "makes", "make"):
        return False
    if not is_holder(ts, k + 1) or ts[k + 1].pause:
        return False  # "make Ann, who was dealing, play it": up to two words between
    return any(a.thing.text in _PLAY and not a.used for a in ts[k + 2 : k + 5])


def _passes(ts: list[At]) -> None:
    """ "Bob passed", "Cy passes", "Bob and Cy both passed": players out of the auction, which
    no field holds (the bids said around them are read as the auction; "both passed" after
    two players is theirs, not a hand nobody bid)."""
    for k, at in enumerate(ts):
        both = at.kind is Kind.OUTCOME and at.thing.value is Outcome.ALL_PASS
        if not (at.cue(Cue.PASSED) or (both and at.thing.text.startswith("both"))):
            continue
        said_by = _passers(ts, k)
        if at.used or at.pause or not said_by or (both and len(said_by) < 2):
            continue
        for j in (k, *said_by):
            ts[j].used = True


def _passers(ts: list[At], k: int) -> list[int]:
    """The places of the players said just before ``k``, one ("Bob") or several said together
    ("Bob and Cy", "Bob, Cy and Dee")."""
    places: list[int] = []
    j = k - 1
    while is_free(ts, j, Kind.PLAYER) and ts[j + 1].pause <= COMMA:
        places.append(j)
        joined = is_free(ts, j - 1, Kind.CUE) and ts[j - 1].cue(Cue.AND) and not ts[j].pause
        j = j - 2 if joined else j - 1
    return places


def _bids(ts: list[At], draft: Draft) -> None:
    """A figure after a bid word: the bid ("Bob bid 350", "took it for 350", "at 350", "in
    350"), or under summed bids each player's own ("Ann bid 20", "bids Ann 20 Bob 25")."""
    if not draft.asks.bid:
        return  # nobody bids: "the dix for 10" is no bid
    for k, at in enumerate(ts):
        if at.used or not (at.cue(Cue.BID) or at.cue(Cue.IN) or _played_a_bid(at, draft)):
            continue
        if draft.asks.summed and is_holder(ts, k + 1) and is_free(ts, k + 2, Kind.NUMBER):
            at.used = True
            j = k + 1
            while (
                is_holder(ts, j) and is_free(ts, j + 1, Kind.NUMBER) and not bid_follows(ts, j + 1)
            ):
                _own_bid(ts[j], ts[j + 1], draft)
                j += 2
            continue
        if at.thing.text == "went" and is_free(ts, k + 1, Kind.SUIT) and not ts[k + 1].pause:
            at.used = True  # "Bob went hearts": the trump he chose
            continue
        if not is_free(ts, k + 1, Kind.NUMBER):
            # "350 in hearts for Cy": "for" the player who bid it, said after the bid
            said_after = k >= 1 and ts[k - 1].kind in (Kind.NUMBER, Kind.SUIT)
            if at.thing.text == "for" and said_after and is_holder(ts, k + 1):
                at.used = not ts[k + 1].pause
            continue
        at.used = ts[k + 1].used = True
        if draft.asks.summed and is_holder(ts, k - 1):
            _own_bid(ts[k - 1], ts[k + 1], draft)
            continue
        text = f"{at.thing.text} {ts[k + 1].thing.text}"
        pid = None
        if is_holder(ts, k - 1) and ts[k - 1].kind is Kind.PLAYER:
            ts[k - 1].used = True
            pid = draft.who(ts[k - 1])
        if pid is None:
            draft.claim(("bid",), ts[k + 1].thing.value, text)
        else:
            draft.bid_by(ts[k + 1].thing.value, text, pid, ts[k - 1].thing.text)
            _bids_in_turn(ts, k + 2, draft)


def _played_a_bid(at: At, draft: Draft) -> bool:
    """True for "played" where the game's hands have a bid ("Ann played 300 in clubs": the bid
    she played), not the outcome "played" of a game without one."""
    played = at.kind is Kind.OUTCOME and at.thing.value is Outcome.PLAYED
    return played and draft.asks.bid and Outcome.PLAYED not in draft.asks.outcomes


def _bids_in_turn(ts: list[At], j: int, draft: Draft) -> None:
    """ "Ann bid 60, Bob 65, Ann 75": the bid word carries on to each player and figure said
    after it, one after another, each a bid of the auction (``Draft._auction``: the last one
    wins it where each tops the one before; asked otherwise). A figure with a cue of its own
    after it ("Bob 65 meld") ends the list; a player who passed is passed over ("Bob opens 260,
    Cy 270, Ann passes, Bob 280")."""
    while True:
        while is_paused(ts, j) and _passed_at(ts, j):
            j += 2
        if not (
            (is_paused(ts, j) or _topped(ts, j, draft))
            and is_free(ts, j, Kind.PLAYER)
            and is_free(ts, j + 1, Kind.NUMBER)
            and not ts[j + 1].pause
            and not (j + 2 < len(ts) and ts[j + 2].kind is Kind.CUE and not ts[j + 2].pause)
        ):
            return
        pid = draft.who(ts[j])
        ts[j].used = ts[j + 1].used = True
        if pid is not None:
            draft.bid_by(ts[j + 1].thing.value, ts[j + 1].thing.text, pid, ts[j].thing.text)
        j += 2


def _topped(ts: list[At], j: int, draft: Draft) -> bool:
    """True when the player at ``j`` is said with a legal bid above the figure said just
    before them, typed with no comma between: "bob bid 280 ann 290 bob 300"."""
    if not (j >= 1 and j + 1 < len(ts)) or ts[j - 1].kind is not Kind.NUMBER:
        return False
    figure = ts[j + 1]
    if figure.kind is not Kind.NUMBER or figure.thing.value <= ts[j - 1].thing.value:
        return False
    return draft.table.is_bid(figure.thing.value)


def _auction_said_bare(ts: list[At], draft: Draft) -> None:
    """ "Bob 300, Cy 310, Bob 320, Cy passes": players and figures said one after another with
    no bid word are the auction (read as ``_bids_in_turn`` reads it, the last bid winning)
    when every figure is a legal bid, each tops the one before, no player bids twice running,
    and the figures can be nothing else: where only the declarer melds (and nobody's takes
    are entered), or someone passed, or three or more bids are said."""
    asks = draft.asks
    if not asks.bid or asks.summed or draft.claimed(("bid",)):
        return
    passed = any(at.cue(Cue.PASSED) for at in ts)
    for pairs in _bids_said_in_turn(ts):
        said = [(ts[k - 1], ts[k]) for k in pairs]
        figures = [figure.thing.value for _, figure in said]
        players = [holder.thing.players for holder, _ in said]
        legal = all(draft.table.is_bid(f) for f in figures)
        rising = all(a < b for a, b in pairwise(figures))
        turns = all(len(p) == 1 for p in players) and all(a != b for a, b in pairwise(players))
        only_bids = not (asks.meld_each or asks.takes_each) or passed or len(pairs) > 2
        if not (legal and rising and turns and only_bids):
            continue
        for holder, figure in said:
            holder.used = figure.used = True
            draft.bid_by(figure.thing.value, figure.thing.text, holder.thing.players[0],
                         holder.thing.text)  # fmt: skip
        return


def _everyone_passed(ts: list[At], draft: Draft) -> None:
    """ "Pass, pass, pass": passes said of nobody, two or more, with no bid said, are everyone
    passing (RULES 4.3), where the game's hand can end so."""
    bare = [
        at
        for k, at in enumerate(ts)
        if at.cue(Cue.PASSED) and not at.used and not (is_holder(ts, k - 1) and not at.pause)
    ]
    if bare and draft.claimed(("bid",)):
        for at in bare:  # "Ann bid 50, nobody else bid": the others passed her bid
            at.used = True
        return
    if len(bare) < 2 or Outcome.ALL_PASS not in draft.asks.outcomes:
        return
    for at in bare:
        at.used = True
    draft.claim(("outcome",), Outcome.ALL_PASS, " ".join(at.thing.text for at in bare))


def _bids_said_in_turn(ts: list[At]) -> list[list[int]]:
    """Each sentence's players and figures said one after another, each alone between pauses,
    passing over players who passed ("Bob 50, Cy 51, Dee pass, Bob 53"): where the figures
    are. A stop ends a sentence, a suit or an outcome the list; a list that runs into a figure,
    a player or a word not understood ("Bob 300, Cy 310, Dee 320" where no Dee plays) is
    none."""
    runs: list[list[int]] = []
    run: list[int] = []
    k = 0
    while k < len(ts):
        at = ts[k]
        if run and at.pause >= STOP:
            runs.append(run)
            run = []
        if _passed_at(ts, k) and (k == 0 or at.pause):
            k += 2
            continue
        pair = (
            is_free(ts, k, Kind.PLAYER)
            and (k == 0 or bool(at.pause))
            and is_free(ts, k + 1, Kind.NUMBER)
            and not ts[k + 1].pause
            and (k + 2 >= len(ts) or bool(ts[k + 2].pause))
        )
        if pair:
            run.append(k + 1)
            k += 2
            continue
        if run and at.kind not in (Kind.UNKNOWN, Kind.NUMBER, Kind.PLAYER):
            runs.append(run)  # the auction said; what follows is another part of the hand
        run = []
        k += 1
    if run:
        runs.append(run)
    return [r for r in runs if len(r) > 1]


def _passed_at(ts: list[At], k: int) -> bool:
    """True when a player who passed is said at ``k`` ("Ann passes", read by ``_passes``)."""
    return (
        0 <= k < len(ts)
        and ts[k].used
        and ts[k].kind is Kind.PLAYER
        and k + 1 < len(ts)
        and ts[k + 1].cue(Cue.PASSED)
    )


def _own_bid(holder: At, figure: At, draft: Draft) -> None:
    """A player's own bid (summed bids)."""
    holder.used = figure.used = True
    pid = draft.who(holder)
    if pid is not None:
        draft.claim(("own", pid), figure.thing.value, f"{holder.thing.text} {figure.thing.text}")


def _plain(ts: list[At], draft: Draft) -> None:
    """A figure before a suit ("three fifty in spades": the bid and trump), a suit, an
    outcome; a concession said of the opponents before it ("the other two conceded it", "Bob
    and Cy conceded it") is theirs, where they may concede."""
    for k, at in enumerate(ts):
        if at.used:
            continue
        if at.kind is Kind.NUMBER and is_free(ts, k + 1, Kind.SUIT) and draft.asks.bid:
            at.used = True
            if draft.asks.summed and is_holder(ts, k - 1):
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
            others = _others_before(ts, k) if either else None
            players = _players_before(ts, k) if either else []
            gave_up = at.thing.value in (Outcome.CONCEDED, Outcome.OPPONENTS_CONCEDED)
            if others is not None and gave_up:
                others.used = True  # "the other two just conceded it to him"
                draft.claim(("outcome",), Outcome.OPPONENTS_CONCEDED, at.thing.text)
            elif len(players) > 1 and gave_up:
                for said in players:  # "Bob and Cy conceded it to her": both opponents
                    said.used = True
                draft.claim(("outcome",), Outcome.OPPONENTS_CONCEDED, at.thing.text)
            elif at.thing.value is Outcome.CONCEDED and _opponents_conceded(draft):
                # "Ann and Bob threw their cards in and conceded the hand": said twice
                draft.claim(("outcome",), Outcome.OPPONENTS_CONCEDED, at.thing.text)
            elif either and at.thing.text in WHOEVER_GAVE_UP:  # which side gave it up?
                draft.ask(at.thing.text, ("conceded", "opponents conceded"))
            elif either and at.thing.value is Outcome.CONCEDED and _one_of_several(ts, players):
                # "Cy 350 spades, Bob gave up": Bob the bidder, or one of Cy's opponents?
                draft.ask(at.thing.text, ("conceded", "opponents conceded"))
            else:
                draft.claim(("outcome",), at.thing.value, at.thing.text)


def _thrown_in_by_nobody(draft: Draft) -> None:
    """ "The cards were thrown in" said with no bid and no declarer: a concession (of whose
    bid?) or everyone passing? Asked, where everyone passing ends a hand (RULES 4.3)."""
    said = draft.claims.get(("outcome",), [])
    conceded = bool(said) and all(v is Outcome.CONCEDED and w in THROWN_IN for v, w in said)
    if not conceded or Outcome.ALL_PASS not in draft.asks.outcomes:
        return
    if draft.claimed(("bid",)) or draft.claimed(("declarer",)):
        return
    del draft.claims[("outcome",)]
    draft.ask(said[0][1], (Outcome.CONCEDED.label, Outcome.ALL_PASS.label))


def _opponents_conceded(draft: Draft) -> bool:
    """True when the line has said the opponents conceded already."""
    said = draft.claims.get(("outcome",), [])
    return any(value is Outcome.OPPONENTS_CONCEDED for value, _ in said)


def _players_before(ts: list[At], k: int) -> list[At]:
    """The players said together straight before ``k`` ("Bob and Cy conceded"), with no
    pause between them and the word at ``k``."""
    players: list[At] = []
    j = k - 1
    while j >= 0 and ts[j].kind is Kind.PLAYER and not ts[j].used and not ts[j + 1].pause:
        players.append(ts[j])
        j -= 1
    return players


def _one_of_several(ts: list[At], players: list[At]) -> bool:
    """True when one player is said giving up and the line names another player too."""
    if len(players) != 1:
        return False
    named = {p for at in ts if at.kind is Kind.PLAYER for p in at.thing.players}
    return bool(named - set(players[0].thing.players))


def _others_before(ts: list[At], k: int) -> At | None:
    """The declarer's opponents said together ("the other two") before ``k`` in its clause."""
    j = k
    while j > 0 and ts[j].pause < STOP:
        j -= 1
        if ts[j].kind is Kind.UNKNOWN and ts[j].thing.value == OTHERS and not ts[j].used:
            return ts[j]
    return None


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
    if (
        not asks.bid
        or asks.summed
        or draft.claimed(("bid",))
        or not is_free(ts, k + 1, Kind.NUMBER)
    ):
        return False
    if k >= 1 and ts[k - 1].kind is Kind.NUMBER:
        return False  # "350 spades": the figure before it is the bid
    if any(is_free(ts, j, Kind.NUMBER) and is_free(ts, j + 1, Kind.SUIT) for j in range(len(ts))):
        return False
    if not biddable(ts[k + 1].thing.value, draft):
        return False
    after = ts[k + 2] if k + 2 < len(ts) else None
    return after is None or bool(after.pause) or after.holder or after.kind is Kind.OUTCOME


def _declarer(ts: list[At], draft: Draft) -> None:
    """A player named with no other part is the declarer, unless the line says nothing of the
    hand (no figure, suit, outcome nor meld) but words not understood ("Ann flashed the bottom
    card"); a team named so is one of them, asked which, unless the declarer said is one of
    them ("Ann bid 310, Ann and Cy made it"). Where every player melds, a player named just
    before a figure that cannot be the bid (the bid is said already) is that figure's, not
    the declarer ("Bob 300 spades, Ann 20": Ann's 20)."""
    of_a_hand = (Kind.NUMBER, Kind.SUIT, Kind.OUTCOME, Kind.MELD)
    talk = any(at.kind is Kind.UNKNOWN for at in ts)
    if talk and not any(at.kind in of_a_hand for at in ts):
        return  # "Ann flashed the bottom card": nothing of a hand, so no declarer either
    for k, at in enumerate(ts):
        if not at.holder or at.used:
            continue
        if not draft.asks.bid:
            continue  # no declarer here: a name alone is left unread
        if _figure_of(ts, k, draft):
            continue  # read with its figure (``bare_numbers``)
        if at.kind is Kind.TEAM:
            at.used = True
            said = {pid for pid, _ in draft.claims.get(("declarer",), [])}
            if said.isdisjoint(at.thing.players):  # "Ann bid 310, Ann and Cy made it": read
                draft.ask(at.thing.text, [draft.table.name(pid) for pid in at.thing.players])
            continue
        at.used = True
        pid = draft.who(at)
        if pid is not None:
            draft.claim(("declarer",), pid, at.thing.text)


def _figure_of(ts: list[At], k: int, draft: Draft) -> bool:
    """True when the player or team at ``k`` is said with the figure right after it and that
    figure can only be theirs: every player melds and the bid is said already (or the figure
    is no bid: "Ann took 10, Bob 9" is Bob's 9, not his bid); or under summed
    bids, where it may be their own bid and the declarer is the highest bidder (RULES 6.6),
    never the player a figure is left with ("Cy bid 300 hearts, Bob 250": not Bob)."""
    said_with = is_free(ts, k + 1, Kind.NUMBER) and not ts[k + 1].pause
    if draft.asks.summed:
        return said_with
    if not (draft.asks.meld_each and said_with):
        return False
    return draft.claimed(("bid",)) or not biddable(ts[k + 1].thing.value, draft)
