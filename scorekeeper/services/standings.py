"""What the session page shows: standings, who deals next, recent hands, a game-over banner.

Plain rows built from the replayed state so templates only print; no figure is computed in
a template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ..rules.evening.closing import fund_shares
from ..rules.evening.rounds import deal_round
from ..rules.evening.seating import deals_ahead
from ..rules.evening.session import HandRecord
from ..rules.game.bidding import TAKEOVER_BID, highest_makeable, legal_bids, takeover_allowed
from ..rules.game.options import CardValues, Options, Scoring
from ..rules.hand.describe import describe
from ..rules.hand.handcheck import takes_words
from ..rules.hand.hands import breakdowns
from ..rules.hand.outcome import Outcome
from ..rules.hand.payments import Flow
from ..rules.holders import (
    Holder,
    Player,
    PlayerKey,
    holder_kind,
    members,
    player_id,
)
from ..rules.pack.tricks import buried_most, other_side, trick_total
from ..rules.saying import SayingTable, reading_of, say_hand
from ..web.money import format_money
from .gameend_words import game_end_words
from .sessions import LoadedSession


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: a player or team, the kitty or the pot."""

    holder: Holder
    figure: int  # as the table writes it: units, or points divided by scale
    cents: int | None = None  # chip games and games played for money; None when no money
    note: str = ""  # "deals", "sits out", "left", "3 games"
    leader: bool = False
    # Hoyle and Brooklyn with a pot: the balance plus this player's equal share of the kitty
    # or pot as settle-up divides it now (close_session); else None.
    with_share: int | None = None
    with_share_cents: int | None = None
    share_label: str = ""  # "With kitty share" | "With pot share"
    signed: bool = True  # a player's money shows its direction (+/−); the kitty's and pot's not

    @property
    def money(self) -> str:
        """``cents`` as the page writes it: ``+$1.20``, ``$0.40`` (the kitty), or ``""``."""
        return "" if self.cents is None else format_money(self.cents, sign=self.signed)

    @property
    def with_share_money(self) -> str:
        """``with_share_cents`` as the page writes it, or ``""``."""
        if self.with_share_cents is None:
            return ""
        return format_money(self.with_share_cents, sign=True)

    @property
    def name(self) -> str:
        """The holder as written on the score sheet."""
        return str(self.holder)

    @property
    def kind(self) -> str:
        """``player``, ``team``, ``kitty`` or ``pot``."""
        return holder_kind(self.holder)

    @property
    def player_id(self) -> int | None:
        """The id of a player's row (None for a team, the kitty or the pot)."""
        return player_id(self.holder)


def share_label(options: Options) -> str:
    """The name of a balance plus the kitty or pot share, the same on every page and the PDF."""
    return options.system.present.share_label


@dataclass(frozen=True)
class HandLine:
    """A hand on the session page or the history page: in words, each holder's change and total,
    and its ``HandRecord`` for the meld breakdowns (hands only, newest first)."""

    number: int
    game: int
    dealer: PlayerKey
    sitting_out: str
    text: str
    changes: tuple[tuple[Holder, int], ...]
    balances: tuple[tuple[Holder, int], ...]
    record: HandRecord
    options: Options

    @property
    def said(self) -> str:
        """The hand in one line as the app says it (``say_hand``): said or typed in the hand
        form's line box, it reads back to this hand (issue 29)."""
        table = SayingTable.at(self.options, self.record.context)
        return say_hand(reading_of(self.record.input, self.options, self.record.context), table)

    @property
    def breakdowns(self) -> list[tuple[PlayerKey, str]]:
        """Meld breakdowns of players who entered meld by cards or named melds, as the table
        writes them (points divided by the scale)."""
        scale = self.options.scale
        return [
            (player, score.written(scale))
            for player, score in breakdowns(self.record.input, self.options).items()
        ]


@dataclass(frozen=True)
class DealCount:
    """Deals each player at the table has had, and whether the round is even (RULES 5.9)."""

    counts: tuple[tuple[Player, int], ...]  # seat order
    even: bool
    rounds: int  # complete rounds: the fewest deals anyone has had
    since_hand: int  # hands before the count began (a player left after it)
    text: str  # "Everyone has dealt twice: an even place to stop."


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def deal_count(loaded: LoadedSession) -> DealCount | None:
    """The deals so far, where the house counts them (``even_deals``); else None."""
    options = loaded.options
    if not (options.even_deals and options.applies("even_deals")):  # the option first: cheap
        return None
    found = deal_round(loaded.state)
    by_key: dict[PlayerKey, Player] = {p: p for p in loaded.players.values()}
    counts = tuple((by_key[key], count) for key, count in found.counts)
    if found.even:
        text = f"Everyone has dealt {_times(found.rounds)}: an even place to stop."
    elif not found.behind:
        text = "No deals yet."
    else:
        names = [str(by_key[key]) for key in found.behind]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        text = f"For an even round, still to deal: {who}."
    if found.since_hand:
        text = f"{text} Counted since hand {found.since_hand}, when a player left."
    return DealCount(counts, found.even, found.rounds, found.since_hand, text)


@dataclass(frozen=True)
class Seating:
    """One coming hand's seating: its dealer, the players dealt in (bidding order), the rest."""

    dealer: Player
    active: tuple[Player, ...]
    sitting_out: tuple[Player, ...]


@dataclass(frozen=True)
class NextHand:
    """Who deals the next hand, who plays it, who sits out and who bids first."""

    number: int
    game: int
    dealer: Player
    active: tuple[Player, ...]
    sitting_out: tuple[Player, ...]
    first_bidder: Player
    bids: tuple[int, ...] = field(default=())  # the quick picks: the lowest legal bids
    ladder: tuple[int, ...] = field(default=())  # every legal bid, low to high (bid stepper)
    target: int | None = None  # cumulative games: the score that ends a game, as written
    raised_from: int | None = None  # the target passed on one hand when a tie last raised it
    deals: DealCount | None = None  # chip games counting deals to an even round
    # what works out ``ahead`` when it is first asked for (the page's plan; the API's
    # standings do not show it)
    seatings: Callable[[], tuple[Seating, ...]] = field(default=tuple, repr=False, compare=False)
    cumulative: bool = False  # a waiting hand may end the game: the game number is unsure
    winner_deals: bool = False  # a game's winner deals the next: unsure after a game may end
    leads: bool = False  # a game without a bid: the first player leads rather than bids

    @cached_property
    def ahead(self) -> tuple[Seating, ...]:
        """The seatings of this hand and the next ones while each passes the deal (once
        round)."""
        return self.seatings()

    @property
    def plan(self) -> dict[str, object]:
        """The coming hands' seatings for the session page's script (``save.js``), which shows
        each hand waiting to be sent with its own: JSON-ready, players by id (``names``: each
        one dealt in, by id) and name.

        A hand's result changes the seating only three ways (``rules.session.Replayer``): a
        misdeal keeps the dealer (the phone knows the outcome it queued, ``redeal``); a player
        leaving (recorded on the server, never queued: the plan comes fresh with the page);
        and a game's end, after which the winner deals where each plays for themselves
        (``winner_deals``), and a new game begins (``cumulative``). Whether a hand ends the
        game is known only once it is scored, so the phone says "unless a waiting hand ends
        it" rather than guess; everyone is dealt in every hand of those games, so the form
        still offers every seated player."""
        return {
            "number": self.number,
            "game": self.game,
            "cumulative": self.cumulative,
            "winner_deals": self.winner_deals,
            "verb": "leads" if self.leads else "bids",
            "redeal": Outcome.MISDEAL.value,
            "names": {str(p.id): str(p) for s in self.ahead for p in s.active},
            "seatings": [
                {
                    "dealer": str(s.dealer),
                    "dealer_out": s.dealer in s.sitting_out,
                    "out": [str(p) for p in s.sitting_out if p != s.dealer],
                    "first": str(s.active[0]),
                    "active": [p.id for p in s.active],
                }
                for s in self.ahead
            ],
        }

    @property
    def others_out(self) -> tuple[Player, ...]:
        """Who sits out besides the dealer."""
        return tuple(p for p in self.sitting_out if p != self.dealer)

    @property
    def dealer_sits_out(self) -> bool:
        """True when the dealer deals but does not play."""
        return self.dealer in self.sitting_out


def standings(loaded: LoadedSession) -> list[StandingRow]:
    """The standings now: chips and money, or this game's scores; kitty and pot last."""
    state, options = loaded.state, loaded.options
    nxt = state.next_hand
    left = {leave.player for leave in state.leaves}
    rows: list[StandingRow] = []
    present = options.system.present
    if not present.in_games:
        balances = dict(state.balances)
        top = max(balances.values()) if balances else 0
        fund = next(iter(present.pools), None)
        shares = fund_shares(state, fund)[0] if fund is not None else {}
        sitting_out, label = nxt.sitting_out, share_label(options)  # the same for every row
        for player in loaded.setup.players:
            units = balances[player]
            note = "left" if player in left else ("deals" if player == nxt.dealer else "")
            if player in sitting_out and player not in left:
                note = "deals, sits out" if player == nxt.dealer else "sits out"
            with_share = None if fund is None else units + shares.get(player, 0)
            rows.append(
                StandingRow(
                    player, units, units * options.stake, note,
                    leader=units == top and units > 0,
                    with_share=with_share,
                    with_share_cents=None if with_share is None else with_share * options.stake,
                    share_label=label,
                )
            )  # fmt: skip
        for pool in present.pools:
            held = state.pool_balance(pool)
            rows.append(StandingRow(pool, held, held * options.stake, signed=False))
        return rows
    scores = dict(state.balances)
    top = max(scores.values()) if scores else 0
    money = dict(state.money)
    for holder in loaded.setup.holders:
        games = state.games_won(holder)
        note = f"{games} game{'s' if games != 1 else ''}" if games else ""
        if holder == nxt.dealer:
            note = f"{note}, deals" if note else "deals"
        cash = None
        if options.game_stake or options.set_stake:
            cash = sum(money.get(p, 0) for p in members(holder))
        rows.append(
            StandingRow(
                holder, options.to_table(scores[holder]), cash, note,
                leader=scores[holder] == top and top > 0,
            )
        )  # fmt: skip
    return rows


@dataclass(frozen=True)
class FinalScore:
    """A player's or team's score at the end of a finished game, as the table writes it."""

    holder: Holder
    figure: int
    winner: bool

    @property
    def name(self) -> str:
        """The holder as written on the score sheet."""
        return str(self.holder)


@dataclass(frozen=True)
class GameOver:
    """The game the last hand finished: who won it and why, every final score, the stakes."""

    number: int
    winner: Holder
    reason: str  # in words: "Ann went out bidding: 510"
    scores: tuple[FinalScore, ...]  # in seat order, every player or team
    money: tuple[Flow, ...]  # cents each loser pays the winner(s)


def game_over(loaded: LoadedSession) -> GameOver | None:
    """The game the last hand finished, until another hand is saved (None otherwise)."""
    game = loaded.state.game_over
    if game is None:
        return None
    options = loaded.options
    scores = tuple(
        FinalScore(holder, options.to_table(game.score(holder)), holder == game.winner)
        for holder in loaded.setup.holders
    )
    words = game_end_words(game.reason, game.winner, options.scale)
    return GameOver(game.number, game.winner, words, scores, game.money)


def next_hand(loaded: LoadedSession) -> NextHand:
    """The next hand's number, dealer, players dealt in and quick-pick bids."""
    state = loaded.state
    nxt = state.next_hand
    player = _by_key(loaded)
    bids, ladder = _bids(loaded.options)
    system = loaded.options.system

    def seatings() -> tuple[Seating, ...]:
        at_table = tuple(player(p) for p in state.seated)
        return tuple(
            Seating(player(dealer), tuple(player(p) for p in active), _out(at_table, active))
            for dealer, active in deals_ahead(
                state.seated, nxt.dealer, loaded.setup.players, loaded.options
            )
        )

    return NextHand(
        number=len(state.hands) + 1,
        game=state.game,
        dealer=player(nxt.dealer),
        active=tuple(player(p) for p in nxt.active),
        sitting_out=tuple(player(p) for p in nxt.sitting_out),
        first_bidder=player(nxt.first_bidder),
        bids=bids,
        ladder=ladder,
        target=loaded.options.to_table(state.target)
        if loaded.options.system.present.in_games
        else None,
        raised_from=loaded.options.to_table(state.passed_target)
        if state.raised_target is not None and state.passed_target is not None
        else None,
        deals=deal_count(loaded),
        seatings=seatings,
        cumulative=system.present.in_games,
        winner_deals=system.kind.is_cumulative and system.scoring is Scoring.EACH,
        leads=not loaded.options.auction,
    )


def dealt_in_next(loaded: LoadedSession) -> tuple[Player, ...]:
    """The players dealt in the next hand, in bidding order (``next_hand``'s ``active``,
    without the rest of what the page shows of the next hand)."""
    player = _by_key(loaded)
    return tuple(player(p) for p in loaded.state.next_hand.active)


def bid_choices(options: Options) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The quick-pick bids and every legal bid under ``options`` (``next_hand``'s ``bids``
    and ``ladder``), in full points."""
    return _bids(options)


def _by_key(loaded: LoadedSession) -> Callable[[PlayerKey], Player]:
    """The session's ``Player`` of an engine key (a seated player: equal by id)."""
    seated: dict[PlayerKey, Player] = {p: p for p in loaded.players.values()}
    return seated.__getitem__


def _out(seated: tuple[Player, ...], active: tuple[PlayerKey, ...]) -> tuple[Player, ...]:
    """The seated players not dealt in, in seat order."""
    return tuple(p for p in seated if p not in active)


@dataclass(frozen=True)
class FormFacts:
    """What the hand form shows that the rules decide, as the table writes figures."""

    total: int  # the trick points of a hand (250)
    takeover: bool  # the house rules let the dealer be made to play the takeover bid
    takeover_bid: int
    other_side: int | None  # the other side's trick points for the side's figure typed
    takes_total: int  # what each player's takes add up to: counters, or card points
    buried_count: bool = True  # False: buried cards count for nobody, the other side unknown
    # what each player's figure holds, as the engine asks for it ("trick points each player
    # took, the last trick in them"): the takes' label, and the words of its missing-figure error
    takes_words: str = field(default="", compare=False)


def form_facts(options: Options, tricks: int | None) -> FormFacts:
    """The hand form's rule-given figures; ``tricks`` is the declarer's side as typed."""
    other = None
    total = trick_total(options.deck)
    buried_count = not buried_most(options)
    if buried_count and tricks is not None and 0 <= options.from_table(tricks) <= total:
        other = options.to_table(other_side(options.from_table(tricks), options.deck))
    return FormFacts(
        options.to_table(total),
        takeover_allowed(options),
        options.to_table(TAKEOVER_BID),
        other,
        _takes_total(options),
        buried_count,
        takes_words(options),
    )


def _takes_total(options: Options) -> int:
    """What each player's takes add up to, as typed: the deck's counters, its card points
    without the last trick, or (no bid) every trick point."""
    if not options.auction:  # each player's trick points, the last trick in them
        return options.to_table(trick_total(options.deck))
    if options.card_values is CardValues.COUNTERS:
        return options.deck.counters
    return options.to_table(trick_total(options.deck) - options.deck.last_trick)


@lru_cache(maxsize=64)
def _bids(options: Options) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The quick-pick bids and every legal bid under ``options`` (worked out once per set of
    house rules: every page with a hand form needs them)."""
    quick = tuple(legal_bids(options, count=16))
    # every legal bid: there are never more of them than points in the highest bid
    return quick, tuple(legal_bids(options, count=highest_makeable(options)))


def hand_lines(loaded: LoadedSession, last: int | None = None) -> list[HandLine]:
    """Hands newest first, in words, with each holder's change and running total."""
    records = loaded.state.hands if last is None else loaded.state.hands[-last:]
    return [_line(record, loaded.options) for record in reversed(records)]


def hand_line(loaded: LoadedSession, number: int, text: str | None = None) -> HandLine:
    """Hand ``number`` in words, with each holder's change and running total (``NotFound``
    when the session has no such hand); ``text``: the hand in words when the caller has it
    already (``describe`` of its result: a save worked it out for the preview's words)."""
    return _line(loaded.hand(number), loaded.options, text)


def _line(record: HandRecord, options: Options, text: str | None = None) -> HandLine:
    scale = options.system.present.scale(options)
    change = dict(record.result.changes)  # in the balances' (seating) order, 0 if not in it
    return HandLine(
        record.number,
        record.game,
        record.dealer,
        ", ".join(str(p) for p in record.sitting_out),
        describe(record.result, options) if text is None else text,
        tuple((h, change.get(h, 0) // scale) for h, _ in record.balances),
        tuple((h, b // scale) for h, b in record.balances),
        record,
        options,
    )
