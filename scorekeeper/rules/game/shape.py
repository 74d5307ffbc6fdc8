"""The table's shape (RULES section 1): how many are dealt in and who partners whom.

A shape is the number of players dealt each hand and the size of a team: 1 when each plays
for themselves (cutthroat), 2, 3 or 4 when partners score together. Partners never sit side by
side: with ``n`` teams, seats 1, 1+n, 1+2n... form the first team, seats 2, 2+n... the second
(four players: seats 1 and 3 against 2 and 4; six in three teams: 1 and 4, 2 and 5, 3 and 6;
six in two teams: 1, 3, 5 against 2, 4, 6). Written ``4`` or ``4/2`` (four players in teams
of two), the pair ``Shape.parse`` and ``str``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import OptionError, Part, SeatingError, Where, option
from ..holders import PlayerKey, Team

_WRITTEN = re.compile(r"^\s*(\d)\s*(?:/\s*(\d)\s*)?$")
_NUMBERS = {2: "two", 3: "three", 4: "four", 6: "six", 8: "eight"}


@dataclass(frozen=True, slots=True, order=True)
class Shape:
    """Players dealt in each hand, and how many of them score as one team (1: nobody)."""

    players: int
    team_size: int = 1

    @classmethod
    def parse(cls, text: str) -> Shape:
        """Read ``4`` (four, each for themselves) or ``6/3`` (six in teams of three)."""
        match = _WRITTEN.match(str(text))
        shape = None
        if match:
            shape = cls(int(match.group(1)), int(match.group(2) or 1))
        if shape not in SHAPES:
            known = ", ".join(str(s) for s in SHAPES)
            raise OptionError(
                option("shape"), f"'{text}' is not a table shape; choose one of {known}."
            )
        return shape

    def __str__(self) -> str:
        return str(self.players) if self.team_size == 1 else f"{self.players}/{self.team_size}"

    @property
    def label(self) -> str:
        """The shape in words: ``Six players, three teams of two``."""
        players = f"{_NUMBERS[self.players].capitalize()} players"
        if not self.has_teams:
            return f"{players}, each for themselves"
        teams = _NUMBERS.get(self.team_count, str(self.team_count))
        return f"{players}, {teams} teams of {_NUMBERS.get(self.team_size, self.team_size)}"

    @property
    def has_teams(self) -> bool:
        """True when partners score together."""
        return self.team_size > 1

    @property
    def team_count(self) -> int:
        """How many teams (or players, each for themselves) score."""
        return self.players // self.team_size

    def teams(self, seated: Sequence[PlayerKey]) -> tuple[Team, ...]:
        """The teams of ``seated`` (clockwise from seat 1): partners every ``team_count`` seats."""
        if not self.has_teams:
            return ()
        if len(seated) != self.players:
            raise SeatingError(
                Where(Part.PLAYERS),
                f"{self.label}: that is exactly {self.players} players, not {len(seated)}.",
            )
        n = self.team_count
        return tuple(Team(tuple(seated[k::n])) for k in range(n))


SHAPES: tuple[Shape, ...] = (
    Shape(2),
    Shape(3),
    Shape(4),
    Shape(4, 2),
    Shape(6, 2),
    Shape(6, 3),
    Shape(8, 2),
    Shape(8, 4),
)
"""Every shape our sources play: two, three or four each for themselves; four in two
partnerships; six in three teams of two or two of three; eight in four teams of two or two of
four."""

THREE_HANDED = Shape(3)
"""Three dealt in, each for themselves: the chip games and Bison."""
