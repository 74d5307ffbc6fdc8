"""How a hand can end (RULES sections 4 to 6): made, set, conceded and the rest."""

from __future__ import annotations

import enum

from ..errors import OutcomeError, Part, Where


class Outcome(enum.Enum):
    """How a hand ended."""

    MADE = "made"
    SET = "set"
    PLAYED = "played"  # a hand without a bid: each player scores what they took
    CONCEDED = "conceded"
    FORFEIT = "forfeit"
    OPPONENTS_CONCEDED = "opponents-conceded"
    RENEGE = "renege"
    ALL_PASS = "all-pass"
    MISDEAL = "misdeal"

    @property
    def label(self) -> str:
        """Words shown to players."""
        return _LABELS[self]

    @classmethod
    def parse(cls, text: str | None) -> Outcome | None:
        """Read an outcome name (``made``, ``all-pass``, ...) in any case, with hyphens,
        underscores (the spelling before kebab-case) or spaces; empty means work it out from
        figures."""
        if text is None or str(text).strip() == "":
            return None
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        try:
            return cls(key)
        except ValueError:
            known = ", ".join(o.value for o in cls)
            raise OutcomeError(
                Where(Part.OUTCOME), f"'{text}' is not an outcome; use one of {known}."
            ) from None

    def __str__(self) -> str:
        return self.value


_LABELS = {
    Outcome.MADE: "made",
    Outcome.SET: "set",
    Outcome.PLAYED: "played",
    Outcome.CONCEDED: "conceded",
    Outcome.FORFEIT: "forfeit",
    Outcome.OPPONENTS_CONCEDED: "opponents conceded",
    Outcome.RENEGE: "renege",
    Outcome.ALL_PASS: "all passed",
    Outcome.MISDEAL: "misdeal",
}
