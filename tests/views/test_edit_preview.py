"""The live preview of a correction uses the corrected hand's own seating, not the next hand's.

Brooklyn with four (Ann, Bob, Cal, Dee; Ann deals first): the player to the dealer's right
sits out, so Dee sits out hand 1 (Ann deals), Ann hand 2 (Bob deals) and Bob hand 3 (Cal
deals). Bob makes 350 in hearts in hand 1 (350 is worth 2 units in the Brooklyn schedule, so
he collects 2 from each of the three others).
"""

from __future__ import annotations

import pytest
from webhelpers import find_form, form_values, new_session, parse, player_ids, save_hand

FOUR = ["Ann", "Bob", "Cal", "Dee"]


@pytest.fixture
def evening(client):
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    save_hand(client, sid, declarer="Dee", bid=300, trump="S", outcome="made")
    return sid


def edit_form(client, sid, number, **changes) -> dict[str, str]:
    data = dict(
        form_values(
            find_form(parse(client.get(f"/s/{sid}/hands/{number}/edit")), form_id="hand-form")
        )
    )
    ids = player_ids(client)
    for name, value in changes.items():
        data[name] = str(ids[value]) if name == "declarer" else str(value)
    return data


def test_the_edit_page_previews_against_its_own_hand(client, evening):
    page = parse(client.get(f"/s/{evening}/hands/1/edit"))
    assert (
        find_form(page, form_id="hand-form")
        .get("data-preview-url")
        .endswith(f"/s/{evening}/preview?hand=1")
    )


def test_a_correction_of_hand_1_accepts_bob_who_sits_out_the_next_hand(client, evening):
    # Bob sits out hand 3 (Cal deals), but he played hand 1: the correction is checked there.
    data = edit_form(client, evening, 1, bid=360)
    answer = client.post(f"/s/{evening}/preview?hand=1", data=data).get_json()
    assert answer["ok"], answer
    assert answer["text"].startswith("Bob makes 360")
    assert "collects 2 units from each player" in answer["text"]


def test_the_next_hands_preview_still_refuses_bob(client, evening):
    data = edit_form(client, evening, 1)
    data.pop("version", None)
    answer = client.post(f"/s/{evening}/preview", data=data).get_json()
    assert not answer["ok"]
    assert answer["field"] == "declarer"


def test_a_correction_naming_someone_who_sat_that_hand_out_is_refused_with_that_hand(
    client, evening
):
    # Dee sat out hand 1 (Ann dealt; Dee is to her right), though she plays the next hand.
    data = edit_form(client, evening, 1)
    data["declarer"] = str(player_ids(client)["Dee"])
    answer = client.post(f"/s/{evening}/preview?hand=1", data=data).get_json()
    assert not answer["ok"]
    assert answer["field"] == "declarer"


def test_a_preview_of_a_hand_that_does_not_exist_is_a_404(client, evening):
    data = edit_form(client, evening, 1)
    assert client.post(f"/s/{evening}/preview?hand=9", data=data).status_code == 404
