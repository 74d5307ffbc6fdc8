"""One hand as the engine takes it and gives it back (RULES 4 to 6).

``HandInput`` holds what was entered (declarer, bid, trump, outcome, meld per player, tricks);
``HandContext`` who sits where for the hand, worked out by the session replay; ``HandResult``
what the hand did. A meld entry is a number (one hand's, or a side's hands together), the
cards laid down, or named melds, each checked by ``evaluate_meld``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MeldError, Part, PlayerError, Where
from ..game.options import Options
from ..holders import KITTY, Holder, PlayerKey, Pool, Team
from ..pack.cards import Hand, Suit
from ..pack.meld import (
    Claim,
    MeldScore,
    check_meld_number,
    meld_from_cards,
    meld_from_claims,
    meld_points,
)
from ..pack.sidemeld import check_side_meld
from ..pack.tricks import PlayerTricks, SideTricks, TrickShares, other_side
from .outcome import Outcome
from .payments import Flow


@dataclass(frozen=True, slots=True)
class MeldNumber:
    """Meld entered as a figure, in full points: one hand's, or a side's ``hands`` together."""

    points: int
    hands: int = 1


@dataclass(frozen=True, slots=True)
class MeldCards:
    """Meld entered as the cards laid down."""

    hand: Hand


@dataclass(frozen=True, slots=True)
class MeldClaims:
    """Meld entered as named melds."""

    claims: tuple[Claim, ...]


MeldEntry = MeldNumber | MeldCards | MeldClaims


def evaluate_meld(entry: MeldEntry, trump: Suit | None, options: Options, where: Where) -> int:
    """What a meld entry is worth, checked: a figure must be attainable, cards must fit a hand."""
    if isinstance(entry, MeldNumber) and entry.hands > 1:
        check_side_meld(entry.points, entry.hands, options, where)
        return entry.points
    if isinstance(entry, MeldNumber):
        check_meld_number(entry.points, options, where)
        return entry.points
    if isinstance(entry, MeldCards):
        _check_cards(entry, options, where)
        return meld_points(entry.hand, trump, options)
    return meld_from_claims(entry.claims, trump, options, where).total


def _check_cards(entry: MeldCards, options: Options, where: Where) -> None:
    entry.hand.within(options.deck, where)  # a nine, or a card too many times, for this deck
    if len(entry.hand) > options.hand_size:
        raise MeldError(
            where,
            f"{len(entry.hand)} cards laid down, but a hand here holds at most "
            f"{options.hand_size}.",
        )


def meld_breakdown(entry: MeldEntry, trump: Suit | None, options: Options) -> MeldScore | None:
    """The meld-by-meld breakdown of a cards or claims entry (None for a bare number)."""
    if isinstance(entry, MeldCards):
        _check_cards(entry, options, Where(Part.MELD))
        return meld_from_cards(entry.hand, trump, options)
    if isinstance(entry, MeldClaims):
        return meld_from_claims(entry.claims, trump, options)
    return None


def breakdowns(hand: HandInput, options: Options) -> dict[PlayerKey, MeldScore]:
    """Each player's meld breakdown for a hand, where it was entered by cards or claims."""
    out = {}
    for player, entry in hand.meld:
        score = meld_breakdown(entry, hand.trump, options)
        if score is not None:
            out[player] = score
    return out


@dataclass(frozen=True, slots=True)
class HandInput:
    """What the table entered for one hand, in the engine's terms: players, parsed meld and
    figures in full points (made from a ``HandEntry`` by the services)."""

    outcome: Outcome | None = None  # None: derive made or set from meld and tricks
    declarer: PlayerKey | None = None
    bid: int | None = None
    trump: Suit | None = None
    meld: tuple[tuple[PlayerKey, MeldEntry], ...] = ()
    tricks: SideTricks | PlayerTricks | TrickShares | None = None
    reneger: PlayerKey | None = None
    takeover: bool = False
    bids: tuple[tuple[PlayerKey, int], ...] = ()  # summed bids: each player's own, 0 for none

    def meld_entry(self, player: PlayerKey) -> MeldEntry | None:
        """The meld entered for ``player``, if any."""
        return dict(self.meld).get(player)


@dataclass(frozen=True, slots=True)
class HandContext:
    """Who is at the table for a hand, worked out by the session replay."""

    seated: tuple[PlayerKey, ...]  # everyone at the table, clockwise
    dealer: PlayerKey
    active: tuple[PlayerKey, ...]  # the players dealt in, in bidding order (dealer's left first)
    teams: tuple[Team, ...] = ()  # partnership: the two teams
    kitty: int = 0  # kitty balance before the hand (units)
    pot: int = 0  # pot balance before the hand (units)

    @property
    def sitting_out(self) -> tuple[PlayerKey, ...]:
        """Players at the table who get no cards this hand."""
        return tuple(p for p in self.seated if p not in self.active)

    @property
    def first_bidder(self) -> PlayerKey:
        """The player to the dealer's left among those dealt in."""
        return self.active[0]

    def team_of(self, player: PlayerKey) -> Team:
        """The partnership team ``player`` belongs to."""
        for team in self.teams:
            if player in team:
                return team
        raise PlayerError(Where(Part.DECLARER, player), f"{player} is on no team.")

    @property
    def heads(self) -> list[PlayerKey]:
        """The player in each team's first seat, who stands for the team's tricks."""
        return [team.members[0] for team in self.teams]


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand did, as the engine works it out from a ``HandInput``: each holder's change
    and the figures that led to it."""

    outcome: Outcome
    declarer: PlayerKey | None = None
    bid: int | None = None
    trump: Suit | None = None
    changes: tuple[tuple[Holder, int], ...] = ()  # holder (player or team) -> units or points
    flows: tuple[Flow, ...] = ()  # chip games: who paid whom, kitty and pot included
    kitty_change: int = 0
    pot_change: int = 0
    melds: tuple[tuple[PlayerKey, int], ...] = ()  # player -> meld points
    tricks: tuple[tuple[Holder, int], ...] = ()  # player or team -> trick points
    declarer_side: int | None = None  # chip games: the declarer's side's trick points
    made: bool | None = None
    value: int = 0  # chip games: schedule value times trump multiplier (units)
    multiplier: int = 1
    pot_taken: int = 0
    chip_in: int = 0  # each player's share of a kitty shortfall
    ante: int = 0  # each player's ante after the pot was taken
    sets: tuple[tuple[PlayerKey, int], ...] = ()  # Bison: player -> 1 single, 2 double set
    reneger: PlayerKey | None = None
    takeover: bool = False
    passes_deal: bool = True
    notes: tuple[str, ...] = field(default=())
    # summed bids (RULES 6.6): each player's own bid, and each team's contract and its fate
    # (True made, False set, None: no contract, or not played); ``bid`` is the declarers'
    bids: tuple[tuple[PlayerKey, int], ...] = ()
    contracts: tuple[tuple[Team, int, bool | None], ...] = ()

    @property
    def side_tricks(self) -> tuple[int, int] | None:
        """Chip games: the trick points of the declarer's side and of the opponents."""
        if self.declarer_side is None:
            return None
        return self.declarer_side, other_side(self.declarer_side)

    def change(self, holder: Holder) -> int:
        """The change for ``holder`` (0 when untouched)."""
        return dict(self.changes).get(holder, 0)

    def pool_change(self, pool: Pool) -> int:
        """The change for the kitty or the pot this hand (0 when untouched)."""
        return self.kitty_change if pool is KITTY else self.pot_change

    def meld_of(self, player: PlayerKey | None) -> int:
        """Meld points of ``player`` this hand."""
        if player is None:
            return 0
        return dict(self.melds).get(player, 0)
