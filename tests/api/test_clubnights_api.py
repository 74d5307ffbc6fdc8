"""A club night through the JSON API alone: the night worked by hand in the docstring of
tests/services/test_clubnights.py, its hands entered at each table's session and its rounds
paired, changed and called through the API.

Round 1, rotating partners: Ann & Bob beat Cal & Dee 500 to 50 (Ann bids 250 in hearts, melds
300 and her side takes 200 in tricks: the round's 500 reached); at table 2 time is called with
Eve & Fay ahead of Gus & Hal 250 to 160 (Eve melds 100 and takes 150 on a bid of 250; Gus
melds 60 and his side takes 100). Changed to Swiss, round 2 pairs Ann & Cal v Eve & Gus and
Bob & Dee v Fay & Hal.

KCMO's bye: with Ivy as a ninth player under Swiss, Ivy (last to join) has round 1's bye and
scores the round's average winning score, (500 + 250) / 2 = 375, with a win.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from hostedhelpers import hosted_app, start_table
from webhelpers import dispose

from scorekeeper.rules.club.settings import Movement

from .calls import API

NIGHTS = f"{API}/club-nights"
PLAYERS = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
ROTATING = {"name": "Thursday club", "system": "partnership", "movement": "rotating"}


def create(api: FlaskClient, body: dict | None = None, **headers: str) -> dict:
    made = api.post(NIGHTS, json=body or ROTATING, headers=headers)
    assert made.status_code == 201, made.get_json()
    return made.get_json()


def night_with(api: FlaskClient, players: list[str], body: dict | None = None) -> dict:
    night = create(api, body)
    for name in players:
        added = api.post(f"{NIGHTS}/{night['id']}/entrants", json={"name": name})
        assert added.status_code == 201, added.get_json()
        night = added.get_json()
    return night


def ids(night: dict) -> dict[str, int]:
    return {e["name"]: e["player_id"] for e in night["entrants"]}


def names(night: dict, player_ids: list[int]) -> list[str]:
    by_id = {v: k for k, v in ids(night).items()}
    return [by_id[p] for p in player_ids]


def pair(api: FlaskClient, night: dict) -> dict:
    paired = api.post(f"{NIGHTS}/{night['id']}/rounds")
    assert paired.status_code == 201, paired.get_json()
    return paired.get_json()


def teams(night: dict, number: int) -> list[list[list[str]]]:
    """Each table's sides of round ``number``, by name."""
    tables = night["rounds"][number - 1]["tables"]
    return [[names(night, side["player_ids"]) for side in t["sides"]] for t in tables]


def seated(api: FlaskClient, session_id: int) -> dict[str, int]:
    session = api.get(f"{API}/sessions/{session_id}").get_json()
    return {p["name"]: p["id"] for p in session["players"]}


def play_round_1(api: FlaskClient, night: dict) -> dict:
    """The hands of round 1 (see the module's docstring), entered at each table's session,
    then time called."""
    one, two = (t["session_id"] for t in night["rounds"][0]["tables"])
    p = seated(api, one)
    hand = {"declarer_id": p["Ann"], "bid": 250, "trump": "H", "tricks": 200,
            "melds": [{"player_id": p["Ann"], "text": "300"}]}  # fmt: skip
    assert api.post(f"{API}/sessions/{one}/hands", json=hand).status_code == 201
    q = seated(api, two)
    hand = {"declarer_id": q["Eve"], "bid": 250, "trump": "S", "tricks": 150,
            "melds": [{"player_id": q["Eve"], "text": "100"},
                      {"player_id": q["Gus"], "text": "60"}]}  # fmt: skip
    assert api.post(f"{API}/sessions/{two}/hands", json=hand).status_code == 201
    called = api.post(f"{NIGHTS}/{night['id']}/call-time")
    assert called.status_code == 200, called.get_json()
    return called.get_json()


def standings(night: dict, round_number: int) -> list[tuple]:
    after = {a["round_number"]: a["standings"] for a in night["after_rounds"]}[round_number]
    return [
        (s["rank"], s["names"], s["win_count"], s["loss_count"], s["bye_count"], s["points"])
        for s in after
    ]


def refusal(answer) -> tuple[int, str, list[tuple[str, str]]]:
    problem = answer.get_json()
    assert answer.content_type == "application/problem+json"
    return (
        answer.status_code,
        problem["code"],
        [(e["field"], e["message"]) for e in problem["errors"]],
    )


def test_a_club_night_worked_by_hand_through_the_api(api):
    night = night_with(api, PLAYERS)
    assert night["settings"] == {
        "system": "partnership", "table_size": 4, "team_size": 2, "round_count": 8,
        "minutes": 50, "points": 500, "movement": "rotating", "byes_allowed": True,
        "ranking": "kcmo",
    }  # fmt: skip
    night = pair(api, night)
    assert teams(night, 1) == [
        [["Ann", "Bob"], ["Cal", "Dee"]],
        [["Eve", "Fay"], ["Gus", "Hal"]],
    ]
    first = night["rounds"][0]["tables"][0]["session_id"]
    assert list(seated(api, first)) == ["Ann", "Cal", "Bob", "Dee"]  # partners across
    assert night["next_round"] is None
    assert night["why_not"] == "Round 1 is still being played: finish it or call time."

    night = play_round_1(api, night)
    one, two = night["rounds"][0]["tables"]
    assert [(s["names"], s["score"], s["won"]) for s in one["sides"]] == [
        ("Ann & Bob", 500, True),
        ("Cal & Dee", 50, False),
    ]
    assert (one["finished"], two["finished"], two["hand_count"], two["decided"]) == (
        True, False, 1, True,
    )  # fmt: skip
    assert [(s["names"], s["score"]) for s in two["sides"]] == [
        ("Eve & Fay", 250), ("Gus & Hal", 160),
    ]  # fmt: skip
    assert standings(night, 1) == [
        (1, "Ann", 1, 0, 0, 500), (1, "Bob", 1, 0, 0, 500),
        (3, "Eve", 1, 0, 0, 250), (3, "Fay", 1, 0, 0, 250),
        (5, "Gus", 0, 1, 0, 160), (5, "Hal", 0, 1, 0, 160),
        (7, "Cal", 0, 1, 0, 50), (7, "Dee", 0, 1, 0, 50),
    ]  # fmt: skip
    assert night["next_round"] == 2

    etag = api.get(f"{NIGHTS}/{night['id']}").headers["ETag"]
    changed = api.patch(
        f"{NIGHTS}/{night['id']}",
        json={"movement": "swiss", "points": 400, "round_count": 3},
        headers={"If-Match": etag},
    )
    assert changed.status_code == 200, changed.get_json()
    night = changed.get_json()
    assert (night["settings"]["movement"], night["settings"]["points"]) == ("swiss", 400)
    assert night["settings"]["round_count"] == 3 and night["settings"]["minutes"] == 50
    assert standings(night, 1)[0] == (1, "Ann", 1, 0, 0, 500)  # every hand kept
    assert api.get(f"{API}/sessions/{first}").get_json()["options"]["target"] == 500

    night = pair(api, night)
    assert teams(night, 2) == [
        [["Ann", "Cal"], ["Eve", "Gus"]],
        [["Bob", "Dee"], ["Fay", "Hal"]],
    ]
    later = night["rounds"][1]["tables"][0]["session_id"]
    assert api.get(f"{API}/sessions/{later}").get_json()["options"]["target"] == 400


def test_a_bye_scores_the_round_s_average_winning_score(api):
    night = night_with(api, [*PLAYERS, "Ivy"], {**ROTATING, "movement": "swiss"})
    night = pair(api, night)
    assert [b["names"] for b in night["rounds"][0]["byes"]] == ["Ivy"]
    assert names(night, night["rounds"][0]["byes"][0]["player_ids"]) == ["Ivy"]

    night = play_round_1(api, night)
    assert standings(night, 1)[:5] == [
        (1, "Ann", 1, 0, 0, 500), (1, "Bob", 1, 0, 0, 500), (3, "Ivy", 1, 0, 1, 375),
        (4, "Eve", 1, 0, 0, 250), (4, "Fay", 1, 0, 0, 250),
    ]  # fmt: skip
    night = pair(api, night)
    assert [b["names"] for b in night["rounds"][1]["byes"]] == ["Dee"]


@pytest.mark.parametrize(
    ("body", "refused"),
    [
        pytest.param(
            {"name": "  ", "system": "partnership", "round_count": 0, "minutes": 1},
            [("name", "name: A club night needs a name."),
             ("round_count", "round_count: A night has 1 to 20 rounds."),
             ("minutes", "minutes: A round lasts 5 to 240 minutes.")],
            id="name-rounds-minutes",
        ),
        pytest.param(
            {"name": "Chips", "system": "brooklyn"},
            [("system", "system: A club night ranks on points: Brooklyn (chips) is played for "
              "chips; choose a game played to a score.")],
            id="chip-game",
        ),
        pytest.param(
            {"name": "Big", "system": "partnership", "table_size": 9},
            [("table_size", "table_size: A table seats 2 to 8 players.")],
            id="table-of-nine",
        ),
        pytest.param(
            {"name": "Odd", "system": "partnership", "table_size": 5},
            [("team_size", "team_size: Teams of 2 cannot fill a table of 5 with two sides or "
              "more.")],
            id="teams-that-do-not-fill",
        ),
        pytest.param(
            {"name": "Endless", "system": "partnership", "minutes": None, "points": None},
            [("minutes", "minutes: A round needs a limit: minutes, points or both.")],
            id="no-limit",
        ),
        pytest.param(
            {"name": "Alone", "system": "cutthroat", "table_size": 3, "team_size": 1,
             "movement": "rotating"},
            [("movement", "movement: Rotating partners needs partners: choose teams of 2 or "
              "more.")],
            id="rotating-alone",
        ),
        pytest.param(
            {"name": "Short", "system": "partnership", "points": 10},
            [("points", "points: A round plays to 50 to 100000 points.")],
            id="points-too-few",
        ),
    ],
)  # fmt: skip
def test_a_new_night_is_refused_at_each_field_in_the_projects_words(api, body, refused):
    answer = api.post(NIGHTS, json=body)
    assert refusal(answer) == (422, "rule-broken", refused)
    assert api.get(NIGHTS).get_json()["club_nights"] == []


def test_a_setting_of_the_wrong_shape_is_refused_by_its_name(api):
    answer = api.post(NIGHTS, json={**ROTATING, "movement": "shuffle", "rounds": 3})
    status, code, errors = refusal(answer)
    assert (status, code) == (422, "invalid-request")
    assert [field for field, _ in errors] == ["movement", "rounds"]


def test_the_tables_cannot_change_once_round_1_is_paired(api):
    night = pair(api, night_with(api, PLAYERS))
    answer = api.patch(f"{NIGHTS}/{night['id']}", json={"table_size": 6, "team_size": 3})
    rule = "Round 1 is paired: the game and the tables stay as they are (partnership, 4 a table "
    rule += "in teams of 2)."
    assert refusal(answer) == (
        422, "rule-broken",
        [("table_size", f"table_size: {rule}"), ("team_size", f"team_size: {rule}")],
    )  # fmt: skip
    answer = api.patch(f"{NIGHTS}/{night['id']}", json={"round_count": 0})
    assert refusal(answer)[2] == [
        ("round_count", "round_count: 1 round is paired already: the night has at least that many.")
    ]
    assert api.get(f"{NIGHTS}/{night['id']}").get_json()["settings"]["table_size"] == 4


def test_a_player_playing_already_is_refused_at_the_name(api):
    night = night_with(api, ["Ann"])
    answer = api.post(f"{NIGHTS}/{night['id']}/entrants", json={"name": " ann "})
    assert refusal(answer) == (
        422,
        "rule-broken",
        [("name", "name: Ann is playing tonight already.")],
    )


def test_a_round_that_cannot_be_paired_is_refused_with_the_reason(api):
    night = night_with(
        api, [*PLAYERS, "Ivy"], {**ROTATING, "movement": "swiss", "byes_allowed": False}
    )
    answer = api.post(f"{NIGHTS}/{night['id']}/rounds")
    assert refusal(answer) == (422, "rule-broken", [])
    assert answer.get_json()["detail"] == (
        "9 players cannot fill tables of 4 without 1 bye: allow byes."
    )
    assert api.get(f"{NIGHTS}/{night['id']}").get_json()["rounds"] == []


def test_a_round_still_being_played_and_time_without_a_round_are_refused(api):
    night = night_with(api, PLAYERS)
    called = api.post(f"{NIGHTS}/{night['id']}/call-time")
    assert refusal(called) == (422, "rule-broken", [])
    assert called.get_json()["detail"] == "No round is being played."
    pair(api, night)
    again = api.post(f"{NIGHTS}/{night['id']}/rounds")
    assert again.get_json()["detail"] == "Round 1 is still being played: finish it or call time."


def test_a_player_taken_off_before_playing_is_forgotten_and_after_playing_leaves(api):
    night = night_with(api, [*PLAYERS, "Ivy"])
    ivy = ids(night)["Ivy"]
    gone = api.delete(f"{NIGHTS}/{night['id']}/entrants/{ivy}")
    assert gone.status_code == 200
    assert "Ivy" not in ids(gone.get_json())
    night = pair(api, gone.get_json())
    hal = ids(night)["Hal"]
    left = api.delete(f"{NIGHTS}/{night['id']}/entrants/{hal}").get_json()
    assert [(e["name"], e["left_after"]) for e in left["entrants"]][-1] == ("Hal", 1)
    assert left["entrant_count"] == 7
    again = api.delete(f"{NIGHTS}/{night['id']}/entrants/{hal}")
    assert refusal(again)[:2] == (404, "not-found")


def test_a_change_based_on_a_stale_version_is_refused_and_changes_nothing(api):
    night = night_with(api, ["Ann"])
    stale = api.get(f"{NIGHTS}/{night['id']}").headers["ETag"]
    api.post(f"{NIGHTS}/{night['id']}/entrants", json={"name": "Bob"})
    current = api.get(f"{NIGHTS}/{night['id']}")

    answer = api.patch(
        f"{NIGHTS}/{night['id']}", json={"round_count": 3}, headers={"If-Match": stale}
    )
    assert refusal(answer)[:2] == (412, "stale-club-night")
    assert answer.headers["ETag"] == current.headers["ETag"]
    assert api.get(f"{NIGHTS}/{night['id']}").get_json()["settings"]["round_count"] == 8
    removed = api.delete(f"{NIGHTS}/{night['id']}/entrants/1", headers={"If-Match": stale})
    assert refusal(removed)[:2] == (412, "stale-club-night")

    fresh = api.patch(
        f"{NIGHTS}/{night['id']}",
        json={"round_count": 3},
        headers={"If-Match": current.headers["ETag"]},
    )
    assert fresh.status_code == 200
    assert fresh.headers["ETag"] == api.get(f"{NIGHTS}/{night['id']}").headers["ETag"]
    unchanged = api.get(f"{NIGHTS}/{night['id']}", headers={"If-None-Match": fresh.headers["ETag"]})
    assert unchanged.status_code == 304


def test_a_night_is_created_once_per_idempotency_key(api):
    first = api.post(NIGHTS, json=ROTATING, headers={"Idempotency-Key": "thursday-1"})
    again = api.post(NIGHTS, json=ROTATING, headers={"Idempotency-Key": "thursday-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["id"] == first.get_json()["id"]
    assert (
        again.headers["Location"]
        == first.headers["Location"]
        == f"{NIGHTS}/{first.get_json()['id']}"
    )
    other = api.post(
        NIGHTS, json={**ROTATING, "round_count": 4}, headers={"Idempotency-Key": "thursday-1"}
    )
    assert refusal(other) == (
        422, "idempotency-key-reused",
        [("Idempotency-Key", "Idempotency-Key: used for another club night.")],
    )  # fmt: skip
    assert len(api.get(NIGHTS).get_json()["club_nights"]) == 1


def test_a_player_is_added_and_a_round_paired_once_per_idempotency_key(api):
    night = night_with(api, PLAYERS[:3])
    url = f"{NIGHTS}/{night['id']}"
    key = {"Idempotency-Key": "dee-joins"}
    first = api.post(f"{url}/entrants", json={"name": "Dee"}, headers=key)
    again = api.post(f"{url}/entrants", json={"name": "Dee"}, headers=key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert [e["name"] for e in again.get_json()["entrants"]] == ["Ann", "Bob", "Cal", "Dee"]
    other = api.post(f"{url}/entrants", json={"name": "Eve"}, headers=key)
    assert refusal(other) == (
        422, "idempotency-key-reused",
        [("Idempotency-Key", "Idempotency-Key: used for another player added.")],
    )  # fmt: skip

    key = {"Idempotency-Key": "round-1"}
    paired = api.post(f"{url}/rounds", headers=key)
    repeated = api.post(f"{url}/rounds", headers=key)
    assert (paired.status_code, repeated.status_code) == (201, 200)
    assert [r["number"] for r in repeated.get_json()["rounds"]] == [1]
    assert repeated.headers["ETag"] == api.get(url).headers["ETag"]


def test_the_nights_are_listed_newest_first_a_page_at_a_time(api):
    for name in ("Monday", "Tuesday", "Wednesday"):
        create(api, {**ROTATING, "name": name})
    first = api.get(f"{NIGHTS}?limit=2")
    page = first.get_json()
    assert [n["name"] for n in page["club_nights"]] == ["Wednesday", "Tuesday"]
    assert first.headers["Link"] == (
        f'<http://localhost{NIGHTS}?limit=2&cursor={page["next_cursor"]}>; rel="next"'
    )
    rest = api.get(NIGHTS, query_string={"limit": 2, "cursor": page["next_cursor"]}).get_json()
    assert [n["name"] for n in rest["club_nights"]] == ["Monday"]
    assert rest["next_cursor"] is None
    assert api.get(f"{NIGHTS}?limt=2").status_code == 400  # an unknown parameter


def test_a_night_of_another_hosted_table_is_not_found_and_a_stranger_needs_a_token(tmp_path):
    app = hosted_app(tmp_path)
    try:
        mondays = start_table(app.test_client(), "Mondays")
        fridays = start_table(app.test_client(), "Fridays")
        client = app.test_client()
        made = client.post(NIGHTS, json=ROTATING, headers=mondays.bearer)
        assert made.status_code == 201, made.get_json()
        night = f"{NIGHTS}/{made.get_json()['id']}"
        assert client.get(night, headers=mondays.bearer).status_code == 200
        assert refusal(client.get(night, headers=fridays.bearer))[:2] == (404, "not-found")
        assert client.post(f"{night}/rounds", headers=fridays.bearer).status_code == 404
        patched = client.patch(night, json={"round_count": 2}, headers=fridays.bearer)
        assert patched.status_code == 404
        assert client.get(NIGHTS, headers=fridays.bearer).get_json()["club_nights"] == []
        assert client.get(night).status_code == 401
    finally:
        dispose(app)


def test_the_movements_and_rankings_offered_are_the_engines_own(api):
    schemas = api.get(f"{API}/openapi.json").get_json()["components"]["schemas"]
    movements = [m.value.replace("_", "-") for m in Movement]
    assert schemas["ClubMovement"]["enum"] == movements
    assert {"fixed", "rotating", "swiss"} <= set(movements)
    assert schemas["ClubRanking"]["enum"] == ["kcmo", "plain"]


@pytest.mark.parametrize("movement", [pytest.param(m, id=m.value) for m in Movement])
def test_every_movement_of_the_engine_can_be_chosen_and_read_back(api, movement):
    sent = movement.value.replace("_", "-")
    night = create(api, {**ROTATING, "movement": sent})
    assert night["settings"]["movement"] == sent
