"""The club night's forms: their shape only (the engine checks the rules), and the field each
of the engine's errors is shown at (``night_errors``)."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import ValidationError

from ..rules.club.settings import RANKINGS, Movement
from ..rules.errors import Part, RuleError
from ..rules.game.variant import CLUB_NIGHT_GAME, all_games
from ..services.club.nights import SETTINGS
from ..services.tables import MAX_NAME
from .hand import WholeNumberField


def games() -> list[tuple[str, str]]:
    """The games a night can play: those played to a score (a night ranks on points)."""
    return [(s.value, s.label) for s in all_games() if s.present.in_games]


def _required(form: Any, field: Any) -> None:
    """Refuse an empty number the settings need."""
    if field.data is None and not field.errors:
        raise ValidationError(f"{field.label.text} needs a number.")


def _name_length(form: Any, field: Any) -> None:
    """Refuse a name longer than the roster keeps (spaces tidied first)."""
    if field.data and len(" ".join(field.data.split())) > MAX_NAME:
        raise ValidationError(f"A name is at most {MAX_NAME} characters.")


class NightForm(FlaskForm):
    """A club night's name and settings."""

    name = StringField("Name of the night")
    system = SelectField("Game", choices=games, default=CLUB_NIGHT_GAME.key)
    table_size = WholeNumberField("Players a table", default=4, validators=[_required])
    team_size = WholeNumberField("Players a team", default=2, validators=[_required])
    rounds = WholeNumberField("Rounds", default=8, validators=[_required])
    minutes = WholeNumberField("Minutes a round", default=50)
    points = WholeNumberField("Points a round", default=500)
    movement = SelectField(
        "Movement",
        choices=[(m.value, m.label) for m in Movement],
        default="fixed",
        description=(
            "KCMO table rotation: the teams draw 1A, 1B, 2A... when its first round is paired; "
            "A teams stay at their table, B teams move one table up each round, from the last "
            "table to table 1."
        ),
    )
    byes = BooleanField("Allow byes", default=True)
    ranking = SelectField(
        "Ranking rules",
        choices=[(k, r.label) for k, r in RANKINGS.items()],
        default="kcmo",
        description=" ".join(f"{r.label}: {r.words}." for r in RANKINGS.values()),
    )

    def settings_data(self) -> dict[str, Any]:
        """The settings as the service takes them."""
        return {name: getattr(self, name).data for name in SETTINGS}


class ClubPlayerForm(FlaskForm):
    """A player joining the night; a team number for fixed partners."""

    name = StringField("Name", validators=[_name_length])
    team = WholeNumberField("Team", maximum=99)


def night_errors(error: RuleError) -> dict[str, list[str]]:
    """Each rule broken, under the field it is shown at: the option's own field, the night's
    name, the player's name, or the form as a whole."""
    out: dict[str, list[str]] = {}
    for one in error.each:
        where = one.where
        if where.part is Part.OPTION and where.option in SETTINGS:
            field = where.option or "form"
        elif where.part is Part.NAME:
            field = "name"
        elif where.part is Part.PLAYERS:
            field = "player"
        else:
            field = "form"
        out.setdefault(field, []).append(one.rule)
    return out
