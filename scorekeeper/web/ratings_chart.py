"""A player's rating after each rated game, drawn by the server as SVG like ``charts.py``: no
script, no external file, readable in grey.

The solid line is the skill estimate (mu), the shaded band mu - sigma to mu + sigma (how
unsure it still is), the dashed line the ordinal mu - 3 sigma the table ranks by. Game 0 is
the rating every player starts with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .charts import chart_head

BAND = "#2f7bd9"
LINE = "#2f7bd9"
ORDINAL = "#d94f3d"


def rating_chart(
    points: Sequence[tuple[float, float]], title: str, width: int = 360, height: int = 200
) -> str:
    """An SVG of ``points``, each (mu, sigma): the start, then after each game."""
    pad_l, pad_r, pad_t, pad_b = 34, 78, 24, 22
    every = [mu + sigma for mu, sigma in points] + [mu - 3 * sigma for mu, sigma in points]
    low = math.floor(min(every, default=0) / 5) * 5
    high = math.ceil(max(every, default=1) / 5) * 5
    if low == high:
        high = low + 5
    plot_w, plot_h = width - pad_l - pad_r, height - pad_t - pad_b
    games = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return pad_l + plot_w * i / games

    def y(v: float) -> float:
        return pad_t + plot_h * (high - v) / (high - low)

    def line(values: Sequence[float]) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))

    mus = [mu for mu, _ in points]
    upper = [mu + sigma for mu, sigma in points]
    lower = [mu - sigma for mu, sigma in points]
    ordinals = [mu - 3 * sigma for mu, sigma in points]
    band = (
        line(upper)
        + " "
        + " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(lower))))
    )
    last_mu, last_ordinal = (mus[-1], ordinals[-1]) if points else (0.0, 0.0)
    mu_y, ordinal_y = y(last_mu), y(last_ordinal)
    if abs(mu_y - ordinal_y) < 11:
        ordinal_y = mu_y + 11
    parts = [
        *chart_head(title, width, height, pad_l),
        *(
            f'<text x="{pad_l - 4}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="10">{v}</text>'
            for v in (low, high)
        ),
        f'<text x="{width - pad_r}" y="{height - 6}" text-anchor="end" font-size="10">'
        f"game {len(points) - 1}</text>",
        f'<polygon points="{band}" fill="{BAND}" fill-opacity=".18" stroke="none"/>',
        f'<polyline points="{line(mus)}" fill="none" stroke="{LINE}" stroke-width="2.5" '
        'stroke-linejoin="round"/>',
        f'<polyline points="{line(ordinals)}" fill="none" stroke="{ORDINAL}" '
        'stroke-width="1.5" stroke-dasharray="6 3" stroke-linejoin="round"/>',
        f'<text x="{width - pad_r + 4}" y="{mu_y + 4:.1f}" font-size="10" fill="{LINE}">'
        f"skill {last_mu:.1f}</text>",
        f'<text x="{width - pad_r + 4}" y="{ordinal_y + 4:.1f}" font-size="10" '
        f'fill="{ORDINAL}">rating {last_ordinal:.1f}</text>',
        "</svg>",
    ]
    return "".join(parts)
