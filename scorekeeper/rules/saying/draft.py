"""The claims one reading of a line makes on a hand's fields, and how they are weighed
(issue 29): one claim on a field fills it, two that differ are asked about, never chosen
between.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..hand.outcome import Outcome
from ..pack.cards import Suit
from .lexer import Kind, Thing
from .reading import SINGLE, Ambiguity, Key, Meld, Reading
from .table import HandAsks, SayingTable
from .words import Cue


@dataclass(slots=True)
class At:
    """A thing in the line being read: whether a pause came before it, and whether a part of
    the hand was read from it (``used``; a player given a part is no longer the declarer's)."""

    thing: Thing
    pause: bool
    used: bool = False

    @property
    def kind(self) -> Kind:
        """What the thing is."""
        return self.thing.kind

    def cue(self, cue: Cue) -> bool:
        """True when this is the cue word ``cue``."""
        return self.thing.kind is Kind.CUE and self.thing.value is cue

    @property
    def holder(self) -> bool:
        """True when it names a player or a team."""
        return self.thing.kind in (Kind.PLAYER, Kind.TEAM)


@dataclass
class Draft:
    """The claims a line makes on each field, before they are weighed."""

    table: SayingTable
    asks: HandAsks
    claims: dict[Key, list[tuple[Any, str]]] = field(default_factory=dict)
    ambiguous: list[Ambiguity] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    def claim(self, key: Key, value: Any, word: str) -> None:
        """``word`` says ``key`` is ``value``."""
        self.claims.setdefault(key, []).append((value, word))

    def claimed(self, key: Key) -> bool:
        """True when something in the line was said of ``key``."""
        return key in self.claims

    def value(self, key: Key) -> Any:
        """The value every claim on ``key`` agrees on (None when none or they differ)."""
        values = {value for value, _ in self.claims.get(key, ())}
        return next(iter(values)) if len(values) == 1 else None

    def ask(self, word: str, could_be: Sequence[str]) -> None:
        """Ask what ``word`` means: one of ``could_be``."""
        ambiguity = Ambiguity(word, tuple(could_be))
        if ambiguity not in self.ambiguous:
            self.ambiguous.append(ambiguity)

    def who(self, at: At) -> int | None:
        """The one player a player thing names (None, and asked about, when several)."""
        ids = at.thing.players
        if at.kind is Kind.PLAYER and len(ids) == 1:
            return ids[0]
        if at.kind is Kind.PLAYER:
            self.ask(at.thing.text, [self.table.name(pid) for pid in ids])
        return None

    def reading(self) -> Reading:
        """The fields the claims agree on; two claims on one field asked about."""
        single: dict[str, Any] = {}
        melds: list[Meld] = []
        takes: list[tuple[int, int]] = []
        bids: list[tuple[int, int]] = []
        for key, said in self.claims.items():
            values = list(dict.fromkeys(value for value, _ in said))
            if len(values) > 1:
                words = " / ".join(dict.fromkeys(word for _, word in said))
                self.ask(words, [said_value(key, v, self.table) for v in values])
                continue
            if key[0] in SINGLE:
                single[key[0]] = values[0]
            elif key[0] == "meld":
                melds.append(Meld(key[1], values[0], key[2]))
            elif key[0] == "take":
                takes.append((key[1], values[0]))
            else:
                bids.append((key[1], values[0]))
        return Reading(
            **single,
            melds=tuple(sorted(melds, key=lambda m: (m.holder or 0, m.side))),
            takes=tuple(sorted(takes)),
            bids=tuple(sorted(bids)),
            ambiguous=tuple(self.ambiguous),
            unknown_words=tuple(self.unknown),
        )


def said_value(key: Key, value: Any, table: SayingTable) -> str:
    """A value claimed, as a question shows it."""
    if key[0] in ("declarer", "last_trick", "reneger"):
        return table.name(value)
    if isinstance(value, Outcome):
        return value.label
    if isinstance(value, Suit):
        return value.noun
    return str(value)
