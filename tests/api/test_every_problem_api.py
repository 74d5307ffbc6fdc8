"""Every problem of a hand in one API answer, the body's shape and the rules alike (issue 19).

An input refused for its shape (pydantic's checks) is named once; the engine still checks
every input that parsed and each rule it breaks comes in the same 422 problem at its path in
the body as sent. Nothing is saved. Brooklyn (Ann, Bob, Cal, Dan; Ann deals, Dan sits out):
meld 35 is impossible (a multiple of 10) and trick points run from 0 to 250. Bison (Ann,
Bob, Cal): the counters add up to 24 and someone took the last trick.
"""

from __future__ import annotations

from .calls import FOUR, problem_fields, start

IMPOSSIBLE_MELD = "Meld 35 is impossible: every meld is worth a multiple of 10."


def test_a_negative_figure_and_an_impossible_meld_come_in_one_problem(api):
    session = start(api, "brooklyn", FOUR)
    body = session.body(declarer="Bob", bid=350, trump="H", meld="35", tricks=260)
    body["tricks"] = -20

    response = api.post(f"{session.url}/hands", json=body)

    assert response.status_code == 422
    fields = problem_fields(response)
    assert set(fields) == {"tricks", "melds.0"}
    assert fields["tricks"].startswith("tricks: ")
    assert fields["melds.0"] == f"melds.0: {IMPOSSIBLE_MELD}"
    assert session.hand_count() == 0


def test_a_bid_in_letters_is_named_once_and_the_rules_still_checked(api):
    session = start(api, "brooklyn", FOUR)
    body = session.body(declarer="Bob", trump="H", meld="35", tricks=260)
    body["bid"] = "three fifty"

    response = api.post(f"{session.url}/hands", json=body)

    assert response.status_code == 422
    fields = problem_fields(response)
    assert set(fields) == {"bid", "melds.0", "tricks"}  # no second "bid": say the bid
    assert fields["tricks"] == "tricks: Trick points run from 0 to 250; 260 is outside."
    assert session.hand_count() == 0


def test_a_take_refused_leaves_the_counters_unsummed_in_the_body_as_sent(api):
    session = start(api, "bison", FOUR[:3])
    body = session.body(
        declarer="Bob", bid=250, trump="S", meld={"Cal": "20", "Bob": "35"},
        takes={"Ann": 12, "Bob": 8, "Cal": 3},
    )  # fmt: skip
    body["takes"][0]["taken"] = "twelve"

    response = api.post(f"{session.url}/hands", json=body)

    assert response.status_code == 422
    fields = problem_fields(response)
    # Bob's meld is the second listed; the counters' sum is not judged with Ann's refused
    assert set(fields) == {"takes.0.taken", "melds.1", "last_trick_id"}
    assert fields["melds.1"] == f"melds.1: {IMPOSSIBLE_MELD}"
    assert fields["last_trick_id"] == "last_trick_id: Say who took the last trick."
    assert session.hand_count() == 0


def test_a_correction_refused_for_its_shape_also_names_the_rules_and_keeps_the_hand(api):
    session = start(api, "brooklyn", FOUR)
    saved = session.save(declarer="Bob", bid=350, trump="H", outcome="made")["hand"]
    body = session.body(declarer="Bob", bid=350, trump="H", meld="35")
    body["tricks"] = -20

    response = api.put(f"{session.url}/hands/1", json=body, headers={"If-Match": saved["etag"]})

    assert response.status_code == 422
    assert set(problem_fields(response)) == {"tricks", "melds.0"}
    assert session.hand(1).get_json()["result"]["text"].startswith("Bob makes 350")
