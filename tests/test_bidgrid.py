"""The declarer-and-bid grid's value, ``7:65`` (declarer 7 bids 65) or ``7:other`` (the bid
typed in Other bid): which games ask for it, its rows and chips, and its shape, read back into
the declarer's id and the bid."""

from __future__ import annotations

import pytest

from scorekeeper.rules.game import variant
from scorekeeper.rules.game.options import Options
from scorekeeper.web.bidgrid import MISSHAPEN, grid_rows, grid_value, has_bid_grid, split_grid_value


@pytest.mark.parametrize(
    ("system", "changes", "grid"),
    [
        pytest.param("double-deck", {}, True, id="double-deck partnership"),
        pytest.param("six-handed", {}, False, id="six-handed: six rows are too long"),
        pytest.param("eight-handed", {}, False, id="eight-handed: eight rows are too long"),
        pytest.param("six-handed", {"shape": "6/2"}, False, id="saved rules: three teams of two"),
        pytest.param("partnership", {}, False, id="single-deck partnership"),
        pytest.param("brooklyn", {}, False, id="brooklyn: each for themselves"),
        pytest.param("bison", {}, False, id="bison"),
        pytest.param("two-handed", {}, False, id="two-handed: no bid"),
        pytest.param("cutthroat", {}, False, id="four-handed cutthroat: no bid"),
    ],
)
def test_the_grid_is_for_four_in_teams_bidding_on_a_double_deck(system, changes, grid):
    assert has_bid_grid(Options.from_dict({"system": system, **changes})) is grid


def test_every_preset_is_accounted_for():
    with_grid = {s.value for s in variant.all_games() if has_bid_grid(Options.preset(s))}
    assert with_grid == {"double-deck"}


@pytest.mark.parametrize(
    ("declarer", "bid", "value"),
    [
        pytest.param(7, 65, "7:65", id="a chip"),
        pytest.param(12, 50, "12:50", id="the lowest bid"),
        pytest.param(7, None, "7:other", id="the row's Other chip"),
    ],
)
def test_a_chips_value_reads_back_as_its_declarer_and_bid(declarer, bid, value):
    assert grid_value(declarer, bid) == value
    assert split_grid_value(value) == (declarer, bid)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("65", MISSHAPEN, id="a bid without a declarer"),
        pytest.param("7", MISSHAPEN, id="a declarer without a colon"),
        pytest.param("7:", MISSHAPEN, id="no bid"),
        pytest.param(":65", MISSHAPEN, id="no declarer"),
        pytest.param("N:65", MISSHAPEN, id="a name instead of an id"),
        pytest.param("7:sixty", MISSHAPEN, id="a bid in words"),
        pytest.param("7:6.5", MISSHAPEN, id="a bid with a point"),
        pytest.param("7:-5", MISSHAPEN, id="a negative bid"),
        pytest.param("-7:65", MISSHAPEN, id="a negative id"),
        pytest.param("7:Other", MISSHAPEN, id="Other spelt otherwise"),
        pytest.param("7:65:1", MISSHAPEN, id="a third part"),
        pytest.param("٧:65", MISSHAPEN, id="digits outside ASCII"),
        pytest.param(f"{2**63}:65", MISSHAPEN, id="an id past 64 bits"),
        pytest.param("7:100000", "Bid is at most 99999.", id="a bid past the largest figure"),
        pytest.param(f"7:{'9' * 5000}", "Bid is at most 99999.", id="a bid past int()"),
    ],
)
def test_a_misshapen_value_is_refused_saying_what_to_do(text, message):
    with pytest.raises(ValueError) as refused:
        split_grid_value(text)
    assert str(refused.value) == message


def test_a_row_per_declarer_each_with_the_bids_and_other_named_for_a_screen_reader():
    rows = grid_rows([("9", "S"), ("3", "Ann & Bob")], ["50", "51"])

    assert [(row.name, row.heading_id) for row in rows] == [
        ("S", "bid-row-9"),
        ("Ann & Bob", "bid-row-3"),
    ]
    assert [(c.value, c.label, c.spoken) for c in rows[0].chips] == [
        ("9:50", "50", "S bids 50"),
        ("9:51", "51", "S bids 51"),
        ("9:other", "Other", "S bids another figure"),
    ]
    assert rows[1].chips[0].spoken == "Ann & Bob bids 50"
