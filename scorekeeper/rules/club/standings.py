"""A club night's standings after each round, by the night's ranking rules.

Each table's game is won by the side that won the session's first finished game, or, when
the round ended on time, by the side with the higher score then (a tie at time is refused:
the table plays on to decide it). Every member of a winning side has a win, every other
player at the table a loss, and each adds the side's score to their total points. An entrant
with a bye wins when the rules say so and scores, under KCMO, the average of the round's
winning scores, rounded to the nearest point (a half up). Entrants are ranked on wins, then
total points; entrants level on both share a rank and are listed in the order they joined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import OutcomeError, Part, Where
from .pairing import Entrant, Pairing
from .settings import ByeScore, NightSettings


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side of a table's game: its players and its score, as the session reports it."""

    players: tuple[int, ...]
    score: int


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's game: each side's score and, when a game finished, the winning side."""

    table: int
    sides: tuple[SideScore, ...]
    winner: tuple[int, ...] | None = None  # None: the round ended on time

    def winning_side(self) -> SideScore:
        """The side that won: the game's winner, or the higher score when time was called."""
        if self.winner is not None:
            return next(side for side in self.sides if side.players == self.winner)
        top = max(side.score for side in self.sides)
        leaders = [side for side in self.sides if side.score == top]
        if len(leaders) > 1:
            raise OutcomeError(
                Where(Part.SESSION),
                f"Table {self.table} is tied at {top} when time was called: "
                "play another hand to decide it.",
            )
        return leaders[0]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A round as paired and each of its tables' games."""

    pairing: Pairing
    tables: tuple[TableResult, ...]

    def average_winning_score(self) -> int:
        """The round's winning scores averaged, to the nearest point (a half up)."""
        scores = [table.winning_side().score for table in self.tables]
        return (2 * sum(scores) + len(scores)) // (2 * len(scores))


@dataclass(frozen=True, slots=True)
class Standing:
    """An entrant's place after some rounds."""

    entrant: Entrant
    rank: int
    wins: int
    losses: int
    byes: int
    points: int


def standings(
    settings: NightSettings, entrants: Sequence[Entrant], rounds: Sequence[RoundResult]
) -> tuple[Standing, ...]:
    """The standings after ``rounds``, best first; ``entrants`` in the order they joined.

    A table's or a bye's result counts for the entrant each of its players plays for now, so
    teams rearranged between rounds (or a movement changed) keep every result."""
    rules = settings.rules
    tally = {e: [0, 0, 0, 0] for e in entrants}  # wins, losses, byes, points
    for result in rounds:
        bye_points = 0
        if result.pairing.byes and rules.bye_score is ByeScore.AVERAGE_WINNING:
            bye_points = result.average_winning_score()
        owners = _owners(entrants)
        for bye in result.pairing.byes:
            for entrant in dict.fromkeys(owners[p] for p in bye):
                row = tally[entrant]
                row[0 if rules.bye_wins else 1] += 1
                row[2] += 1
                row[3] += bye_points
        for table in result.tables:
            _score_table(table, owners, tally)
    order = sorted(entrants, key=lambda e: (-tally[e][0], -tally[e][3]))  # stable: joined
    out: list[Standing] = []
    for place, entrant in enumerate(order, start=1):
        wins, losses, byes, points = tally[entrant]
        rank = place
        if out and (out[-1].wins, out[-1].points) == (wins, points):
            rank = out[-1].rank
        out.append(Standing(entrant, rank, wins, losses, byes, points))
    return tuple(out)


def _owners(entrants: Sequence[Entrant]) -> Mapping[int, Entrant]:
    """The entrant each player plays for."""
    return {player: entrant for entrant in entrants for player in entrant}


def _score_table(
    table: TableResult, owners: Mapping[int, Entrant], tally: dict[Entrant, list[int]]
) -> None:
    """Add a table's wins, losses and points to each entrant at it (once per entrant)."""
    won = table.winning_side()
    for side in table.sides:
        for entrant in dict.fromkeys(owners[p] for p in side.players):
            row = tally[entrant]
            row[0 if side is won else 1] += 1
            row[3] += side.score
