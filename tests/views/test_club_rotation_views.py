"""The KCMO table rotation on the pages: a night of five fixed teams paired twice through the
organiser's page. The app's draw is made when round 1 is paired; here the hat gives the teams
in the reverse of the order they joined: 1A Ivy & Jon, 1B Gus & Hal, 2A Eve & Fay, 2B Cal &
Dee, 3A Ann & Bob (five teams: 3B is nobody's).

- Round 1: table 1 Ivy & Jon v Gus & Hal, table 2 Eve & Fay v Cal & Dee; Ann & Bob, alone at
  table 3, have the bye. Ivy and Eve each bid 250 in hearts, meld 300 and take 200 of the 250
  in tricks: 500, the round's points, so both win 500 to 50. Standings after round 1: Ann &
  Bob (the bye: a win, the average winning score 500), Eve & Fay and Ivy & Jon share rank 1
  on 1 win and 500, listed in the order they joined; Cal & Dee and Gus & Hal rank 4 on 50.
- Round 2: the B teams move one table up: Gus & Hal to table 2, Cal & Dee to table 3, the
  empty 3B from the last table to table 1, so Ivy & Jon have the bye; table 2 Eve & Fay v
  Gus & Hal, table 3 Ann & Bob v Cal & Dee.
"""

from __future__ import annotations

import re

import pytest
from pdftext import pages_text
from webhelpers import CLUB_NIGHT, errors_at, page_text, save_hand

from scorekeeper.services.club import nights as clubnights

TEAMS = [
    ("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2), ("Eve", 3), ("Fay", 3),
    ("Gus", 4), ("Hal", 4), ("Ivy", 5), ("Jon", 5),
]  # fmt: skip
ROTATION = {**CLUB_NIGHT, "movement": "kcmo-rotation"}


@pytest.fixture
def reversed_hat(monkeypatch):
    monkeypatch.setattr(clubnights, "shuffle_hat", lambda hat: hat.reverse())


def night_of_five_teams(client):
    made = client.post("/club/new", data=ROTATION)
    assert made.status_code == 302, page_text(made)
    url = made.headers["Location"]
    for name, team in TEAMS:
        assert client.post(f"{url}/players", data={"name": name, "team": team}).status_code == 302
    return url


def tables_of(page, number):
    """Each table of round ``number`` as its heading and its sides, and the round's byes."""
    text = page_text(page)
    found = text[text.index(f"Round {number} ·") :]
    found = found[: found.index(f"Round {number - 1} ·")] if number > 1 else found
    byes = re.search(r"Bye: ([^\n]+?)\s+Score cards", found).group(1)
    heads = re.findall(r"Table (\d) · 0 hands", found)
    return [int(h) for h in heads], byes


def session_of(page, table):
    return int(re.search(rf'href="/s/(\d+)"[^>]*>Open table {table}<', page.text).group(1))


def test_the_kcmo_rotation_pairs_two_rounds_through_the_page(client, reversed_hat):
    url = night_of_five_teams(client)
    assert client.post(f"{url}/rounds").status_code == 302
    page = client.get(url)
    assert tables_of(page, 1) == ([1, 2], "Ann & Bob")
    text = page_text(page)
    assert "Ivy · team 5 · drew 1A" in text and "Cal · team 2 · drew 2B" in text
    assert "Ann · team 1 · drew 3A" in text

    cards = pages_text(client.get(f"{url}/rounds/1/cards.pdf").data)
    assert "Team 1: Ivy & Jon · A: stays at table 1 all night" in cards[0]
    assert "Team 2: Gus & Hal · B: moves to table 2 for round 2" in cards[0]
    assert "Team 2: Cal & Dee · B: moves to table 3 for round 2" in cards[1]

    for table, declarer in ((1, "Ivy"), (2, "Eve")):
        save_hand(
            client, session_of(page, table), declarer=declarer, bid=250, trump="H",
            meld={declarer: "300"}, tricks=200,
        )  # fmt: skip
    standings = page_text(client.get(url))
    assert (  # rank, team, won, lost, points
        "1Ann & Bob (1 bye)10500 1Eve & Fay10500 1Ivy & Jon10500 4Cal & Dee0150 4Gus & Hal0150"
        in standings
    )
    assert client.post(f"{url}/rounds").status_code == 302
    page = client.get(url)
    assert tables_of(page, 2) == ([2, 3], "Ivy & Jon")
    text = page_text(page)
    two = text[text.index("Round 2 ·") : text.index("Round 1 ·")]
    assert re.search(r"Table 2 .*Eve & Fay.*Gus & Hal.*Table 3 .*Ann & Bob.*Cal & Dee", two, re.S)


def test_the_rotation_refuses_tables_of_three_teams_at_the_movement(client):
    refused = client.post("/club/new", data={**ROTATION, "table_size": "6"})
    assert refused.status_code == 422
    assert errors_at(refused, "movement") == [
        "The KCMO table rotation seats two fixed teams a table, an A and a B: choose tables "
        "of 4 in teams of 2."
    ]


def test_a_team_joining_when_every_number_is_held_is_refused_by_the_button(client, reversed_hat):
    made = client.post("/club/new", data=ROTATION)
    url = made.headers["Location"]
    for name, team in TEAMS[:4]:
        client.post(f"{url}/players", data={"name": name, "team": team})
    assert client.post(f"{url}/rounds").status_code == 302
    session = session_of(client.get(url), 1)
    save_hand(client, session, declarer="Cal", bid=250, trump="H", meld={"Cal": "300"}, tricks=200)
    for name, team in TEAMS[4:6]:
        client.post(f"{url}/players", data={"name": name, "team": team})

    refused = client.post(f"{url}/rounds")
    assert refused.status_code == 422
    assert (
        "Eve & Fay joined after the KCMO draw, and the rotation's 1 table seats 2 teams, each "
        "number held: remove a team, or choose fixed partners paired on the standings for the "
        "rounds left." in page_text(refused)
    )


def test_a_player_without_a_partner_is_refused_naming_the_team_size(client, reversed_hat):
    url = night_of_five_teams(client)
    client.post(f"{url}/players", data={"name": "Kim", "team": "6"})

    refused = client.post(f"{url}/rounds")
    assert refused.status_code == 422
    assert "Kim must play as a team of 2: fixed partners play in teams of 2." in page_text(refused)
