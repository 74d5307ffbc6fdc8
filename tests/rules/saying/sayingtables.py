"""Tables the saying tests read lines at: a game's preset, players by name, partners opposite.

Player ids are 1, 2, 3... in seat order; with teams, seat i plays in team i modulo the number of
teams (partners sit opposite: Ann and Cy against Bob and Dee at four).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.game.variant import Game
from scorekeeper.rules.holders import Player
from scorekeeper.rules.saying import Reading, SayingTable, read_hand

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def table(
    game: str | Game,
    names: tuple[str, ...] | None = None,
    short_names: dict[int, tuple[str, ...]] | None = None,
    **changes: Any,
) -> SayingTable:
    """The table of ``game`` (its preset, with ``changes``) seating ``names`` (as many of
    ``NAMES`` as its shape seats when not given)."""
    options = Options.preset(game)
    if changes:
        options = replace(options, **changes)
    seated = names or NAMES[: options.shape.players]
    players = [Player(i + 1, name) for i, name in enumerate(seated)]
    teams: list[tuple[int, ...]] = []
    if options.has_teams:
        count = len(players) // options.shape.team_size
        teams = [tuple(p.id for p in players[i::count]) for i in range(count)]
    return SayingTable.of(options, players, teams, short_names)


def read(line: str, at: SayingTable) -> Reading:
    """The line read at the table."""
    return read_hand(line, at)
