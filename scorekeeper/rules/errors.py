"""Rule violations: every error says where the rule was broken, in the engine's own terms,
and what the rule is.

Like python-chess's errors, they know nothing of any page or request: ``Where`` names the
part of what was entered (``Part``: the bid, one player's meld, a seat, a house-rule option)
and, where it applies, the player, seat, card, option and hand. A form or the API turns a
place into its own field name or body path. All errors subclass ``ValueError`` so callers
that only know "bad input" can catch that. ``RuleErrors`` holds several independent rules
broken at once (a hand with an impossible meld and tricks that do not add up); ``Checks``
runs independent checks and raises every rule they broke.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from .holders import PlayerKey


class Part(enum.Enum):
    """A part of what is entered: of a hand, of a session's setup, or of a settlement."""

    # a hand
    DECLARER = "declarer"
    BID = "bid"
    OWN_BID = "own_bid"  # one player's own bid when partners' bids are summed (``player``)
    TAKEOVER = "takeover"  # Brooklyn: the dealer took the bid over
    TRUMP = "trump"
    OUTCOME = "outcome"
    RENEGER = "reneger"
    MELD = "meld"  # one player's meld (``player``)
    TRICKS = "tricks"  # the declarer's side's trick points (Bison: the takes together)
    OTHER_TRICKS = "other_tricks"  # the other side's trick points
    TAKE = "take"  # Bison: one player's own take (``player``)
    LAST_TRICK = "last_trick"  # Bison: who took the last trick
    CARDS = "cards"  # cards laid down on their own (``card``: the one at fault)
    # a session
    SYSTEM = "system"  # the game system
    OPTION = "option"  # a house rule (``option``; None: the house rules together)
    PLAYERS = "players"  # the players in their seats (``seat``: one of them)
    FIRST_DEALER = "first_dealer"
    LEAVER = "leaver"  # a player getting up (``player``)
    NAME = "name"  # a name as typed, for a player or a table
    SESSION = "session"  # the session as a whole (ended, a file that cannot be read)
    # a settlement
    AMOUNT = "amount"
    PAYEE = "payee"
    OWNERS = "owners"
    NETS = "nets"
    FLOWS = "flows"
    PAYMENT = "payment"  # a payment recorded at the table (the ledger names its own parts)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a rule was broken: a part of what was entered, and whose, which seat, card,
    option or hand where that applies."""

    part: Part
    player: PlayerKey | None = None
    seat: int | None = None  # 0-based, clockwise from the first seat
    card: str | None = None  # the card (or token) at fault, as written
    option: str | None = None  # a house-rule option by its name (``min_bid``)
    hand: int | None = None  # the hand of the session it happened in (1 is the first)


def option(name: str) -> Where:
    """The place of house-rule option ``name``."""
    return Where(Part.OPTION, option=name)


class RuleError(ValueError):
    """A value broke a rule; ``where`` says where, ``rule`` says what was broken."""

    def __init__(self, where: Where, rule: str) -> None:
        super().__init__(rule)
        self.where = where
        self.rule = rule

    def __str__(self) -> str:
        return self.rule

    @property
    def each(self) -> tuple[RuleError, ...]:
        """Every rule broken: this one alone (``RuleErrors`` holds several)."""
        return (self,)


class RuleErrors(RuleError):
    """Several independent rules broken at once, each with its own place (``each``).

    ``where`` is the first one's; ``rule`` is every message, one after the other.
    """

    def __init__(self, errors: Sequence[RuleError]) -> None:
        flat = tuple(one for error in errors for one in error.each)
        super().__init__(flat[0].where, " ".join(one.rule for one in flat))
        self.errors = flat

    @property
    def each(self) -> tuple[RuleError, ...]:
        """Every rule broken, in the order they were checked."""
        return self.errors


P = ParamSpec("P")
T = TypeVar("T")


class Checks:
    """Independent checks run one after the other, every broken rule kept (``done`` raises
    them): a check's own error type when one rule is broken, ``RuleErrors`` for several."""

    def __init__(self) -> None:
        self.broken: list[RuleError] = []

    def run(self, check: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """``check(*args, **kwargs)``, or None (and its rules kept) when it breaks any."""
        try:
            return check(*args, **kwargs)
        except RuleError as error:
            self.broken.extend(error.each)
            return None

    def add(self, error: RuleError) -> None:
        """Keep a rule found broken without a check function."""
        self.broken.extend(error.each)

    @property
    def passed(self) -> bool:
        """True while no check has broken a rule."""
        return not self.broken

    def done(self) -> None:
        """Raise every rule broken so far (nothing when all passed)."""
        if len(self.broken) == 1:
            raise self.broken[0]
        if self.broken:
            raise RuleErrors(self.broken)


class CardNotationError(RuleError):
    """A token is not a card in the notation of RULES section 1."""


class CardCopiesError(RuleError):
    """A hand holds more than two copies of one card."""


class HandSizeError(RuleError):
    """More cards than a hand can hold."""


class OptionError(RuleError):
    """An option value, or a combination of options, that the rules do not allow."""


class SeatingError(RuleError):
    """Players, seats or the dealer do not fit the game system."""


class PlayerError(RuleError):
    """A player who is not at the table, or not in the role the entry needs."""


class MeldError(RuleError):
    """A meld claim or meld figure that no legal hand can produce."""


class TrumpError(RuleError):
    """Trump is missing where the entry needs it, or unknown."""


class TrickError(RuleError):
    """Trick figures that do not add up or cannot be taken under the card-value scheme."""


class BidError(RuleError):
    """A bid that the session's bidding options refuse."""


class OutcomeError(RuleError):
    """An outcome the game system does not have, or one the figures contradict."""


class SettlementError(RuleError):
    """Nets that do not add to 0, or a payment, division or flow that cannot settle them."""
