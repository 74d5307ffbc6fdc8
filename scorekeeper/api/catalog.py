"""The game systems with their presets, and every house-rule option: read-only, the same for
every table, tagged so an unchanged copy costs a 304."""

from __future__ import annotations

from .protocol.blueprint import api_blueprint
from .protocol.conditional import tagged
from .protocol.headers import tagged_read
from .schemas.catalog import OptionList, PresetList, options, presets
from .schemas.common import ReadHeaders

bp = api_blueprint(
    "catalog", "Game systems", "The game systems, their presets and every house-rule option."
)


@bp.get(
    "/presets",
    summary="List the game systems and their presets",
    description="Each game system: its name, how many play, whether it is a chip game, has a "
    "kitty or a pot or builds points to a target, and its default options as stored (points "
    "in full points, money in cents). Answered 304 to If-None-Match with the current ETag.",
    responses=tagged_read(PresetList),
)
def list_presets(header: ReadHeaders):
    """Every game system with its preset."""
    return tagged(presets())


@bp.get(
    "/options",
    summary="List the house-rule options",
    description="Each option: its name, label and meaning, its kind and unit, the systems it "
    "applies to, its allowed values (choices in words; the bounds of a number where the "
    "engine sets them) and each preset's default. Answered 304 to If-None-Match with the "
    "current ETag.",
    responses=tagged_read(OptionList),
)
def list_options(header: ReadHeaders):
    """Every house-rule option, its allowed values and each preset's default."""
    return tagged(options())
