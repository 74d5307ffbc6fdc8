"""Settling up: the fewest payments, the greedy, pairwise debts, the ledger's netting, shares.

Nets are what each holder is owed: positive collects, negative pays. Every figure below was
worked out by hand; the comments show the working. Holders are names here, and also typed
values that cannot be ordered (``Seat``, ``Pile``), as players, the kitty and the pot will be.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import Part, RuleError, SettlementError
from scorekeeper.rules.evening import settlement
from scorekeeper.rules.evening.settlement import (
    Payment,
    apply_payments,
    divide,
    fewest_payments,
    greedy_payments,
    net_debts,
    nets_owed,
    pairwise_debts,
    still_owed,
)


def _triples(payments: tuple[Payment, ...]) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.amount) for p in payments]


def _nonzero(nets: dict[str, int]) -> int:
    return sum(1 for value in nets.values() if value)


@dataclass(frozen=True)
class Seat:
    """A player as a typed holder: equal and hashed by id, read by name, never ordered."""

    id: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return self.name


class Pile(Enum):
    """The table's piles as holders (an enum: members cannot be ordered)."""

    KITTY = "Kitty"
    POT = "Pot"

    def __str__(self) -> str:
        return self.value


def _has_circle(debts) -> bool:
    """Brute force: does any ring of two or more distinct holders owe all the way round?"""
    owes = {(p.payer, p.payee) for p in debts}
    holders = list(dict.fromkeys(h for p in debts for h in (p.payer, p.payee)))
    return any(
        all(link in owes for link in pairwise([*ring, ring[0]]))
        for size in range(2, len(holders) + 1)
        for ring in permutations(holders, size)
    )


def _flow_nets(flows) -> dict:
    """Brute force: each holder's net (collects +, pays -) over the flows, zeros left out."""
    nets: Counter = Counter()
    for payer, payee, amount in flows:
        nets[payer] -= amount
        nets[payee] += amount
    return {holder: net for holder, net in nets.items() if net}


# -- Payment -----------------------------------------------------------------------------------


def test_payment_reads_as_a_sentence():
    assert str(Payment("Bob", "Ann", 350)) == "Bob pays Ann 350"


def test_payment_is_frozen():
    payment = Payment("Bob", "Ann", 350)
    with pytest.raises(AttributeError):
        payment.amount = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("payer", "payee", "amount", "field"),
    [
        pytest.param("Bob", "Ann", 0, "amount", id="nothing to pay"),
        pytest.param("Bob", "Ann", -5, "amount", id="negative amount"),
        pytest.param("Bob", "Ann", 2.5, "amount", id="fractional amount"),
        pytest.param("Bob", "Ann", True, "amount", id="a flag is not an amount"),
        pytest.param("Bob", "Bob", 5, "payee", id="paying oneself"),
    ],
)
def test_payment_refuses_what_cannot_be_paid(payer, payee, amount, field):
    with pytest.raises(SettlementError) as caught:
        Payment(payer, payee, amount)
    assert caught.value.where.part is Part[field.upper()]


# -- fewest_payments: hand-worked tables -------------------------------------------------------


@pytest.mark.parametrize(
    ("nets", "expected"),
    [
        pytest.param({}, [], id="nobody at all"),
        pytest.param({"A": 0, "B": 0, "C": 0}, [], id="everyone already square"),
        pytest.param({"Ann": 350, "Bob": -350}, [("Bob", "Ann", 350)], id="one pays one"),
        # A is owed 5 and is the only creditor: each debtor pays A what they owe.
        pytest.param(
            {"A": 5, "B": -3, "C": -2},
            [("B", "A", 3), ("C", "A", 2)],
            id="three-way chain",
        ),
        # {A, B} and {C, D} each add to 0: two payments, never three.
        pytest.param(
            {"A": 5, "B": -5, "C": 3, "D": -3},
            [("B", "A", 5), ("D", "C", 3)],
            id="two pairs",
        ),
        pytest.param(
            {"A": 3, "B": 0, "C": -3},
            [("C", "A", 3)],
            id="a square holder takes no part",
        ),
        # Made bid worth 4 units in a four-handed brooklyn game: the three opponents pay 4 each.
        pytest.param(
            {"Dee": 12, "Ann": -4, "Bob": -4, "Cy": -4},
            [("Ann", "Dee", 4), ("Bob", "Dee", 4), ("Cy", "Dee", 4)],
            id="made bid against three opponents",
        ),
        # Two equal creditors, two equal debtors: the first debtor pays the first creditor.
        pytest.param(
            {"A": 5, "B": 5, "C": -5, "D": -5},
            [("C", "A", 5), ("D", "B", 5)],
            id="ties follow input order",
        ),
        # No two or three of them add to 0 (6-5, 4-5, 6+4-5 ...), so it takes 3 = 4-1:
        # C (first of the two largest debtors) pays A 5, leaving A +1; D pays B 4, leaving
        # D -1; D pays A 1.
        pytest.param(
            {"A": 6, "B": 4, "C": -5, "D": -5},
            [("C", "A", 5), ("D", "A", 1), ("D", "B", 4)],
            id="four with no zero-sum part",
        ),
        # {A, D} adds to 0 and so does {B, C, E}: 1 + 2 = 3 payments.
        pytest.param(
            {"A": 5, "B": 4, "C": 2, "D": -5, "E": -6},
            [("D", "A", 5), ("E", "B", 4), ("E", "C", 2)],
            id="a pair beside a triple",
        ),
        # The kitty is one more holder; it collected 2 and pays out like anyone else.
        pytest.param(
            {"Ann": -6, "Bob": 9, "Cy": -5, "kitty": 2},
            [("Ann", "Bob", 6), ("Cy", "Bob", 3), ("Cy", "kitty", 2)],
            id="the kitty as a holder",
        ),
    ],
)
def test_fewest_payments_hand_worked(nets, expected):
    payments = fewest_payments(nets)
    assert _triples(payments) == expected
    assert all(value == 0 for value in apply_payments(nets, payments).values())


@pytest.mark.parametrize(
    ("nets", "fewest", "greedy"),
    [
        # Fewest: {A, D} and {B, C, E} add to 0 -> (2-1) + (3-1) = 3.
        # Greedy: E (-6) pays A (+5) 5, E left -1; D (-5) pays B (+4) 4, D left -1;
        # C (+2) is then paid 1 by D and 1 by E -> 4 payments.
        pytest.param({"A": 5, "B": 4, "C": 2, "D": -5, "E": -6}, 3, 4, id="pair beside a triple"),
        # Fewest: {D, E} and {A, B, C} add to 0 -> 1 + 2 = 3.
        # Greedy: E (-6) pays A (+7) 6, A left +1; C (-4) pays D (+6) 4, D left +2;
        # B (-3) pays D 2, B left -1; B pays A 1 -> 4 payments.
        pytest.param({"A": 7, "B": -3, "C": -4, "D": 6, "E": -6}, 3, 4, id="triple beside a pair"),
        # Fewest: {A, E}, {F, G} and {B, C, D} add to 0 -> 1 + 1 + 2 = 4.
        # Greedy: G (-7) pays C (+9) 7, C left +2; E (-6) pays F (+7) 6, F left +1;
        # B (-5) pays A (+6) 5, A left +1; D (-4) pays C 2, then A 1, then F 1 -> 6 payments.
        pytest.param(
            {"A": 6, "B": -5, "C": 9, "D": -4, "E": -6, "F": 7, "G": -7},
            4,
            6,
            id="greedy two worse",
        ),
    ],
)
def test_fewest_payments_beats_greedy_on_hidden_zero_sum_groups(nets, fewest, greedy):
    assert len(fewest_payments(nets)) == fewest
    assert len(greedy_payments(nets)) == greedy
    for payments in (fewest_payments(nets), greedy_payments(nets)):
        assert all(value == 0 for value in apply_payments(nets, payments).values())


def test_greedy_payments_hand_worked():
    # E (-6) pays A (+5) 5; D (-5) pays B (+4) 4; D and E (-1 each, D first) pay C 1 each.
    nets = {"A": 5, "B": 4, "C": 2, "D": -5, "E": -6}
    assert _triples(greedy_payments(nets)) == [
        ("D", "B", 4),
        ("D", "C", 1),
        ("E", "A", 5),
        ("E", "C", 1),
    ]


def test_fewest_payments_are_ordered_by_payer_in_input_order():
    nets = {"Zed": -5, "Amy": 5, "Max": -3, "Bea": 3}
    assert [p.payer for p in fewest_payments(nets)] == ["Zed", "Max"]


def test_fewest_payments_run_the_exact_search_on_sixteen_holders():
    # Four groups of four, no two nets opposite: (+1 +2 +4 -7) times 1, 100, 10^4 and 10^6.
    # Only the empty and the full subset of {1, 2, 4, -7} add to 0, and each scale's part of
    # any sum lies within -7..+7 of that scale, so a subset adds to 0 only when it is made of
    # whole groups: at most 4 groups, and exactly 16 - 4 = 12 payments.
    nets = {}
    for scale in (1, 100, 10_000, 1_000_000):
        for part in (1, 2, 4, -7):
            nets[f"P{scale}{part:+d}"] = part * scale
    payments = fewest_payments(nets)
    assert len(payments) == 12
    assert len(payments) <= len(greedy_payments(nets))
    assert all(value == 0 for value in apply_payments(nets, payments).values())


def test_fewest_payments_fall_back_to_greedy_beyond_the_exact_limit(monkeypatch):
    # {D, A, F} and {B, C, E} add to 0 -> 4 payments; the greedy takes 5:
    # A (-3, first of the largest debtors) pays D (+6) 3; F (-3) pays B (+4) 3;
    # C (-2) pays D 2; E (-2) pays B 1 and D 1.
    nets = {"A": -3, "B": 4, "C": -2, "D": 6, "E": -2, "F": -3}
    assert len(fewest_payments(nets)) == 4
    monkeypatch.setattr(settlement, "EXACT_LIMIT", 5)
    assert _triples(fewest_payments(nets)) == [
        ("A", "D", 3),
        ("C", "D", 2),
        ("E", "B", 1),
        ("E", "D", 1),
        ("F", "B", 3),
    ]
    assert fewest_payments(nets) == greedy_payments(nets)


def test_fewest_payments_settle_more_than_sixteen_holders():
    # 17 creditors 1..17 and one debtor -153: no opposite pair, too many for the exact search.
    nets = {f"C{k}": k for k in range(1, 18)} | {"D": -153}
    assert fewest_payments(nets) == greedy_payments(nets)
    assert len(fewest_payments(nets)) == 17


def test_fewest_payments_pairs_off_opposites_before_the_limit():
    # 20 holders, but 10 exact opposites leave none for the exact search: 10 payments.
    nets = {}
    for k in range(1, 11):
        nets[f"W{k}"] = 10 * k
        nets[f"L{k}"] = -10 * k
    payments = fewest_payments(nets)
    assert _triples(payments) == [(f"L{k}", f"W{k}", 10 * k) for k in range(1, 11)]


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize("settle", [fewest_payments, greedy_payments], ids=["fewest", "greedy"])
@pytest.mark.parametrize(
    ("nets", "message"),
    [
        pytest.param({"A": 5, "B": -3}, "A +5, B −3 add up to +2", id="two short"),
        pytest.param({"A": 5}, "A +5 add up to +5", id="one holder owed"),
        pytest.param({"A": -4, "B": 0, "C": 1}, "A −4, B 0, C +1 add up to −3", id="three short"),
        pytest.param({"A": 2.5, "B": -2.5}, "A's net must be a whole amount, not 2.5", id="float"),
        pytest.param({"A": True, "B": -1}, "A's net must be a whole amount", id="flag"),
    ],
)
def test_settling_refuses_nets_that_do_not_add_to_zero_or_are_not_whole(settle, nets, message):
    with pytest.raises(SettlementError, match=re.escape(message)) as caught:
        settle(nets)
    assert caught.value.where.part is Part.NETS
    assert isinstance(caught.value, RuleError)
    assert isinstance(caught.value, ValueError)


# -- pairwise_debts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flows", "expected"),
    [
        pytest.param([], [], id="no flows"),
        pytest.param([("A", "B", 5), ("B", "A", 3)], [("A", "B", 2)], id="owing both ways"),
        pytest.param([("A", "B", 3), ("B", "A", 5)], [("B", "A", 2)], id="the balance turns"),
        pytest.param([("A", "B", 4), ("B", "A", 4)], [], id="they cancel"),
        pytest.param([("A", "B", 3), ("A", "B", 4)], [("A", "B", 7)], id="flows add up"),
        pytest.param([("A", "B", 0)], [], id="a zero flow owes nothing"),
        # Hand 1: Ann made 4 units, Bob, Cy and Dee pay her 4 each.
        # Hand 2: Bob was set at 4 units, he pays 8 to each of Ann, Cy and Dee.
        # Bob-Ann: 4 + 8 = 12; Bob-Cy 8; Bob-Dee 8; Cy-Ann 4; Dee-Ann 4.
        pytest.param(
            [
                *[("Bob", "Ann", 4), ("Cy", "Ann", 4), ("Dee", "Ann", 4)],
                *[("Bob", "Ann", 8), ("Bob", "Cy", 8), ("Bob", "Dee", 8)],
            ],
            [
                *[("Bob", "Ann", 12), ("Bob", "Cy", 8), ("Bob", "Dee", 8)],
                *[("Cy", "Ann", 4), ("Dee", "Ann", 4)],
            ],
            id="a made hand then a set hand",
        ),
    ],
)
def test_pairwise_debts_nets_each_pair(flows, expected):
    assert _triples(pairwise_debts(flows)) == expected


def test_pairwise_debts_take_more_payments_than_the_fewest():
    # Same two hands as above: nets Ann +20, Bob -28, Cy +4, Dee +4.
    flows = [("Bob", "Ann", 4), ("Cy", "Ann", 4), ("Dee", "Ann", 4)]
    flows += [("Bob", "Ann", 8), ("Bob", "Cy", 8), ("Bob", "Dee", 8)]
    direct = pairwise_debts(flows)
    nets = {"Ann": 20, "Bob": -28, "Cy": 4, "Dee": 4}
    assert apply_payments(nets, direct) == {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 0}
    assert len(direct) == 5
    # Fewest: Bob pays each of the three what they are owed.
    assert _triples(fewest_payments(nets)) == [
        ("Bob", "Ann", 20),
        ("Bob", "Cy", 4),
        ("Bob", "Dee", 4),
    ]


@pytest.mark.parametrize(
    ("flows", "message"),
    [
        pytest.param([("A", "B", -1)], r"flow 1 \(A to B\)", id="negative flow"),
        pytest.param([("A", "B", 1), ("A", "B", 1.5)], r"flow 2 \(A to B\)", id="fractional flow"),
        pytest.param([("A", "A", 3)], "flow 1: A cannot pay themselves", id="paying oneself"),
    ],
)
def test_pairwise_debts_refuse_flows_that_are_not_payments(flows, message):
    with pytest.raises(SettlementError, match=message) as caught:
        pairwise_debts(flows)
    assert caught.value.where.part is Part.FLOWS


# -- net_debts: the ledger's netting ----------------------------------------------------------


def test_circles_of_debt_cancel_without_changing_anyones_total():
    # 1 owes 2 five, 2 owes 3 five, 3 owes 1 three: the circle of three cancels, leaving
    # 1 owes 2 two and 2 owes 3 two (totals 1: -2, 2: 0, 3: +2, as before: -5+3, 5-5, 5-3).
    assert _triples(net_debts([(1, 2, 5), (2, 3, 5), (3, 1, 3)])) == [(1, 2, 2), (2, 3, 2)]
    # Opposite debts between a pair net off.
    assert _triples(net_debts([(1, 2, 5), (2, 1, 7)])) == [(2, 1, 2)]
    assert _triples(net_debts([(1, 2, 5), (2, 1, 5)])) == []


@pytest.mark.parametrize(
    ("flows", "expected"),
    [
        pytest.param([], [], id="no flows"),
        # A circle of four: the smallest debt, D>A 3, comes off every link:
        # A>B 4-3, B>C 6-3, C>D 5-3. Nets before and after: A -1, B -2, C +1, D +2.
        pytest.param(
            [("A", "B", 4), ("B", "C", 6), ("C", "D", 5), ("D", "A", 3)],
            [("A", "B", 1), ("B", "C", 3), ("C", "D", 2)],
            id="a circle of four",
        ),
        # Two circles sharing A>B. Walking in input order (A, B, C, D) meets A>B>C>A first:
        # less 2 leaves A>B 3, B>C 3. Then A>B>D>A: less 1 leaves A>B 2, B>D 3.
        # Nets before: A -5+2+1 = -2, B 5-5-4 = -4, C 5-2 = +3, D 4-1 = +3; after the same.
        pytest.param(
            [("A", "B", 5), ("B", "C", 5), ("C", "A", 2), ("B", "D", 4), ("D", "A", 1)],
            [("A", "B", 2), ("B", "C", 3), ("B", "D", 3)],
            id="two circles sharing a debt",
        ),
        # A chain is no circle: B's net is 0 but B still pays C what A pays B. (The fewest
        # payments would be A>C 5; the ledger keeps who owes whom.)
        pytest.param(
            [("A", "B", 5), ("B", "C", 5)],
            [("A", "B", 5), ("B", "C", 5)],
            id="a chain stays a chain",
        ),
        # A>B 5 less B>A 2 is A>B 3; with B>C 3 and C>A 3 that is a circle of 3: nothing owed.
        pytest.param(
            [("A", "B", 5), ("B", "A", 2), ("B", "C", 3), ("C", "A", 3)],
            [],
            id="netting a pair closes a circle",
        ),
        pytest.param(
            [("A", "B", 0), ("B", "C", 4)], [("B", "C", 4)], id="a zero flow owes nothing"
        ),
    ],
)
def test_net_debts_hand_worked(flows, expected):
    debts = net_debts(flows)
    assert _triples(debts) == expected
    assert {h: n for h, n in nets_owed(debts).items() if n} == _flow_nets(flows)


def test_the_brute_force_circle_search_sees_the_circles_net_debts_cancels():
    flows = [("A", "B", 4), ("B", "C", 6), ("C", "D", 5), ("D", "A", 3)]
    assert _has_circle(pairwise_debts(flows))
    assert not _has_circle(net_debts(flows))
    assert _has_circle([Payment("A", "B", 1), Payment("B", "A", 1)])


@pytest.mark.parametrize(
    ("flows", "message"),
    [
        pytest.param([("A", "B", -1)], r"flow 1 \(A to B\)", id="negative flow"),
        pytest.param([("A", "B", 1), ("B", "C", 0.5)], r"flow 2 \(B to C\)", id="fractional"),
        pytest.param([("A", "A", 3)], "flow 1: A cannot pay themselves", id="paying oneself"),
    ],
)
def test_net_debts_refuse_flows_that_are_not_payments(flows, message):
    with pytest.raises(SettlementError, match=message) as caught:
        net_debts(flows)
    assert caught.value.where.part is Part.FLOWS


# Brooklyn in cents (settle_fixtures.brooklyn): the fewest are Cal>Ann 20 and Cal>Bob 80.
_BROOKLYN = [Payment("Cal", "Ann", 20), Payment("Cal", "Bob", 80)]


@pytest.mark.parametrize(
    ("owed", "paid", "expected"),
    [
        pytest.param(_BROOKLYN, [], [("Cal", "Ann", 20), ("Cal", "Bob", 80)], id="nothing paid"),
        pytest.param(_BROOKLYN, _BROOKLYN, [], id="paid in full"),
        # Cal paid Bob 80 and Ann 5: Cal still owes Ann 20 - 5 = 15.
        pytest.param(
            _BROOKLYN,
            [Payment("Cal", "Bob", 80), Payment("Cal", "Ann", 5)],
            [("Cal", "Ann", 15)],
            id="partly paid",
        ),
        # Cal paid Ann 50 against 20 owed: Ann owes Cal the 30 back.
        pytest.param(
            [Payment("Cal", "Ann", 20)],
            [Payment("Cal", "Ann", 50)],
            [("Ann", "Cal", 30)],
            id="overpaid",
        ),
        # The direct payments instead: Ann>Bob 20, Cal>Ann 40, Cal>Bob 60. Per pair,
        # Cal-Ann 20-40: Ann>Cal 20; Cal-Bob 80-60: Cal>Bob 20; Bob>Ann 20 (Ann paid Bob).
        # Ann>Cal>Bob>Ann is a circle of 20: nothing is owed.
        pytest.param(
            _BROOKLYN,
            [Payment("Ann", "Bob", 20), Payment("Cal", "Ann", 40), Payment("Cal", "Bob", 60)],
            [],
            id="direct payments paid instead of the fewest",
        ),
        pytest.param([], [Payment("Bob", "Ann", 5)], [("Ann", "Bob", 5)], id="nothing owed"),
    ],
)
def test_still_owed_takes_each_payment_off_what_was_owed(owed, paid, expected):
    assert _triples(still_owed(owed, paid)) == expected


@pytest.mark.parametrize(
    ("debts", "expected"),
    [
        pytest.param([], {}, id="no debts"),
        # A owes 2, B is owed 2 and owes 3, C is owed 3.
        pytest.param(
            [Payment("A", "B", 2), Payment("B", "C", 3)],
            {"A": -2, "B": -1, "C": 3},
            id="a chain",
        ),
        pytest.param(
            [Payment("A", "B", 5), Payment("B", "C", 5)],
            {"A": -5, "B": 0, "C": 5},
            id="square in the middle",
        ),
    ],
)
def test_nets_owed_are_what_each_holder_collects_or_pays(debts, expected):
    nets = nets_owed(debts)
    assert nets == expected
    assert list(nets) == list(expected)


# -- typed holders -------------------------------------------------------------------------------

_ANN, _BOB, _CY = Seat(7, "Ann"), Seat(3, "Bob"), Seat(5, "Cy")


def test_typed_holders_settle_like_names_and_read_by_name():
    # The kitty example above with players and the kitty as typed holders: same payments.
    nets = {_ANN: -6, _BOB: 9, _CY: -5, Pile.KITTY: 2}
    payments = fewest_payments(nets)
    assert payments == (
        Payment(_ANN, _BOB, 6),
        Payment(_CY, _BOB, 3),
        Payment(_CY, Pile.KITTY, 2),
    )
    assert [str(p) for p in payments] == ["Ann pays Bob 6", "Cy pays Bob 3", "Cy pays Kitty 2"]
    assert greedy_payments(nets) == payments
    assert apply_payments(nets, payments) == dict.fromkeys(nets, 0)


def test_a_seat_is_one_holder_whatever_name_it_is_read_by():
    # Seat 7 under a new name is still Ann: Ann>Bob 4 less Bob>Ann 3 leaves Ann>Bob 1.
    renamed = Seat(7, "Annie")
    assert pairwise_debts([(_ANN, _BOB, 4), (_BOB, renamed, 3)]) == (Payment(_ANN, _BOB, 1),)


def test_typed_holders_through_the_ledger_netting():
    # Ann>Bob 4, Bob>Cy 4, Cy>Ann 4 is a circle; the pot's 2 from Cy stays.
    flows = [(_ANN, _BOB, 4), (_BOB, _CY, 4), (_CY, _ANN, 4), (_CY, Pile.POT, 2)]
    assert net_debts(flows) == (Payment(_CY, Pile.POT, 2),)
    assert nets_owed(net_debts(flows)) == {_CY: -2, Pile.POT: 2}
    assert still_owed([Payment(_ANN, _BOB, 4)], [Payment(_ANN, _BOB, 4)]) == ()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: Payment(_ANN, _ANN, 5), "Ann cannot pay themselves", id="payment"),
        pytest.param(
            lambda: fewest_payments({_ANN: 5, Pile.POT: -3}),
            "Ann +5, Pot −3 add up to +2",
            id="nets",
        ),
        pytest.param(lambda: pairwise_debts([(_BOB, _CY, -1)]), "flow 1 (Bob to Cy)", id="flows"),
        pytest.param(lambda: divide(10, [_ANN, _BOB, _CY, _BOB]), "named twice: Bob", id="owners"),
    ],
)
def test_messages_name_typed_holders_by_their_names(call, message):
    with pytest.raises(SettlementError, match=re.escape(message)):
        call()


def test_divide_names_each_holder_named_twice_in_input_order():
    with pytest.raises(SettlementError, match="named twice: Bob, Ann"):
        divide(10, [_BOB, _ANN, _CY, _BOB, _ANN, _ANN])


# -- divide ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "owners", "share", "undivided"),
    [
        pytest.param(10, ["A", "B", "C"], 3, 1, id="10 among 3"),
        pytest.param(12, ["A", "B", "C", "D"], 3, 0, id="12 among 4 evenly"),
        pytest.param(0, ["A", "B", "C", "D"], 0, 0, id="an empty kitty"),
        pytest.param(2, ["A", "B", "C", "D", "E"], 0, 2, id="less than one each"),
        pytest.param(7, ["A"], 7, 0, id="a single owner takes all"),
        pytest.param(11, ["A", "B", "C", "D", "E"], 2, 1, id="11 among 5"),
    ],
)
def test_divide_rounds_down_and_reports_the_rest(amount, owners, share, undivided):
    shares, rest = divide(amount, owners)
    assert shares == dict.fromkeys(owners, share)
    assert list(shares) == owners
    assert rest == undivided


@pytest.mark.parametrize(
    ("amount", "owners", "field", "message"),
    [
        pytest.param(-3, ["A", "B"], "amount", "not -3", id="negative amount"),
        pytest.param(2.5, ["A", "B"], "amount", "not 2.5", id="fractional amount"),
        pytest.param(10, [], "owners", "among nobody", id="no owners"),
        pytest.param(10, ["A", "B", "A"], "owners", "named twice: A", id="an owner twice"),
    ],
)
def test_divide_refuses_what_cannot_be_shared(amount, owners, field, message):
    with pytest.raises(SettlementError, match=message) as caught:
        divide(amount, owners)
    assert caught.value.where.part is Part[field.upper()]


# -- apply_payments ------------------------------------------------------------------------------


def test_apply_payments_moves_payer_up_and_payee_down():
    nets = {"Ann": 350, "Bob": -350}
    assert apply_payments(nets, [Payment("Bob", "Ann", 100)]) == {"Ann": 250, "Bob": -250}
    assert nets == {"Ann": 350, "Bob": -350}


def test_apply_payments_starts_unknown_holders_at_zero():
    assert apply_payments({}, [Payment("Bob", "Ann", 5)]) == {"Bob": 5, "Ann": -5}


# -- purity --------------------------------------------------------------------------------------


def test_settlement_imports_nothing_from_the_web_or_database_layers():
    tree = ast.parse(inspect.getsource(settlement))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imported.add(node.module.split(".")[0])
    assert not imported & {"flask", "sqlalchemy", "wtforms", "weasyprint", "flask_sqlalchemy"}


# -- properties ----------------------------------------------------------------------------------

_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo"]


@st.composite
def zero_sum_nets(draw, max_holders: int = 10) -> dict[str, int]:
    """Up to ``max_holders`` whole nets adding to 0, in a random seat order."""
    names = draw(st.permutations(_NAMES[:max_holders]))
    bound = draw(st.sampled_from([3, 10, 1000]))  # small bounds make zero-sum groups common
    values = draw(st.lists(st.integers(-bound, bound), max_size=max_holders - 1))
    values.append(-sum(values))
    return dict(zip(names, values, strict=False))


def _brute_force_fewest(nets: dict[str, int]) -> int:
    """The fewest payments by trying every split of the nonzero holders into groups.

    A settlement joins holders into connected groups that each add to 0, and a group of k
    holders needs k-1 payments at least, so the fewest is n minus the most zero-sum groups.
    """
    values = [value for value in nets.values() if value]

    def partitions(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for split in partitions(rest):
            yield [[first], *split]
            for i in range(len(split)):
                yield [*split[:i], [first, *split[i]], *split[i + 1 :]]

    most = max(
        (len(split) for split in partitions(values) if all(sum(group) == 0 for group in split)),
        default=0,
    )
    return len(values) - most


@given(zero_sum_nets())
def test_fewest_payments_settle_everyone_to_exactly_zero(nets):
    payments = fewest_payments(nets)
    assert apply_payments(nets, payments) == dict.fromkeys(nets, 0)
    assert all(isinstance(p.amount, int) and p.amount > 0 for p in payments)
    assert all(p.payer != p.payee for p in payments)
    assert all(nets[p.payer] < 0 < nets[p.payee] for p in payments)


@given(zero_sum_nets())
def test_fewest_payments_never_use_more_than_greedy_or_n_minus_one(nets):
    fewest = fewest_payments(nets)
    greedy = greedy_payments(nets)
    assert len(fewest) <= len(greedy) <= max(_nonzero(nets) - 1, 0)
    assert apply_payments(nets, greedy) == dict.fromkeys(nets, 0)


@given(zero_sum_nets())
def test_fewest_payments_pay_each_pair_at_most_once_and_are_deterministic(nets):
    payments = fewest_payments(nets)
    assert max(Counter((p.payer, p.payee) for p in payments).values(), default=0) <= 1
    assert fewest_payments(dict(nets)) == payments


@settings(deadline=None)
@given(zero_sum_nets(max_holders=8))
def test_fewest_payments_match_a_brute_force_minimum(nets):
    assert len(fewest_payments(nets)) == _brute_force_fewest(nets)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(_NAMES[:5]), st.sampled_from(_NAMES[:5]), st.integers(0, 50)
        ).filter(lambda flow: flow[0] != flow[1]),
        max_size=30,
    )
)
def test_pairwise_debts_keep_every_holders_net(flows):
    nets: Counter[str] = Counter()
    for payer, payee, amount in flows:
        nets[payer] -= amount
        nets[payee] += amount
    debts = pairwise_debts(flows)
    assert all(value == 0 for value in apply_payments(nets, debts).values())
    pairs = [frozenset((p.payer, p.payee)) for p in debts]
    assert len(pairs) == len(set(pairs))


@given(st.integers(0, 10_000), st.integers(1, 12))
def test_divide_loses_nothing_and_leaves_less_than_one_each(amount, count):
    shares, undivided = divide(amount, [f"P{k}" for k in range(count)])
    assert sum(shares.values()) + undivided == amount
    assert 0 <= undivided < len(shares)
    assert len(set(shares.values())) == 1


# -- properties: the ledger's netting -------------------------------------------------------------


def flows_among(count: int):
    """Up to 25 whole flows of 0..50 between ``count`` names, nobody paying themselves."""
    return st.lists(
        st.tuples(
            st.sampled_from(_NAMES[:count]),
            st.sampled_from(_NAMES[:count]),
            st.integers(0, 50),
        ).filter(lambda flow: flow[0] != flow[1]),
        max_size=25,
    )


@given(flows_among(5))
def test_net_debts_keep_every_holders_net(flows):
    debts = net_debts(flows)
    assert {h: n for h, n in nets_owed(debts).items() if n} == _flow_nets(flows)
    assert all(p.amount > 0 for p in debts)


@given(flows_among(5))
def test_net_debts_only_shrink_the_pairwise_debts_and_never_pay_a_pair_both_ways(flows):
    debts = net_debts(flows)
    direct = {(p.payer, p.payee): p.amount for p in pairwise_debts(flows)}
    assert len(debts) <= len(direct)
    assert all(0 < p.amount <= direct[(p.payer, p.payee)] for p in debts)
    pairs = [frozenset((p.payer, p.payee)) for p in debts]
    assert len(pairs) == len(set(pairs))


@settings(deadline=None)
@given(flows_among(5))
def test_net_debts_leave_no_circle_a_brute_force_search_can_find(flows):
    assert not _has_circle(net_debts(flows))


@given(flows_among(5))
def test_paying_what_is_owed_or_the_fewest_that_settle_it_leaves_nothing_owed(flows):
    # The direct debts, paid as they are or as the fewest payments that settle the same nets
    # (what a table does when it pays the fewest instead of the direct): nothing is left.
    owed = pairwise_debts(flows)
    assert still_owed(owed, owed) == ()
    assert still_owed(owed, fewest_payments(nets_owed(owed))) == ()


@given(flows_among(5))
def test_flows_whose_nets_are_all_zero_leave_nothing_owed(flows):
    back = [(payee, payer, amount) for payer, payee, amount in reversed(flows)]
    rotated = flows[1:] + flows[:1]
    assert net_debts([*flows, *back]) == ()
    assert net_debts([*flows, *[(b, a, n) for a, b, n in rotated]]) == ()


@given(st.data())
def test_settlement_depends_on_holders_only_through_their_input_order(data):
    # Names become unorderable Seats numbered against the alphabet: any sort or comparison of
    # the holders would fail or reorder, so equal results show ties follow input order.
    nets = data.draw(zero_sum_nets(max_holders=8))
    flows = data.draw(flows_among(5))
    seat = {name: Seat(len(_NAMES) - place, name) for place, name in enumerate(_NAMES)}

    def seated(payments):
        return tuple(Payment(seat[p.payer], seat[p.payee], p.amount) for p in payments)

    seat_nets = {seat[name]: value for name, value in nets.items()}
    seat_flows = [(seat[a], seat[b], n) for a, b, n in flows]
    assert fewest_payments(seat_nets) == seated(fewest_payments(nets))
    assert greedy_payments(seat_nets) == seated(greedy_payments(nets))
    assert pairwise_debts(seat_flows) == seated(pairwise_debts(flows))
    assert net_debts(seat_flows) == seated(net_debts(flows))
    assert list(nets_owed(net_debts(seat_flows))) == [
        seat[name] for name in nets_owed(net_debts(flows))
    ]
