"""Who holds chips or points (docs/RULES.md sections 5 to 7): players, teams, the kitty, the pot.

A holder is known by what it is, never by how it is written. A ``Player`` is its id (its name
is only shown); a partnership ``Team`` is the value of its members; the kitty and the pot are
the two members of ``Pool``. So a player named "kitty", "Pot" or "Ann & Bob" can never be
mistaken for the kitty, the pot or a team. A bare name (``str``) also works as a player where
the names are the identities, as in the engine's tests and benchmarks. Two names are the
same name when their ``name_key`` is ("Zoë" typed composed or decomposed, "ÉLODIE" and
"élodie").
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player: equal and hashed by ``id``; ``name`` is for display only."""

    id: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return self.name


def name_key(name: str) -> str:
    """A name as compared: spaces tidied, Unicode NFC, case folded (``casefold``, which folds
    every script, not only ASCII), and NFC again (folding can decompose a letter)."""
    tidied = " ".join(name.split())
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", tidied).casefold())


PlayerKey: TypeAlias = Player | str
"""A player as the engine takes one: a ``Player``, or a bare name where names are identities."""


@dataclass(frozen=True, slots=True, eq=False)
class Team:
    """A partnership team: the value of its members, in seat order; written "Ann & Cal"."""

    members: tuple[PlayerKey, ...]
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a team keys every score of a replay: its hash is worked out once
        object.__setattr__(self, "_hash", hash(self.members))

    def __eq__(self, other: object) -> bool:
        # the same team object is compared with itself on every hand: answer that first
        return self is other or (isinstance(other, Team) and self.members == other.members)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        names = [str(member) for member in self.members]
        joiner = " and " if any("&" in name for name in names) else " & "
        return joiner.join(names)  # "Ann & Cal"; "A & B and Ann & Bob" when a name has a "&"

    def written(self, width: int) -> str:
        """The team in at most about ``width`` characters: "Ann & Cal" whole when it fits,
        else each member's first letters, "Ann·Cal·Eve·Gus", so no partner is cut off."""
        whole = str(self)
        if len(whole) <= width:
            return whole
        each = max(1, (width - len(self.members) + 1) // len(self.members))
        return "·".join(str(member)[:each] for member in self.members)

    def __contains__(self, player: object) -> bool:
        return player in self.members

    def __iter__(self) -> Iterator[PlayerKey]:
        return iter(self.members)

    def __len__(self) -> int:
        return len(self.members)


class Pool(enum.Enum):
    """The shared holders of a chip game: the kitty (Hoyle) and the pot (Brooklyn with a pot)."""

    KITTY = "kitty"
    POT = "pot"

    @property
    def label(self) -> str:
        """How the pool is written on the score sheet: ``Kitty`` or ``Pot``."""
        return self.value.capitalize()

    def __str__(self) -> str:
        return self.label


KITTY = Pool.KITTY
POT = Pool.POT

Holder: TypeAlias = PlayerKey | Team | Pool
"""Anything that keeps a balance or a score."""


def holder_kind(holder: Holder) -> str:
    """``player``, ``team``, ``kitty`` or ``pot``."""
    if isinstance(holder, Pool):
        return holder.value
    return "team" if isinstance(holder, Team) else "player"


def player_id(holder: Holder) -> int | None:
    """The id of a ``Player`` (None for a bare name, a team, the kitty or the pot)."""
    return holder.id if isinstance(holder, Player) else None


def members(holder: Holder) -> tuple[PlayerKey, ...]:
    """The players behind a holder: a team's members, a player alone, nobody for a pool."""
    if isinstance(holder, Team):
        return holder.members
    if isinstance(holder, Pool):
        return ()
    return (holder,)


def players_of(holder: Holder) -> tuple[Player, ...]:
    """The seated players (``Player``, with an id) behind a holder: a team's, a player alone,
    nobody for a pool or a bare name."""
    return tuple(p for p in members(holder) if isinstance(p, Player))


__all__ = [
    "KITTY",
    "POT",
    "Holder",
    "Player",
    "PlayerKey",
    "Pool",
    "Team",
    "holder_kind",
    "members",
    "player_id",
    "players_of",
]
