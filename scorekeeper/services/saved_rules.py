"""A table's own rules: house rules saved under a name ("Friday rules"), listed, renamed,
replaced and deleted, and sessions started from them.

Only the inputs are stored (the game system and its options as ``Options.to_dict`` writes
them); each reading rebuilds the engine's ``Options`` with ``Options.from_dict``, so options
and game systems the engine gains later need nothing here. A name is tidied (spaces), 1 to
``MAX_RULES_NAME`` characters, and one per table compared without case. Everything is
checked before anything is written, every problem at once (the name and the options), each
placed where the engine places it: the name at ``Part.NAME``, an option at its name. Rows are
flushed, never committed: the request's unit of work commits them.

A session started from saved rules keeps their name (``GameSession.rules_name``) when it is
played under exactly those rules, so renaming or deleting them later rewrites no history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..limits import has_control_characters
from ..models import GameSession, SavedRules, Table, utcnow
from ..rules.errors import Checks, OptionError, Part, RuleError, Where
from ..rules.game.options import Options
from ..rules.holders import name_key
from ..web.optiontext import changes_in_words
from . import sessions as session_service
from .keyset import Page, Paged, keyset, page_of
from .notfound import NotFound
from .sessions import LoadedSession

MAX_RULES_NAME = 40

NAME = Where(Part.NAME)
"""Where a name typed for saved rules is refused."""


class RulesNameError(RuleError):
    """A name for saved rules that cannot be used: empty, too long, or the table's already."""

    def __init__(self, rule: str) -> None:
        super().__init__(NAME, rule)


@dataclass(frozen=True)
class Rules:
    """Saved rules as the pages and the API show them."""

    id: int
    name: str
    system: str  # the game system's name as stored ("brooklyn")
    system_label: str
    options: Options | None  # None: the engine no longer reads what was stored (``problem``)
    words: tuple[str, ...]  # each option that differs from the preset, in words
    problem: str | None
    created_at: datetime
    updated_at: datetime

    def option_data(self) -> dict[str, Any]:
        """The options as plain data (``Options.to_dict``, the system included)."""
        if self.options is None:
            raise OptionError(Where(Part.OPTION), self.problem or "These rules cannot be read.")
        return self.options.to_dict()


@dataclass(frozen=True)
class SessionRules:
    """The saved rules a session was started under: their name then, and the session's
    options that differ from the preset, in words."""

    name: str
    words: tuple[str, ...]


def tidy_name(name: str | None) -> str:
    """A name for saved rules with its spaces tidied; ``RulesNameError`` when there is none,
    or when it is too long or holds a control character."""
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise RulesNameError("Give the rules a name, such as Friday rules.")
    if len(cleaned) > MAX_RULES_NAME:
        raise RulesNameError(
            f"A name for house rules is at most {MAX_RULES_NAME} characters, not {len(cleaned)}."
        )
    if has_control_characters(cleaned):
        raise RulesNameError("A name cannot contain control characters.")
    return cleaned


def _shown(row: SavedRules) -> Rules:
    try:
        options: Options | None = stored_options(row)
        problem = None
    except RuleError as error:
        options, problem = None, f"These rules no longer read: {error.rule}"
    label = options.system.label if options is not None else row.system
    words = tuple(changes_in_words(options)) if options is not None else ()
    return Rules(
        row.id, row.name, row.system, label, options, words, problem, row.created_at,
        row.updated_at,
    )  # fmt: skip


def stored_options(row: SavedRules) -> Options:
    """The engine's options of a saved-rules row (``OptionError`` if they no longer read)."""
    return Options.from_dict({**row.options, "system": row.system})


def _row(table: Table, rules_id: int) -> SavedRules:
    row = db.session.get(SavedRules, rules_id)
    if row is None or row.table_id != table.id:
        raise NotFound(f"No saved rules {rules_id}.")
    return row


def _row_named(table: Table, name: str) -> SavedRules | None:
    key = name_key(name)
    return db.session.scalar(
        select(SavedRules).where(SavedRules.table_id == table.id, SavedRules.name_key == key)
    )


BY_NAME = (SavedRules.name_key, SavedRules.id)
"""The order of a table's saved rules: by name as compared."""


def list_rules(table: Table) -> list[Rules]:
    """The table's saved rules, by name."""
    query = keyset(select(SavedRules).where(SavedRules.table_id == table.id), BY_NAME, None, False)
    return [_shown(row) for row in db.session.scalars(query)]


def rules_page(table: Table, page: Page) -> Paged[Rules]:
    """A page of the table's saved rules, by name."""
    query = select(SavedRules).where(SavedRules.table_id == table.id)
    return page_of(query, BY_NAME, page, descending=False).map(_shown)


def get_rules(table: Table, rules_id: int) -> Rules:
    """The table's saved rules ``rules_id``; ``NotFound`` when the table has none by that id."""
    return _shown(_row(table, rules_id))


def find_rules(table: Table, name: str) -> Rules:
    """The table's saved rules of that name (ignoring case and extra spaces), or ``NotFound``."""
    row = _row_named(table, name)
    if row is None:
        raise NotFound(f"No saved rules named {' '.join(name.split())!r}.")
    return _shown(row)


def has_rules_named(table: Table, name: str) -> bool:
    """True when the table has saved rules of that name (ignoring case and extra spaces)."""
    return _row_named(table, name) is not None


def _taken(name: str) -> RulesNameError:
    return RulesNameError(
        f"This table has rules named {name} already: choose another name, or replace them."
    )


def _checked(
    table: Table, name: str | None, option_data: Mapping[str, Any] | None, keep: int | None
) -> tuple[str | None, Options | None]:
    """The tidied name and the options, every problem with them refused at once; a name is
    refused when another of the table's saved rules (not ``keep``) has it."""
    checks = Checks()
    cleaned = None if name is None else checks.run(tidy_name, name)
    if cleaned is not None:
        other = _row_named(table, cleaned)
        if other is not None and other.id != keep:
            checks.add(_taken(other.name))
    options = None if option_data is None else checks.run(Options.from_dict, option_data)
    checks.done()
    return cleaned, options


def _write(row: SavedRules, name: str | None, options: Options | None) -> None:
    if name is not None:
        row.name, row.name_key = name, name_key(name)
    if options is not None:
        row.system = options.system.value
        row.options = {k: v for k, v in options.to_dict().items() if k != "system"}
    row.updated_at = utcnow()


def _flush(row: SavedRules) -> None:
    """Write ``row``; another request that took the name at the same moment is refused as a
    name already taken (only this row's change is undone)."""
    try:
        with db.session.begin_nested():
            db.session.add(row)
            db.session.flush()
    except IntegrityError:
        raise _taken(row.name) from None


def save_rules(
    table: Table, name: str, option_data: Mapping[str, Any], *, replace: bool = False
) -> Rules:
    """Save house rules under a name: ``option_data`` is plain data with a ``system`` key (a
    preset and the options changed). A name the table has already is refused unless
    ``replace``: then those rules take these options (and the name as typed)."""
    existing = _row_named(table, name) if replace and name.strip() else None
    keep = existing.id if existing is not None else None
    cleaned, options = _checked(table, name, option_data, keep)
    row = existing if existing is not None else SavedRules(table_id=table.id)
    _write(row, cleaned, options)
    if existing is None:
        row.created_at = row.updated_at
    _flush(row)
    return _shown(row)


def save_session_rules(
    table: Table, loaded: LoadedSession, name: str, *, replace: bool = False
) -> Rules:
    """Save the house rules a session is played under now by name ("Save these rules as…")."""
    return save_rules(table, name, loaded.options.to_dict(), replace=replace)


def update_rules(
    table: Table,
    rules_id: int,
    name: str | None = None,
    option_data: Mapping[str, Any] | None = None,
) -> Rules:
    """Rename saved rules (``name``) and/or replace their options (``option_data``, plain data
    with a ``system`` key); what is not given is kept."""
    row = _row(table, rules_id)
    cleaned, options = _checked(table, name, option_data, row.id)
    _write(row, cleaned, options)
    _flush(row)
    return _shown(row)


def delete_rules(table: Table, rules_id: int) -> Rules:
    """Delete saved rules; the sessions started from them keep their name. Returns what they
    were."""
    row = _row(table, rules_id)
    gone = _shown(row)
    db.session.delete(row)
    db.session.flush()
    return gone


def start_session(
    table: Table,
    rules_id: int,
    seat_names: Sequence[str],
    first_dealer: int,
    option_data: Mapping[str, Any] | None = None,
) -> GameSession:
    """Start a session under saved rules: their game and options, or ``option_data`` (plain
    data with a ``system`` key: the saved rules as changed at the start). The session keeps
    the rules' name when it is played under exactly those rules."""
    rules = get_rules(table, rules_id)
    data = dict(option_data) if option_data is not None else rules.option_data()
    if str(data.get("system", rules.system)) != rules.system:
        raise OptionError(
            Where(Part.SYSTEM),
            f"The saved rules {rules.name} are for {rules.system_label}: start a session of "
            "that game with them, or start from the other game's preset.",
        )
    data["system"] = rules.system
    try:
        same = Options.from_dict(data) == rules.options
    except RuleError:
        same = False  # create_session refuses them, naming each option
    return session_service.create_session(
        table, data, seat_names, first_dealer, rules_name=rules.name if same else None
    )


def session_rules(loaded: LoadedSession) -> SessionRules | None:
    """The saved rules a session was started under, with its options in words (None when it
    was started from a preset)."""
    name = loaded.row.rules_name
    if name is None:
        return None
    return SessionRules(name, tuple(changes_in_words(loaded.options)))


__all__ = [
    "MAX_RULES_NAME",
    "Rules",
    "RulesNameError",
    "SessionRules",
    "delete_rules",
    "find_rules",
    "get_rules",
    "has_rules_named",
    "list_rules",
    "save_rules",
    "save_session_rules",
    "session_rules",
    "start_session",
    "tidy_name",
    "update_rules",
]
