"""Hands through the JSON API: create (with an Idempotency-Key), read, list, replace and delete
(with If-Match), a player leaving, and every refusal as a problem, for every preset, with the
figures worked out by hand from docs/RULES.md.

Ann deals the first hand at every table; players sit clockwise in the order listed.
- Brooklyn (Ann, Bob, Cal, Dan): Dan, on Ann's right, sits out hand 1. V = schedule value x 2
  in spades (250-340: 1, 350-390: 2, 400-440: 4); a set pays 2V to each other player.
- Brooklyn with a pot (Ann ... Eve): Bob, Cal and Dan play hand 1; everyone anted 5 units.
- Hoyle (Ann, Bob, Cal, Dan): Ann sits out hand 1, Bob bids first. 300-340: 3, 350-390: 5;
  the kitty joins from 350.
- Bison (Ann, Bob, Cal) and Partnership (Ann & Cal against Bob & Dan) under counters.
"""

from __future__ import annotations

import pytest

from .calls import (
    API,
    FIRST_HANDS,
    FIVE,
    FOUR,
    changes,
    figures,
    first_hand,
    names,
    nets,
    notes,
    payments,
    problem_fields,
    start,
)


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_a_hand_is_created_with_its_location_etag_result_and_standings(api, system):
    session, fields = first_hand(api, system)
    _, _, expected, out = FIRST_HANDS[system]

    response = session.post_hand(**fields)

    assert response.status_code == 201
    saved = response.get_json()
    hand = saved["hand"]
    assert response.headers["Location"] == f"{session.url}/hands/1"
    assert response.headers["ETag"] == hand["etag"]
    assert saved["repeated"] is False
    assert (hand["number"], hand["game"], hand["dealer"]["name"]) == (1, 1, "Ann")
    assert sorted(names(hand["sitting_out"])) == out
    assert changes(hand) == expected
    assert hand["entry"]["declarer_id"] == session.ids[fields["declarer"]]
    assert hand["entry"]["bid"] == fields["bid"]
    assert saved["standings"]["next_hand"]["number"] == 2
    assert saved["standings"]["next_hand"]["dealer"]["name"] == "Bob"
    assert api.get(response.headers["Location"]).get_json() == hand


def test_a_hand_shows_its_meld_and_what_it_did_in_words(api):
    session, fields = first_hand(api, "brooklyn")

    hand = session.save(**fields)["hand"]

    assert hand["result"]["melds"] == [{"player_id": session.ids["Bob"], "points": 190}]
    assert hand["result"]["made"] is True
    assert hand["result"]["outcome"] == "made"
    assert hand["result"]["unit"] == "units"
    assert hand["entry"]["melds"][0]["mode"] == "cards"
    assert hand["result"]["text"].startswith("Bob makes 350")
    assert [c["total"] for c in hand["result"]["changes"]] == [-2, 6, -2, -2]


def test_the_hand_shows_the_kitty_and_the_pot_after_it(api):
    hoyle, fields = first_hand(api, "hoyle")
    pot, pot_fields = first_hand(api, "brooklyn-pot")

    kitty_hand = hoyle.save(**fields)["hand"]
    pot_hand = pot.save(**pot_fields)["hand"]

    assert (kitty_hand["result"]["kitty"], kitty_hand["result"]["pot"]) == (3, None)
    # 5 antes of 5 units; a made 300 leaves the pot alone.
    assert (pot_hand["result"]["kitty"], pot_hand["result"]["pot"]) == (None, 25)
    # Totals include the ante: Cal -5 + 48 = 43.
    assert {c["holder"]["name"]: c["total"] for c in pot_hand["result"]["changes"]}["Cal"] == 43


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_the_same_idempotency_key_returns_the_same_hand_and_saves_nothing(api, system):
    session, fields = first_hand(api, system)
    first = session.post_hand(key="phone-1-hand-1", **fields)
    version = session.read()["version"]

    again = session.post_hand(key="phone-1-hand-1", **fields)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["repeated"] is True
    assert again.get_json()["hand"] == first.get_json()["hand"]
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["ETag"] == first.headers["ETag"]
    assert session.hand_count() == 1
    assert session.read()["version"] == version


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_the_same_key_with_another_hand_is_refused(api, system):
    session, fields = first_hand(api, system)
    session.post_hand(key="k-1", **fields)

    other = session.post_hand(key="k-1", **{**fields, "bid": fields["bid"] + 10})

    assert other.status_code == 422
    problem = other.get_json()
    assert problem["code"] == "idempotency-key-reused"
    assert problem["type"] == "/api/v1/problems#idempotency-key-reused"
    assert problem_fields(other) == {"Idempotency-Key": "Idempotency-Key: used for another hand."}
    assert session.hand_count() == 1


# system -> (players, a hand breaking a rule, the field, its message)
BROKEN = {
    "brooklyn": (
        FOUR, dict(declarer="Bob", bid=340, trump="H", outcome="made"),
        "bid", "Bid 340 ends in 40; house rules forbid bids ending in 40 or 90.",
    ),
    "brooklyn-pot": (
        FIVE, dict(declarer="Bob", bid=255, trump="H", outcome="made"),
        "bid", "Bid 255 is off the ladder: from 250 bids go up in tens (250, 260, 270).",
    ),
    "hoyle": (
        FOUR, dict(declarer="Cal", bid=300, outcome="forfeit"),
        "outcome", "Only Bob, whose 300 bid was compulsory, can forfeit this hand.",
    ),
    "bison": (
        FOUR[:3], dict(declarer="Bob", bid=250, trump="H", takes={"Ann": 4, "Bob": 12, "Cal": 7},
                       last_trick="Bob"),
        "takes", "Counters must add up to 24 (8 aces, 8 tens, 8 kings); these add up to 23.",
    ),
    "partnership": (
        FOUR, dict(declarer="Bob", bid=250, trump="C", tricks=245),
        "tricks", "No side can take exactly 245 in tricks: counters give only multiples of 10.",
    ),
}  # fmt: skip


@pytest.mark.parametrize("system", BROKEN)
def test_a_broken_rule_is_refused_naming_the_field_and_the_rule(api, system):
    players, fields, field, message = BROKEN[system]
    session = start(api, system, players)

    response = session.post_hand(**fields)

    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == "rule-broken"
    assert problem["detail"] == f"{field}: {message}"
    assert problem_fields(response) == {field: f"{field}: {message}"}
    assert session.hand_count() == 0


def test_a_meld_is_named_by_its_place_in_the_body(api):
    session = start(api, "bison", FOUR[:3])

    response = session.post_hand(
        declarer="Bob", bid=250, trump="H", meld={"Cal": "40", "Bob": "35"},
        takes={"Ann": 4, "Bob": 12, "Cal": 8}, last_trick="Bob",
    )  # fmt: skip

    # Bob's meld is the second listed: melds.1, whatever Bob's id.
    assert problem_fields(response) == {
        "melds.1": "melds.1: Meld 35 is impossible: every meld is worth a multiple of 10."
    }


def test_a_player_who_sits_out_cannot_declare(api):
    session = start(api, "brooklyn", FOUR)

    response = session.post_hand(declarer="Dan", bid=300, trump="C", outcome="made")

    assert problem_fields(response) == {
        "declarer_id": "declarer_id: Dan sits out this hand; the declarer is one of Bob, Cal, Ann."
    }


def test_a_body_of_the_wrong_shape_lists_each_field(api):
    session = start(api, "hoyle", FOUR)

    response = api.post(
        f"{session.url}/hands",
        json={
            "declarer_id": 0, "bid": -300, "trump": "X", "outcome": "won",
            "melds": [{"player_id": 1, "mode": "guess", "text": "run"}], "takes": "all",
        },
    )  # fmt: skip

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"
    fields = problem_fields(response)
    assert set(fields) == {"declarer_id", "bid", "trump", "outcome", "melds.0.mode", "takes"}
    assert all(message.startswith(f"{field}: ") for field, message in fields.items())
    assert session.hand_count() == 0


def test_a_body_that_is_not_json_is_refused_with_415(api):
    session = start(api, "hoyle", FOUR)
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    etag = session.hand(1).headers["ETag"]

    posted = api.post(f"{session.url}/hands", data="declarer=2", content_type="text/plain")
    put = api.put(
        f"{session.url}/hands/1", data="bid=300", headers={"If-Match": etag},
        content_type="application/x-www-form-urlencoded",
    )  # fmt: skip

    assert (posted.status_code, put.status_code) == (415, 415)
    assert posted.get_json()["code"] == "unsupported-media-type"
    assert session.hand_count() == 1


def test_an_unknown_session_or_hand_is_a_404_problem(api):
    session = start(api, "hoyle", FOUR)
    session.save(declarer="Bob", bid=300, outcome="forfeit")

    unknown_session = api.post(f"{API}/sessions/999/hands", json={"outcome": "misdeal"})
    unknown_hand = session.hand(2)

    assert unknown_session.status_code == 404
    assert unknown_session.get_json()["detail"] == "No session 999."
    assert unknown_hand.status_code == 404
    assert unknown_hand.mimetype == "application/problem+json"
    assert unknown_hand.get_json()["detail"] == f"Session {session.id} has no hand 2: it has 1."
    assert api.get(f"{API}/sessions/999/hands").status_code == 404
    etag = session.hand(1).headers["ETag"]
    assert api.delete(f"{session.url}/hands/2", headers={"If-Match": etag}).status_code == 404
    assert api.put(f"{session.url}/hands/2", json={}, headers={"If-Match": etag}).status_code == 404


# -- read and list -----------------------------------------------------------------------------


def test_the_list_gives_every_hand_first_first_and_is_tagged(api):
    session = start(api, "hoyle", FOUR)
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    session.save(declarer="Cal", bid=300, trump="C", outcome="made")

    listed = api.get(f"{session.url}/hands")

    hands = listed.get_json()["hands"]
    assert [(h["number"], h["dealer"]["name"]) for h in hands] == [(1, "Ann"), (2, "Bob")]
    assert hands == [session.hand(1).get_json(), session.hand(2).get_json()]
    unchanged = api.get(f"{session.url}/hands", headers={"If-None-Match": listed.headers["ETag"]})
    assert unchanged.status_code == 304


def test_a_hand_read_is_answered_304_while_unchanged(api):
    session = start(api, "hoyle", FOUR)
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    read = session.hand(1)

    again = api.get(f"{session.url}/hands/1", headers={"If-None-Match": read.headers["ETag"]})

    assert again.status_code == 304
    assert read.headers["ETag"] == read.get_json()["etag"]


# -- replace and delete ------------------------------------------------------------------------


def two_hoyle_hands(api):
    """Hoyle, four players: Bob forfeits (kitty 3), then Cal makes 350 in spades.

    Hand 2: 5 x 2 = 10 from Ann, Bob, Dan and the kitty; the kitty, 3 - 10 = -7, is made up
    by 2 from each of the four (7 / 4 rounded up): kitty 1, Cal +40 - 2 = +38.
    """
    session = start(api, "hoyle", FOUR)
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    session.save(declarer="Cal", bid=350, trump="S", outcome="made")
    return session


def test_replacing_a_hand_with_its_etag_recomputes_the_hands_after_it(api):
    session = two_hoyle_hands(api)
    first = session.hand(1)
    second_etag = session.hand(2).headers["ETag"]

    response = api.put(
        f"{session.url}/hands/1",
        json=session.body(declarer="Bob", bid=300, trump="C", outcome="made"),
        headers={"If-Match": first.headers["ETag"]},
    )

    # Hand 1 is now Bob making 300 in clubs: 3 from each of Ann, Cal and Dan; the kitty is
    # below 350's threshold and stays at 0. Hand 2: the kitty, 0 - 10 = -10, is made up by
    # 3 from each of the four (10 / 4 rounded up): kitty 2, Cal +40 - 3 = +37.
    # Ann -3 - 10 - 3 = -16, Bob 9 - 10 - 3 = -4, Cal -3 + 37 = 34, Dan -16.
    assert response.status_code == 200
    body = response.get_json()
    assert response.headers["ETag"] == body["hand"]["etag"] != first.headers["ETag"]
    assert changes(body["hand"]) == {"Ann": -3, "Bob": 9, "Cal": -3, "Dan": -3}
    assert figures(body["standings"]) == {"Ann": -16, "Bob": -4, "Cal": 34, "Dan": -16,
                                          "Kitty": 2}  # fmt: skip
    second = session.hand(2).get_json()
    assert changes(second) == {"Ann": -13, "Bob": -13, "Cal": 37, "Dan": -13}
    assert second["result"]["kitty"] == 2
    assert second["etag"] == second_etag  # hand 2 itself was not edited


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_a_hand_replaced_by_a_misdeal_then_deleted_leaves_the_table_as_it_began(api, system):
    session, fields = first_hand(api, system)
    began = session.created["standings"]
    etag = session.save(**fields)["hand"]["etag"]

    put = api.put(
        f"{session.url}/hands/1", json=session.body(outcome="misdeal"), headers={"If-Match": etag}
    )

    # A misdeal scores nothing and the same dealer, Ann, deals again (RULES 4.4).
    assert put.status_code == 200
    replaced = put.get_json()
    assert set(changes(replaced["hand"]).values()) == {0}
    assert figures(replaced["standings"]) == figures(began)
    nxt = replaced["standings"]["next_hand"]
    assert (nxt["number"], nxt["dealer"]["name"]) == (2, "Ann")

    deleted = api.delete(f"{session.url}/hands/1", headers={"If-Match": put.headers["ETag"]})

    assert deleted.status_code == 200
    standings = deleted.get_json()
    assert figures(standings) == figures(began)
    assert standings["next_hand"] == began["next_hand"]
    assert session.hand_count() == 0


def test_replacing_or_deleting_with_a_stale_etag_is_412_with_the_current_hand(api):
    session = two_hoyle_hands(api)
    stale = session.hand(1).headers["ETag"]
    api.put(
        f"{session.url}/hands/1",
        json=session.body(declarer="Bob", bid=300, trump="C", outcome="made"),
        headers={"If-Match": stale},
    )
    before = session.read()

    put = api.put(
        f"{session.url}/hands/1",
        json=session.body(declarer="Bob", bid=300, outcome="forfeit"),
        headers={"If-Match": stale},
    )
    deleted = api.delete(f"{session.url}/hands/1", headers={"If-Match": stale})

    current = session.hand(1)
    for response in (put, deleted):
        assert response.status_code == 412
        problem = response.get_json()
        assert problem["code"] == "stale-hand"
        assert problem["current"] == current.get_json()
        assert response.headers["ETag"] == current.headers["ETag"]
    assert current.get_json()["entry"]["outcome"] == "made"
    after = session.read()
    assert (after["version"], after["standings"]) == (before["version"], before["standings"])


def test_replacing_or_deleting_without_if_match_is_428(api):
    session = two_hoyle_hands(api)
    before = session.read()

    put = api.put(
        f"{session.url}/hands/1", json=session.body(declarer="Bob", bid=300, outcome="forfeit")
    )
    deleted = api.delete(f"{session.url}/hands/1")

    assert (put.status_code, deleted.status_code) == (428, 428)
    assert put.get_json()["code"] == "version-required"
    assert session.read()["version"] == before["version"]
    assert session.hand_count() == 2


def test_a_replacement_that_breaks_a_rule_names_the_field(api):
    session = two_hoyle_hands(api)
    etag = session.hand(2).headers["ETag"]

    response = api.put(
        f"{session.url}/hands/2",
        json=session.body(declarer="Cal", bid=355, trump="S", outcome="made"),
        headers={"If-Match": etag},
    )

    assert problem_fields(response) == {
        "bid": "bid: Bid 355 is off the ladder: from 300 bids go up in tens (300, 310, 320)."
    }
    assert session.hand(2).headers["ETag"] == etag


def brooklyn_three_hands(api):
    """Brooklyn, four players, three hands made (figures in the tests)."""
    session = start(api, "brooklyn", FOUR)
    # Hand 1, Ann deals, Dan sits out: Bob makes 300 in hearts, 1 from each of the others.
    session.save(declarer="Bob", bid=300, trump="H", outcome="made")
    # Hand 2, Bob deals, Ann sits out: Cal makes 300 in clubs, 1 from each.
    session.save(declarer="Cal", bid=300, trump="C", outcome="made")
    # Hand 3, Cal deals, Bob sits out: Dan makes 350 in diamonds, 2 from each.
    session.save(declarer="Dan", bid=350, trump="D", outcome="made")
    return session


def test_deleting_a_hand_renumbers_and_replays_the_hands_after_it(api):
    session = brooklyn_three_hands(api)
    third = session.hand(3).get_json()

    response = api.delete(
        f"{session.url}/hands/1", headers={"If-Match": session.hand(1).headers["ETag"]}
    )

    # Without Bob's hand, Cal's is hand 1 (Ann deals, Dan sits out) and Dan's is hand 2
    # (Bob deals, Ann sits out). Ann -1 - 2 = -3, Bob -1 - 2 = -3, Cal 3 - 2 = 1, Dan -1 + 6 = 5.
    assert response.status_code == 200
    standings = response.get_json()
    assert figures(standings) == {"Ann": -3, "Bob": -3, "Cal": 1, "Dan": 5}
    assert standings["next_hand"]["number"] == 3
    assert standings["next_hand"]["dealer"]["name"] == "Cal"
    assert session.hand_count() == 2
    renumbered = session.hand(2).get_json()
    assert renumbered["entry"] == third["entry"]
    assert renumbered["etag"] == third["etag"]  # the same stored hand, under a new number
    assert (renumbered["dealer"]["name"], names(renumbered["sitting_out"])) == ("Bob", ["Ann"])
    assert session.hand(1).get_json()["dealer"]["name"] == "Ann"
    assert session.hand(3).status_code == 404


def test_an_undo_is_a_deletion_the_history_calls_undone(api):
    session = brooklyn_three_hands(api)

    response = api.delete(
        f"{session.url}/hands/3?undo=true", headers={"If-Match": session.hand(3).headers["ETag"]}
    )

    # Without Dan's 350 (2 from each), the two hands of 300 stand: Ann -2, Bob 3 - 1 = 2,
    # Cal -1 + 3 = 2, Dan -2.
    assert response.status_code == 200
    assert figures(response.get_json()) == {"Ann": -2, "Bob": 2, "Cal": 2, "Dan": -2}
    history = api.get(f"/s/{session.id}/history").get_data(as_text=True)
    assert "Hand 3 undone (was: Dan makes 350" in history
    assert "Hand 3 deleted" not in history


def test_an_undo_flag_that_is_not_true_or_false_is_refused(api):
    session = brooklyn_three_hands(api)

    response = api.delete(
        f"{session.url}/hands/3?undo=maybe", headers={"If-Match": session.hand(3).headers["ETag"]}
    )

    assert response.status_code == 422
    assert session.hand_count() == 3


def test_a_deletion_that_would_break_a_later_hand_is_refused(api):
    session = start(api, "brooklyn", FOUR)
    session.save(declarer="Bob", bid=300, trump="H", outcome="made")
    # Hand 2, Bob deals, Ann sits out: Dan plays and makes 300 in clubs.
    session.save(declarer="Dan", bid=300, trump="C", outcome="made")

    response = api.delete(
        f"{session.url}/hands/1", headers={"If-Match": session.hand(1).headers["ETag"]}
    )

    # Without hand 1, Dan's hand would be dealt by Ann, with Dan on her right sitting out.
    # The message names it as the table knows it now: hand 2.
    assert response.status_code == 422
    assert problem_fields(response) == {
        "number": "number: That change would break hand 2: Dan sits out this hand; the "
        "declarer is one of Bob, Cal, Ann. Fix or delete that hand first."
    }
    assert session.hand_count() == 2


def test_a_hands_etag_is_its_place_and_version_in_the_session_not_a_row_id(api):
    brooklyn_three_hands(api)  # another session's three hands come first in the database
    session = start(api, "brooklyn", FOUR)  # at version 1

    # Hand 1 (place 1) is saved at version 2, hand 2 (place 2) at version 3.
    first = session.post_hand(declarer="Bob", bid=300, trump="H", outcome="made")
    session.save(declarer="Cal", bid=300, trump="C", outcome="made")

    assert first.headers["ETag"] == first.get_json()["hand"]["etag"] == '"hand-1-2"'
    assert session.hand(2).headers["ETag"] == '"hand-2-3"'


def test_a_deleted_hands_etag_never_matches_the_hand_saved_in_its_place(api):
    session = start(api, "brooklyn", FOUR)
    session.save(declarer="Bob", bid=300, trump="H", outcome="made")  # version 2
    session.save(declarer="Cal", bid=300, trump="C", outcome="made")  # version 3
    old = session.hand(2).headers["ETag"]
    assert api.delete(f"{session.url}/hands/2", headers={"If-Match": old}).status_code == 200
    # The same hand again, in the same place, at version 5 (the deletion was version 4).
    session.save(declarer="Cal", bid=300, trump="C", outcome="made")

    stale = api.delete(f"{session.url}/hands/2", headers={"If-Match": old})

    assert (old, session.hand(2).headers["ETag"]) == ('"hand-2-3"', '"hand-2-5"')
    assert stale.status_code == 412
    assert session.hand_count() == 2


# -- a player leaving --------------------------------------------------------------------------


def test_a_player_leaving_hoyle_takes_a_kitty_share_and_play_goes_on(api):
    session = start(api, "hoyle", FOUR)
    # Hand 1 (Ann sits out): Bob forfeits: kitty 3, Bob -3.
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    # Hand 2 (Bob sits out): Dan is set at 360 in hearts: 5 x 2 = 10 to each of Ann, Bob,
    # Cal and the kitty. Ann 10, Bob 7, Cal 10, Dan -40, kitty 13.
    session.save(declarer="Dan", bid=360, trump="H", outcome="set")

    response = session.leave("Cal")

    # Cal takes 13 // 4 = 3 units of the kitty: Cal 13, kitty 10. He was to deal hand 3, so
    # Dan deals; with three left nobody sits out.
    assert response.status_code == 201
    standings = response.get_json()
    assert figures(standings) == {"Ann": 10, "Bob": 7, "Cal": 13, "Dan": -40, "Kitty": 10}
    assert notes(standings)["Cal"] == "left"
    nxt = standings["next_hand"]
    assert nxt["dealer"]["name"] == "Dan"
    assert names(nxt["active"]) == ["Ann", "Bob", "Dan"]
    assert nxt["sitting_out"] == []

    # Hand 3: Ann makes 300 in clubs: 3 from each of Bob and Dan; Cal is gone and pays nothing.
    after = session.save(declarer="Ann", bid=300, trump="C", outcome="made")
    assert figures(after["standings"]) == {"Ann": 16, "Bob": 4, "Cal": 13, "Dan": -43,
                                           "Kitty": 10}  # fmt: skip
    settlement = session.read()["settlement"]
    # The kitty's 10 among the three left: 3 each, 1 undivided. At 10 cents: Ann 19, Bob 7,
    # Cal 13, Dan -40, the kitty's unit.
    assert nets(settlement) == {"Ann": 190, "Bob": 70, "Cal": 130, "Dan": -400, "Kitty": 10}
    fund = settlement["fund"]
    assert (fund["share_units"], fund["undivided_units"]) == (3, 1)
    assert [(s["player"]["name"], s["units"]) for s in fund["taken_earlier"]] == [("Cal", 3)]
    assert [n["left"] for n in settlement["nets"]] == [False, False, True, False, False]
    # Dan is the only debtor: he pays everyone.
    assert payments(settlement["fewest"]) == [
        ("Dan", "Ann", 190), ("Dan", "Bob", 70), ("Dan", "Cal", 130), ("Dan", "Kitty", 10),
    ]  # fmt: skip


def test_a_player_who_left_cannot_leave_again_or_declare(api):
    session = start(api, "brooklyn-pot", FOUR)
    assert session.leave("Dan").status_code == 201

    again = session.leave("Dan")
    declares = session.post_hand(declarer="Dan", bid=250, trump="C", outcome="made")

    assert problem_fields(again) == {"player_id": "player_id: Dan is not at the table."}
    assert declares.status_code == 422
    assert set(problem_fields(declares)) == {"declarer_id"}


@pytest.mark.parametrize(
    ("system", "players", "message"),
    [
        ("brooklyn", FOUR[:3], "Three players must stay at the table."),
        ("hoyle", FOUR[:3], "Three players must stay at the table."),
        (
            "bison",
            FOUR[:3],
            "Bison (points to 1500) needs all its players; end the session instead.",
        ),
        ("partnership", FOUR, "Partnership needs all its players; end the session instead."),
    ],
)
def test_leaving_is_refused_where_the_rules_do_not_allow_it(api, system, players, message):
    session = start(api, system, players)

    response = session.leave("Ann")

    assert response.status_code == 422
    assert problem_fields(response) == {"player_id": f"player_id: {message}"}
    assert session.read()["version"] == session.created["version"]


def test_a_stranger_cannot_leave(api):
    session = start(api, "brooklyn", FOUR)

    response = api.post(f"{session.url}/departures", json={"player_id": 999})

    assert problem_fields(response) == {
        "player_id": "player_id: That player is not in this session."
    }


def test_every_rule_a_hand_breaks_is_listed_at_its_path_in_one_problem(api):
    session = start(api, "partnership", FOUR)

    response = session.post_hand(
        declarer="Ann", bid=300, trump="S", meld={"Ann": "20", "Cal": "15"}, tricks=255
    )

    assert response.status_code == 422
    problem = response.get_json()
    assert (problem["code"], problem["detail"]) == ("rule-broken", "Some inputs break the rules.")
    assert problem_fields(response) == {
        "melds.1": "melds.1: Meld 15 is impossible: every meld is worth a multiple of 10.",
        "tricks": "tricks: Trick points run from 0 to 250; 255 is outside.",
    }
    assert session.hand_count() == 0


def test_bison_takes_that_do_not_add_up_and_no_last_trick_are_both_listed(api):
    session = start(api, "bison", ["Ann", "Bob", "Cal"])

    response = session.post_hand(
        declarer="Bob", bid=250, trump="S", takes={"Ann": 12, "Bob": 8, "Cal": 3}
    )

    assert problem_fields(response) == {
        "last_trick_id": "last_trick_id: Say who took the last trick.",
        "takes": "takes: Counters must add up to 24 (8 aces, 8 tens, 8 kings); these add up to 23.",
    }


def test_a_take_no_cards_make_and_takes_short_of_the_deck_are_both_listed(api):
    # two-handed: no card counts 1, and 1 + 200 = 201 of the deck's 250
    session = start(api, "two-handed", ["Ann", "Bob"])

    response = session.post_hand(trump="S", takes={"Ann": 1, "Bob": 200})

    assert problem_fields(response) == {
        "takes.0": "takes.0: No side can take exactly 1 in tricks: no cards count 1 (the "
        "smallest card is a jack, 2).",
        "takes": "takes: The players' tricks must add up to 250; these add up to 201.",
    }
