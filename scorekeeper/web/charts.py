"""Server-drawn SVG charts of running scores: no script, no external file, prints in grey.

Each line also has its own dash pattern and end label, so it reads without colour (the PDF
may be printed in black and white).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from html import escape

from ..rules.figures import signed
from ..rules.holders import Team

COLOURS = ("#d94f3d", "#2f7bd9", "#2a9d5b", "#b8860b", "#8e44ad", "#16a2b8", "#e67e22", "#555")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 6")


def _label(holder: Hashable) -> str:
    """A line's end label: its holder, a team of three or four by its members' first letters."""
    return holder.written(15) if isinstance(holder, Team) else str(holder)


def chart_head(title: str, width: int, height: int, left: int) -> list[str]:
    """The opening of every chart's SVG: its size, its name for a screen reader and its title
    written at ``left`` (the plot's left edge)."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="chart" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="15" class="chart-title" font-size="12">{escape(title)}</text>',
    ]


def running_chart(
    series: Sequence[tuple[Hashable, Sequence[int]]],
    title: str,
    highlight: Hashable | None = None,
    width: int = 360,
    height: int = 200,
    step: str = "hand",
    shown: Callable[[int], str] = signed,
) -> str:
    """A line per holder of running totals after each hand (starting from 0 before hand 1).

    Holders are labelled by ``str()`` (a long team by its members' first letters);
    ``highlight`` is the holder whose line is drawn strong. ``step`` names a point on the
    axis (a hand, or a session), ``shown`` writes a figure (signed points, or money).
    """
    ends = max(
        (len(f"{_label(n)} {shown(v[-1] if v else 0)}") for n, v in series), default=0
    )  # end labels
    pad_l, pad_r, pad_t, pad_b = 40, min(max(64, 8 + 7 * ends), width // 2), 24, 22
    points = max((len(values) for _, values in series), default=0)
    every = [v for _, values in series for v in values] + [0]
    low, high = min(every), max(every)
    if low == high:
        low, high = low - 1, high + 1
    plot_w, plot_h = width - pad_l - pad_r, height - pad_t - pad_b

    def x(i: int) -> float:
        return pad_l + (plot_w * i / max(points, 1))

    def y(v: int) -> float:
        return pad_t + plot_h * (high - v) / (high - low)

    parts = [
        *chart_head(title, width, height, pad_l),
        f'<line x1="{pad_l}" x2="{width - pad_r}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        'stroke="currentColor" stroke-opacity=".35"/>',
        *(
            f'<text x="{pad_l - 4}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="10">'
            f"{shown(v)}</text>"
            for v in sorted({high, low, 0})
        ),
        f'<text x="{width - pad_r}" y="{height - 6}" text-anchor="end" font-size="10">'
        f"{step} {points}</text>",
    ]
    label_ys: list[float] = []
    for index, (name, values) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        coords = [(x(0), y(0))] + [(x(i + 1), y(v)) for i, v in enumerate(values)]
        path = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in coords)
        strong = highlight is None or name == highlight
        width_attr = "2.5" if strong else "1.2"
        opacity = "1" if strong else ".55"
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="{width_attr}" '
            f'stroke-opacity="{opacity}"{dash_attr} stroke-linejoin="round"/>'
        )
        end_y = coords[-1][1]
        while any(abs(end_y - other) < 11 for other in label_ys):
            end_y += 11
        label_ys.append(end_y)
        final = values[-1] if values else 0
        parts.append(
            f'<text x="{width - pad_r + 4}" y="{end_y + 4:.1f}" font-size="10" fill="{colour}">'
            f"{escape(_label(name))} {shown(final)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
