"""Counting the tricks (RULES section 3): the card-value schemes of each deck and their figures.

With a single deck every scheme totals 250 with the 10 for the last trick; two packs with nines
hold twice the cards and one last trick, 490. A double deck counts its 48 aces, tens and kings
10 each and the last trick 20: 500 (50 as tables write it, at scale 10). Each deck carries its
own figures (``deck.Deck``). A side's figure must be one the scheme can produce (classic:
anything from 0 to 250 but 1 and 249; simple: multiples of 5; counters: multiples of 10).
Bison enters each player's own take instead (counters, or card points under the other schemes)
plus who took the last trick, because its counter rule needs to know whether a player took a
counter at all. The pack imports nothing of the game: a session's options reach it as
``TrickOptions``, and its scheme (``card_values``) by its key (``COUNTINGS``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ..errors import Checks, Part, PlayerError, TrickError, Where
from ..holders import PlayerKey
from .cards import Rank
from .deck import DEFAULT_DECK, Deck

TRICKS = Where(Part.TRICKS)


class Scheme(Protocol):
    """A card-value scheme as the options hold it (``card_values``): known by its key."""

    @property
    def value(self) -> str: ...

    def __hash__(self) -> int: ...


class TrickOptions(Protocol):
    """The house rules trick points read: the deck, the card values and the scale, and
    whether the buried cards count (RULES 3.1 to 3.6)."""

    @property
    def deck(self) -> Deck: ...

    @property
    def card_values(self) -> Scheme: ...

    @property
    def scale(self) -> int: ...

    def to_table(self, points: int) -> int: ...

    @property
    def has_teams(self) -> bool: ...

    @property
    def kitty_size(self) -> int: ...

    @property
    def discards_count(self) -> bool: ...

    def applies(self, name: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class Counting:
    """One way of counting the cards taken in tricks (option ``card_values``, RULES 3.1)."""

    values: Mapping[Rank, int]  # each rank's points
    unattainable: str  # why no side takes some figure; ``{step}``: a counter as written
    in_counters: bool = False  # Bison's takes are counted in counters (A, T, K), not points


COUNTINGS: Mapping[str, Counting] = {
    "classic": Counting(
        {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0},
        "no cards count 1 (the smallest card is a jack, 2)",
    ),
    "simple": Counting(
        {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5, Rank.JACK: 0, Rank.NINE: 0},
        "simple counting gives only multiples of 5",
    ),
    "counters": Counting(
        {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10, Rank.QUEEN: 0, Rank.JACK: 0, Rank.NINE: 0},
        "counters give only multiples of {step}",
        in_counters=True,
    ),
}
"""Each card-value scheme by its key (``classic``, ``simple``, ``counters``)."""


def counting(scheme: Scheme) -> Counting:
    """How ``scheme`` counts the cards."""
    return COUNTINGS[scheme.value]


def card_value(rank: Rank, scheme: Scheme) -> int:
    """Points a card of ``rank`` is worth in tricks under ``scheme``."""
    return counting(scheme).values[rank]


def last_trick(deck: Deck) -> int:
    """What the last trick adds: 10 with a single deck or two packs with nines, 20 with a
    double deck (2 at scale 10)."""
    return deck.last_trick


def counter_cards(deck: Deck) -> int:
    """The aces, tens and kings in the pack: 24 in a single deck, 48 in the 80 or 96 cards."""
    return deck.counters


def trick_total(deck: Deck) -> int:
    """Every trick point of a hand, the last trick included: 250 single, 500 double deck, 490
    from two packs with nines."""
    return deck.trick_points


@functools.cache
def card_point_sums(scheme: Scheme, deck: Deck = DEFAULT_DECK) -> frozenset[int]:
    """Every total some set of the deck's cards can make under ``scheme`` (no last trick)."""
    copies = 4 * deck.copies  # of each rank
    sums = {0}
    for value in counting(scheme).values.values():
        if value:
            sums = {s + k * value for s in sums for k in range(copies + 1)}
    most = trick_total(deck) - last_trick(deck)
    return frozenset(s for s in sums if s <= most)


@functools.cache
def side_totals(scheme: Scheme, deck: Deck = DEFAULT_DECK) -> frozenset[int]:
    """Every figure one side can take in a hand, last trick included."""
    cards = card_point_sums(scheme, deck)
    return cards | {c + last_trick(deck) for c in cards}


def check_side_points(points: int, options: TrickOptions, where: Where = TRICKS) -> None:
    """Refuse a side's trick figure the card-value scheme cannot produce."""
    shown = options.to_table(points) if points % options.scale == 0 else points
    total = trick_total(options.deck)
    if not 0 <= points <= total:
        raise TrickError(
            where, f"Trick points run from 0 to {options.to_table(total)}; {shown} is outside."
        )
    if points not in side_totals(options.card_values, options.deck):
        raise TrickError(where, _unattainable(shown, options))


def _unattainable(shown: int, options: TrickOptions) -> str:
    why = counting(options.card_values).unattainable.format(step=10 // options.scale)
    return f"No side can take exactly {shown} in tricks: {why}."


def other_side(points: int, deck: Deck = DEFAULT_DECK) -> int:
    """The other side's figure when one side took ``points``."""
    return trick_total(deck) - points


@dataclass(frozen=True, slots=True)
class SideTricks:
    """Trick points of the declarer's side (buried cards included); the rest went the other way."""

    declarer_points: int

    def check(self, options: TrickOptions) -> None:
        """Refuse a figure the scheme cannot produce."""
        check_side_points(self.declarer_points, options)

    def other_points(self, deck: Deck = DEFAULT_DECK) -> int:
        """What the other side took."""
        return other_side(self.declarer_points, deck)


def check_sides(declarer_points: int, other_points: int, options: TrickOptions) -> None:
    """Refuse two side figures that do not add up to the deck's total or cannot be taken."""
    other = Where(Part.OTHER_TRICKS)
    check_side_points(declarer_points, options)
    check_side_points(other_points, options, other)
    total = trick_total(options.deck)
    if declarer_points + other_points != total:
        t = options.to_table
        raise TrickError(
            other,
            f"Tricks must add up to {t(total)}: {t(declarer_points)} + {t(other_points)} = "
            f"{t(declarer_points + other_points)}.",
        )


@dataclass(frozen=True, slots=True)
class TrickShares:
    """Trick points shared out, the last trick included, adding up to the deck's total: each
    team's where three or four teams play (named by the player in its first seat), or each
    player's in a game without a bid."""

    taken: tuple[tuple[PlayerKey, int], ...]

    def of(self, holder: PlayerKey) -> int:
        """What the team headed by ``holder`` (or the player ``holder``) took."""
        return dict(self.taken).get(holder, 0)

    def check(
        self, holders: Iterable[PlayerKey], options: TrickOptions, whose: str = "teams'"
    ) -> None:
        """Refuse a share nobody at the table holds, a figure no side can take, or shares that
        do not add up to the deck's total; every problem at once."""
        known = set(holders)
        checks = Checks()
        for holder, points in self.taken:
            where = Where(Part.TAKE, player=holder)
            if holder not in known:
                checks.add(TrickError(where, f"{holder} takes no share of the tricks here."))
            else:
                checks.run(check_side_points, points, options, where)
        if all(holder in known for holder, _ in self.taken):  # a figure off adds up still
            total = trick_total(options.deck)
            taken = sum(points for _, points in self.taken)
            if not _short_by_burial(taken, total, options):
                t = options.to_table
                buried = buried_most(options)
                fewer = f", or up to {t(buried)} fewer for the buried cards" if buried else ""
                checks.add(
                    TrickError(
                        TRICKS,
                        f"The {whose} tricks must add up to {t(total)}{fewer}; these add up to "
                        f"{t(taken)}.",
                    )
                )
        checks.done()


@dataclass(frozen=True, slots=True)
class PlayerTricks:
    """Each player's own take and who took the last trick (Bison).

    ``taken`` is the number of counters (A, T, K) under the counters scheme, or card points
    without the last trick under the other schemes.
    """

    taken: tuple[tuple[PlayerKey, int], ...]
    last_trick: PlayerKey | None

    @classmethod
    def of(cls, taken: Mapping[PlayerKey, int], last_trick: PlayerKey | None) -> PlayerTricks:
        """Build from a mapping of player to take."""
        return cls(tuple(taken.items()), last_trick)

    def taken_by(self, player: PlayerKey) -> int:
        """What ``player`` took (counters or card points)."""
        return dict(self.taken).get(player, 0)

    def took_a_counter(self, player: PlayerKey) -> bool:
        """True if ``player`` took at least one counting card (the last trick alone is not one)."""
        return self.taken_by(player) > 0

    def points(self, player: PlayerKey, options: TrickOptions) -> int:
        """Trick points of ``player``, last trick included, in full points."""
        taken = self.taken_by(player)
        if counting(options.card_values).in_counters:
            taken *= 10
        return taken + (last_trick(options.deck) if player == self.last_trick else 0)

    def check(self, players: Iterable[PlayerKey], options: TrickOptions) -> None:
        """Refuse takes that do not add up, name strangers, or lack the last trick; every
        one of these problems is reported at once."""
        known = set(players)
        checks = Checks()
        for player, taken in self.taken:
            checks.run(_check_take, player, taken, known)
        checks.run(self._check_last_trick, known)
        if checks.passed or all(e.where.part is Part.LAST_TRICK for e in checks.broken):
            checks.run(self._check_total, options)
        checks.done()

    def _check_last_trick(self, known: set[PlayerKey]) -> None:
        if self.last_trick not in known:
            raise TrickError(Where(Part.LAST_TRICK), "Say who took the last trick.")

    def _check_total(self, options: TrickOptions) -> None:
        """The takes together: each one a figure the scheme allows, adding up to the deck (less
        what the buried cards may hold, where they count for nobody)."""
        buried = buried_most(options)
        if counting(options.card_values).in_counters:
            buried //= 10  # counters, not points
            total = sum(taken for _, taken in self.taken)
            counters = counter_cards(options.deck)
            if not counters - buried <= total <= counters:
                each = counters // 3
                fewer = f", or up to {buried} fewer buried" if buried else ""
                raise TrickError(
                    TRICKS,
                    f"Counters must add up to {counters} ({each} aces, {each} tens, {each} "
                    f"kings){fewer}; these add up to {total}.",
                )
            return
        deck = options.deck
        sums = card_point_sums(options.card_values, deck)
        cards = trick_total(deck) - last_trick(deck)
        checks = Checks()  # each take no cards can make, and the total: every one at once
        for player, taken in self.taken:
            if taken not in sums:
                where = Where(Part.TAKE, player=player)
                checks.add(TrickError(where, f"{player}: {_unattainable(taken, options)}"))
        total = sum(taken for _, taken in self.taken)
        if not _short_by_burial(total, cards, options):
            fewer = f", or up to {buried} fewer for the buried cards" if buried else ""
            checks.add(
                TrickError(
                    TRICKS,
                    f"Card points must add up to {cards} ({trick_total(deck)} less the last trick)"
                    f"{fewer}; these add up to {total}.",
                )
            )
        checks.done()


def teams_enter_own_tricks(options: TrickOptions) -> bool:
    """True when each partnership team enters its own trick points because the buried cards
    count for nobody (RULES 3.6): the other team's is then not the rest of the hand's."""
    return options.has_teams and buried_most(options) > 0


def buried_most(options: TrickOptions) -> int:
    """The most points the declarer's buried cards can hold where they count for nobody
    (``discards_count`` off): ``kitty_size`` of the best card; 0 where they count for the
    declarer."""
    if not options.applies("discards_count") or options.discards_count:
        return 0
    return options.kitty_size * max(counting(options.card_values).values.values())


def buried_sums(options: TrickOptions) -> frozenset[int]:
    """Points the buried cards can hold where they count for nobody: sums of at most
    ``kitty_size`` cards ({0} where they count for the declarer)."""
    most = buried_most(options)
    values = counting(options.card_values).values.values()
    sums = {0}
    for _ in range(options.kitty_size if most else 0):
        sums |= {s + value for s in sums for value in values}
    return frozenset(s for s in sums if s <= most)


def _short_by_burial(total: int, whole: int, options: TrickOptions) -> bool:
    """True when ``total`` falls short of ``whole`` by what buried cards can hold (or not)."""
    return whole - total in buried_sums(options)


def _check_take(player: PlayerKey, taken: int, known: set[PlayerKey]) -> None:
    """One player's take: someone playing this hand, and not below 0."""
    if player not in known:
        raise PlayerError(Where(Part.TAKE, player=player), f"{player} is not playing this hand.")
    if taken < 0:
        raise TrickError(Where(Part.TAKE, player=player), f"{player}'s tricks cannot be negative.")
