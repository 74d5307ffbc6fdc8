"""The new games through the JSON API: a double-deck hand, three teams' tricks and a hand
without a bid, figures worked by hand from docs/RULES.md 6.3 and 6.4 (written as tables write
them: a double-deck side takes 50 at most)."""

from __future__ import annotations

from .calls import changes, figures, start

SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


def test_a_double_deck_hand_is_written_without_the_zero(client):
    session = start(client, "double-deck", ["N", "E", "S", "W"], first_dealer_seat=3)
    answer = session.save(
        declarer="N", bid=65, trump="S", meld={"N": "29", "S": "10", "E": "30", "W": "8"},
        tricks=31,
    )  # fmt: skip
    # E1 under the preset: N & S 39 + 31 = 70; E & W took 19, under 20: nothing.
    assert changes(answer["hand"]) == {"N & S": 70, "E & W": 0}
    assert figures(answer["standings"]) == {"N & S": 70, "E & W": 0}


def test_three_teams_give_each_teams_tricks_under_its_first_seat(client):
    session = start(client, "six-handed", SIX, options={"shape": "6/2"})
    answer = session.save(
        declarer="Ann", bid=60, trump="H",
        meld={"Ann": "30", "Dee": "12", "Bob": "20", "Cal": "8"},
        takes={"Ann": 21, "Bob": 19, "Cal": 10},
    )  # fmt: skip
    assert changes(answer["hand"]) == {"Ann & Dee": 63, "Bob & Eve": 0, "Cal & Fay": 0}


def test_three_teams_tricks_that_do_not_add_up_are_refused(client):
    session = start(client, "six-handed", SIX, options={"shape": "6/2"})
    response = session.post_hand(
        declarer="Ann", bid=60, trump="H", takes={"Ann": 21, "Bob": 19, "Cal": 9}
    )
    assert response.status_code == 422
    problem = response.get_json()
    assert "The teams' tricks must add up to 50; these add up to 49." in str(problem)


def test_a_two_handed_hand_has_no_declarer_and_no_bid(client):
    session = start(client, "two-handed", ["A", "B"], first_dealer_seat=1)
    answer = session.save(
        trump="S", meld={"A": "190", "B": "150"}, takes={"A": 130, "B": 110}, last_trick="A"
    )
    assert changes(answer["hand"]) == {"A": 330, "B": 260}
    assert answer["hand"]["result"]["outcome"] == "played"
