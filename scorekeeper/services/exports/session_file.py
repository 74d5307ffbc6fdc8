"""The session file's schema: what a file ``json_export`` writes must hold, checked in one call,
and each refusal in words naming where in the file and what is wrong.

A hand's fields are the API's (``services.handfields``), so the API and a file agree on what a
hand of the right shape is; the file keys melds and takes by player id, as
``HandEntry.as_dict`` writes them. A file is validated as JSON in strict mode: a figure is a
JSON number, never "350" or true, as the API reads a body. The rules come after, when
``imports.check_replay`` replays the events.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ...rules.errors import RuleError
from ...rules.figures import shown
from ...rules.game.options import Options
from ...rules.holders import name_key
from ..entries import HandEntry, MeldMode, MeldText
from ..handfields import Figure, HandFields, Id, MeldTyped
from ..saved_rules import tidy_name
from ..tables import clean_name
from .json_export import FORMAT, FORMAT_VERSION, READ_VERSIONS

MAX_EVENTS = 5000

Place = tuple[str | int, ...]
"""Where in the file: pydantic's ``loc`` (``("events", 2, "hand", "entry", "bid")``)."""

REFUSED = "session_file_refused"
"""The type of the errors the schema's own checks raise (their words are the project's)."""

NOT_A_FILE = (
    f'This is not a Scorekeeper session file (it has no "format": "{FORMAT}"). '
    "Export one from a session's history page."
)


def _refused(words: str, place: Place | None = None, sentence: bool = False) -> PydanticCustomError:
    """One of the schema's own refusals: ``words`` follow the name of ``place`` (the error's
    own place when None), or make the whole ``sentence``."""
    context = {"words": words, "place": place, "sentence": sentence}
    return PydanticCustomError(REFUSED, "{words}", context)


def _moment(value: Any) -> Any:
    """A date and time as the export writes it (ISO 8601, ``Z`` for UTC), naive; empty is None."""
    if not isinstance(value, str):
        return value
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.removesuffix("Z")).replace(tzinfo=None)
    except ValueError:
        raise _refused(f" is not a date and time: '{shown(value)}'.") from None


Moment = Annotated[datetime | None, BeforeValidator(_moment)]


class MeldInFile(BaseModel):
    """One player's meld in a file, as the API's ``MeldBody`` without the player (the key)."""

    mode: MeldMode = "number"
    text: MeldTyped


class EntryInFile(HandFields):
    """A hand as entered (``HandEntry.as_dict``): melds, takes and own bids keyed by player
    id."""

    model_config = ConfigDict(extra="forbid")

    takes: dict[Id, Figure] = Field(default_factory=dict)
    melds: dict[Id, MeldInFile] = Field(default_factory=dict)
    bids: dict[Id, Figure] = Field(default_factory=dict)

    @field_validator("outcome", mode="before")
    @classmethod
    def _outcome_as_spelled_before(cls, value: Any) -> Any:
        """An outcome as files exported before outcomes were kebab-case spell it
        (``all_pass``, ``opponents_conceded``) reads as it is spelled now (``all-pass``)."""
        return value.replace("_", "-") if isinstance(value, str) else value

    def to_entry(self) -> HandEntry:
        """The services' ``HandEntry`` for this entry (the file's player ids)."""
        melds = {pid: MeldText(meld.mode, meld.text) for pid, meld in self.melds.items()}
        return self.entry_with(dict(self.takes), melds, dict(self.bids))

    def players_named(self, place: Place) -> Iterator[tuple[Place, int]]:
        """Every player id the entry names, with where (under ``place``)."""
        for name in ("declarer", "reneger", "last_trick"):
            pid = getattr(self, name)
            if pid is not None:
                yield (*place, name), pid
        for name, keyed in (("takes", self.takes), ("melds", self.melds), ("bids", self.bids)):
            yield from (((*place, name), pid) for pid in keyed)


class HandEvent(BaseModel):
    """A hand played."""

    kind: Literal["hand"]
    entry: EntryInFile

    def entered(self) -> tuple[str, HandEntry]:
        """("hand", the entry with the file's player ids)."""
        return "hand", self.entry.to_entry()


class LeaveEvent(BaseModel):
    """A player getting up from a chip game."""

    kind: Literal["leave"]
    player: Id

    def entered(self) -> tuple[str, int]:
        """("leave", the file's id of the player leaving)."""
        return "leave", self.player


Event = Annotated[HandEvent | LeaveEvent, Field(discriminator="kind")]


class PlayerInFile(BaseModel):
    """A seated player: the file's id (the events name players by it) and the name."""

    id: Id
    name: str

    @model_validator(mode="after")
    def _tidy_name(self) -> PlayerInFile:
        try:
            self.name = clean_name(self.name)
        except RuleError as error:
            raise _refused(f": {error.rule}") from None
        return self


class SessionInFile(BaseModel):
    """The session: its game and options, its players in seat order and who dealt first, and
    the name of the saved rules it was started under (null, or absent in older files, when it
    was started from a preset)."""

    system: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[PlayerInFile] = Field(min_length=1)
    first_dealer: Id
    created_at: Moment = None
    ended_at: Moment = None
    rules_name: str | None = None
    _options: Options | None = PrivateAttr(None)

    @field_validator("rules_name")
    @classmethod
    def _tidy_rules_name(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return tidy_name(value)
        except RuleError as error:
            raise _refused(f": {error.rule}") from None

    @model_validator(mode="after")
    def _options_and_players(self) -> SessionInFile:
        chosen = self.options.get("system", self.system)
        if chosen != self.system:
            raise _refused(
                f"The options are for {shown(str(chosen))}, the session for {shown(self.system)}.",
                sentence=True,
            )
        try:
            self._options = Options.from_dict({**self.options, "system": self.system})
        except RuleError as error:
            raise _refused(f": {error.rule}", ("session", "options")) from None
        ids: set[int] = set()
        names: dict[str, str] = {}
        for player in self.players:
            if player.id in ids:
                raise _refused(f"Player id {player.id} is listed twice.", sentence=True)
            key = name_key(player.name)
            if key in names:
                raise _refused(f"{names[key]} is listed twice among the players.", sentence=True)
            ids.add(player.id)
            names[key] = player.name
        return self

    @property
    def rules(self) -> Options:
        """The session's options, read and checked."""
        assert self._options is not None, "set by the validator"
        return self._options


class SessionFileSchema(BaseModel):
    """A whole session file (``json_export.export_session``); other top-level fields, such as
    ``exported_at`` and ``table``, are for people and are not read."""

    format: str
    version: int
    session: SessionInFile
    events: list[Event] = Field(max_length=MAX_EVENTS)
    derived: Any = None

    @field_validator("format")
    @classmethod
    def _ours(cls, value: str) -> str:
        if value != FORMAT:
            raise _refused(NOT_A_FILE, sentence=True)
        return value

    @field_validator("version")
    @classmethod
    def _readable(cls, value: int) -> int:
        if value not in READ_VERSIONS and value > 0:
            raise _refused(
                f"The file is format version {value}, from a "
                f"{'newer' if value > FORMAT_VERSION else 'older'} Scorekeeper; this one reads "
                f"versions {READ_VERSIONS[0]} to {READ_VERSIONS[-1]}.",
                sentence=True,
            )
        if value not in READ_VERSIONS:
            raise _refused("The file has no format version number.", sentence=True)
        return value

    @model_validator(mode="after")
    def _players_known(self) -> SessionFileSchema:
        known = {player.id for player in self.session.players}
        for place, pid in self.players_named():
            if pid not in known:
                raise _refused(f" names player {pid}, who is not among the file's players.", place)
        return self

    def entered(self) -> list[tuple[str, HandEntry | int]]:
        """The events as entered: ("hand", its entry) or ("leave", the player's file id)."""
        return [event.entered() for event in self.events]

    def players_named(self) -> Iterator[tuple[Place, int]]:
        """Every player id the session and its events name, with where."""
        yield ("session", "first_dealer"), self.session.first_dealer
        for index, event in enumerate(self.events):
            if isinstance(event, HandEvent):
                yield from event.entry.players_named(("events", index, "hand", "entry"))
            else:
                yield ("events", index, "leave", "player"), event.player


def _place(loc: Place) -> str:
    """Where ``loc`` is, in words: "Event 3: bid", "Player 2's id", "The options"."""
    match loc:
        case ("session", "players", int(index), "id" | "name" as field):
            return f"Player {index + 1}'s {field}"
        case ("session", "players", int(index), *_):
            return f"Player {index + 1}"
        case ("session", field, *_):
            return _SESSION_PLACES.get(str(field), f"The session's {field}")
        case ("events", int(index), "leave", "player"):
            return f"Event {index + 1}: the player leaving"
        case ("events", int(index), "hand", "entry", *inner):
            return f"Event {index + 1}" + _entry_place(inner)
        case ("events", int(index), *_):
            return f"Event {index + 1}"
        case ("session",):
            return "The session"
    return "The file"


_SESSION_PLACES = {
    "system": "The game system",
    "options": "The options",
    "players": "The players",
    "first_dealer": "The first dealer",
    "created_at": "The session's date",
    "ended_at": "The session's end",
    "rules_name": "The name of the session's saved rules",
}


def _entry_place(inner: list[str | int]) -> str:
    match inner:
        case []:
            return ""
        case ["takes", pid, *_]:
            return f": counters of player {shown(pid)}"
        case ["melds", pid, *_]:
            return f": the meld of player {shown(pid)}"
        case ["bids", pid, *_]:
            return f": the own bid of player {shown(pid)}"
        case [field, *_]:
            return f": {str(field).replace('_', ' ')}"
    return ""


def _short_json(value: Any) -> str:
    """A value as JSON for a message, cut short (a whole list is not echoed back)."""
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    return shown(json.dumps(value, ensure_ascii=False), 40)


_WORDS = {
    "missing": "{parent} has no {field}.",
    "int_type": "{place} must be a whole number, not {value}.",
    "greater_than_equal": "{place} must be at least {ge}, not {value}.",
    "less_than_equal": "{place} must be at most {le}, not {value}.",
    "string_type": "{place} must be text, not {value}.",
    "datetime_type": "{place} must be text, not {value}.",
    "string_too_long": "{place} must be at most {max_length} characters, not {length}.",
    "bool_type": "{place} must be true or false, not {value}.",
    "literal_error": "{place} must be {expected}, not {value}.",
    "enum": "{place} must be {expected}, not {value}.",
    "model_type": "{place} must be an object, not {value}.",
    "dict_type": "{place} must be an object, not {value}.",
    "list_type": "{place} must be a list, not {value}.",
    "union_tag_invalid": "{place} is a {tag}; events are hands or leaves.",
    "union_tag_not_found": "{place} has no kind; events are hands or leaves.",
    "json_invalid": "This is not a session file: it is not JSON ({error}).",
}


def refusal(error: ValidationError) -> str:
    """What is wrong with a session file and where, in words, from the schema's first error."""
    errors = error.errors(include_url=False)
    first = errors[0]
    kind, loc, value = first["type"], first["loc"], first["input"]
    ctx: dict[str, Any] = dict(first.get("ctx") or {})
    if kind == REFUSED:
        return ctx["words"] if ctx["sentence"] else _place(ctx["place"] or loc) + ctx["words"]
    if loc[-1:] == ("[key]",):
        return f"{_place(loc[:-3])}: {loc[-3]}: '{shown(str(loc[-2]))}' is not a player id."
    if kind == "extra_forbidden":
        fields = sorted(shown(str(e["loc"][-1])) for e in errors if e["loc"][:-1] == loc[:-1])
        return f"{_place(loc[:-1])} has fields this version does not know: {', '.join(fields)}."
    whole: dict[Place, str] = {
        (): NOT_A_FILE,
        ("format",): NOT_A_FILE,
        ("version",): "The file has no format version number.",
        ("session",): "The file has no session.",
        ("session", "players"): "The file lists no players.",
        ("events",): (
            f"The file has more than {MAX_EVENTS} events."
            if kind == "too_long"
            else "The file has no list of events."
        ),
    }
    if loc in whole and kind != "json_invalid":
        return whole[loc]
    if kind == "missing" or value is None:
        if loc == ("session", "first_dealer"):
            return "The file does not say who dealt first."
        if loc[-1:] == ("player",):
            return f"{_place(loc[:2])} does not say who left."
    words = _WORDS.get(kind, "{place} is not what a session file holds there.")
    if kind == "literal_error" and loc[-1:] == ("mode",):
        words = "{parent} is entered by {expected}, not {value}."
    return words.format_map(
        ctx
        | {
            "expected": str(ctx.get("expected")).replace("'", ""),
            "tag": _short_json(value.get("kind") if isinstance(value, dict) else None),
            "place": _place(loc),
            "parent": _place(loc[:-1]),
            "field": str(loc[-1]).replace("_", " ") if loc else "",
            "value": _short_json(value),
            "length": len(value) if isinstance(value, str) else 0,
        }
    )
