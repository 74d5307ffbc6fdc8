"""A side's meld saved through the API under any member of the team opens in its correction form.

The API takes a side's meld (``mode: "side"``) under whichever partner the phone names; the hand
form types it under the team's first player. A double-deck hand whose side meld was saved under
Dan (seat 4, the second player of Bob & Dan) once failed its correction page with a 500.
"""

from __future__ import annotations

import re

API = "/api/v1/sessions"


def test_a_side_meld_saved_under_the_second_partner_opens_in_the_correction_form(client):
    made = client.post(API, json={"system": "double-deck", "players": ["Ann", "Bob", "Cal", "Dan"]})
    assert made.status_code == 201, made.get_json()
    session = made.get_json()
    ids = {p["name"]: p["id"] for p in session["players"]}
    body = {
        "declarer_id": ids["Bob"],
        "bid": 50,
        "trump": "H",
        "melds": [
            {"player_id": ids["Dan"], "mode": "side", "text": "25"},
            {"player_id": ids["Cal"], "mode": "side", "text": "20"},
        ],
        "tricks": 30,
    }
    saved = client.post(f"{API}/{session['id']}/hands", json=body)
    assert saved.status_code == 201, saved.get_json()

    page = client.get(f"/s/{session['id']}/hands/1/edit")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    # each side's figure is in its team's one box, under the team's first player
    assert re.search(rf'name="meld-side-{ids["Bob"]}" value="25"', html)
    assert re.search(rf'name="meld-side-{ids["Ann"]}" value="20"', html)
