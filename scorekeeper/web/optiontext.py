"""House-rule options in words, for pages, forms and the PDF alike.

The words belong to each option's ``OptionSpec`` (``format`` / ``parse``); the engine holds
money in cents and knows no currency, so this is where the app hands it its dollar formatter
and parser. Every page, form and report goes through these functions.
"""

from __future__ import annotations

from typing import Any

from ..rules.errors import OptionError, option
from ..rules.game.options import OPTION_SPECS, Options
from ..rules.game.validation import bound_problem
from .money import MoneyTooLarge, format_money, parse_money


def option_text(name: str, value: Any, scale: int = 1) -> str:
    """Option ``name``'s value in words as the table writes it (points by ``scale``, money in $)."""
    return OPTION_SPECS[name].format(value, scale=scale, money=format_money)


def option_from_text(name: str, text: str, scale: int = 1) -> Any:
    """Option ``name``'s value from its words; raises ``OptionError`` naming the option."""

    def money(typed: str) -> int:
        try:
            return parse_money(typed)
        except MoneyTooLarge:
            raise OptionError(option(name), bound_problem(name, scale)) from None

    return OPTION_SPECS[name].parse(text, scale=scale, money=money)


def changes_in_words(options: Options) -> list[str]:
    """Each option that differs from the preset and means something in this game
    (``Options.matters``), as "Label: value" in the table's words."""
    changed = options.changed_from_preset()
    return [
        f"{spec.label}: {option_text(name, getattr(options, name), options.scale)}"
        for name, spec in OPTION_SPECS.items()
        if name in changed and options.matters(name)
    ]
