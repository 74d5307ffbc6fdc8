"""Every team's bid a contract through the JSON API (RULES 6.6): each player's own bid in
``bids``, given back with every team's contract; a bad bid refused at its place in the body.
N E S W, N & S against E & W, double deck at scale 10 with the minimum lowered to 20."""

from __future__ import annotations

from .calls import changes, start

OPTIONS = {"summed_bids": True, "min_bid": 200}  # 20 written
MELD = {"N": "29", "S": "10", "E": "30", "W": "8"}


def test_own_bids_are_saved_read_back_and_give_every_teams_contract(client):
    session = start(client, "double-deck", ["N", "E", "S", "W"], 3, options=OPTIONS)
    answer = session.save(bids={"N": 40, "S": 25, "E": 30}, trump="S", meld=MELD, tricks=31)
    # S2: N & S 65, made with 39 + 31 = 70; E & W 30, took 19 (under 20), set.
    assert changes(answer["hand"]) == {"N & S": 70, "E & W": -30}
    read = session.hand(1).get_json()
    ids = session.ids
    assert read["entry"]["bids"] == [
        {"player_id": ids["N"], "bid": 40},
        {"player_id": ids["S"], "bid": 25},
        {"player_id": ids["E"], "bid": 30},
    ]
    assert read["entry"]["bid"] is None
    contracts = [(c["team"]["name"], c["contract"], c["made"]) for c in read["result"]["contracts"]]
    assert contracts == [("N & S", 65, True), ("E & W", 30, False)]
    assert read["result"]["text"].startswith("N declares: N & S bid 65 (N 40 + S 25), made")


def test_a_bid_off_the_ladder_is_refused_at_that_players_place_in_bids(client):
    session = start(client, "double-deck", ["N", "E", "S", "W"], 3, options=OPTIONS)
    response = session.post_hand(bids={"N": 40, "E": 62}, trump="S", meld=MELD, tricks=31)
    assert response.status_code == 422
    problem = response.get_json()
    assert [e["field"] for e in problem["errors"]] == ["bids.1"]
    assert problem["detail"] == (
        "bids.1: E: Bid 62 is off the ladder: from 60 bids go up in fives (60, 65, 70)."
    )


def test_a_player_listed_twice_in_bids_is_refused(client):
    session = start(client, "double-deck", ["N", "E", "S", "W"], 3, options=OPTIONS)
    body = session.body(bids={"N": 40}, trump="S", tricks=31)
    body["bids"].append({"player_id": session.ids["N"], "bid": 25})
    response = client.post(f"{session.url}/hands", json=body)
    assert response.status_code == 422
    twice = f"bids: Player {session.ids['N']} is listed twice."
    assert [(e["field"], e["message"]) for e in response.get_json()["errors"]] == [("bids", twice)]
