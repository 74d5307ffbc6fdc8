"""The house rules that are a choice among named ways (RULES sections 3 to 6): how tricks are
counted, what happens when all pass, who sits out, the chip schedule, and who wins when several
teams pass the target on one hand."""

from __future__ import annotations

import enum


class CardValues(enum.Enum):
    """How tricks are counted; every scheme totals 250 with the last trick."""

    CLASSIC = "classic"
    SIMPLE = "simple"
    COUNTERS = "counters"


class AllPass(enum.Enum):
    """What happens when nobody wants to bid."""

    DEALER_TAKEOVER = "dealer-takeover"
    DEALER_MUST_BID = "dealer-must-bid"
    COMPULSORY_FIRST_BID = "compulsory-first-bid"
    THROW_IN = "throw-in"


class SitOut(enum.Enum):
    """Who sits out a hand when more than three sit at a chip game."""

    RIGHT_OF_DEALER = "right-of-dealer"
    DEALER = "dealer"
    DEALER_AND_SECOND_LEFT = "dealer-and-second-left"
    THREE_LEFT_PLAY = "three-left-play"

    @property
    def max_players(self) -> int:
        """Most players this rule can seat."""
        return {
            SitOut.RIGHT_OF_DEALER: 4,
            SitOut.DEALER: 4,
            SitOut.DEALER_AND_SECOND_LEFT: 5,
            SitOut.THREE_LEFT_PLAY: 8,
        }[self]


class Schedule(enum.Enum):
    """Chips the declarer wins from each opponent, by bid."""

    BROOKLYN = "brooklyn"
    BROOKLYN_GENTLE_A = "brooklyn-gentle-a"
    BROOKLYN_GENTLE_B = "brooklyn-gentle-b"
    BROOKLYN_GENTLE_C = "brooklyn-gentle-c"
    HOYLE = "hoyle"
    HOYLE_DOUBLING = "hoyle-doubling"
    HOYLE_PLUS_TWO = "hoyle-plus-two"
    HOYLE_PLUS_ONE = "hoyle-plus-one"
    POT = "pot"


class BothReach(enum.Enum):
    """Who wins when several teams pass the target on one hand (RULES 6.2, 6.5)."""

    BIDDERS_MADE = "bidders-made"
    HIGHER = "higher"
