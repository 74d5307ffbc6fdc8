"""Players' records as the API sends them (issue 21): what each figure counts is said in its
description and in docs/records.md; points as the table writes them, money in cents."""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field
from pydantic_core import PydanticCustomError

from ...rules.holders import Player
from ...rules.pack.deck import Deck
from ...services.handfields import Id, TrumpLetter
from ...services.history.player import Rivalry, TableRecord
from ...services.history.tally import (
    NO_TRUMP,
    RANGE,
    Declared,
    HeadToHead,
    KindRecord,
    Partnership,
    PlayerRecord,
)
from .common import RequestParameters
from .games import GameSystem

ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _iso_day(value: Any) -> Any:
    """A day as YYYY-MM-DD, nothing else (pydantic alone would take 0 as 1 January 1970)."""
    if isinstance(value, date) or (isinstance(value, str) and ISO_DAY.match(value)):
        return value
    raise PydanticCustomError("date_parsing", "Input should be a date as YYYY-MM-DD")


Day = Annotated[date, BeforeValidator(_iso_day)]


class RecordQuery(RequestParameters):
    """Which sessions count: those started (in the table's zone) from one day to another."""

    from_: Day | None = Field(
        None,
        alias="from",
        description="The first day counted (YYYY-MM-DD); left out: from the first session.",
    )
    to: Day | None = Field(
        None,
        description="The last day counted (YYYY-MM-DD), not before 'from'; left out: up to now.",
    )


class Counted(BaseModel):
    """The sessions the figures are counted over."""

    start: date | None = Field(description="The 'from' asked, or null.")
    end: date | None = Field(description="The 'to' asked, or null.")
    session_count: int = Field(description="Sessions started within the range.")
    first_day: date | None = Field(description="The day the first of them started.")
    last_day: date | None = Field(description="The day the last of them started.")
    words: str = Field(
        description="The sessions in words: 'every session of the table', 'those started from "
        "01 Nov 2026'."
    )


class Fates(BaseModel):
    """Declared hands and how they ended for the declarer: made (made, opponents conceded, an
    opponent reneged), set (set, the declarer reneged) or conceded (conceded, a forfeit)."""

    declared_count: int
    made_count: int
    set_count: int
    conceded_count: int
    made_percent: int | None = Field(description="Made of declared, whole percent rounded down.")


class BidRangeFates(Fates):
    """The bids of one range of 50 full points, as the table writes them (300 to 349; 50 to 54
    in a game written in tens)."""

    lowest_bid: int
    highest_bid: int


class TrumpFates(Fates):
    """The bids made in one trump suit; null: without trump (a forfeit)."""

    trump: TrumpLetter | None


class KindFigures(BaseModel):
    """A player's figures in one kind of game: a game system with its deck and its scale, so
    that points compare like with like."""

    kind: str = Field(description="The system, and its deck or scale where not the preset's.")
    label: str
    system: GameSystem
    deck: Deck
    scale: int = Field(description="Points as the table writes them: 10 means written in tens.")
    session_count: int
    hand_count: int = Field(description="Hands dealt in (misdeals and hands all passed too).")
    fates: Fates
    by_bid_range: list[BidRangeFates] = Field(description="Lowest range first.")
    by_trump: list[TrumpFates] = Field(description="Spades, hearts, diamonds, clubs, none.")
    average_meld: float | None = Field(
        description="The player's own meld per hand they melded in (a chip game: the hands "
        "they declared with a meld written down), as written, to one decimal."
    )
    meld_hand_count: int
    average_tricks: float | None = Field(
        description="Their side's trick points per hand with them written down, as written."
    )
    trick_hand_count: int
    biggest_bid_made: int | None = Field(description="As written; null when none was made.")
    game_count: int = Field(description="Finished points games played.")
    games_won_count: int
    sessions_won_count: int = Field(
        description="Chip games: sessions finished with the highest net, above 0 (ties share)."
    )
    net_cents: int = Field(description="Money won (above 0) or lost, from settling up.")


class MoneyPoint(BaseModel):
    """One session's money for the player, and the running total after it."""

    session_id: Id
    day: date
    net_cents: int
    running_cents: int


class PlayerFigures(BaseModel):
    """One player's record across the sessions counted."""

    player_id: Id
    name: str
    session_count: int
    hand_count: int = Field(description="Hands dealt in, every kind of game together.")
    fates: Fates
    game_count: int
    games_won_count: int
    sessions_won_count: int
    net_cents: int
    kinds: list[KindFigures] = Field(description="By label.")
    money: list[MoneyPoint] = Field(description="Oldest session first.")


class PartnershipOut(BaseModel):
    """Partners who played on one team."""

    player_ids: list[Id]
    name: str
    session_count: int
    hand_count: int
    fates: Fates = Field(description="The team's bids.")
    game_count: int
    games_won_count: int


class HeadToHeadOut(BaseModel):
    """One declarer's bids while one other player defended (dealt in, on the other side)."""

    declarer_id: Id
    defender_id: Id
    fates: Fates


class RivalOut(BaseModel):
    """The player and one other: the player's bids while the other defended (``bids``), and
    the other's bids while the player defended (``against``)."""

    player_id: Id
    name: str
    bids: Fates
    against: Fates


class TableRecordOut(BaseModel):
    """Every player's record side by side."""

    counted: Counted
    players: list[PlayerFigures] = Field(description="Those who played, by name.")
    partnerships: list[PartnershipOut]
    head_to_head: list[HeadToHeadOut]


class PlayerRecordOut(BaseModel):
    """One player's record, with their partners and head to head."""

    counted: Counted
    player: PlayerFigures
    partnerships: list[PartnershipOut]
    head_to_head: list[RivalOut]


def counted_out(counted: TableRecord) -> Counted:
    """The sessions counted."""
    dates = counted.dates
    return Counted(
        start=dates.start,
        end=dates.end,
        session_count=counted.session_count,
        first_day=counted.first_day,
        last_day=counted.last_day,
        words=dates.words,
    )


def fates_out(d: Declared) -> Fates:
    """Declared hands and their fates."""
    return Fates(
        declared_count=d.declared,
        made_count=d.made,
        set_count=d.set,
        conceded_count=d.conceded,
        made_percent=d.made_percent,
    )


def _kind(figures: KindRecord) -> KindFigures:
    kind = figures.kind
    ranges = [
        BidRangeFates(
            lowest_bid=kind.written(start),
            highest_bid=kind.written(start + RANGE - 1),
            **fates_out(d).model_dump(),
        )
        for start, d in sorted(figures.by_range.items())
    ]
    trumps = [
        TrumpFates(
            trump=None if key == NO_TRUMP else key,  # type: ignore[arg-type]
            **fates_out(d).model_dump(),
        )
        for key, d in figures.by_trump_in_order
    ]
    return KindFigures(
        kind=kind.slug,
        label=kind.label,
        system=kind.system,
        deck=kind.deck,
        scale=kind.scale,
        session_count=figures.sessions,
        hand_count=figures.hands_played,
        fates=fates_out(figures.declared),
        by_bid_range=ranges,
        by_trump=trumps,
        average_meld=figures.average_meld,
        meld_hand_count=figures.meld_hands,
        average_tricks=figures.average_tricks,
        trick_hand_count=figures.trick_hands,
        biggest_bid_made=figures.biggest_written,
        game_count=figures.games_played,
        games_won_count=figures.games_won,
        sessions_won_count=figures.sessions_won,
        net_cents=figures.net_cents,
    )


def player_out(record: PlayerRecord) -> PlayerFigures:
    """One player's figures."""
    running = 0
    money = []
    for line in record.money:
        running += line.cents
        money.append(MoneyPoint(session_id=line.session_id, day=line.day, net_cents=line.cents,
                                running_cents=running))  # fmt: skip
    kinds = sorted(record.kinds.values(), key=lambda k: k.kind.label)
    return PlayerFigures(
        player_id=record.player.id,
        name=record.player.name,
        session_count=record.sessions,
        hand_count=record.hands_played,
        fates=fates_out(record.declared),
        game_count=record.games_played,
        games_won_count=record.games_won,
        sessions_won_count=record.sessions_won,
        net_cents=record.net_cents,
        kinds=[_kind(k) for k in kinds],
        money=money,
    )


def partnership_out(p: Partnership) -> PartnershipOut:
    """A partnership's record."""
    return PartnershipOut(
        player_ids=[player.id for player in p.partners],
        name=p.name,
        session_count=p.sessions,
        hand_count=p.hands_played,
        fates=fates_out(p.declared),
        game_count=p.games_played,
        games_won_count=p.games_won,
    )


def head_to_head_out(h: HeadToHead) -> HeadToHeadOut:
    """One declarer against one defender."""
    return HeadToHeadOut(
        declarer_id=h.declarer.id, defender_id=h.defender.id, fates=fates_out(h.hands)
    )


def rival_out(r: Rivalry) -> RivalOut:
    """The player against one other."""
    other: Player = r.other
    return RivalOut(
        player_id=other.id, name=other.name, bids=fates_out(r.bids), against=fates_out(r.against)
    )


def table_record_out(counted: TableRecord) -> TableRecordOut:
    """Every player's record side by side."""
    return TableRecordOut(
        counted=counted_out(counted),
        players=[player_out(r) for r in counted.players],
        partnerships=[partnership_out(p) for p in counted.partnerships],
        head_to_head=[head_to_head_out(h) for h in counted.head_to_head],
    )


def player_record_out(counted: TableRecord, record: PlayerRecord) -> PlayerRecordOut:
    """One player's record, with their partners and head to head."""
    return PlayerRecordOut(
        counted=counted_out(counted),
        player=player_out(record),
        partnerships=[partnership_out(p) for p in counted.partnerships_of(record.player)],
        head_to_head=[rival_out(r) for r in counted.rivals(record.player)],
    )
