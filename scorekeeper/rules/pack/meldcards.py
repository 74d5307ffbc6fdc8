"""Meld from the cards laid down (RULES 2.6, way 1): the most each class allows.

Each class is taken at its maximum and the classes are added; a trump's K-Q pairs go to runs
or royal marriages, whichever scores more (two packs with nines), and the single deck's house
rules read the hand as they price it: K K Q Q of trump as one meld beside a run
(``double_trump_marriage`` 240 or 400), a spare trump K or Q beside a run (``run_extras``).
``meld_points`` is the same figure without the breakdown, for many hands at once.
"""

from __future__ import annotations

from ..remember import remember_last
from .cards import SUITS, Hand, Suit
from .meldoptions import MeldOptions, meld_table, roundhouse_390
from .meldscore import MeldCounts, MeldScore, class_one_trump, score_melds


def meld_counts_from_cards(hand: Hand, trump: Suit | None, options: MeldOptions) -> MeldCounts:
    """The melds a hand shows when every class takes the most it can."""
    c = hand.counts
    marriages = [min(c[6 * s + 2], c[6 * s + 3]) for s in range(4)]
    runs = royal = dix = extra_kings = extra_queens = 0
    if trump is not None:
        b = 6 * trump.index
        ace, ten, king, queen, jack = c[b], c[b + 1], c[b + 2], c[b + 3], c[b + 4]
        table = meld_table(options)
        pairs = min(king, queen)
        runs = table.runs_of(min(ace, ten, jack, pairs), pairs)
        royal = pairs - runs
        dix = c[b + 5]
        marriages[trump.index] = 0
        if table.run_extra and runs == 1:  # a single deck's spare K or Q beside its run
            extra_kings, extra_queens, royal = king - 1, queen - 1, 0
        if table.double_trump_whole and king == queen == 2:
            # K K Q Q of trump as 240 may share a single run's K and Q: keep the better reading.
            alt_runs = 1 if min(ace, ten, jack) else 0
            standard = class_one_trump(runs, royal, table)[1]
            if class_one_trump(alt_runs, 2, table)[1] > standard:
                runs, royal = alt_runs, 2
    arounds = tuple(min(c[r], c[6 + r], c[12 + r], c[18 + r]) for r in (0, 2, 3, 4))
    return MeldCounts(
        trump=trump,
        runs=runs,
        royal_marriages=royal,
        marriages=tuple(marriages),  # type: ignore[arg-type]
        dix=dix,
        pinochles=min(c[3], c[16]),
        arounds=arounds,  # type: ignore[arg-type]
        extra_kings=extra_kings,
        extra_queens=extra_queens,
    )


def _dealt(hand: Hand, options: MeldOptions) -> Hand:
    """The hand checked against the session's deck and hand size."""
    hand = hand.within(options.deck)
    hand.check_size(options.hand_size)
    return hand


def meld_from_cards(hand: Hand, trump: Suit | None, options: MeldOptions) -> MeldScore:
    """The maximum meld of ``hand`` in ``trump``, with its breakdown."""
    hand = _dealt(hand, options)
    return score_melds(meld_counts_from_cards(hand, trump, options), options)


def meld_by_trump(hand: Hand, options: MeldOptions) -> dict[Suit, MeldScore]:
    """The hand's meld in each of the four trumps, to show which trump it is worth most in."""
    hand = _dealt(hand, options)
    return {
        suit: score_melds(meld_counts_from_cards(hand, suit, options), options) for suit in SUITS
    }


def meld_points(hand: Hand, trump: Suit | None, options: MeldOptions) -> int:
    """The maximum meld of ``hand`` in ``trump`` as a bare number: the fast path.

    Same figure as ``meld_from_cards(...).total`` (a property test holds them equal); it skips
    building the breakdown so the app can evaluate many hands or all four trumps cheaply.
    """
    (
        run_v,
        royal_v,
        pin_v,
        ace_v,
        king_v,
        queen_v,
        jack_v,
        marriage,
        dix,
        whole,
        rh,
        drh,
        rx,
        dm,
        split,
    ) = _fast_values(options)
    c = hand.counts
    total = (
        pin_v[min(c[3], c[16])]
        + ace_v[min(c[0], c[6], c[12], c[18])]
        + jack_v[min(c[4], c[10], c[16], c[22])]
    )
    kings = min(c[2], c[8], c[14], c[20])
    queens = min(c[3], c[9], c[15], c[21])
    total += king_v[kings] + queen_v[queens]
    m = (min(c[2], c[3]), min(c[8], c[9]), min(c[14], c[15]), min(c[20], c[21]))
    if trump is None:
        total += marriage * (m[0] + m[1] + m[2] + m[3])
        return total + dm * ((m[0] == 2) + (m[1] == 2) + (m[2] == 2) + (m[3] == 2)) if dm else total
    t = trump.index
    b = 6 * t
    ace, ten, king, queen, jack = c[b], c[b + 1], c[b + 2], c[b + 3], c[b + 4]
    pairs = min(king, queen)
    runs = min(ace, ten, jack, pairs)
    if split:  # two packs with nines: royal marriages may score more than a run
        runs = split[pairs][runs]
    royal = pairs - runs
    trump_part = run_v[runs] + royal_v[royal]
    if rx and runs == 1:  # spare K or Q beside the run; they stand for the royal marriage below
        royal = king + queen - 2
        trump_part = run_v[1] + rx * royal
    if whole and king == queen == 2:
        alt = (run_v[1] if min(ace, ten, jack) else 0) + royal_v[2]
        if alt > trump_part:
            trump_part, royal = alt, 2
    others = m[0] + m[1] + m[2] + m[3] - m[t]
    total += trump_part + marriage * others + dix * c[b + 5]
    if dm:  # each plain suit's double marriage as one meld
        total += dm * ((m[0] == 2) + (m[1] == 2) + (m[2] == 2) + (m[3] == 2) - (m[t] == 2))
    if rh and runs and not royal and kings and queens and all(m[s] for s in range(4) if s != t):
        total += rh
    if drh and min(m) >= 2:  # two K-Q pairs of every suit: a double roundhouse
        total += drh
    return total


_Fast = tuple[
    tuple[int, ...],  # run
    tuple[int, ...],  # royal marriage
    tuple[int, ...],  # pinochle
    tuple[int, ...],  # aces around
    tuple[int, ...],  # kings around
    tuple[int, ...],  # queens around
    tuple[int, ...],  # jacks around
    int,  # a marriage
    int,  # a dix
    bool,  # K K Q Q of trump as one meld (240, 400)
    int,  # the roundhouse's trump marriage beside a run (0: not counted)
    int,  # a double roundhouse's bonus (0: its parts)
    int,  # each spare trump K or Q beside a run (0: not counted)
    int,  # what a plain suit's double marriage adds over two marriages (0: nothing)
    tuple[tuple[int, ...], ...],  # the runs of the trump's K-Q pairs (96 cards; (): all it can)
]


@remember_last
def _fast_values(options: MeldOptions) -> _Fast:
    """The figures ``meld_points`` reads, looked up once for a run of hands under one
    session's options."""
    table = meld_table(options)
    ace_v, king_v, queen_v, jack_v = table.arounds
    fast = (
        table.run,
        table.royal_marriage,
        table.pinochle,
        ace_v,
        king_v,
        queen_v,
        jack_v,
        table.marriage,
        table.dix,
        table.double_trump_whole,
        table.roundhouse_bonus if roundhouse_390(options) else 0,
        table.double_roundhouse_bonus,
        table.run_extra,
        table.double_marriage - 2 * table.marriage if table.double_marriage else 0,
        table.run_split,
    )
    return fast
