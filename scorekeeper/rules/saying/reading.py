"""A hand as a line said it (issue 29): the fields read, and what was missing or unsure; and
the line the app says for it (RULES 2.5, 3.3, 3.4 and 6.6 for whose figures a hand holds).

``Reading`` holds what the hand's fields take (player ids, figures in the table's units, the
engine's ``Suit`` and ``Outcome``) and, beside them, what the line lacks (``missing``, by the
fields' names as ``HandEntry`` spells them), what could mean two things (``ambiguous``) and
what was not understood (``unknown_words``). ``say_hand`` and ``read_hand`` are a pair: the
line said for a reading reads back to it; ``reading_of`` is a hand entered, as a line says it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from ..errors import Part, Where
from ..game.choices import CardValues
from ..game.options import Options
from ..hand.handinput import HandContext, HandInput, MeldNumber, evaluate_meld
from ..hand.outcome import Outcome
from ..holders import PlayerKey
from ..pack.cards import Suit
from ..pack.tricks import PlayerTricks, SideTricks, TrickShares, last_trick
from .table import HandAsks, SayingTable


@dataclass(frozen=True, slots=True)
class Ambiguity:
    """A word (or words) that could mean more than one thing, and what each could be."""

    word: str
    could_be: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld figure said for a player, for a side (``side``: under its first seat's player),
    or in a chip game for the declarer (``holder`` None: only the declarer melds there)."""

    holder: int | None
    figure: int
    side: bool = False


@dataclass(frozen=True, slots=True)
class Reading:
    """What a line said of a hand, as the hand's fields take it: player ids, figures in the
    table's units, the engine's ``Suit`` and ``Outcome``; and what it left unsaid or unsure."""

    declarer: int | None = None
    bid: int | None = None
    trump: Suit | None = None
    outcome: Outcome | None = None
    tricks: int | None = None  # the declarer's side's (without a bid: the first seat's team's)
    last_trick: int | None = None
    reneger: int | None = None
    melds: tuple[Meld, ...] = ()
    takes: tuple[tuple[int, int], ...] = ()  # each player's, or each team's under its first seat
    bids: tuple[tuple[int, int], ...] = ()  # summed bids: each player's own
    takeover: bool = False  # Brooklyn's dealer takeover (RULES 4.3)
    missing: tuple[str, ...] = ()
    ambiguous: tuple[Ambiguity, ...] = ()
    unknown_words: tuple[str, ...] = ()

    def fields(self) -> dict[str, Any]:
        """The hand's fields as ``HandEntry`` names them, plain data (a chip game's meld said
        for the declarer is under the declarer, left out while the declarer is not known)."""
        melds: dict[int, dict[str, str]] = {}
        for meld in self.melds:
            holder = self.declarer if meld.holder is None else meld.holder
            if holder is not None:
                mode = "side" if meld.side else "number"
                melds[holder] = {"mode": mode, "text": str(meld.figure)}
        return {
            "outcome": None if self.outcome is None else self.outcome.value,
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": None if self.trump is None else self.trump.value,
            "reneger": self.reneger,
            "tricks": self.tricks,
            "last_trick": self.last_trick,
            "takes": dict(self.takes),
            "melds": melds,
            "bids": dict(self.bids),
            "takeover": self.takeover,
        }


Key: TypeAlias = tuple[Any, ...]
"""A field a claim is made on: ("bid",), ("meld", holder, side), ("take", pid), ("own", pid)."""

SINGLE = ("declarer", "bid", "trump", "outcome", "tricks", "last_trick", "reneger")


def missing(reading: Reading, table: SayingTable) -> tuple[str, ...]:
    """The fields the hand asks for that the line did not fill."""
    asks = table.asks
    takes = dict(reading.takes)
    meld_for = {m.holder for m in reading.melds if not m.side}
    sides = {m.holder for m in reading.melds if m.side}
    melded = all(seat.id in meld_for or table.team_of(seat.id)[0] in sides for seat in table.seats)
    if asks.takes_by_team:
        taken = all(team[0] in takes for team in table.teams)
    else:
        taken = all(seat.id in takes for seat in table.seats)
    if asks.figures_decide:
        figures = reading.tricks is not None and (None in meld_for or reading.declarer in meld_for)
    else:
        tricks = taken if asks.takes_each or asks.takes_by_team else reading.tricks is not None
        figures = melded and tricks
    bids = dict(reading.bids)
    top = max(bids.values(), default=0)
    filled = {
        "outcome": reading.outcome is not None or figures,
        "declarer": reading.declarer is not None
        or (asks.summed and top > 0 and list(bids.values()).count(top) == 1),
        "bid": reading.bid is not None,
        "bids": bool(bids),
        "trump": reading.trump is not None,
        "tricks": reading.tricks is not None,
        "takes": taken,
        "last_trick": reading.last_trick is not None,
        "reneger": reading.reneger is not None,
        "melds": melded,
    }
    return tuple(name for name in asks.wanted(reading.outcome) if not filled[name])


def say_hand(reading: Reading, table: SayingTable) -> str:
    """The line the app says for a reading: it reads back to the same fields."""
    parts: list[str] = []
    if reading.reneger is not None:
        parts.append(table.name(reading.reneger))
    if reading.outcome is not None:  # first: a name that is also an outcome's word follows it
        parts.append(reading.outcome.label)
    if reading.declarer is not None and reading.bid is not None:
        parts.append(
            f"{table.name(reading.declarer)} at {reading.bid}"
        )  # "at": a table may seat a "Bid"
    elif reading.declarer is not None:
        parts.append(table.name(reading.declarer))
    elif reading.bid is not None:
        parts.append(f"bid {reading.bid}")
    if reading.takeover:
        parts.append("takeover")
    if reading.bids:
        parts.append("bids " + ", ".join(f"{table.name(p)} {b}" for p, b in reading.bids))
    if reading.trump is not None:
        parts.append(reading.trump.noun)
    if reading.melds:
        said = []
        for meld in reading.melds:
            if meld.holder is None:
                said.append(str(meld.figure))
            elif meld.side:
                said.append(f"{_team_name(table, meld.holder)} {meld.figure}")
            else:
                said.append(f"{table.name(meld.holder)} {meld.figure}")
        parts.append("meld " + ", ".join(said))
    if reading.tricks is not None and not table.asks.bid and table.teams:
        # without a bid the figure is the first seat's team's (RULES 6.4): said as theirs
        parts.append(f"{_team_name(table, table.teams[0][0])} took {reading.tricks}")
    elif reading.tricks is not None:
        parts.append(f"tricks {reading.tricks}")
    if reading.takes:
        by_team = table.asks.takes_by_team
        said = [
            f"{_team_name(table, pid) if by_team else table.name(pid)} {n}"
            for pid, n in reading.takes
        ]
        parts.append("tricks " + ", ".join(said))
    if reading.last_trick is not None and table.asks.last_trick_apart:
        # without a bid the takes hold the last trick (RULES 6.4): it is not said apart
        parts.append(f"last trick {table.name(reading.last_trick)}")
    return ", ".join(parts)


def reading_of(hand: HandInput, options: Options, context: HandContext) -> Reading:
    """A hand as entered, in a line's terms: player ids in seat order, figures as the table
    writes them, a meld of cards or named melds as its worth (RULES 2), a meld left empty as
    0 where each player's counts, a take without a bid with the last trick in it (RULES 6.4).
    ``say_hand`` of it is the app's own line for the hand."""
    t = options.to_table
    order = {_id(p): i for i, p in enumerate(context.seated)}
    tricks = hand.tricks
    takes, taker = _takes(tricks, options)
    return Reading(
        declarer=None if hand.declarer is None else _id(hand.declarer),
        bid=None if hand.bid is None else t(hand.bid),
        trump=hand.trump,
        outcome=hand.outcome,
        tricks=t(tricks.declarer_points) if isinstance(tricks, SideTricks) else None,
        last_trick=taker,
        reneger=None if hand.reneger is None else _id(hand.reneger),
        melds=tuple(sorted(_melds(hand, options, context), key=lambda m: order[m.holder or 0])),
        takes=tuple(sorted(takes.items(), key=lambda take: order[take[0]])),
        bids=tuple((_id(p), t(bid)) for p, bid in hand.bids),
        takeover=hand.takeover,
    )


def _melds(hand: HandInput, options: Options, context: HandContext) -> list[Meld]:
    """Each meld entered, a side's under its first seat; where each player's meld counts and
    the hand has figures, 0 for each player dealt in whose meld (or side's) was left empty."""
    melds, melded = [], set()
    for player, entry in hand.meld:
        if isinstance(entry, MeldNumber) and entry.hands > 1:  # a side's, as one figure
            team = context.team_of(player)
            melds.append(Meld(_id(team.members[0]), options.to_table(entry.points), side=True))
            melded |= set(team)
        else:
            worth = evaluate_meld(entry, hand.trump, options, Where(Part.MELD, player))
            melds.append(Meld(_id(player), options.to_table(worth)))
            melded.add(player)
    if (hand.meld or hand.tricks) and HandAsks.of(options, len(context.teams)).meld_each:
        melds += [Meld(_id(p), 0) for p in context.active if p not in melded]
    return melds


def _takes(
    tricks: SideTricks | PlayerTricks | TrickShares | None, options: Options
) -> tuple[dict[int, int], int | None]:
    """Each take as the table writes it (Bison's counters as counted) and who took the last
    trick where it is said apart; without a bid it is in its taker's take (RULES 6.4)."""
    t = options.to_table
    if isinstance(tricks, TrickShares):
        return {_id(holder): t(points) for holder, points in tricks.taken}, None
    if not isinstance(tricks, PlayerTricks):
        return {}, None
    counted = options.card_values is CardValues.COUNTERS
    takes = {_id(p): n if counted else t(n) for p, n in tricks.taken}
    taker = None if tricks.last_trick is None else _id(tricks.last_trick)
    if not options.auction and taker is not None:
        takes[taker] = takes.get(taker, 0) + t(last_trick(options.deck))
        return takes, None
    return takes, taker


def _id(player: PlayerKey) -> int:
    """A seated player's id (a line names players the session seats)."""
    assert not isinstance(player, str), "a session's players have ids"
    return player.id


def _team_name(table: SayingTable, head: int) -> str:
    """A team said by its partners' names, "Ann & Cy"."""
    return " & ".join(table.name(pid) for pid in table.team_of(head))
