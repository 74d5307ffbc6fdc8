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
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .deck import Deck
from .errors import OptionError, Part, Where, option
from .figures import shown
from .meldtable import (
    AROUNDS_DOUBLING,
    AROUNDS_PAGAT,
    DOUBLE_TRUMP_MARRIAGE_ALT,
    ROUNDHOUSE_PARTS,
    ROUNDHOUSE_WHOLE,
)


class GameSystem(enum.Enum):
    """The five game systems; the structure of play that options cannot change."""

    BROOKLYN = "brooklyn"
    BROOKLYN_POT = "brooklyn-pot"
    HOYLE = "hoyle"
    BISON = "bison"
    PARTNERSHIP = "partnership"

    @property
    def label(self) -> str:
        """Name shown to players."""
        return _SYSTEM_LABELS[self]

    @property
    def is_chip_game(self) -> bool:
        """True when every hand is settled in chips (units) times the stake."""
        return self in (GameSystem.BROOKLYN, GameSystem.BROOKLYN_POT, GameSystem.HOYLE)

    @property
    def is_cumulative(self) -> bool:
        """True when points accumulate to a target (bison, partnership)."""
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
        """True when partners sitting opposite score as a team."""
        return self is GameSystem.PARTNERSHIP

    @property
    def everyone_melds(self) -> bool:
        """True when every player melds; otherwise only the declarer does."""
        return self.is_cumulative

    @property
    def player_range(self) -> tuple[int, int]:
        """Fewest and most players at the table."""
        return _PLAYER_RANGE[self]

    @property
    def hand_size(self) -> int:
        """Cards each player holds when melding (15 three-handed, 12 in partnership)."""
        return 12 if self is GameSystem.PARTNERSHIP else 15

    @property
    def outcomes_without_options(self) -> frozenset[str]:
        """Outcome names this system knows before options are applied."""
        return _SYSTEM_OUTCOMES[self]


_SYSTEM_LABELS = {
    GameSystem.BROOKLYN: "Brooklyn (chips)",
    GameSystem.BROOKLYN_POT: "Brooklyn with a pot",
    GameSystem.HOYLE: "Hoyle (chips and the kitty)",
    GameSystem.BISON: "Bison (points to 1500)",
    GameSystem.PARTNERSHIP: "Partnership",
}
_PLAYER_RANGE = {
    GameSystem.BROOKLYN: (3, 4),
    GameSystem.BROOKLYN_POT: (3, 8),
    GameSystem.HOYLE: (3, 5),
    GameSystem.BISON: (3, 3),
    GameSystem.PARTNERSHIP: (4, 4),
}
_SYSTEM_OUTCOMES = {
    GameSystem.BROOKLYN: frozenset({"made", "set", "conceded"}),
    GameSystem.BROOKLYN_POT: frozenset({"made", "set", "conceded"}),
    GameSystem.HOYLE: frozenset({"made", "set", "conceded", "forfeit", "opponents_conceded"}),
    GameSystem.BISON: frozenset({"made", "set", "conceded", "renege"}),
    GameSystem.PARTNERSHIP: frozenset({"made", "set", "conceded"}),
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
    """Units the declarer wins from each opponent, by bid."""

    BROOKLYN = "brooklyn"
    BROOKLYN_GENTLE_A = "brooklyn-gentle-a"
    BROOKLYN_GENTLE_B = "brooklyn-gentle-b"
    BROOKLYN_GENTLE_C = "brooklyn-gentle-c"
    HOYLE = "hoyle"
    HOYLE_DOUBLING = "hoyle-doubling"
    HOYLE_PLUS_TWO = "hoyle-plus-two"
    HOYLE_PLUS_ONE = "hoyle-plus-one"
    POT = "pot"


@dataclass(frozen=True, slots=True)
class Options:
    """Every house-rule option of a session; points in full points, money in cents."""

    system: GameSystem
    # the cards (RULES 1)
    deck: Deck = Deck.SINGLE
    # meld (RULES 2)
    double_meld_bonus: bool = False
    roundhouse_with_run: int = 350
    double_trump_marriage: int = 80
    # meld with a double deck (RULES 2.8): the published table and its variants
    npa_meld: bool = False
    double_deck_arounds: int = AROUNDS_PAGAT
    double_roundhouse: int = ROUNDHOUSE_PARTS
    # tricks (RULES 3)
    card_values: CardValues = CardValues.CLASSIC
    scale: int = 1
    # bidding (RULES 4)
    min_bid: int = 300
    bid_step: int = 10
    forbidden_endings: tuple[int, ...] = ()
    all_pass: AllPass = AllPass.THROW_IN
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
    # cumulative games (RULES 6)
    target: int = 1500
    negative_floor: int | None = None
    fixed_deals: int | None = None
    game_stake: int = 0
    set_stake: int = 0

    @classmethod
    def preset(cls, name: str | GameSystem) -> Options:
        """The default options of a game system (``Options.preset("hoyle")``)."""
        system = name if isinstance(name, GameSystem) else parse_system(name)
        return PRESETS[system]

    @property
    def hand_size(self) -> int:
        """Most cards a player melds from."""
        return self.system.hand_size

    @property
    def outcomes(self) -> frozenset[str]:
        """Outcome names a hand may have under these options."""
        names = set(self.system.outcomes_without_options) | {"misdeal"}
        if self.all_pass is AllPass.THROW_IN:
            names.add("all_pass")
        if self.all_pass is not AllPass.COMPULSORY_FIRST_BID:
            names.discard("forfeit")  # only a compulsory bid can be forfeited
        return frozenset(names)

    def applies(self, name: str) -> bool:
        """True when option ``name`` means something in this game system."""
        return self.system in OPTION_SPECS[name].systems

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
    kind: str  # bool, choice, points, int, money, endings, optional-points, optional-int
    systems: frozenset[GameSystem]
    choices: tuple[tuple[str, str], ...] = ()

    @property
    def unit(self) -> str:
        """What the value counts: ``points`` (full points), ``cents``, or ``""``."""
        if self.kind in ("points", "optional-points"):
            return "points"
        return "cents" if self.kind == "money" else ""

    def load(self, raw: Any) -> Any:
        """Turn plain data (a JSON value, or a form string in full points) into the value."""
        return _PARSERS[self.kind](self, raw)

    def dump(self, value: Any) -> Any:
        """Turn the option's value into plain JSON data."""
        if isinstance(value, enum.Enum):
            return value.value
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
        if self.kind == "endings":
            return ", ".join(str(e) for e in value) if value else "None"
        if self.kind == "money":
            return (money or _cents)(value)
        if self.unit == "points":
            return str(value // scale)
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


_PARSERS = {
    "bool": _parse_bool,
    "choice": _parse_choice,
    "points": _parse_int,
    "int": _parse_int,
    "money": _parse_int,
    "endings": _parse_endings,
    "optional-points": _parse_optional_int,
    "optional-int": _parse_optional_int,
}
_CHOICE_ENUMS: dict[str, type[enum.Enum]] = {
    "deck": Deck,
    "card_values": CardValues,
    "all_pass": AllPass,
    "sit_out": SitOut,
    "schedule": Schedule,
}

_ALL = frozenset(GameSystem)
_CHIPS = frozenset(s for s in GameSystem if s.is_chip_game)
_CUMULATIVE = frozenset(s for s in GameSystem if s.is_cumulative)


def _spec(
    name: str,
    label: str,
    help: str,
    kind: str,
    systems: Iterable[GameSystem],
    choices: Iterable[tuple[str, str]] = (),
) -> OptionSpec:
    return OptionSpec(name, label, help, kind, frozenset(systems), tuple(choices))


OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        _spec(
            "deck",
            "Deck",
            "Single: 48 cards, A 10 K Q J 9 twice over. Double: 80 cards, A 10 K Q J four "
            "times over (two single decks without their nines).",
            "choice",
            _ALL,
            tuple((deck.value, deck.label) for deck in Deck),
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
            "Both kings and queens of trump: 80 (two royal marriages) or 240 as in St Joseph, "
            "Missouri, where run and double marriage together make 390.",
            "choice",
            _ALL,
            (("80", "80"), ("240", "240")),
        ),
        _spec(
            "npa_meld",
            "NPA meld values",
            "Double deck: the National Pinochle Association's figures, a single run 250 instead "
            "of 150 and a single pinochle 150 instead of 40 (25 and 15 without the trailing "
            "zero); doubles and more keep the table's figures.",
            "bool",
            _ALL,
        ),
        _spec(
            "double_deck_arounds",
            "Arounds with a double deck",
            "What three and four of an around are worth. Pagat: half as much again and twice the "
            "double (aces 100, 1000, 1500, 2000). Doubling: each copy doubles the last (aces "
            "100, 1000, 2000, 4000).",
            "choice",
            _ALL,
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
            _ALL,
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
            "dealer holds 300 and may forfeit. Throw in: no score, next dealer.",
            "choice",
            _ALL,
            (
                ("dealer-takeover", "Dealer takeover at 250"),
                ("dealer-must-bid", "Dealer must bid"),
                ("compulsory-first-bid", "Compulsory first bid of 300"),
                ("throw-in", "Throw in, next dealer deals"),
            ),
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
            "Units the declarer wins from each opponent for a made bid, by bid.",
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
                ("pot", "Pot: one unit per full 50 points bid"),
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
            "Stake per unit",
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
            "in dollars and cents (0.25 is 25 cents; a whole number of units).",
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
        _spec("target", "Game to", "Points that win the game.", "points", _CUMULATIVE),
        _spec(
            "negative_floor",
            "Negative floor",
            "If a score falls below this while someone is above 0, the game ends and the highest "
            "score wins. Empty: no floor.",
            "optional-points",
            {GameSystem.BISON},
        ),
        _spec(
            "fixed_deals",
            "Fixed number of deals",
            "Play this many deals and the highest score wins. Empty: play to the target.",
            "optional-int",
            {GameSystem.BISON},
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
            {GameSystem.BISON},
        ),
    )
}


MAX_POINTS = 100_000
"""The largest points option (a minimum bid, a target), in full points."""

MAX_STAKE = 100_000
"""The largest money option (stake per unit, ante, game and set stakes): $1,000.00."""

OPTION_MAXIMA: dict[str, int] = {
    "min_bid": MAX_POINTS,
    "bid_step": MAX_POINTS,
    "kitty_threshold": MAX_POINTS,
    "pot_threshold": MAX_POINTS,
    "target": MAX_POINTS,
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
    """The message for option ``name`` beyond its bound: ``Stake per unit is at most $1,000.00.``"""
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
    if o.scale == 10 and o.card_values is not CardValues.COUNTERS:
        raise OptionError(
            option("scale"),
            "Dropping the trailing zero needs the counters card values: "
            f"{o.card_values.value} values (such as 11, 4, 3, 2) cannot be divided by 10.",
        )
    if o.roundhouse_with_run not in (350, 390):
        raise OptionError(option("roundhouse_with_run"), "Roundhouse with a run is 350 or 390.")
    if o.double_trump_marriage not in (80, 240):
        raise OptionError(option("double_trump_marriage"), "A double trump marriage is 80 or 240.")
    _validate_meld_deck(o)
    for name in ("min_bid", "bid_step"):
        value = getattr(o, name)
        label = OPTION_SPECS[name].label
        if value <= 0:
            raise OptionError(option(name), f"{label} must be more than 0.")
        if value % 10:
            raise OptionError(option(name), f"{label} must be a multiple of 10 points.")
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
    if o.system.is_chip_game:
        _validate_chips(o)
    else:
        _validate_cumulative(o)
    if players is not None:
        validate_player_count(o, players)


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
    elif o.double_trump_marriage == DOUBLE_TRUMP_MARRIAGE_ALT:
        spec = OPTION_SPECS["double_trump_marriage"]
        raise OptionError(
            option("double_trump_marriage"),
            f"{spec.label} {DOUBLE_TRUMP_MARRIAGE_ALT} is a single deck's custom: set "
            f"{spec.label} back to 80, or {deck.label} to {deck.choice_label(Deck.SINGLE.value)}.",
        )


def _validate_chips(o: Options) -> None:
    if o.set_factor < 1:
        raise OptionError(option("set_factor"), "Set factor must be at least 1.")
    if o.stake <= 0:
        raise OptionError(option("stake"), "Stake per unit must be at least 1 cent.")
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
                f"Ante {o.ante}¢ must be a whole number of units of {o.stake}¢ (the stake).",
            )
        if o.pot_threshold <= 0 or o.pot_threshold % 10:
            raise OptionError(
                option("pot_threshold"), "Pot taken at a bid: a multiple of 10 above 0."
            )


def _validate_cumulative(o: Options) -> None:
    if o.target <= 0 or o.target % o.scale:
        raise OptionError(option("target"), f"Game to must be above 0 and a multiple of {o.scale}.")
    if o.negative_floor is not None and (o.negative_floor >= 0 or o.negative_floor % o.scale):
        raise OptionError(
            option("negative_floor"), "Negative floor must be below 0, such as -1000."
        )
    if o.fixed_deals is not None and o.fixed_deals <= 0:
        raise OptionError(option("fixed_deals"), "Fixed number of deals must be at least 1.")
    if o.game_stake < 0 or o.set_stake < 0:
        field = "game_stake" if o.game_stake < 0 else "set_stake"
        raise OptionError(option(field), "Stakes cannot be negative.")


def validate_player_count(options: Options, players: int) -> None:
    """Refuse a number of players that the system or the sit-out rule cannot seat."""
    low, high = options.system.player_range
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
        double_meld_bonus=True,
        card_values=CardValues.COUNTERS,
        min_bid=250,
        all_pass=AllPass.THROW_IN,
        target=1500,
    ),
}

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options) if f.name != "system")
