"""The table's saved rules as the API lists, creates, reads, changes and deletes them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from ...services.handfields import Id
from ...services.saved_rules import MAX_RULES_NAME, Rules
from ..protocol.paging import NextCursor
from .common import HouseRules, OptionValue, RequestBody, utc
from .games import GameSystem

NAME_TYPED = MAX_RULES_NAME * 4
"""The longest name read: spaces are tidied first, then at most ``MAX_RULES_NAME`` are kept."""
NAME_WORDS = (
    f"The rules' name, such as 'Friday rules': 1 to {MAX_RULES_NAME} characters once spaces "
    "are tidied, one per table whatever its case."
)


class SavedRulesPath(BaseModel):
    """Saved rules in the URL."""

    rules_id: Id


class SavedRulesCreate(RequestBody):
    """House rules to save under a name: a preset and the options that differ from it."""

    name: str = Field(max_length=NAME_TYPED, description=NAME_WORDS)
    system: GameSystem = Field(
        description="The game system whose preset they start from.",
    )
    options: HouseRules = Field(
        default_factory=dict, description="House rules that differ from the preset."
    )
    replace: bool = Field(
        False,
        description="true: when the table has rules of that name already, replace them with "
        "these (otherwise the name is refused).",
    )


class SavedRulesChange(RequestBody):
    """Rename saved rules and/or change their options; what is not given is kept."""

    name: str | None = Field(None, max_length=NAME_TYPED, description=NAME_WORDS)
    system: GameSystem | None = Field(
        None,
        description="Another game system: the options then start from its preset (with "
        "'options' on top) instead of from the rules' own.",
    )
    options: HouseRules | None = Field(
        None, description="Options to change (the rest are kept, or the new preset's)."
    )


class SavedRulesOut(BaseModel):
    """Saved rules: their name, game and options, and the options changed in words."""

    id: Id
    name: str
    system: str = Field(description="The game system, e.g. 'brooklyn'.")
    system_label: str
    options: dict[str, OptionValue] | None = Field(
        description="Every option of the game: points in full points, money in cents (null "
        "when the rules no longer read: see 'problem')."
    )
    changed: dict[str, OptionValue] = Field(
        description="The options that differ from the preset, as in 'options'."
    )
    in_words: list[str] = Field(
        description="The options that differ from the preset, in the table's words, such as "
        "'Stake per chip: $0.25'."
    )
    problem: str | None = Field(
        description="Why the rules no longer read (an option the game no longer has), or null."
    )
    created_at: datetime
    updated_at: datetime


class SavedRulesList(BaseModel):
    """A page of the table's saved rules, by name."""

    saved_rules: list[SavedRulesOut]
    next_cursor: NextCursor


def rules_out(rules: Rules) -> SavedRulesOut:
    """The API's view of saved rules."""
    options = None
    changed: dict[str, OptionValue] = {}
    if rules.options is not None:
        options = {k: v for k, v in rules.options.to_dict().items() if k != "system"}
        changed = {k: v for k, v in rules.options.changed_from_preset().items() if k != "system"}
    return SavedRulesOut(
        id=rules.id,
        name=rules.name,
        system=rules.system,
        system_label=rules.system_label,
        options=options,
        changed=changed,
        in_words=list(rules.words),
        problem=rules.problem,
        created_at=utc(rules.created_at),
        updated_at=utc(rules.updated_at),
    )
