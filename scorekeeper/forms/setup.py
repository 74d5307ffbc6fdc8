"""The forms that set a table up: a new session, saved house rules, a player added, and a
plain confirmation. They check shape; the engine checks the house rules and its errors are
put back on these fields (``setup_errors``).
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    StringField,
)

from ..rules.errors import Checks, Part, RuleError
from ..rules.game.options import OPTION_SPECS, Options
from ..rules.game.variant import Game, all_games
from ..web.money import format_cents_plain
from ..web.optiontext import option_from_text, option_text
from .hand import MAX_SEATS, NoValidateRadio, WholeNumberField, name_length, not_negative


class NewSessionForm(FlaskForm):
    """Shape of the new-session form; options are read field by field from the specs."""

    system = NoValidateRadio(
        "Game", choices=lambda: [(s.value, s.label) for s in all_games()], validate_choice=False
    )
    first_dealer = WholeNumberField(
        "First dealer", validators=[not_negative], maximum=MAX_SEATS - 1
    )


def option_values(formdata: Any, system: Game, shown: Options | None = None) -> dict[str, Any]:
    """Plain option data for ``Options.from_dict`` from a posted form.

    Each field is read with its option's own parser (``optiontext.option_from_text``): points
    as the table writes them (divided by ``scale``), money as dollars. ``shown`` is what the
    page filled in (the preset, or the session's options): a figure left as shown keeps its
    value when the scale is changed in the same post.
    """
    data: dict[str, Any] = {"system": system.value}
    checks = Checks()
    preset = shown or Options.preset(system)
    scale = option_from_text("scale", formdata.get("scale") or str(preset.scale))
    for name, spec in OPTION_SPECS.items():
        if system not in spec.systems:
            continue
        if spec.kind == "bool":  # a checkbox: posted when ticked, absent when not
            data[name] = option_from_text(name, "on" if formdata.get(name) else "off")
            continue
        raw = formdata.get(name)
        if raw is None:
            continue
        if spec.unit == "cents" and not raw.strip():
            raw = "0"  # an emptied money field is no money
        default = getattr(preset, name)
        if (
            spec.unit == "points"
            and scale != preset.scale
            and raw.strip() == option_field_text(name, default, preset.scale)
        ):
            # Left as the page showed it (at the scale it was shown in): keep its value,
            # so ticking "drop the trailing zero" does not make the game to 15000.
            data[name] = default
            continue
        try:  # every option that cannot be read is refused at once
            data[name] = spec.dump(option_from_text(name, raw, scale))
        except RuleError as error:
            checks.add(error)
    checks.done()
    return data


def setup_errors(error: RuleError) -> dict[str, list[str]]:
    """Each rule a session's setup broke, by the field of the new-session or house-rules form
    it is shown at: an option by its name, ``system``, ``players`` (the seats),
    ``first_dealer``, ``name``, or ``form`` (the top of the form)."""
    errors: dict[str, list[str]] = {}
    for one in error.each:
        part = one.where.part
        if part is Part.OPTION:
            field = one.where.option or "form"
        elif part in (Part.SYSTEM, Part.PLAYERS, Part.FIRST_DEALER, Part.NAME):
            field = part.value
        else:
            field = "form"
        errors.setdefault(field, []).append(one.rule)
    return errors


def option_field_text(name: str, value: Any, scale: int) -> str:
    """What an option's text field shows: its words, or nothing for an option left empty.

    Money shows as ``0.10``: the field's label carries the ``($)``.
    """
    if value is None:
        return ""
    if OPTION_SPECS[name].unit == "cents":
        return format_cents_plain(value)
    if value == 0 and OPTION_SPECS[name].zero:
        return "0"  # a figure, in a field for figures ("Two marriages" is for reading)
    return option_text(name, value, scale)


class SavedRulesForm(FlaskForm):
    """A name for house rules saved for later sessions (the service tidies and checks it) and,
    saving a session's rules, whether to replace the table's rules of that name."""

    name = StringField("Name")
    replace = BooleanField("Replace the saved rules of that name")


class AddPlayerForm(FlaskForm):
    """Add a name to the roster."""

    name = StringField("Name", validators=[name_length])


class ShortNameForm(FlaskForm):
    """The short name a player is said by in a one-line hand; blank takes it away."""

    short_name = StringField("Short name", validators=[name_length])


class ConfirmForm(FlaskForm):
    """A button that needs only the CSRF token (delete, end, leave)."""

    version = HiddenField()
