"""Game systems, their presets and every house-rule option (RULES sections 2 to 6).

A preset is nothing but a default ``Options`` value; a table may change any option. Points
options (bids, thresholds, target) are held in full points; ``scale`` 10 only changes how the
table writes them (``Options.to_table`` / ``Options.from_table``). Money is in whole cents.

Each option's value has two spellings, each a pair owned by its ``OptionSpec``: plain data
(``load`` / ``dump``, for JSON and storage) and words (``parse`` / ``format``, for pages, forms
and the PDF). Money options are held in cents; the engine writes them as ``25¢`` unless the
caller passes its own money formatter and parser (the app passes dollars: ``$0.25``).
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .contract import Contract, MeldSave, NoTrick, Surrender
from .deck import Deck
from .errors import OptionError, Part, Where, option
from .figures import shown
from .ladder import RUNGS_OPTION, BidLadder, Rung, format_rungs, parse_rungs
from .meldtable import (
    AROUNDS_DOUBLING,
    AROUNDS_PAGAT,
    BONUS_MELDS,
    DOUBLE_TRUMP_MARRIAGES,
    ROUNDHOUSE_PARTS,
    ROUNDHOUSE_WHOLE,
)
from .remember import remember_last
from .shape import SHAPES, THREE_HANDED, Shape


class Scoring(enum.Enum):
    """How a game keeps score: chips paid each hand, or points to a target each or by team."""

    CHIPS = "chips"
    EACH = "each"
    TEAMS = "teams"


class GameSystem(enum.Enum):
    """The games a session can be started as: each one a preset of the options below and a
    way of keeping score (``Scoring``) that options cannot change."""

    BROOKLYN = "brooklyn"
    BROOKLYN_POT = "brooklyn-pot"
    HOYLE = "hoyle"
    BISON = "bison"
    PARTNERSHIP = "partnership"
    DOUBLE_DECK = "double-deck"
    SIX_HANDED = "six-handed"
    EIGHT_HANDED = "eight-handed"
    TWO_HANDED = "two-handed"
    CUTTHROAT = "cutthroat"
    SIX_TWO_PACKS = "six-two-packs"
    EIGHT_TWO_PACKS = "eight-two-packs"

    @property
    def label(self) -> str:
        """Name shown to players."""
        return _SYSTEM_LABELS[self]

    @property
    def scoring(self) -> Scoring:
        """Chips each hand, points each for themselves, or points by team."""
        return _SCORING[self]

    @property
    def is_chip_game(self) -> bool:
        """True when every hand is settled in chips times the stake."""
        return self.scoring is Scoring.CHIPS

    @property
    def is_cumulative(self) -> bool:
        """True when points accumulate to a target (each for themselves, or by team)."""
        return not self.is_chip_game

    @property
    def has_kitty(self) -> bool:
        """True when the imaginary kitty player pays and collects (hoyle)."""
        return self is GameSystem.HOYLE

    @property
    def has_pot(self) -> bool:
        """True when players ante into a pot that a big bid takes (brooklyn-pot)."""
        return self is GameSystem.BROOKLYN_POT

    @property
    def is_partnership(self) -> bool:
        """True when partners score as a team."""
        return self.scoring is Scoring.TEAMS

    @property
    def everyone_melds(self) -> bool:
        """True when every player melds; otherwise only the declarer does."""
        return self.is_cumulative

    @property
    def player_range(self) -> tuple[int, int]:
        """Fewest and most players at the table."""
        if self.is_cumulative:
            players = PRESETS[self].shape.players
            return players, players
        return _CHIP_PLAYER_RANGE[self]

    @property
    def outcomes_without_options(self) -> frozenset[str]:
        """Outcome names this system knows before options are applied."""
        if self.scoring is Scoring.EACH:
            return frozenset({"made", "set", "conceded", "renege"})
        if self.scoring is Scoring.TEAMS:
            return frozenset({"made", "set", "conceded"})
        if self.has_kitty:
            return frozenset({"made", "set", "conceded", "forfeit", "opponents-conceded"})
        return frozenset({"made", "set", "conceded"})


_SYSTEM_LABELS = {
    GameSystem.BROOKLYN: "Brooklyn (chips)",
    GameSystem.BROOKLYN_POT: "Brooklyn with a pot",
    GameSystem.HOYLE: "Hoyle (chips and the kitty)",
    GameSystem.BISON: "Bison (points to 1500)",
    GameSystem.PARTNERSHIP: "Partnership",
    GameSystem.DOUBLE_DECK: "Double-deck partnership (to 500)",
    GameSystem.SIX_HANDED: "Six-handed (double deck)",
    GameSystem.EIGHT_HANDED: "Eight-handed (double deck)",
    GameSystem.TWO_HANDED: "Two-handed",
    GameSystem.CUTTHROAT: "Four-handed cutthroat",
    GameSystem.SIX_TWO_PACKS: "Six-handed, two packs (96 cards)",
    GameSystem.EIGHT_TWO_PACKS: "Eight-handed, two packs (96 cards)",
}
_SCORING = {
    GameSystem.BROOKLYN: Scoring.CHIPS,
    GameSystem.BROOKLYN_POT: Scoring.CHIPS,
    GameSystem.HOYLE: Scoring.CHIPS,
    GameSystem.BISON: Scoring.EACH,
    GameSystem.TWO_HANDED: Scoring.EACH,
    GameSystem.CUTTHROAT: Scoring.EACH,
    GameSystem.PARTNERSHIP: Scoring.TEAMS,
    GameSystem.DOUBLE_DECK: Scoring.TEAMS,
    GameSystem.SIX_HANDED: Scoring.TEAMS,
    GameSystem.EIGHT_HANDED: Scoring.TEAMS,
    GameSystem.SIX_TWO_PACKS: Scoring.TEAMS,
    GameSystem.EIGHT_TWO_PACKS: Scoring.TEAMS,
}
_CHIP_PLAYER_RANGE = {
    GameSystem.BROOKLYN: (3, 4),
    GameSystem.BROOKLYN_POT: (3, 8),
    GameSystem.HOYLE: (3, 5),
}


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


@dataclass(frozen=True, slots=True)
class Options:
    """Every house-rule option of a session; points in full points, money in cents."""

    system: GameSystem
    # the cards (RULES 1)
    deck: Deck = Deck.SINGLE
    shape: Shape = THREE_HANDED
    kitty_size: int = 3  # cards in the kitty (widow) of a single-deck auction (RULES 2.8)
    # meld (RULES 2)
    double_meld_bonus: bool = False
    roundhouse_with_run: int = 350
    double_trump_marriage: int = 80
    # meld rules from our seed documents (RULES 2.10)
    double_bonus_melds: tuple[str, ...] = tuple(BONUS_MELDS)  # under double_meld_bonus
    double_marriage_value: int = 0  # a plain suit's double marriage; 0: two singles (40)
    run_extras: bool = False  # each spare trump K or Q beside a run adds 40
    # meld with a double deck (RULES 2.9): the published table and its variants
    npa_meld: bool = False
    double_deck_arounds: int = AROUNDS_PAGAT
    double_roundhouse: int = ROUNDHOUSE_PARTS
    # tricks (RULES 3)
    card_values: CardValues = CardValues.CLASSIC
    discards_count: bool = True  # the declarer's buried cards count in their tricks (RULES 3.6)
    scale: int = 1
    # bidding (RULES 4)
    min_bid: int = 300
    bid_step: int = 10
    bid_rungs: tuple[Rung, ...] = ()  # wider steps from some bids up (RULES 4.2)
    compulsory_bid: int = 300  # Hoyle's compulsory first bid, the one a forfeit gives up
    forbidden_endings: tuple[int, ...] = ()
    all_pass: AllPass = AllPass.THROW_IN
    trump_needs_meld: bool = False  # trump only where the declarer melds (RULES 4.6)
    auction: bool = True
    # chip games (RULES 5)
    sit_out: SitOut = SitOut.RIGHT_OF_DEALER
    schedule: Schedule = Schedule.BROOKLYN
    spades_double: bool = True
    hearts_triple: bool = False
    set_factor: int = 2
    stake: int = 10
    kitty_threshold: int = 350
    ante: int = 25
    pot_threshold: int = 400
    even_deals: bool = False  # show deals per player and when the round is even (RULES 5.9)
    # cumulative games (RULES 6)
    target: int = 1500
    negative_floor: int | None = None
    target_raise: int = 0
    fixed_deals: int | None = None
    both_reach: BothReach = BothReach.BIDDERS_MADE
    game_stake: int = 0
    set_stake: int = 0
    # the contract of a partnership hand (RULES 6.2)
    meld_minimum: int = 0
    meld_saved_by: MeldSave = MeldSave.A_TRICK_POINT
    meld_save_points: int = 200
    bidders_save_meld: bool = False
    set_keeps_meld: bool = False
    set_to_opponents: bool = False
    surrender: Surrender = Surrender.MELD
    bidders_no_trick: NoTrick = NoTrick.USUAL
    summed_bids: bool = False  # every team's bid a contract, partners' bids summed (RULES 6.6)

    @classmethod
    def preset(cls, name: str | GameSystem) -> Options:
        """The default options of a game system (``Options.preset("hoyle")``)."""
        system = name if isinstance(name, GameSystem) else parse_system(name)
        return PRESETS[system]

    @property
    def hand_size(self) -> int:
        """Most cards a player melds from: the deck shared out among those dealt in, less a
        three-handed widow (which the declarer's 15 already replaces). Two-handed, each player
        sees 12 dealt and 12 drawn from the stock, and melds from them as tricks are won. With a
        kitty (``kitty_size``, seed 003) the declarer discards as many as the kitty held, so
        every hand melded from is the deck less the kitty, shared out: 14 with three and 6,
        11 with four and 4."""
        widow = self.kitty_size if self.applies("kitty_size") else None
        return _hand_size(self.deck, self.shape.players, widow)

    @property
    def contract(self) -> Contract:
        """What each side of a partnership hand scores, under these options."""
        return _contract(self)

    @property
    def has_teams(self) -> bool:
        """True when partners score together."""
        return self.shape.has_teams

    @property
    def outcomes(self) -> frozenset[str]:
        """Outcome names a hand may have under these options."""
        return _outcomes(self.system, self.all_pass, self.auction)

    def applies(self, name: str) -> bool:
        """True when option ``name`` means something in this game system."""
        return self.system in OPTION_SPECS[name].systems

    def matters(self, name: str) -> bool:
        """True when option ``name`` can change something in this game: it applies to the
        system and to this deck, shape and bidding (a double deck's meld table means nothing
        with a single deck; a minimum bid, nothing without bidding)."""
        if not self.applies(name):
            return False
        rule = _MATTERS.get(name)
        return rule is None or rule(self)

    # -- scale: the table's figures and full points, a parse/format pair -----------------
    def from_table(self, figure: int) -> int:
        """Full points from a figure as the table writes it (25 at scale 10 is 250)."""
        return figure * self.scale

    def to_table(self, points: int) -> int:
        """A full-points figure as the table writes it (250 at scale 10 is 25)."""
        return points // self.scale

    # -- serialisation: a parse/format pair ----------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Options as plain JSON data: the system and each option that applies to it."""
        data: dict[str, Any] = {"system": self.system.value}
        for name, spec in OPTION_SPECS.items():
            if self.system in spec.systems:
                data[name] = spec.dump(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Options from plain data (a form or JSON); missing options keep the preset's value."""
        if "system" not in data:
            raise OptionError(Where(Part.SYSTEM), "Choose a game system.")
        base = cls.preset(str(data["system"]))
        changes: dict[str, Any] = {}
        for name, raw in data.items():
            if name == "system":
                continue
            spec = OPTION_SPECS.get(name)
            if spec is None:
                raise OptionError(option(name), f"'{name}' is not a house-rule option.")
            if base.system not in spec.systems:
                raise OptionError(
                    option(name), f"{spec.label} does not apply to {base.system.label}."
                )
            changes[name] = spec.load(raw)
        options = replace(base, **changes)
        options.validate()
        return options

    def changed_from_preset(self) -> dict[str, Any]:
        """The options that differ from the preset's defaults, as plain data."""
        preset = PRESETS[self.system].to_dict()
        return {k: v for k, v in self.to_dict().items() if preset.get(k) != v}

    def validate(self, players: int | None = None) -> None:
        """Refuse an option set that cannot be played (and, given, a player count)."""
        _validate(self, players)


@remember_last
def _contract(o: Options) -> Contract:
    """The contract of ``o``, worked out once for a replay, which asks on every hand."""
    return Contract(
        o.meld_minimum,
        o.meld_saved_by,
        o.meld_save_points,
        o.bidders_save_meld,
        o.set_keeps_meld,
        o.set_to_opponents,
        o.surrender,
        o.deck.trick_points,
        o.bidders_no_trick,
    )


@functools.cache
def _hand_size(deck: Deck, players: int, kitty: int | None) -> int:
    if kitty is None:
        kitty = 3 if deck is Deck.SINGLE and players == 3 else 0
    return deck.hand_size(players, kitty)


@functools.cache
def _outcomes(system: GameSystem, all_pass: AllPass, auction: bool) -> frozenset[str]:
    if not auction:
        return frozenset({"played", "misdeal"})
    names = set(system.outcomes_without_options) | {"misdeal"}
    if all_pass is AllPass.THROW_IN:
        names.add("all-pass")
    if all_pass is not AllPass.COMPULSORY_FIRST_BID:
        names.discard("forfeit")  # only a compulsory bid can be forfeited
    return frozenset(names)


def parse_system(name: str) -> GameSystem:
    """The game system named ``name`` (``brooklyn``, ``brooklyn-pot``, ``hoyle``, ...)."""
    try:
        return GameSystem(str(name).strip().lower())
    except ValueError:
        known = ", ".join(system.value for system in GameSystem)
        raise OptionError(
            Where(Part.SYSTEM), f"'{name}' is not a game system; choose one of {known}."
        ) from None


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
    systems: frozenset[GameSystem]
    choices: tuple[tuple[str, str], ...] = ()
    zero: str = ""  # a points option's 0 in words, where 0 means something else: "Two marriages"

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

    def choice_label(self, value: str) -> str:
        """The words shown for one of the choices."""
        return dict(self.choices).get(value, value)

    def format(self, value: Any, scale: int = 1, money: MoneyFormatter | None = None) -> str:
        """The value in words, as the table writes it: points divided by ``scale``.

        ``money`` formats a cents value (default ``25¢``); ``parse`` reads the text back.
        """
        if self.kind == "bool":
            return "On" if value else "Off"
        if value is None:
            return "None"
        if self.kind == "choice":
            return self.choice_label(str(self.dump(value)))
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

_ALL = frozenset(GameSystem)
_CHIPS = frozenset(s for s in GameSystem if s.is_chip_game)
_CUMULATIVE = frozenset(s for s in GameSystem if s.is_cumulative)
_EACH = frozenset(s for s in GameSystem if s.scoring is Scoring.EACH)
_TEAMS = frozenset(s for s in GameSystem if s.scoring is Scoring.TEAMS)
_KITTY_GAMES = _CHIPS | {GameSystem.BISON, GameSystem.PARTNERSHIP}  # single deck, an auction


def _spec(
    name: str,
    label: str,
    help: str,
    kind: str,
    systems: Iterable[GameSystem],
    choices: Iterable[tuple[str, str]] = (),
    zero: str = "",
) -> OptionSpec:
    return OptionSpec(name, label, help, kind, frozenset(systems), tuple(choices), zero)


OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        _spec(
            "deck",
            "Deck",
            "Single: 48 cards, A 10 K Q J 9 twice over. Double: 80 cards, A 10 K Q J four "
            "times over (two single decks without their nines). Two packs with nines: 96 "
            "cards, A 10 K Q J 9 four times over, six or eight players in two teams.",
            "choice",
            _ALL,
            tuple((deck.value, deck.label) for deck in Deck),
        ),
        _spec(
            "shape",
            "Players and teams",
            "How many are dealt in and who partners whom. Partners never sit side by side: "
            "with four, seats 1 and 3 play 2 and 4; with six in three teams, 1 and 4, 2 and 5, "
            "3 and 6.",
            "choice",
            _CUMULATIVE,
            tuple((str(shape), shape.label) for shape in SHAPES),
        ),
        _spec(
            "kitty_size",
            "Cards in the kitty",
            "The kitty (widow) the bid winner takes up, discarding as many cards: 3 with three "
            "players, none with four. Wikipedia's Pinochle article (seed 003): 'a 4 card kitty "
            "(3 or 6 cards for three players)'. Each player then melds from the deck less the "
            "kitty, shared out: 14 cards with three and 6, 11 with four and 4.",
            "choice",
            _KITTY_GAMES,
            (
                ("3", "3 cards (three players)"),
                ("6", "6 cards (three players, seed 003)"),
                ("0", "None (four players)"),
                ("4", "4 cards (four players, seed 003)"),
            ),
        ),
        _spec(
            "double_meld_bonus",
            "Double meld bonus",
            "A double meld scores the big figure: double run 1500, double pinochle 300, "
            "eight aces 1000. Off: a double is worth exactly two singles.",
            "bool",
            _ALL,
        ),
        _spec(
            "roundhouse_with_run",
            "Roundhouse with a run",
            "K and Q of every suit plus a run sharing the trump K and Q: 350 counts the trump "
            "marriage once; 390 counts it beside the run as well.",
            "choice",
            _ALL,
            (("350", "350"), ("390", "390")),
        ),
        _spec(
            "double_trump_marriage",
            "Double trump marriage",
            "Both kings and queens of trump: 80 (two royal marriages), 240 as in St Joseph, "
            "Missouri (Bison, seed 001), where run and double marriage together make 390, or "
            "400 (Wikipedia's Pinochle, seed 003: 'a double marriage in trump is worth 400'), "
            "which likewise may share a run's K and Q: 550 with the run.",
            "choice",
            _ALL,
            (("80", "80"), ("240", "240 (St Joseph)"), ("400", "400 (Wikipedia)")),
        ),
        _spec(
            "double_bonus_melds",
            "Doubles with the bonus",
            "Under the double meld bonus, the melds whose double scores the big figure (run, "
            "pinochle, aces, kings, queens, jacks); the others score two singles. Bison (seed "
            "001): 'some play with no special score for some or all of the double melds, so "
            "that for example a double rope may be worth only 300.'",
            "melds",
            _ALL,
        ),
        _spec(
            "double_marriage_value",
            "Double marriage in a plain suit",
            "Both kings and queens of a suit other than trump as one meld, at the figure the "
            "table names; 0: two marriages, 40. Bison (seed 001): 'some add special scores for "
            "double marriages' (the seed gives no figure).",
            "points",
            _ALL,
            zero="Two marriages",
        ),
        _spec(
            "run_extras",
            "Run with extra K or Q",
            "A spare trump king or queen beside a run adds 40 each: run and single marriage "
            "190, run and double marriage 230 (the four-player blog, seed 004; Parlett). "
            "Off: a spare K or Q alone adds nothing and a spare K and Q are a royal marriage.",
            "bool",
            _ALL,
        ),
        _spec(
            "npa_meld",
            "NPA meld values",
            "Double deck: the National Pinochle Association's figures, a single run 250 instead "
            "of 150 and a single pinochle 150 instead of 40 (25 and 15 without the trailing "
            "zero); doubles and more keep the table's figures.",
            "bool",
            _TEAMS,  # only a team game is dealt from a double deck
        ),
        _spec(
            "double_deck_arounds",
            "Arounds with a double deck",
            "What three and four of an around are worth. Pagat: half as much again and twice the "
            "double (aces 100, 1000, 1500, 2000). Doubling: each copy doubles the last (aces "
            "100, 1000, 2000, 4000).",
            "choice",
            _TEAMS,  # only a team game is dealt from a double deck
            (
                (str(AROUNDS_PAGAT), "Pagat: aces 100, 1000, 1500, 2000"),
                (str(AROUNDS_DOUBLING), "Doubling: aces 100, 1000, 2000, 4000"),
            ),
        ),
        _spec(
            "double_roundhouse",
            "Double roundhouse",
            "Double deck: two kings and two queens of every suit. 1600 is the sum of its parts "
            "(kings 800, queens 600, two royal marriages and six marriages); 2400 scores it as "
            "a meld of its own.",
            "choice",
            _TEAMS,  # only a team game is dealt from a double deck
            ((str(ROUNDHOUSE_PARTS), "1600, its parts"), (str(ROUNDHOUSE_WHOLE), "2400")),
        ),
        _spec(
            "card_values",
            "Card values",
            "How tricks count. Classic: A 11, 10 10, K 4, Q 3, J 2. Simple: A and 10 10, K and Q "
            "5. Counters: A, 10, K 10 each. Last trick 10; always 250 in all.",
            "choice",
            _ALL,
            (
                ("classic", "Classic (11-10-4-3-2)"),
                ("simple", "Simple (10-10-5-5)"),
                ("counters", "Counters (10-10-10)"),
            ),
        ),
        _spec(
            "discards_count",
            "Buried cards count for the declarer",
            "On: the cards the declarer discards after taking the kitty count in their tricks. "
            "Off: they count for nobody, 'depending on the pre-established rules' (Wikipedia, "
            "seed 003): enter the declarer's tricks without them (Bison, and partnership where "
            "each team then enters its own: the takes may add up to less by what the kitty "
            "could bury).",
            "bool",
            _KITTY_GAMES,
        ),
        _spec(
            "scale",
            "Drop the trailing zero",
            "10 divides every figure by ten (counters worth 1, game to 150). Needs the counters "
            "card values.",
            "choice",
            _ALL,
            (("1", "No (250, 1500)"), ("10", "Yes (25, 150)")),
        ),
        _spec("min_bid", "Minimum bid", "The lowest bid allowed.", "points", _ALL),
        _spec("bid_step", "Bid step", "Bids go up in steps of this many points.", "points", _ALL),
        _spec(
            RUNGS_OPTION,
            "Wider bid steps",
            "From some bid up, bids may go up in bigger steps, written like 'from 600 in "
            "fifties' (or 600:50). Double deck (pagat): 500, 510 ... 600, then 650, 700; Joe "
            "Andrews also goes in hundreds from 1000. Each starts on a bid below it and widens "
            "the step. Empty: the bid step all the way.",
            "rungs",
            _ALL,
        ),
        _spec(
            "compulsory_bid",
            "Compulsory first bid",
            "Under 'Compulsory first bid', the player left of the dealer must open at this bid, "
            "and only it may be forfeited (unseen, paying the kitty). Hoyle's rules (seed 002): "
            "300, or 250 'in many games'.",
            "choice",
            {GameSystem.HOYLE},
            (("300", "300 (Hoyle)"), ("250", "250 (Hoyle's variation)")),
        ),
        _spec(
            "forbidden_endings",
            "Forbidden bid endings",
            "Bids may not end in these (Brooklyn forbids 40 and 90: no 340, 390, 440). "
            "Leave empty to allow every ending.",
            "endings",
            _ALL,
        ),
        _spec(
            "all_pass",
            "When everyone passes",
            "Dealer takeover: the 300 bidder may make the dealer play at 250. Dealer must bid: "
            "the last to speak bids the minimum. Compulsory first bid: the player left of the "
            "dealer holds 300 (Hoyle: or 250) and may forfeit. Throw in: no score, next dealer.",
            "choice",
            _ALL,
            (
                ("dealer-takeover", "Dealer takeover at 250"),
                ("dealer-must-bid", "Dealer must bid"),
                ("compulsory-first-bid", "Compulsory first bid of 300 (or 250)"),
                ("throw-in", "Throw in, next dealer deals"),
            ),
        ),
        _spec(
            "trump_needs_meld",
            "Trump needs a meld",
            "The declarer may name trump only in a suit where they hold a run, a marriage or "
            "the dix: a house rule in Wikipedia's Pinochle article (seed 003). Checked when the "
            "declarer's meld is entered as cards; named melds and a figure cannot show it.",
            "bool",
            _KITTY_GAMES | _TEAMS,
        ),
        _spec(
            "auction",
            "Bidding",
            "On: an auction, a declarer and a bid to make or be set. Off (two-handed, Parlett's "
            "cutthroat, Bicycle's partnership game): trump is turned up and each player, or "
            "each team, scores its meld and tricks; one that wins no trick loses its meld.",
            "bool",
            _CUMULATIVE,
        ),
        _spec(
            "sit_out",
            "Who sits out",
            "With more than three at the table, who gets no cards this hand (they still pay "
            "and collect as an opponent of the declarer).",
            "choice",
            _CHIPS,
            (
                ("right-of-dealer", "The player to the dealer's right (4 players)"),
                ("dealer", "The dealer (4 players)"),
                (
                    "dealer-and-second-left",
                    "The dealer, and with 5 also the second player to the dealer's left",
                ),
                (
                    "three-left-play",
                    "The three players to the dealer's left play; the rest sit out",
                ),
            ),
        ),
        _spec(
            "schedule",
            "Payment schedule",
            "Chips the declarer wins from each opponent for a made bid, by bid.",
            "choice",
            _CHIPS,
            (
                ("brooklyn", "Brooklyn: 1, 2, 4, 8, 16, 32"),
                ("brooklyn-gentle-a", "Gentle A: 1, 2, 4, 6, 8, 10, 12"),
                ("brooklyn-gentle-b", "Gentle B: 1, 3, 7, 10, 13, 16, 19"),
                ("brooklyn-gentle-c", "Gentle C: 2, 3, 4, 5, 6, 7, 8"),
                ("hoyle", "Hoyle: 3, 5, 10, 15, 20, 25, 30"),
                ("hoyle-doubling", "Hoyle doubling: 3, 5, 10, 20, 40, ..."),
                ("hoyle-plus-two", "Hoyle plus two: 1, 2, 4, 6, 8, ..."),
                ("hoyle-plus-one", "Hoyle plus one: 3, then 5, 6, 7, ... per 10 points"),
                ("pot", "Pot: one chip per full 50 points bid"),
            ),
        ),
        _spec(
            "spades_double",
            "Spades double",
            "Every payment is doubled when spades are trump.",
            "bool",
            _CHIPS,
        ),
        _spec(
            "hearts_triple",
            "Hearts triple",
            "Every payment is tripled when hearts are trump.",
            "bool",
            _CHIPS,
        ),
        _spec(
            "set_factor",
            "Set factor",
            "A declarer who plays and loses pays each opponent this many times the win value.",
            "int",
            _CHIPS,
        ),
        _spec(
            "stake",
            "Stake per chip",
            "Money per chip, in dollars and cents: 0.10 is ten cents a chip.",
            "money",
            _CHIPS,
        ),
        _spec(
            "kitty_threshold",
            "Kitty joins at",
            "From this bid up, the kitty pays and collects like one more opponent.",
            "points",
            {GameSystem.HOYLE},
        ),
        _spec(
            "ante",
            "Ante",
            "What every player puts in the pot at the start and after it is won, "
            "in dollars and cents (0.25 is 25 cents; a whole number of chips).",
            "money",
            {GameSystem.BROOKLYN_POT},
        ),
        _spec(
            "pot_threshold",
            "Pot taken at",
            "A declarer who makes a bid this big or bigger also takes the pot.",
            "points",
            {GameSystem.BROOKLYN_POT},
        ),
        _spec(
            "even_deals",
            "Count deals to an even round",
            "Show how many times each player has dealt and say when everyone has dealt as "
            "often as everyone else. Brooklyn (seed 000) has no fixed end: 'ideally after each "
            "player has dealt an equal number of times'. A misdeal is not a deal.",
            "bool",
            _CHIPS,
        ),
        _spec("target", "Game to", "Points that win the game.", "points", _CUMULATIVE),
        _spec(
            "negative_floor",
            "Negative floor",
            "If a score falls below this while someone is above 0, the game ends and the highest "
            "score wins. Empty: no floor.",
            "optional-points",
            _EACH,
        ),
        _spec(
            "target_raise",
            "Target rises on a tie",
            "When two or more players (or teams, in a team game without a bid) pass the "
            "target on the same hand, the target goes up by this much and play goes on "
            "(Parlett: 250). 0: the higher score wins.",
            "points",
            _CUMULATIVE,
            zero="No: the higher score wins",
        ),
        _spec(
            "fixed_deals",
            "Fixed number of deals",
            "Play this many deals and the highest score wins. Empty: play to the target.",
            "optional-int",
            _EACH,
        ),
        _spec(
            "both_reach",
            "Both teams past the target",
            "Who wins when the teams pass the target on the same hand. The bidders, if they "
            "made their bid (else the higher score). Or the higher score, as the four-player "
            "blog (seed 004) plays: 'the first team to reach 150 points wins', and a tie at "
            "150 or more is decided by the next hand.",
            "choice",
            _TEAMS,
            (
                ("bidders-made", "The bidders, if they made their bid"),
                ("higher", "The higher score; a tie plays another hand (seed 004)"),
            ),
        ),
        _spec(
            "game_stake",
            "Game stake",
            "Money each loser pays the game's winner, in dollars and cents (0: not for money). In "
            "partnership each player of the losing team pays one player of the winning team.",
            "money",
            _CUMULATIVE,
        ),
        _spec(
            "set_stake",
            "Set stake",
            "Money per set paid to the game's winner, in dollars and cents: one for a single set, "
            "two for a double set.",
            "money",
            _EACH,
        ),
        _spec(
            "meld_minimum",
            "Meld to be on the board",
            "A side's meld below this counts nothing (double deck: 20). 0: every meld counts.",
            "points",
            _TEAMS,
            zero="Every meld counts",
        ),
        _spec(
            "meld_saved_by",
            "A side saves its meld with",
            "What a side must take in tricks to score its meld and tricks: any trick point, at "
            "least 'Trick points to save meld' (a side under it scores nothing for the hand), "
            "or nothing at all.",
            "choice",
            _TEAMS,
            (
                ("a-trick-point", "Any trick point"),
                ("points", "At least the trick points below"),
                ("nothing", "Nothing: meld always counts"),
            ),
        ),
        _spec(
            "meld_save_points",
            "Trick points to save meld",
            "With 'At least the trick points below': a side keeps its meld only when it takes "
            "this many in tricks (double deck: 20 counters).",
            "points",
            _TEAMS,
        ),
        _spec(
            "bidders_save_meld",
            "Bidders must save their meld too",
            "On: the bidding side's meld counts toward the bid only when it is saved as well. "
            "Off: only the other side must save its meld.",
            "bool",
            _TEAMS,
        ),
        _spec(
            "set_keeps_meld",
            "A set side keeps its meld",
            "On: a bidding side that is set loses the bid but still scores its meld. Off: it "
            "loses the bid and its meld.",
            "bool",
            _TEAMS,
        ),
        _spec(
            "set_to_opponents",
            "Set goes to the other side",
            "On ('progressive'): a set bid is added to the other side's score instead of taken "
            "from the bidders'. Off ('traditional'): the bidders lose it.",
            "bool",
            _TEAMS,
        ),
        _spec(
            "surrender",
            "When the bidders give up, the other side scores",
            "What the other side scores when the bidders concede before play (no marriage in "
            "trump, too little meld): nothing, its meld, or its meld and half or all the trick "
            "points.",
            "choice",
            _TEAMS,
            (
                ("nothing", "Nothing"),
                ("meld", "Its meld"),
                ("meld-and-half", "Its meld and half the trick points"),
                ("meld-and-all", "Its meld and all the trick points"),
            ),
        ),
        _spec(
            "bidders_no_trick",
            "Bidders who take no trick",
            "What a bidding side that took no trick point scores. As usual: its meld and tricks "
            "when they reach the bid. Nothing: the four-player blog (seed 004), 'if the bidding "
            "team took no tricks, then they also cannot receive any positive points' (a set "
            "still costs the bid). Set: they lose the bid however much they melded.",
            "choice",
            _TEAMS,
            (
                ("as-usual", "Score as usual"),
                ("zero", "Nothing positive (seed 004)"),
                ("set", "They are set"),
            ),
        ),
        _spec(
            "summed_bids",
            "Every team's bid a contract",
            "On: each player bids on their own and partners' bids are summed (Wikipedia's "
            "Pinochle article, seed 003). The highest bidder names trump; every team's sum is "
            "its contract, so any team can make it or be set. Off: only the winning bid counts.",
            "bool",
            _TEAMS,
        ),
    )
}


MAX_POINTS = 100_000
"""The largest points option (a minimum bid, a target), in full points."""

MAX_STAKE = 100_000
"""The largest money option (stake per chip, ante, game and set stakes): $1,000.00."""

OPTION_MAXIMA: dict[str, int] = {
    "min_bid": MAX_POINTS,
    "bid_step": MAX_POINTS,
    "kitty_threshold": MAX_POINTS,
    "pot_threshold": MAX_POINTS,
    "target": MAX_POINTS,
    "target_raise": MAX_POINTS,
    "meld_minimum": MAX_POINTS,
    "meld_save_points": MAX_POINTS,
    "double_marriage_value": MAX_POINTS,
    "negative_floor": MAX_POINTS,  # its size below 0
    "fixed_deals": 1000,
    "set_factor": 10,
    "stake": MAX_STAKE,
    "ante": MAX_STAKE,
    "game_stake": MAX_STAKE,
    "set_stake": MAX_STAKE,
}
"""Every whole-number option's bound, so no figure outgrows the table or the database."""


def _bound_text(name: str, bound: int, scale: int) -> str:
    kind = OPTION_SPECS[name].kind
    if kind == "money":
        return f"${bound // 100:,}.{bound % 100:02d}"
    if kind in ("points", "optional-points"):
        return f"{bound // scale:,}"
    return f"{bound:,}"


def bound_problem(name: str, scale: int = 1) -> str:
    """The message for option ``name`` beyond its bound: ``Stake per chip is at most $1,000.00.``"""
    return f"{OPTION_SPECS[name].label} is at most {_bound_text(name, OPTION_MAXIMA[name], scale)}."


def _check_bounds(o: Options) -> None:
    """Refuse a whole-number option beyond its bound (``OPTION_MAXIMA``), naming the bound."""
    for name, bound in OPTION_MAXIMA.items():
        if o.system not in OPTION_SPECS[name].systems:
            continue
        value = getattr(o, name)
        if value is None:
            continue
        label = OPTION_SPECS[name].label
        if name == "negative_floor":
            if value < -bound:
                text = _bound_text(name, bound, o.scale)
                raise OptionError(option(name), f"{label} is at least -{text}.")
        elif value > bound:
            raise OptionError(option(name), bound_problem(name, o.scale))


def _validate(options: Options, players: int | None) -> None:
    o = options
    if o.scale not in (1, 10):
        raise OptionError(option("scale"), "Scale must be 1 or 10.")
    _check_bounds(o)  # after the scale: the bounds are written at the table's scale
    _validate_composition(o)  # the deck, the shape and the scoring: the clash named first
    if o.scale == 10 and o.card_values is not CardValues.COUNTERS:
        raise OptionError(
            option("scale"),
            "Dropping the trailing zero needs the counters card values: "
            f"{o.card_values.value} values (such as 11, 4, 3, 2) cannot be divided by 10.",
        )
    if o.roundhouse_with_run not in (350, 390):
        raise OptionError(option("roundhouse_with_run"), "Roundhouse with a run is 350 or 390.")
    if o.double_trump_marriage not in DOUBLE_TRUMP_MARRIAGES:
        raise OptionError(
            option("double_trump_marriage"), "A double trump marriage is 80, 240 or 400."
        )
    _validate_meld_deck(o)
    _validate_source_meld(o)
    ladder = _validate_ladder(o)
    for ending in o.forbidden_endings:
        if not 0 <= ending <= 90 or ending % 10:
            raise OptionError(
                option("forbidden_endings"),
                f"Forbidden bid endings are the last two digits of a bid, such as 40 or 90; "
                f"{ending} is not one.",
            )
    if len(o.forbidden_endings) >= 10:
        raise OptionError(
            option("forbidden_endings"), "Forbidding every ending leaves no legal bid."
        )
    if o.min_bid % 100 in o.forbidden_endings:
        raise OptionError(
            option("min_bid"),
            f"The minimum bid {o.min_bid} ends in {o.min_bid % 100}, which is forbidden.",
        )
    _validate_kitty_size(o)
    _validate_compulsory_bid(o, ladder)
    _validate_summed_bids(o)
    if o.system.is_chip_game:
        _validate_chips(o)
    else:
        _validate_cumulative(o)
    if players is not None:
        validate_player_count(o, players)


SINGLE_DECK_SHAPES = (Shape(2), Shape(3), Shape(4), Shape(4, 2))
DOUBLE_DECK_SHAPES = (Shape(4, 2), Shape(6, 2), Shape(6, 3), Shape(8, 2), Shape(8, 4))


def _clash(first: str, second: str, why: str) -> OptionError:
    """Two options that cannot be played together, both named (the error sits at the first)."""
    labels = f"'{OPTION_SPECS[first].label}' and '{OPTION_SPECS[second].label}'"
    return OptionError(option(first), f"{labels} clash: {why}")


NINES_SHAPES = (Shape(6, 3), Shape(8, 4))
"""What two packs with nines seat: the source's six and eight in two partnerships."""
_SHAPES = {
    Deck.SINGLE: SINGLE_DECK_SHAPES,
    Deck.DOUBLE: DOUBLE_DECK_SHAPES,
    Deck.NINES: NINES_SHAPES,
}


def _validate_composition(o: Options) -> None:
    """The deck, the shape and the way of scoring fit together."""
    if o.deck is not Deck.SINGLE:
        if o.system.is_chip_game:
            raise OptionError(
                option("deck"),
                f"{o.system.label} is played with a single deck (three dealt in and a widow); "
                f"no source deals it from a {o.deck.phrase}.",
            )
        if o.deck is Deck.DOUBLE and o.card_values is not CardValues.COUNTERS:
            raise _clash(
                "card_values",
                "deck",
                "a double deck counts only aces, tens and kings (1 each, the last trick 2).",
            )
        if o.double_meld_bonus:
            raise _clash(
                "double_meld_bonus",
                "deck",
                f"a {o.deck.phrase}'s meld table has its own doubles, triples and quadruples.",
            )
    if o.system.is_chip_game:
        if o.shape != Shape(3):
            raise OptionError(option("shape"), f"{o.system.label} deals three players in.")
        return
    allowed = _SHAPES[o.deck]
    if o.shape not in allowed:
        fits = ", ".join(shape.label.lower() for shape in allowed)
        raise _clash(
            "shape",
            "deck",
            f"{o.shape.label.lower()} is not dealt from a {o.deck.phrase}; it seats {fits}.",
        )
    if o.system.is_partnership != o.shape.has_teams:
        needs = "partners in teams" if o.system.is_partnership else "each player for themselves"
        raise OptionError(
            option("shape"),
            f"{o.system.label} is scored with {needs}, not {o.shape.label.lower()}.",
        )
    if o.system.is_partnership:
        _validate_team_auction(o)


_BIDDERS_ONLY: dict[str, Any] = {
    "trump_needs_meld": False,
    "bidders_save_meld": False,
    "set_keeps_meld": False,
    "set_to_opponents": False,
    "surrender": Surrender.MELD,
    "bidders_no_trick": NoTrick.USUAL,
    "both_reach": BothReach.BIDDERS_MADE,
    "kitty_size": 0,
    "summed_bids": False,
}
"""The team options that concern only a bidding side, with the value that leaves a team game
without a bid alone (RULES 6.4): any other value is refused with ``auction`` off."""


def _validate_team_auction(o: Options) -> None:
    """A team game without a bid has no bidders: their options keep the value that changes
    nothing; with a bid, ``both_reach`` and not ``target_raise`` says who wins a tie."""
    if o.auction:
        if o.target_raise:
            raise _clash(
                "target_raise",
                "auction",
                "with a bid, 'Both teams past the target' says who wins when two teams pass "
                "it on one hand: set the rise to 0, or turn 'Bidding' off.",
            )
        return
    for name, alone in _BIDDERS_ONLY.items():
        value = getattr(o, name)
        if value != alone and o.applies(name):
            spec = OPTION_SPECS[name]
            raise _clash(
                name,
                "auction",
                f"with 'Bidding' off there are no bidders, so '{spec.label}' at "
                f"'{spec.format(value, o.scale)}' changes nothing: set it back to "
                f"'{spec.format(alone, o.scale)}', or turn 'Bidding' on.",
            )


KITTY_SIZES = {3: (3, 6), 4: (0, 4)}
"""The kitties seed 003 deals, by players dealt in: 3 or 6 cards for three, none or 4 for four."""


def _validate_kitty_size(o: Options) -> None:
    """The kitty fits the players dealt in (seed 003)."""
    if not o.applies("kitty_size"):
        return
    if o.kitty_size == 0 and o.applies("discards_count") and not o.discards_count:
        raise _clash("discards_count", "kitty_size", "with no kitty the declarer buries no cards.")
    sizes = KITTY_SIZES.get(o.shape.players, (0,))
    if o.kitty_size not in sizes:
        allowed = " or ".join(str(size) for size in sizes)
        raise OptionError(
            option("kitty_size"),
            f"With {o.shape.players} players dealt in the kitty holds {allowed} cards, "
            f"not {o.kitty_size}.",
        )


def _validate_ladder(o: Options) -> BidLadder:
    """The bid ladder (RULES 4.2): every figure within bounds, steps that only widen."""
    for rung in o.bid_rungs:
        if max(rung.start, rung.step) > MAX_POINTS:
            raise OptionError(
                option(RUNGS_OPTION),
                f"{OPTION_SPECS[RUNGS_OPTION].label}: a figure is at most "
                f"{_bound_text('min_bid', MAX_POINTS, o.scale)}.",
            )
    return BidLadder(o.min_bid, o.bid_step, o.bid_rungs, o.scale)


def _validate_compulsory_bid(o: Options, ladder: BidLadder) -> None:
    """Hoyle's compulsory first bid is 300 or 250 (seed 002); the variation's 250 must be a
    bid the session allows. The preset's 300 is not held to the minimum bid: a session that
    raised the minimum above it before this option existed keeps loading (with no forfeit)."""
    if o.compulsory_bid not in (250, 300):
        raise OptionError(option("compulsory_bid"), "The compulsory first bid is 300 or 250.")
    if o.compulsory_bid == 300 or not (
        o.applies("compulsory_bid") and o.all_pass is AllPass.COMPULSORY_FIRST_BID
    ):
        return
    t = o.to_table
    bid = o.compulsory_bid
    if bid < o.min_bid:
        problem = f"it is below the minimum bid of {t(o.min_bid)}: lower that to {t(bid)} as well."
    elif not ladder.is_on_ladder(bid):
        problem = f"it is off the bid ladder ({ladder.format()})."
    elif bid % 100 in o.forbidden_endings:
        problem = f"it ends in {bid % 100}, which is forbidden."
    else:
        return
    raise OptionError(
        option("compulsory_bid"),
        f"The compulsory first bid of {t(bid)} must be a legal bid: {problem}",
    )


_DOUBLE_DECK_MELD = {
    "npa_meld": False,
    "double_deck_arounds": AROUNDS_PAGAT,
    "double_roundhouse": ROUNDHOUSE_PARTS,
}
"""The options of a double deck's meld table, with the value that leaves a single deck alone."""


def _validate_meld_deck(o: Options) -> None:
    """Refuse a meld option of one deck with the other deck: it would change nothing."""
    deck = OPTION_SPECS["deck"]
    if o.double_deck_arounds not in (AROUNDS_PAGAT, AROUNDS_DOUBLING):
        raise OptionError(
            option("double_deck_arounds"),
            f"Arounds with a double deck: four aces around are {AROUNDS_PAGAT} or "
            f"{AROUNDS_DOUBLING}.",
        )
    if o.double_roundhouse not in (ROUNDHOUSE_PARTS, ROUNDHOUSE_WHOLE):
        raise OptionError(
            option("double_roundhouse"),
            f"A double roundhouse is {ROUNDHOUSE_PARTS} or {ROUNDHOUSE_WHOLE}.",
        )
    if o.deck is Deck.NINES:
        for name, alone in _DOUBLE_DECK_MELD.items():
            if getattr(o, name) != alone:
                spec = OPTION_SPECS[name]
                raise _clash(
                    name,
                    "deck",
                    f"the 80-card double deck's meld ({spec.format(getattr(o, name), o.scale)})"
                    " does not apply to two packs with nines, which have their own table: set "
                    f"it back to {spec.format(alone, o.scale)}.",
                )
    if o.deck is Deck.SINGLE:
        for name, alone in _DOUBLE_DECK_MELD.items():
            if getattr(o, name) != alone:
                spec = OPTION_SPECS[name]
                raise OptionError(
                    option(name),
                    f"{spec.label} ({spec.format(getattr(o, name), o.scale)}) is a double "
                    f"deck's meld: set {deck.label} to {deck.choice_label(Deck.DOUBLE.value)}, "
                    f"or {spec.label} back to {spec.format(alone, o.scale)}.",
                )
    else:
        for name, alone in _SINGLE_DECK_MELD.items():
            if getattr(o, name) != alone:
                spec = OPTION_SPECS[name]
                value = getattr(o, name)
                text = str(value) if spec.kind == "choice" else spec.format(value, o.scale)
                raise OptionError(
                    option(name),
                    f"{spec.label} {text} is a single deck's "
                    f"custom: set {spec.label} back to {spec.format(alone, o.scale)}, or "
                    f"{deck.label} to {deck.choice_label(Deck.SINGLE.value)}.",
                )


_SINGLE_DECK_MELD = {
    "double_trump_marriage": 80,
    "double_marriage_value": 0,
    "run_extras": False,
}
"""The single deck's house rules of RULES 2.10, with the value that leaves a double deck alone."""


_BIDDING_OPTIONS = ("min_bid", "bid_step", "bid_rungs", "forbidden_endings", "all_pass")
"""The options of the bid itself: like the bidders' (``_BIDDERS_ONLY``), nothing without
bidding."""


_MATTERS: dict[str, Callable[[Options], bool]] = {
    **dict.fromkeys(("double_meld_bonus", *_SINGLE_DECK_MELD), lambda o: o.deck is Deck.SINGLE),
    "double_bonus_melds": lambda o: o.deck is Deck.SINGLE and o.double_meld_bonus,
    **dict.fromkeys(_DOUBLE_DECK_MELD, lambda o: o.deck is Deck.DOUBLE),
    **dict.fromkeys((*_BIDDING_OPTIONS, *_BIDDERS_ONLY), lambda o: o.auction),
    "target_raise": lambda o: not (o.system.is_partnership and o.auction),
    "compulsory_bid": lambda o: o.all_pass is AllPass.COMPULSORY_FIRST_BID,
    "meld_save_points": lambda o: o.meld_saved_by is MeldSave.POINTS,
}
"""When an option that applies to the system can change something (``Options.matters``): the
single deck's meld rules need a single deck (the bonus melds, the bonus too); the double
deck's, an 80-card double deck (two packs with nines have their own table); the bid and the
bidders' contract, bidding; a rising target, no bid in a team game (with one, 'Both teams past
the target' says who wins); the compulsory bid, a compulsory first bid; the trick points that
save meld, meld saved by points. Any other option always can."""


def _validate_source_meld(o: Options) -> None:
    """The meld rules from our seeds (RULES 2.10): figures that make sense, and together."""
    if o.double_marriage_value and (o.double_marriage_value < 40 or o.double_marriage_value % 10):
        raise OptionError(
            option("double_marriage_value"),
            f"{OPTION_SPECS['double_marriage_value'].label} is 0 (two marriages) or at least "
            f"{40 // o.scale}, a multiple of {10 // o.scale}.",
        )
    if o.double_bonus_melds != tuple(BONUS_MELDS) and not o.double_meld_bonus:
        raise _clash(
            "double_bonus_melds",
            "double_meld_bonus",
            "the melds listed score their big double only when the bonus is on.",
        )
    if o.double_meld_bonus and not o.double_bonus_melds:
        raise _clash(
            "double_bonus_melds",
            "double_meld_bonus",
            "with no meld listed the bonus changes nothing: turn it off instead.",
        )
    if o.run_extras and o.double_trump_marriage != 80:
        raise _clash(
            "run_extras",
            "double_trump_marriage",
            "both price a run's spare trump K and Q: 230 beside the run, or the double "
            f"marriage sharing the run's K and Q ({150 + o.double_trump_marriage}).",
        )


def _validate_summed_bids(o: Options) -> None:
    """Every team's bid a contract (RULES 6.6) needs a set paid by the team that is set, and
    each player's own bid."""
    if not o.summed_bids:
        return  # without an auction it is refused with the bidders' options (_BIDDERS_ONLY)
    if o.set_to_opponents:
        raise _clash(
            "summed_bids",
            "set_to_opponents",
            "with every team's bid a contract several teams can be set on one hand, and no "
            "source says whether a set team collects the others' sets.",
        )
    if o.all_pass is AllPass.DEALER_TAKEOVER:
        raise _clash(
            "summed_bids",
            "all_pass",
            "a dealer takeover plays one bid of 250 for the table, while every player here "
            "states a bid of their own.",
        )


def _validate_chips(o: Options) -> None:
    if o.set_factor < 1:
        raise OptionError(option("set_factor"), "Set factor must be at least 1.")
    if o.stake <= 0:
        raise OptionError(option("stake"), "Stake per chip must be at least 1 cent.")
    if o.system.has_kitty and (o.kitty_threshold <= 0 or o.kitty_threshold % 10):
        raise OptionError(
            option("kitty_threshold"), "Kitty joins at a bid: a multiple of 10 above 0."
        )
    if o.system.has_pot:
        if o.ante < 0:
            raise OptionError(option("ante"), "Ante cannot be negative.")
        if o.ante % o.stake:
            raise OptionError(
                option("ante"),
                f"Ante {o.ante}¢ must be a whole number of chips at {o.stake}¢ each (the stake).",
            )
        if o.pot_threshold <= 0 or o.pot_threshold % 10:
            raise OptionError(
                option("pot_threshold"), "Pot taken at a bid: a multiple of 10 above 0."
            )


def _validate_cumulative(o: Options) -> None:
    if o.system.is_partnership:
        for name in ("meld_minimum", "meld_save_points"):
            value = getattr(o, name)
            if value < 0 or value % o.scale:
                raise OptionError(
                    option(name),
                    f"{OPTION_SPECS[name].label} must be 0 or more, a multiple of {o.scale}.",
                )
    if o.target <= 0 or o.target % o.scale:
        raise OptionError(option("target"), f"Game to must be above 0 and a multiple of {o.scale}.")
    if o.negative_floor is not None and (o.negative_floor >= 0 or o.negative_floor % o.scale):
        raise OptionError(
            option("negative_floor"), "Negative floor must be below 0, such as -1000."
        )
    if o.target_raise < 0 or o.target_raise % o.scale:
        raise OptionError(
            option("target_raise"),
            f"Target rises on a tie must be 0 or more, a multiple of {o.scale}.",
        )
    if o.fixed_deals is not None and o.fixed_deals <= 0:
        raise OptionError(option("fixed_deals"), "Fixed number of deals must be at least 1.")
    if o.game_stake < 0 or o.set_stake < 0:
        field = "game_stake" if o.game_stake < 0 else "set_stake"
        raise OptionError(option(field), "Stakes cannot be negative.")


def validate_player_count(options: Options, players: int) -> None:
    """Refuse a number of players that the system or the sit-out rule cannot seat."""
    low, high = options.system.player_range
    if options.system.is_cumulative:
        low = high = options.shape.players
    if not low <= players <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise OptionError(
            Where(Part.PLAYERS),
            f"{options.system.label} is played by {span} players, not {players}.",
        )
    if (
        options.system.is_chip_game
        and players > 3
        and options.all_pass is AllPass.DEALER_TAKEOVER
        and options.sit_out
        in (SitOut.DEALER, SitOut.DEALER_AND_SECOND_LEFT, SitOut.THREE_LEFT_PLAY)
    ):
        raise OptionError(
            option("all_pass"),
            f"With {players} players the dealer sits out under "
            f"'{OPTION_SPECS['sit_out'].choice_label(options.sit_out.value)}', so there is no "
            "dealer to take over the bid: choose another rule for when everyone passes.",
        )
    if options.system.is_chip_game and players > options.sit_out.max_players:
        raise OptionError(
            option("sit_out"),
            f"'{OPTION_SPECS['sit_out'].choice_label(options.sit_out.value)}' seats at most "
            f"{options.sit_out.max_players} players, not {players}.",
        )


# pagat's double-deck partnership ("Minimum 20 to score"): the six- and eight-handed games are
# the same game for more players (RULES 6.3).
_DOUBLE_DECK = Options(
    GameSystem.DOUBLE_DECK,
    deck=Deck.DOUBLE,
    trump_needs_meld=True,
    meld_minimum=200,
    meld_saved_by=MeldSave.POINTS,
    meld_save_points=200,
    bidders_save_meld=True,
    shape=Shape(4, 2),
    card_values=CardValues.COUNTERS,
    scale=10,
    min_bid=500,
    bid_rungs=(Rung(600, 50),),
    all_pass=AllPass.THROW_IN,
    target=5000,
)

_TWO_PACKS = Options(
    GameSystem.SIX_TWO_PACKS,
    deck=Deck.NINES,
    shape=Shape(6, 3),
    kitty_size=0,
    auction=False,
    card_values=CardValues.CLASSIC,
    min_bid=250,
    all_pass=AllPass.THROW_IN,
    target=1000,
    target_raise=250,
)
"""Partnership Pinocle for more than four players (RULES 6.4): two packs with their nines,
trump turned up, each side scoring its meld (when it wins a trick) and its cards."""


PRESETS: dict[GameSystem, Options] = {
    GameSystem.BROOKLYN: Options(
        GameSystem.BROOKLYN,
        min_bid=300,
        forbidden_endings=(40, 90),
        all_pass=AllPass.DEALER_TAKEOVER,
        sit_out=SitOut.RIGHT_OF_DEALER,
        schedule=Schedule.BROOKLYN,
    ),
    GameSystem.BROOKLYN_POT: Options(
        GameSystem.BROOKLYN_POT,
        min_bid=250,
        all_pass=AllPass.DEALER_MUST_BID,
        sit_out=SitOut.THREE_LEFT_PLAY,
        schedule=Schedule.POT,
        stake=5,
        ante=25,
        pot_threshold=400,
    ),
    GameSystem.HOYLE: Options(
        GameSystem.HOYLE,
        min_bid=300,
        all_pass=AllPass.COMPULSORY_FIRST_BID,
        sit_out=SitOut.DEALER_AND_SECOND_LEFT,
        schedule=Schedule.HOYLE,
        kitty_threshold=350,
    ),
    GameSystem.BISON: Options(
        GameSystem.BISON,
        double_meld_bonus=True,
        card_values=CardValues.COUNTERS,
        min_bid=250,
        all_pass=AllPass.THROW_IN,
        target=1500,
    ),
    GameSystem.PARTNERSHIP: Options(
        GameSystem.PARTNERSHIP,
        shape=Shape(4, 2),
        kitty_size=0,
        double_meld_bonus=True,
        card_values=CardValues.COUNTERS,
        min_bid=250,
        all_pass=AllPass.THROW_IN,
        target=1500,
    ),
    GameSystem.DOUBLE_DECK: _DOUBLE_DECK,
    GameSystem.SIX_HANDED: replace(_DOUBLE_DECK, system=GameSystem.SIX_HANDED, shape=Shape(6, 3)),
    GameSystem.EIGHT_HANDED: replace(
        _DOUBLE_DECK, system=GameSystem.EIGHT_HANDED, shape=Shape(8, 4)
    ),
    GameSystem.TWO_HANDED: Options(
        GameSystem.TWO_HANDED,
        shape=Shape(2),
        auction=False,
        card_values=CardValues.CLASSIC,
        min_bid=250,
        target=1000,
        target_raise=250,
    ),
    GameSystem.CUTTHROAT: Options(
        GameSystem.CUTTHROAT,
        shape=Shape(4),
        auction=False,
        card_values=CardValues.CLASSIC,
        min_bid=250,
        target=1000,
        target_raise=250,
    ),
    GameSystem.SIX_TWO_PACKS: _TWO_PACKS,
    GameSystem.EIGHT_TWO_PACKS: replace(
        _TWO_PACKS, system=GameSystem.EIGHT_TWO_PACKS, shape=Shape(8, 4)
    ),
}

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options) if f.name != "system")
