"""The next hand read from one line (``POST /sessions/{id}/hands/read``, issue 29): the hand
understood as a hand body, what it lacks, what is in doubt, the words not understood, and the
result in words or the rule broken; nothing is saved, and what it answers posts as a hand.

Ann deals the first hand at every table; players sit clockwise in the order listed.
- Brooklyn, Ann, Bob and Cal: nobody sits out (RULES 5.2). Bob makes 350 in spades: 350-390
  is 2 units (5.4), spades pay double (5.5), so each of the other two pays Bob 4.
- Brooklyn, Ann, Bob, Cal and Dan: Dan, on the dealer's right, sits out hand 1 (5.2).
- Double deck, Ann & Cal against Bob & Dan, figures without the trailing zero: Bob bids 50
  with his side's 25 meld and 30 in tricks; the deck's 50 in tricks leaves Ann & Cal 20, so
  Bob & Dan score 25 + 30 = 55 (made: 55 is at least 50) and Ann & Cal 20 + 20 = 40 (6.1).
"""

from __future__ import annotations

import pytest

from .calls import FOUR, figures, problem_fields, start

THREE = ["Ann", "Bob", "Cal"]


def read(session, text: str):
    return session.client.post(f"{session.url}/hands/read", json={"text": text})


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Bob, three fifty in spades, made it", id="said"),
        pytest.param("Bob, 350, spades. Made.", id="dictated"),
        pytest.param("made it, spades, bob at 350", id="any-order"),
    ],
)
def test_a_whole_brooklyn_hand_is_read_with_its_result_in_words(api, line):
    session = start(api, "brooklyn", THREE)

    answer = read(session, line)

    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["hand"] | {"takes": [], "melds": [], "bids": []} == {
        "outcome": "made",
        "declarer_id": session.ids["Bob"],
        "bid": 350,
        "trump": "S",
        "takeover": False,
        "reneger_id": None,
        "tricks": None,
        "last_trick_id": None,
        "takes": [],
        "melds": [],
        "bids": [],
    }
    assert (body["missing"], body["ambiguous"], body["unknown_words"]) == ([], [], [])
    assert body["preview"] == "Bob makes 350: collects 4 chips from each player (spades pay 2x)."
    assert body["refused"] is None


def test_reading_saves_nothing_and_the_hand_read_posts_as_the_first_hand(api):
    session = start(api, "brooklyn", THREE)
    hand = read(session, "Bob 350 spades made").get_json()["hand"]
    assert api.get(f"{session.url}/hands").get_json()["hands"] == []

    saved = api.post(f"{session.url}/hands", json=hand)

    assert saved.status_code == 201, saved.get_json()
    assert figures(saved.get_json()["standings"]) == {"Ann": -4, "Bob": 8, "Cal": -4}


def test_a_figure_that_could_be_the_bid_or_the_meld_is_asked_about_not_guessed(api):
    session = start(api, "brooklyn", THREE)

    body = read(session, "Bob 350 made").get_json()

    assert body["hand"]["bid"] is None and body["hand"]["melds"] == []
    # not tricks: a single deck's trick points are 250 in all (RULES 3.1)
    assert body["ambiguous"] == [{"word": "350", "could_be": ["bid", "Bob's meld"]}]
    assert body["missing"] == ["bid", "trump"]
    assert body["preview"] is None


def test_a_name_nobody_has_is_said_and_the_declarer_asked_for_by_its_api_name(api):
    session = start(api, "brooklyn", THREE)

    body = read(session, "Al 300 hearts set").get_json()

    assert body["unknown_words"] == ["al"]
    assert body["missing"] == ["declarer_id"]
    assert (body["hand"]["bid"], body["hand"]["trump"], body["hand"]["outcome"]) == (
        300,
        "H",
        "set",
    )


def test_the_player_sitting_out_is_not_read_as_the_declarer(api):
    session = start(api, "brooklyn", FOUR)  # Dan, on Ann's right, sits out hand 1

    body = read(session, "Dan 350 spades made").get_json()

    assert body["hand"]["declarer_id"] is None
    assert body["unknown_words"] == ["dan"]


def test_a_bid_under_the_least_is_read_as_said_and_the_rule_given(api):
    session = start(api, "brooklyn", THREE)  # Brooklyn's least bid is 300 (RULES 5.1)

    body = read(session, "Bob bid 200 clubs made").get_json()

    assert body["hand"]["bid"] == 200
    assert body["preview"] is None
    assert body["refused"] == "Bid 200 is below the minimum bid of 300."


def test_a_bid_off_the_ladder_is_refused_while_the_outcome_is_still_missing(api):
    session = start(api, "brooklyn", THREE)  # from 300 bids go up in tens (RULES 5.1)

    body = read(session, "Cal 345 in hearts").get_json()

    assert body["missing"] == ["outcome"]
    assert body["refused"] == (
        "Bid 345 is off the ladder: from 300 bids go up in tens (300, 310, 320)."
    )


def test_takes_that_do_not_add_up_are_refused_while_meld_is_still_missing(api):
    # two-handed: each player's take holds the last trick, 250 in all (RULES 6.4)
    session = start(api, "two-handed", ["Ann", "Bob"])

    body = read(session, "Ann took 130, Bob 110").get_json()

    assert set(body["missing"]) == {"trump", "melds"}
    assert body["refused"] == "The players' tricks must add up to 250; these add up to 240."


def test_made_said_before_the_meld_is_not_refused_for_the_meld_still_missing(api):
    # 30 in tricks alone falls short of 65, but the meld is still to be said
    session = start(api, "six-handed", ["Ann", "Bob", "Cal", "Dan", "Eve", "Fay"])

    body = read(session, "Fay bid 65 on clubs, Fay's side took 30, made it").get_json()

    assert body["missing"] == ["melds"]
    assert body["refused"] is None


def test_a_double_deck_hand_reads_each_sides_meld_and_the_tricks(api):
    session = start(api, "double-deck", FOUR)
    ids = session.ids

    body = read(
        session, "Bob fifty hearts, Bob and Dan meld 25, Ann and Cal meld 20, tricks 30"
    ).get_json()

    hand = body["hand"]
    assert (hand["declarer_id"], hand["bid"], hand["trump"], hand["tricks"]) == (
        ids["Bob"],
        50,
        "H",
        30,
    )
    assert sorted(hand["melds"], key=lambda m: m["player_id"]) == [
        {"player_id": ids["Ann"], "mode": "side", "text": "20"},
        {"player_id": ids["Bob"], "mode": "side", "text": "25"},
    ]
    assert body["preview"] == (
        "Bob makes 50 with 25 meld and 30 in tricks: Ann & Cal +40, Bob & Dan +55."
    )


def test_an_empty_line_is_refused_by_its_field(api):
    session = start(api, "brooklyn", THREE)

    answer = read(session, "")

    assert answer.status_code == 422
    assert list(problem_fields(answer)) == ["text"]


def test_another_tables_session_is_not_found(api):
    answer = api.post("/api/v1/sessions/999/hands/read", json={"text": "Bob 350 spades made"})

    assert answer.status_code == 404
