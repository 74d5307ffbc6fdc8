"""The hand log as CSV, safe to open in a spreadsheet; ``cell`` and ``csv_text`` are what
every CSV the app writes shares (the ratings and players' records too)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from ...rules.game.present import Whose
from ...rules.holders import PlayerKey
from ..sessions import LoadedSession
from .handlog import hand_log, log_holders


def cell(text: str) -> str:
    """Text for a spreadsheet cell; a leading = + - @ would make it a formula, so it is quoted."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """``rows`` (the header first) as CSV text, each line ended by CR LF."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue()


def hands_csv(loaded: LoadedSession) -> str:
    """The hand log as CSV: one row per hand (and per player leaving), a header first.

    Columns: hand, game, dealer, sat out, declarer, bid (under summed bids the declarers'
    contract, then each team's contract with the bids it sums: "N & S bid 65 (N 40 + S 25);
    E & W bid 30 (E 30)"), trump, meld and tricks (the declarer's in chip games; each holder's
    in Bison and Partnership), outcome, the hand in words, then
    each holder's change and running total ("Ann change (chips)" in the chip games). Figures
    as the table writes them; money is not in the log (chips times the stake is on the report).
    """
    holders = log_holders(loaded)
    present = loaded.options.system.present
    each = present.meld_of is Whose.EACH  # each holder's meld and tricks, or the declarer's
    summed = loaded.options.summed_bids
    header = ["hand", "game", "dealer", "sat out", "declarer", "bid"]
    header += ["contracts", "trump"] if summed else ["trump"]
    if each:
        for holder in loaded.setup.holders:
            header += [f"{holder} meld", f"{holder} tricks"]
    else:
        header += ["meld", "tricks"]
    header += ["outcome", "description"]
    counted = present.figure_suffix
    for holder in holders:
        header += [f"{holder} change{counted}", f"{holder} total{counted}"]
    rows: list[list[Any]] = [[cell(h) for h in header]]
    for entry in hand_log(loaded):
        row: list[Any] = [
            entry.number if entry.number is not None else "",
            entry.game,
            cell(_shown(entry.dealer)),
            cell(", ".join(str(p) for p in entry.sitting_out)),
            cell(_shown(entry.declarer)),
            "" if entry.bid is None else entry.bid,
        ]
        if summed:
            row.append(cell("; ".join(entry.contracts)))
        row.append(entry.trump.value if entry.trump else "")
        if each:
            melds, tricks = dict(entry.melds), dict(entry.tricks)
            for holder in loaded.setup.holders:
                row += [melds.get(holder, ""), tricks.get(holder, "")]
        else:
            row += [
                "" if entry.meld is None else entry.meld,
                "" if entry.trick_points is None else entry.trick_points,
            ]
        row += [entry.outcome, cell(entry.text)]
        totals = dict(entry.totals)
        for holder, change in entry.changes:
            row += [change, totals[holder]]
        rows.append(row)
    return csv_text(rows)


def _shown(player: PlayerKey | None) -> str:
    return "" if player is None else str(player)
