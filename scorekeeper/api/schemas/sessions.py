"""Sessions as the API creates, lists, reads and changes them, with their settlement."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, Field, StrictBool, model_validator

from ...limits import MAX_ID
from ...rules.game.variant import all_games, game_named
from ...services.handfields import Id
from ...services.sessions import LoadedSession
from ...services.settle import Fund, PaymentLine, PlayerRow, SettleUp
from ...services.tables import MAX_NAME
from ..protocol.paging import NextCursor
from .common import (
    HolderRef,
    HouseRules,
    OptionValue,
    PlayerRef,
    RequestBody,
    holder_ref,
    player_ref,
    utc,
)
from .games import GameSystem
from .standings import Standings, session_standings

if TYPE_CHECKING:
    from ...models import GameSession

MAX_SEATS = max(system.player_range[1] for system in all_games())
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME * 2)]


class SessionCreate(RequestBody):
    """A new session: the game (a preset, or the table's saved rules), its house rules, the
    players clockwise and the first dealer."""

    system: GameSystem | None = Field(
        None,
        description="The game system (its preset), e.g. 'hoyle'; needed unless the session "
        "starts from saved rules (then, if given, it must be theirs).",
    )
    saved_rules_id: Id | None = Field(
        None,
        description="Start from the table's saved rules with this id (GET /saved-rules): "
        "their game and options. The session keeps their name unless 'options' or "
        "'stake_cents' change them.",
    )
    saved_rules: str | None = Field(
        None,
        max_length=MAX_NAME * 4,
        description="Start from the table's saved rules of this name (case and extra spaces "
        "aside), as 'saved_rules_id' does.",
    )
    options: HouseRules = Field(
        default_factory=dict,
        description="House rules that differ from the preset (or from the saved rules).",
    )
    players: list[Name] = Field(
        min_length=1, max_length=MAX_SEATS, description="Names in seating order (clockwise)."
    )
    first_dealer_seat: int = Field(
        0,
        ge=0,
        lt=MAX_SEATS,
        description="Who deals first, by seat: the 0-based index of their name in 'players' "
        "(0, the first name, when left out). A seat, not a player id: the players are made with "
        "the session; the answer's 'first_dealer' is the player.",
    )
    stake_cents: int | None = Field(
        None, ge=0, le=MAX_ID, description="Chip games: cents per chip (the 'stake' option)."
    )

    @model_validator(mode="after")
    def _one_way_to_name_saved_rules(self) -> SessionCreate:
        if self.saved_rules_id is not None and self.saved_rules is not None:
            raise ValueError("give saved_rules_id or saved_rules, not both")
        return self


class SessionChange(RequestBody):
    """Change a session's house rules, end it, or reopen it."""

    options: HouseRules | None = Field(
        None,
        description="House rules to change (the rest are kept); every hand is replayed under "
        "them, and the change is refused if any hand would break a rule.",
    )
    ended: StrictBool | None = Field(None, description="true ends the session, false reopens it.")


class SessionSummary(BaseModel):
    """A session in the table's list."""

    id: Id
    system: GameSystem
    system_label: str
    players: list[PlayerRef]
    hand_count: int = Field(description="How many hands the session has.")
    created_at: datetime
    ended_at: datetime | None
    version: int
    rules_name: str | None = Field(
        description="The name of the saved rules the session was started under, as it was "
        "then; null when it was started from a preset."
    )


class SessionList(BaseModel):
    """A page of the table's sessions, newest first."""

    sessions: list[SessionSummary]
    next_cursor: NextCursor


HOLDER_ID = (
    "The player id of who {0}, or null when the {1} is not one player (the kitty or the "
    "pot, its undivided remainder; a team): such a payment is settled at the table and cannot be "
    "recorded, so a client leaves it out or shows it as 'text' says."
)


class PaymentOut(BaseModel):
    """One payment that settles the session: ``{payer_id, payee_id, cents}`` posted as is to
    the session's payments records it, when both ids are players'."""

    payer_id: Id | None = Field(description=HOLDER_ID.format("pays", "payer"))
    payee_id: Id | None = Field(description=HOLDER_ID.format("is paid", "payee"))
    payer: HolderRef
    payee: HolderRef
    cents: int
    text: str


class NetOut(BaseModel):
    """A player's (or the undivided kitty's or pot's) net for the session."""

    holder: HolderRef
    units: int | None = Field(description="Chip games: units, with the fund's share.")
    cents: int = Field(description="+ collects, - pays.")
    note: str
    left: bool


class ShareOut(BaseModel):
    """An owner's share of the kitty or pot."""

    player: PlayerRef
    units: int
    cents: int
    note: str


class FundOut(BaseModel):
    """The kitty (Hoyle) or the pot (Brooklyn with a pot) at the end, and how it divides."""

    kind: Literal["kitty", "pot"]
    units: int
    cents: int
    share_units: int
    share_cents: int
    shares: list[ShareOut]
    undivided_units: int
    undivided_cents: int
    taken_earlier: list[ShareOut]


class Settlement(BaseModel):
    """Who owes whom if the session ended now."""

    nets: list[NetOut]
    fund: FundOut | None
    fewest: list[PaymentOut] = Field(description="The fewest payments that settle it.")
    direct: list[PaymentOut] = Field(description="Each debt paid directly, pair by pair.")
    still_to_pay: list[PaymentOut] = Field(
        description="The fewest payments left once the payments recorded are taken off."
    )


class SessionOut(BaseModel):
    """A session: its game, house rules, players, standings and settlement."""

    id: Id
    system: GameSystem
    system_label: str
    rules_name: str | None = Field(
        description="The name of the saved rules the session was started under, as it was "
        "then (renaming or deleting them later does not change it); null when it was started "
        "from a preset."
    )
    options: dict[str, OptionValue] = Field(description="Every option: points, cents.")
    players: list[PlayerRef] = Field(description="In seating order.")
    first_dealer: PlayerRef
    created_at: datetime
    ended_at: datetime | None
    version: int
    hand_count: int = Field(description="How many hands the session has.")
    standings: Standings
    settlement: Settlement


def summary(row: GameSession, hand_count: int) -> SessionSummary:
    """The list's view of a session row."""
    return SessionSummary(
        id=row.id,
        system=game_named(row.system),
        system_label=game_named(row.system).label,
        players=[PlayerRef(id=seat.player_id, name=seat.player.name) for seat in row.seats],
        hand_count=hand_count,
        created_at=utc(row.created_at),
        ended_at=None if row.ended_at is None else utc(row.ended_at),
        version=row.version,
        rules_name=row.rules_name,
    )


def payment_out(line: PaymentLine) -> PaymentOut:
    """The API's view of a settling payment."""
    return PaymentOut(
        payer_id=line.payer_id,
        payee_id=line.payee_id,
        payer=holder_ref(line.payer),
        payee=holder_ref(line.payee),
        cents=line.cents,
        text=line.text,
    )


def net_out(row: PlayerRow) -> NetOut:
    """The API's view of a net."""
    return NetOut(
        holder=holder_ref(row.holder), units=row.units, cents=row.cents, note=row.note,
        left=row.left,
    )  # fmt: skip


def fund_out(fund: Fund) -> FundOut:
    """The API's view of the kitty or the pot at the end."""

    def shares(items) -> list[ShareOut]:
        return [
            ShareOut(player=player_ref(s.player), units=s.units, cents=s.cents, note=s.note)
            for s in items
        ]

    return FundOut(
        kind="kitty" if fund.name == "Kitty" else "pot",
        units=fund.units,
        cents=fund.cents,
        share_units=fund.share_units,
        share_cents=fund.share_cents,
        shares=shares(fund.shares),
        undivided_units=fund.undivided_units,
        undivided_cents=fund.undivided_cents,
        taken_earlier=shares(fund.taken_earlier),
    )


def settlement(fewest: SettleUp, direct: SettleUp) -> Settlement:
    """The API's view of a session's settle-up, both ways."""
    return Settlement(
        nets=[net_out(row) for row in fewest.rows if row.kind != "carried"],
        fund=None if fewest.fund is None else fund_out(fewest.fund),
        fewest=[payment_out(p) for p in fewest.payments],
        direct=[payment_out(p) for p in direct.payments],
        still_to_pay=[payment_out(p) for p in fewest.still_to_pay],
    )


def session_out(loaded: LoadedSession, fewest: SettleUp, direct: SettleUp) -> SessionOut:
    """The API's view of a loaded session."""
    row = loaded.row
    return SessionOut(
        id=row.id,
        system=loaded.options.system,
        system_label=loaded.options.system.label,
        rules_name=row.rules_name,
        options={k: v for k, v in loaded.options.to_dict().items() if k != "system"},
        players=[player_ref(p) for p in loaded.players.values()],
        first_dealer=player_ref(loaded.setup.first_dealer),
        created_at=utc(row.created_at),
        ended_at=None if row.ended_at is None else utc(row.ended_at),
        version=row.version,
        hand_count=len(loaded.state.hands),
        standings=session_standings(loaded),
        settlement=settlement(fewest, direct),
    )
