"""The claims one reading of a line makes on a hand's fields, and how they are weighed
(issue 29): one claim on a field fills it, two that differ are asked about, never chosen
between.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..game.bidding import TAKEOVER_BID, bid_problem, takeover_allowed
from ..game.choices import AllPass
from ..hand.outcome import Outcome
from ..pack.cards import Suit
from .lexer import Kind, Thing
from .reading import SINGLE, Ambiguity, Key, Meld, Reading
from .table import NOT_PLAYED, HandAsks, SayingTable
from .words import THROWN_IN, Cue


@dataclass(slots=True)
class At:
    """A thing in the line being read: whether a pause came before it, and whether a part of
    the hand was read from it (``used``; a player given a part is no longer the declarer's)."""

    thing: Thing
    pause: int  # 0, or the pause before it (``lexer.COMMA``, ``lexer.STOP``)
    used: bool = False

    @property
    def kind(self) -> Kind:
        """What the thing is."""
        return self.thing.kind

    def cue(self, cue: Cue) -> bool:
        """True when this is the cue word ``cue``."""
        return self.thing.kind is Kind.CUE and self.thing.value is cue

    @property
    def holder(self) -> bool:
        """True when it names a player or a team."""
        return self.thing.kind in (Kind.PLAYER, Kind.TEAM)


@dataclass
class Draft:
    """The claims a line makes on each field, before they are weighed."""

    table: SayingTable
    asks: HandAsks
    claims: dict[Key, list[tuple[Any, str]]] = field(default_factory=dict)
    ambiguous: list[Ambiguity] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    doubted: set[Key] = field(default_factory=set)
    """Fields asked about as a whole ("Ann the dix for ten and later a rope": which melds?):
    no figure claimed for them is taken."""
    groups: dict[Key, list[int]] = field(default_factory=dict)
    """Each meld field's groups of named melds, each group's worth, in the order said."""
    rest_took_nothing: bool = False
    """ "The other two nothing": every player whose take the line does not say took none, where
    the takes said make the hand's trick points."""
    auction: list[tuple[int, int]] = field(default_factory=list)
    """The bids said with their bidder, in the order said: for each, its place among the bid
    claims and among the declarer claims (``bid_by``)."""

    def bid_by(self, figure: int, bid_word: str, pid: int, name_word: str) -> None:
        """``pid`` bid ``figure``: a claim on the bid, and on the declarer, kept as a bid of
        the auction (``_auction``)."""
        bids = self.claims.setdefault(("bid",), [])
        declarers = self.claims.setdefault(("declarer",), [])
        self.auction.append((len(bids), len(declarers)))
        bids.append((self._as_written(figure), bid_word))
        declarers.append((pid, name_word))

    def _auction(self) -> None:
        """Bids said by their bidders one after another, each higher than the one before and
        each by another player than the one before ("Bob bid 350 and Cy went 400"), are the
        auction as it went: the last (highest) bid wins it and its bidder is the declarer
        (RULES 4.2: only the winning bid is recorded; each bid must top the one before). The
        players outbid are no longer claimed as the declarer; a bid that does not top the one
        said before it (a correction, or Brooklyn's takeover at 250 after an opening 300) or a
        bid said of nobody leaves the bids asked about."""
        bids = self.claims.get(("bid",), [])
        declarers = self.claims.get(("declarer",), [])
        if len(self.auction) < 2 or len(bids) != len(self.auction):
            return
        said = [(bids[b][0], declarers[d][0]) for b, d in self.auction]
        rising = all(a[0] < b[0] for a, b in pairwise(said))
        turns = all(a[1] != b[1] for a, b in pairwise(said))
        if not (rising and turns):
            return
        last_bid, _ = self.auction[-1]
        outbid = {d for _, d in self.auction[:-1]}
        self.auction = []  # weighed: the claims left are the winning bid's
        self.claims[("bid",)] = [bids[last_bid]]
        self.claims[("declarer",)] = [c for i, c in enumerate(declarers) if i not in outbid]

    def _as_written(self, bid: int) -> int:
        """A bid said in full points where the table writes them without the trailing zero
        ("six fifty" at a double deck, RULES 2.7 and 4.1): the bid as written (65) where the
        figure said is on the ladder in full points and at least the least bid in them (as
        written it would be ten times that: no hand makes it); any other figure as said."""
        options = self.table.options
        written = options.to_table(bid)
        exact = written != bid and options.from_table(written) == bid
        full = bid >= options.min_bid  # ten times the least bid written: no hand makes it
        return written if exact and full and bid_problem(bid, options) is None else bid

    def claim(self, key: Key, value: Any, word: str) -> None:
        """``word`` says ``key`` is ``value``."""
        if key == ("bid",) and isinstance(value, int):
            value = self._as_written(value)
        self.claims.setdefault(key, []).append((value, word))

    def claimed(self, key: Key) -> bool:
        """True when something in the line was said of ``key``."""
        return key in self.claims

    def values(self, key: Key) -> list[Any]:
        """The values claimed for ``key``, in the order said."""
        return [value for value, _ in self.claims.get(key, ())]

    def value(self, key: Key) -> Any:
        """The value every claim on ``key`` agrees on (None when none or they differ)."""
        values = set(self.values(key))
        return next(iter(values)) if len(values) == 1 else None

    def ask(self, word: str, could_be: Sequence[str]) -> None:
        """Ask what ``word`` means: one of ``could_be``."""
        ambiguity = Ambiguity(word, tuple(could_be))
        if ambiguity not in self.ambiguous:
            self.ambiguous.append(ambiguity)

    def who(self, at: At) -> int | None:
        """The one player a player thing names (None, and asked about, when several)."""
        ids = at.thing.players
        if at.kind is Kind.PLAYER and len(ids) == 1:
            return ids[0]
        if at.kind is Kind.PLAYER:
            self.ask(at.thing.text, [self.table.name(pid) for pid in ids])
        return None

    def _thrown_in(self) -> None:
        """ "Everyone passed, threw it in": where the house rules throw in a hand everyone
        passed (RULES 4.3, ``throw-in``), cards thrown in beside "everyone passed" are that
        hand thrown in, not a concession (nobody bid, so nobody had a bid to concede)."""
        said = self.claims.get(("outcome",), [])
        outcomes = {value for value, _ in said}
        if (
            self.table.options.all_pass is AllPass.THROW_IN
            and outcomes == {Outcome.ALL_PASS, Outcome.CONCEDED}
            and all(w in THROWN_IN for v, w in said if v is Outcome.CONCEDED)
        ):
            self.claims[("outcome",)] = [(v, w) for v, w in said if v is Outcome.ALL_PASS]

    def _declarers_meld(self) -> None:
        """Where only the declarer's meld is entered, the declarer's meld said by name ("Bob
        has 300") and said of nobody ("melded 100") are claims on one field."""
        declarer = self.value(("declarer",))
        named = ("meld", declarer, False)
        if self.asks.meld_each or declarer is None:
            return
        if named in self.doubted:  # "he had a run and a peanut, I mean pinochle": all asked
            self.doubted.add(("meld", None, False))
        if named not in self.claims:
            return
        if ("meld", None, False) in self.doubted:
            self.doubted.add(named)
        self.claims[named] += self.claims.pop(("meld", None, False), [])

    def _meld_totals(self) -> None:
        """A player's melds said one group at a time, each with its figure, then their total
        ("the dix, ten for her, and she had 80 kings too, so 90"): the total said last, when it
        is the sum of every other figure said for that meld, is the meld. Two groups of named
        melds with no total said after them ("2 dixes 20 plus a marriage 20") are asked: each
        group, or their sum?"""
        for key, worths in self.groups.items():
            said = self.claims.get(key, [])
            if len(worths) < 2 or key in self.doubted or not said:
                continue
            total = sum(worths)
            if said[-1][0] == total and len(said) > len(worths):
                self.claims[key] = [said[-1]]
            else:
                words = " / ".join(dict.fromkeys(word for _, word in said))
                self.ask(words, [*dict.fromkeys(str(w) for w in worths), str(total)])
                self.doubted.add(key)
        for key, said in self.claims.items():
            if key[0] != "meld" or key in self.doubted or key in self.groups:
                continue
            values = list(dict.fromkeys(value for value, _ in said))
            last = said[-1][0] if said else None
            others = [v for v in values if v != last]
            if isinstance(last, int) and len(others) >= 2 and last == sum(others):
                self.claims[key] = [said[-1]]

    def _passed_then_played(self) -> None:
        """ "Bob jumped to 300 and everybody passed ... made": everyone passing said with a
        bid and with how the hand played out is the auction ending on that bid (RULES 4.2),
        not a hand nobody bid (RULES 4.3)."""
        said = self.claims.get(("outcome",), [])
        played = {value for value, _ in said} - {Outcome.ALL_PASS}
        if self.claims.get(("bid",)) and len(played) == 1 and not played & NOT_PLAYED:
            self.claims[("outcome",)] = [(v, w) for v, w in said if v is not Outcome.ALL_PASS]

    def _taken_over(self) -> None:
        """ "Bob bid 300, Ann took it over at 250": a takeover is played at 250 (RULES 4.3),
        so of the bids said that one is the hand's, and its player the declarer."""
        bids = self.claims.get(("bid",), [])
        at = self.table.options.to_table(TAKEOVER_BID)
        if not (self.claimed(("takeover",)) and any(value == at for value, _ in bids)):
            return
        outbid = {d for b, d in self.auction if bids[b][0] != at}  # the 300 bidder's name
        declarers = self.claims.get(("declarer",), [])
        kept = [c for i, c in enumerate(declarers) if i not in outbid]
        if kept:
            self.claims[("declarer",)] = kept
        else:  # "he made Ann play it at 250": the dealer said with no bid of hers
            self.claims.pop(("declarer",), None)
        self.claims[("bid",)] = [(value, word) for value, word in bids if value == at]

    def _stuck_with_it(self) -> None:
        """ "Bob opened 300, the rest passed, so he dumped it on Annie at 250": where the house
        rules have the dealer's takeover (RULES 4.3), the takeover's 250 said after a higher bid
        with no takeover word read may be the dealer's takeover, played by the dealer, not the
        opener: who played it is asked, never the opener taken for it."""
        at = self.table.options.to_table(TAKEOVER_BID)
        values = self.values(("bid",))
        if self.claimed(("takeover",)) or at not in values or max(values) <= at:
            return
        if not takeover_allowed(self.table.options) or not self.claimed(("declarer",)):
            return
        said = " / ".join(dict.fromkeys(word for _, word in self.claims[("declarer",)]))
        self.ask(f"{said} at {at}", [seat.name for seat in self.table.seats])
        self.doubted.add(("declarer",))

    def taken(self) -> int:
        """The takes said so far, added up (each one the figure its claims agree on)."""
        return sum(self.value(key) or 0 for key in self.claims if key[0] == "take")

    def _every_trick_taken(self) -> None:
        """ "Bob took every trick", "Cy took 120 and Dee 130, the other two nothing": where each
        player's (or team's) take is entered, the takes said make the hand's trick points (RULES
        3.1) and the line says the rest took none (one take is all of them, or "the others
        nothing"), every take not said is 0."""
        if not (self.asks.takes_each or self.asks.takes_by_team):
            return
        takers = {key[1]: self.value(key) for key in self.claims if key[0] == "take"}
        whole = self.table.trick_points
        if self.taken() != whole or not (self.rest_took_nothing or whole in takers.values()):
            return
        heads = {team[0] for team in self.table.teams} if self.asks.takes_by_team else {
            seat.id for seat in self.table.seats}  # fmt: skip
        alls = (said[0][1] for key, said in self.claims.items()
                if key[0] == "take" and said[0][0] == whole)  # fmt: skip
        word = next(alls, "the others nothing")
        for head in sorted(heads - takers.keys()):
            self.claim(("take", head), 0, word)

    def _side_said_again(self, melds: list[Meld]) -> list[Meld]:
        """A side's meld said as well as its players' ("Ann 45, Cy 10, so we had 55"): their
        sum said again, dropped when it agrees; asked about when it does not (which is it?),
        or when some of them were not said (never both entered)."""
        own = {m.holder: m.figure for m in melds if not m.side}
        kept: list[Meld] = []
        for meld in melds:
            members = self.table.team_of(meld.holder) if meld.side and meld.holder else ()
            said = [own[p] for p in members if p in own]
            if not said:
                kept.append(meld)
            elif len(said) < len(members) or sum(said) != meld.figure:
                names = " & ".join(self.table.name(p) for p in members)
                self.ask(f"{names} {meld.figure}", [str(meld.figure), f"{sum(said)} as said each"])
        return kept

    def reading(self) -> Reading:
        """The fields the claims agree on; two claims on one field asked about (none but the
        outcome's for a hand nobody played: a misdeal, everyone passing, enters nothing else)."""
        self._auction()
        self._thrown_in()
        self._passed_then_played()
        self._taken_over()
        self._stuck_with_it()
        single: dict[str, Any] = {}
        melds: list[Meld] = []
        takes: list[tuple[int, int]] = []
        bids: list[tuple[int, int]] = []
        unplayed = self.value(("outcome",)) in NOT_PLAYED
        self._declarers_meld()
        self._meld_totals()
        self._every_trick_taken()
        for key, said in self.claims.items():
            if key in self.doubted:
                continue  # asked already
            values = list(dict.fromkeys(value for value, _ in said))
            if len(values) > 1 and unplayed and key != ("outcome",):
                continue  # "misdeal, Ann gave Bob 16 cards": no declarer is entered to ask
            if len(values) > 1:
                words = " / ".join(dict.fromkeys(word for _, word in said))
                self.ask(words, [said_value(key, v, self.table) for v in values])
                continue
            if key[0] in SINGLE or key[0] == "takeover":
                single[key[0]] = values[0]
            elif key[0] == "meld":
                melds.append(Meld(key[1], values[0], key[2]))
            elif key[0] == "take":
                takes.append((key[1], values[0]))
            else:
                bids.append((key[1], values[0]))
        melds = self._side_said_again(melds)
        return Reading(
            **single,
            melds=tuple(sorted(melds, key=lambda m: (m.holder or 0, m.side))),
            takes=tuple(sorted(takes)),
            bids=tuple(sorted(bids)),
            ambiguous=tuple(self.ambiguous),
            unknown_words=tuple(self.unknown),
        )


def said_value(key: Key, value: Any, table: SayingTable) -> str:
    """A value claimed, as a question shows it."""
    if key[0] in ("declarer", "last_trick", "reneger"):
        return table.name(value)
    if isinstance(value, Outcome):
        return value.label
    if isinstance(value, Suit):
        return value.noun
    return str(value)
