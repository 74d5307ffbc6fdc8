"""A club night's printouts (WeasyPrint, through the report's locked-down fetcher): the
results (the standings after the last round over, then every round's tables) and the score
cards handed to each card table at the start of a round (its players, seats, the link and QR
code its phones open, and lines to keep the score on paper)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import render_template, url_for

from ..rules.club.rotation import Letter, Slot
from ..rules.club.settings import Movement
from ..services.club.results import NightView, RoundView
from ..web import qr
from .pdf import render_pdf

CARD_LINES = 14
"""Lines for hands on a printed score card."""


@dataclass(frozen=True)
class Card:
    """One table's score card: its teams and the link (and QR code) its phones open."""

    table: int
    teams: tuple[str, ...]
    url: str
    svg: str
    moves: tuple[str, ...] = ()  # under the KCMO rotation, each team's letter and next table


def results_pdf(view: NightView) -> bytes:
    """The night's results as a PDF."""
    return render_pdf(render_template("club/results.html", view=view))


def round_cards(view: NightView, number: int) -> tuple[RoundView, tuple[Card, ...]]:
    """Round ``number`` and a score card for each of its tables (``LookupError``: no such
    round)."""
    found = next((r for r in view.rounds if r.number == number), None)
    if found is None:
        raise LookupError(f"No round {number}.")
    cards = []
    for table in found.tables:
        url = qr.public_url(url_for("sessions.show", session_id=table.session_id))
        names = tuple(s.names for s in table.sides)
        moves = rotation_moves(view, number, table.number)
        cards.append(Card(table.number, names, url, qr.svg(url, 4), moves))
    return found, tuple(cards)


def rotation_moves(view: NightView, number: int, table: int) -> tuple[str, ...]:
    """Where each team of ``table`` in round ``number`` goes next under the KCMO rotation,
    the "A" team (seated first) and the "B" team; none for a round paired otherwise."""
    if view.settings.movement is not Movement.KCMO or view.rotation is None:
        return ()
    tables, since = view.rotation
    if number < since:
        return ()
    stay = f"A: stays at table {table} all night"
    if number >= view.settings.rounds:
        return stay, "B: the last round"
    up = Slot(table, Letter.B).table_after(1, tables)
    return stay, f"B: moves to table {up} for round {number + 1}"


def cards_pdf(view: NightView, number: int) -> bytes:
    """The score cards of round ``number``, one table a page."""
    found, cards = round_cards(view, number)
    html = render_template(
        "club/cards.html", view=view, round=found, cards=cards, lines=range(CARD_LINES)
    )
    return render_pdf(html)
