"""The next hand of a session read from one line, as the table says or types it (issue 29).

``read_line`` reads the line with the engine's reader (``rules.saying``) at the session's
table: its house rules, the players dealt in for the next hand and its teams. It answers the
hand understood as a ``HandEntry`` (what the hand form and the API take), what the line still
lacks, what it could mean two ways, the words not understood, and, once nothing is missing
or in doubt, the result in words as the preview writes it, or the rule the hand breaks.
Nothing is saved: the table checks the hand and saves it as usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.errors import RuleError
from ..rules.holders import Player
from ..rules.saying import Ambiguity, SayingTable, read_hand
from . import tables
from .entries import HandEntry, MeldText
from .hands import Preview, preview_hand
from .sessions import LoadedSession


@dataclass(frozen=True)
class LineRead:
    """What a line says of the next hand: the entry understood (fields left empty where the
    line is silent or in doubt), the fields it lacks (``HandEntry``'s names), the words that
    could mean two things, the words not understood, and the result in words or the rule
    broken, once the hand is complete."""

    entry: HandEntry
    missing: tuple[str, ...]
    ambiguous: tuple[Ambiguity, ...]
    unknown_words: tuple[str, ...]
    preview: Preview | None = None
    refused: str | None = None


def saying_table(loaded: LoadedSession) -> SayingTable:
    """The table the next hand is read at: the house rules, the players dealt in (in seat
    order) with the short names the table gave them, and the teams (first seat first)."""
    context = loaded.state.next_hand
    dealt = [p.id for p in context.active if isinstance(p, Player)]
    shorts = tables.short_names(loaded.row.table_id, dealt)
    return SayingTable.at(loaded.options, context, shorts)


def over(typed: HandEntry, said: HandEntry) -> HandEntry:
    """The hand as typed with what the line said put over it: each field the line filled
    replaces the typed one; one it left empty keeps what was typed (or tapped)."""
    return HandEntry(
        outcome=said.outcome or typed.outcome,
        declarer=said.declarer if said.declarer is not None else typed.declarer,
        bid=said.bid if said.bid is not None else typed.bid,
        trump=said.trump or typed.trump,
        takeover=said.takeover or typed.takeover,
        reneger=said.reneger if said.reneger is not None else typed.reneger,
        tricks=said.tricks if said.tricks is not None else typed.tricks,
        last_trick=said.last_trick if said.last_trick is not None else typed.last_trick,
        takes={**typed.takes, **said.takes},
        melds={**typed.melds, **said.melds},
        bids={**typed.bids, **said.bids},
    )


def read_line(loaded: LoadedSession, text: str, typed: HandEntry | None = None) -> LineRead:
    """The next hand as ``text`` says it, over what was ``typed`` on the form if anything
    (a field typed is not missing); never saves."""
    reading = read_hand(text, saying_table(loaded))
    fields = reading.fields()
    melds = {pid: MeldText(m["mode"], m["text"]) for pid, m in fields.pop("melds").items()}
    entry = HandEntry(**fields, melds=melds)
    missing = reading.missing
    if typed is not None:
        entry = over(typed, entry)
        missing = tuple(name for name in missing if not _filled(typed, name))
    read = LineRead(entry, missing, reading.ambiguous, reading.unknown_words)
    if missing or reading.ambiguous:
        return read
    try:
        preview = preview_hand(loaded, entry)
    except RuleError as error:
        return LineRead(entry, (), (), reading.unknown_words, refused=error.rule)
    return LineRead(entry, (), (), reading.unknown_words, preview=preview)


def _filled(entry: HandEntry, name: str) -> bool:
    """True when ``entry`` holds field ``name`` (``HandEntry``'s name)."""
    value = getattr(entry, name)
    return bool(value) if isinstance(value, dict) else value is not None


__all__ = ["LineRead", "over", "read_line", "saying_table"]
