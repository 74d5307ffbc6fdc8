"""Every player's record counted from replayed sessions: pure counting over the engine's hand
records (``HandRecord``, ``GameRecord``, ``Closing``), no database.

What is counted, and why so (docs/records.md says it to the table):

- A hand is *played* by everyone dealt in, whatever its outcome: a misdeal, a hand all passed
  and a hand of a game without a bid count as played, never as declared.
- A hand is *declared* by the player whose bid won it. Its fate for the declarer: *made*
  (made, the opponents conceded, an opponent reneged), *set* (set, or the declarer reneged)
  or *conceded* (conceded, or the compulsory bid forfeited; RULES sections 4 to 6).
- Points differ by game: a double deck scores more than a single one, and some games are
  written in tens. So bids, meld and tricks are kept per ``Kind`` (the game system, its
  deck and its scale) in full points and shown as the table writes them.
- Bids are grouped in ranges of ``RANGE`` full points (300-340, 350-390; 50-54 in a game
  written in tens), whatever the ladder's rungs.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from ..rules.cards import Suit
from ..rules.closing import close_session
from ..rules.deck import Deck
from ..rules.handinput import HandResult
from ..rules.holders import Holder, Player, Team, members
from ..rules.options import GameSystem, Options
from ..rules.outcome import Outcome
from ..rules.session import HandRecord, SessionState

RANGE = 50
"""Full points per bid range."""

NOT_DECLARED = (Outcome.PLAYED, Outcome.ALL_PASS, Outcome.MISDEAL)
NOT_MELDED = (Outcome.ALL_PASS, Outcome.MISDEAL)
NO_TRUMP = "none"


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

    system: GameSystem
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
    def trumps(self) -> list[tuple[str, Declared]]:
        """Declared hands by trump, in suit order (spades first), then those without one."""
        order = [(suit.value, f"{suit.symbol} {suit.noun}") for suit in Suit]
        order.append((NO_TRUMP, "no trump"))
        return [(words, self.by_trump[key]) for key, words in order if key in self.by_trump]

    @property
    def biggest_written(self) -> int | None:
        """The biggest bid made, as the table writes it."""
        return None if self.biggest_bid is None else self.kind.written(self.biggest_bid)


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
        return self.kinds.setdefault(kind, KindRecord(kind))


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
        self.sessions.append(meta)
        kind = Kind.of(state.options)
        seated = [p for p in state.setup.players if isinstance(p, Player)]
        for player in seated:
            record = self.players.setdefault(player, PlayerRecord(player))
            record.sessions += 1
            record.kind(kind).sessions += 1
        for hand in state.hands:
            self._hand(hand, kind)
        self._games(state, kind)
        self._money(state, meta, kind, seated)

    def _hand(self, hand: HandRecord, kind: Kind) -> None:
        result = hand.result
        active = [p for p in hand.context.active if isinstance(p, Player)]
        for player in active:
            self.players[player].hands_played += 1
            self.players[player].kind(kind).hands_played += 1
            self._figures(hand, player, kind)
        for team in hand.context.teams:
            self._partners(team).hands_played += 1
        fate = fate_of(result)
        declarer = result.declarer
        if fate is None or not isinstance(declarer, Player) or declarer not in self.players:
            return
        record = self.players[declarer]
        figures = record.kind(kind)
        record.declared.add(fate)
        figures.declared.add(fate)
        bid = result.bid or 0
        figures.by_range.setdefault(bid - bid % RANGE, Declared()).add(fate)
        trump = result.trump.value if result.trump is not None else NO_TRUMP
        figures.by_trump.setdefault(trump, Declared()).add(fate)
        if fate is Fate.MADE and (figures.biggest_bid is None or bid > figures.biggest_bid):
            figures.biggest_bid = bid
        side: tuple[Player, ...] = (declarer,)
        if hand.context.teams:
            team = hand.context.team_of(declarer)
            self._partners(team).declared.add(fate)
            side = tuple(p for p in members(team) if isinstance(p, Player))
        for defender in active:
            if defender not in side:
                pair = (declarer, defender)
                self.head_to_head.setdefault(pair, HeadToHead(declarer, defender)).hands.add(fate)

    def _figures(self, hand: HandRecord, player: Player, kind: Kind) -> None:
        """The player's meld (a points game's every hand dealt and played, blank meaning
        none; a chip game's hands they declared and melded in) and their side's tricks, where
        the hand records them."""
        result = hand.result
        figures = self.players[player].kind(kind)
        meld = dict(result.melds).get(player)
        if kind.system.everyone_melds and result.outcome not in NOT_MELDED:
            meld = meld or 0  # everyone melds: a meld left blank is none
        if meld is not None:
            figures.meld_total += meld
            figures.meld_hands += 1
        tricks = _side_tricks(hand, player)
        if tricks is not None:
            figures.trick_total += tricks
            figures.trick_hands += 1

    def _partners(self, team: Team) -> Partnership:
        partners = tuple(p for p in members(team) if isinstance(p, Player))
        key = frozenset(partners)
        if key not in self.partnerships:
            self.partnerships[key] = Partnership(partners)
        return self.partnerships[key]

    def _games(self, state: SessionState, kind: Kind) -> None:
        for team in state.setup.teams:
            self._partners(team).sessions += 1
        for game in state.games:
            for holder, _ in game.scores:
                won = game.winner == holder or holder in members(game.winner)
                if isinstance(holder, Team):
                    self._partners(holder).games_played += 1
                    self._partners(holder).games_won += won
                for player in _players(holder):
                    if player in self.players:
                        self.players[player].kind(kind).games_played += 1
                        self.players[player].kind(kind).games_won += won

    def _money(
        self, state: SessionState, meta: SessionMeta, kind: Kind, seated: list[Player]
    ) -> None:
        closing = close_session(state)
        nets = {player: closing.net(player) for player in seated}
        top = max(nets.values(), default=0)
        for player, cents in nets.items():
            self.players[player].money.append(MoneyLine(meta.session_id, meta.day, cents))
            figures = self.players[player].kind(kind)
            figures.net_cents += cents
            if kind.system.is_chip_game and state.hands and cents == top and top > 0:
                figures.sessions_won += 1


def _players(holder: Holder) -> Iterable[Player]:
    return (p for p in members(holder) if isinstance(p, Player))


def _side_tricks(hand: HandRecord, player: Player) -> int | None:
    """Trick points of the player's side (their own, or their team's), where recorded: in a
    chip game only the declarer's side is written down."""
    result = hand.result
    taken = dict(result.tricks)
    if player in taken:
        return taken[player]
    for holder, points in taken.items():
        if isinstance(holder, Team) and player in holder:
            return points
    if result.declarer == player and result.declarer_side is not None:
        return result.declarer_side
    return None
