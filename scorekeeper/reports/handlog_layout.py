"""The hand log laid out as padded monospaced columns for the report.

One block per hand, columns padded here: a PDF of 200 hands then takes a fraction of the time
a table of 3,000 cells would (WeasyPrint lays out every table cell on its own). Names too wide
for a column are shortened (every label stays different), and the font size, or a landscape
page, is chosen so the widest line fits. Suits print as symbols and nothing relies on colour:
signs, words and dash patterns carry the meaning on a black-and-white printer.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..rules.figures import signed
from ..rules.holders import PlayerKey, Pool
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

    @property
    def font_class(self) -> str:
        """The report.css class of the log's font size: ``log-pt-72`` for 7.2pt."""
        return f"log-pt-{round(self.font_pt * 10)}"


def _fit(width: int, size: str) -> tuple[float, bool]:
    page_w, page_h = _PAGE_POINTS[size]
    for landscape, across in ((False, page_w), (True, page_h)):
        room = across - 2 * _SIDE_MARGIN
        points = min(LOG_MAX_PT, room / (max(width, 1) * _MONO_ADVANCE))
        points = int(points * 10) / 10
        if points >= _LOG_MIN_PORTRAIT_PT or landscape:
            return max(points, LOG_MIN_PT), landscape
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
