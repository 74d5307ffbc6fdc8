"""Meld (RULES section 2): from cards, from named melds, and from a bare number.

Three classes; a card may serve melds of different classes at once, never two melds of one
class. Class I: run, royal marriage, marriages, dix. Class II: pinochle. Class III: aces,
kings, queens and jacks around. Two, three or four of one meld (a double deck and two packs
with nines have four copies of each card) are worth what the deck's table says
(``meldtable``): a single deck's double is two singles, or the big figure under
``double_meld_bonus``; with two packs with nines a trump's K-Q pairs go to runs or royal
marriages, whichever scores more. ``roundhouse_with_run``
(390) adds the roundhouse's trump marriage beside a run; ``double_trump_marriage`` (240, a
single deck's) scores K K Q Q of trump as 240, which may share a single run's K and Q (run and
double marriage: 390). The house rules from our seeds (RULES 2.10): ``double_trump_marriage``
400 shares a run's K and Q as 240 does, ``double_marriage_value`` scores a plain suit's double
marriage as one meld, and ``run_extras`` adds 40 for each spare trump K or Q beside a run (an
``extra king`` or ``extra queen``).

Every way in ends in the same place: a ``MeldCounts`` (how many of each meld) scored by
``score_melds``. Cards give the maximum counts the class rules allow; claims give the counts
named, once they are shown to fit in one hand.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import COPIES, DECK, SUITS, Hand, Rank, Suit, card_index
from .deck import Deck
from .errors import MeldError, Part, TrumpError, Where
from .meldattain import double_deck_totals
from .meldtable import AROUND_KINDS, MeldKind, MeldTable, meld_table
from .options import Options
from .remember import remember_last

MELD = Where(Part.MELD)
AROUND_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_TIMES = {2: "double", 3: "triple", 4: "quadruple"}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True, slots=True)
class MeldCounts:
    """How many of each meld a hand shows; the shape every way of entering meld ends in."""

    trump: Suit | None = None
    runs: int = 0
    royal_marriages: int = 0
    marriages: tuple[int, int, int, int] = (0, 0, 0, 0)  # per suit S H D C; trump slot is 0
    dix: int = 0
    pinochles: int = 0
    arounds: tuple[int, int, int, int] = (0, 0, 0, 0)  # aces, kings, queens, jacks
    extra_kings: int = 0  # spare trump kings beside a run, under ``run_extras``
    extra_queens: int = 0


@dataclass(frozen=True, slots=True)
class MeldLine:
    """One line of a breakdown: ``double pinochle 300``, ``triple run 2250``, ``marriage ♥ 20``."""

    kind: str
    count: int
    points: int
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.written()

    def written(self, scale: int = 1) -> str:
        """The line as the table writes it: points divided by ``scale`` (``run 15`` at 10)."""
        name = f"{self.kind} {self.suit.symbol}" if self.suit else self.kind
        if self.count in _TIMES:
            name = f"{_TIMES[self.count]} {name}"
        return f"{name} {self.points // scale}"


@dataclass(frozen=True, slots=True)
class MeldScore:
    """A meld total with its breakdown, meld by meld."""

    total: int
    lines: tuple[MeldLine, ...]
    counts: MeldCounts

    def __str__(self) -> str:
        return self.written()

    def written(self, scale: int = 1) -> str:
        """The breakdown as the table writes it: points divided by ``scale``."""
        if not self.lines:
            return "no meld 0"
        lines = ", ".join(line.written(scale) for line in self.lines)
        return f"{lines} = {self.total // scale}"


# -- scoring ---------------------------------------------------------------------------------


def _class_one_trump(runs: int, royal: int, table: MeldTable) -> tuple[tuple[MeldLine, ...], int]:
    lines = []
    if runs:
        lines.append(MeldLine("run", runs, table.run[runs]))
    if royal:
        lines.append(MeldLine("royal marriage", royal, table.royal_marriage[royal]))
    return tuple(lines), sum(line.points for line in lines)


def _marriages(married: int, table: MeldTable) -> int:
    """A plain suit's marriages: two as one meld under ``double_marriage_value``."""
    if married == 2 and table.double_marriage:
        return table.double_marriage
    return married * table.marriage


def roundhouse_bonus(counts: MeldCounts, options: Options) -> int:
    """The roundhouse's trump marriage beside a run (+40), under ``roundhouse_with_run`` 390."""
    return _roundhouse(counts, options, meld_table(options))


def _roundhouse(counts: MeldCounts, options: Options, table: MeldTable) -> int:
    if options.roundhouse_with_run != 390 or counts.trump is None:
        return 0
    if counts.runs < 1 or counts.royal_marriages or counts.extra_kings or counts.extra_queens:
        return 0  # the trump marriage beside the run already counts
    if counts.arounds[1] < 1 or counts.arounds[2] < 1:
        return 0
    others = [
        m for suit, m in zip(SUITS, counts.marriages, strict=True) if suit is not counts.trump
    ]
    return table.roundhouse_bonus if all(m >= 1 for m in others) else 0


def _double_roundhouse(counts: MeldCounts, table: MeldTable) -> int:
    """A double roundhouse scored whole (2400, not its parts' 1600) under ``double_roundhouse``:
    two K-Q pairs of trump (in runs or royal marriages) and of every other suit, so double
    kings and double queens around."""
    bonus = table.double_roundhouse_bonus
    if not bonus or counts.trump is None or counts.runs + counts.royal_marriages < 2:
        return 0
    if counts.arounds[1] < 2 or counts.arounds[2] < 2:
        return 0
    others = [
        m for suit, m in zip(SUITS, counts.marriages, strict=True) if suit is not counts.trump
    ]
    return bonus if all(m >= 2 for m in others) else 0


def score_melds(counts: MeldCounts, options: Options) -> MeldScore:
    """Points for the melds counted, with the breakdown, under the session's options."""
    table = meld_table(options)
    lines: list[MeldLine] = list(_class_one_trump(counts.runs, counts.royal_marriages, table)[0])
    for kind, extra in (
        (MeldKind.EXTRA_KING, counts.extra_kings),
        (MeldKind.EXTRA_QUEEN, counts.extra_queens),
    ):
        if extra:
            lines.append(MeldLine(kind.title, extra, extra * table.run_extra))
    for suit, married in zip(SUITS, counts.marriages, strict=True):
        if married:
            lines.append(MeldLine("marriage", married, _marriages(married, table), suit))
    if counts.dix:
        lines.append(MeldLine("dix", counts.dix, counts.dix * table.dix))
    extra = _roundhouse(counts, options, table)
    if extra:
        lines.append(MeldLine("roundhouse's trump marriage", 1, extra))
    whole = _double_roundhouse(counts, table)
    if whole:
        lines.append(MeldLine("double roundhouse bonus", 1, whole))
    if counts.pinochles:
        lines.append(MeldLine("pinochle", counts.pinochles, table.pinochle[counts.pinochles]))
    for kind, values, n in zip(AROUND_KINDS, table.arounds, counts.arounds, strict=True):
        if n:
            lines.append(MeldLine(kind.title, n, values[n]))
    return MeldScore(sum(line.points for line in lines), tuple(lines), counts)


# -- from cards ------------------------------------------------------------------------------


def meld_counts_from_cards(hand: Hand, trump: Suit | None, options: Options) -> MeldCounts:
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
            standard = _class_one_trump(runs, royal, table)[1]
            if _class_one_trump(alt_runs, 2, table)[1] > standard:
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


def _dealt(hand: Hand, options: Options) -> Hand:
    """The hand checked against the session's deck and hand size."""
    hand = hand.within(options.deck)
    hand.check_size(options.hand_size)
    return hand


def meld_from_cards(hand: Hand, trump: Suit | None, options: Options) -> MeldScore:
    """The maximum meld of ``hand`` in ``trump``, with its breakdown."""
    hand = _dealt(hand, options)
    return score_melds(meld_counts_from_cards(hand, trump, options), options)


def meld_by_trump(hand: Hand, options: Options) -> dict[Suit, MeldScore]:
    """The hand's meld in each of the four trumps, to show which trump it is worth most in."""
    hand = _dealt(hand, options)
    return {
        suit: score_melds(meld_counts_from_cards(hand, suit, options), options) for suit in SUITS
    }


def meld_points(hand: Hand, trump: Suit | None, options: Options) -> int:
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
def _fast_values(options: Options) -> _Fast:
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
        table.roundhouse_bonus if options.roundhouse_with_run == 390 else 0,
        table.double_roundhouse_bonus,
        table.run_extra,
        table.double_marriage - 2 * table.marriage if table.double_marriage else 0,
        table.run_split,
    )
    return fast


# -- cards a set of melds needs --------------------------------------------------------------


def cards_needed(counts: MeldCounts, options: Options) -> tuple[int, ...]:
    """The fewest copies of each card a hand must hold to show these melds (may exceed the
    deck's copies)."""
    class_one = [0] * 24
    trump = counts.trump
    if trump is not None:
        runs, royal = counts.runs, counts.royal_marriages
        for rank in (Rank.ACE, Rank.TEN, Rank.JACK):
            class_one[card_index(rank, trump)] = runs
        overlap = meld_table(options).double_trump_whole and royal == 2 and runs == 1
        kq = 2 if overlap else runs + royal
        class_one[card_index(Rank.KING, trump)] = kq + counts.extra_kings
        class_one[card_index(Rank.QUEEN, trump)] = kq + counts.extra_queens
        class_one[card_index(Rank.NINE, trump)] = counts.dix
    for suit, married in zip(SUITS, counts.marriages, strict=True):
        if married:
            class_one[card_index(Rank.KING, suit)] += married
            class_one[card_index(Rank.QUEEN, suit)] += married
    need = class_one
    need[card_index(Rank.QUEEN, Suit.SPADES)] = max(
        need[card_index(Rank.QUEEN, Suit.SPADES)], counts.pinochles
    )
    need[card_index(Rank.JACK, Suit.DIAMONDS)] = max(
        need[card_index(Rank.JACK, Suit.DIAMONDS)], counts.pinochles
    )
    for rank, n in zip(AROUND_RANKS, counts.arounds, strict=True):
        for suit in SUITS:
            i = card_index(rank, suit)
            need[i] = max(need[i], n)
    return tuple(need)


def check_fits_one_hand(counts: MeldCounts, options: Options, where: Where = MELD) -> None:
    """Refuse melds that no single hand could hold (more copies of a card than the deck has, a
    card it lacks, or too many cards)."""
    need = cards_needed(counts, options)
    deck = options.deck
    for card, n in zip(DECK, need, strict=True):
        if n and not deck.holds(card):
            raise MeldError(
                where, f"A {deck.value} deck has no {card.rank.noun}: these melds need {card}."
            )
        if n > deck.copies:
            raise MeldError(
                where,
                f"These melds need {n} copies of {card.symbol}, but the deck has only "
                f"{_NUMBER_WORDS[deck.copies]} (a card serves only one meld of each class).",
            )
    total = sum(need)
    if total > options.hand_size:
        raise MeldError(
            where,
            f"These melds need at least {total} cards, but a hand here holds {options.hand_size}.",
        )


# -- named melds (claims) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """One meld named by the table, such as ``marriage ♥`` or ``pinochle``."""

    kind: MeldKind
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str, where: Where = MELD, deck: Deck = Deck.SINGLE) -> list[Claim]:
        """Read one claim; ``double`` or ``2`` in front names two of it (``triple`` three,
        ``quadruple`` four)."""
        return _parse_claim(text, where, deck)

    def __str__(self) -> str:
        if self.kind is MeldKind.MARRIAGE:
            return ROUNDHOUSE if self.suit is None else f"marriage {self.suit.value}"
        return self.kind.title


ROUNDHOUSE = "roundhouse"
_CLAIM_ALIASES: dict[str, MeldKind | str] = {
    "run": MeldKind.RUN,
    "rope": MeldKind.RUN,
    "flush": MeldKind.RUN,
    "sequence": MeldKind.RUN,
    "royal marriage": MeldKind.ROYAL_MARRIAGE,
    "trump marriage": MeldKind.ROYAL_MARRIAGE,
    "royal": MeldKind.ROYAL_MARRIAGE,
    "marriage": MeldKind.MARRIAGE,
    "common marriage": MeldKind.MARRIAGE,
    "dix": MeldKind.DIX,
    "deece": MeldKind.DIX,
    "deuce": MeldKind.DIX,
    "pinochle": MeldKind.PINOCHLE,
    "aces around": MeldKind.ACES_AROUND,
    "100 aces": MeldKind.ACES_AROUND,
    "kings around": MeldKind.KINGS_AROUND,
    "80 kings": MeldKind.KINGS_AROUND,
    "queens around": MeldKind.QUEENS_AROUND,
    "60 queens": MeldKind.QUEENS_AROUND,
    "jacks around": MeldKind.JACKS_AROUND,
    "40 jacks": MeldKind.JACKS_AROUND,
    "roundhouse": ROUNDHOUSE,
    "round house": ROUNDHOUSE,
    "extra king": MeldKind.EXTRA_KING,
    "spare king": MeldKind.EXTRA_KING,
    "extra queen": MeldKind.EXTRA_QUEEN,
    "spare queen": MeldKind.EXTRA_QUEEN,
}
_DOUBLE_ALIASES = {
    "aces abound": MeldKind.ACES_AROUND,
    "1000 aces": MeldKind.ACES_AROUND,
    "kings abound": MeldKind.KINGS_AROUND,
    "800 kings": MeldKind.KINGS_AROUND,
    "queens abound": MeldKind.QUEENS_AROUND,
    "600 queens": MeldKind.QUEENS_AROUND,
    "jacks abound": MeldKind.JACKS_AROUND,
    "400 jacks": MeldKind.JACKS_AROUND,
}
_TIMES_WORDS = {
    "double": 2, "2": 2, "two": 2, "2x": 2,
    "triple": 3, "3": 3, "three": 3, "3x": 3,
    "quadruple": 4, "4": 4, "four": 4, "4x": 4, "quad": 4,
}  # fmt: skip
_SINGLE_DECK_NAMES = frozenset(
    name for name in (*_CLAIM_ALIASES, *_DOUBLE_ALIASES) if name[0].isdigit() or "abound" in name
)  # "100 aces", "aces abound": a single deck's figures and counts, ambiguous with four copies
_SUIT_WORDS = {
    "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES, "♠": Suit.SPADES,
    "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "♥": Suit.HEARTS,
    "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS, "♣": Suit.CLUBS,
}  # fmt: skip


def _parse_claim(text: str, where: Where, deck: Deck) -> list[Claim]:
    words = re.sub(r"\s+", " ", text.strip().lower().replace("-", " ")).split(" ")
    times = 1
    if words and words[0] in _TIMES_WORDS:
        times, words = _TIMES_WORDS[words[0]], words[1:]
    suit = None
    for position in (len(words) - 1, 0):
        if len(words) > 1 and words[position] in _SUIT_WORDS:
            suit = _SUIT_WORDS[words.pop(position)]
            break
    if words and words[0] == "in" and len(words) > 1:
        words = words[1:]
    if words and words[-1] == "in":
        words = words[:-1]
    name = " ".join(words)
    if deck is not Deck.SINGLE and name in _SINGLE_DECK_NAMES:
        raise MeldError(
            where,
            f"'{text.strip()}' names a single deck's meld: with a {deck.phrase} say how many, "
            "such as aces around, double aces around, triple or quadruple aces around.",
        )
    if name in _DOUBLE_ALIASES:
        return [Claim(_DOUBLE_ALIASES[name])] * 2 * times
    kind = _CLAIM_ALIASES.get(name)
    if kind is None:
        raise MeldError(
            where,
            f"'{text.strip()}' is not a meld: name run, royal marriage, marriage and a suit, "
            "dix, pinochle, roundhouse, or aces/kings/queens/jacks around.",
        )
    if isinstance(kind, str):  # ROUNDHOUSE, the one name that is not a MeldKind
        return [Claim(MeldKind.MARRIAGE)] * times  # a marriage of no one suit: all of them
    if kind is MeldKind.MARRIAGE and suit is None:
        raise MeldError(where, f"'{text.strip()}': say which suit the marriage is in (marriage H).")
    return [Claim(kind, suit if kind is MeldKind.MARRIAGE else None)] * times


def parse_claims(text: str, where: Where = MELD, deck: Deck = Deck.SINGLE) -> list[Claim]:
    """Read claims separated by commas or ``+`` (``run, royal marriage, pinochle``), named as
    players of ``deck`` name them."""
    claims: list[Claim] = []
    for part in re.split(r"[,+;\n]", text):
        if part.strip():
            claims.extend(_parse_claim(part, where, deck))
    return claims


def format_claims(claims: Iterable[Claim]) -> str:
    """Claims written back in the notation ``parse_claims`` reads."""
    return ", ".join(str(claim) for claim in claims)


def _per_suit(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Four counts (one a suit, or one an around) as the fixed tuple ``MeldCounts`` holds."""
    first, second, third, fourth = counts
    return (first, second, third, fourth)


def counts_from_claims(
    claims: Sequence[Claim], trump: Suit | None, options: Options, where: Where = MELD
) -> MeldCounts:
    """The melds named, refused unless one hand could hold them all."""
    runs = royal = dix = pinochles = extra_kings = extra_queens = 0
    marriages = [0, 0, 0, 0]
    arounds = [0, 0, 0, 0]
    roundhouses = 0
    for claim in claims:
        kind = claim.kind
        if kind.needs_trump and trump is None:
            raise TrumpError(where, f"A {kind.title} is a trump meld: name trump first.")
        if kind is MeldKind.RUN:
            runs += 1
        elif kind is MeldKind.ROYAL_MARRIAGE:
            royal += 1
        elif kind is MeldKind.DIX:
            dix += 1
        elif kind is MeldKind.EXTRA_KING:
            extra_kings += 1
        elif kind is MeldKind.EXTRA_QUEEN:
            extra_queens += 1
        elif kind is MeldKind.PINOCHLE:
            pinochles += 1
        elif kind is MeldKind.MARRIAGE:
            if claim.suit is None:  # the roundhouse
                roundhouses += 1
            elif claim.suit is trump:
                royal += 1  # a marriage in trump is the royal marriage
            else:
                marriages[claim.suit.index] += 1
        else:
            arounds[AROUND_KINDS.index(kind)] += 1
    if roundhouses:
        # K and Q of every suit: kings and queens around, a marriage in each other suit and
        # the royal marriage, which shares a run's K and Q (roundhouse with run is 350; the
        # roundhouse_with_run option adds the 40 back when no other royal marriage counts).
        if trump is None:
            raise TrumpError(where, "A roundhouse holds the royal marriage: name trump first.")
        for suit in SUITS:
            if suit is not trump:
                marriages[suit.index] += roundhouses
        arounds[1] += roundhouses
        arounds[2] += roundhouses
        royal += roundhouses - min(roundhouses, runs)
    if extra_kings or extra_queens:
        _check_extras(runs, options, where)
    copies = options.deck.copies
    for name, n in (("runs", runs), ("dix", dix), ("pinochles", pinochles)):
        if n > copies:
            raise MeldError(
                where,
                f"{n} {name} need {_NUMBER_WORDS[copies + 1]} copies of a card; "
                f"the deck has {_NUMBER_WORDS[copies]}.",
            )
    counts = MeldCounts(
        trump,
        runs,
        royal,
        _per_suit(marriages),
        dix,
        pinochles,
        _per_suit(arounds),
        extra_kings,
        extra_queens,
    )
    check_fits_one_hand(counts, options, where)
    return counts


def _check_extras(runs: int, options: Options, where: Where) -> None:
    """An extra king or queen counts only beside a run, under ``run_extras`` (RULES 2.10)."""
    if not options.run_extras:
        raise MeldError(
            where,
            "An extra king or queen scores only under the house rule 'Run with extra K or Q'.",
        )
    if runs != 1:
        raise MeldError(where, "An extra king or queen counts beside a single run: name the run.")


def meld_from_claims(
    claims: Sequence[Claim], trump: Suit | None, options: Options, where: Where = MELD
) -> MeldScore:
    """Score named melds once they are shown to fit in one hand."""
    return score_melds(counts_from_claims(claims, trump, options, where), options)


# -- a bare number ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _attainable(options: Options, hand_size: int) -> frozenset[int]:
    """Every single-deck total of a ``hand_size``-card hand, for ``_meld_only`` options."""
    table = meld_table(options)
    whole = table.double_trump_whole
    totals: set[int] = set()
    # Hearts and clubs play the same part; spades and diamonds touch the pinochle.
    for trump in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS):
        others = [s for s in SUITS if s is not trump]
        for runs, royal, dix, pinochles, *married in itertools.product(range(3), repeat=7):
            if runs + royal > 2 and not (whole and runs == 1 and royal == 2):
                continue
            marriages = [0, 0, 0, 0]
            for suit, m in zip(others, married, strict=True):
                marriages[suit.index] = m
            spares = range(2) if table.run_extra and runs == 1 and not royal else range(1)
            for extra_kings, extra_queens in itertools.product(spares, repeat=2):
                base = MeldCounts(
                    trump, runs, royal, _per_suit(marriages), dix, pinochles,
                    extra_kings=extra_kings, extra_queens=extra_queens,
                )  # fmt: skip
                totals.update(_with_arounds(base, table, hand_size, options))
    return frozenset(totals)


def _with_arounds(
    base: MeldCounts, table: MeldTable, hand_size: int, options: Options
) -> Iterable[int]:
    """The totals of ``base`` with every choice of arounds that still fits the hand."""
    need = cards_needed(base, options)
    if max(need) > COPIES or sum(need) > hand_size:
        return
    base_points = score_melds(base, options).total
    extra_cards = []
    for rank in AROUND_RANKS:
        have = [need[card_index(rank, suit)] for suit in SUITS]
        extra_cards.append([sum(max(0, n - h) for h in have) for n in range(3)])
    size = sum(need)
    for arounds in itertools.product(range(3), repeat=4):
        cards = size + sum(extra_cards[i][n] for i, n in enumerate(arounds))
        if cards > hand_size:
            continue
        points = base_points + sum(table.arounds[i][n] for i, n in enumerate(arounds))
        if options.roundhouse_with_run == 390 and arounds[1] and arounds[2]:
            points += roundhouse_bonus(replace(base, arounds=_per_suit(arounds)), options)
        yield points


_SINGLE_DECK_MELD_OPTIONS = (
    "double_meld_bonus",
    "double_bonus_melds",
    "roundhouse_with_run",
    "double_trump_marriage",
    "double_marriage_value",
    "run_extras",
)
"""Every option that changes which totals a single-deck hand can meld."""


def _meld_only(options: Options) -> Options:
    """Bison's options with only the meld options taken from ``options``, so sessions alike
    in meld share one cached set of totals."""
    from .options import PRESETS, GameSystem

    meld = {name: getattr(options, name) for name in _SINGLE_DECK_MELD_OPTIONS}
    return replace(PRESETS[GameSystem.BISON], **meld)


@remember_last
def attainable_totals(options: Options) -> frozenset[int]:
    """Every meld total some legal hand can show under these options (looked up once for the
    options of a replay, which asks on every hand)."""
    if options.deck.copies == 4:
        return double_deck_totals(
            meld_table(options), options.roundhouse_with_run == 390, options.hand_size
        )
    return _attainable(_meld_only(options), options.hand_size)


def is_attainable(points: int, options: Options) -> bool:
    """True if some legal meld totals exactly ``points`` (full points)."""
    return points in attainable_totals(options)


def check_meld_number(points: int, options: Options, where: Where = MELD) -> None:
    """Refuse a meld figure that no legal hand can total under these options."""
    if is_attainable(points, options):
        return
    shown = options.to_table(points) if points % options.scale == 0 else points
    top = max(attainable_totals(options))
    if points < 0:
        rule = f"Meld cannot be negative ({shown})."
    elif points > top:
        rule = (
            f"Meld {shown} is more than any hand can show here (at most {options.to_table(top)})."
        )
    elif points % 10:
        rule = (
            f"Meld {shown} is impossible: every meld is worth a multiple of {10 // options.scale}."
        )
    else:
        rule = f"No legal hand melds exactly {shown} under these rules."
    raise MeldError(where, rule)
