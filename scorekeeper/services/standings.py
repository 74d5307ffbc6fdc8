"""What the session page shows: standings, who deals next, recent hands, a game-over banner.

Plain rows built from the replayed state so templates only print; no figure is computed in
a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..money import format_money
from ..rules.bidding import highest_makeable, legal_bids
from ..rules.closing import close_session
from ..rules.describe import describe
from ..rules.hands import breakdowns
from ..rules.meld import MeldScore
from ..rules.options import Options
from ..rules.session import HandRecord
from .sessions import LoadedSession


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: a player or team, the kitty or the pot."""

    name: str
    figure: int  # as the table writes it: units, or points divided by scale
    money: str = ""  # chip games and Bison money: "$1.20"
    note: str = ""  # "deals", "sits out", "left", "3 games"
    kind: str = "player"  # player | team | kitty | pot
    leader: bool = False
    # Hoyle and Brooklyn with a pot: the balance plus this player's equal share of the kitty
    # or pot as settle-up divides it now (close_session), and that in money; else None, "".
    with_share: int | None = None
    with_share_money: str = ""
    share_label: str = ""  # "With kitty share" | "With pot share"


def share_label(options: Options) -> str:
    """The name of a balance plus the kitty or pot share, the same on every page and the PDF."""
    if options.system.has_kitty:
        return "With kitty share"
    if options.system.has_pot:
        return "With pot share"
    return ""


@dataclass(frozen=True)
class HandLine:
    """A hand in the recent list or the history."""

    number: int
    game: int
    dealer: str
    sitting_out: str
    text: str
    changes: tuple[tuple[str, int], ...]
    balances: tuple[tuple[str, int], ...]
    record: HandRecord
    options: Options

    @property
    def breakdowns(self) -> list[tuple[str, MeldScore]]:
        """Meld breakdowns of players who entered meld by cards or named melds."""
        return list(breakdowns(self.record.input, self.options).items())


@dataclass(frozen=True)
class NextHand:
    """Who deals the next hand, who plays it, who sits out and who bids first."""

    number: int
    game: int
    dealer: str
    dealer_id: int
    active: tuple[tuple[int, str], ...]
    sitting_out: tuple[str, ...]
    first_bidder: str
    bids: tuple[int, ...] = field(default=())  # the quick picks: the lowest legal bids
    ladder: tuple[int, ...] = field(default=())  # every legal bid, low to high (bid stepper)


def standings(loaded: LoadedSession) -> list[StandingRow]:
    """The standings now: chips and money, or this game's scores; kitty and pot last."""
    state, options = loaded.state, loaded.options
    nxt = state.next_hand
    left = {leave.player for leave in state.leaves}
    rows: list[StandingRow] = []
    if options.system.is_chip_game:
        balances = dict(state.balances)
        top = max(balances.values()) if balances else 0
        has_fund = options.system.has_kitty or options.system.has_pot
        closing = close_session(state) if has_fund else None
        shared = dict(closing.units) if closing else {}
        for name in loaded.setup.players:
            units = balances[name]
            note = "left" if name in left else ("deals" if name == nxt.dealer else "")
            if name in nxt.sitting_out and name not in left:
                note = "deals, sits out" if name == nxt.dealer else "sits out"
            with_share = shared.get(name) if closing else None
            rows.append(
                StandingRow(
                    name, units, format_money(units * options.stake, sign=True), note,
                    leader=units == top and units > 0,
                    with_share=with_share,
                    with_share_money="" if closing is None else format_money(
                        closing.net(name), sign=True
                    ),
                    share_label=share_label(options),
                )
            )  # fmt: skip
        if options.system.has_kitty:
            rows.append(
                StandingRow("Kitty", state.kitty, format_money(state.kitty * options.stake), "",
                            "kitty")
            )  # fmt: skip
        if options.system.has_pot:
            rows.append(
                StandingRow("Pot", state.pot, format_money(state.pot * options.stake), "", "pot")
            )
        return rows
    wins: dict[str, int] = {}
    for game in state.games:
        wins[game.winner] = wins.get(game.winner, 0) + 1
    scores = dict(state.balances)
    top = max(scores.values()) if scores else 0
    money = dict(state.money)
    kind = "team" if options.system.is_partnership else "player"
    for holder in loaded.setup.holders:
        games = wins.get(holder, 0)
        note = f"{games} game{'s' if games != 1 else ''}" if games else ""
        if kind == "player" and holder == nxt.dealer:
            note = f"{note}, deals" if note else "deals"
        cash = ""
        if options.game_stake or options.set_stake:
            cents = (
                money.get(holder, 0)
                if kind == "player"
                else sum(money.get(p, 0) for p in holder.split(" & "))
            )
            cash = format_money(cents, sign=True)
        rows.append(
            StandingRow(
                holder, options.to_table(scores[holder]), cash, note, kind,
                leader=scores[holder] == top and top > 0,
            )
        )  # fmt: skip
    return rows


def next_hand(loaded: LoadedSession) -> NextHand:
    """The next hand's number, dealer, players dealt in and quick-pick bids."""
    state = loaded.state
    nxt = state.next_hand
    ids = loaded.ids
    return NextHand(
        number=len(state.hands) + 1,
        game=state.game,
        dealer=nxt.dealer,
        dealer_id=ids[nxt.dealer],
        active=tuple((ids[p], p) for p in nxt.active),
        sitting_out=nxt.sitting_out,
        first_bidder=nxt.first_bidder,
        bids=tuple(legal_bids(loaded.options, count=16)),
        # every legal bid: there are never more of them than points in the highest bid
        ladder=tuple(legal_bids(loaded.options, count=highest_makeable(loaded.options))),
    )


def hand_lines(loaded: LoadedSession, last: int | None = None) -> list[HandLine]:
    """Hands newest first, in words, with each holder's change and running total."""
    options = loaded.options
    records = loaded.state.hands if last is None else loaded.state.hands[-last:]
    lines = []
    for record in reversed(records):
        scale = 1 if options.system.is_chip_game else options.scale
        change = dict(record.result.changes)  # in the balances' (seating) order, 0 if not in it
        lines.append(
            HandLine(
                record.number,
                record.game,
                record.dealer,
                ", ".join(record.sitting_out),
                describe(record.result, options),
                tuple((h, change.get(h, 0) // scale) for h, _ in record.balances),
                tuple((h, b // scale) for h, b in record.balances),
                record,
                options,
            )
        )
    return lines
