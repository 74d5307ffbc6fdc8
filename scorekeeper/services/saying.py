"""The next hand of a session read from one line, as the table says or types it (issue 29).

``read_line`` reads the line with the engine's reader (``rules.saying``) at the session's
table: its house rules, the players dealt in for the next hand and its teams. It answers the
hand understood as a ``HandEntry`` (what the hand form and the API take), what the line still
lacks, what it could mean two ways, the words not understood, the rule what it says breaks
(even while something is still missing: a bid off the ladder, takes that do not add up), and,
once nothing is missing or in doubt, the result in words as the preview writes it.
Nothing is saved: the table checks the hand and saves it as usual.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType

from ..rules.errors import Part, RuleError, Where
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
    broken (by what the line said, even while something is missing)."""

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
    try:
        preview = preview_hand(loaded, entry)
    except RuleError as error:
        broken = [e.rule for e in error.each if _said_at(e.where, entry, missing)]
        if missing or reading.ambiguous:
            return replace(read, refused=broken[0] if broken else None)
        return LineRead(entry, (), (), reading.unknown_words, refused=error.rule)
    if missing or reading.ambiguous:
        return read
    return LineRead(entry, (), (), reading.unknown_words, preview=preview)


_SAID_AT: Mapping[Part, tuple[str, ...]] = MappingProxyType(
    {
        Part.DECLARER: ("declarer",),
        Part.BID: ("bid",),
        Part.OWN_BID: ("bids",),
        Part.TAKEOVER: ("takeover", "bid"),
        Part.TRUMP: ("trump",),
        Part.OUTCOME: ("outcome",),  # and the figures it is checked against (``_FIGURES``)
        Part.RENEGER: ("reneger",),
        Part.MELD: ("melds", "trump"),  # a meld is valued in trump
        Part.CARDS: ("melds", "trump"),
        Part.OTHER_TRICKS: ("tricks",),
        Part.TAKE: ("takes",),
        Part.LAST_TRICK: ("last_trick", "takes"),
    }
)
"""The fields a rule broken at each part of a hand is about: a hand still lacking one of them
may break that rule only for lack of it ("Enter the bid."), so the rule is not reported."""


def _said_at(where: Where, entry: HandEntry, missing: tuple[str, ...]) -> bool:
    """True when a rule broken at ``where`` is broken by what the line said, not by what it
    left out: every field the rule is about is filled and none is still missing (a bid off
    the ladder said with the meld still to say; four takes that add up to too much)."""
    if where.part is Part.TRICKS:  # the side's tricks, or every player's takes together
        needed: tuple[str, ...] = ("takes",) if entry.takes else ("tricks",)
    elif where.part is Part.OUTCOME and not _FIGURES.isdisjoint(missing):
        return False  # made or set checked against meld and tricks not all said yet
    else:
        needed = _SAID_AT.get(where.part, ("",))
    return all(name in _FIELDS and name not in missing and _filled(entry, name) for name in needed)


_FIELDS = frozenset(f.name for f in fields(HandEntry))
_FIGURES = frozenset({"melds", "tricks", "takes", "last_trick"})


def _filled(entry: HandEntry, name: str) -> bool:
    """True when ``entry`` holds field ``name`` (``HandEntry``'s name)."""
    value = getattr(entry, name)
    return bool(value) if isinstance(value, dict) else value is not None


__all__ = ["LineRead", "over", "read_line", "saying_table"]
