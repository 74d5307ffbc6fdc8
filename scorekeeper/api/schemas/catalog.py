"""The game systems with their presets, and every house-rule option with its meaning, allowed
values and each preset's default: what a client needs to build a session form."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ...rules.game.options import OPTION_SPECS, Options
from ...rules.game.specs import OptionSpec
from ...rules.game.validation import OPTION_MAXIMA
from ...rules.game.variant import Game, all_games
from .games import GameSystem
from .sessions import OptionValue

OptionKind = Literal[
    "bool",
    "choice",
    "points",
    "int",
    "money",
    "endings",
    "optional-points",
    "optional-int",
    "rungs",
    "melds",
]


class PlayerRange(BaseModel):
    """How many may sit down."""

    min: int
    max: int


class PresetOut(BaseModel):
    """A game system: its structure of play and its preset (the default options)."""

    system: GameSystem
    label: str = Field(description="The name shown to players.")
    players: PlayerRange
    chip_game: bool = Field(description="Chips change hands after every deal.")
    has_kitty: bool = Field(description="The kitty pays and collects as an extra player (Hoyle).")
    has_pot: bool = Field(description="Players ante into a pot a big bid takes.")
    cumulative: bool = Field(description="Points build up to a target (Bison, Partnership).")
    partnership: bool = Field(description="Partners sitting opposite score as a team.")
    everyone_melds: bool = Field(description="Every player melds; otherwise the declarer only.")
    hand_size: int = Field(description="Cards each player melds from.")
    options: dict[str, OptionValue] = Field(
        description="The preset: every option that applies, as stored (points in full points, "
        "money in cents)."
    )


class PresetList(BaseModel):
    """Every game system, in the engine's order."""

    presets: list[PresetOut]


class ChoiceOut(BaseModel):
    """One value a choice option may take."""

    value: OptionValue = Field(description="The value as stored (and as sent in 'options').")
    label: str = Field(description="The value in words.")


class OptionOut(BaseModel):
    """A house-rule option: what it means, what it takes, and each preset's default."""

    name: str = Field(description="The key in a session's 'options'.")
    label: str
    help: str = Field(description="What the option does, in words.")
    kind: OptionKind = Field(
        description="bool; choice (one of 'choices'); points, int, money (whole numbers); "
        "endings (a list of bid endings 0-90); optional-points, optional-int (null: none); "
        "rungs (a list of [from, step] pairs in full points: the bid steps widen from each)."
    )
    unit: Literal["points", "cents", "none"] = Field(
        description="What a number counts: full points, cents, or none (a count or a choice)."
    )
    systems: list[GameSystem] = Field(description="The game systems it applies to.")
    choices: list[ChoiceOut] = Field(description="Choice options: every allowed value.")
    minimum: int | None = Field(
        description="The smallest value the engine takes, where it sets a bound, in 'unit'."
    )
    maximum: int | None = Field(
        description="The largest value the engine takes, where it sets a bound, in 'unit'."
    )
    defaults: dict[str, OptionValue] = Field(
        description="Each preset's value, by game system (only the systems it applies to)."
    )


class OptionList(BaseModel):
    """Every house-rule option, in the order the session form shows them."""

    options: list[OptionOut]


def preset_out(system: Game) -> PresetOut:
    """The API's view of a game system and its preset."""
    low, high = system.player_range
    preset = Options.preset(system).to_dict()
    preset.pop("system")
    return PresetOut(
        system=system,
        label=system.label,
        players=PlayerRange(min=low, max=high),
        chip_game=system.kind.is_chip_game,
        has_kitty=system.kind.has_kitty,
        has_pot=system.kind.has_pot,
        cumulative=system.kind.is_cumulative,
        partnership=system.kind.is_partnership,
        everyone_melds=system.kind.everyone_melds,
        hand_size=Options.preset(system).hand_size,
        options=preset,
    )


def presets() -> PresetList:
    """Every game system with its preset."""
    return PresetList(presets=[preset_out(system) for system in all_games()])


def bounds(name: str) -> tuple[int | None, int | None]:
    """The engine's bound on a whole-number option as (minimum, maximum); the negative floor's
    bound is its size below 0."""
    bound = OPTION_MAXIMA.get(name)
    if bound is None:
        return None, None
    if name == "negative_floor":
        return -bound, None
    return None, bound


def option_out(spec: OptionSpec) -> OptionOut:
    """The API's view of one option."""
    systems = [system for system in all_games() if spec.applies_to(system)]
    minimum, maximum = bounds(spec.name)
    return OptionOut(
        name=spec.name,
        label=spec.label,
        help=spec.help,
        kind=spec.kind,  # type: ignore[arg-type]
        unit=spec.unit or "none",  # type: ignore[arg-type]
        systems=systems,
        choices=[
            ChoiceOut(value=spec.dump(spec.load(value)), label=label)
            for value, label in spec.choices
        ],
        minimum=minimum,
        maximum=maximum,
        defaults={
            system.value: spec.dump(getattr(Options.preset(system), spec.name))
            for system in systems
        },
    )


def options() -> OptionList:
    """Every house-rule option."""
    return OptionList(options=[option_out(spec) for spec in OPTION_SPECS.values()])
