"""The player's page sets the short name a said line reads them by (issue 29): saved and said
back, refused next to its field with what was typed kept, and read by the line box."""

from __future__ import annotations

from webhelpers import errors_at, new_session, page_text, player_ids, shown_value


def test_a_short_name_saved_is_said_back_and_shown_in_its_field(client):
    new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    rob = player_ids(client)["Robert"]
    answer = client.post(f"/players/{rob}", data={"short_name": " Bob "})
    assert answer.status_code == 302 and answer.location.endswith(f"/players/{rob}")
    page = client.get(f"/players/{rob}")
    assert "Saved: Robert is said as Bob too." in page_text(page)
    assert shown_value(page, "short_name") == "Bob"


def test_a_short_name_taken_away_says_so(client):
    new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    rob = player_ids(client)["Robert"]
    client.post(f"/players/{rob}", data={"short_name": "Bob"})
    client.post(f"/players/{rob}", data={"short_name": ""})
    page = client.get(f"/players/{rob}")
    assert "Saved: Robert has no short name." in page_text(page)
    assert shown_value(page, "short_name") == ""


def test_another_players_name_is_refused_next_to_the_field_and_kept_as_typed(client):
    new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    ann = player_ids(client)["Ann"]
    page = client.post(f"/players/{ann}", data={"short_name": "cy"})
    assert page.status_code == 422
    assert errors_at(page, "short_name") == [
        "The short name cy is Cy's name: it must be nobody else's."
    ]
    assert shown_value(page, "short_name") == "cy"
    assert shown_value(client.get(f"/players/{ann}"), "short_name") == ""  # nothing saved


def test_a_short_name_over_forty_characters_is_refused_by_the_form(client):
    new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    rob = player_ids(client)["Robert"]
    page = client.post(f"/players/{rob}", data={"short_name": "B" * 41})
    assert page.status_code == 422
    assert errors_at(page, "short_name") == ["A name is at most 40 characters."]


def test_no_such_player_is_the_404_page(client):
    new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    assert client.post("/players/999", data={"short_name": "Bob"}).status_code == 404


def test_the_line_box_reads_the_short_name_the_table_set(client):
    sid = new_session(client, "brooklyn", ["Robert", "Ann", "Cy"])
    rob = player_ids(client)["Robert"]
    client.post(f"/players/{rob}", data={"short_name": "Bob"})
    page = client.post(f"/s/{sid}/hands", data={"action": "read", "line": "Bob 350 spades made"})
    assert shown_value(page, "declarer") == str(rob)
    assert shown_value(page, "trump") == "S"
