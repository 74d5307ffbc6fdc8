"""Settling up a session: who is owed what, the kitty or the pot, and who pays whom.

``settle_session(loaded)`` gathers everything the settle-up page and the session PDF print into
one frozen ``SettleUp``; no template or report computes a figure. The figures come from the
rules engine (``close_session``): each player's net in chips and in money, the kitty's or the
pot's division, and the fewest or the direct payments. Bison and Partnership add each finished
game's stakes, both as direct payments and as a pot. With ``include_ledger`` what is still owed
from earlier ended sessions is carried in, and the payments then settle both at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..rules.evening.closing import Closing, close_session
from ..rules.evening.session import GameRecord
from ..rules.evening.settlement import (
    Payment,
    apply_payments,
    fewest_payments,
    pairwise_debts,
    still_owed,
)
from ..rules.game.present import Unit
from ..rules.game.variant import Game
from ..rules.holders import KITTY, POT, Holder, Player, PlayerKey, Pool, Team, members, player_id
from ..web.money import format_money
from .gameend_words import game_end_words
from .ledger import Debt, RecordedPayment, build_ledger, session_payments
from .sessions import LoadedSession
from .standings import share_label

FEWEST = "fewest"
DIRECT = "direct"


@dataclass(frozen=True)
class PlayerRow:
    """One line of the nets: a player (or what stays in the kitty or pot)."""

    holder: Holder
    units: int | None  # chip games: chips, kitty or pot share included; None for points games
    cents: int  # this session's net in money: + collects, - pays
    note: str = ""  # "left after hand 12, cashed out", "won 2 games", "not in this session"
    kind: str = "player"  # player | kitty | pot (an undivided remainder) | carried
    left: bool = False
    carried: int = 0  # cents still owed from earlier sessions (+ to collect), when included
    chips: int | None = None  # Hoyle, Brooklyn with a pot: the balance before the fund's share

    @property
    def name(self) -> str:
        """The holder as written: the player's name, or ``Left in the kitty``."""
        if isinstance(self.holder, Pool):
            return f"Left in the {self.holder.value}"
        return str(self.holder)

    @property
    def player_id(self) -> int | None:
        """The player's id (None for the kitty or the pot)."""
        return player_id(self.holder)

    @property
    def total(self) -> int:
        """This session's net plus what is carried over, in cents."""
        return self.cents + self.carried


@dataclass(frozen=True)
class Share:
    """An owner's share of the kitty or the pot."""

    player: PlayerKey
    units: int
    cents: int
    note: str = ""  # "taken when leaving after hand 3"

    @property
    def name(self) -> str:
        """The owner's name."""
        return str(self.player)


@dataclass(frozen=True)
class Fund:
    """The kitty (Hoyle) or the pot (Brooklyn with a pot) at the end, and how it is divided."""

    name: str  # "Kitty" | "Pot"
    units: int  # balance before dividing
    cents: int
    share_units: int  # each owner's share, rounded down
    share_cents: int
    shares: tuple[Share, ...]  # the owners still at the table
    undivided_units: int  # what is left over, fewer chips than owners
    undivided_cents: int
    taken_earlier: tuple[Share, ...] = ()  # shares paid to players who left (kitty only)


@dataclass(frozen=True)
class PaymentLine:
    """One payment that settles the session: ``Bob pays Ann $3.50``."""

    payer: Holder
    payee: Holder
    cents: int

    @property
    def payer_id(self) -> int | None:
        """The paying player's id (None for the kitty or the pot)."""
        return player_id(self.payer)

    @property
    def payee_id(self) -> int | None:
        """The paid player's id (None for the kitty or the pot)."""
        return player_id(self.payee)

    @property
    def between_players(self) -> bool:
        """True when both ends are players, so the payment can be recorded in the ledger."""
        return self.payer_id is not None and self.payee_id is not None

    @property
    def text(self) -> str:
        """The payment in words: ``Bob pays Ann $3.50``, ``Bob puts $0.20 in the kitty``."""
        money = format_money(self.cents)
        if isinstance(self.payee, Pool):
            return f"{self.payer} puts {money} in the {self.payee.value}"
        if isinstance(self.payer, Pool):
            return f"{self.payee} takes {money} from the {self.payer.value}"
        return f"{self.payer} pays {self.payee} {money}"


@dataclass(frozen=True)
class StakeLine:
    """One contribution to a game's pot: ``Bob: ante`` $2.00, ``Bob: 1 single set`` $1.00."""

    player: PlayerKey
    label: str
    cents: int


@dataclass(frozen=True)
class GameStakes:
    """A finished Bison or Partnership game's money, as direct payments and as a pot."""

    number: int
    winner: Holder
    reason: str
    first_hand: int
    last_hand: int
    payments: tuple[PaymentLine, ...]  # each loser pays the winner (direct)
    pot: tuple[StakeLine, ...]  # each ante and each set stake
    pot_cents: int  # the whole pot, which the winner takes
    takers: tuple[tuple[PlayerKey, int], ...]  # who takes the pot: the winner, or each partner
    sets: tuple[tuple[PlayerKey, int, int], ...] = ()  # Bison: player, single sets, double sets

    @property
    def verb(self) -> str:
        """``wins`` for a player, ``win`` for a team."""
        return "win" if isinstance(self.winner, Team) else "wins"


@dataclass(frozen=True)
class SettleUp:
    """Everything a session's settle-up prints: nets, kitty or pot, payments, stakes, ledger."""

    session_id: int
    system: Game
    system_label: str
    stake: int | None  # cents per chip in chip games; None in points games
    ended: bool
    ended_at: datetime | None
    view: str  # FEWEST | DIRECT
    rows: tuple[PlayerRow, ...]
    fund: Fund | None
    payments: tuple[PaymentLine, ...]  # the settlement, fewest or direct as ``view`` says
    other_count: int  # how many payments the other view has
    games: tuple[GameStakes, ...] = ()
    unfinished_game: int | None = None  # the game still being played (no stakes yet)
    game_stake: int = 0
    set_stake: int = 0
    include_ledger: bool = False
    carried: tuple[Debt, ...] = ()  # still owed from earlier sessions (when included)
    recorded: tuple[RecordedPayment, ...] = ()  # payments recorded toward this session
    still_to_pay: tuple[PaymentLine, ...] = ()  # what settles what is left after ``recorded``
    share_label: str = ""  # what ``units`` is called when a fund is shared: "With kitty share"

    @property
    def has_stakes(self) -> bool:
        """Bison and Partnership: True when the game is played for money."""
        return bool(self.game_stake or self.set_stake)

    @property
    def direct(self) -> bool:
        """True when the payments are the direct ones."""
        return self.view == DIRECT

    @property
    def nothing_to_settle(self) -> bool:
        """True when nobody owes anybody anything."""
        return not self.payments

    @property
    def carried_total(self) -> int:
        """Cents owed from earlier sessions in all."""
        return sum(debt.cents for debt in self.carried)

    @property
    def all_paid(self) -> bool:
        """True when payments were recorded and nothing is left to pay."""
        return bool(self.recorded) and not self.still_to_pay


def settle_session(
    loaded: LoadedSession, include_ledger: bool = False, direct: bool = False
) -> SettleUp:
    """A session's settle-up: nets, kitty or pot, the fewest (or direct) payments, stakes.

    ``include_ledger`` carries in what is still owed from other ended sessions of the table
    (after the payments recorded toward them); the payments then settle this session's nets
    and those debts together. ``payments`` is the whole settlement; ``still_to_pay`` settles
    what is left once the payments recorded toward this session are taken off (the same
    view: the fewest payments of the nets left, or the direct ones net of what was paid).
    """
    return _settled(loaded, include_ledger, (direct,))[0]


def settle_both(loaded: LoadedSession, *, new: bool = False) -> tuple[SettleUp, SettleUp]:
    """The session's settle-up both ways, the fewest payments and the direct ones (each what
    ``settle_session`` gives), its closing, nets, fund and stakes worked out once. ``new``:
    the session was started in this very transaction, so no payment can have been recorded
    toward it yet, and the ledger is not read."""
    fewest, direct = _settled(loaded, False, (False, True), () if new else None)
    return fewest, direct


def _settled(
    loaded: LoadedSession,
    include_ledger: bool,
    views: tuple[bool, ...],
    recorded: tuple[RecordedPayment, ...] | None = None,
) -> list[SettleUp]:
    """The settle-up of each view asked (``direct`` or not), sharing everything but the
    payments; ``recorded``: the payments recorded toward the session, when known (else read)."""
    state, options = loaded.state, loaded.options
    closing = close_session(state)
    carried: tuple[Debt, ...] = ()
    if include_ledger:
        carried = build_ledger(loaded.row.table, exclude_session=loaded.row.id).debts
    if recorded is None:
        recorded = session_payments(loaded.row.table, loaded.row.id)

    rows = _rows(loaded, closing, carried)
    nets: dict[Holder, int] = dict(closing.cents)
    for row in rows:
        if row.carried:
            nets[row.holder] = nets.get(row.holder, 0) + row.carried
    if carried:
        fewest = fewest_payments(nets)
        flows = [(p.payer, p.payee, p.amount) for p in closing.direct]
        flows += [(_debtor(d), _creditor(d), d.cents) for d in carried]
        direct_payments = pairwise_debts(flows)
    else:
        fewest, direct_payments = closing.payments, closing.direct
    paid: list[Payment[Holder]] = [  # oldest first
        Payment(Player(p.payer_id, p.payer), Player(p.payee_id, p.payee), p.cents)
        for p in reversed(recorded)
    ]
    fund = _fund(loaded, closing)
    games = tuple(_game(game, loaded) for game in state.games)
    unfinished = _unfinished(loaded)
    views_out = []
    for direct in views:
        chosen, other = (direct_payments, fewest) if direct else (fewest, direct_payments)
        if not paid:
            left = chosen
        elif direct:  # the direct payments net of what was paid, pair by pair
            left = still_owed(chosen, paid)
        else:  # the fewest payments of the nets left once what was paid is taken off
            left = fewest_payments(apply_payments(nets, paid))
        views_out.append(
            SettleUp(
                session_id=loaded.row.id,
                system=options.system,
                system_label=options.system.label,
                stake=options.stake if options.system.present.unit is Unit.CHIPS else None,
                ended=loaded.row.ended_at is not None,
                ended_at=loaded.row.ended_at,
                view=DIRECT if direct else FEWEST,
                rows=rows,
                fund=fund,
                payments=_lines(chosen),
                other_count=len(other),
                games=games,
                unfinished_game=unfinished,
                game_stake=options.game_stake if options.system.present.in_games else 0,
                set_stake=options.set_stake if options.system.pays_set_stakes else 0,
                include_ledger=include_ledger,
                carried=carried,
                recorded=recorded,
                still_to_pay=_lines(left),
                share_label=share_label(options),
            )
        )
    return views_out


def _debtor(debt: Debt) -> Player:
    return Player(debt.debtor_id, debt.debtor)


def _creditor(debt: Debt) -> Player:
    return Player(debt.creditor_id, debt.creditor)


def _lines(payments: tuple[Payment[Holder], ...]) -> tuple[PaymentLine, ...]:
    """Payment lines, those between players first (in the engine's order), the kitty's last."""
    lines = [PaymentLine(p.payer, p.payee, p.amount) for p in payments]
    return tuple(sorted(lines, key=lambda line: not line.between_players))


def _rows(
    loaded: LoadedSession, closing: Closing, carried: tuple[Debt, ...]
) -> tuple[PlayerRow, ...]:
    state, options = loaded.state, loaded.options
    units = dict(closing.units)
    cents = dict(closing.cents)
    owed: dict[Player, int] = {}
    for debt in carried:
        owed[_creditor(debt)] = owed.get(_creditor(debt), 0) + debt.cents
        owed[_debtor(debt)] = owed.get(_debtor(debt), 0) - debt.cents
    leaves = {leave.player: leave for leave in state.leaves}
    teams = loaded.setup.teams
    balances = dict(state.balances)
    present = options.system.present
    fund = bool(present.pools)
    rows: list[PlayerRow] = []
    for player in loaded.players.values():
        notes = []
        if player in leaves:
            leave = leaves[player]
            note = f"left after hand {leave.after_hand}, cashed out"
            if leave.kitty_share:
                note += f" with {_units(leave.kitty_share)} from the kitty"
            notes.append(note)
        if present.in_games:
            holder: Holder = player
            if teams:
                holder = next(team for team in teams if player in team)
                notes.append(f"team {holder}")
            won = state.games_won(holder)
            if won:
                notes.append(f"won {won} game{'s' if won != 1 else ''}")
        rows.append(
            PlayerRow(
                player,
                units.get(player, 0) if present.unit is Unit.CHIPS else None,
                cents.get(player, 0),
                "; ".join(notes),
                "player",
                player in leaves,
                owed.get(player, 0),
                balances.get(player) if fund else None,
            )
        )
    ways = len(state.seated)
    for pool in (KITTY, POT):
        if cents.get(pool):
            left = units.get(pool, 0)
            rows.append(PlayerRow(pool, left, cents[pool], _stays(left, ways), pool.value))
    seated = set(loaded.players.values())
    for player, amount in owed.items():
        if player not in seated and amount:
            rows.append(PlayerRow(player, None, 0, "not in this session", "carried", False, amount))
    return tuple(rows)


def _units(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def _stays(chips: int, ways: int) -> str:
    """Why chips stay in the kitty or the pot: "2 chips don't split 3 ways: they stay for next
    time"."""
    if chips == 1:
        return f"1 chip doesn't split {ways} ways: it stays for next time"
    return f"{chips} chips don't split {ways} ways: they stay for next time"


def _fund(loaded: LoadedSession, closing: Closing) -> Fund | None:
    options, state = loaded.options, loaded.state
    stake = options.stake
    pools = options.system.present.pools
    if KITTY in pools:
        name, balance, shares, undivided = (
            KITTY.label, closing.kitty, closing.kitty_shares, closing.kitty_undivided,
        )  # fmt: skip
    elif POT in pools:
        name, balance, shares, undivided = (
            POT.label, closing.pot, closing.pot_shares, closing.pot_undivided,
        )  # fmt: skip
    else:
        return None
    share = shares[0][1] if shares else 0
    taken = tuple(
        Share(
            leave.player,
            leave.kitty_share,
            leave.kitty_share * stake,
            f"taken when leaving after hand {leave.after_hand}",
        )
        for leave in state.leaves
        if leave.kitty_share
    )
    if not shares:  # nothing to divide: every player at the table owns a share of 0
        shares = tuple((player, 0) for player in state.seated)
    return Fund(
        name,
        balance,
        balance * stake,
        share,
        share * stake,
        tuple(Share(player, units, units * stake) for player, units in shares),
        undivided,
        undivided * stake,
        taken,
    )


def _game(game: GameRecord, loaded: LoadedSession) -> GameStakes:
    options = loaded.options
    payments = tuple(PaymentLine(f.payer, f.payee, f.amount) for f in game.money)
    pot: list[StakeLine] = []
    sets = {player: (singles, doubles) for player, singles, doubles in game.sets}
    for player in loaded.setup.players:
        if options.game_stake:
            pot.append(StakeLine(player, "ante", options.game_stake))
        if options.system.pays_set_stakes and options.set_stake:
            singles, doubles = sets.get(player, (0, 0))
            if singles:
                label = f"{singles} single set{'s' if singles != 1 else ''}"
                pot.append(StakeLine(player, label, options.set_stake * singles))
            if doubles:
                label = f"{doubles} double set{'s' if doubles != 1 else ''}"
                pot.append(StakeLine(player, label, 2 * options.set_stake * doubles))
    total = sum(line.cents for line in pot)
    partners = members(game.winner)
    half, rest = divmod(total, len(partners))
    takers = tuple((p, half + (1 if i < rest else 0)) for i, p in enumerate(partners))
    return GameStakes(
        game.number,
        game.winner,
        game_end_words(game.reason, game.winner, options.scale),
        game.first_hand,
        game.last_hand,
        payments,
        tuple(pot),
        total,
        takers if total else (),
        game.sets,
    )


def _unfinished(loaded: LoadedSession) -> int | None:
    state = loaded.state
    if not loaded.options.system.present.in_games or not state.hands:
        return None
    last_finished = state.games[-1].last_hand if state.games else 0
    played = [h for h in state.hands if h.number > last_finished and h.result.changes]
    return state.game if played else None


__all__ = [
    "DIRECT",
    "FEWEST",
    "Fund",
    "GameStakes",
    "PaymentLine",
    "PlayerRow",
    "SettleUp",
    "Share",
    "StakeLine",
    "settle_both",
    "settle_session",
]
