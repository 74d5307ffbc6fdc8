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

Everything is an integer (units or cents); ties are broken by the holders' order in the input
mapping, so the same nets always give the same payments.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from .errors import SettlementError
from .figures import signed

EXACT_LIMIT = 16
"""The most holders (after pairing off opposite nets) the exact subset programme takes on."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One holder pays another a positive whole amount."""

    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        if not _is_int(self.amount) or self.amount <= 0:
            raise SettlementError(
                field="amount",
                rule=f"a payment must be a positive whole amount, not {self.amount!r}",
            )
        if self.payer == self.payee:
            raise SettlementError(field="payee", rule=f"{self.payer} cannot pay themselves")

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"


def fewest_payments(nets: Mapping[str, int]) -> tuple[Payment, ...]:
    """Payments that bring every net to 0, as few as there can be (greedy beyond 16 holders)."""
    order = _checked_nets(nets)
    holders = [name for name in order if nets[name] != 0]
    groups = _pair_off_opposites(holders, nets)
    rest = [name for name in holders if not any(name in group for group in groups)]
    if len(rest) > EXACT_LIMIT:
        return greedy_payments(nets)
    groups.extend(_zero_sum_groups(rest, nets))
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_greedy({name: nets[name] for name in group}, order))
    return _in_order(payments, order)


def greedy_payments(nets: Mapping[str, int]) -> tuple[Payment, ...]:
    """Payments from the largest debtor to the largest creditor, repeated until all are at 0."""
    order = _checked_nets(nets)
    return _in_order(_greedy({name: nets[name] for name in order if nets[name]}, order), order)


def pairwise_debts(flows: Iterable[tuple[str, str, int]]) -> tuple[Payment, ...]:
    """Net every (payer, payee, amount) flow per pair: one payment per pair still owing."""
    order: dict[str, int] = {}
    balance: dict[tuple[str, str], int] = {}  # keyed by the pair in first-seen order
    for number, flow in enumerate(flows, start=1):
        payer, payee, amount = flow
        if not _is_int(amount) or amount < 0:
            raise SettlementError(
                field="flows",
                rule=f"flow {number} ({payer} to {payee}) must be a whole amount of 0 or more, "
                f"not {amount!r}",
            )
        if payer == payee:
            raise SettlementError(
                field="flows", rule=f"flow {number}: {payer} cannot pay themselves"
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
    return _in_order(payments, order)


def divide(amount: int, owners: Sequence[str]) -> tuple[dict[str, int], int]:
    """Share a non-negative amount equally, rounded down: (share per owner, undivided rest)."""
    if not _is_int(amount) or amount < 0:
        raise SettlementError(
            field="amount", rule=f"only a whole amount of 0 or more can be divided, not {amount!r}"
        )
    if not owners:
        raise SettlementError(field="owners", rule=f"{amount} cannot be divided among nobody")
    if len(set(owners)) != len(owners):
        twice = sorted({name for name in owners if list(owners).count(name) > 1})
        raise SettlementError(
            field="owners", rule=f"each owner takes one share; named twice: {', '.join(twice)}"
        )
    share, undivided = divmod(amount, len(owners))
    return {name: share for name in owners}, undivided


def apply_payments(nets: Mapping[str, int], payments: Iterable[Payment]) -> dict[str, int]:
    """The nets after the payments: each payer's net rises and each payee's falls by the amount."""
    after = dict(nets)
    for payment in payments:
        after[payment.payer] = after.get(payment.payer, 0) + payment.amount
        after[payment.payee] = after.get(payment.payee, 0) - payment.amount
    return after


# -- internals -------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked_nets(nets: Mapping[str, int]) -> dict[str, int]:
    """Check the nets are whole and add to 0; return each holder's place in the input order."""
    for name, value in nets.items():
        if not _is_int(value):
            raise SettlementError(
                field="nets", rule=f"{name}'s net must be a whole amount, not {value!r}"
            )
    total = sum(nets.values())
    if total:
        figures = ", ".join(f"{name} {signed(value)}" for name, value in nets.items())
        raise SettlementError(
            field="nets",
            rule=f"the nets must add up to 0, but {figures} add up to {signed(total)}",
        )
    return {name: place for place, name in enumerate(nets)}


def _pair_off_opposites(holders: list[str], nets: Mapping[str, int]) -> list[list[str]]:
    """Pair each holder with the first unpaired holder whose net is exactly opposite."""
    waiting: dict[int, list[str]] = {}
    pairs: list[list[str]] = []
    for name in holders:
        partners = waiting.get(-nets[name])
        if partners:
            pairs.append([partners.pop(0), name])
        else:
            waiting.setdefault(nets[name], []).append(name)
    return pairs


def _zero_sum_groups(holders: list[str], nets: Mapping[str, int]) -> list[list[str]]:
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
    boundaries = []
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


def _greedy(nets: dict[str, int], order: Mapping[str, int]) -> list[Payment]:
    """Largest debtor pays largest creditor until everyone is at 0 (ties: input order)."""
    left = {name: value for name, value in nets.items() if value}
    payments = []
    while left:
        payer = min((n for n in left if left[n] < 0), key=lambda n: (left[n], order[n], n))
        payee = min((n for n in left if left[n] > 0), key=lambda n: (-left[n], order[n], n))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            left[name] += change
            if left[name] == 0:
                del left[name]
    return payments


def _in_order(payments: Iterable[Payment], order: Mapping[str, int]) -> tuple[Payment, ...]:
    """Payments sorted by payer, then payee, in the holders' input order."""
    return tuple(sorted(payments, key=lambda p: (order[p.payer], p.payer, order[p.payee], p.payee)))
