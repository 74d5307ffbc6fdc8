"""The bid ladder (RULES section 4.2): the lowest bid and the steps bids go up in.

A ladder starts at its minimum and climbs in its base step; each rung, "from 60 in fives",
widens the step from that bid up. A double deck bids 50, 51 ... 60, then 65, 70 (some go in
tens from 100); a single deck 300, 310, 320 ... all the way. A rung stands on a bid of the
ladder below it, and its step is wider than the one below, so the steps only widen.

Figures are held in full points; the ladder's ``scale`` is how the table writes them (10 drops
the trailing zero: 600 full points is written 60). The ladder is written in words, "from 50 in
ones, from 60 in fives", or compactly, "50:1, 60:5"; ``parse_rungs`` reads both and
``format_rungs`` writes the words, as the table writes its figures.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import OptionError, Where, option

MIN_BID_OPTION = "min_bid"
STEP_OPTION = "bid_step"
RUNGS_OPTION = "bid_rungs"
MAX_RUNGS = 8
"""The most rungs a ladder may have above its base step."""

GRAINS = (10, 25)
"""Every figure of a ladder is a multiple of one of these, in full points: Wikipedia's
Pinochle article has bids "a multiple of 10 or 25"."""

_EXAMPLES_LOOKED_AT = 50
"""How many bids up a stretch a refusal looks for three examples."""

_STEP_WORDS = {
    1: "ones",
    2: "twos",
    5: "fives",
    10: "tens",
    20: "twenties",
    25: "twenty-fives",
    50: "fifties",
    100: "hundreds",
}
_WORD_STEPS = {word: step for step, word in _STEP_WORDS.items()}
_FIGURE = r"(\d{1,18})"
_WORDS = re.compile(
    rf"from\s+{_FIGURE}\s+(?:in\s+steps\s+of\s+{_FIGURE}|in\s+{_FIGURE}s?|by\s+{_FIGURE}"
    rf"|in\s+([a-z-]+))"
)
_COMPACT = re.compile(rf"{_FIGURE}\s*:\s*{_FIGURE}")
_SEPARATORS = re.compile(r"\s*(?:[,;\n]|\band\b|\bthen\b)\s*")


def step_words(step: int) -> str:
    """A step as the table says it: ``fives`` for 5, ``steps of 7`` for 7 (a written figure)."""
    return _STEP_WORDS.get(step, f"steps of {step}")


@dataclass(frozen=True, slots=True)
class Rung:
    """From bid ``start`` up, bids go up in steps of ``step`` (both in full points)."""

    start: int
    step: int

    def written(self, scale: int = 1) -> str:
        """The rung in words at ``scale``: ``from 60 in fives`` for 600 and 50 at scale 10."""
        if self.step % scale:
            return f"from {self.start / scale:g} in steps of {self.step / scale:g}"
        return f"from {self.start / scale:g} in {step_words(self.step // scale)}"


@dataclass(frozen=True, slots=True)
class BidLadder:
    """The legal bids' ladder: ``minimum`` up in ``step``, each rung widening the step.

    Construction refuses a ladder that cannot be played or written at ``scale``, raising
    ``OptionError`` at the option at fault (``min_bid``, ``bid_step`` or ``bid_rungs``).
    """

    minimum: int
    step: int
    rungs: tuple[Rung, ...] = ()
    scale: int = 1

    def __post_init__(self) -> None:
        if self.scale <= 0:
            raise OptionError(option("scale"), "Scale must be 1 or 10.")
        _check_figure(self.minimum, MIN_BID_OPTION, "Minimum bid", self.scale)
        _check_figure(self.step, STEP_OPTION, "Bid step", self.scale)
        if len(self.rungs) > MAX_RUNGS:
            raise OptionError(
                option(RUNGS_OPTION), f"Wider bid steps: at most {MAX_RUNGS} rungs, not more."
            )
        below = Rung(self.minimum, self.step)
        for rung in self.rungs:
            _check_rung(rung, below, self)
            below = rung

    @property
    def stretches(self) -> tuple[Rung, ...]:
        """Every stretch of the ladder, the base step from the minimum first."""
        return (Rung(self.minimum, self.step), *self.rungs)

    def stretch(self, bid: int) -> Rung:
        """The stretch ``bid`` lies in (the base one below the minimum)."""
        found = self.stretches[0]
        for rung in self.rungs:
            if rung.start > bid:
                break
            found = rung
        return found

    def is_on_ladder(self, bid: int) -> bool:
        """True when ``bid`` is one of the ladder's bids."""
        stretch = self.stretch(bid)
        return bid >= self.minimum and (bid - stretch.start) % stretch.step == 0

    def next_bid(self, bid: int) -> int:
        """The lowest ladder bid above ``bid`` (the minimum for any bid below it)."""
        if bid < self.minimum:
            return self.minimum
        stretch = self.stretch(bid)
        up = stretch.start + ((bid - stretch.start) // stretch.step + 1) * stretch.step
        above = [rung.start for rung in self.rungs if rung.start > bid]
        return min([up, *above])

    def previous_bid(self, bid: int) -> int | None:
        """The highest ladder bid below ``bid``, or None when ``bid`` is the minimum or less."""
        if bid <= self.minimum:
            return None
        stretch = self.stretch(bid - 1)
        return stretch.start + (bid - 1 - stretch.start) // stretch.step * stretch.step

    def bids(self, start: int | None = None, count: int = 12) -> list[int]:
        """``count`` ladder bids from ``start`` (the lowest at or above it; default the minimum)."""
        bids: list[int] = []
        bid = self.next_bid((self.minimum if start is None else start) - 1)
        while len(bids) < count:
            bids.append(bid)
            bid = self.next_bid(bid)
        return bids

    def problem(self, bid: int, allowed: Callable[[int], bool] | None = None) -> str | None:
        """Why ``bid`` is not on the ladder, in the table's figures; None when it is.

        ``allowed`` picks the bids shown as examples (a caller's other rules, such as
        forbidden endings); by default every ladder bid.
        """
        w = self.written
        if bid < self.minimum:
            return f"Bid {w(bid)} is below the minimum bid of {w(self.minimum)}."
        if self.is_on_ladder(bid):
            return None
        stretch = self.stretch(bid)
        return f"Bid {w(bid)} is off the ladder: {self._rule(stretch, allowed)}."

    def written(self, points: int) -> str:
        """A full-points figure as the table writes it (a fraction shown as such)."""
        return f"{points / self.scale:g}" if points % self.scale else str(points // self.scale)

    def format(self) -> str:
        """The whole ladder in words: ``from 50 in ones, from 60 in fives``."""
        return format_rungs(self.stretches, self.scale)

    @classmethod
    def parse(cls, text: str, scale: int = 1) -> BidLadder:
        """The ladder from its words (what ``format`` writes), its first stretch the minimum."""
        stretches = parse_rungs(text, scale)
        if not stretches:
            raise OptionError(
                option(MIN_BID_OPTION), "A bid ladder starts somewhere: write 'from 300 in tens'."
            )
        first, *rungs = stretches
        return cls(first.start, first.step, tuple(rungs), scale)

    def _rule(self, stretch: Rung, allowed: Callable[[int], bool] | None = None) -> str:
        """A stretch's rule with its first bids: ``from 60 bids go up in fives (60, 65, 70)``."""
        shown: list[int] = []
        bid = stretch.start
        for _ in range(_EXAMPLES_LOOKED_AT):
            if allowed is None or allowed(bid):
                shown.append(bid)
            if len(shown) == 3:
                break
            bid = self.next_bid(bid)
        examples = f" ({', '.join(self.written(b) for b in shown)})" if shown else ""
        words = step_words(stretch.step // self.scale)
        return f"from {self.written(stretch.start)} bids go up in {words}{examples}"


def _check_figure(points: int, name: str, label: str, scale: int) -> None:
    """Refuse a ladder figure not above 0, not writable at ``scale``, or off 10s and 25s."""
    if points <= 0:
        raise OptionError(option(name), f"{label} must be more than 0.")
    if points % scale:
        raise OptionError(
            option(name),
            f"{label} must be a whole number as the table writes it, without the trailing "
            f"zero: {points / scale:g} is not.",
        )
    if all(points % grain for grain in GRAINS):
        raise OptionError(
            option(name), f"{label} must be a multiple of 10 or 25 points, not {points}."
        )


def _check_rung(rung: Rung, below: Rung, ladder: BidLadder) -> None:
    """Refuse a rung that does not climb, stand on the ladder below it, or widen the step."""
    _check_figure(rung.start, RUNGS_OPTION, "A wider bid step's first bid", ladder.scale)
    _check_figure(rung.step, RUNGS_OPTION, "A wider bid step", ladder.scale)
    where = option(RUNGS_OPTION)
    label = f"Wider bid steps {rung.written(ladder.scale)}"
    w = ladder.written
    if rung.start <= below.start:
        raise OptionError(
            where,
            f"{label}: each wider step starts above the one below it, "
            f"and this one does not start above {w(below.start)}.",
        )
    if (rung.start - below.start) % below.step:
        raise OptionError(
            where,
            f"{label}: {w(rung.start)} is not a bid of the ladder below it; {ladder._rule(below)}.",
        )
    if rung.step <= below.step:
        raise OptionError(
            where,
            f"{label}: bid steps only widen as the bid rises, and "
            f"{step_words(rung.step // ladder.scale)} are not wider than the "
            f"{step_words(below.step // ladder.scale)} below.",
        )


def format_rungs(stretches: tuple[Rung, ...], scale: int = 1) -> str:
    """Rungs in words at ``scale``: ``from 60 in fives, from 100 in tens`` (``None`` for none)."""
    return ", ".join(rung.written(scale) for rung in stretches) if stretches else "None"


def parse_rungs(text: str, scale: int = 1, where: Where | None = None) -> tuple[Rung, ...]:
    """Rungs from words (``from 60 in fives``) or compact (``60:5``), figures as written at
    ``scale``; ``none`` or nothing is no rung. Raises ``OptionError`` naming what is not one."""
    place = where or option(RUNGS_OPTION)
    cleaned = text.strip().lower()
    if cleaned in ("", "none"):
        return ()
    rungs: list[Rung] = []
    for part in _SEPARATORS.split(cleaned):
        if not part:
            continue
        rungs.append(_parse_rung(part, scale, place))
    return tuple(rungs)


def _parse_rung(part: str, scale: int, where: Where) -> Rung:
    """One rung from its words or its compact form."""
    compact = _COMPACT.fullmatch(part)
    if compact:
        return Rung(int(compact.group(1)) * scale, int(compact.group(2)) * scale)
    words = _WORDS.fullmatch(part)
    if words:
        start, *steps, word = words.groups()
        step = next((int(figure) for figure in steps if figure is not None), None)
        if step is None:
            step = _WORD_STEPS.get(word or "")
        if step is not None:
            return Rung(int(start) * scale, step * scale)
    raise OptionError(
        where,
        f"Wider bid steps: '{part}' is not a step such as 'from 60 in fives' or '60:5'.",
    )
