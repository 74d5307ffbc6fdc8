"""The session report's data: ``build_report`` and the dataclasses the template prints.

Everything comes from a ``LoadedSession`` through the services (settle-up, hand log,
running-score series), so the template only prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from markupsafe import Markup

from ..models import utcnow
from ..rules.game.options import OPTION_SPECS, PRESETS, Options
from ..rules.game.present import Presenter, Unit
from ..rules.holders import Holder, PlayerKey
from ..services.exports.handlog import hand_log
from ..services.gameend_words import game_end_words
from ..services.history.stats import game_series
from ..services.sessions import LoadedSession
from ..services.settle import SettleUp, settle_session
from ..services.standings import DealCount, deal_count
from ..services.tables import heading_name
from ..web.charts import running_chart
from ..web.money import format_money
from ..web.optiontext import option_text
from ..web.templating import day as format_day
from .handlog_layout import LogTable, holder_labels, log_table


@dataclass(frozen=True)
class OptionLine:
    """One house-rule option: its label, its value in words, and whether the table changed it."""

    name: str
    label: str
    value: str
    changed: bool


def option_lines(options: Options) -> list[OptionLine]:
    """Every option that means something in the session's game (its system, deck, shape and
    bidding: ``Options.matters``), in the settings page's order."""
    preset = PRESETS[options.system]
    return [
        OptionLine(
            name,
            spec.label,
            option_text(name, getattr(options, name), options.scale),
            getattr(options, name) != getattr(preset, name),
        )
        for name, spec in OPTION_SPECS.items()
        if options.matters(name)
    ]


@dataclass(frozen=True)
class Standing:
    """One line of the final standings of a points game: a player or a team."""

    name: Holder
    games_won: int
    score: int | None  # in the game still being played, as the table writes it


@dataclass(frozen=True)
class GameSummary:
    """A game (or, in chip games, the whole session) with its chart of running scores."""

    number: int
    title: str
    first_hand: int
    last_hand: int
    finished: bool
    winner: Holder | None = None
    reason: str = ""
    scores: tuple[tuple[Holder, int], ...] = ()  # as the table writes them
    sets: tuple[tuple[PlayerKey, int, int], ...] = ()
    stakes: object | None = None  # settle's GameStakes for a finished game played for money
    chart: Markup = field(default_factory=Markup)


@dataclass(frozen=True)
class Report:
    """Everything the session report prints."""

    session_id: int
    table: str
    title: str
    day: str
    started: datetime | None
    ended: datetime | None
    generated: datetime
    system_label: str
    system: str
    present: Presenter  # the game's words and columns
    players: tuple[PlayerKey, ...]
    first_dealer: PlayerKey
    teams: tuple[Holder, ...]
    options: tuple[OptionLine, ...]
    stake: str  # "$0.10 a chip" in chip games, "" where nothing is played for chips
    settle: SettleUp
    standings: tuple[Standing, ...]  # points games
    games: tuple[GameSummary, ...]
    log: LogTable
    hands: int
    page_size: str
    leaves: tuple[str, ...] = field(default=())
    rules_name: str | None = None  # the saved rules the session was started under
    deals: DealCount | None = None  # chip games counting deals to an even round (RULES 5.9)

    @property
    def any_changed(self) -> bool:
        """True when some option differs from the preset."""
        return any(line.changed for line in self.options)


def _games(loaded: LoadedSession, settle: SettleUp, series) -> list[GameSummary]:
    state, options = loaded.state, loaded.options
    label = holder_labels(loaded.setup.holders)  # as the hand log heads its columns
    charts = [
        # running_chart escapes every name and the title itself
        Markup(running_chart([(label.get(n, n), v) for n, v in s.series], s.title, width=480))
        for s in series
    ]
    if not options.system.present.in_games:  # one running total: the session as one game
        if not state.hands:
            return []
        return [
            GameSummary(
                1, "The session", 1, len(state.hands), bool(loaded.row.ended_at),
                scores=tuple(state.balances), chart=charts[0] if charts else Markup(""),
            )
        ]  # fmt: skip
    stakes = {g.number: g for g in settle.games}
    out = []
    for index, game in enumerate(state.games):
        out.append(
            GameSummary(
                game.number,
                f"Game {game.number}",
                game.first_hand,
                game.last_hand,
                True,
                game.winner,
                game_end_words(game.reason, game.winner, options.scale),
                tuple((h, options.to_table(s)) for h, s in game.scores),
                game.sets,
                stakes.get(game.number) if settle.has_stakes else None,
                charts[index] if index < len(charts) else Markup(""),
            )
        )
    if settle.unfinished_game is not None:
        first = state.games[-1].last_hand + 1 if state.games else 1
        index = len(state.games)
        out.append(
            GameSummary(
                state.game,
                f"Game {state.game} (not finished)",
                first,
                len(state.hands),
                False,
                scores=tuple((h, options.to_table(s)) for h, s in state.balances),
                chart=charts[index] if index < len(charts) else Markup(""),
            )
        )
    return out


def _standings(loaded: LoadedSession, settle: SettleUp) -> tuple[Standing, ...]:
    if not loaded.options.system.present.in_games:
        return ()
    playing = settle.unfinished_game is not None
    scores = dict(loaded.state.balances)
    return tuple(
        Standing(
            holder,
            loaded.state.games_won(holder),
            loaded.options.to_table(scores.get(holder, 0)) if playing else None,
        )
        for holder in loaded.setup.holders
    )


def build_report(loaded: LoadedSession, size: str = "Letter") -> Report:
    """The report of a session as it stands now (ended or not)."""
    options, state, row = loaded.options, loaded.state, loaded.row
    present = options.system.present
    settle = settle_session(loaded)
    entries = hand_log(loaded)
    day = format_day(row.created_at)
    leaves = tuple(entry.text for entry in entries if entry.kind == "leave")
    return Report(
        session_id=row.id,
        table=heading_name(row.table),
        title=f"{options.system.label} · {day}",
        day=day,
        started=row.created_at,
        ended=row.ended_at,
        generated=utcnow().replace(microsecond=0),
        system_label=options.system.label,
        system=options.system.value,
        present=present,
        players=loaded.setup.players,
        first_dealer=loaded.setup.first_dealer,
        teams=loaded.setup.holders if present.by_sides else (),
        options=tuple(option_lines(options)),
        rules_name=loaded.row.rules_name,
        stake=f"{format_money(options.stake)} a chip" if present.unit is Unit.CHIPS else "",
        settle=settle,
        standings=_standings(loaded, settle),
        games=tuple(_games(loaded, settle, game_series(loaded))),
        log=log_table(loaded, entries, size),
        hands=len(state.hands),
        page_size=size,
        leaves=leaves,
        deals=deal_count(loaded),
    )
