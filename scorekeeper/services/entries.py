"""A hand as typed, and its two translations: to the engine's ``HandInput`` and to a row.

``HandEntry`` is the plain shape that forms (and later the JSON API) fill in: player ids and
figures as the table writes them (``scale``). ``to_input`` turns it into the engine's full-
point ``HandInput``; ``apply_to_row`` and ``from_row`` store and restore it unchanged, so what
was typed is what is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar, get_args

from ..limits import MAX_FIGURE, is_whole_number, within
from ..models import Hand, HandBid, HandMeld, HandTake
from ..rules.errors import Checks, Part, RuleError, Where
from ..rules.evening.session import Event, PlayerLeaves
from ..rules.figures import shown
from ..rules.game.options import CardValues, Options
from ..rules.hand.hands import HandInput, MeldCards, MeldClaims, MeldEntry, MeldNumber
from ..rules.hand.outcome import Outcome
from ..rules.holders import Player, PlayerKey
from ..rules.pack.cards import Hand as CardHand
from ..rules.pack.cards import Suit
from ..rules.pack.meld import format_claims, parse_claims
from ..rules.pack.tricks import PlayerTricks, SideTricks, TrickShares

MeldMode = Literal["number", "cards", "claims", "side"]
MELD_MODES: tuple[str, ...] = get_args(MeldMode)


@dataclass
class MeldText:
    """One player's meld as typed: ``mode`` says how to read ``text``."""

    mode: str  # number, cards or claims; side: a team's meld as one figure, under its first seat
    text: str


@dataclass
class HandEntry:
    """A hand as the table typed it (the form's and the session file's shape): player ids, figures
    in table units, meld as typed; ``to_input`` makes the engine's ``HandInput`` of it."""

    outcome: str | None = None
    declarer: int | None = None
    bid: int | None = None
    trump: str | None = None
    takeover: bool = False
    reneger: int | None = None
    tricks: int | None = None  # the declarer's side, table units
    last_trick: int | None = None
    # each for themselves: each player's counters or card points (with ``last_trick``), or in a
    # game without a bid each player's trick points, the last trick in them; three or more
    # teams: each team's trick points (table units), under the id of its first seat's player
    takes: dict[int, int] = field(default_factory=dict)
    melds: dict[int, MeldText] = field(default_factory=dict)
    # every team's bid a contract (RULES 6.6): each player's own bid, table units, 0 for none
    bids: dict[int, int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        """The entry as plain JSON data (for the audit trail and exports); ``bids`` only when
        entered, so a hand with one winning bid reads as it always has."""
        bids = {"bids": {str(k): v for k, v in self.bids.items()}} if self.bids else {}
        return {
            "outcome": self.outcome,
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": self.trump,
            "takeover": self.takeover,
            "reneger": self.reneger,
            "tricks": self.tricks,
            "last_trick": self.last_trick,
            "takes": {str(k): v for k, v in self.takes.items()},
            "melds": {str(k): {"mode": m.mode, "text": m.text} for k, m in self.melds.items()},
            **bids,
        }


class EntryError(RuleError):
    """An entry that does not name a known player or cannot be read."""


def _player(players: Mapping[int, Player], pid: int | None, part: Part) -> Player | None:
    """The seated player of id ``pid`` (None when none is named), entered as ``part``."""
    if pid is None:
        return None
    if pid not in players:
        # not at the table: placed by the id it was entered under
        raise EntryError(Where(part, Player(pid, str(pid))), "That player is not at this table.")
    return players[pid]


def meld_entry(text: MeldText, options: Options, where: Where) -> MeldEntry | None:
    """The engine's meld entry for what was typed (None when left empty)."""
    raw = text.text.strip()
    if not raw:
        return None
    if text.mode in ("number", "side"):
        if not is_whole_number(raw):
            raise EntryError(where, f"Meld '{shown(raw)}' is not a whole number.")
        if not within(raw, MAX_FIGURE):
            raise EntryError(where, f"Meld is at most {MAX_FIGURE}.")
        if text.mode == "side":
            if not options.has_teams:
                raise EntryError(where, "Only a team's meld is entered for its side.")
            return MeldNumber(options.from_table(int(raw)), options.shape.team_size)
        return MeldNumber(options.from_table(int(raw)))
    if text.mode == "cards":
        return MeldCards(CardHand.parse(raw, where=where, deck=options.deck))
    if text.mode == "claims":
        return MeldClaims(tuple(parse_claims(raw, where, options.deck)))
    raise EntryError(where, f"Meld is entered by {', '.join(MELD_MODES)}.")


def _meld(
    pid: int, text: MeldText, players: Mapping[int, Player], options: Options
) -> tuple[Player, MeldEntry] | None:
    """One player's meld as the engine takes it (None when left empty)."""
    player = _player(players, pid, Part.MELD)
    assert player is not None  # an id was given
    meld = meld_entry(text, options, Where(Part.MELD, player))
    return None if meld is None else (player, meld)


def _takes(
    entry: HandEntry, players: Mapping[int, Player], options: Options, checks: Checks
) -> PlayerTricks:
    """Bison: each player's take, in the engine's points, and who took the last trick."""
    scale = 1 if options.card_values is CardValues.COUNTERS else options.scale
    taken: dict[PlayerKey, int] = {}
    for pid, n in entry.takes.items():
        taker = checks.run(_player, players, pid, Part.TAKE)
        if taker is not None:
            taken[taker] = n * scale
    return PlayerTricks.of(taken, checks.run(_player, players, entry.last_trick, Part.LAST_TRICK))


def _trick_shares(
    entry: HandEntry, players: Mapping[int, Player], options: Options, checks: Checks
) -> TrickShares:
    """Trick points shared out, the last trick in them: each of three or more teams' (under
    its first seat's player), or each player's in a game without a bid."""
    taken = []
    for pid, points in entry.takes.items():
        head = checks.run(_player, players, pid, Part.TAKE)
        if head is not None:
            taken.append((head, options.from_table(points)))
    return TrickShares(tuple(taken))


def to_input(entry: HandEntry, players: Mapping[int, Player], options: Options) -> HandInput:
    """The engine's ``HandInput`` for an entry: seated players for ids, full points for figures.

    Everything that cannot be read is refused at once (``RuleErrors`` for several)."""
    checks = Checks()
    outcome = checks.run(Outcome.parse, entry.outcome)
    trump = checks.run(Suit.parse, entry.trump) if entry.trump else None
    melds = [checks.run(_meld, pid, text, players, options) for pid, text in entry.melds.items()]
    tricks: SideTricks | PlayerTricks | TrickShares | None = None
    shares = options.has_teams or (not options.auction and entry.last_trick is None)
    if entry.takes and shares:
        tricks = _trick_shares(entry, players, options, checks)
    elif entry.takes:
        tricks = _takes(entry, players, options, checks)
    elif entry.tricks is not None:
        tricks = SideTricks(options.from_table(entry.tricks))
    declarer = checks.run(_player, players, entry.declarer, Part.DECLARER)
    reneger = checks.run(_player, players, entry.reneger, Part.RENEGER)
    bids = [
        (checks.run(_player, players, pid, Part.OWN_BID), bid) for pid, bid in entry.bids.items()
    ]
    checks.done()
    return HandInput(
        outcome=outcome,
        declarer=declarer,
        bid=None if entry.bid is None else options.from_table(entry.bid),
        trump=trump,
        meld=tuple(meld for meld in melds if meld is not None),
        tricks=tricks,
        reneger=reneger,
        takeover=entry.takeover,
        bids=tuple((bidder, options.from_table(bid)) for bidder, bid in bids if bidder is not None),
    )


def apply_to_row(entry: HandEntry, row: Hand, options: Options) -> None:
    """Write an entry onto a hand row, in full points.

    A player's meld and take rows are updated in place (one row per hand and player is the
    table's unique key), added when new and removed when no longer entered; they are kept in
    the order the database reads them back (``_as_stored``).
    """
    row.kind = "hand"
    outcome = Outcome.parse(entry.outcome)  # stored as the engine spells it ("MADE" -> made)
    row.outcome = outcome.value if outcome is not None else None
    row.declarer_id = entry.declarer
    row.bid = None if entry.bid is None else options.from_table(entry.bid)
    row.trump = entry.trump.upper() if entry.trump else None
    row.takeover = entry.takeover
    row.reneger_id = entry.reneger
    row.declarer_tricks = None if entry.tricks is None else options.from_table(entry.tricks)
    row.last_trick_id = entry.last_trick
    scale = _take_scale(options)
    takes = {t.player_id: t for t in row.takes}
    row.takes = _as_stored(
        _set(takes.get(pid) or HandTake(player_id=pid), taken=n * scale)
        for pid, n in entry.takes.items()
    )
    bids = {b.player_id: b for b in row.bids}
    row.bids = _as_stored(
        _set(bids.get(pid) or HandBid(player_id=pid), bid=options.from_table(bid))
        for pid, bid in entry.bids.items()
    )
    melds = {m.player_id: m for m in row.melds}
    row.melds = _as_stored(
        _set(melds.get(pid) or HandMeld(player_id=pid), mode=m.mode, entry=_stored_meld(m, options))
        for pid, m in entry.melds.items()
        if m.text.strip()
    )


C = TypeVar("C", HandMeld, HandTake, HandBid)


def _as_stored(children: Iterable[C]) -> list[C]:
    """A hand's rows of one kind in the order the database reads them back (by id): those
    stored already first, then the new ones as entered (their ids follow at the flush). So a
    hand answered right after a correction lists its melds as every later read does, not
    in the order the correction happened to name them."""
    return sorted(children, key=lambda child: (child.id is None, child.id or 0))


def _take_scale(options: Options) -> int:
    """What a stored take is to the typed one: a team's trick points and card points are kept
    in full points, a count of counters as typed."""
    counted = options.card_values is CardValues.COUNTERS and not options.has_teams
    return 1 if counted else options.scale


def _set(child, **values):
    """A child row with ``values`` written onto it."""
    for name, value in values.items():
        setattr(child, name, value)
    return child


def _stored_meld(text: MeldText, options: Options) -> str:
    raw = text.text.strip()
    if text.mode in ("number", "side"):
        return str(options.from_table(int(raw)))
    if text.mode == "cards":
        return str(CardHand.parse(raw, deck=options.deck))
    return format_claims(parse_claims(raw, deck=options.deck))


def from_row(row: Hand, options: Options) -> HandEntry:
    """The entry a hand row holds, figures back in table units."""
    scale = _take_scale(options)
    melds = {}
    for m in row.melds:
        melds[m.player_id] = MeldText(m.mode, _read_back(m.entry, m.mode, options))
    return HandEntry(
        outcome=row.outcome,
        declarer=row.declarer_id,
        bid=None if row.bid is None else options.to_table(row.bid),
        trump=row.trump,
        takeover=row.takeover,
        reneger=row.reneger_id,
        tricks=None if row.declarer_tricks is None else options.to_table(row.declarer_tricks),
        last_trick=row.last_trick_id,
        takes={t.player_id: t.taken // scale for t in row.takes},
        melds=melds,
        bids={b.player_id: options.to_table(b.bid) for b in row.bids},
    )


def same_entry(row: Hand, entry: HandEntry, options: Options) -> bool:
    """True when ``entry`` is what ``row`` holds, read the way it is stored (a meld's cards in
    any order, a number with or without leading zeros, trump in either case)."""
    try:
        melds = {
            pid: MeldText(m.mode, _read_back(_stored_meld(m, options), m.mode, options))
            for pid, m in entry.melds.items()
            if m.text.strip()
        }
    except (RuleError, ValueError):
        return False  # not readable, so not what was stored
    stored = replace(
        entry,
        outcome=entry.outcome or None,
        trump=entry.trump.upper() if entry.trump else None,
        melds=melds,
    )
    return from_row(row, options).as_dict() == stored.as_dict()


def _read_back(stored: str, mode: str, options: Options) -> str:
    """A stored meld as ``from_row`` gives it back."""
    return str(options.to_table(int(stored))) if mode in ("number", "side") else stored


def row_event(row: Hand, players: Mapping[int, Player], options: Options) -> Event:
    """The engine event a stored row stands for."""
    if row.kind == "leave":
        leaver = _player(players, row.player_id, Part.LEAVER)
        if leaver is None:
            raise EntryError(Where(Part.LEAVER), "A player leaving must name the player.")
        return PlayerLeaves(leaver)
    return to_input(from_row(row, options), players, options)
