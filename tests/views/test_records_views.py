"""The records pages (issue 21): the table's comparison, a player's page, the date range form
and the CSV, over evenings played through the forms and worked out by hand (docs/RULES.md)."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta

import pytest
from webhelpers import (
    errors_at,
    facts,
    new_session,
    page_text,
    parse,
    player_ids,
    save_hand,
    shown_value,
    table_rows,
    text_of,
)

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.services.history import player as records
from views.test_players_views import evening as players_evening


@pytest.fixture(autouse=True)
def _fresh_memory():
    records.forget()
    yield
    records.forget()


def tables(page) -> list[dict[str, list[str]]]:
    """Every figures table of the page: row head -> its cells."""
    return [table_rows(table) for table in parse(page).iter("table")]


def evening(client) -> int:
    """Brooklyn, stake 10 cents, Ann deals first (RULES section 5); the players page's evening.

    1. Bob makes 350 hearts (150 meld + 200 tricks): 2 from Ann and from Cal.
    2. Cal is set at 300 hearts (100 meld): 1 x 2 = 2 to Ann and to Bob.
    3. Bob makes 400 spades: 4 x 2 (spades) = 8 from each.
    4. Ann concedes 300 clubs: 1 to Bob and to Cal.
    Ann -2 +2 -8 -2 = -10 ($-1.00); Bob 4 + 2 + 16 + 1 = 23 ($2.30); Cal -2 -4 -8 +1 = -13.
    """
    return players_evening(client)


def test_the_records_page_compares_every_players_bids_and_winnings(client):
    evening(client)

    page = client.get("/records/")

    assert page.status_code == 200
    bids, won = tables(page)[:2]
    #                hands bids  made (share)  set conceded
    assert bids == {
        "Ann": ["4", "1", "0 0%", "0", "1"],
        "Bob": ["4", "2", "2 100%", "0", "0"],
        "Cal": ["4", "1", "0 0%", "1", "0"],
    }
    #              sessions, games, chip sessions won, money
    assert won == {
        "Ann": ["1", "0 of 0", "0", "−$1.00"],
        "Bob": ["1", "0 of 0", "1", "+$2.30"],
        "Cal": ["1", "0 of 0", "0", "−$1.30"],
    }
    assert "Counted over 1 session: every session of the table, the first on" in page_text(page)


def test_a_players_page_gives_bids_by_range_and_trump(client):
    evening(client)
    bob = player_ids(client)["Bob"]

    page = client.get(f"/records/{bob}")

    assert page.status_code == 200
    shown = facts(page)
    assert (shown["Declared"], shown["Made"], shown["Set"]) == ("2", "2 (100%)", "0")
    assert shown["Money (from settling up)"] == "+$2.30"
    assert shown["Meld on average (over 1 hand declared)"] == "150.0"
    assert shown["Side's tricks on average (over 1 hand)"] == "200.0"
    assert shown["Biggest bid made"] == "400"
    ranges, trumps, rivals = tables(page)
    #                  bids made (share) set conceded
    assert ranges == {"350–399": ["1", "1 100%", "0", "0"], "400–449": ["1", "1 100%", "0", "0"]}
    assert trumps == {"♠ spades": ["1", "1 100%", "0", "0"], "♥ hearts": ["1", "1 100%", "0", "0"]}
    # Bob's bids against each, set by them; their bids, Bob set them: Cal set at 300 while
    # Bob defended; Ann conceded, which is not a set.
    assert rivals == {"Ann": ["2", "0", "1", "0"], "Cal": ["2", "0", "1", "1"]}


def test_a_players_page_has_a_place_for_the_rating_and_a_chart_of_money(client):
    evening(client)
    ann = player_ids(client)["Ann"]

    page = client.get(f"/records/{ann}")

    svgs = [el for el in parse(page).iter() if el.tag.endswith("svg")]
    assert [svg.get("aria-label") for svg in svgs] == ["Money won and lost, session by session"]
    assert "Ann −$1.00" in text_of(svgs[0])


@pytest.mark.parametrize(
    ("typed", "field", "message"),
    [
        pytest.param(
            {"from": "21/11/2026"},
            "from",
            "Type a date as year-month-day, like 2026-11-21.",
            id="day-first",
        ),
        pytest.param(
            {"to": "2026-02-30"},
            "to",
            "Type a date as year-month-day, like 2026-11-21.",
            id="no-such-day",
        ),
        pytest.param(
            {"from": "2026-11-21", "to": "2026-11-01"},
            "to",
            "The range would end before it starts: pick a date on or after the 'from' date.",
            id="ends-before-it-starts",
        ),
    ],
)
def test_a_date_that_cannot_be_read_is_named_at_its_field_and_kept_as_typed(
    client, typed, field, message
):
    evening(client)

    page = client.get("/records/", query_string=typed)

    assert page.status_code == 422
    assert errors_at(page, field) == [message]
    for name, text in typed.items():
        assert shown_value(page, name) == text
    assert "could not be read, so every session counts" in page_text(page)


def test_a_date_range_counts_only_the_sessions_started_within_it(client, app):
    old = evening(client)
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Ann", bid=350, trump="D", outcome="made")  # 2 from each
    with app.app_context():
        db.session.get(GameSession, old).created_at -= timedelta(days=10)
        db.session.commit()
    since = (date.today() - timedelta(days=2)).isoformat()

    page = client.get("/records/", query_string={"from": since})

    bids = tables(page)[0]
    assert bids["Ann"] == ["1", "1", "1 100%", "0", "0"]
    assert bids["Bob"] == ["1", "0", "0", "0", "0"]
    assert shown_value(page, "from") == since


def test_a_stranger_has_no_record_page(client):
    evening(client)

    assert client.get("/records/9999").status_code == 404
    assert client.get("/records/9999/record.csv").status_code == 404


def test_the_records_download_as_csv(client):
    evening(client)

    response = client.get("/records/records.csv")

    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    rows = {
        row["player"]: row for row in csv.DictReader(io.StringIO(response.get_data(as_text=True)))
    }
    bob = rows["Bob"]
    assert (bob["game"], bob["declared"], bob["made"], bob["made %"]) == (
        "brooklyn",
        "2",
        "2",
        "100",
    )
    assert bob["made by bid range"] == "350–399: 1 of 1; 400–449: 1 of 1"
    assert bob["made by trump"] == "♠ spades: 1 of 1; ♥ hearts: 1 of 1"
    assert (bob["average meld"], bob["hands with meld"], bob["net money"]) == ("150.0", "1", "2.30")
    assert rows["Cal"]["net money"] == "-1.30"


def test_a_csv_asked_with_a_bad_date_leads_back_to_the_page(client):
    response = client.get("/records/records.csv", query_string={"from": "yesterday"})

    assert response.status_code == 302
    assert response.headers["Location"].endswith("/records/?from=yesterday&to=")


def test_the_home_page_the_roster_and_a_players_page_lead_to_the_records(client):
    evening(client)
    bob = player_ids(client)["Bob"]

    home = client.get("/")
    roster = client.get("/players/")
    player = client.get(f"/players/{bob}")

    assert "/records/" in [a.get("href") for a in parse(home).iter("a")]
    assert "/records/" in [a.get("href") for a in parse(roster).iter("a")]
    assert f"/records/{bob}" in [a.get("href") for a in parse(player).iter("a")]


def test_partners_and_head_to_head_are_shown_for_a_team_game(client):
    """Partnership to 500, game stake $1 (tests/settle_fixtures.py worked by hand): Ann & Cal
    make 300 spades (Ann bids) and 300 hearts (Cal bids) and win the game."""
    sid = new_session(
        client, "partnership", ["Ann", "Bob", "Cal", "Dee"], target=500, game_stake="1.00"
    )
    save_hand(
        client,
        sid,
        declarer="Ann",
        bid=300,
        trump="S",
        meld={"Ann": "150", "Cal": "40", "Bob": "20"},
        tricks=200,
    )
    save_hand(
        client,
        sid,
        declarer="Cal",
        bid=300,
        trump="H",
        meld={"Cal": "100", "Ann": "20"},
        tricks=190,
    )

    page = client.get("/records/")

    partners = tables(page)[-2]
    #                      hands bids made (share) set conceded games
    assert partners == {
        "Ann & Cal": ["2", "2", "2 100%", "0", "0", "1 of 1"],
        "Bob & Dee": ["2", "0", "0", "0", "0", "0 of 1"],
    }
    # Each bid made while both of the other team defended: declarer, defender, bids, made
    # (share), set, conceded.
    head = [
        [text_of(cell) for cell in row] for row in list(parse(page).iter("table"))[-1].find("tbody")
    ]
    assert head == [
        ["Ann", "Bob", "1", "1 100%", "0", "0"],
        ["Ann", "Dee", "1", "1 100%", "0", "0"],
        ["Cal", "Bob", "1", "1 100%", "0", "0"],
        ["Cal", "Dee", "1", "1 100%", "0", "0"],
    ]


def rating_section(page) -> str:
    """The words of the page's Rating section."""
    section = next(
        el for el in parse(page).iter("section") if "rating-summary" in el.get("class", "")
    )
    return text_of(section)


def test_a_players_page_says_they_are_not_rated_while_no_session_has_ended(client):
    evening(client)  # a chip session still going: nothing rated yet
    ann = player_ids(client)["Ann"]

    assert "Ann is not rated yet" in rating_section(client.get(f"/records/{ann}"))


def test_a_players_page_shows_the_rating_their_rating_page_shows(client):
    sid = evening(client)
    assert client.post(f"/s/{sid}/end").status_code == 302  # Bob +23, Cal -13, Ann -10
    ids = player_ids(client)
    for name in ("Ann", "Bob", "Cal"):
        on_record = facts(client.get(f"/records/{ids[name]}"))
        on_rating = facts(client.get(f"/ratings/{ids[name]}"))
        assert on_record["Rating"] == on_rating["Rating"]
        assert on_record["Games rated"] == "1"
    # Bob first, Ann second, Cal third in the one ended session: so in that order of rating.
    shown = {name: facts(client.get(f"/records/{ids[name]}"))["Rating"] for name in ids}
    ratings = {name: float(figure.replace("−", "-")) for name, figure in shown.items()}
    assert ratings["Bob"] > ratings["Ann"] > ratings["Cal"]
