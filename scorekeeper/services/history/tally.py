"""Every player's record counted from replayed sessions: pure counting over the engine's hand
records (``HandRecord``, ``GameRecord``, ``session_nets``), no database.

What is counted, and why so (docs/records.md says it to the table):

- A hand is *played* by everyone dealt in, whatever its outcome: a misdeal, a hand all passed
  and a hand of a game without a bid count as played, never as declared.
- A hand is *declared* by the player whose bid won it. Its fate for the declarer: *made*
  (made, the opponents conceded, an opponent reneged), *set* (set, or the declarer reneged)
  or *conceded* (conceded, or the compulsory bid forfeited; RULES sections 4 to 6).
- Points differ by game: a double deck scores more than a single one, and some games are
  written in tens. So bids, meld and tricks are kept per ``Kind`` (the game system, its
  deck and its scale) in full points and shown as the table writes them.
- Bids are grouped in ranges of ``RANGE`` full points (300-349, 350-399; 50-54 in a game
  written in tens), whatever the ladder's rungs.
- Meld is the player's own: in a points game every hand dealt and played (a blank is none),
  in a chip game the hands they declared with a meld written down. Tricks are their side's
  (their own, or their team's) wherever written down; averages say how many hands.

``Record.add`` counts one session; ``Record.merge`` adds a session's count to a record, so
``services.records`` counts each session once and adds up the counts it remembers.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import date
from typing import Any

from ...rules.evening.closing import session_nets
from ...rules.evening.session import HandRecord, SessionState
from ...rules.game.options import Options
from ...rules.game.present import Whose
from ...rules.game.variant import Game
from ...rules.hand.handinput import HandResult
from ...rules.hand.outcome import Outcome
from ...rules.holders import Holder, Player, Team, members, players_of
from ...rules.pack.cards import Suit
from ...rules.pack.deck import Deck

RANGE = 50
"""Full points per bid range."""

NOT_DECLARED = (Outcome.PLAYED, Outcome.ALL_PASS, Outcome.MISDEAL)
NOT_MELDED = (Outcome.ALL_PASS, Outcome.MISDEAL)
NO_TRUMP = "none"
TRUMP_ORDER = (*(suit.value for suit in Suit), NO_TRUMP)
"""The keys of declared hands by trump in the order they are shown: spades first, no trump
last."""


class Fate(enum.Enum):
    """What became of a declared hand, for its declarer."""

    MADE = "made"
    SET = "set"
    CONCEDED = "conceded"


def fate_of(result: HandResult) -> Fate | None:
    """The declarer's fate in a hand, or None when nobody declared it."""
    if result.outcome in NOT_DECLARED or result.declarer is None or result.bid is None:
        return None
    if result.outcome in (Outcome.CONCEDED, Outcome.FORFEIT):
        return Fate.CONCEDED
    if result.outcome is Outcome.SET:
        return Fate.SET
    if result.outcome is Outcome.RENEGE and result.reneger == result.declarer:
        return Fate.SET
    return Fate.MADE


@dataclass
class Declared:
    """Declared hands and their fates."""

    declared: int = 0
    made: int = 0
    set: int = 0
    conceded: int = 0

    def add(self, fate: Fate) -> None:
        """Count one declared hand."""
        self.declared += 1
        if fate is Fate.MADE:
            self.made += 1
        elif fate is Fate.SET:
            self.set += 1
        else:
            self.conceded += 1

    @property
    def made_percent(self) -> int | None:
        """Share of declared hands made, in whole percent (rounded down)."""
        return 100 * self.made // self.declared if self.declared else None


@dataclass(frozen=True)
class Kind:
    """Games whose points compare: one game system, with its deck and its scale."""

    system: Game
    deck: Deck
    scale: int

    @classmethod
    def of(cls, options: Options) -> Kind:
        """The kind of a session's game."""
        return cls(options.system, options.deck, options.scale)

    @property
    def slug(self) -> str:
        """A name for the kind in the API and the CSV: ``double-deck``, ``bison-scale-10``."""
        preset = Options.preset(self.system)
        slug = self.system.value
        if self.deck is not preset.deck:
            slug += f"-{self.deck.value}"
        if self.scale != preset.scale:
            slug += f"-scale-{self.scale}"
        return slug

    @property
    def label(self) -> str:
        """The kind in words: the system's name, and its deck or scale where not the usual."""
        preset = Options.preset(self.system)
        words = [self.system.label]
        if self.deck is not preset.deck:
            words.append(self.deck.label.lower())
        if self.scale != preset.scale:
            words.append("in full points" if self.scale == 1 else f"written in {self.scale}s")
        return ", ".join(words)

    def written(self, points: int) -> int:
        """Full points as the table writes them."""
        return points // self.scale

    def range_text(self, start: int) -> str:
        """A bid range as the table writes it: ``300-340``, ``50-54``."""
        return f"{self.written(start)}–{self.written(start + RANGE - 1)}"


@dataclass
class KindRecord:
    """One player's figures in one kind of game (points in full points)."""

    kind: Kind
    sessions: int = 0
    hands_played: int = 0
    declared: Declared = field(default_factory=Declared)
    by_range: dict[int, Declared] = field(default_factory=dict)  # range's lowest bid
    by_trump: dict[str, Declared] = field(default_factory=dict)  # suit letter, or "none"
    meld_total: int = 0
    meld_hands: int = 0
    trick_total: int = 0
    trick_hands: int = 0
    biggest_bid: int | None = None  # the highest bid made
    games_played: int = 0  # finished games (points games)
    games_won: int = 0
    sessions_won: int = 0  # chip games: finished with the session's highest net, above 0
    net_cents: int = 0

    @property
    def average_meld(self) -> float | None:
        """Meld per hand with the player's meld recorded, as the table writes it."""
        return _average(self.meld_total, self.meld_hands, self.kind.scale)

    @property
    def average_tricks(self) -> float | None:
        """Trick points of the player's side per hand with them recorded, as written."""
        return _average(self.trick_total, self.trick_hands, self.kind.scale)

    @property
    def ranges(self) -> list[tuple[str, Declared]]:
        """Declared hands by bid range, lowest first, each range as the table writes it."""
        return [(self.kind.range_text(s), d) for s, d in sorted(self.by_range.items())]

    @property
    def by_trump_in_order(self) -> list[tuple[str, Declared]]:
        """Declared hands by trump (a suit's letter, or ``NO_TRUMP``), in ``TRUMP_ORDER``."""
        return [(key, self.by_trump[key]) for key in TRUMP_ORDER if key in self.by_trump]

    @property
    def trumps(self) -> list[tuple[str, Declared]]:
        """Declared hands by trump in words, in suit order (spades first), then those without
        one."""
        return [(_trump_words(key), d) for key, d in self.by_trump_in_order]

    @property
    def biggest_written(self) -> int | None:
        """The biggest bid made, as the table writes it."""
        return None if self.biggest_bid is None else self.kind.written(self.biggest_bid)


def _trump_words(key: str) -> str:
    """A trump key in words: ``♠ spades``, ``no trump``."""
    if key == NO_TRUMP:
        return "no trump"
    suit = Suit(key)
    return f"{suit.symbol} {suit.noun}"


def _average(total: int, count: int, scale: int) -> float | None:
    return round(total / count / scale, 1) if count else None


@dataclass
class MoneyLine:
    """What one session did to one player's money, in cents (0 for a session without stakes)."""

    session_id: int
    day: date
    cents: int


@dataclass
class PlayerRecord:
    """One player's record across the sessions counted."""

    player: Player
    sessions: int = 0
    hands_played: int = 0
    declared: Declared = field(default_factory=Declared)
    kinds: dict[Kind, KindRecord] = field(default_factory=dict)
    money: list[MoneyLine] = field(default_factory=list)  # oldest first

    @property
    def net_cents(self) -> int:
        """Money won (above 0) or lost over every session counted."""
        return sum(line.cents for line in self.money)

    @property
    def games_won(self) -> int:
        """Finished points games won, every kind together."""
        return sum(k.games_won for k in self.kinds.values())

    @property
    def games_played(self) -> int:
        """Finished points games played, every kind together."""
        return sum(k.games_played for k in self.kinds.values())

    @property
    def sessions_won(self) -> int:
        """Chip sessions finished with the highest net, every kind together."""
        return sum(k.sessions_won for k in self.kinds.values())

    def kind(self, kind: Kind) -> KindRecord:
        """The player's figures in ``kind`` (made empty the first time)."""
        if kind not in self.kinds:
            self.kinds[kind] = KindRecord(kind)
        return self.kinds[kind]


@dataclass
class Partnership:
    """Partners who played on one team: their hands, bids and games together."""

    partners: tuple[Player, ...]  # in seat order of their first session
    sessions: int = 0
    hands_played: int = 0
    declared: Declared = field(default_factory=Declared)
    games_played: int = 0
    games_won: int = 0

    @property
    def name(self) -> str:
        """The partners' names: ``Ann & Cal``."""
        return " & ".join(p.name for p in self.partners)


@dataclass
class HeadToHead:
    """One declarer's bids while one other player defended: how many, and their fates."""

    declarer: Player
    defender: Player
    hands: Declared = field(default_factory=Declared)


@dataclass
class SessionMeta:
    """What the record needs of a session beside its replay."""

    session_id: int
    day: date  # the day it started, in the table's zone


@dataclass
class Record:
    """Every player's record, partnership and head-to-head over the sessions counted."""

    sessions: list[SessionMeta] = field(default_factory=list)  # oldest first
    players: dict[Player, PlayerRecord] = field(default_factory=dict)
    partnerships: dict[frozenset[Player], Partnership] = field(default_factory=dict)
    head_to_head: dict[tuple[Player, Player], HeadToHead] = field(default_factory=dict)

    def player(self, player: Player) -> PlayerRecord:
        """``player``'s record (empty when they played none of the sessions)."""
        return self.players.get(player) or PlayerRecord(player)

    def running_money(self, players: Iterable[Player]) -> list[tuple[Player, list[int]]]:
        """Each player's money won or lost so far after each session counted, in cents."""
        out = []
        for player in players:
            by_session = {line.session_id: line.cents for line in self.player(player).money}
            total, values = 0, []
            for meta in self.sessions:
                total += by_session.get(meta.session_id, 0)
                values.append(total)
            out.append((player, values))
        return out

    def add(self, state: SessionState, meta: SessionMeta) -> None:
        """Count one replayed session (sessions are added oldest first)."""
        self.open(state, meta)
        self.count_hands(state, state.hands)
        self.close(state, meta)

    def open(self, state: SessionState, meta: SessionMeta) -> None:
        """``add``'s first step: the session, and one session for each of its players."""
        self.sessions.append(meta)
        counter = self._counter(state)
        for player, figures in counter.figures.items():
            self.players[player].sessions += 1
            figures.sessions += 1

    def count_hands(self, state: SessionState, hands: Iterable[HandRecord]) -> None:
        """``add``'s second step: ``hands`` of the session ``open`` began (all of them, or
        only those a change added to hands counted already)."""
        counter = self._counter(state)
        for hand in hands:
            counter.hand(hand)

    def close(self, state: SessionState, meta: SessionMeta) -> None:
        """``add``'s last step: the session's games and money, from the session as it is."""
        self._games(state, Kind.of(state.options))
        self._money(state, meta, self._counter(state).figures)

    def _counter(self, state: SessionState) -> _Counter:
        """A counter of ``state``'s hands into this record (its players added the first time)."""
        seated = [p for p in state.setup.players if isinstance(p, Player)]
        for player in seated:
            if player not in self.players:
                self.players[player] = PlayerRecord(player)
        return _Counter(self, Kind.of(state.options), seated, state.setup.teams)

    def merge(self, other: Record) -> None:
        """Add the sessions ``other`` counted (later ones) to these; ``other`` is unchanged."""
        _merge(self, other)

    def partners(self, team: Team) -> Partnership:
        """The record of a team's partners (made empty the first time)."""
        partners = players_of(team)
        key = frozenset(partners)
        if key not in self.partnerships:
            self.partnerships[key] = Partnership(partners)
        return self.partnerships[key]

    def _games(self, state: SessionState, kind: Kind) -> None:
        for team in state.setup.teams:
            self.partners(team).sessions += 1
        for game in state.games:
            for holder, _ in game.scores:
                won = game.winner == holder or holder in members(game.winner)
                if isinstance(holder, Team):
                    self.partners(holder).games_played += 1
                    self.partners(holder).games_won += won
                for player in players_of(holder):
                    if player in self.players:
                        self.players[player].kind(kind).games_played += 1
                        self.players[player].kind(kind).games_won += won

    def _money(
        self, state: SessionState, meta: SessionMeta, figures: dict[Player, KindRecord]
    ) -> None:
        nets = session_nets(state)
        top = max((nets.get(player, 0) for player in figures), default=0)
        one_total = not state.options.system.present.in_games  # the session is won, not games
        for player, kind_figures in figures.items():
            cents = nets.get(player, 0)
            self.players[player].money.append(MoneyLine(meta.session_id, meta.day, cents))
            kind_figures.net_cents += cents
            if one_total and state.hands and cents == top and top > 0:
                kind_figures.sessions_won += 1


class _Counter:
    """Counts the hands of one session into a record: who is whose partner and each player's
    figures in the session's kind of game looked up once, not once a hand."""

    def __init__(
        self, record: Record, kind: Kind, seated: list[Player], teams: tuple[Team, ...]
    ) -> None:
        self.record = record
        self.kind = kind
        self.each_melds = kind.system.present.meld_of is Whose.EACH  # else the declarer alone
        self.players = {p: record.players[p] for p in seated}
        self.figures = {p: record.players[p].kind(kind) for p in seated}
        self.team_of: dict[Player, Partnership] = {}
        self.side_of: dict[Player, tuple[Player, ...]] = {}
        self.by_team: dict[Team, Partnership] = {}
        for team in teams:
            partnership = self.by_team[team] = record.partners(team)
            for player in partnership.partners:
                self.team_of[player] = partnership
                self.side_of[player] = partnership.partners

    def hand(self, hand: HandRecord) -> None:
        """Count one hand: who played it, their meld and tricks, the declarer's fate."""
        result = hand.result
        active = [p for p in hand.context.active if p in self.players]
        melds = dict(result.melds)
        taken = dict(result.tricks)
        melded = self.each_melds and result.outcome not in NOT_MELDED
        for player in active:
            self.players[player].hands_played += 1
            figures = self.figures[player]
            figures.hands_played += 1
            meld = melds.get(player)
            if melded and meld is None:
                meld = 0  # everyone melds: a meld left blank is none
            if meld is not None:
                figures.meld_total += meld
                figures.meld_hands += 1
            tricks = _side_tricks(result, taken, player, self.team_of.get(player))
            if tricks is not None:
                figures.trick_total += tricks
                figures.trick_hands += 1
        for team in hand.context.teams:
            self.by_team[team].hands_played += 1
        fate = fate_of(result)
        declarer = result.declarer
        if fate is None or not isinstance(declarer, Player) or declarer not in self.players:
            return
        self._declared(result, declarer, fate, active)

    def _declared(
        self, result: HandResult, declarer: Player, fate: Fate, active: list[Player]
    ) -> None:
        figures = self.figures[declarer]
        self.players[declarer].declared.add(fate)
        figures.declared.add(fate)
        bid = result.bid or 0
        _declared_in(figures.by_range, bid - bid % RANGE).add(fate)
        trump = result.trump.value if result.trump is not None else NO_TRUMP
        _declared_in(figures.by_trump, trump).add(fate)
        if fate is Fate.MADE and (figures.biggest_bid is None or bid > figures.biggest_bid):
            figures.biggest_bid = bid
        side = self.side_of.get(declarer, (declarer,))
        if declarer in self.team_of:
            self.team_of[declarer].declared.add(fate)
        pairs = self.record.head_to_head
        for defender in active:
            if defender not in side:
                pair = (declarer, defender)
                if pair not in pairs:
                    pairs[pair] = HeadToHead(declarer, defender)
                pairs[pair].hands.add(fate)


def _declared_in(found: dict[Any, Declared], key: Any) -> Declared:
    if key not in found:
        found[key] = Declared()
    return found[key]


def _merge(target: Any, source: Any) -> None:
    """Add ``source``'s counts to ``target`` of the same type, field by field: numbers added,
    the biggest bid the larger, lists extended, records by key merged into blank copies (so
    that nothing of ``source`` is shared); a field naming who or what (a player, a kind) kept."""
    for name in (f.name for f in fields(source)):
        mine, theirs = getattr(target, name), getattr(source, name)
        if name == "biggest_bid":
            if theirs is not None and (mine is None or theirs > mine):
                target.biggest_bid = theirs
        elif isinstance(theirs, int):
            setattr(target, name, mine + theirs)
        elif isinstance(theirs, Declared):
            _merge(mine, theirs)
        elif isinstance(theirs, list):
            mine.extend(theirs)
        elif isinstance(theirs, dict):
            for key, value in theirs.items():
                if key not in mine:
                    mine[key] = _blank(value)
                _merge(mine[key], value)


def _blank(value: Any) -> Any:
    """An empty record of the same kind and owner as ``value``."""
    if isinstance(value, Declared):
        return Declared()
    if isinstance(value, KindRecord):
        return KindRecord(value.kind)
    if isinstance(value, PlayerRecord):
        return PlayerRecord(value.player)
    if isinstance(value, Partnership):
        return Partnership(value.partners)
    return HeadToHead(value.declarer, value.defender)


def _side_tricks(
    result: HandResult, taken: dict[Holder, int], player: Player, team: Partnership | None
) -> int | None:
    """Trick points of the player's side (their own, or their team's), where recorded: in a
    chip game only the declarer's side is written down."""
    if player in taken:
        return taken[player]
    if team is not None:
        for holder, points in taken.items():
            if isinstance(holder, Team) and player in holder:
                return points
    if result.declarer == player and result.declarer_side is not None:
        return result.declarer_side
    return None
