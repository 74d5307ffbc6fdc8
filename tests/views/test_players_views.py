"""The roster page with its statistics and charts, adding a player, and one player's page."""

from __future__ import annotations

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
)


def stats_table(page) -> dict[str, list[str]]:
    """The roster table: name -> [declared, made, set, avg meld, biggest]."""
    tree = parse(page)
    return table_rows(next(t for t in tree.iter("table") if "stats" in (t.get("class") or "")))


def charts(page) -> list[str]:
    tree = parse(page)
    return [svg.get("aria-label") for svg in tree.iter() if svg.tag.endswith("svg")]


def evening(client) -> int:
    """Brooklyn for Ann, Bob and Cal: Bob makes 350 (150 meld + 200 tricks), Cal is set at
    300 with 100 meld, Bob makes 400 in spades, Ann concedes 300."""
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", meld="150", tricks=200)
    save_hand(client, sid, declarer="Cal", bid=300, trump="H", outcome="set", meld="100")
    save_hand(client, sid, declarer="Bob", bid=400, trump="S", outcome="made")
    save_hand(client, sid, declarer="Ann", bid=300, trump="C", outcome="conceded")
    return sid


def test_an_empty_roster_says_how_players_arrive(client):
    response = client.get("/players/")

    assert response.status_code == 200
    assert "Nobody on the roster yet." in page_text(response)


def test_the_roster_shows_each_players_plain_statistics(client):
    evening(client)

    rows = stats_table(client.get("/players/"))

    #              declared made set avg-meld biggest
    assert rows == {
        "Ann": ["1", "0", "1", "—", "—"],  # a concession counts as set
        "Bob": ["2", "2", "0", "150", "400"],
        "Cal": ["1", "0", "1", "100", "—"],
    }


def test_the_roster_charts_running_scores(client):
    evening(client)

    page = client.get("/players/")

    labels = charts(page)
    assert len(labels) == 1
    assert labels[0].startswith("Brooklyn (chips), ")
    # Four hands charted; end labels carry each balance as a signed figure
    # (Ann -2 +2 -8 -2 = -10, written with a real minus sign).
    text = page_text(page)
    assert "hand 4" in text
    assert "Ann −10" in text


def test_a_player_is_added_to_the_roster(client):
    response = client.post("/players/", data={"name": "  Zed   Zebra "})

    assert response.status_code == 302
    page = client.get("/players/")
    assert "Zed Zebra joins the roster." in page_text(page)
    assert stats_table(page) == {"Zed Zebra": ["0", "0", "0", "—", "—"]}


def test_a_name_already_on_the_roster_is_refused_next_to_the_field(client):
    new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    response = client.post("/players/", data={"name": "bob"})

    assert response.status_code == 422
    assert errors_at(response, "name") == ["Bob is already on the roster."]
    assert shown_value(response, "name") == "bob"
    assert sorted(player_ids(client)) == ["Ann", "Bob", "Cal"]


def test_an_empty_name_is_refused(client):
    response = client.post("/players/", data={"name": "   "})

    assert response.status_code == 422
    assert errors_at(response, "name") == ["A player needs a name."]
    assert player_ids(client) == {}


def test_a_name_too_long_is_refused(client):
    response = client.post("/players/", data={"name": "x" * 41})

    assert response.status_code == 422
    assert errors_at(response, "name") == ["A name is at most 40 characters."]


def test_a_players_page_shows_their_statistics_and_charts_with_their_line(client):
    evening(client)
    bob = player_ids(client)["Bob"]

    page = client.get(f"/players/{bob}")

    assert page.status_code == 200
    assert facts(page) == {
        "Sessions": "1",
        "Hands dealt in": "4",
        "Declared": "2",
        "Made": "2 (100%)",
        "Set": "0",
        "Average meld": "150",
        "Biggest bid made": "400",
        "Games won": "0",
    }
    assert len(charts(page)) == 1
    # Bob's balance after four hands: +4 (350: 2 from each of two), +2 (Cal set at 300 pays 2),
    # +16 (400 in spades: 4 x 2 = 8 from each), +1 (Ann concedes 300, pays 1): 23.
    assert "Bob +23" in page_text(page)


def test_a_bison_winner_has_a_game_won(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"], target="500")
    save_hand(
        client, sid, declarer="Cal", bid=250, trump="D", meld={"Cal": "1500"},
        takes={"Ann": 0, "Bob": 0, "Cal": 24}, last_trick="Cal",
    )  # fmt: skip

    page = client.get(f"/players/{player_ids(client)['Cal']}")

    assert facts(page)["Games won"] == "1"
    assert facts(page)["Average meld"] == "1500"
    assert charts(page)[0].endswith(", game 1")


def test_a_player_who_never_played_has_no_charts(client):
    client.post("/players/", data={"name": "Zed"})

    page = client.get(f"/players/{player_ids(client)['Zed']}")

    assert facts(page)["Sessions"] == "0"
    assert "No hands played yet." in page_text(page)


def test_an_unknown_player_is_a_404(client):
    assert client.get("/players/4242").status_code == 404
