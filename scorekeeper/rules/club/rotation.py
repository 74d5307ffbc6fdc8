"""The KCMO table rotation (docs/club-nights.md, "The KCMO table rotation"): each fixed team
draws a number before its first round, a table and a letter. Teams drawing "A" sit at that
table all night; teams drawing "B" start at that table and move to the next higher-numbered
table after each round, from the last table back to table 1.

The numbers in the hat are 1A, 1B, 2A, 2B... one for each team, so with an odd number of
teams the last table has no "B" team: that empty number moves as a "B" team does, and the
"A" team it would meet has the bye. A table's number stands for the night: a team joining
after the draw takes the first number nobody playing holds (the lowest table, "A" before
"B"), and a team that leaves leaves its number empty. "B" teams come back to the same "A"
teams once they have been round every table, as the published movement does. Pure and
deterministic: the draw is an input (the organiser's, or one the app made and stored).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import Part, SeatingError, Where, option
from .pairing import Entrant, Pairing, Seating


class Letter(enum.Enum):
    """An "A" team stays at its table, a "B" team moves one table up each round."""

    A = "A"
    B = "B"


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """A number drawn: the team's table in the draw's round and its letter."""

    table: int
    letter: Letter

    def __str__(self) -> str:
        return f"{self.table}{self.letter.value}"

    @classmethod
    def parse(cls, text: str) -> Slot:
        """A number as written ("3B"); a ``ValueError`` for anything else."""
        table, letter = text[:-1], text[-1:]
        if not table.isdigit() or letter not in ("A", "B") or int(table) < 1:
            raise ValueError(f"'{text}' is not a table number and a letter A or B.")
        return cls(int(table), Letter(letter))

    def table_after(self, moves: int, tables: int) -> int:
        """The table this number sits at after ``moves`` rounds of ``tables`` tables."""
        if self.letter is Letter.A:
            return self.table
        return (self.table - 1 + moves) % tables + 1


def numbers(count: int) -> tuple[Slot, ...]:
    """The numbers in the hat for ``count`` teams: 1A, 1B, 2A, 2B..., the last table's "B"
    left out when ``count`` is odd."""
    return tuple(Slot(i // 2 + 1, Letter.A if i % 2 == 0 else Letter.B) for i in range(count))


def deal(teams_in_draw_order: Sequence[Entrant]) -> dict[Entrant, Slot]:
    """The draw: the teams, in the order they came out of the hat, given 1A, 1B, 2A..."""
    return dict(zip(teams_in_draw_order, numbers(len(teams_in_draw_order)), strict=True))


def tables_of(draw: Mapping[Entrant, Slot]) -> int:
    """The tables the rotation goes round: the highest table drawn."""
    return max((slot.table for slot in draw.values()), default=0)


def seat_late(
    draw: Mapping[Entrant, Slot],
    tables: int,
    playing: Sequence[Entrant],
    names: Mapping[int, str],
) -> dict[Entrant, Slot]:
    """The draw for the teams ``playing`` now: each keeps its number, and a team without
    one (joined after the draw) takes the first number no team playing holds. Refused,
    saying what to do, when every number of the ``tables`` tables is taken."""
    seated = {team: draw[team] for team in playing if team in draw}
    free = [
        Slot(t, letter)
        for t in range(1, tables + 1)
        for letter in Letter
        if Slot(t, letter) not in seated.values()
    ]
    late = [team for team in playing if team not in seated]
    if len(late) > len(free):
        who = ", ".join(" & ".join(names.get(p, str(p)) for p in team) for team in late)
        raise SeatingError(
            Where(Part.PLAYERS),
            f"{who} joined after the KCMO draw, and the rotation's {tables} "
            f"table{'s' if tables > 1 else ''} seat{'' if tables > 1 else 's'} {2 * tables} "
            "teams, each number held: remove a team, or choose fixed partners "
            "paired on the standings for the rounds left.",
        )
    seated.update(zip(late, free, strict=False))
    return seated


def pair_rotation(
    draw: Mapping[Entrant, Slot], tables: int, moves: int, round_number: int, byes: bool
) -> Pairing:
    """Round ``round_number``, ``moves`` rounds after the draw's: at each table its "A"
    team (seated first) against the "B" team that has moved there; a team whose table
    has no other team has the bye. Refused, when ``byes`` are not allowed, naming them."""
    at: dict[tuple[int, Letter], Entrant] = {
        (slot.table_after(moves, tables), slot.letter): team for team, slot in draw.items()
    }
    seatings: list[Seating] = []
    alone: list[Entrant] = []
    for number in range(1, tables + 1):
        here = [at[(number, letter)] for letter in Letter if (number, letter) in at]
        if len(here) == 2:
            seatings.append(Seating(number, tuple(here)))
        else:
            alone.extend(here)
    if alone and not byes:
        raise SeatingError(
            option("byes"),
            f"The KCMO rotation leaves {len(alone)} team{'s' if len(alone) > 1 else ''} "
            f"without opponents in round {round_number}: allow byes.",
        )
    if not seatings:
        raise SeatingError(
            Where(Part.PLAYERS), "The KCMO rotation seats no table this round: add teams."
        )
    return Pairing(round_number, tuple(seatings), tuple(alone))
