"""The next hand said in one line (``POST /sessions/{id}/hands/read``): the line sent, and what
the server understood of it, as a hand body to check and post (issue 29)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ...limits import MAX_LINE
from ...services.handfields import API_NAMES
from ...services.saying import LineRead
from .common import Answer, RequestBody
from .hands import HandEntryOut, entry_out


class LineBody(RequestBody):
    """A hand as the table says it, typed or dictated, in one line."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"text": "Bob, three fifty in spades, made it"}]}
    )

    text: str = Field(
        min_length=1,
        max_length=MAX_LINE,
        description="The hand in words, in any order and case: players by name or a unique "
        "start of it, teams as 'Ann and Cy'; figures in digits or words ('three fifty', "
        "'sixty-five'); the trump ('spades', 'S', '♠'); how it ended ('made it', 'went set', "
        "'conceded', 'misdeal', 'everyone passed'); 'meld', 'tricks', 'took', 'last trick'. "
        "Punctuation and filler words ('um', 'okay') are ignored.",
    )


class AmbiguousOut(BaseModel):
    """A word or figure of the line that could mean two things: left out of the hand."""

    word: str = Field(description="The words as the line has them ('350', 'al').")
    could_be: list[str] = Field(
        description="What it could be: players' names, or fields ('bid', \"Bob's meld\")."
    )


class LineReadOut(Answer):
    """What the server understood of the line; nothing is saved."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "hand": {
                        "outcome": "made",
                        "declarer_id": 2,
                        "bid": 350,
                        "trump": "S",
                        "takeover": False,
                        "reneger_id": None,
                        "tricks": None,
                        "last_trick_id": None,
                        "takes": [],
                        "melds": [],
                        "bids": [],
                    },
                    "missing": [],
                    "ambiguous": [],
                    "unknown_words": [],
                    "preview": "Bob makes 350: collects 4 chips from each player (spades pay 2x).",
                    "refused": None,
                }
            ]
        }
    )

    hand: HandEntryOut = Field(
        description="The hand understood, as a hand body takes it (players as ids); a field "
        "the line did not fill, or filled two ways, is null or empty. Check it, then post it "
        "to /sessions/{session_id}/hands as usual."
    )
    missing: list[str] = Field(
        description="The fields the hand still needs, by their names in the hand body "
        "('declarer_id', 'bid', 'trump', 'outcome', 'melds', 'tricks', 'takes', "
        "'last_trick_id', 'bids', 'reneger_id')."
    )
    ambiguous: list[AmbiguousOut] = Field(
        description="Words that could mean two things, with what each could be: never guessed."
    )
    unknown_words: list[str] = Field(description="Words of the line not understood.")
    preview: str | None = Field(
        description="The hand's result in words, as the hand form's preview writes it, once "
        "nothing is missing or ambiguous and the rules allow the hand; null otherwise."
    )
    refused: str | None = Field(
        description="The rule the hand as understood breaks (a bid under the least, takes "
        "that do not add up), from what the line said, even while other fields are still "
        "missing; null otherwise."
    )


def line_read_out(read: LineRead) -> LineReadOut:
    """The API's view of a line read."""
    return LineReadOut(
        hand=entry_out(read.entry),
        missing=[API_NAMES.get(name, name) for name in read.missing],
        ambiguous=[AmbiguousOut(word=a.word, could_be=list(a.could_be)) for a in read.ambiguous],
        unknown_words=list(read.unknown_words),
        preview=None if read.preview is None else read.preview.text,
        refused=read.refused,
    )
