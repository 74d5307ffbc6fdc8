"""Pairing a round of a club night: who has the bye, and who sits at which table with whom.

An entrant is a team under fixed partners (its players, in the order they joined) and a
player otherwise (a team of one). The entrants are put in order: the standings (best first)
for fixed partners and Swiss, the order they joined for rotating partners. Byes go first:
fewest byes so far, then the lowest in the standings, so nobody has a second bye while
another has none. Then each table in turn takes the first entrant left in that order, and
adds, one at a time, the entrant with the fewest meetings with those already seated
(a round as partners counts 2, as opponents 1), the earliest in the order on a tie. A
table of players in teams is split into the teams with the fewest repeats (partners again
count 2 for each pair, opponents again 1), the first split on a tie, splits listed with the
first player's partners taken in order. Everything is deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..errors import Checks, Part, PlayerError, SeatingError, Where, option
from ..holders import Player
from .settings import Movement, NightSettings

Entrant = tuple[int, ...]
"""The player ids of a team under fixed partners, or one player."""


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of a round: its number (1 is the first) and its teams, each in seat order."""

    table: int
    teams: tuple[tuple[int, ...], ...]

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone at the table, team by team."""
        return tuple(p for team in self.teams for p in team)

    @property
    def seats(self) -> tuple[int, ...]:
        """The players clockwise: with n teams, seats 1, 1+n... are the first team."""
        size = len(self.teams[0])
        return tuple(team[i] for i in range(size) for team in self.teams)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round as published: its tables and the entrants with a bye."""

    round: int
    tables: tuple[Seating, ...]
    byes: tuple[Entrant, ...] = ()


@dataclass(frozen=True, slots=True)
class Meetings:
    """How often each pair of players has been partners and opponents so far."""

    partners: Counter[frozenset[int]]
    opponents: Counter[frozenset[int]]

    @classmethod
    def of(cls, rounds: Sequence[Pairing]) -> Meetings:
        """The meetings of every table of ``rounds``."""
        partners: Counter[frozenset[int]] = Counter()
        opponents: Counter[frozenset[int]] = Counter()
        for pairing in rounds:
            for seating in pairing.tables:
                for team in seating.teams:
                    partners.update(frozenset(p) for p in combinations(team, 2))
                for one, other in combinations(seating.teams, 2):
                    opponents.update(frozenset((a, b)) for a in one for b in other)
        return cls(partners, opponents)

    def cost(self, one: Sequence[int], other: Sequence[int]) -> int:
        """Meetings between two groups of players: 2 a round as partners, 1 as opponents."""
        return sum(
            2 * self.partners[frozenset((a, b))] + self.opponents[frozenset((a, b))]
            for a in one
            for b in other
        )

    def split_cost(self, teams: Sequence[Sequence[int]]) -> int:
        """Repeats of a split: 2 for each pair partnered again, 1 for each opposed again."""
        pairs = (frozenset(p) for team in teams for p in combinations(team, 2))
        again = sum(2 * self.partners[pair] for pair in pairs)
        for one, other in combinations(teams, 2):
            again += sum(self.opponents[frozenset((a, b))] for a in one for b in other)
        return again


def check_entrants(
    settings: NightSettings, entrants: Sequence[Entrant], names: Mapping[int, str]
) -> None:
    """Every player entered once, each team the night's size under fixed partners."""
    checks = Checks()
    seen: set[int] = set()
    size = settings.team_size if settings.plays_as_teams else 1
    for entrant in entrants:
        if len(entrant) != size:
            who = " & ".join(names.get(p, str(p)) for p in entrant)
            rule = (
                f"{who} must play as a team of {size}: fixed partners play in teams of {size}."
                if size > 1
                else f"{who} must play one by one under {settings.movement.label.lower()}."
            )
            checks.add(PlayerError(Where(Part.PLAYERS, player=_player(entrant[0], names)), rule))
        for player in entrant:
            if player in seen:
                checks.add(
                    PlayerError(
                        Where(Part.PLAYERS, player=_player(player, names)),
                        f"{names.get(player, player)} is entered twice.",
                    )
                )
            seen.add(player)
    checks.done()


def _player(player: int, names: Mapping[int, str]) -> Player:
    """Player ``player`` with their name (their id when the name is not given)."""
    return Player(player, names.get(player, str(player)))


def byes_needed(settings: NightSettings, count: int) -> int:
    """How many entrants sit out a round of ``count`` so the rest fill whole tables."""
    per_table = settings.entrants_per_table
    what = "teams" if settings.plays_as_teams else "players"
    if count < per_table:
        raise SeatingError(
            Where(Part.PLAYERS),
            f"{count} {what} cannot fill a table of {per_table} {what}: add {what}.",
        )
    need = count % per_table
    if need and not settings.byes:
        table = (
            f"tables of {per_table} teams" if settings.plays_as_teams else f"tables of {per_table}"
        )
        raise SeatingError(
            option("byes"),
            f"{count} {what} cannot fill {table} without {need} bye{'s' if need > 1 else ''}: "
            "allow byes.",
        )
    return need


def choose_byes(
    need: int, standings: Sequence[Entrant], earlier: Sequence[Pairing]
) -> tuple[Entrant, ...]:
    """The ``need`` entrants with the fewest byes so far, the lowest in the standings first."""
    had = Counter(bye for pairing in earlier for bye in pairing.byes)
    lowest_first = list(reversed(standings))
    ranked = sorted(lowest_first, key=lambda e: had[e])  # stable: lowest standing first
    return tuple(ranked[:need])


def pair_round(
    settings: NightSettings,
    entrants: Sequence[Entrant],
    standings: Sequence[Entrant],
    earlier: Sequence[Pairing],
    names: Mapping[int, str],
) -> Pairing:
    """The next round: ``entrants`` in the order they joined, ``standings`` the same entrants
    best first, ``earlier`` the rounds already paired. Refused with the reason when it
    cannot be paired."""
    check_entrants(settings, entrants, names)
    byes = choose_byes(byes_needed(settings, len(entrants)), standings, earlier)
    order = entrants if settings.movement is Movement.ROTATING else standings
    left = [e for e in order if e not in byes]
    meetings = Meetings.of(earlier)
    tables: list[Seating] = []
    while left:
        seated = [left.pop(0)]
        while len(seated) < settings.entrants_per_table:
            pick = min(left, key=lambda e: meetings.cost(e, _flat(seated)))  # first on a tie
            left.remove(pick)
            seated.append(pick)
        tables.append(Seating(len(tables) + 1, _teams(settings, seated, meetings)))
    return Pairing(len(earlier) + 1, tuple(tables), byes)


def _flat(entrants: Sequence[Entrant]) -> list[int]:
    """The players of ``entrants``."""
    return [p for e in entrants for p in e]


def _teams(
    settings: NightSettings, seated: Sequence[Entrant], meetings: Meetings
) -> tuple[tuple[int, ...], ...]:
    """A table's teams: the fixed teams, each player alone, or the split with fewest repeats."""
    if settings.plays_as_teams or settings.team_size == 1:
        return tuple(seated)
    splits = list(splits_of(_flat(seated), settings.team_size))
    return min(splits, key=meetings.split_cost)


def splits_of(players: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to split ``players`` into teams of ``size``, the first player's team first,
    their partners taken in order (a, b, c, d: ab|cd, ac|bd, ad|bc)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for partners in combinations(rest, size - 1):
        others = [p for p in rest if p not in partners]
        for split in splits_of(others, size):
            yield ((first, *partners), *split)
