"""Which house rules can be played together, and by how many (RULES sections 1 to 6).

``validate`` refuses an option set that cannot be played with an ``OptionError`` that names the
option (and the one it clashes with) and the rule; ``validate_player_count`` refuses a table
the game or its sit-out rule cannot seat. ``MATTERS`` says when an option that belongs to the
game can change anything under its deck, shape and bidding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import OptionError, Part, Where, option
from ..pack.deck import Deck
from ..pack.meldtable import (
    AROUNDS_DOUBLING,
    AROUNDS_PAGAT,
    BONUS_MELDS,
    DOUBLE_TRUMP_MARRIAGES,
    ROUNDHOUSE_PARTS,
    ROUNDHOUSE_WHOLE,
    MeldCustoms,
)
from .choices import AllPass, BothReach, CardValues, SitOut
from .contract import MeldSave, NoTrick, Surrender
from .ladder import RUNGS_OPTION, BidLadder
from .optionwords import OPTION_SPECS
from .shape import Shape
from .specs import OptionSpec

if TYPE_CHECKING:
    from .options import Options

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
        if not OPTION_SPECS[name].applies_to(o.system):
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


def validate(options: Options, players: int | None = None) -> None:
    """Refuse an option set that cannot be played (and, given, a player count)."""
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
    if o.system.kind.is_chip_game:
        _validate_chips(o)
    else:
        _validate_cumulative(o)
    if players is not None:
        validate_player_count(o, players)


def _clash(first: str, second: str, why: str) -> OptionError:
    """Two options that cannot be played together, both named (the error sits at the first)."""
    labels = f"'{OPTION_SPECS[first].label}' and '{OPTION_SPECS[second].label}'"
    return OptionError(option(first), f"{labels} clash: {why}")


def _deck_shapes(deck: Deck) -> tuple[Shape, ...]:
    """The table shapes ``deck`` deals (RULES 1.3), in the order they are told."""
    return tuple(Shape(players, team_size) for players, team_size in deck.shapes)


def _validate_composition(o: Options) -> None:
    """The deck, the shape and the way of scoring fit together."""
    deck = o.deck
    if o.system.kind.is_chip_game and not deck.chip_games:
        raise OptionError(
            option("deck"),
            f"{o.system.label} is played with a single deck (three dealt in and a widow); "
            f"no source deals it from a {deck.phrase}.",
        )
    if deck.counters_only and o.card_values is not CardValues.COUNTERS:
        raise _clash(
            "card_values",
            "deck",
            f"{deck.named} counts only aces, tens and kings (1 each, the last trick "
            f"{deck.last_trick // 10}).",
        )
    if o.double_meld_bonus and not deck.takes(MeldCustoms.SINGLE_DECK):
        raise _clash(
            "double_meld_bonus",
            "deck",
            f"a {deck.phrase}'s meld table has its own doubles, triples and quadruples.",
        )
    if o.system.kind.is_chip_game:
        if o.shape != Shape(3):
            raise OptionError(option("shape"), f"{o.system.label} deals three players in.")
        return
    if not deck.seats(o.shape):
        fits = ", ".join(shape.label.lower() for shape in _deck_shapes(deck))
        raise _clash(
            "shape",
            "deck",
            f"{o.shape.label.lower()} is not dealt from a {deck.phrase}; it seats {fits}.",
        )
    if o.system.kind.is_partnership != o.shape.has_teams:
        needs = (
            "partners in teams" if o.system.kind.is_partnership else "each player for themselves"
        )
        raise OptionError(
            option("shape"),
            f"{o.system.label} is scored with {needs}, not {o.shape.label.lower()}.",
        )
    if o.system.kind.is_partnership:
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

_SINGLE_DECK_MELD = {
    "double_trump_marriage": 80,
    "double_marriage_value": 0,
    "run_extras": False,
}
"""The single deck's house rules of RULES 2.10, with the value that leaves a double deck alone."""


def _validate_meld_deck(o: Options) -> None:
    """Refuse a meld option of one deck with another deck: it would change nothing."""
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
    for customs, (neutral, refusal) in _MELD_CUSTOMS.items():
        if o.deck.takes(customs):
            continue
        for name, alone in neutral.items():
            if getattr(o, name) != alone:
                raise refusal(o, Deck.taking(customs), name, alone)


def _not_double_deck_meld(o: Options, owner: Deck, name: str, alone: Any) -> OptionError:
    """A double deck's meld option with a deck whose table it does not change: a pack whose
    table no option changes has its own; any other pack is told to take the double deck."""
    deck = OPTION_SPECS["deck"]
    spec = OPTION_SPECS[name]
    value = _as_chosen(spec, getattr(o, name), o)
    if o.deck.meld_customs is None:
        return _clash(
            name,
            "deck",
            f"the {owner.size}-card {owner.phrase}'s meld ({value}) does not apply to "
            f"{o.deck.named}, which have their own table: set it back to "
            f"{_as_chosen(spec, alone, o)}.",
        )
    return OptionError(
        option(name),
        f"{spec.label} ({value}) is {owner.named}'s meld: set {deck.label} to "
        f"{deck.choice_label(owner.value)}, or {spec.label} back to "
        f"{_as_chosen(spec, alone, o)}.",
    )


def _not_single_deck_custom(o: Options, owner: Deck, name: str, alone: Any) -> OptionError:
    """A single deck's meld custom with a deck whose table it does not change."""
    deck = OPTION_SPECS["deck"]
    spec = OPTION_SPECS[name]
    value = getattr(o, name)
    text = str(value) if spec.kind == "choice" else spec.format(value, o.scale)
    return OptionError(
        option(name),
        f"{spec.label} {text} is {owner.named}'s custom: set {spec.label} back to "
        f"{_as_chosen(spec, alone, o)}, or {deck.label} to {deck.choice_label(owner.value)}.",
    )


def _as_chosen(spec: OptionSpec, value: Any, o: Options) -> str:
    """An option's value as the house rules form offers it: a choice by its label there (in
    full points), any other value as the table writes it."""
    return str(spec.format(value, 1 if spec.kind == "choice" else o.scale))


_MELD_CUSTOMS: dict[
    MeldCustoms, tuple[dict[str, Any], Callable[[Options, Deck, str, Any], OptionError]]
] = {
    MeldCustoms.DOUBLE_DECK: (_DOUBLE_DECK_MELD, _not_double_deck_meld),
    MeldCustoms.SINGLE_DECK: (_SINGLE_DECK_MELD, _not_single_deck_custom),
}
"""Each family of meld options with the value that leaves another deck's table alone, and how
an option of it is refused with a deck that does not take it (``Deck.takes``); the double
deck's first, so a pack that takes neither hears of those first."""


_BIDDING_OPTIONS = ("min_bid", "bid_step", "bid_rungs", "forbidden_endings", "all_pass")
"""The options of the bid itself: like the bidders' (``_BIDDERS_ONLY``), nothing without
bidding."""


MATTERS: dict[str, Callable[[Options], bool]] = {
    **dict.fromkeys(
        ("double_meld_bonus", *_SINGLE_DECK_MELD),
        lambda o: o.deck.takes(MeldCustoms.SINGLE_DECK),
    ),
    "double_bonus_melds": lambda o: o.deck.takes(MeldCustoms.SINGLE_DECK) and o.double_meld_bonus,
    **dict.fromkeys(_DOUBLE_DECK_MELD, lambda o: o.deck.takes(MeldCustoms.DOUBLE_DECK)),
    **dict.fromkeys((*_BIDDING_OPTIONS, *_BIDDERS_ONLY), lambda o: o.auction),
    "target_raise": lambda o: not (o.system.kind.is_partnership and o.auction),
    "compulsory_bid": lambda o: o.all_pass is AllPass.COMPULSORY_FIRST_BID,
    "meld_save_points": lambda o: o.meld_saved_by is MeldSave.POINTS,
}
"""When an option that applies to the system can change something (``Options.matters``): the
single deck's meld rules need a deck whose table takes them, a single deck (the bonus melds,
the bonus too); the double deck's, an 80-card double deck (two packs with nines have their own
table, ``Deck.takes``); the bid and the
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
    if o.system.kind.has_kitty and (o.kitty_threshold <= 0 or o.kitty_threshold % 10):
        raise OptionError(
            option("kitty_threshold"), "Kitty joins at a bid: a multiple of 10 above 0."
        )
    if o.system.kind.has_pot:
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
    if o.system.kind.is_partnership:
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
    if options.system.kind.is_cumulative:
        low = high = options.shape.players
    if not low <= players <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise OptionError(
            Where(Part.PLAYERS),
            f"{options.system.label} is played by {span} players, not {players}.",
        )
    if (
        options.system.kind.is_chip_game
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
    if options.system.kind.is_chip_game and players > options.sit_out.max_players:
        raise OptionError(
            option("sit_out"),
            f"'{OPTION_SPECS['sit_out'].choice_label(options.sit_out.value)}' seats at most "
            f"{options.sit_out.max_players} players, not {players}.",
        )
