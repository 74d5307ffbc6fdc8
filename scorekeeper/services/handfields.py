"""A hand's fields as JSON holds them: the pydantic types the API's hand body and a session
file's entries share, so both agree on what a hand of the right shape is.

Shape only (ids and figures within bounds, the outcome, the trump letter, how a meld is typed
and its length); the rules engine checks every rule. The API's ``HandBody`` lists melds and
takes with the player's id in each item and names a field holding a player id ``*_id``
(``API_NAMES``); a session file keys melds and takes by player id and names the fields as
``HandEntry.as_dict`` writes them. Both build on ``HandFields``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StrictBool

from ..limits import MAX_FIGURE, MAX_ID, MAX_MELD_TEXT
from ..rules.hand.outcome import Outcome
from .entries import HandEntry, MeldText

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
Figure = Annotated[int, Field(ge=0, le=MAX_FIGURE, description="As the table writes it.")]
TrumpLetter = Literal["S", "H", "D", "C"]
MeldTyped = Annotated[str, Field(max_length=MAX_MELD_TEXT)]
"""One player's meld as typed: a number, cards or named melds (``MeldMode`` says which)."""


API_NAMES = {"declarer": "declarer_id", "reneger": "reneger_id", "last_trick": "last_trick_id"}
"""The API's name of each field of ``HandFields`` that holds a player id (its alias there)."""


class HandFields(BaseModel):
    """A hand's fields other than its melds and takes, as the table enters them."""

    outcome: Outcome | None = Field(
        None,
        strict=False,  # an enum: its value as JSON text, also where the model is strict
        description="Leave out to have it worked out from the figures.",
    )
    declarer: Id | None = Field(
        None,
        description="The player id of the declarer; none in a game without a bid (auction off).",
    )
    bid: Figure | None = Field(
        None, description="The winning bid, in points; none in a game without a bid."
    )
    trump: TrumpLetter | None = None
    takeover: StrictBool = Field(False, description="Brooklyn: the dealer took it at the minimum.")
    reneger: Id | None = Field(None, description="The player id of who reneged.")
    tricks: Figure | None = Field(
        None,
        description="The declarer's side's trick points (two sides: chips, two teams); in a "
        "team game without a bid, those of the team in the first seat.",
    )
    last_trick: Id | None = Field(
        None,
        description="Each for themselves (Bison, two-handed, cutthroat): the player id of who "
        "took the last trick.",
    )

    def entry_with(
        self, takes: dict[int, int], melds: dict[int, MeldText], bids: dict[int, int] | None = None
    ) -> HandEntry:
        """The services' ``HandEntry`` of these fields with ``takes``, ``melds`` and each
        player's own ``bids`` (summed bids)."""
        return HandEntry(
            outcome=self.outcome.value if self.outcome else None,
            declarer=self.declarer,
            bid=self.bid,
            trump=self.trump,
            takeover=self.takeover,
            reneger=self.reneger,
            tricks=self.tricks,
            last_trick=self.last_trick,
            takes=takes,
            melds=melds,
            bids=bids or {},
        )
