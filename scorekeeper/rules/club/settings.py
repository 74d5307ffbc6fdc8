"""A club night's settings: the game's table (players and teams), how long a round lasts,
how players move between rounds, byes and the published ranking rules.

The KCMO tournament rules (``kcmo``): eight rounds of 50 minutes or 500 points, whichever
comes first; fixed partners; ranked on wins and losses with total points as the tie-break;
with an odd number of teams, the team with the bye scores the average winning score of the
round. The rules are silent on whether a bye is a win: here it counts as one (the bye team
is scored as a winning team is), said in docs/club-nights.md. The KCMO table rotation of
fixed teams ("A" teams stay, "B" teams move a table up) is a movement of its own,
``Movement.KCMO``, seated by ``clubrotation``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..errors import Checks, OptionError, option

MAX_ROUNDS = 20
MINUTES = (5, 240)
POINTS = (50, 100_000)


class Movement(enum.Enum):
    """How players move between rounds."""

    FIXED = "fixed"  # partners stay together all night; teams paired on the standings
    ROTATING = "rotating"  # new partners each round, in the order players joined
    SWISS = "swiss"  # every player paired on the standings, new partners where possible
    KCMO = "kcmo-rotation"  # fixed teams drawn A (stay) or B (move a table up each round)

    @property
    def label(self) -> str:
        """The movement in words."""
        return _MOVEMENT_LABELS[self]


_MOVEMENT_LABELS = {
    Movement.FIXED: "Fixed partners",
    Movement.ROTATING: "Rotating partners",
    Movement.SWISS: "Swiss pairing of the standings",
    Movement.KCMO: "KCMO table rotation (A teams stay, B teams move up a table)",
}


class ByeScore(enum.Enum):
    """What a bye scores toward the tie-break."""

    AVERAGE_WINNING = "average_winning"  # the round's winning scores averaged
    NOTHING = "nothing"


@dataclass(frozen=True, slots=True)
class Ranking:
    """Published ranking rules: wins first, then total points; what a bye counts for."""

    key: str
    label: str  # short, for a choice
    words: str  # the rules in full
    bye_score: ByeScore
    bye_wins: bool


RANKINGS: dict[str, Ranking] = {
    r.key: r
    for r in (
        Ranking(
            "kcmo",
            "KCMO tournament rules",
            "Wins, then total points; a bye wins with the round's average winning score",
            ByeScore.AVERAGE_WINNING,
            bye_wins=True,
        ),
        Ranking(
            "plain",
            "Wins, then points",
            "Wins, then total points; a bye wins, scoring no points",
            ByeScore.NOTHING,
            bye_wins=True,
        ),
    )
}


def ranking(key: str) -> Ranking:
    """The ranking rules named ``key``, or an ``OptionError`` naming those there are."""
    try:
        return RANKINGS[key]
    except KeyError:
        known = ", ".join(RANKINGS)
        raise OptionError(
            option("ranking"), f"'{key}' is not a ranking rule; choose one of {known}."
        ) from None


@dataclass(frozen=True, slots=True)
class NightSettings:
    """A club night's settings; ``check`` refuses every broken rule at once."""

    system: str  # the game every table plays (``rules.game.variant.Game`` key)
    table_size: int = 4
    team_size: int = 2
    rounds: int = 8
    minutes: int | None = 50  # a round ends after this long...
    points: int | None = 500  # ...or when a side reaches this score, whichever comes first
    movement: Movement = Movement.FIXED
    byes: bool = True
    ranking: str = "kcmo"

    @property
    def teams_per_table(self) -> int:
        """Sides at each table (players, when each plays for themselves)."""
        return self.table_size // self.team_size

    @property
    def plays_as_teams(self) -> bool:
        """True when the night's entrants are fixed teams rather than players."""
        return self.movement in (Movement.FIXED, Movement.KCMO) and self.team_size > 1

    @property
    def entrants_per_table(self) -> int:
        """Entrants seated at each table: teams under fixed partners, players otherwise."""
        return self.teams_per_table if self.plays_as_teams else self.table_size

    @property
    def rules(self) -> Ranking:
        """The ranking rules the night publishes."""
        return ranking(self.ranking)

    def check(self) -> None:
        """Raise every rule these settings break (``RuleErrors`` for several)."""
        checks = Checks()
        checks.run(_check_table, self.table_size, self.team_size)
        checks.run(_check_rounds, self.rounds)
        checks.run(_check_limit, self.minutes, self.points)
        checks.run(ranking, self.ranking)
        if self.movement is Movement.ROTATING and self.team_size < 2:
            checks.add(
                OptionError(
                    option("movement"),
                    "Rotating partners needs partners: choose teams of 2 or more.",
                )
            )
        if self.movement is Movement.KCMO and (
            self.team_size < 2 or self.table_size != 2 * self.team_size
        ):
            checks.add(
                OptionError(
                    option("movement"),
                    "The KCMO table rotation seats two fixed teams a table, an A and a B: "
                    "choose tables of 4 in teams of 2.",
                )
            )
        checks.done()


def _check_table(table_size: int, team_size: int) -> None:
    """Tables of 2 to 8 in teams that fill them, at least two sides a table."""
    if not 2 <= table_size <= 8:
        raise OptionError(option("table_size"), "A table seats 2 to 8 players.")
    if not 1 <= team_size <= 4 or table_size % team_size or table_size == team_size:
        raise OptionError(
            option("team_size"),
            f"Teams of {team_size} cannot fill a table of {table_size} with two sides or more.",
        )


def _check_rounds(rounds: int) -> None:
    """A night of 1 to ``MAX_ROUNDS`` rounds."""
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(option("rounds"), f"A night has 1 to {MAX_ROUNDS} rounds.")


def _check_limit(minutes: int | None, points: int | None) -> None:
    """A round ends on time, on points or on whichever comes first, within bounds."""
    if minutes is None and points is None:
        raise OptionError(option("minutes"), "A round needs a limit: minutes, points or both.")
    if minutes is not None and not MINUTES[0] <= minutes <= MINUTES[1]:
        raise OptionError(option("minutes"), f"A round lasts {MINUTES[0]} to {MINUTES[1]} minutes.")
    if points is not None and not POINTS[0] <= points <= POINTS[1]:
        raise OptionError(option("points"), f"A round plays to {POINTS[0]} to {POINTS[1]} points.")


def kcmo(system: str) -> NightSettings:
    """The KCMO tournament: eight rounds of 50 minutes or 500 points, fixed partners at
    tables of four, byes allowed, ranked by the KCMO rules."""
    return NightSettings(system, 4, 2, 8, 50, 500, Movement.FIXED, True, "kcmo")
