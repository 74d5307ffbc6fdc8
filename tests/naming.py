"""Engine figures read by name, to compare with tables of hand-worked figures by name.

The app knows a player by id (``Player``); a test's expected figures are written by name.
``named`` turns every ``Player`` in a value (keys, pairs, lists) into its name and every team
into its written form ("Ann & Cal"); the kitty and the pot stay members of ``Pool``.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.holders import Player, Team


def named(value: Any) -> Any:
    """``value`` with players as names and teams as "Ann & Cal"."""
    if isinstance(value, Player | Team):
        return str(value)
    if isinstance(value, dict):
        return {named(k): named(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(named(v) for v in value)
    if isinstance(value, list):
        return [named(v) for v in value]
    return value


def ids_by_name(loaded: Any) -> dict[str, int]:
    """A loaded session's player ids by name, so a test can name its players."""
    return {player.name: pid for pid, player in loaded.players.items()}
