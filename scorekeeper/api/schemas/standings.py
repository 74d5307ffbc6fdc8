"""The standings a phone polls: balances or scores, kitty and pot, the next hand, games."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ...rules.evening.session import GameRecord
from ...rules.game.options import Options
from ...rules.game.present import Unit as ScoreUnit
from ...rules.holders import KITTY, POT
from ...services.gameend_words import game_end_words
from ...services.sessions import LoadedSession
from ...services.standings import DealCount, NextHand, StandingRow, next_hand, standings
from .common import HolderRef, Id, PlayerRef, Unit, holder_ref, player_ref


class Standing(BaseModel):
    """One line of the standings."""

    holder: HolderRef
    figure: int = Field(description="Chips in units, or this game's score in points.")
    cents: int | None = Field(description="The figure in money (chip games, games for money).")
    note: str = Field(description="'deals', 'sits out', 'left', '2 games'...")
    leader: bool
    with_share: int | None = Field(
        description="Hoyle and Brooklyn with a pot: units plus the player's share of the "
        "kitty or pot as it would be divided now."
    )
    with_share_cents: int | None


class NextHandInfo(BaseModel):
    """Who deals the next hand, who plays, who sits out, and the bids it allows."""

    number: int
    game: int
    dealer: PlayerRef
    active: list[PlayerRef]
    sitting_out: list[PlayerRef]
    first_bidder: PlayerRef
    legal_bids: list[int] = Field(
        description="Every legal bid, low to high, in points as the table writes them (what a "
        "hand's 'bid' takes: 25 for 250 at scale 10)."
    )
    quick_bids: list[int] = Field(description="The lowest legal bids, as the page offers them.")
    target: int | None = Field(description="Points games: the score that ends a game.")


class GameScore(BaseModel):
    """A holder's final score in a finished game."""

    holder: HolderRef
    points: int


class Game(BaseModel):
    """A finished game (Bison and Partnership) and who won it."""

    number: int
    first_hand: int
    last_hand: int
    winner: HolderRef
    reason: str
    scores: list[GameScore]


class PlayerDeals(BaseModel):
    """How many times one player at the table has dealt."""

    player: PlayerRef
    deal_count: int


class Deals(BaseModel):
    """Chip games counting deals (option even_deals): each player's deals, and whether
    everyone has dealt equally (RULES 5.9)."""

    players: list[PlayerDeals] = Field(description="Seat order; a misdeal is no deal.")
    even: bool = Field(description="Everyone has dealt, and as often as everyone else.")
    round_count: int = Field(description="Complete rounds: the fewest deals anyone has had.")
    since_hand: int = Field(
        description="Hands before the count began: it restarts when a player leaves."
    )
    text: str = Field(description="The page's words: 'Everyone has dealt twice: ...'.")


class Standings(BaseModel):
    """The standings now: what every phone at the table shows."""

    session_id: Id
    version: int = Field(description="Grows with every change to the session.")
    unit: Unit = Field(description="What 'figure' counts: units (chip games) or points.")
    scale: int = Field(description="Points are written divided by this (1 or 10).")
    stake_cents: int | None = Field(description="Chip games: cents per chip.")
    ended: bool
    rows: list[Standing]
    kitty: int | None = Field(description="Hoyle: units in the kitty.")
    pot: int | None = Field(description="Brooklyn with a pot: units in the pot.")
    next_hand: NextHandInfo
    games: list[Game] = Field(description="Finished games, first first, with their winners.")
    deals: Deals | None = Field(
        description="Chip games counting deals (even_deals): each player's deals; else null."
    )


def standing(row: StandingRow) -> Standing:
    """The API's view of one standings row."""
    return Standing(
        holder=holder_ref(row.holder),
        figure=row.figure,
        cents=row.cents,
        note=row.note,
        leader=row.leader,
        with_share=row.with_share,
        with_share_cents=row.with_share_cents,
    )


def next_hand_info(nxt: NextHand, options: Options) -> NextHandInfo:
    """The API's view of the next hand; bids as the table writes them, like the hand form."""
    return NextHandInfo(
        number=nxt.number,
        game=nxt.game,
        dealer=player_ref(nxt.dealer),
        active=[player_ref(p) for p in nxt.active],
        sitting_out=[player_ref(p) for p in nxt.sitting_out],
        first_bidder=player_ref(nxt.first_bidder),
        legal_bids=[options.to_table(bid) for bid in nxt.ladder],
        quick_bids=[options.to_table(bid) for bid in nxt.bids],
        target=nxt.target,
    )


def deals(count: DealCount | None) -> Deals | None:
    """The API's view of the deals each player has had (None when not counted)."""
    if count is None:
        return None
    return Deals(
        players=[PlayerDeals(player=player_ref(p), deal_count=n) for p, n in count.counts],
        even=count.even,
        round_count=count.rounds,
        since_hand=count.since_hand,
        text=count.text,
    )


def game(record: GameRecord, scale: int) -> Game:
    """The API's view of a finished game."""
    return Game(
        number=record.number,
        first_hand=record.first_hand,
        last_hand=record.last_hand,
        winner=holder_ref(record.winner),
        reason=game_end_words(record.reason, record.winner, scale),
        scores=[GameScore(holder=holder_ref(h), points=p // scale) for h, p in record.scores],
    )


def session_standings(loaded: LoadedSession) -> Standings:
    """The standings of a loaded session."""
    options, state = loaded.options, loaded.state
    present = options.system.present
    nxt = next_hand(loaded)
    return Standings(
        session_id=loaded.row.id,
        version=loaded.row.version,
        unit=present.unit.in_api,
        scale=options.scale,
        stake_cents=options.stake if present.unit is ScoreUnit.CHIPS else None,
        ended=loaded.row.ended_at is not None,
        rows=[standing(row) for row in standings(loaded)],
        kitty=state.kitty if KITTY in present.pools else None,
        pot=state.pot if POT in present.pools else None,
        next_hand=next_hand_info(nxt, options),
        games=[game(g, options.scale) for g in state.games],
        deals=deals(nxt.deals),
    )
