"""A hand as the API takes it (``HandBody``, the page's hand form as JSON) and gives it back
(``HandOut``: the entry, its result in figures and in words, and the totals after it)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...rules.hand.outcome import Outcome
from ...rules.holders import KITTY, POT
from ...services.entries import HandEntry, MeldMode, MeldText
from ...services.handfields import API_NAMES, Figure, HandFields, Id, MeldTyped, TrumpLetter
from ...services.standings import HandLine
from ..protocol.codes import ProblemCode
from ..protocol.paging import NextCursor
from ..protocol.problems import Problem, problem_config
from .common import (
    Answer,
    HolderRef,
    PlayerRef,
    QueryParameters,
    RequestBody,
    RequestParameters,
    Unit,
    holder_ref,
    if_match_required,
    player_ref,
)
from .standings import Standings

MAX_PLAYERS_LISTED = 12


class MeldBody(RequestBody):
    """One player's meld: a number, the cards shown (RULES section 1 notation: ``AS KS QS
    JS TS``), or named melds (``run, 100 aces``)."""

    player_id: Id
    mode: MeldMode = "number"
    text: MeldTyped


class TakeBody(RequestBody):
    """What one player took in tricks where each plays for themselves (counters, or card
    points as written, without the last trick); where three or more teams play, or two whose
    buried cards count for nobody (RULES 3.6) or who play without a bid (each team's instead of
    the first seat's team's ``tricks``), a team's trick points, under the id of the player in
    the team's first seat."""

    player_id: Id
    taken: Figure


class BidBody(RequestBody):
    """One player's own bid where every team's bid is a contract (house rule 'summed_bids',
    RULES 6.6): 0 for no bid, otherwise a bid on the session's ladder, as the table writes it.
    Partners' bids are summed into their team's contract."""

    player_id: Id
    bid: Figure


def _api_name(name: str) -> str:
    """A hand field's name in the API: ``declarer_id`` for the file's ``declarer``."""
    return API_NAMES.get(name, name)


class HandBody(RequestBody, HandFields):
    """A hand as the table enters it; the rules engine checks every rule. A field holding a
    player id ends in ``_id`` (``declarer_id``; in Python the attribute keeps the session
    file's name, ``declarer``)."""

    model_config = ConfigDict(alias_generator=_api_name)

    takes: list[TakeBody] = Field(default_factory=list, max_length=MAX_PLAYERS_LISTED)
    melds: list[MeldBody] = Field(default_factory=list, max_length=MAX_PLAYERS_LISTED)
    bids: list[BidBody] = Field(
        default_factory=list,
        max_length=MAX_PLAYERS_LISTED,
        description="Under 'summed_bids' (every team's bid a contract): each player's own bid, "
        "instead of 'bid'. A player left out bid 0; 'declarer_id' may be left out when one "
        "player alone bid the most.",
    )

    @model_validator(mode="after")
    def _each_player_once(self) -> HandBody:
        for name, items in (("melds", self.melds), ("takes", self.takes), ("bids", self.bids)):
            ids = [item.player_id for item in items]
            twice = sorted({pid for pid in ids if ids.count(pid) > 1})
            if twice:
                raise ValueError(f"{name}: player {twice[0]} is listed twice.")
        return self

    def to_entry(self) -> HandEntry:
        """The services' ``HandEntry`` for this body."""
        return self.entry_with(
            {t.player_id: t.taken for t in self.takes},
            {m.player_id: MeldText(m.mode, m.text) for m in self.melds},
            {b.player_id: b.bid for b in self.bids},
        )


class MeldEntryOut(BaseModel):
    """One player's meld as it was entered."""

    player_id: Id
    mode: MeldMode
    text: str


class TakeEntryOut(BaseModel):
    """What one player (or a team, under its first seat's player) took, as entered."""

    player_id: Id
    taken: int


class BidEntryOut(BaseModel):
    """One player's own bid as entered (summed bids)."""

    player_id: Id
    bid: int


class HandEntryOut(BaseModel):
    """A hand as it was entered (the fields of ``HandBody``, every one of them sent: null or
    empty when not entered)."""

    outcome: Outcome | None = Field(description="None: worked out from the figures.")
    declarer_id: Id | None = Field(description="The player id of the declarer.")
    bid: int | None
    trump: TrumpLetter | None
    takeover: bool
    reneger_id: Id | None = Field(description="The player id of who reneged.")
    tricks: int | None
    last_trick_id: Id | None = Field(description="The player id of who took the last trick.")
    takes: list[TakeEntryOut]
    melds: list[MeldEntryOut]
    bids: list[BidEntryOut]


def entry_out(entry: HandEntry) -> HandEntryOut:
    """The API's view of a stored entry."""
    return HandEntryOut(
        outcome=Outcome.parse(entry.outcome),
        declarer_id=entry.declarer,
        bid=entry.bid,
        trump=entry.trump,  # type: ignore[arg-type]
        takeover=entry.takeover,
        reneger_id=entry.reneger,
        tricks=entry.tricks,
        last_trick_id=entry.last_trick,
        takes=[TakeEntryOut(player_id=p, taken=n) for p, n in entry.takes.items()],
        melds=[
            MeldEntryOut(player_id=p, mode=m.mode, text=m.text)  # type: ignore[arg-type]
            for p, m in entry.melds.items()
        ],
        bids=[BidEntryOut(player_id=p, bid=b) for p, b in entry.bids.items()],
    )


class HandPath(BaseModel):
    """A hand in the URL: its session and its number (1 is the first hand)."""

    session_id: Id
    number: Id


class Departure(RequestBody):
    """A player getting up from a chip game."""

    player_id: Id = Field(description="The id of the player who leaves.")


class CreateQuery(QueryParameters):
    """Which hand the client means: the next hand as it last saw the session (optional)."""

    number: Id | None = Field(
        None,
        description="The number this hand should get. When another phone has saved or deleted "
        "a hand since, nothing is saved (409), so one hand entered on two phones, or sent late "
        "by a phone that was offline, is not saved twice.",
    )


class DeleteQuery(QueryParameters):
    """Why the hand is deleted: an Undo just after saving it, or a plain deletion (optional)."""

    undo: bool = Field(
        False,
        description="true: the phone that saved the hand takes it back (its Undo): the "
        "session's history says the hand was undone rather than deleted. Nothing else differs.",
    )


class MatchHeaders(RequestParameters):
    """The version of the hand the change is based on (required: 428 without it)."""

    model_config = ConfigDict(json_schema_extra=if_match_required)

    if_match: str | None = Field(
        None,
        alias="If-Match",
        description="The hand's ETag, as last read: when the hand changed since, nothing is "
        "changed (412, with the hand as it stands). '*' matches any version: the change is "
        "made whatever another phone did.",
    )


class Change(BaseModel):
    """What one holder won or lost on the hand, and their total after it."""

    holder: HolderRef
    change: int
    total: int


class MeldPoints(BaseModel):
    """A player's meld on the hand, in points."""

    player_id: Id
    points: int


class ContractOut(BaseModel):
    """Under 'summed_bids': a team's contract, its members' own bids added up, and whether it
    made it."""

    team: HolderRef
    contract: int = Field(description="As the table writes it; 0: the team did not bid.")
    made: bool | None = Field(description="None: no contract, or the hand was not played.")


class HandResultOut(Answer):
    """What the hand did, in words and in figures."""

    text: str = Field(description="The hand in words, as the page says it.")
    outcome: Outcome
    made: bool | None
    unit: Unit
    changes: list[Change]
    melds: list[MeldPoints]
    kitty: int | None = Field(description="Units in the kitty after the hand (Hoyle).")
    pot: int | None = Field(description="Units in the pot after the hand (Brooklyn with a pot).")
    contracts: list[ContractOut] = Field(
        default_factory=list, description="Every team's contract under 'summed_bids'."
    )


class HandOut(BaseModel):
    """A hand: what was entered, who dealt, and what it did."""

    number: int
    game: int
    etag: str = Field(description="The version to send as If-Match to replace or delete it.")
    dealer: PlayerRef
    sitting_out: list[PlayerRef]
    entry: HandEntryOut
    result: HandResultOut


class StaleHandProblem(Problem):
    """A hand changed on another phone since the client read it (412): nothing was changed,
    and ``current`` is the hand as it stands now, to make the change again on."""

    model_config = problem_config("StaleHandProblem")

    type: Literal["/api/v1/problems#stale-hand"] = Field(
        description="The page that says what stale-hand means and what a client does."
    )
    code: Literal[ProblemCode.STALE_HAND] = Field(description="Always stale-hand.")
    current: HandOut = Field(description="The hand as it stands; its etag is the one to send.")


class HandList(BaseModel):
    """A page of the session's hands, first first."""

    hands: list[HandOut]
    next_cursor: NextCursor


class SavedHandOut(BaseModel):
    """A hand saved (or replaced), with the standings after it."""

    hand: HandOut
    repeated: bool = Field(description="True when the Idempotency-Key was seen: nothing new.")
    standings: Standings


def hand_etag(seq: int, version: int) -> str:
    """A hand's entity tag, in the session's own numbers: its stored place in the session
    (kept when an earlier hand is deleted and it is renumbered) and the session's version it
    was last written at; never its row id, which would hint at how many hands all tables
    hold. No other hand of the session, even one deleted, has both (``services.hands.written``)."""
    return f'"hand-{seq}-{version}"'


def hand_out(line: HandLine, entry: HandEntry, etag: str) -> HandOut:
    """The API's view of a replayed hand."""
    record = line.record
    present = line.options.system.present
    totals = dict(line.balances)
    result = record.result
    return HandOut(
        number=line.number,
        game=line.game,
        etag=etag,
        dealer=player_ref(record.dealer),
        sitting_out=[player_ref(p) for p in record.sitting_out],
        entry=entry_out(entry),
        result=HandResultOut(
            text=line.text,
            outcome=result.outcome,
            made=result.made,
            unit=present.unit.in_api,
            changes=[
                Change(holder=holder_ref(h), change=c, total=totals[h]) for h, c in line.changes
            ],
            melds=[
                MeldPoints(player_id=player_ref(p).id, points=line.options.to_table(n))
                for p, n in result.melds
            ],
            kitty=record.kitty if KITTY in present.pools else None,
            pot=record.pot if POT in present.pools else None,
            contracts=[
                ContractOut(team=holder_ref(team), contract=line.options.to_table(c), made=made)
                for team, c, made in result.contracts
            ],
        ),
    )
