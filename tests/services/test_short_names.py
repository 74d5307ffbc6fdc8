"""A short name the table sets for a player ("Bob" for "Robert"), as a said line reads it
(issue 29): kept on the roster, never another player's name or short name."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Player
from scorekeeper.rules.errors import Part, SeatingError
from scorekeeper.rules.holders import Player as Seated
from scorekeeper.services import sessions
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.saying import read_line
from scorekeeper.services.tables import default_table, set_short_name, short_names


@pytest.fixture
def table(app):
    with app.app_context():
        yield default_table()


def seat(table, names=("Robert", "Ann", "Cy", "Dee")) -> dict[str, int]:
    """A Brooklyn session of ``names``; their ids by name."""
    sessions.create_session(table, {"system": "brooklyn"}, list(names), 0)
    return {p.name: p.id for p in db.session.scalars(select(Player))}


def test_a_short_name_is_kept_for_the_player_with_its_spaces_tidied(table):
    ids = seat(table)
    set_short_name(table, ids["Robert"], "  Bob  ")
    assert short_names(table.id, ids.values()) == {ids["Robert"]: ("Bob",)}


def test_a_blank_short_name_takes_it_away(table):
    ids = seat(table)
    set_short_name(table, ids["Robert"], "Bob")
    set_short_name(table, ids["Robert"], "   ")
    assert short_names(table.id, ids.values()) == {}


def test_the_players_own_name_as_short_name_is_no_short_name(table):
    ids = seat(table)
    set_short_name(table, ids["Robert"], "ROBERT")
    assert short_names(table.id, ids.values()) == {}


@pytest.mark.parametrize(
    ("short", "rule"),
    [
        ("cy", "The short name cy is Cy's name: it must be nobody else's."),
        (" CY ", "The short name CY is Cy's name: it must be nobody else's."),
        ("bob", "The short name bob is Robert's already: it must be nobody else's."),
        ("B" * 41, "A short name is at most 40 characters."),
        ("Bo\x07b", "A name cannot contain control characters."),
    ],
    ids=["another-name", "another-name-any-case", "another-short-name", "too-long", "control"],
)
def test_a_short_name_that_could_mean_someone_else_is_refused_at_the_player(table, short, rule):
    ids = seat(table)
    set_short_name(table, ids["Robert"], "Bob")
    with pytest.raises(SeatingError) as refused:
        set_short_name(table, ids["Ann"], short)
    assert refused.value.rule == rule
    assert refused.value.where.part is Part.NAME
    assert refused.value.where.player == Seated(ids["Ann"], "Ann")


def test_a_player_of_another_table_or_none_is_not_found(table):
    ids = seat(table)
    with pytest.raises(NotFound):
        set_short_name(table, max(ids.values()) + 1, "Bob")


def test_a_line_says_the_player_by_the_short_name_the_table_set(table):
    ids = seat(table)
    set_short_name(table, ids["Robert"], "Bob")
    loaded = sessions.load_session(1)
    read = read_line(loaded, "Bob 350 spades made")
    assert (read.entry.declarer, read.entry.bid, read.missing, read.ambiguous) == (
        ids["Robert"],
        350,
        (),
        (),
    )
    # RULES 5.4: Brooklyn's 350-390 is 2 chips from each player, doubled for spades: 4.
    assert read.preview is not None
    assert "Robert makes 350: collects 4 chips from each player" in read.preview.text
