"""The card table, its roster, and in hosted mode its links and PIN.

Table mode: a laptop on the table's Wi-Fi serves one table, created by the first request that
saves anything (a page that only reads sees an empty table and writes nothing).

Hosted mode: anyone may start a table (``start_hosted_table``), up to ``NEW_TABLES_PER_HOUR``
an hour from one client address (counted by ``services.attempts``). It gets a member link and
a watch link, each carrying a token of 192 bits, and a 6-digit PIN. The database keeps digests
only: SHA-256 of each token, and the PIN keyed with the member token (HMAC-SHA256), so a copy
of the database opens no table and gives no PIN to try. The watch token is worked out from
the member token (an HMAC of it), so any member can show the watch link again while a watcher
cannot work back to the member link. ``regenerate_links`` makes new ones and bumps the
table's ``generation``: the old links, and the phones that remember an older generation, no
longer count. ``access.py`` picks the table from the request; everything below takes the
table as an argument.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import or_, select

from ..extensions import db
from ..limits import has_control_characters
from ..models import Player, Table
from ..rules import holders
from ..rules.errors import Part, RuleError, SeatingError, Where
from ..rules.holders import name_key
from . import attempts
from .notfound import NotFound

DEFAULT_TABLE_NAME = "Our table"
MAX_NAME = 40
MAX_TABLE_NAME = 80
TOKEN_BYTES = 24
"""A link's token: 24 random bytes (192 bits), 32 characters in a URL."""
MAX_TOKEN_LENGTH = 64
PIN_DIGITS = 6
NEW_TABLES_PER_HOUR = 10
"""Hosted tables one client address may start in an hour (the ``NEW_TABLES_PER_HOUR``
setting's default). A table is started once and then played in for months (each evening is a
session in it), so even a club that starts all its tables on one evening, every phone behind
the hall's one Wi-Fi address, starts a handful; a script filling the database with tables
reaches ten within a second and is then held to ten an hour. A host expecting more from one
address (a tournament's first night) raises the setting."""
TABLE_START_WINDOW = timedelta(hours=1)

NAME = Where(Part.NAME)
"""Where a name typed for a player or a table is refused (a seat's is placed at the seat)."""


@dataclass(frozen=True)
class TableLinks:
    """A hosted table's secrets as a member sees them: the two tokens, and the PIN when it was
    just made (it is shown once; the database cannot give it back)."""

    member_token: str
    watch_token: str
    pin: str | None = None


def token_digest(token: str) -> str:
    """The SHA-256 hex digest kept for a link's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def watch_token_for(member_token: str) -> str:
    """The watch link's token of the table whose member token is ``member_token``."""
    mac = hmac.new(member_token.encode(), b"scorekeeper watch link", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode()


def pin_digest(member_token: str, pin: str) -> str:
    """The PIN as kept: HMAC-SHA256 keyed with the member token (which is never stored)."""
    return hmac.new(member_token.encode(), b"pin:" + pin.encode(), hashlib.sha256).hexdigest()


def new_pin() -> str:
    """A random PIN of ``PIN_DIGITS`` digits (leading zeros kept)."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


def clean_table_name(name: str) -> str:
    """A table's name with spaces tidied, refused when empty or too long."""
    return _tidied(
        name, MAX_TABLE_NAME, RuleError(NAME, "A table needs a name."), "A table's name is at most"
    )


def _issue_links(table: Table) -> TableLinks:
    """New tokens and PIN for ``table``; only their digests go into the row."""
    member_token = secrets.token_urlsafe(TOKEN_BYTES)
    watch_token = watch_token_for(member_token)
    pin = new_pin()
    table.member_token_hash = token_digest(member_token)
    table.watch_token_hash = token_digest(watch_token)
    table.pin_hash = pin_digest(member_token, pin)
    return TableLinks(member_token, watch_token, pin)


def table_start_limit(per_hour: int) -> attempts.Limit:
    """The limit on tables started from one address: ``per_hour`` within an hour."""
    return attempts.Limit("table", per_hour, TABLE_START_WINDOW)


def start_hosted_table(name: str, address: str | None, per_hour: int) -> tuple[Table, TableLinks]:
    """Start a hosted table called ``name`` for a stranger at ``address`` (added and flushed,
    not committed); its links and PIN are returned once, to be shown to its creator.

    A name that breaks a rule is refused first (``RuleError``); then ``attempts.TooMany``
    when ``address`` has started ``per_hour`` tables in the last hour. The start is counted
    with the table, in the same transaction: a table refused or not saved does not count.
    """
    table = Table(name=clean_table_name(name), generation=1)
    attempts.attempt(table_start_limit(per_hour), address)
    links = _issue_links(table)
    db.session.add(table)
    db.session.flush()
    return table, links


def regenerate_links(table: Table) -> TableLinks:
    """New member link, watch link and PIN for ``table``; the old ones stop working, and so
    does every phone that remembers the table's older generation. The generation is bumped in
    SQL, so two members regenerating at once get two different generations."""
    links = _issue_links(table)
    table.generation = Table.generation + 1
    db.session.flush()
    db.session.refresh(table)
    return links


def links_of(table: Table, member_token: str) -> TableLinks | None:
    """The links of ``table`` for a phone that holds ``member_token``; None when that token is
    not (or no longer) the table's."""
    if not is_token_of(member_token, table.member_token_hash):
        return None
    return TableLinks(member_token, watch_token_for(member_token))


def is_token_of(token: str | None, digest: str | None) -> bool:
    """True when ``token`` is the one whose digest is ``digest`` (compared in constant time)."""
    if not token or not digest or len(token) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(token_digest(token), digest)


def table_for_token(token: str) -> tuple[Table, str] | None:
    """The hosted table whose member or watch link carries ``token``, with ``"member"`` or
    ``"watcher"``; None for any other token."""
    if not token or len(token) > MAX_TOKEN_LENGTH or not token.isascii():
        return None
    digest = token_digest(token)
    table = db.session.scalar(
        select(Table).where(
            or_(Table.member_token_hash == digest, Table.watch_token_hash == digest)
        )
    )
    if table is None:
        return None
    return table, "member" if table.member_token_hash == digest else "watcher"


def is_pin_of(table: Table, member_token: str, pin: str) -> bool:
    """True when ``pin`` is the PIN of ``table`` (reached through its member link)."""
    if table.pin_hash is None or not is_token_of(member_token, table.member_token_hash):
        return False
    typed = "".join((pin or "").split())[:32]
    return hmac.compare_digest(pin_digest(member_token, typed), table.pin_hash)


def hosted_tables(ids: list[int]) -> dict[int, Table]:
    """The hosted tables among ``ids``, by id (tables of table mode are left out)."""
    if not ids:
        return {}
    rows = db.session.scalars(
        select(Table).where(Table.id.in_(ids), Table.member_token_hash.is_not(None))
    )
    return {row.id: row for row in rows}


def stored_table() -> Table | None:
    """The table this app serves in table mode, or None when nothing has been saved yet (reads
    only). A hosted table (one with links) is never it."""
    return db.session.scalar(
        select(Table).where(Table.member_token_hash.is_(None)).order_by(Table.id).limit(1)
    )


def table_to_read() -> Table:
    """The table for a page that only reads: the stored one, or, before the first save, an
    unsaved empty table (no id, so every query for its rows finds none). Writes nothing."""
    return stored_table() or Table(name=DEFAULT_TABLE_NAME)


def heading_name(table: Table) -> str:
    """The name a report is headed with: the table's own, or "Pinochle" for a table that never
    named itself (the single table's "Our table", which only the table itself says)."""
    return "Pinochle" if table.name == DEFAULT_TABLE_NAME else table.name


def default_table() -> Table:
    """The table this app serves, added (flushed, not committed) the first time a change
    needs it: the first POST that saves anything creates it, a GET never does."""
    table = stored_table()
    if table is None:
        table = Table(name=DEFAULT_TABLE_NAME)
        db.session.add(table)
        db.session.flush()
    return table


def clean_name(name: str, where: Where = NAME) -> str:
    """A player's name with spaces tidied, refused when empty or too long (placed at
    ``where``: a seat, when it is typed into one)."""
    return _tidied(
        name, MAX_NAME, SeatingError(where, "A player needs a name."), "A name is at most"
    )


def _tidied(name: str | None, maximum: int, empty: RuleError, too_long: str) -> str:
    """``name`` with spaces tidied; ``empty`` when there is none, an error of its type and
    place when it is longer than ``maximum`` or holds a control character."""
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise empty
    refuse = type(empty)
    if len(cleaned) > maximum:
        raise refuse(empty.where, f"{too_long} {maximum} characters.")
    if has_control_characters(cleaned):
        raise refuse(empty.where, "A name cannot contain control characters.")
    return cleaned


def find_player(table: Table, name: str) -> Player | None:
    """The roster's player with this name as compared (``name_key``: any case, composed or
    decomposed letters)."""
    key = name_key(clean_name(name))
    return db.session.scalar(
        select(Player).where(Player.table_id == table.id, Player.name_key == key)
    )


def find_or_add_player(table: Table, name: str) -> Player:
    """The roster's player with this name, added if new (not committed)."""
    player = find_player(table, name)
    if player is None:
        player = Player(table=table, name=clean_name(name))  # its name_key follows
        db.session.add(player)
        db.session.flush()
    return player


def add_player(table: Table, name: str) -> Player:
    """Add a player to the roster; refuses a name already there."""
    existing = find_player(table, name)
    if existing is not None:
        raise SeatingError(NAME, f"{existing.name} is already on the roster.")
    return find_or_add_player(table, name)


def set_short_name(table: Table, player_id: int, short: str | None) -> Player:
    """Give roster player ``player_id`` the short name the table calls them by when a hand is
    said in one line ("Bob" for "Robert"), or take it away (``short`` blank). Refuses one that
    is another player's name or short name: a line saying it could mean either."""
    player = db.session.get(Player, player_id)
    if player is None or player.table_id != table.id:
        raise NotFound(f"No player {player_id} at this table.")
    where = Where(Part.NAME, player=holders.Player(player.id, player.name))
    if not (short or "").strip():
        player.short_name = None
        return player
    cleaned = _tidied(short, MAX_NAME, SeatingError(where, ""), "A short name is at most")
    key = name_key(cleaned)
    for other in roster(table):
        if other.id == player.id:
            continue
        if other.name_key == key:
            raise SeatingError(
                where, f"The short name {cleaned} is {other.name}'s name: it must be nobody else's."
            )
        if other.short_name is not None and name_key(other.short_name) == key:
            raise SeatingError(
                where,
                f"The short name {cleaned} is {other.name}'s already: it must be nobody else's.",
            )
    player.short_name = None if key == player.name_key else cleaned
    return player


def short_names(table_id: int, ids: Iterable[int]) -> dict[int, tuple[str, ...]]:
    """The short names of table ``table_id``'s players ``ids`` that have one, by id."""
    wanted = list(ids)
    rows = db.session.execute(
        select(Player.id, Player.short_name).where(
            Player.table_id == table_id, Player.id.in_(wanted), Player.short_name.is_not(None)
        )
    )
    return {pid: (short,) for pid, short in rows if short}


def roster(table: Table) -> list[Player]:
    """The table's players, by name."""
    return list(
        db.session.scalars(
            select(Player).where(Player.table_id == table.id).order_by(Player.name_key, Player.id)
        )
    )


def roster_players(table: Table) -> tuple[holders.Player, ...]:
    """The table's players, by name, as the engine's players (equal by id)."""
    return tuple(holders.Player(row.id, row.name) for row in roster(table))
