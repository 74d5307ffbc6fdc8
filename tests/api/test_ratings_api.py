"""Ratings through the JSON API: the figures as numbers rounded to 3 places, player ids as
``player_id``, kebab-case kinds, ETags for polling, and a missing player as a 404 problem."""

from __future__ import annotations

from scorekeeper.services.history.ratings import MODEL

from .calls import API, start

THREE = ["Ann", "Bob", "Cal"]


def ended_brooklyn(api):
    """Brooklyn for Ann, Bob and Cal, one hand, ended: Bob makes 400 in hearts and collects 4
    chips from each. Nets Bob +8, Ann -4, Cal -4: Bob 1st, Ann and Cal share 2nd."""
    session = start(api, "brooklyn", THREE)
    session.save(declarer="Bob", bid=400, trump="H", outcome="made")
    assert api.patch(session.url, json={"ended": True}).status_code == 200
    return session


def test_every_players_rating_as_numbers_highest_first(api):
    session = ended_brooklyn(api)
    teams = [[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]]
    [[bob], [ann], [_cal]] = MODEL.rate(teams, ranks=[1, 2, 2])
    api.post(f"{API}/sessions", json={"system": "brooklyn", "players": [*THREE, "Dee"]})

    response = api.get(f"{API}/ratings")

    assert response.status_code == 200
    body = response.get_json()
    assert body["game_count"] == 1
    rows = body["ratings"]
    assert [(r["name"], r["status"]) for r in rows] == [
        ("Bob", "rated"), ("Ann", "rated"), ("Cal", "rated"), ("Dee", "not-rated-yet"),
    ]  # fmt: skip
    assert rows[0] == {
        "player_id": session.ids["Bob"],
        "name": "Bob",
        "status": "rated",
        "mu": round(bob.mu, 3),
        "sigma": round(bob.sigma, 3),
        "ordinal": round(bob.ordinal(), 3),
        "game_count": 1,
        "last_change": round(bob.ordinal(), 3),  # from 0, every newcomer's ordinal
    }
    assert rows[1]["mu"] == round(ann.mu, 3) == rows[2]["mu"]
    assert rows[3] == {
        "player_id": rows[3]["player_id"], "name": "Dee", "status": "not-rated-yet",
        "mu": None, "sigma": None, "ordinal": None, "game_count": 0, "last_change": None,
    }  # fmt: skip


def test_the_ratings_are_tagged_for_polling(api):
    ended_brooklyn(api)
    etag = api.get(f"{API}/ratings").headers["ETag"]

    assert api.get(f"{API}/ratings", headers={"If-None-Match": etag}).status_code == 304


def test_a_players_rating_with_its_history_and_chances(api):
    session = ended_brooklyn(api)
    teams = [[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]]
    [[bob], [ann], [_cal]] = MODEL.rate(teams, ranks=[1, 2, 2])
    ann_ahead_of_bob = MODEL.predict_win([[ann], [bob]])[0]

    response = api.get(f"{API}/ratings/{session.ids['Ann']}")

    assert response.status_code == 200
    assert response.headers["ETag"]
    body = response.get_json()
    assert body["status"] == "rated"
    [game] = body["history"]
    assert game == {
        "session_id": session.id,
        "game": None,
        "kind": "chip-session",
        "title": game["title"],
        "side": {"kind": "player", "name": "Ann", "player_ids": [session.ids["Ann"]]},
        "place": 2,
        "side_count": 3,
        "shared": True,
        "chance": round(1 / 3, 3),  # three newcomers
        "mu": round(ann.mu, 3),
        "sigma": round(ann.sigma, 3),
        "ordinal": round(ann.ordinal(), 3),
        "change": round(ann.ordinal(), 3),
    }
    assert game["title"].startswith("Brooklyn (chips), ")
    assert body["chances"][0] == {
        "player_id": session.ids["Bob"],
        "name": "Bob",
        "chance": round(ann_ahead_of_bob, 3),
        "text": f"about {round(100 * ann_ahead_of_bob)}% to finish ahead of Bob",
    }
    assert [c["name"] for c in body["chances"]] == ["Bob", "Cal"]


def test_a_player_the_table_does_not_have_is_a_404_problem(api):
    response = api.get(f"{API}/ratings/4242")

    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["detail"] == "No player 4242 at this table."


def test_the_ratings_come_a_page_at_a_time(api):
    ended_brooklyn(api)
    api.post(f"{API}/sessions", json={"system": "brooklyn", "players": [*THREE, "Dee"]})

    first = api.get(f"{API}/ratings?limit=2")
    body = first.get_json()
    assert [r["name"] for r in body["ratings"]] == ["Bob", "Ann"]
    assert body["next_cursor"]
    assert 'rel="next"' in first.headers["Link"]
    second = api.get(f"{API}/ratings", query_string={"limit": 2, "cursor": body["next_cursor"]})
    assert [r["name"] for r in second.get_json()["ratings"]] == ["Cal", "Dee"]
    assert second.get_json()["next_cursor"] is None


def test_a_cursor_not_of_the_ratings_is_refused(api):
    response = api.get(f"{API}/ratings", query_string={"cursor": "made-up"})

    assert response.status_code == 400
    assert response.get_json()["errors"][0]["field"] == "cursor"
