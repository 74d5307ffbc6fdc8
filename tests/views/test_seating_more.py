"""A table with more players than the game chosen seats is told which games of the same kind
seat them (issue 30, item 4): Brooklyn seats 3 or 4 (RULES 5.2's table); Brooklyn with a pot
up to 8 and Hoyle up to 5 keep score in chips too. Two-handed is each for themselves in
points, as Bison (three) and cutthroat (four) are."""

from __future__ import annotations

import pytest
from webhelpers import page_text


@pytest.mark.parametrize(
    ("system", "said"),
    [
        pytest.param(
            "brooklyn",
            "3 to 4 players. More players? Hoyle (chips and the kitty) seats 3 to 5; "
            "Brooklyn with a pot seats 3 to 8.",
            id="brooklyn-to-the-other-chip-games",
        ),
        pytest.param(
            "two-handed",
            "2 players. More players? Bison (points to 1500) seats 3; "
            "Four-handed cutthroat seats 4.",
            id="two-handed-to-the-other-points-games-each-for-themselves",
        ),
    ],
)
def test_the_new_session_page_names_the_games_that_seat_more(client, system, said):
    assert said in page_text(client.get(f"/sessions/new?system={system}"))


def test_the_game_that_seats_the_most_of_its_kind_names_none(client):
    assert "More players?" not in page_text(client.get("/sessions/new?system=brooklyn-pot"))
