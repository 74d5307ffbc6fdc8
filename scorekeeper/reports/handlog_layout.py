"""The hand log laid out as padded monospaced columns for the report.

One block per hand, columns padded here: a PDF of 200 hands then takes a fraction of the time
a table of 3,000 cells would (WeasyPrint lays out every table cell on its own). Names too wide
for a column are shortened (every label stays different), and the font size, or a landscape
page, is chosen so the widest line fits. Suits print as symbols and nothing relies on colour:
signs, words and dash patterns carry the meaning on a black-and-white printer.

``log_table`` lays the log out in four steps: the columns a session's log has
(``log_columns``), each entry's text per column (``entry_cells``), the widths that fit every
cell (``column_widths``, names shortened by ``short_names``) and the padded lines
(``LogLayout``); then ``_fit`` chooses the font size or the landscape page.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..rules.figures import signed
from ..rules.game.present import Column
from ..rules.holders import Holder, PlayerKey, Pool, Team
from ..services.exports.handlog import LogEntry, log_holders
from ..services.sessions import LoadedSession

# Page width and height in points, and the side margin the stylesheet gives every page.
_PAGE_POINTS = {"Letter": (612.0, 792.0), "A4": (595.28, 841.89)}
_SIDE_MARGIN = 36.0
_MONO_ADVANCE = 0.602  # DejaVu Sans Mono: every glyph is 1233/2048 of the font size wide
LOG_MAX_PT = 8.0
_LOG_MIN_PORTRAIT_PT = 6.0
LOG_MIN_PT = 4.0  # report.css has a class for each tenth of a point, LOG_MIN_PT to LOG_MAX_PT
H = TypeVar("H", bound=Hashable)

_NAME_WIDTH = 12  # the most columns a name takes in the hand log before it is shortened


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


def short_names(
    holders: Sequence[H], width: int = _NAME_WIDTH, name: Callable[[H], str] = str
) -> dict[H, str]:
    """A label of at most ``width`` columns for each holder's ``name``, every label different."""
    labels = {holder: clip(name(holder), width) for holder in holders}
    seen: dict[str, int] = {}
    for label in labels.values():
        seen[label] = seen.get(label, 0) + 1
    for index, holder in enumerate(holders, start=1):
        if seen[labels[holder]] > 1:
            suffix = f"#{index}"
            labels[holder] = clip(name(holder), width - len(suffix)) + suffix
    return labels


@dataclass(frozen=True)
class LogRow:
    """One block of the printed hand log: a hand (maybe several lines) or a note line."""

    text: str
    kind: str = "hand"  # hand | leave | note | why (a hand's words, where a figure did not count)
    shaded: bool = False  # every other hand (or leaving) is shaded, and the words under it too


@dataclass(frozen=True)
class LogTable:
    """The hand log as padded monospaced text, and the font size that fits it on the page."""

    head: str
    rows: tuple[LogRow, ...]
    width: int  # columns of the widest line
    font_pt: float
    landscape: bool
    shortened: tuple[tuple[str, str], ...] = ()  # (full name, label) for names cut short

    @property
    def font_class(self) -> str:
        """The report.css class of the log's font size: ``log-pt-72`` for 7.2pt."""
        return f"log-pt-{round(self.font_pt * 10)}"


# -- the columns: which a session's log has -------------------------------------------------


@dataclass(frozen=True)
class FactColumn:
    """A column of the hand's facts: its key in an entry's cells, its header, its alignment."""

    key: str
    header: str
    right: bool = False


@dataclass(frozen=True)
class LogColumns:
    """Which columns a session's log has: the hand's facts, then each holder's figures."""

    facts: tuple[FactColumn, ...]
    holders: tuple[Holder, ...]
    under_holders: tuple[Column, ...]  # the figures under every holder

    @property
    def figures(self) -> tuple[str, ...]:
        """The headers of the figures under every holder."""
        return tuple(column.heading for column in self.under_holders)


def log_columns(loaded: LoadedSession, entries: Sequence[LogEntry]) -> LogColumns:
    """The columns of a session's log: "Out" only when someone sat out; the game's presenter
    says which figures stand among the facts (a chip game's declarer's meld and tricks) and
    which under each holder's name (a score game's meld and tricks too)."""
    present = loaded.options.system.present
    out = (FactColumn("out", "Out"),) if any(entry.sitting_out for entry in entries) else ()
    played = tuple(FactColumn(column.key, column.heading, True) for column in present.hand_columns)
    facts = (
        FactColumn("#", "#", True),
        FactColumn("dealer", "Dealer"),
        *out,
        FactColumn("declarer", "Declarer"),
        FactColumn("bid", "Bid", True),
        FactColumn("trump", "Tr"),
        *played,
        FactColumn("result", "Result"),
    )
    return LogColumns(facts, log_holders(loaded), present.holder_columns)


# -- the cells: each entry's text per column ------------------------------------------------


@dataclass(frozen=True)
class EntryCells:
    """One entry's text: the lines of each fact column, and each holder's figures."""

    entry: LogEntry
    facts: dict[str, list[str]]
    figures: list[list[str]]  # per holder, in the columns' order

    @property
    def height(self) -> int:
        """Lines the entry takes: its tallest fact (who sat out, a result and its note)."""
        return max(len(lines) for lines in self.facts.values())

    def fact_line(self, key: str, i: int) -> str:
        """Fact ``key``'s text on the entry's line ``i`` (blank below its last line)."""
        lines = self.facts[key]
        return lines[i] if i < len(lines) else ""


def entry_cells(
    entry: LogEntry, label: Mapping[PlayerKey, str], under_holders: Sequence[Column]
) -> EntryCells:
    """The entry's text per column, players by their ``label`` in the log, and each holder's
    figures ``under_holders`` (``LogColumns.under_holders``)."""

    def name(player: PlayerKey | None) -> str:
        return "" if player is None else label.get(player, str(player))

    result = [entry.outcome]
    if entry.takeover:
        result.append("(takeover)")
    if entry.reneger:
        result.append(f"by {name(entry.reneger)}")
    if entry.corrected:
        result.append("(corrected)")
    facts = {
        "#": [str(entry.number)] if entry.number is not None else [""],
        "dealer": [name(entry.dealer)],
        "out": [name(n) for n in entry.sitting_out] or [""],
        "declarer": [name(entry.declarer)],
        "bid": _bid_lines(entry, name),
        "trump": [entry.trump.symbol if entry.trump else ""],
        "meld": ["" if entry.meld is None else str(entry.meld)],
        "tricks": ["" if entry.trick_points is None else str(entry.trick_points)],
        "result": result,
    }
    return EntryCells(entry, facts, _figure_cells(entry, under_holders))


def _bid_lines(entry: LogEntry, name: Callable[[PlayerKey | None], str]) -> list[str]:
    """The bid; under summed bids each team's contract with the bids it sums (65 N 40+S 25)."""
    if entry.team_bids:
        return [
            f"{contract} " + "+".join(f"{name(p)} {bid}" for p, bid in bids)
            for _, contract, bids in entry.team_bids
        ]
    return ["" if entry.bid is None else str(entry.bid)]


def _figure_cells(entry: LogEntry, under_holders: Sequence[Column]) -> list[list[str]]:
    melds, tricks, totals = dict(entry.melds), dict(entry.tricks), dict(entry.totals)
    groups: list[list[str]] = []
    for holder, change in entry.changes:
        total = totals[holder]  # the kitty or pot holds an amount, never below 0: no sign
        meld, took = melds.get(holder), tricks.get(holder)
        cells = {
            "meld": "" if meld is None or entry.kind != "hand" else str(meld),
            "tricks": "" if took is None else str(took),
            "change": signed(change),
            "total": str(total) if isinstance(holder, Pool) else signed(total),
        }
        groups.append([cells[column.key] for column in under_holders])
    return groups


# -- the widths: every column as wide as its widest cell ------------------------------------


@dataclass(frozen=True)
class ColumnWidths:
    """Columns each cell takes: each fact column's, and each holder's figures'."""

    facts: dict[str, int]
    figures: dict[Holder, list[int]]

    def holder(self, holder: Holder) -> int:
        """Columns a holder's figures take, the gaps between them included."""
        widths = self.figures[holder]
        return sum(widths) + len(widths) - 1


def widest(texts: Iterable[str]) -> int:
    """The display width of the widest of ``texts``."""
    return max(display_width(text) for text in texts)


def column_widths(
    columns: LogColumns, cells: Sequence[EntryCells], holder_label: Mapping[Holder, str]
) -> ColumnWidths:
    """Widths that fit every cell and header; each figure's width is shared by every holder so
    their columns match, and a holder named wider than its figures widens its total only."""
    facts = {
        column.key: widest([column.header, *(x for c in cells for x in c.facts[column.key])])
        for column in columns.facts
    }
    shared = [
        widest([header, *(group[i] for c in cells for group in c.figures)])
        for i, header in enumerate(columns.figures)
    ]
    figures_width = sum(shared) + len(shared) - 1
    figures = {
        h: [*shared[:-1], shared[-1] + max(display_width(holder_label[h]) - figures_width, 0)]
        for h in columns.holders
    }
    return ColumnWidths(facts, figures)


# -- the rendering: padded lines --------------------------------------------------------------

_GAP, _BAR = " ", " │ "


@dataclass(frozen=True)
class LogLayout:
    """The log's columns at their widths: renders the head and each entry's padded lines."""

    columns: LogColumns
    widths: ColumnWidths

    def line(self, facts: Sequence[str], figures: Sequence[Sequence[str]]) -> str:
        """One line: the facts padded to their columns, then each holder's figures."""
        left = _GAP.join(
            _pad(text, self.widths.facts[column.key], column.right)
            for column, text in zip(self.columns.facts, facts, strict=True)
        )
        right = _BAR.join(
            _GAP.join(
                _pad(text, w, True) for text, w in zip(group, self.widths.figures[h], strict=True)
            )
            for h, group in zip(self.columns.holders, figures, strict=True)
        )
        return (left + _BAR + right).rstrip()

    def head(self, holder_label: Mapping[Holder, str]) -> str:
        """The two head lines: holders' names right-aligned over their figures, then headers."""
        columns = self.columns
        top = (
            _GAP.join(" " * self.widths.facts[column.key] for column in columns.facts)
            + _BAR
            + _BAR.join(_pad(holder_label[h], self.widths.holder(h), True) for h in columns.holders)
        )
        headers = self.line(
            [column.header for column in columns.facts],
            [list(columns.figures) for _ in columns.holders],
        )
        return "\n".join([top.rstrip(), headers])

    def block(self, cells: EntryCells) -> str:
        """An entry's lines: its facts one line each below the other, figures on the first."""
        blank = [""] * len(self.columns.figures)
        lines = []
        for i in range(cells.height):
            facts = [cells.fact_line(column.key, i) for column in self.columns.facts]
            lines.append(self.line(facts, [g if i == 0 else blank for g in cells.figures]))
        return "\n".join(lines)

    def rows(self, cells: Sequence[EntryCells], in_games: bool) -> list[LogRow]:
        """Every entry's block, with a note where each game starts (scores in numbered games)
        and ends; every other entry shaded, with the words under it."""
        rows: list[LogRow] = []
        game = 0
        for n, each in enumerate(cells):
            entry = each.entry
            if in_games and entry.game != game:
                game = entry.game
                rows.append(LogRow(f"Game {game}", "note"))
            shaded = n % 2 == 1  # by entry, so the rows between entries shift no shading
            rows.append(LogRow(self.block(each), entry.kind, shaded))
            if entry.explains:  # the words say why a figure did not count (wrapped, not padded)
                rows.append(LogRow(f"Hand {entry.number}: {entry.text}", "why", shaded))
            if entry.game_over:
                rows.append(LogRow(entry.game_over + ".", "note"))
        return rows


# -- the page: the font size or the landscape page that fits the widest line -----------------


def _fit(width: int, size: str) -> tuple[float, bool]:
    page_w, page_h = _PAGE_POINTS[size]
    for landscape, across in ((False, page_w), (True, page_h)):
        room = across - 2 * _SIDE_MARGIN
        points = min(LOG_MAX_PT, room / (max(width, 1) * _MONO_ADVANCE))
        points = int(points * 10) / 10
        if points >= _LOG_MIN_PORTRAIT_PT or landscape:
            return max(points, LOG_MIN_PT), landscape
    raise AssertionError("unreachable")


_TEAM_WIDTH = 15  # the most columns a holder's heading takes over its figures


def _team_name(holder: object) -> str:
    """A holder's heading: a team too long for it by its members' first letters."""
    return holder.written(_TEAM_WIDTH) if isinstance(holder, Team) else str(holder)


def holder_labels(holders: Sequence[H]) -> dict[H, str]:
    """Each holder's heading over its figures (and its chart line), every one different."""
    return short_names(holders, _TEAM_WIDTH, _team_name)


def log_table(loaded: LoadedSession, entries: Sequence[LogEntry], size: str) -> LogTable:
    """Lay the hand log out in columns: the hand's facts, then each holder's figures."""
    names = list(loaded.setup.players)
    label = short_names(names)
    columns = log_columns(loaded, entries)
    holder_label = holder_labels(columns.holders)
    cells = [entry_cells(entry, label, columns.under_holders) for entry in entries]
    layout = LogLayout(columns, column_widths(columns, cells, holder_label))
    head = layout.head(holder_label)
    rows = layout.rows(cells, loaded.options.system.present.in_games)
    laid_out = [r.text for r in rows if r.kind != "why"]  # a why row wraps within the width
    width = widest(line for text in [head, *laid_out] for line in text.split("\n"))
    points, landscape = _fit(width, size)
    shortened = tuple((str(n), label[n]) for n in names if label[n] != str(n))
    return LogTable(head, tuple(rows), width, points, landscape, shortened)
