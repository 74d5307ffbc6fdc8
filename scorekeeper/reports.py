"""The session report: the data it prints, its HTML, and the PDF WeasyPrint makes of it.

``build_report`` gathers everything from a ``LoadedSession`` through the services (settle-up,
hand log, running-score series), so the template only prints. ``render_html`` renders
``templates/reports/report.html``, the one template behind both the print view and the PDF;
``render_pdf`` hands that HTML to WeasyPrint with ``StaticFetcher``, a URL fetcher that reads
the app's own ``/static/`` files from disk and refuses everything else.

The hand log is printed as monospaced lines, one block per hand, columns padded here: a PDF
of 200 hands then takes a fraction of the time a table of 3,000 cells would (WeasyPrint lays
out every table cell on its own). Suits print as symbols in every font used (DejaVu Sans and
DejaVu Sans Mono, embedded), and nothing relies on colour: signs, words and dash patterns
carry the meaning on a black-and-white printer.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
import unicodedata
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TypeVar
from urllib.parse import unquote, urlsplit

from flask import render_template
from markupsafe import Markup
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from .charts import running_chart
from .models import utcnow
from .money import format_money
from .optiontext import option_text
from .rules.figures import signed
from .rules.holders import Holder, PlayerKey, Pool
from .rules.options import OPTION_SPECS, PRESETS, Options
from .services.exports import LogEntry, hand_log, log_holders
from .services.sessions import LoadedSession
from .services.settle import SettleUp, settle_session
from .services.stats import game_series
from .templating import day as format_day

STATIC_DIR = Path(__file__).resolve().parent / "static"

PAGE_SIZES = {"letter": "Letter", "a4": "A4"}
"""Page sizes by the name a setting or ``?size=`` may give (any case)."""

# Page width and height in points, and the side margin the stylesheet gives every page.
_PAGE_POINTS = {"Letter": (612.0, 792.0), "A4": (595.28, 841.89)}
_SIDE_MARGIN = 36.0
_MONO_ADVANCE = 0.602  # DejaVu Sans Mono: every glyph is 1233/2048 of the font size wide
_LOG_MAX_PT = 8.0
_LOG_MIN_PORTRAIT_PT = 6.0
H = TypeVar("H", bound=Hashable)

_NAME_WIDTH = 12  # the most columns a name takes in the hand log before it is shortened

BASE_URL = "scorekeeper-report:/"
"""The document's base URL: not a scheme anything can fetch, so only ``/static/`` paths
(which stay relative to it) ever reach the fetcher as something it will read."""


def page_size(value: str | None, default: str = "Letter") -> str:
    """``Letter`` or ``A4`` from a setting or query value (unknown values give ``default``)."""
    return PAGE_SIZES.get((value or "").strip().lower(), default)


# -- house rules in words ------------------------------------------------------------------


@dataclass(frozen=True)
class OptionLine:
    """One house-rule option: its label, its value in words, and whether the table changed it."""

    name: str
    label: str
    value: str
    changed: bool


def option_lines(options: Options) -> list[OptionLine]:
    """Every option that applies to the session's game system, in the settings page's order."""
    preset = PRESETS[options.system]
    return [
        OptionLine(
            name,
            spec.label,
            option_text(name, getattr(options, name), options.scale),
            getattr(options, name) != getattr(preset, name),
        )
        for name, spec in OPTION_SPECS.items()
        if options.system in spec.systems
    ]


# -- the hand log as text columns ---------------------------------------------------------


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced font (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending in an ellipsis when it was cut."""
    if display_width(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = display_width(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * max(width - display_width(text), 0)
    return gap + text if right else text + gap


def short_names(holders: Sequence[H], width: int = _NAME_WIDTH) -> dict[H, str]:
    """A label of at most ``width`` columns for each holder's name, every label different."""
    labels = {holder: clip(str(holder), width) for holder in holders}
    seen: dict[str, int] = {}
    for label in labels.values():
        seen[label] = seen.get(label, 0) + 1
    for index, holder in enumerate(holders, start=1):
        if seen[labels[holder]] > 1:
            suffix = f"#{index}"
            labels[holder] = clip(str(holder), width - len(suffix)) + suffix
    return labels


@dataclass(frozen=True)
class _Column:
    header: str
    right: bool
    width: int = 0


@dataclass(frozen=True)
class LogRow:
    """One block of the printed hand log: a hand (maybe several lines) or a note line."""

    text: str
    kind: str = "hand"  # hand | leave | note


@dataclass(frozen=True)
class LogTable:
    """The hand log as padded monospaced text, and the font size that fits it on the page."""

    head: str
    rows: tuple[LogRow, ...]
    width: int  # columns of the widest line
    font_pt: float
    landscape: bool
    shortened: tuple[tuple[str, str], ...] = ()  # (full name, label) for names cut short


def _fit(width: int, size: str) -> tuple[float, bool]:
    page_w, page_h = _PAGE_POINTS[size]
    for landscape, across in ((False, page_w), (True, page_h)):
        room = across - 2 * _SIDE_MARGIN
        points = min(_LOG_MAX_PT, room / (max(width, 1) * _MONO_ADVANCE))
        points = int(points * 10) / 10
        if points >= _LOG_MIN_PORTRAIT_PT or landscape:
            return max(points, 4.0), landscape
    raise AssertionError("unreachable")


def log_table(loaded: LoadedSession, entries: Sequence[LogEntry], size: str) -> LogTable:
    """Lay the hand log out in columns: the hand's facts, then each holder's figures."""
    options = loaded.options
    system = options.system
    holders = log_holders(loaded)
    names = list(loaded.setup.players)
    label = short_names(names)
    holder_label = short_names(holders, 14)
    anyone_out = any(entry.sitting_out for entry in entries)
    fixed: list[tuple[str, _Column]] = [
        ("#", _Column("#", True)),
        ("dealer", _Column("Dealer", False)),
    ]
    if anyone_out:
        fixed.append(("out", _Column("Out", False)))
    fixed += [
        ("declarer", _Column("Declarer", False)),
        ("bid", _Column("Bid", True)),
        ("trump", _Column("Tr", False)),
    ]
    if system.is_chip_game:
        fixed += [("meld", _Column("Meld", True)), ("tricks", _Column("Tricks", True))]
        sub: tuple[str, ...] = ("+/−", "total")
    else:
        sub = ("meld", "trk", "+/−", "total")
    fixed.append(("result", _Column("Result", False)))

    def name(player: PlayerKey | None) -> str:
        return "" if player is None else label.get(player, str(player))

    cells: list[tuple[LogEntry, dict[str, list[str]], list[list[str]]]] = []
    for entry in entries:
        row: dict[str, list[str]] = {
            "#": [str(entry.number)] if entry.number is not None else [""],
            "dealer": [name(entry.dealer)],
            "out": [name(n) for n in entry.sitting_out] or [""],
            "declarer": [name(entry.declarer)],
            "bid": ["" if entry.bid is None else str(entry.bid)],
            "trump": [entry.trump.symbol if entry.trump else ""],
            "meld": ["" if entry.meld is None else str(entry.meld)],
            "tricks": ["" if entry.trick_points is None else str(entry.trick_points)],
            "result": [entry.outcome],
        }
        if entry.takeover:
            row["result"].append("(takeover)")
        if entry.reneger:
            row["result"].append(f"by {name(entry.reneger)}")
        melds, tricks, totals = dict(entry.melds), dict(entry.tricks), dict(entry.totals)
        groups = []
        for holder, change in entry.changes:
            total = totals[holder]  # the kitty or pot holds an amount, never below 0: no sign
            figures = [signed(change), str(total) if isinstance(holder, Pool) else signed(total)]
            if not system.is_chip_game:
                meld = melds.get(holder)
                took = tricks.get(holder)
                figures = [
                    "" if meld is None or entry.kind != "hand" else str(meld),
                    "" if took is None else str(took),
                    *figures,
                ]
            groups.append(figures)
        cells.append((entry, row, groups))

    widths = {
        key: max(
            [display_width(col.header)] + [display_width(x) for _, r, _ in cells for x in r[key]]
        )
        for key, col in fixed
    }
    # each holder's figures, one width per figure, shared by all holders so columns match;
    # a holder whose name is wider than its figures widens its own total column only
    shared = [
        max(
            [display_width(sub[i])]
            + [display_width(g[h][i]) for _, _, g in cells for h in range(len(holders))]
        )
        for i in range(len(sub))
    ]
    figures_width = sum(shared) + len(sub) - 1
    group_widths = {
        h: [*shared[:-1], shared[-1] + max(display_width(holder_label[h]) - figures_width, 0)]
        for h in holders
    }

    gap, bar = " ", " │ "

    def line(fixed_cells: list[str], groups: list[list[str]]) -> str:
        left = gap.join(
            _pad(text, widths[key], col.right)
            for (key, col), text in zip(fixed, fixed_cells, strict=True)
        )
        right = bar.join(
            gap.join(_pad(text, w, True) for text, w in zip(group, group_widths[h], strict=True))
            for h, group in zip(holders, groups, strict=True)
        )
        return (left + bar + right).rstrip()

    # the holder names sit over their group, right-aligned
    top = (
        gap.join(" " * widths[key] for key, _ in fixed)
        + bar
        + bar.join(
            _pad(holder_label[h], sum(group_widths[h]) + len(sub) - 1, True) for h in holders
        )
    )
    head = "\n".join(
        [top.rstrip(), line([col.header for _, col in fixed], [list(sub) for _ in holders])]
    )
    rows: list[LogRow] = []
    game = 0
    for entry, row, groups in cells:
        if system.is_cumulative and entry.game != game:
            game = entry.game
            rows.append(LogRow(f"Game {game}", "note"))
        height = max(len(v) for v in row.values())
        block = []
        for i in range(height):
            fixed_cells = [row[key][i] if i < len(row[key]) else "" for key, _ in fixed]
            group_cells = [g if i == 0 else [""] * len(sub) for g in groups]
            block.append(line(fixed_cells, group_cells))
        rows.append(LogRow("\n".join(block), entry.kind))
        if entry.game_over:
            rows.append(LogRow(entry.game_over + ".", "note"))
    width = max(
        display_width(text)
        for text in [*head.split("\n")] + [part for r in rows for part in r.text.split("\n")]
    )
    points, landscape = _fit(width, size)
    shortened = tuple((str(n), label[n]) for n in names if label[n] != str(n))
    return LogTable(head, tuple(rows), width, points, landscape, shortened)


# -- the report ---------------------------------------------------------------------------------


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
    players: tuple[PlayerKey, ...]
    first_dealer: PlayerKey
    teams: tuple[Holder, ...]
    options: tuple[OptionLine, ...]
    stake: str  # "$0.10 a unit" in chip games
    settle: SettleUp
    standings: tuple[Standing, ...]  # points games
    games: tuple[GameSummary, ...]
    log: LogTable
    hands: int
    page_size: str
    leaves: tuple[str, ...] = field(default=())

    @property
    def is_chip_game(self) -> bool:
        """Brooklyn, Brooklyn with a pot and Hoyle."""
        return self.settle.is_chip_game

    @property
    def any_changed(self) -> bool:
        """True when some option differs from the preset."""
        return any(line.changed for line in self.options)


def _games(loaded: LoadedSession, settle: SettleUp, series) -> list[GameSummary]:
    state, options = loaded.state, loaded.options
    label = short_names(loaded.setup.holders, 14)  # as the hand log heads its columns
    charts = [
        # running_chart escapes every name and the title itself
        Markup(running_chart([(label.get(n, n), v) for n, v in s.series], s.title, width=480))
        for s in series
    ]
    if options.system.is_chip_game:
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
                game.reason,
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
    if loaded.options.system.is_chip_game:
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
    settle = settle_session(loaded)
    entries = hand_log(loaded)
    day = format_day(row.created_at)
    leaves = tuple(entry.text for entry in entries if entry.kind == "leave")
    return Report(
        session_id=row.id,
        table=row.table.name,
        title=f"{options.system.label} · {day}",
        day=day,
        started=row.created_at,
        ended=row.ended_at,
        generated=utcnow().replace(microsecond=0),
        system_label=options.system.label,
        system=options.system.value,
        players=loaded.setup.players,
        first_dealer=loaded.setup.first_dealer,
        teams=loaded.setup.holders if options.system.is_partnership else (),
        options=tuple(option_lines(options)),
        stake=f"{format_money(options.stake)} a unit" if options.system.is_chip_game else "",
        settle=settle,
        standings=_standings(loaded, settle),
        games=tuple(_games(loaded, settle, game_series(loaded))),
        log=log_table(loaded, entries, size),
        hands=len(state.hands),
        page_size=size,
        leaves=leaves,
    )


def stylesheet_version() -> str:
    """A short hash of the report's stylesheets, so a browser fetches them again after an update."""
    digest = hashlib.sha1()
    for name in ("report.css", "report-screen.css"):
        digest.update((STATIC_DIR / name).read_bytes())
    return digest.hexdigest()[:10]


def render_html(report: Report, *, for_pdf: bool, **links: str) -> str:
    """The report page; ``for_pdf`` leaves out the on-screen links and links the stylesheet by
    the bare ``/static/`` path the PDF's fetcher serves."""
    return render_template(
        "reports/report.html",
        report=report,
        for_pdf=for_pdf,
        stylesheet_version="" if for_pdf else stylesheet_version(),
        **links,
    )


# -- the PDF ----------------------------------------------------------------------------------


class FetchRefused(ValueError):
    """The report asked for something outside the app's own static files."""


_STATIC_PATH = re.compile(r"^/static/[A-Za-z0-9._/-]+$")
_ALLOWED_TYPES = {".css", ".svg", ".png", ".jpg", ".jpeg", ".ttf", ".otf", ".woff", ".woff2"}


class StaticFetcher(URLFetcher):
    """WeasyPrint's URL fetcher for reports: the app's ``/static/`` files from disk, nothing else.

    A URL is served only if it is exactly ``/static/<path>`` (no scheme, host, query or
    fragment), ``<path>`` has no ``..`` and resolves, symlinks followed, to a file inside
    ``scorekeeper/static/`` with a stylesheet, image or font extension. ``file:``, ``http:``,
    ``https:`` (the app's own host too), ``data:`` and anything else is refused; nothing goes
    over a network, so there is no redirect to follow. Every URL asked for is kept in
    ``requested`` and every refusal in ``refused``.
    """

    def __init__(self, static_dir: Path = STATIC_DIR) -> None:
        super().__init__(allowed_protocols=(), allow_redirects=False, fail_on_errors=False)
        self.static_dir = static_dir.resolve()
        self.requested: list[str] = []
        self.refused: list[str] = []

    def resolve(self, url: str) -> Path:
        """The file a URL stands for; raises ``FetchRefused`` for anything not served."""
        if not isinstance(url, str) or not _STATIC_PATH.match(url):
            raise FetchRefused(f"Only the app's /static/ files are fetched, not {url!r}.")
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or parts.query or parts.fragment:
            raise FetchRefused(f"Only the app's /static/ files are fetched, not {url!r}.")
        relative = unquote(parts.path).removeprefix("/static/")
        if any(part in ("", ".", "..") for part in relative.split("/")):
            raise FetchRefused(f"{url!r} is not a plain path under /static/.")
        path = (self.static_dir / relative).resolve()
        if not path.is_relative_to(self.static_dir) or not path.is_file():
            raise FetchRefused(f"{url!r} is not one of the app's static files.")
        if path.suffix.lower() not in _ALLOWED_TYPES:
            raise FetchRefused(f"{url!r} is not a stylesheet, image or font.")
        return path

    def fetch(self, url, headers=None):
        """Read a static file; anything else raises ``FetchRefused`` (WeasyPrint skips it)."""
        self.requested.append(url)
        try:
            path = self.resolve(url)
        except FetchRefused:
            self.refused.append(url)
            raise
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind}, 200)

    def open(self, url, data=None, timeout=None):
        """Never opened through urllib: every request goes through ``fetch``."""
        target = getattr(url, "full_url", url)
        return self.fetch(target)


def render_pdf(html: str, fetcher: StaticFetcher | None = None) -> bytes:
    """The PDF of a rendered report page."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher or StaticFetcher())
    return document.write_pdf()


def report_pdf(loaded: LoadedSession, size: str = "Letter") -> bytes:
    """Build, render and print a session's report."""
    return render_pdf(render_html(build_report(loaded, size), for_pdf=True))
