"""The games a session can be started as: each one value, declared once (RULES sections 5 and 6).

A ``Game`` is what python-chess calls a variant: a name and its words, the way it keeps score
(a ``ScoringKind``), how many sit at it, and its preset house rules (``settings``, turned into
an ``Options`` value by ``Options.preset``). Each game is one declaration below, registered in
``GAMES`` by ``register``; a game declared anywhere else (a test, a club's own variant) is
registered the same way and is then known everywhere: to the forms, the API and the replay.
Nothing outside this module asks which game it is; code asks the game (or its scoring kind)
what it does, and how it is shown: ``game.present``, its scoring kind's ``Presenter``
(``present``: the words and columns the pages, the PDF, the CSV and the API print).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import OptionError, Part, Where
from ..holders import Pool
from ..pack.deck import Deck
from . import present as _present
from .choices import AllPass, CardValues, Schedule, SitOut
from .contract import MeldSave
from .ladder import Rung
from .present import Presenter
from .shape import Shape


class Scoring(enum.Enum):
    """How a hand is scored: chips paid each hand, or points to a target each or by team."""

    CHIPS = "chips"
    EACH = "each"
    TEAMS = "teams"


@dataclass(frozen=True, slots=True)
class ScoringKind:
    """How a game keeps score, with what follows from it: chips (with a kitty or a pot) paid
    each hand, or points to a target, each for themselves or by sides."""

    scoring: Scoring
    pool: Pool | None = None  # the kitty or the pot a chip game keeps beside the players
    present: Presenter = field(init=False, repr=False, compare=False)  # its words and columns

    def __post_init__(self) -> None:
        presenter = _PRESENTERS.get((self.scoring, self.pool))
        if presenter is None:
            beside = f" with the {self.pool.value}" if self.pool is not None else ""
            raise ValueError(f"No way of showing {self.scoring.value} scoring{beside}.")
        object.__setattr__(self, "present", presenter)

    @property
    def is_chip_game(self) -> bool:
        """True when every hand is settled in chips times the stake."""
        return self.scoring is Scoring.CHIPS

    @property
    def is_cumulative(self) -> bool:
        """True when points accumulate to a target (each for themselves, or by team)."""
        return not self.is_chip_game

    @property
    def is_partnership(self) -> bool:
        """True when partners score as a team."""
        return self.scoring is Scoring.TEAMS

    @property
    def has_kitty(self) -> bool:
        """True when the imaginary kitty player pays and collects."""
        return self.pool is Pool.KITTY

    @property
    def has_pot(self) -> bool:
        """True when players ante into a pot that a big bid takes."""
        return self.pool is Pool.POT

    @property
    def everyone_melds(self) -> bool:
        """True when every player melds; otherwise only the declarer does."""
        return self.is_cumulative

    @property
    def outcomes_without_options(self) -> frozenset[str]:
        """Outcome names this way of scoring knows before options are applied."""
        if self.scoring is Scoring.EACH:
            return frozenset({"made", "set", "conceded", "renege"})
        if self.has_kitty:
            return frozenset({"made", "set", "conceded", "forfeit", "opponents-conceded"})
        return frozenset({"made", "set", "conceded"})


_PRESENTERS: Mapping[tuple[Scoring, Pool | None], Presenter] = {
    (Scoring.CHIPS, None): _present.CHIPS,
    (Scoring.CHIPS, Pool.KITTY): _present.CHIPS_AND_KITTY,
    (Scoring.CHIPS, Pool.POT): _present.CHIPS_AND_POT,
    (Scoring.EACH, None): _present.POINTS_EACH,
    (Scoring.TEAMS, None): _present.POINTS_BY_SIDES,
}
"""Each scoring kind's presenter (``present.py``), by its way of scoring and its pool."""

CHIPS = ScoringKind(Scoring.CHIPS)
CHIPS_AND_KITTY = ScoringKind(Scoring.CHIPS, Pool.KITTY)
CHIPS_AND_POT = ScoringKind(Scoring.CHIPS, Pool.POT)
POINTS_EACH = ScoringKind(Scoring.EACH)
POINTS_BY_SIDES = ScoringKind(Scoring.TEAMS)


@dataclass(frozen=True, eq=False)
class Game:
    """One game a session can be started as: its name, its way of keeping score, who sits at
    it and its preset house rules. Equal by ``key``, the name it is stored and typed under."""

    key: str
    label: str
    kind: ScoringKind
    settings: Mapping[str, Any] = field(default_factory=dict)  # the preset's house rules
    seats: tuple[int, int] | None = None  # a chip game's fewest and most players
    widow: bool = False  # the kitty's size is a house rule (single-deck auction games)
    pays_set_stakes: bool = False  # each set pays the game's winner the set stake

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Game({self.key!r})"

    def __str__(self) -> str:
        return self.key

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (game_named, (self.key,))

    @classmethod
    def parse(cls, name: str) -> Game:
        """The game named ``name`` (``brooklyn``, ``Hoyle``...); an ``OptionError`` if none."""
        return game_named(name)

    @property
    def value(self) -> str:
        """The stored and typed name, as an enum member's value (``hoyle``)."""
        return self.key

    @property
    def scoring(self) -> Scoring:
        """Chips each hand, points each for themselves, or points by team."""
        return self.kind.scoring

    @property
    def present(self) -> Presenter:
        """How the game is shown: its scoring kind's words and columns."""
        return self.kind.present

    @property
    def player_range(self) -> tuple[int, int]:
        """Fewest and most players at the table: a points game seats its preset's shape."""
        if self.seats is not None:
            return self.seats
        shape = self.settings.get("shape", Shape(3))
        return shape.players, shape.players


KEY_LENGTH = 20
"""The longest key a game may have: what the database keeps of a session's game."""

_GAMES: dict[str, Game] = {}
GAMES: Mapping[str, Game] = MappingProxyType(_GAMES)
"""Every registered game by key, in the order declared."""


def register(game: Game) -> Game:
    """Add ``game`` to the games a session can be started as; its key must be new."""
    if game.key in _GAMES:
        raise ValueError(f"A game named {game.key!r} is registered already.")
    if game.key != game.key.strip().lower() or not 0 < len(game.key) <= KEY_LENGTH:
        raise ValueError(
            f"A game's key is lower case with no spaces around, 1 to {KEY_LENGTH} characters: "
            f"{game.key!r}."
        )
    _GAMES[game.key] = game
    return game


def unregister(game: Game) -> None:
    """Forget a game registered by ``register`` (for a game declared for a while, in a test)."""
    _GAMES.pop(game.key, None)


def all_games() -> Iterator[Game]:
    """Every registered game, in the order declared."""
    return iter(tuple(_GAMES.values()))


def game_named(name: str) -> Game:
    """The game named ``name`` (``brooklyn``, ``brooklyn-pot``, ``hoyle``, ...)."""
    game = _GAMES.get(str(name).strip().lower())
    if game is None:
        known = ", ".join(_GAMES)
        raise OptionError(
            Where(Part.SYSTEM), f"'{name}' is not a game system; choose one of {known}."
        )
    return game


# -- the games -------------------------------------------------------------------------------

BROOKLYN = register(
    Game(
        "brooklyn",
        "Brooklyn (chips)",
        CHIPS,
        dict(
            min_bid=300,
            forbidden_endings=(40, 90),
            all_pass=AllPass.DEALER_TAKEOVER,
            sit_out=SitOut.RIGHT_OF_DEALER,
            schedule=Schedule.BROOKLYN,
        ),
        seats=(3, 4),
        widow=True,
    )
)
BROOKLYN_POT = register(
    Game(
        "brooklyn-pot",
        "Brooklyn with a pot",
        CHIPS_AND_POT,
        dict(
            min_bid=250,
            all_pass=AllPass.DEALER_MUST_BID,
            sit_out=SitOut.THREE_LEFT_PLAY,
            schedule=Schedule.POT,
            stake=5,
            ante=25,
            pot_threshold=400,
        ),
        seats=(3, 8),
        widow=True,
    )
)
HOYLE = register(
    Game(
        "hoyle",
        "Hoyle (chips and the kitty)",
        CHIPS_AND_KITTY,
        dict(
            min_bid=300,
            all_pass=AllPass.COMPULSORY_FIRST_BID,
            sit_out=SitOut.DEALER_AND_SECOND_LEFT,
            schedule=Schedule.HOYLE,
            kitty_threshold=350,
        ),
        seats=(3, 5),
        widow=True,
    )
)
BISON = register(
    Game(
        "bison",
        "Bison (points to 1500)",
        POINTS_EACH,
        dict(
            double_meld_bonus=True,
            card_values=CardValues.COUNTERS,
            min_bid=250,
            all_pass=AllPass.THROW_IN,
            target=1500,
        ),
        widow=True,
        pays_set_stakes=True,
    )
)
PARTNERSHIP = register(
    Game(
        "partnership",
        "Partnership",
        POINTS_BY_SIDES,
        dict(
            shape=Shape(4, 2),
            kitty_size=0,
            double_meld_bonus=True,
            card_values=CardValues.COUNTERS,
            min_bid=250,
            all_pass=AllPass.THROW_IN,
            target=1500,
        ),
        widow=True,
    )
)

# pagat's double-deck partnership ("Minimum 20 to score"): the six- and eight-handed games are
# the same game for more players (RULES 6.3).
_DOUBLE_DECK: dict[str, Any] = dict(
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
DOUBLE_DECK = register(
    Game("double-deck", "Double-deck partnership (to 500)", POINTS_BY_SIDES, _DOUBLE_DECK)
)
SIX_HANDED = register(
    Game(
        "six-handed",
        "Six-handed (double deck)",
        POINTS_BY_SIDES,
        {**_DOUBLE_DECK, "shape": Shape(6, 3)},
    )
)
EIGHT_HANDED = register(
    Game(
        "eight-handed",
        "Eight-handed (double deck)",
        POINTS_BY_SIDES,
        {**_DOUBLE_DECK, "shape": Shape(8, 4)},
    )
)
TWO_HANDED = register(
    Game(
        "two-handed",
        "Two-handed",
        POINTS_EACH,
        dict(
            shape=Shape(2),
            auction=False,
            card_values=CardValues.CLASSIC,
            min_bid=250,
            target=1000,
            target_raise=250,
        ),
    )
)
CUTTHROAT = register(
    Game(
        "cutthroat",
        "Four-handed cutthroat",
        POINTS_EACH,
        dict(
            shape=Shape(4),
            auction=False,
            card_values=CardValues.CLASSIC,
            min_bid=250,
            target=1000,
            target_raise=250,
        ),
    )
)

# Partnership Pinocle for more than four players (RULES 6.4): two packs with their nines,
# trump turned up, each side scoring its meld (when it wins a trick) and its cards.
_TWO_PACKS: dict[str, Any] = dict(
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
SIX_TWO_PACKS = register(
    Game("six-two-packs", "Six-handed, two packs (96 cards)", POINTS_BY_SIDES, _TWO_PACKS)
)
EIGHT_TWO_PACKS = register(
    Game(
        "eight-two-packs",
        "Eight-handed, two packs (96 cards)",
        POINTS_BY_SIDES,
        {**_TWO_PACKS, "shape": Shape(8, 4)},
    )
)

NEW_SESSION_GAME = BROOKLYN
"""The game a new session's form shows first."""
CLUB_NIGHT_GAME = PARTNERSHIP
"""The game a new club night's tables play unless the organiser chooses another."""
