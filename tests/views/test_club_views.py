"""A club night on the pages: a night started (its settings refused field by field), players
added, a round paired with a session at each card table, a table's hand entered on its own
session page and seen on the organiser's page, the live fragment, the results PDF and the
score cards. Figures by hand: fixed partners (KCMO), Ann & Bob against Cal & Dee; Ann bids
250 in hearts, melds 300 and her side takes 200: 500, the round's points, so Ann & Bob win
500 to 50 (Cal & Dee take the other 50)."""

from __future__ import annotations

import re

from pdftext import pages_text
from webhelpers import CLUB_NIGHT, classes, errors_at, page_text, parse, save_hand, text_of

NIGHT = CLUB_NIGHT
TEAMS = [("Ann", 1), ("Bob", 1), ("Cal", 2), ("Dee", 2)]


def start_night(client, **changes):
    made = client.post("/club/new", data={**NIGHT, **changes})
    assert made.status_code == 302, page_text(made)
    return made.headers["Location"]


def add_players(client, url, players=TEAMS):
    for name, team in players:
        team_field = {} if team is None else {"team": str(team)}
        added = client.post(f"{url}/players", data={"name": name, **team_field})
        assert added.status_code == 302, page_text(added)


def paired_night(client):
    url = start_night(client)
    add_players(client, url)
    assert client.post(f"{url}/rounds").status_code == 302
    page = client.get(url)
    session_id = int(re.search(r'href="/s/(\d+)"', page.text).group(1))
    return url, session_id


def rows(page, css_class):
    """The cells of each body row of the page's tables of ``css_class``."""
    return [
        [text_of(td) for td in tr.iter("td")]
        for table in parse(page).iter("table")
        if css_class in classes(table)
        for tr in table.iter("tr")
        if list(tr.iter("td"))
    ]


def test_a_new_night_shows_each_problem_at_its_field(client):
    refused = client.post(
        "/club/new", data={**NIGHT, "name": " ", "table_size": "four", "rounds": "0"}
    )
    assert refused.status_code == 422
    assert errors_at(refused, "table_size") == [
        "Players a table must be a whole number, not 'four'."
    ]

    refused = client.post("/club/new", data={**NIGHT, "name": " ", "rounds": "0", "minutes": "2"})
    assert refused.status_code == 422
    assert errors_at(refused, "name") == ["A club night needs a name."]
    assert errors_at(refused, "rounds") == ["A night has 1 to 20 rounds."]
    assert errors_at(refused, "minutes") == ["A round lasts 5 to 240 minutes."]


def test_a_round_pairs_the_teams_and_the_table_enters_its_own_hands(client):
    url, session_id = paired_night(client)
    save_hand(
        client, session_id, declarer="Ann", bid=250, trump="H", meld={"Ann": "300"}, tricks=200
    )

    page = client.get(url)
    assert "Table 1 · 1 hand · game over" in page_text(page)
    assert rows(page, "club-table") == [["Ann & Bob · won", "500"], ["Cal & Dee", "50"]]
    assert "Standings after round 1" in page_text(page)
    assert rows(page, "club-standings") == [
        ["1", "Ann & Bob", "1", "0", "500"],
        ["2", "Cal & Dee", "0", "1", "50"],
    ]


def test_a_round_that_cannot_be_paired_says_why_by_the_button(client):
    url = start_night(client, byes="", movement="swiss")
    add_players(client, url, [(name, None) for name in ("Ann", "Bob", "Cal", "Dee", "Eve")])

    refused = client.post(f"{url}/rounds")
    assert refused.status_code == 422
    assert "5 players cannot fill tables of 4 without 1 bye: allow byes." in page_text(refused)


def test_the_live_fragment_is_not_sent_again_while_nothing_changed(client):
    url, session_id = paired_night(client)
    first = client.get(f"{url}/live")
    assert first.status_code == 200 and "Table 1" in first.text
    again = client.get(f"{url}/live", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304

    save_hand(
        client, session_id, declarer="Cal", bid=250, trump="S", meld={"Cal": "20"}, tricks=100
    )
    changed = client.get(f"{url}/live", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and "1 hand" in changed.text


def test_settings_change_keeps_the_tables_hands(client):
    url, session_id = paired_night(client)
    save_hand(
        client, session_id, declarer="Cal", bid=250, trump="S", meld={"Cal": "20"}, tricks=100
    )

    refused = client.post(f"{url}/settings", data={**NIGHT, "table_size": "6", "team_size": "3"})
    assert refused.status_code == 422
    assert errors_at(refused, "table_size")[0].startswith("Round 1 is paired")

    saved = client.post(f"{url}/settings", data={**NIGHT, "rounds": "3", "ranking": "plain"})
    assert saved.status_code == 302
    text = page_text(client.get(url))
    assert "3 rounds of 50 minutes or 500 points" in text and "Table 1 · 1 hand" in text


def test_the_results_and_the_score_cards_print(client):
    url, session_id = paired_night(client)
    cards = client.get(f"{url}/rounds/1/cards.pdf")
    assert cards.mimetype == "application/pdf"
    (card,) = pages_text(cards.data)
    assert (
        "Round 1 · Table 1" in card and "Team 1: Ann & Bob" in card and "Team 2: Cal & Dee" in card
    )
    assert f"/s/{session_id}" in card
    assert client.get(f"{url}/rounds/2/cards.pdf").status_code == 404

    save_hand(
        client, session_id, declarer="Ann", bid=250, trump="H", meld={"Ann": "300"}, tricks=200
    )
    results = pages_text(client.get(f"{url}/results.pdf").data)
    assert "Standings after round 1" in results[0]
    assert "1 Ann & Bob 1 0 0 500" in results[0]


def test_the_night_page_links_each_table_for_its_phones(client):
    url, session_id = paired_night(client)
    tree = parse(client.get(url))
    links = [a.get("href") for a in tree.iter("a")]
    assert f"/s/{session_id}" in links
    assert "/club/" in [a.get("href") for a in parse(client.get("/")).iter("a")]


def test_the_organiser_takes_a_player_off_the_night(client):
    url = start_night(client)
    add_players(client, url)
    page = client.get(url)
    remove = next(
        f.get("action") for f in parse(page).iter("form") if f.get("action", "").endswith("/remove")
    )
    assert client.post(remove).status_code == 302
    text = page_text(client.get(url))
    assert "Ann is off the night" in text and "Playing (2)" in text
