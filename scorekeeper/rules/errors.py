"""Rule violations: every error names the field that is wrong and the rule it breaks.

All of them subclass ``ValueError`` so callers that only know "bad input" can catch that,
while forms and the API read ``field`` to put the message next to the right input.
"""

from __future__ import annotations


class RuleError(ValueError):
    """A value broke a rule; ``field`` names the input, ``rule`` says what was broken."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(rule)
        self.field = field
        self.rule = rule

    def __str__(self) -> str:
        return self.rule


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
