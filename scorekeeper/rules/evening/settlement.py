"""Settling up (RULES sections 5 and 7): the fewest payments that settle a set of nets.

A *net* is what a holder (a player, the kitty, the pot) is owed at the end: positive means the
holder collects, negative means the holder pays, and a session's nets add to 0.

The fewest payments that bring every holder to exactly 0 number ``n - g``, where ``n`` counts the
holders with a nonzero net and ``g`` is the largest number of disjoint zero-sum groups those
holders can be split into. (Any settlement joins holders into connected groups that each add to
0, and a group of ``k`` holders needs at least ``k - 1`` payments; conversely a group with no
zero-sum proper subgroup is settled by the greedy below in exactly ``k - 1`` payments.)

``fewest_payments`` finds ``g`` exactly with a dynamic programme over subsets of holders. Two
holders with exactly opposite nets are first paired off (there is always a best split that keeps
such a pair as a group of its own), and the programme runs on the rest when at most
``EXACT_LIMIT`` (16) holders remain. Beyond that it falls back to ``greedy_payments``, which
settles everyone in at most ``n - 1`` payments but is not always the fewest.

Debts carried from session to session (the table's ledger, docs/settling-up.md) are settled
differently: ``net_debts`` nets every flow pair by pair (``pairwise_debts``), then cancels each
circle of debt (Bob owes Ann, Ann owes Cal, Cal owes Bob) by its smallest debt until none is
left. That changes no holder's net, pays no pair both ways, and never adds a payment; flows
whose nets are all 0 (direct payments paid instead of the fewest) leave nothing owed.

A holder is any hashable key (a player, the kitty, the pot, a team). Holders are never sorted
or compared, only told apart; ``str()`` of a holder is used in messages only. Everything is an
integer (units or cents); ties are broken by the holders' order in the input, so the same
input always gives the same payments.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

from ..errors import Part, SettlementError, Where
from ..figures import signed

K = TypeVar("K", bound=Hashable)
"""A holder: a player, the kitty, the pot or a team (anything hashable; never compared)."""

EXACT_LIMIT = 16
"""The most holders (after pairing off opposite nets) the exact subset programme takes on."""


@dataclass(frozen=True, slots=True)
class Payment(Generic[K]):
    """One holder pays another a positive whole amount."""

    payer: K
    payee: K
    amount: int

    def __post_init__(self) -> None:
        if not _is_int(self.amount) or self.amount <= 0:
            raise SettlementError(
                Where(Part.AMOUNT),
                f"a payment must be a positive whole amount, not {self.amount!r}",
            )
        if self.payer == self.payee:
            raise SettlementError(Where(Part.PAYEE), f"{self.payer} cannot pay themselves")

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


def fewest_payments(nets: Mapping[K, int]) -> tuple[Payment[K], ...]:
    """Payments that bring every net to 0, as few as there can be (greedy beyond 16 holders)."""
    order = _checked_nets(nets)
    holders = [name for name in order if nets[name] != 0]
    groups = _pair_off_opposites(holders, nets)
    rest = [name for name in holders if not any(name in group for group in groups)]
    if len(rest) > EXACT_LIMIT:
        return greedy_payments(nets)
    groups.extend(_zero_sum_groups(rest, nets))
    payments: list[Payment[K]] = []
    for group in groups:
        payments.extend(_greedy({name: nets[name] for name in group}, order))
    return _in_order(payments, order)


def greedy_payments(nets: Mapping[K, int]) -> tuple[Payment[K], ...]:
    """Payments from the largest debtor to the largest creditor, repeated until all are at 0."""
    order = _checked_nets(nets)
    return _in_order(_greedy({name: nets[name] for name in order if nets[name]}, order), order)


def pairwise_debts(flows: Iterable[tuple[K, K, int]]) -> tuple[Payment[K], ...]:
    """Net every (payer, payee, amount) flow per pair: one payment per pair still owing."""
    return _in_order(*_net_pairs(flows))


def net_debts(flows: Iterable[tuple[K, K, int]]) -> tuple[Payment[K], ...]:
    """Net every (payer, payee, amount) flow per pair, then cancel every circle of debt."""
    debts, order = _net_pairs(flows)
    return _in_order(_cancel_circles(debts, order), order)


def still_owed(owed: Iterable[Payment[K]], paid: Iterable[Payment[K]]) -> tuple[Payment[K], ...]:
    """The debts ``owed`` leaves once ``paid`` (oldest first) is handed back, circles cancelled."""
    flows = [(debt.payer, debt.payee, debt.amount) for debt in owed]
    flows += [(payment.payee, payment.payer, payment.amount) for payment in paid]
    return net_debts(flows)


def nets_owed(debts: Iterable[Payment[K]]) -> dict[K, int]:
    """Each holder's total still to collect (+) or pay (-) on debts, in first-seen order."""
    return {holder: -net for holder, net in apply_payments({}, debts).items()}


def divide(amount: int, owners: Sequence[K]) -> tuple[dict[K, int], int]:
    """Share a non-negative amount equally, rounded down: (share per owner, undivided rest)."""
    if not _is_int(amount) or amount < 0:
        raise SettlementError(
            Where(Part.AMOUNT), f"only a whole amount of 0 or more can be divided, not {amount!r}"
        )
    if not owners:
        raise SettlementError(Where(Part.OWNERS), f"{amount} cannot be divided among nobody")
    if len(set(owners)) != len(owners):
        twice = dict.fromkeys(name for place, name in enumerate(owners) if name in owners[:place])
        raise SettlementError(
            Where(Part.OWNERS),
            f"each owner takes one share; named twice: {', '.join(map(str, twice))}",
        )
    share, undivided = divmod(amount, len(owners))
    return {name: share for name in owners}, undivided


def apply_payments(nets: Mapping[K, int], payments: Iterable[Payment[K]]) -> dict[K, int]:
    """The nets after the payments: each payer's net rises and each payee's falls by the amount."""
    after = dict(nets)
    for payment in payments:
        after[payment.payer] = after.get(payment.payer, 0) + payment.amount
        after[payment.payee] = after.get(payment.payee, 0) - payment.amount
    return after


# -- internals -------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked_nets(nets: Mapping[K, int]) -> dict[K, int]:
    """Check the nets are whole and add to 0; return each holder's place in the input order."""
    for name, value in nets.items():
        if not _is_int(value):
            raise SettlementError(
                Where(Part.NETS), f"{name}'s net must be a whole amount, not {value!r}"
            )
    total = sum(nets.values())
    if total:
        figures = ", ".join(f"{name} {signed(value)}" for name, value in nets.items())
        raise SettlementError(
            Where(Part.NETS),
            f"the nets must add up to 0, but {figures} add up to {signed(total)}",
        )
    return {name: place for place, name in enumerate(nets)}


def _pair_off_opposites(holders: list[K], nets: Mapping[K, int]) -> list[list[K]]:
    """Pair each holder with the first unpaired holder whose net is exactly opposite."""
    waiting: dict[int, list[K]] = {}
    pairs: list[list[K]] = []
    for name in holders:
        partners = waiting.get(-nets[name])
        if partners:
            pairs.append([partners.pop(0), name])
        else:
            waiting.setdefault(nets[name], []).append(name)
    return pairs


def _zero_sum_groups(holders: list[K], nets: Mapping[K, int]) -> list[list[K]]:
    """Split holders (nonzero, adding to 0) into as many zero-sum groups as possible.

    ``best[mask]`` is the most zero-sum groups in a chain of subsets ending at ``mask``: the
    maximum over its members of ``best`` without that member, plus one when ``mask`` itself adds
    to 0. Walking back from the full set along that maximum recovers the groups.
    """
    count = len(holders)
    if count == 0:
        return []
    values = [nets[name] for name in holders]
    size = 1 << count
    sums = [0] * size
    best = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = total = sums[mask ^ low] + values[low.bit_length() - 1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > most:
                most = best[mask ^ bit]
        best[mask] = most + (total == 0)
    boundaries: list[int] = []
    mask = size - 1
    while mask:
        wanted = best[mask]
        if sums[mask] == 0:
            boundaries.append(mask)
            wanted -= 1
        for place in range(count):
            bit = 1 << place
            if mask & bit and best[mask ^ bit] == wanted:
                mask ^= bit
                break
    boundaries.append(0)
    return [
        [holders[place] for place in range(count) if (outer ^ inner) >> place & 1]
        for outer, inner in pairwise(boundaries)
    ]


def _greedy(nets: dict[K, int], order: Mapping[K, int]) -> list[Payment[K]]:
    """Largest debtor pays largest creditor until everyone is at 0 (ties: input order)."""
    left = {name: value for name, value in nets.items() if value}
    payments: list[Payment[K]] = []
    while left:
        payer = min((n for n in left if left[n] < 0), key=lambda n: (left[n], order[n]))
        payee = min((n for n in left if left[n] > 0), key=lambda n: (-left[n], order[n]))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            left[name] += change
            if left[name] == 0:
                del left[name]
    return payments


def _net_pairs(flows: Iterable[tuple[K, K, int]]) -> tuple[list[Payment[K]], dict[K, int]]:
    """One payment per pair still owing, and each holder's place in the order of the flows."""
    order: dict[K, int] = {}
    balance: dict[tuple[K, K], int] = {}  # keyed by the pair in first-seen order
    for number, flow in enumerate(flows, start=1):
        payer, payee, amount = flow
        if not _is_int(amount) or amount < 0:
            raise SettlementError(
                Where(Part.FLOWS),
                f"flow {number} ({payer} to {payee}) must be a whole amount of 0 or more, "
                f"not {amount!r}",
            )
        if payer == payee:
            raise SettlementError(
                Where(Part.FLOWS), f"flow {number}: {payer} cannot pay themselves"
            )
        for name in (payer, payee):
            order.setdefault(name, len(order))
        if order[payer] < order[payee]:
            key, owed = (payer, payee), amount
        else:
            key, owed = (payee, payer), -amount
        balance[key] = balance.get(key, 0) + owed
    payments = [
        Payment(first, second, owed) if owed > 0 else Payment(second, first, -owed)
        for (first, second), owed in balance.items()
        if owed
    ]
    return payments, order


def _cancel_circles(debts: list[Payment[K]], order: Mapping[K, int]) -> list[Payment[K]]:
    """Take each circle's smallest debt off every debt round it until no circle is left.

    ``debts`` hold one payment per pair. Each round removes at least one debt, so it ends.
    """
    owes: dict[K, dict[K, int]] = {}
    for debt in debts:
        owes.setdefault(debt.payer, {})[debt.payee] = debt.amount
    while circle := _find_circle(owes, order):
        least = min(owes[payer][payee] for payer, payee in circle)
        for payer, payee in circle:
            owes[payer][payee] -= least
            if not owes[payer][payee]:
                del owes[payer][payee]
    return [
        Payment(payer, payee, amount)
        for payer, payees in owes.items()
        for payee, amount in payees.items()
    ]


def _find_circle(owes: Mapping[K, Mapping[K, int]], order: Mapping[K, int]) -> list[tuple[K, K]]:
    """The first circle of debts met by a depth-first walk in input order, or an empty list."""
    on_path: dict[K, int] = {}  # holder -> place on the current path
    path: list[K] = []
    done: set[K] = set()

    def visit(holder: K) -> list[tuple[K, K]]:
        on_path[holder] = len(path)
        path.append(holder)
        for creditor in sorted(owes.get(holder, {}), key=order.__getitem__):
            if creditor in on_path:
                return list(pairwise([*path[on_path[creditor] :], creditor]))
            if creditor not in done:
                found = visit(creditor)
                if found:
                    return found
        del on_path[path.pop()]
        done.add(holder)
        return []

    for start in sorted(owes, key=order.__getitem__):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return []


def _in_order(payments: Iterable[Payment[K]], order: Mapping[K, int]) -> tuple[Payment[K], ...]:
    """Payments sorted by payer, then payee, in the holders' input order."""
    return tuple(sorted(payments, key=lambda p: (order[p.payer], order[p.payee])))
