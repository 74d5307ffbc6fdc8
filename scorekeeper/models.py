"""What the table entered, and nothing else: tables, players, sessions, seats, hands, audit,
the house rules a table saved under a name, club nights (their settings, players and each
round's pairing as published, with the session of each card table), and, for hosted mode,
each table's link secrets (as hashes); and the wrong PINs tried and the tables started,
counted per client address.

Scores, balances, dealers, kitty, pot and winners are never stored: services replay the
hands through ``scorekeeper.rules`` to derive them. The one derived row, ``SessionTally``
(a session's count for players' records), is a cache keyed by the session's version, counted
again from the hands whenever it is missing or stale. Each hand row keeps the inputs exactly as
entered (meld as the number, cards or claims typed; tricks as the figures given).
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Model
from .rules.holders import name_key


def utcnow() -> datetime:
    """The current time in UTC (stored without zone, read back as UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """A random URL-safe token for share and join links."""
    return secrets.token_urlsafe(12)


def _key_of_name(context: Any) -> str:
    """A new player's ``name_key``, from the name being inserted."""
    return name_key(context.get_current_parameters()["name"])


class Table(Model):
    """A card table: its roster, its sessions and its ledger."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Hosted mode (services.tables, access.py); all None for the one table of table mode.
    # Only digests are kept: SHA-256 of the member and watch links' tokens, and the PIN keyed
    # with the member token, so a copy of the database opens no table. ``generation`` grows
    # each time the links are made anew; phones remember it, and an older one no longer counts.
    member_token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    watch_token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    pin_hash: Mapped[str | None] = mapped_column(String(64))
    generation: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    players: Mapped[list[Player]] = relationship(
        back_populates="table", order_by="Player.name", cascade="all, delete-orphan"
    )
    sessions: Mapped[list[GameSession]] = relationship(
        back_populates="table", cascade="all, delete-orphan"
    )
    saved_rules: Mapped[list[SavedRules]] = relationship(
        back_populates="table", cascade="all, delete-orphan"
    )
    club_nights: Mapped[list[ClubNight]] = relationship(
        back_populates="table", cascade="all, delete-orphan"
    )


class Player(Model):
    """Someone on the table's roster. ``name`` is as first typed; ``name_key`` is the name as
    compared (``rules.holders.name_key``: spaces tidied, NFC, case folded), one per table, so
    "Zoë" composed or decomposed and "ÉLODIE" or "élodie" are one player on both databases."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    # Worked out from the name on insert; casefold can lengthen a name.
    name_key: Mapped[str] = mapped_column(String(160), default=_key_of_name)
    # What the table calls them when a hand is said in one line ("Bob" for "Robert"), if
    # anything: no other player's name or short name (``services.tables.set_short_name``).
    short_name: Mapped[str | None] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    table: Mapped[Table] = relationship(back_populates="players")


class GameSession(Model):
    """One evening's play under one game system and its options."""

    __tablename__ = "sessions"
    __table_args__ = (UniqueConstraint("table_id", "request_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    system: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The last version whose change could alter stored events (an edit, a deletion, house
    # rules); every change since only added events or ended/reopened the session, so a replay
    # remembered at a version >= this one catches up by applying the events after it.
    rewritten: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime)
    # The name of the saved rules the session was started under ("Friday rules"), kept as it
    # was then: renaming or deleting those saved rules later does not rewrite the session.
    rules_name: Mapped[str | None] = mapped_column(String(40))
    # The client's Idempotency-Key of the request that made the session (POST /sessions or
    # /imports), and a digest of what it sent: the same key again is answered with this
    # session, the same key with something else is refused.
    request_id: Mapped[str | None] = mapped_column(String(64))
    request_digest: Mapped[str | None] = mapped_column(String(64))

    table: Mapped[Table] = relationship(back_populates="sessions")
    first_dealer: Mapped[Player] = relationship(foreign_keys=[first_dealer_id])
    seats: Mapped[list[Seat]] = relationship(
        back_populates="session", order_by="Seat.position", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="session", order_by="Hand.seq", cascade="all, delete-orphan"
    )


class SavedRules(Model):
    """House rules a table saved under a name ("Friday rules") to start later sessions with.

    Only the inputs are kept: the game system and its options as ``Options.to_dict`` writes
    them (without the system, as a session keeps them); ``services.saved_rules`` rebuilds the
    engine's ``Options`` with ``Options.from_dict``. ``name_key`` is the name as compared (spaces
    tidied, NFC, case folded, as a player's): a table has one set of rules per name, whatever
    its case.
    """

    __tablename__ = "saved_rules"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160))  # casefold can lengthen a name
    system: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    table: Mapped[Table] = relationship(back_populates="saved_rules")


class Seat(Model):
    """A player's place at a session, clockwise from position 0."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("session_id", "position"),
        UniqueConstraint("session_id", "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    position: Mapped[int] = mapped_column(Integer)

    session: Mapped[GameSession] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")  # seats are read with their names


class Hand(Model):
    """One event of a session as stored: a hand, or a player leaving (``kind``); only what was
    entered, nothing derived (``from_row`` reads it as a ``HandEntry``)."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("session_id", "seq"),
        UniqueConstraint("session_id", "request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10), default="hand")  # hand | leave
    outcome: Mapped[str | None] = mapped_column(String(20))  # None: worked out from figures
    declarer_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    bid: Mapped[int | None] = mapped_column(Integer)  # full points
    trump: Mapped[str | None] = mapped_column(String(1))
    takeover: Mapped[bool] = mapped_column(Boolean, default=False)
    reneger_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    declarer_tricks: Mapped[int | None] = mapped_column(Integer)  # full points, side entry
    last_trick_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))  # who left
    request_id: Mapped[str | None] = mapped_column(String(64))
    # The session's version that saved or last corrected it (``services.hands.written``).
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    session: Mapped[GameSession] = relationship(back_populates="hands")
    melds: Mapped[list[HandMeld]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="HandMeld.id"
    )
    takes: Mapped[list[HandTake]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="HandTake.id"
    )
    bids: Mapped[list[HandBid]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="HandBid.id"
    )


class HandMeld(Model):
    """A player's meld for a hand, as typed: a number, the cards, or named melds."""

    __tablename__ = "hand_melds"
    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    mode: Mapped[str] = mapped_column(String(10))  # number | cards | claims
    entry: Mapped[str] = mapped_column(Text)  # full points for a number; notation otherwise

    hand: Mapped[Hand] = relationship(back_populates="melds")


class HandTake(Model):
    """A player's own take in tricks (Bison): counters, or card points under other schemes."""

    __tablename__ = "hand_takes"
    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    taken: Mapped[int] = mapped_column(Integer)

    hand: Mapped[Hand] = relationship(back_populates="takes")


class HandBid(Model):
    """A player's own bid for a hand when partners' bids are summed (RULES 6.6): full points,
    0 for no bid."""

    __tablename__ = "hand_bids"
    __table_args__ = (UniqueConstraint("hand_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    bid: Mapped[int] = mapped_column(Integer)

    hand: Mapped[Hand] = relationship(back_populates="bids")


class AuditEntry(Model):
    """What changed in a session, and when: hands added, edited or deleted."""

    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )
    hand_id: Mapped[int | None] = mapped_column(Integer)  # kept after the hand is deleted
    hand_number: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(20))  # added | edited | deleted | undone | ...
    summary: Mapped[str] = mapped_column(Text)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


class LedgerPayment(Model):
    """Money one player handed another, as recorded at the table ("Bob paid Ann $3.50").

    What is still owed is never stored: it is worked out from the ended sessions' settlements
    minus these payments. ``session_id`` names the session it was paid toward (None: paid off
    the ledger in general); ``request_id`` makes a double tap on "Mark paid" record it once.
    """

    __tablename__ = "ledger_payments"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("payer_id <> payee_id", name="payer_not_payee"),
        UniqueConstraint("table_id", "request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    payer_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    payee_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    amount: Mapped[int] = mapped_column(Integer)  # cents
    session_id: Mapped[int | None] = mapped_column(
        ForeignKey("sessions.id", ondelete="SET NULL"), index=True
    )
    note: Mapped[str] = mapped_column(String(200), default="")
    request_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)

    payer: Mapped[Player] = relationship(foreign_keys=[payer_id])
    payee: Mapped[Player] = relationship(foreign_keys=[payee_id])
    session: Mapped[GameSession | None] = relationship()


class Attempt(Model):
    """One attempt of a kind limited per client address (``services.attempts``): a wrong PIN
    for a table (kind ``pin``; ``table_id`` None for table mode's ``TABLE_PIN``), or a hosted
    table started (kind ``table``, ``table_id`` None).

    Kept in the database so that every worker counts the same attempts. Old rows are deleted
    as new ones come.
    """

    __tablename__ = "attempts"
    __table_args__ = (
        Index("ix_attempts_kind_table_id_address_at", "kind", "table_id", "address", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


class ClubNight(Model):
    """A club night of several card tables (``rules.clubsettings``): its settings as chosen.

    Standings are never stored: ``services.clubnights`` replays each card table's session.
    ``options`` are the game's house rules every table's session is started with (as
    ``Options.to_dict`` writes them, without the system).
    """

    __tablename__ = "club_nights"
    __table_args__ = (UniqueConstraint("table_id", "request_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    system: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    table_size: Mapped[int] = mapped_column(Integer)
    team_size: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[int] = mapped_column(Integer)
    minutes: Mapped[int | None] = mapped_column(Integer)
    points: Mapped[int | None] = mapped_column(Integer)  # as the table writes them
    movement: Mapped[str] = mapped_column(String(20))  # fixed | rotating | swiss | kcmo-rotation
    # The round the KCMO rotation's draw was made for (None: no draw yet); "B" teams have
    # moved one table for each round since.
    draw_round: Mapped[int | None] = mapped_column(Integer)
    byes: Mapped[bool] = mapped_column(Boolean, default=True)
    ranking: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # The client's Idempotency-Key of the request that made the night (POST /club-nights)
    # and a digest of what it sent, as a session keeps its own.
    request_id: Mapped[str | None] = mapped_column(String(64))
    request_digest: Mapped[str | None] = mapped_column(String(64))

    table: Mapped[Table] = relationship(back_populates="club_nights")
    entrants: Mapped[list[ClubEntrant]] = relationship(
        back_populates="night", order_by="ClubEntrant.position", cascade="all, delete-orphan"
    )
    rounds_played: Mapped[list[ClubRound]] = relationship(
        back_populates="night", order_by="ClubRound.number", cascade="all, delete-orphan"
    )


class ClubEntrant(Model):
    """A player of a club night, in the order they joined; ``team`` groups fixed partners;
    ``left_after`` says when a player left the night."""

    __tablename__ = "club_entrants"
    __table_args__ = (
        UniqueConstraint("night_id", "player_id"),
        UniqueConstraint("night_id", "position"),
        UniqueConstraint("night_id", "request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(
        ForeignKey("club_nights.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    position: Mapped[int] = mapped_column(Integer)
    team: Mapped[int | None] = mapped_column(Integer)  # None: not on a fixed team
    # The rounds paired when the player left (None: still playing): paired no more, their
    # results kept in the standings.
    left_after: Mapped[int | None] = mapped_column(Integer)
    # The number the player's team drew for the KCMO rotation ("3B"; None: not drawn).
    draw: Mapped[str | None] = mapped_column(String(4))
    # The Idempotency-Key of the request that added the player (POST .../entrants), and a
    # digest of what it sent.
    request_id: Mapped[str | None] = mapped_column(String(64))
    request_digest: Mapped[str | None] = mapped_column(String(64))

    night: Mapped[ClubNight] = relationship(back_populates="entrants")
    player: Mapped[Player] = relationship(lazy="joined")


class ClubRound(Model):
    """A round as published: its byes (lists of player ids), when it started and whether the
    organiser called time."""

    __tablename__ = "club_rounds"
    __table_args__ = (
        UniqueConstraint("night_id", "number"),
        UniqueConstraint("night_id", "request_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(
        ForeignKey("club_nights.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    byes: Mapped[list[list[int]]] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    time_called_at: Mapped[datetime | None] = mapped_column(DateTime)
    # The Idempotency-Key of the request that paired the round (POST .../rounds), and a
    # digest of what it sent.
    request_id: Mapped[str | None] = mapped_column(String(64))
    request_digest: Mapped[str | None] = mapped_column(String(64))

    night: Mapped[ClubNight] = relationship(back_populates="rounds_played")
    tables: Mapped[list[ClubTable]] = relationship(
        back_populates="round", order_by="ClubTable.number", cascade="all, delete-orphan"
    )


class ClubTable(Model):
    """One card table of a round: its teams as paired (lists of player ids, in seat order of
    each team) and the ordinary session its phones enter their hands into."""

    __tablename__ = "club_tables"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("club_rounds.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    teams: Mapped[list[list[int]]] = mapped_column(JSON)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"), unique=True)

    round: Mapped[ClubRound] = relationship(back_populates="tables")
    session: Mapped[GameSession] = relationship()


class SessionTally(Model):
    """A derived cache, never the source of truth: one session's count for players' records
    (``services.session_tallies``), written in the transaction of each change to the session
    and valid only while its token and version are the session's. A missing or
    stale tally is counted again from the stored hands; dropping every row loses nothing."""

    __tablename__ = "session_tallies"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    token: Mapped[str] = mapped_column(String(32))  # the session's token and version counted
    version: Mapped[int] = mapped_column(Integer)
    counts: Mapped[dict[str, Any]] = mapped_column(JSON)
