"""The session page carries the coming hands' seatings, so a hand entered while the ones before
it wait to be sent (save.js's outbox) is entered with its own dealer and players dealt in.

The line "Hand N · Ann deals…" holds them as JSON in ``data-plan`` (``NextHand.plan``): the
next hand's number and, once round the table, each dealer with the players dealt in while
every hand passes the deal, and the name of each player dealt in (save.js gives the declarer
choices of a later hand from them; the page without JavaScript shows the next hand's as
before).

Brooklyn, four players (Ann, Bob, Cal, Dee), Ann deals first: the player on the dealer's right
sits out (RULES 5.2), the player on the dealer's left bids first.
"""

from __future__ import annotations

import json

from webhelpers import new_session, parse, player_ids, save_hand


def plan_of(page) -> dict:
    line = next(el for el in parse(page).iter("p") if el.get("id") == "next-hand")
    return json.loads(line.get("data-plan"))


def seating(dealer: str, out: list[str], first: str, active: list[int], dealer_out=False):
    return {"dealer": dealer, "dealer_out": dealer_out, "out": out, "first": first,
            "active": active}  # fmt: skip


def test_four_at_brooklyn_the_page_carries_each_coming_dealer_and_sit_out(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    ids = player_ids(client)
    ann, bob, cal, dee = (ids[n] for n in ("Ann", "Bob", "Cal", "Dee"))

    plan = plan_of(client.get(f"/s/{sid}"))

    assert plan == {
        "number": 1, "game": 1, "cumulative": False, "winner_deals": False,
        "verb": "bids", "redeal": "misdeal",
        "names": {str(ann): "Ann", str(bob): "Bob", str(cal): "Cal", str(dee): "Dee"},
        "seatings": [
            seating("Ann", ["Dee"], "Bob", [bob, cal, ann]),
            seating("Bob", ["Ann"], "Cal", [cal, dee, bob]),
            seating("Cal", ["Bob"], "Dee", [dee, ann, cal]),
            seating("Dee", ["Cal"], "Ann", [ann, bob, dee]),
        ],
    }  # fmt: skip


def test_after_a_hand_the_plan_starts_at_the_next_dealer(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    page = save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")

    plan = plan_of(page)

    assert plan["number"] == 2
    assert [(s["dealer"], s["out"]) for s in plan["seatings"]] == [
        ("Bob", ["Ann"]), ("Cal", ["Bob"]), ("Dee", ["Cal"]), ("Ann", ["Dee"]),
    ]  # fmt: skip


def test_a_player_who_left_is_in_no_coming_seating(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    client.post(f"/s/{sid}/leave", data={"player": player_ids(client)["Dee"]})

    plan = plan_of(client.get(f"/s/{sid}"))

    # Three left: nobody sits out, the deal goes Ann, Bob, Cal.
    assert [(s["dealer"], s["out"], s["first"]) for s in plan["seatings"]] == [
        ("Ann", [], "Bob"), ("Bob", [], "Cal"), ("Cal", [], "Ann"),
    ]  # fmt: skip


def test_bison_says_a_game_end_may_change_the_coming_dealer(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"])

    plan = plan_of(client.get(f"/s/{sid}"))

    # A game's winner deals the next game (RULES 6): after a hand that may end the game the
    # dealer cannot be known. Everyone is dealt in every hand.
    assert (plan["cumulative"], plan["winner_deals"]) == (True, True)
    assert [(s["dealer"], s["out"], s["first"]) for s in plan["seatings"]] == [
        ("Ann", [], "Bob"), ("Bob", [], "Cal"), ("Cal", [], "Ann"),
    ]  # fmt: skip


def test_a_partnership_game_end_leaves_the_deal_going_round(client):
    sid = new_session(client, "partnership", ["Ann", "Bob", "Cal", "Dee"])

    plan = plan_of(client.get(f"/s/{sid}"))

    assert (plan["cumulative"], plan["winner_deals"]) == (True, False)
    assert [s["dealer"] for s in plan["seatings"]] == ["Ann", "Bob", "Cal", "Dee"]
