"""Every house-rule option of a session as one value, ``Options`` (RULES sections 2 to 6).

A game's preset is nothing but a default ``Options`` value (``Options.preset``, from the game's
declaration in ``variant``); a table may change any option. Points options (bids, thresholds,
target) are held in full points; ``scale`` 10 only changes how the table writes them
(``Options.to_table`` / ``Options.from_table``). Money is in whole cents. Each option's words
are its ``OptionSpec`` (``optionwords``); which sets of options can be played, ``validation``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import OptionError, Part, Where, option
from ..pack.deck import DEFAULT_DECK, Deck
from ..pack.meldtable import AROUNDS_PAGAT, BONUS_MELDS, ROUNDHOUSE_PARTS
from ..remember import remember_last
from .choices import AllPass, BothReach, CardValues, Schedule, SitOut
from .contract import Contract, MeldSave, NoTrick, Surrender
from .ladder import Rung
from .optionwords import OPTION_SPECS
from .shape import THREE_HANDED, Shape
from .validation import MATTERS, validate
from .variant import GAMES, Game, Scoring, all_games, game_named

__all__ = [
    "OPTION_NAMES",
    "OPTION_SPECS",
    "PRESETS",
    "AllPass",
    "BothReach",
    "CardValues",
    "Game",
    "Options",
    "Schedule",
    "Scoring",
    "SitOut",
    "parse_system",
]


@dataclass(frozen=True, slots=True)
class Options:
    """Every house-rule option of a session; points in full points, money in cents."""

    system: Game
    # the cards (RULES 1)
    deck: Deck = DEFAULT_DECK
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
    def preset(cls, name: str | Game) -> Options:
        """The default options of a game (``Options.preset("hoyle")``)."""
        return _preset(name if isinstance(name, Game) else game_named(name))

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
        return OPTION_SPECS[name].applies_to(self.system)

    def matters(self, name: str) -> bool:
        """True when option ``name`` can change something in this game: it applies to the
        system and to this deck, shape and bidding (a double deck's meld table means nothing
        with a single deck; a minimum bid, nothing without bidding)."""
        if not self.applies(name):
            return False
        rule = MATTERS.get(name)
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
            if spec.applies_to(self.system):
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
            if not spec.applies_to(base.system):
                raise OptionError(
                    option(name), f"{spec.label} does not apply to {base.system.label}."
                )
            changes[name] = spec.load(raw)
        options = replace(base, **changes)
        options.validate()
        return options

    def changed_from_preset(self) -> dict[str, Any]:
        """The options that differ from the preset's defaults, as plain data."""
        preset = _preset(self.system).to_dict()
        return {k: v for k, v in self.to_dict().items() if preset.get(k) != v}

    def validate(self, players: int | None = None) -> None:
        """Refuse an option set that cannot be played (and, given, a player count)."""
        validate(self, players)


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
        kitty = deck.widow(players)
    return deck.hand_size(players, kitty)


@functools.cache
def _outcomes(system: Game, all_pass: AllPass, auction: bool) -> frozenset[str]:
    if not auction:
        return frozenset({"played", "misdeal"})
    names = set(system.kind.outcomes_without_options) | {"misdeal"}
    if all_pass is AllPass.THROW_IN:
        names.add("all-pass")
    if all_pass is not AllPass.COMPULSORY_FIRST_BID:
        names.discard("forfeit")  # only a compulsory bid can be forfeited
    return frozenset(names)


class _Presets(Mapping["Game", "Options"]):
    """Each registered game's preset ``Options``, worked out once a game."""

    def __getitem__(self, game: Game) -> Options:
        return _preset(game)

    def __iter__(self) -> Iterator[Game]:
        return all_games()

    def __len__(self) -> int:
        return len(GAMES)


_BUILT: dict[int, tuple[Game, Options]] = {}
"""Each registered game's preset, worked out once, by the game object itself (a game declared
again under the same key after the first was unregistered gets its own)."""


def _preset(game: Game) -> Options:
    if GAMES.get(game.key) is not game:
        raise KeyError(game)
    built = _BUILT.get(id(game))
    if built is None or built[0] is not game:
        built = _BUILT[id(game)] = (game, Options(game, **game.settings))
    return built[1]


PRESETS: Mapping[Game, Options] = _Presets()
"""Every game's preset, by game: ``PRESETS[HOYLE]``."""

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options) if f.name != "system")


def parse_system(name: str) -> Game:
    """The game named ``name`` (``brooklyn``, ``brooklyn-pot``, ``hoyle``, ...)."""
    return game_named(name)
