"""Meld without a session: the cards to score or the claim or figure to check, under a game
system and its house rules, and the answers (every figure in full points)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ...limits import MAX_FIGURE, MAX_MELD_TEXT
from ...rules.pack.meld import MeldLine, MeldScore
from ...services.handfields import TrumpLetter
from ...services.meldcheck import MeldReport, MeldVerdict
from .common import Answer, RequestBody
from .games import GameSystem
from .sessions import OptionValue

FULL_POINTS = "Full points: a table at scale 10 writes this figure divided by ten."


class MeldRules(RequestBody):
    """The game system whose meld rules apply, and any house rules changed from its preset."""

    system: GameSystem = Field(
        description="The game system (its preset), e.g. 'bison'.",
    )
    # Any name is read (an unknown one is refused as a broken rule, naming the options there
    # are), as a session's 'options' are: the document cannot limit a key's length.
    options: dict[str, OptionValue] = Field(
        default_factory=dict,
        max_length=64,
        description="House rules that differ from the preset, as stored values (see "
        '/options), e.g. {"double_meld_bonus": true}: points in full points, money in cents.',
    )
    trump: TrumpLetter | None = Field(
        None, description="The trump suit: S, H, D or C; null when none is named."
    )


class MeldCardsBody(MeldRules):
    """Cards laid down, to score their meld."""

    cards: str = Field(
        min_length=1,
        max_length=MAX_MELD_TEXT,
        description="The cards, RULES section 1 notation: rank A T K Q J 9 (or 10), suit "
        "S H D C (or ♠ ♥ ♦ ♣), separated by spaces or commas, e.g. 'AS KS QS JS TS 9S'.",
    )


class MeldCheckBody(MeldRules):
    """A meld claim or a meld figure to check: send exactly one of ``claims`` and ``number``."""

    claims: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_MELD_TEXT,
        description="Named melds as the hand form takes them, separated by commas or '+': "
        "'run, royal marriage, pinochle', 'double pinochle', 'marriage H', 'roundhouse'.",
    )
    number: int | None = Field(
        None,
        ge=-MAX_FIGURE,
        le=MAX_FIGURE,
        description="A meld figure as the table writes it (at scale 10, 15 stands for 150).",
    )


class MeldLineOut(BaseModel):
    """One line of a meld breakdown, such as ``double pinochle 300`` or ``triple run 2250``."""

    meld: str = Field(description="The meld's name: run, royal marriage, marriage, pinochle...")
    count: int = Field(
        description="1, or 2 for a double (two copies of every card); with four copies of "
        "each card (a double deck, two packs with nines) also 3 and 4, triple and quadruple."
    )
    suit: TrumpLetter | None = Field(description="The suit of a marriage; null otherwise.")
    text: str = Field(description="The line in words, with its points.")
    points: int = Field(description=FULL_POINTS)


class TrumpTotal(BaseModel):
    """The hand's meld with one suit as trump."""

    trump: TrumpLetter
    total: int = Field(description=FULL_POINTS)


class MeldOut(BaseModel):
    """The meld of cards laid down, in the trump named and in each of the four trumps."""

    system: GameSystem
    unit: Literal["points"] = Field(description="Every figure here is in full points.")
    scale: int = Field(description="The table's scale (1 or 10): it writes figures divided by it.")
    cards: str = Field(description="The cards read, in the engine's order (AS TS ... 9C).")
    trump: TrumpLetter | None = Field(description="The trump the total is for (null: none).")
    total: int = Field(
        description="The best meld the class rules allow in that trump; with no trump, the "
        "melds that need none (marriages, pinochle, arounds). " + FULL_POINTS
    )
    text: str = Field(description="The breakdown in words: 'run 150, dix 10 = 160'.")
    breakdown: list[MeldLineOut] = Field(description="Meld by meld; empty when there is none.")
    by_trump: list[TrumpTotal] = Field(
        description="The total with each suit as trump, best first; equal totals in the order "
        "S, H, D, C."
    )


class MeldCheckOut(Answer):
    """Whether a meld claim or figure is allowed under the rules, and what it is worth."""

    allowed: bool
    points: int | None = Field(description="What the meld is worth when allowed. " + FULL_POINTS)
    reason: str | None = Field(description="The rule it breaks when not allowed, in words.")
    unit: Literal["points"] = "points"
    scale: int = Field(description="The table's scale (1 or 10): it writes figures divided by it.")


def meld_line(line: MeldLine) -> MeldLineOut:
    """The API's view of one breakdown line."""
    return MeldLineOut(
        meld=line.kind,
        count=line.count,
        suit=None if line.suit is None else line.suit.value,
        text=str(line),
        points=line.points,
    )


def breakdown(score: MeldScore) -> list[MeldLineOut]:
    """A meld's breakdown, line by line."""
    return [meld_line(line) for line in score.lines]


def meld_out(report: MeldReport) -> MeldOut:
    """The API's view of a scored hand."""
    return MeldOut(
        system=report.options.system,
        unit="points",
        scale=report.options.scale,
        cards=str(report.hand),
        trump=None if report.trump is None else report.trump.value,
        total=report.score.total,
        text=str(report.score),
        breakdown=breakdown(report.score),
        by_trump=[
            TrumpTotal(trump=suit.value, total=score.total) for suit, score in report.by_trump
        ],
    )


def check_out(verdict: MeldVerdict) -> MeldCheckOut:
    """The API's view of a checked claim or figure."""
    return MeldCheckOut(
        allowed=verdict.allowed,
        points=verdict.points,
        reason=verdict.reason,
        scale=verdict.options.scale,
    )
