"""The one way a signed figure is written: ``+185``, ``−3`` with a real minus sign, ``0``."""

from __future__ import annotations

import pytest

from scorekeeper.rules.figures import MINUS, signed


@pytest.mark.parametrize(
    ("n", "shown"),
    [
        (185, "+185"),
        (1, "+1"),
        (0, "0"),
        (-1, "\u22121"),
        (-3, "\u22123"),
        (-1500, "\u22121500"),
        (1500, "+1500"),
    ],
)
def test_a_signed_figure_has_plus_a_real_minus_or_no_sign_at_zero(n, shown):
    assert signed(n) == shown


def test_the_minus_sign_is_the_typographic_one_not_a_hyphen():
    assert MINUS == "\u2212"
    assert "-" not in signed(-7)
