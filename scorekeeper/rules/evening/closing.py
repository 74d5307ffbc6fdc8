"""Closing a session (RULES sections 5 to 7): who ends up owed what, in money.

Chip games: each player's chip balance, plus their equal share of the kitty (Hoyle) or of the
pot (Brooklyn with a pot) divided among the players still at the table, rounded down; a
remainder smaller than the number of players stays undivided: the kitty or the pot keeps it,
as a holder of its own in the settlement.
Money is units times the stake. Bison and Partnership: the game stakes and set stakes of every
finished game. Then the fewest payments that settle it, and the direct payments (each loser
pays each winner what they lost to them) as the alternative view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand.payments import Flow
from ..holders import KITTY, POT, Holder, PlayerKey, Pool
from .session import SessionState
from .settlement import Payment, divide, fewest_payments, pairwise_debts


@dataclass(frozen=True, slots=True)
class Closing:
    """A session's closing figures: nets, shares, and two ways to settle them."""

    units: tuple[tuple[Holder, int], ...]  # chip games: holder -> units (empty for points)
    cents: tuple[tuple[Holder, int], ...]  # holder -> money in cents; adds up to 0
    kitty: int = 0  # kitty balance before dividing (units)
    kitty_shares: tuple[tuple[PlayerKey, int], ...] = ()
    kitty_undivided: int = 0
    pot: int = 0
    pot_shares: tuple[tuple[PlayerKey, int], ...] = ()
    pot_undivided: int = 0
    payments: tuple[Payment[Holder], ...] = ()  # fewest, in cents
    direct: tuple[Payment[Holder], ...] = ()  # each loser to each winner, in cents

    def net(self, holder: Holder) -> int:
        """``holder``'s net in cents."""
        return dict(self.cents).get(holder, 0)


def close_session(state: SessionState) -> Closing:
    """The closing figures of a session as it stands now."""
    options = state.options
    if options.system.kind.is_chip_game:
        return _close_chips(state)
    flows = [flow for game in state.games for flow in game.money]
    cents: dict[Holder, int] = dict(state.money)
    return Closing(
        units=(),
        cents=tuple(cents.items()),
        payments=fewest_payments(cents),
        direct=pairwise_debts((f.payer, f.payee, f.amount) for f in flows),
    )


def fund_shares(state: SessionState, pool: Pool) -> tuple[dict[PlayerKey, int], int]:
    """Each seated player's equal share of the kitty or the pot, rounded down, and the rest."""
    balance = state.kitty if pool is KITTY else state.pot
    return divide(balance, list(state.seated)) if balance else ({}, 0)


def session_nets(state: SessionState) -> dict[Holder, int]:
    """Each holder's net in cents, as ``close_session`` gives it, without the payments."""
    if not state.options.system.kind.is_chip_game:
        return dict(state.money)
    units, _, _ = _chip_units(state)
    return {holder: n * state.options.stake for holder, n in units.items()}


def _chip_units(
    state: SessionState,
) -> tuple[dict[Holder, int], tuple[dict[PlayerKey, int], int], tuple[dict[PlayerKey, int], int]]:
    """Each holder's units with the kitty's and the pot's shares, and those shares with what
    stays undivided."""
    units: dict[Holder, int] = dict(state.balances)
    kitty = fund_shares(state, KITTY)
    pot = fund_shares(state, POT)
    for shares, _ in (kitty, pot):
        for player, share in shares.items():
            units[player] += share
    if kitty[1]:
        units[KITTY] = kitty[1]
    if pot[1]:
        units[POT] = pot[1]
    return units, kitty, pot


def _close_chips(state: SessionState) -> Closing:
    stake = state.options.stake
    units, (kitty_shares, kitty_left), (pot_shares, pot_left) = _chip_units(state)
    flows: list[Flow] = list(state.flows())
    for holder, shares in ((KITTY, kitty_shares), (POT, pot_shares)):
        for player, share in shares.items():
            if share:
                flows.append(Flow(holder, player, share))
    cents = {holder: n * stake for holder, n in units.items()}
    direct = pairwise_debts((f.payer, f.payee, f.amount * stake) for f in flows)
    return Closing(
        units=tuple(units.items()),
        cents=tuple(cents.items()),
        kitty=state.kitty,
        kitty_shares=tuple(kitty_shares.items()),
        kitty_undivided=kitty_left,
        pot=state.pot,
        pot_shares=tuple(pot_shares.items()),
        pot_undivided=pot_left,
        payments=fewest_payments(cents),
        direct=direct,
    )
