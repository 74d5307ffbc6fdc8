"""Plain statistics for the roster, and running-score series per game, from replayed sessions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...models import Table
from ...rules.hand.outcome import Outcome
from ...rules.holders import Holder, Player
from ...web.templating import month_day
from ..sessions import LoadedSession, list_sessions, load_session

LOST = (Outcome.SET, Outcome.CONCEDED, Outcome.FORFEIT)


@dataclass
class PlayerStats:
    """What one player did as declarer, across the table's sessions."""

    player: Player
    sessions: int = 0
    hands_played: int = 0
    declared: int = 0
    made: int = 0
    set: int = 0
    meld_total: int = 0
    meld_count: int = 0
    biggest_bid: int | None = None  # the highest bid made, as the table writes it
    games_won: int = 0

    @property
    def name(self) -> str:
        """The player's name."""
        return self.player.name

    @property
    def average_meld(self) -> int | None:
        """Average meld shown when a figure was entered (whole points, rounded down)."""
        return self.meld_total // self.meld_count if self.meld_count else None

    @property
    def made_percent(self) -> int | None:
        """Share of declared hands made, in whole percent."""
        return (100 * self.made) // self.declared if self.declared else None


@dataclass
class GameSeries:
    """Running totals of one game (or one chip session) for a chart."""

    session_id: int
    title: str
    series: list[tuple[Holder, list[int]]] = field(default_factory=list)


def _declarer_lost(record) -> bool:
    result = record.result
    if result.outcome in LOST:
        return True
    return result.outcome is Outcome.RENEGE and result.reneger == result.declarer


def table_stats(
    loaded_sessions: Iterable[LoadedSession], roster: Iterable[Player]
) -> list[PlayerStats]:
    """Each roster player's statistics over the given sessions (players matched by id)."""
    stats = {player: PlayerStats(player) for player in roster}
    for loaded in loaded_sessions:
        options = loaded.options
        for player in loaded.setup.players:
            if player in stats:
                stats[player].sessions += 1
                stats[player].games_won += loaded.state.games_won(player)
        for record in loaded.state.hands:
            for name in record.context.active:
                if name in stats and record.result.outcome is not Outcome.MISDEAL:
                    stats[name].hands_played += 1
            result = record.result
            for name, meld in result.melds:
                if name in stats:
                    stats[name].meld_total += options.to_table(meld)
                    stats[name].meld_count += 1
            who = result.declarer
            if not isinstance(who, Player) or who not in stats:
                continue
            s = stats[who]
            s.declared += 1
            if _declarer_lost(record):
                s.set += 1
            else:
                s.made += 1
                bid = options.to_table(result.bid or 0)
                if s.biggest_bid is None or bid > s.biggest_bid:
                    s.biggest_bid = bid
    return sorted(stats.values(), key=lambda s: s.name.casefold())


def game_series(loaded: LoadedSession) -> list[GameSeries]:
    """Running totals per game (cumulative systems) or for the whole session (chip games)."""
    options = loaded.options
    present = options.system.present
    label = options.system.label
    day = month_day(loaded.row.created_at)
    out: dict[int, GameSeries] = {}
    holders = loaded.setup.holders
    for record in loaded.state.hands:
        key = record.game if present.in_games else 1
        if key not in out:
            title = f"{label}, {day}" + (f", game {key}" if present.in_games else "")
            out[key] = GameSeries(loaded.row.id, title, [(h, []) for h in holders])
        balances = dict(record.balances)
        for name, values in out[key].series:
            values.append(present.written(balances.get(name, 0), options))
    return list(out.values())


def load_table_sessions(table: Table, limit: int | None = None) -> list[LoadedSession]:
    """The table's sessions replayed, newest first."""
    rows = list_sessions(table)
    if limit is not None:
        rows = rows[:limit]
    return [load_session(row.id, table) for row in rows]
