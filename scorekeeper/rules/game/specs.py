"""How one house-rule option is named, explained, stored and written (``OptionSpec``).

Each option's value has two spellings, each a pair owned by its spec: plain data (``load`` /
``dump``, for JSON and storage) and words (``parse`` / ``format``, for pages, forms and the
PDF). Money options are held in cents; the engine writes them as ``25¢`` unless the caller
passes its own money formatter and parser (the app passes dollars: ``$0.25``). Which games an
option belongs to is a question asked of the game (``OptionSpec.games``), so a game declared
later gets its options without a change here.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import OptionError, option
from ..figures import shown
from ..pack.deck import Deck
from ..pack.meldtable import BONUS_MELDS
from .choices import AllPass, BothReach, CardValues, Schedule, SitOut
from .contract import MeldSave, NoTrick, Surrender
from .ladder import Rung, format_rungs, parse_rungs
from .shape import Shape

if TYPE_CHECKING:
    from .variant import Game

GameFilter = Callable[["Game"], bool]
"""Which games an option belongs to: a question asked of each game."""

MoneyFormatter = Callable[[int], str]
MoneyParser = Callable[[str], int]


def _cents(value: int) -> str:
    return f"{value}¢"


def _read_cents(text: str) -> int:
    match = re.fullmatch(r"\s*(-?\d+)\s*(?:¢|c|cents?)?\s*", text, re.IGNORECASE)
    if not match:
        raise ValueError(f"'{text}' is not a number of cents such as 25 or 25¢.")
    return int(match.group(1))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """How one option is named, explained, stored (load/dump) and written (parse/format)."""

    name: str
    label: str
    help: str
    kind: str  # bool, choice, points, int, money, endings, optional-points, optional-int, rungs,
    # melds
    games: GameFilter
    choices: tuple[tuple[str, str], ...] = ()
    zero: str = ""  # a points option's 0 in words, where 0 means something else: "Two marriages"
    figures: bool = False  # a choice whose words hold meld figures (full points): scaled as shown

    def applies_to(self, game: Game) -> bool:
        """True when this option belongs to ``game``."""
        return self.games(game)

    @property
    def systems(self) -> frozenset[Game]:
        """The registered games this option belongs to."""
        from .variant import all_games

        return frozenset(game for game in all_games() if self.games(game))

    @property
    def unit(self) -> str:
        """What the value counts: ``points`` (full points), ``cents``, or ``""``."""
        if self.kind in ("points", "optional-points", "rungs"):
            return "points"
        return "cents" if self.kind == "money" else ""

    def load(self, raw: Any) -> Any:
        """Turn plain data (a JSON value, or a form string in full points) into the value."""
        return _PARSERS[self.kind](self, raw)

    def dump(self, value: Any) -> Any:
        """Turn the option's value into plain JSON data."""
        if isinstance(value, Shape):
            return str(value)
        if isinstance(value, enum.Enum):
            return value.value
        if self.kind == "rungs":
            return [[rung.start, rung.step] for rung in value]
        if self.kind == "melds":
            return ", ".join(value)
        if isinstance(value, tuple):
            return list(value)
        return value

    def choice_label(self, value: str, scale: int = 1) -> str:
        """The words shown for one of the choices; where they hold meld figures (``figures``:
        "Pagat: aces 100, 1000, 1500, 2000"), each as the table writes it at ``scale`` ("aces
        10, 100, 150, 200" without the trailing zero)."""
        label = dict(self.choices).get(value, value)
        if not self.figures or scale == 1:
            return label
        return re.sub(r"\d+", lambda figure: str(int(figure.group()) // scale), label)

    def format(self, value: Any, scale: int = 1, money: MoneyFormatter | None = None) -> str:
        """The value in words, as the table writes it: points divided by ``scale``.

        ``money`` formats a cents value (default ``25¢``); ``parse`` reads the text back.
        """
        if self.kind == "bool":
            return "On" if value else "Off"
        if value is None:
            return "None"
        if self.kind == "choice":
            return self.choice_label(str(self.dump(value)), scale)
        if self.kind in ("endings", "melds"):
            return ", ".join(str(e) for e in value) if value else "None"
        if self.kind == "money":
            return (money or _cents)(value)
        if self.kind == "rungs":
            return format_rungs(value, scale)
        if self.unit == "points":
            return self.zero if self.zero and value == 0 else str(value // scale)
        return str(value)

    def parse(self, text: str, scale: int = 1, money: MoneyParser | None = None) -> Any:
        """The value from its words (what ``format`` writes, or what a player types).

        Raises ``OptionError`` naming the option and the rule the text breaks.
        """
        text = str(text).strip()
        if self.kind == "choice":
            by_label = {label.lower(): value for value, label in self.choices}
            by_label |= {self.choice_label(v, scale).lower(): v for v, _ in self.choices}
            return self.load(by_label.get(text.lower(), text))
        if self.kind == "money":
            try:
                return (money or _read_cents)(text)
            except OptionError:
                raise
            except ValueError as error:
                raise OptionError(option(self.name), f"{self.label}: {error}") from None
        if self.kind == "endings" and text.lower() == "none":
            return ()
        if self.kind == "rungs":
            return parse_rungs(text, scale, option(self.name))
        if self.zero and text.lower() == self.zero.lower():
            return 0
        value = self.load(text)
        if self.unit == "points" and value is not None:
            return value * scale
        return value


def _parse_bool(spec: OptionSpec, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("1", "true", "on", "yes", "y"):
        return True
    if text in ("0", "false", "off", "no", "n", ""):
        return False
    raise OptionError(option(spec.name), f"{spec.label} must be on or off, not '{raw}'.")


_HUGE = 10**18
"""Stands for a typed number too long to read: above every option's bound (``OPTION_MAXIMA``)."""


def _parse_int(spec: OptionSpec, raw: Any) -> int:
    if isinstance(raw, bool):
        raise OptionError(option(spec.name), f"{spec.label} must be a whole number.")
    if isinstance(raw, int):
        return raw
    text = str(raw).strip()
    digits = text.lstrip("+-")
    if digits.isascii() and digits.isdigit() and len(digits) > 18:
        # Thousands of digits are never handed to int(); validation names the bound.
        return -_HUGE if text.startswith("-") else _HUGE
    try:
        return int(text)
    except ValueError:
        raise OptionError(
            option(spec.name), f"{spec.label} must be a whole number, not '{shown(raw)}'."
        ) from None


def _parse_optional_int(spec: OptionSpec, raw: Any) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "off", "none")):
        return None
    return _parse_int(spec, raw)


def _parse_choice(spec: OptionSpec, raw: Any) -> Any:
    text = str(raw).strip().lower()
    allowed = [value for value, _ in spec.choices]
    if text not in allowed:
        raise OptionError(
            option(spec.name), f"{spec.label} must be one of {', '.join(allowed)}, not '{raw}'."
        )
    if spec.name == "shape":
        return Shape.parse(text)
    enum_type = _CHOICE_ENUMS.get(spec.name)
    return enum_type(text) if enum_type else int(text)


def _parse_endings(spec: OptionSpec, raw: Any) -> tuple[int, ...]:
    if raw is None:
        return ()
    items = raw if isinstance(raw, list | tuple) else str(raw).replace(",", " ").split()
    endings = []
    for item in items:
        text = str(item).strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 2):
            raise OptionError(
                option(spec.name),
                f"{spec.label}: '{shown(item)}' is not a bid ending such as 40 or 90.",
            )
        endings.append(int(text))
    return tuple(sorted(set(endings)))


def _parse_rungs(spec: OptionSpec, raw: Any) -> tuple[Rung, ...]:
    """Rungs from plain data: ``[[600, 50], [1000, 100]]`` in full points, or their words."""
    if raw is None or isinstance(raw, str):
        return parse_rungs(raw or "", 1, option(spec.name))
    rungs = []
    for item in raw if isinstance(raw, list | tuple) else [raw]:
        if isinstance(item, Rung):
            rungs.append(item)
            continue
        pair = item if isinstance(item, list | tuple) else ()
        if len(pair) != 2 or not all(type(n) is int for n in pair):
            raise OptionError(
                option(spec.name),
                f"{spec.label}: '{shown(item)}' is not a pair [from, step] in full points "
                "such as [600, 50].",
            )
        start, step = (max(-_HUGE, min(_HUGE, n)) for n in pair)  # validation names the bound
        rungs.append(Rung(start, step))
    return tuple(rungs)


def _parse_melds(spec: OptionSpec, raw: Any) -> tuple[str, ...]:
    """Meld names (``run, pinochle, aces``) from a list or text, in the table's order."""
    if raw is None or (isinstance(raw, str) and raw.strip().lower() == "none"):
        return ()
    items = raw if isinstance(raw, list | tuple) else str(raw).replace(",", " ").split()
    names = set()
    for item in items:
        name = str(item).strip().lower()
        if name not in BONUS_MELDS:
            raise OptionError(
                option(spec.name),
                f"{spec.label}: '{shown(item)}' is not one of {', '.join(BONUS_MELDS)}.",
            )
        names.add(name)
    return tuple(name for name in BONUS_MELDS if name in names)


_PARSERS = {
    "bool": _parse_bool,
    "choice": _parse_choice,
    "points": _parse_int,
    "int": _parse_int,
    "money": _parse_int,
    "endings": _parse_endings,
    "optional-points": _parse_optional_int,
    "optional-int": _parse_optional_int,
    "rungs": _parse_rungs,
    "melds": _parse_melds,
}
_CHOICE_ENUMS: dict[str, type[enum.Enum]] = {
    "meld_saved_by": MeldSave,
    "surrender": Surrender,
    "bidders_no_trick": NoTrick,
    "both_reach": BothReach,
    "deck": Deck,
    "card_values": CardValues,
    "all_pass": AllPass,
    "sit_out": SitOut,
    "schedule": Schedule,
}
