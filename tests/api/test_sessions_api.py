"""Sessions through the JSON API: create, list, read, change house rules, end and reopen, and
the standings' ETag, for every preset, with every figure worked out by hand from docs/RULES.md.

Players sit clockwise in the order listed; ``first_dealer_seat`` is an index into that list
(the answer's ``first_dealer`` is the player).
Who plays (RULES 1.3, 5.2): the deal moves left; the dealer's left bids first.
- Brooklyn, four at the table: the player on the dealer's right sits out.
- Brooklyn with a pot: the three on the dealer's left play, everyone else sits out.
- Hoyle: the dealer sits out; with five, the second player on the dealer's left too.
- Bison and Partnership: everyone plays; partners sit opposite (seats 1 and 3, 2 and 4).
Chip values (RULES 5.4-5.6): V = schedule value x 2 in spades; a set pays 2V to each other
player at the table (sitting out included); a concession pays the schedule value (with the
multiplier in the pot game when trump was named).
"""

from __future__ import annotations

import pytest

from scorekeeper.api import sessions as sessions_api
from scorekeeper.api.schemas.standings import session_standings

from .calls import (
    API,
    FIRST_HANDS,
    FIVE,
    cents,
    figures,
    first_hand,
    names,
    nets,
    notes,
    payments,
    problem_fields,
    start,
)

# system -> (players, first dealer, what a fresh session shows)
CREATED = {
    # Bob deals; from his left: Cal, Dan, Ann, Bob. Ann, on his right, sits out.
    # Bids from 300 by 10, none ending in 40 or 90 (340 and 390 are skipped).
    "brooklyn": (
        FIVE[:4], 1,
        dict(stake=10, dealer="Bob", active=["Cal", "Dan", "Bob"], out=["Ann"],
             bids=[300, 310, 320, 330, 350, 360, 370, 380, 400], kitty=None, pot=None,
             target=None, rows={"Ann": 0, "Bob": 0, "Cal": 0, "Dan": 0}),
    ),
    # Cal deals; from his left: Dan, Eve, Ann, Bob, Cal: the three on his left play.
    # Everyone antes 25 cents = 5 units at 5 cents: each at -5, the pot at 5 x 5 = 25.
    "brooklyn-pot": (
        FIVE, 2,
        dict(stake=5, dealer="Cal", active=["Dan", "Eve", "Ann"], out=["Bob", "Cal"],
             bids=[250, 260, 270, 280, 290, 300, 310, 320, 330], kitty=None, pot=25,
             target=None, rows={"Ann": -5, "Bob": -5, "Cal": -5, "Dan": -5, "Eve": -5,
                                "Pot": 25}),
    ),
    # Eve deals; from her left: Ann, Bob, Cal, Dan, Eve. Eve and Bob (second left) sit out.
    "hoyle": (
        FIVE, 4,
        dict(stake=10, dealer="Eve", active=["Ann", "Cal", "Dan"], out=["Bob", "Eve"],
             bids=[300, 310, 320, 330, 340, 350, 360, 370, 380], kitty=0, pot=None,
             target=None, rows={"Ann": 0, "Bob": 0, "Cal": 0, "Dan": 0, "Eve": 0, "Kitty": 0}),
    ),
    # Cal deals; Ann, Bob and Cal all play; a game goes to 1500.
    "bison": (
        FIVE[:3], 2,
        dict(stake=None, dealer="Cal", active=["Ann", "Bob", "Cal"], out=[],
             bids=[250, 260, 270, 280, 290, 300, 310, 320, 330], kitty=None, pot=None,
             target=1500, rows={"Ann": 0, "Bob": 0, "Cal": 0}),
    ),
    # Dan deals; all four play: Ann & Cal against Bob & Dan.
    "partnership": (
        FIVE[:4], 3,
        dict(stake=None, dealer="Dan", active=["Ann", "Bob", "Cal", "Dan"], out=[],
             bids=[250, 260, 270, 280, 290, 300, 310, 320, 330], kitty=None, pot=None,
             target=1500, rows={"Ann & Cal": 0, "Bob & Dan": 0}),
    ),
}  # fmt: skip


@pytest.mark.parametrize("system", CREATED)
def test_a_new_session_is_created_with_its_players_dealer_and_next_hand(api, system):
    players, first, shown = CREATED[system]

    response = api.post(
        f"{API}/sessions", json={"system": system, "players": players, "first_dealer_seat": first}
    )

    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"{API}/sessions/{body['id']}"
    assert api.get(response.headers["Location"]).get_json()["id"] == body["id"]
    assert body["system"] == system
    assert names(body["players"]) == players
    assert body["first_dealer"]["name"] == players[first]
    assert body["hand_count"] == 0
    assert body["ended_at"] is None
    standings = body["standings"]
    assert standings["stake_cents"] == shown["stake"]
    assert standings["unit"] == ("units" if shown["stake"] else "points")
    assert figures(standings) == shown["rows"]
    assert standings["kitty"] == shown["kitty"]
    assert standings["pot"] == shown["pot"]
    assert standings["games"] == []
    nxt = standings["next_hand"]
    assert (nxt["number"], nxt["game"]) == (1, 1)
    assert nxt["dealer"]["name"] == shown["dealer"]
    assert names(nxt["active"]) == shown["active"]
    assert sorted(names(nxt["sitting_out"])) == shown["out"]
    assert nxt["first_bidder"]["name"] == shown["active"][0]
    assert nxt["legal_bids"][:9] == shown["bids"]
    assert nxt["quick_bids"] == nxt["legal_bids"][:16]
    assert nxt["target"] == shown["target"]


@pytest.mark.parametrize(
    "again",
    [
        pytest.param(["ÉLODIE", "Bob", "Cy"], id="the same non-ascii capitals"),
        pytest.param(["\u00e9lodie", "BOB", "cy"], id="in small letters"),
        pytest.param(["E\u0301LODIE", "Bob", "Cy"], id="decomposed"),
    ],
)
def test_a_name_with_a_non_ascii_capital_used_again_is_the_same_player(api, again):
    body = {"system": "brooklyn", "players": ["ÉLODIE", "Bob", "Cy"], "first_dealer_seat": 0}
    first = api.post(f"{API}/sessions", json=body)

    second = api.post(f"{API}/sessions", json={**body, "players": again})

    assert (first.status_code, second.status_code) == (201, 201)
    ids = [[p["id"] for p in r.get_json()["players"]] for r in (first, second)]
    assert ids[0] == ids[1]
    assert names(second.get_json()["players"]) == ["ÉLODIE", "Bob", "Cy"]


def test_a_new_session_takes_its_stake_and_house_rules(api):
    # Hoyle at 25 cents a unit, the kitty joining from 400, payments tripled in hearts.
    session = start(
        api, "hoyle", FIVE[:4], stake_cents=25,
        options={"kitty_threshold": 400, "hearts_triple": True},
    )  # fmt: skip

    options = session.created["options"]
    assert (options["stake"], options["kitty_threshold"], options["hearts_triple"]) == (
        25, 400, True,
    )  # fmt: skip
    assert options["schedule"] == "hoyle"  # the rest stays the preset's
    assert session.created["standings"]["stake_cents"] == 25
    # Ann deals and sits out; Bob makes 350 in hearts: 5 units x 3 = 15 from each of the
    # three others; the kitty only joins from 400. 15 units are 15 x 25 = 375 cents.
    hand = session.save(declarer="Bob", bid=350, trump="H", outcome="made")
    assert figures(hand["standings"]) == {"Ann": -15, "Bob": 45, "Cal": -15, "Dan": -15,
                                          "Kitty": 0}  # fmt: skip
    assert cents(hand["standings"])["Bob"] == 1125


def test_a_table_at_scale_10_writes_bids_and_the_target_divided_by_ten(api):
    session = start(api, "bison", FIVE[:3], options={"scale": 10, "target": 1000})

    nxt = session.created["standings"]["next_hand"]
    assert nxt["legal_bids"][:3] == [25, 26, 27]
    assert nxt["target"] == 100
    assert session.created["options"]["min_bid"] == 250  # options stay in full points
    # A bid taken from the list is one a hand accepts: Bob bids 25 (250) in clubs with
    # 15 (150) meld; 12 counters and the last trick are 13 (130): 28 >= 25, made.
    saved = session.save(
        declarer="Bob", bid=nxt["legal_bids"][0], trump="C", meld={"Bob": "15"},
        takes={"Ann": 4, "Bob": 12, "Cal": 8}, last_trick="Bob",
    )  # fmt: skip
    # Ann 4 counters = 4; Cal 8 counters = 8.
    assert figures(saved["standings"]) == {"Ann": 4, "Bob": 28, "Cal": 8}


def test_the_legal_bids_climb_a_ladder_whose_steps_widen(api):
    # Double deck, written without the trailing zero: from 50 in ones, from 60 in fives,
    # from 100 in tens (RULES 4.2). Options travel in full points, [from, step] pairs.
    rungs = [[600, 50], [1000, 100]]
    session = start(
        api, "partnership", FIVE[:4], options={"scale": 10, "min_bid": 500, "bid_rungs": rungs}
    )

    assert session.created["options"]["bid_rungs"] == rungs
    nxt = session.created["standings"]["next_hand"]
    assert nxt["legal_bids"][8:21] == [58, 59, 60, 65, 70, 75, 80, 85, 90, 95, 100, 110, 120]
    assert nxt["quick_bids"] == [*range(50, 61), 65, 70, 75, 80, 85]


# -- refusals ----------------------------------------------------------------------------------

TOO_FEW = {
    "brooklyn": (2, "Brooklyn (chips) is played by 3 to 4 players, not 2."),
    "brooklyn-pot": (2, "Brooklyn with a pot is played by 3 to 8 players, not 2."),
    "hoyle": (2, "Hoyle (chips and the kitty) is played by 3 to 5 players, not 2."),
    "bison": (2, "Bison (points to 1500) is played by 3 players, not 2."),
    "partnership": (3, "Partnership is played by 4 players, not 3."),
}


def assert_refused(response, field: str, message: str) -> None:
    """A 422 problem naming ``field`` with ``message`` (the field first, then the rule)."""
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 422
    assert problem_fields(response) == {field: f"{field}: {message}"}
    assert problem["detail"] == f"{field}: {message}"


@pytest.mark.parametrize("system", TOO_FEW)
def test_too_few_players_are_refused_naming_players(api, system):
    count, message = TOO_FEW[system]

    response = api.post(f"{API}/sessions", json={"system": system, "players": FIVE[:count]})

    assert_refused(response, "players", message)
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


@pytest.mark.parametrize("system", CREATED)
def test_an_unknown_option_is_refused_naming_it(api, system):
    players, _, _ = CREATED[system]

    response = api.post(
        f"{API}/sessions",
        json={"system": system, "players": players, "options": {"double_run": 300}},
    )

    assert_refused(response, "options.double_run", "'double_run' is not a house-rule option.")
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


@pytest.mark.parametrize("system", CREATED)
def test_a_name_seated_twice_is_refused(api, system):
    players, _, _ = CREATED[system]
    twice = [*players[:-1], players[0].upper()]  # names are told apart ignoring case

    response = api.post(f"{API}/sessions", json={"system": system, "players": twice})

    assert_refused(response, f"players.{len(twice) - 1}", "ANN is seated twice.")  # its seat
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


def test_an_option_of_another_game_and_a_bad_stake_are_refused_naming_them(api):
    kitty = api.post(
        f"{API}/sessions",
        json={"system": "bison", "players": FIVE[:3], "options": {"kitty_threshold": 300}},
    )
    stake = api.post(
        f"{API}/sessions", json={"system": "hoyle", "players": FIVE[:3], "stake_cents": 0}
    )
    step = api.post(
        f"{API}/sessions",
        json={"system": "brooklyn", "players": FIVE[:3], "options": {"min_bid": 305}},
    )
    game = api.post(
        f"{API}/sessions",
        json={"system": "brooklyn", "players": FIVE[:3], "options": {"system": "bison"}},
    )

    assert_refused(
        kitty, "options.kitty_threshold", "Kitty joins at does not apply to Bison (points to 1500)."
    )
    assert_refused(stake, "stake_cents", "Stake per chip must be at least 1 cent.")
    assert_refused(
        step, "options.min_bid", "Minimum bid must be a multiple of 10 or 25 points, not 305."
    )
    assert problem_fields(game).keys() == {"options.system"}
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


def test_a_body_of_the_wrong_shape_lists_every_field(api):
    response = api.post(
        f"{API}/sessions",
        json={
            "system": "whist",
            "players": "Ann, Bob",
            "first_dealer_seat": -1,
            "stake_cents": "ten",
        },
    )

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"
    assert set(problem_fields(response)) == {
        "system",
        "players",
        "first_dealer_seat",
        "stake_cents",
    }
    for field, message in problem_fields(response).items():
        assert message.startswith(f"{field}: ")


def test_a_body_that_is_not_json_is_refused_with_415(api):
    response = api.post(f"{API}/sessions", data="system=hoyle", content_type="text/plain")

    assert response.status_code == 415
    assert response.get_json()["code"] == "unsupported-media-type"
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        pytest.param(
            '{"system": "hoyle",',
            "body: not valid JSON: a name in double quotes was expected at line 1, column 20.",
            id="cut-short",
        ),
        pytest.param(
            '{"system": "hoyle",\n "players": ["Ann" "Bob"]}',
            "body: not valid JSON: a comma was expected at line 2, column 20.",
            id="comma-missing-on-the-second-line",
        ),
        pytest.param("", "body: empty; send the request as a JSON object.", id="empty"),
        pytest.param(
            "\xff",
            "body: not valid JSON: a value was expected (a number, a string in double quotes, "
            "true, false, null, a list or an object) at line 1, column 1.",
            id="junk",
        ),
    ],
)
def test_a_body_that_is_not_valid_json_is_a_400_naming_where(api, body, detail):
    response = api.post(f"{API}/sessions", data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid-json"
    assert response.get_json()["detail"] == detail
    assert problem_fields(response) == {"body": detail}
    assert api.get(f"{API}/sessions").get_json()["sessions"] == []


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        pytest.param('["Ann", "Bob", "Cal"]', "a list", id="list"),
        pytest.param('"hoyle"', "a string", id="string"),
        pytest.param("300", "a number", id="number"),
        pytest.param("true", "true or false", id="boolean"),
        pytest.param("null", "null", id="null"),
    ],
)
def test_json_that_is_not_an_object_is_a_422_naming_the_body(api, body, kind):
    response = api.post(f"{API}/sessions", data=body, content_type="application/json")

    assert response.status_code == 422
    assert response.get_json()["code"] == "invalid-request"
    assert problem_fields(response) == {"body": f"body: send a JSON object ({{...}}), not {kind}."}


def test_a_body_nested_too_deeply_is_a_400(api):
    response = api.post(
        f"{API}/sessions", data="[" * 100_000 + "]" * 100_000, content_type="application/json"
    )

    assert response.status_code == 400
    assert response.get_json()["code"] == "too-deep"
    assert problem_fields(response) == {"body": "body: lists or objects nest too deeply."}


def test_an_unknown_session_is_a_404_problem(api):
    for url in (f"{API}/sessions/404", f"{API}/sessions/404/standings"):
        response = api.get(url)
        assert response.status_code == 404
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["detail"] == "No session 404."
    assert api.patch(f"{API}/sessions/404", json={"ended": True}).status_code == 404


def test_an_id_past_64_bits_is_a_404_for_every_method_not_a_405(api):
    too_big = 2**63  # one past the largest id a row can have
    assert api.get(f"{API}/sessions/{too_big}").status_code == 404
    assert api.patch(f"{API}/sessions/{too_big}", json={"ended": True}).status_code == 404
    assert api.put(f"{API}/sessions/1/hands/{too_big}", json={}).status_code == 404


def test_a_method_a_path_does_not_take_is_405_whatever_the_body(api):
    session = start(api, "hoyle", FIVE[:4])

    for method, url in (("put", f"{API}/sessions"), ("post", session.url)):
        response = getattr(api, method)(url, data="x", content_type="text/plain")
        assert response.status_code == 405, (method, url)
        assert response.mimetype == "application/problem+json"
    allowed = api.put(f"{API}/sessions").headers["Allow"]
    assert set(allowed.split(", ")) == {"GET", "HEAD", "OPTIONS", "POST"}
    assert api.post(f"{API}/nothing", data="x", content_type="text/plain").status_code == 404


# -- list --------------------------------------------------------------------------------------


def test_the_list_shows_every_session_newest_first_with_its_hand_count(api):
    hoyle = start(api, "hoyle", FIVE[:4])
    bison = start(api, "bison", FIVE[:3])
    hoyle.save(declarer="Bob", bid=300, outcome="forfeit")
    hoyle.save(declarer="Cal", bid=300, trump="C", outcome="made")

    listed = api.get(f"{API}/sessions").get_json()["sessions"]

    assert [(s["id"], s["system"], s["hand_count"]) for s in listed] == [
        (bison.id, "bison", 0), (hoyle.id, "hoyle", 2),
    ]  # fmt: skip
    assert names(listed[1]["players"]) == FIVE[:4]
    assert listed[1]["system_label"] == "Hoyle (chips and the kitty)"
    assert listed[1]["ended_at"] is None


# -- read: standings, next hand, kitty or pot, games, payments ---------------------------------


def test_brooklyn_read_gives_standings_next_hand_and_both_settlements(api):
    session = start(api, "brooklyn", FIVE[:4])
    # Hand 1, Ann deals, Dan (her right) sits out: Bob makes 350 in spades, 2 x 2 = 4 units
    # from each of Ann, Cal and Dan: Bob +12, the others -4.
    session.save(declarer="Bob", bid=350, trump="S", outcome="made")
    # Hand 2, Bob deals, Ann sits out: Cal is set at 300 in hearts: 2 x 1 = 2 to each of Ann,
    # Bob and Dan. Ann -2, Bob 14, Cal -10, Dan -2.
    session.save(declarer="Cal", bid=300, trump="H", outcome="set")
    # Hand 3, Cal deals, Bob sits out: nobody bids, Cal takes it over at 250 and concedes:
    # 1 unit to each of the three. Ann -1, Bob 15, Cal -13, Dan -1.
    session.save(declarer="Cal", bid=250, takeover=True, outcome="conceded")

    read = session.read()

    standings = read["standings"]
    assert read["hand_count"] == 3
    assert figures(standings) == {"Ann": -1, "Bob": 15, "Cal": -13, "Dan": -1}
    assert cents(standings) == {"Ann": -10, "Bob": 150, "Cal": -130, "Dan": -10}
    # Hand 4: Dan deals; from his left Ann, Bob, Cal, Dan: Cal (his right) sits out.
    assert notes(standings) == {"Ann": "", "Bob": "", "Cal": "sits out", "Dan": "deals"}
    assert [row["leader"] for row in standings["rows"]] == [False, True, False, False]
    nxt = standings["next_hand"]
    assert (nxt["number"], nxt["dealer"]["name"], nxt["first_bidder"]["name"]) == (4, "Dan", "Ann")
    assert names(nxt["active"]) == ["Ann", "Bob", "Dan"]
    settlement = read["settlement"]
    assert nets(settlement) == {"Ann": -10, "Bob": 150, "Cal": -130, "Dan": -10}
    assert settlement["fund"] is None
    # Fewest: no two nets cancel and no smaller group adds to 0, so 4 - 1 = 3 payments, each
    # debtor to Bob.
    assert payments(settlement["fewest"]) == [
        ("Ann", "Bob", 10), ("Cal", "Bob", 130), ("Dan", "Bob", 10),
    ]  # fmt: skip
    # Direct: every hand's payments netted pair by pair, in units: Ann owes Bob 4 (hand 1);
    # Cal owes Bob 4 + 2 + 1 = 7, Ann 2 + 1 = 3 and Dan 2 + 1 = 3; Dan owes Bob 4.
    assert payments(settlement["direct"]) == [
        ("Ann", "Bob", 40), ("Cal", "Ann", 30), ("Cal", "Bob", 70), ("Cal", "Dan", 30),
        ("Dan", "Bob", 40),
    ]  # fmt: skip
    assert "Cal pays Bob $1.30" in [p["text"] for p in settlement["fewest"]]
    assert settlement["still_to_pay"] == settlement["fewest"]


def test_brooklyn_pot_read_gives_the_pot_and_its_division(api):
    session = start(api, "brooklyn-pot", FIVE)
    # Antes: everyone -5, pot 25.
    # Hand 1, Ann deals, Bob, Cal and Dan play: Bob is set at 330 in spades (seed 000):
    # 330 // 50 = 6, x 2 spades = 12, x 2 set = 24 to each of the four others and the pot.
    # Ann, Cal, Dan, Eve 19; Bob -125; pot 49.
    session.save(declarer="Bob", bid=330, trump="S", outcome="set")
    # Hand 2, Bob deals, Cal, Dan and Eve play: Cal makes 400 in diamonds: 8 from each of
    # the four others (+32), and 400 reaches the threshold: Cal takes the 49 in the pot, then
    # all five ante 5 again. Ann 19 - 8 - 5 = 6, Bob -138, Cal 19 + 32 + 49 - 5 = 95,
    # Dan 6, Eve 6; pot 25.
    session.save(declarer="Cal", bid=400, trump="D", outcome="made")
    # Hand 3, Cal deals, Dan, Eve and Ann play: Dan concedes 250 in clubs: 5 x 1 = 5 to each
    # of the four others and to the pot. Ann 11, Bob -133, Cal 100, Dan -19, Eve 11; pot 30.
    session.save(declarer="Dan", bid=250, trump="C", outcome="conceded")

    read = session.read()

    standings = read["standings"]
    assert standings["pot"] == 30
    assert figures(standings) == {"Ann": 11, "Bob": -133, "Cal": 100, "Dan": -19, "Eve": 11,
                                  "Pot": 30}  # fmt: skip
    # The pot divides 30 / 5 = 6 each, nothing left over.
    assert {r["holder"]["name"]: r["with_share"] for r in standings["rows"][:5]} == {
        "Ann": 17, "Bob": -127, "Cal": 106, "Dan": -13, "Eve": 17,
    }  # fmt: skip
    # Hand 4: Dan deals, Eve, Ann and Bob play.
    assert names(standings["next_hand"]["active"]) == ["Eve", "Ann", "Bob"]
    settlement = read["settlement"]
    fund = settlement["fund"]
    assert (fund["kind"], fund["units"], fund["share_units"], fund["undivided_units"]) == (
        "pot", 30, 6, 0,
    )  # fmt: skip
    assert fund["cents"] == 150
    # Nets with the share, at 5 cents: Ann 85, Bob -635, Cal 530, Dan -65, Eve 85.
    assert nets(settlement) == {"Ann": 85, "Bob": -635, "Cal": 530, "Dan": -65, "Eve": 85}
    # Fewest: one group (no subset adds to 0), greedy: Bob pays Cal 530, then Ann 85 (Ann
    # before Eve), then Dan, the larger debt left, pays Eve 65, and Bob pays Eve 20.
    assert payments(settlement["fewest"]) == [
        ("Bob", "Ann", 85), ("Bob", "Cal", 530), ("Bob", "Eve", 20), ("Dan", "Eve", 65),
    ]  # fmt: skip
    # Direct, in units netted pair by pair (antes, hands, then the pot's division of 6 each):
    # Ann-pot 5 + 5 - 6 = 4 in; Bob-pot 5 + 24 + 5 - 6 = 28 in; the pot pays Cal
    # 49 + 6 - 5 - 5 = 45; Dan-pot 5 + 5 + 5 - 6 = 9 in; Eve-pot 5 + 5 - 6 = 4 in.
    # Between players: Bob pays Ann 24, Cal 24 + 8 = 32, Dan 24 - 5 = 19, Eve 24;
    # Ann pays Cal 8; Dan pays Ann 5, Cal 8 + 5 = 13, Eve 5; Eve pays Cal 8.
    assert payments(settlement["direct"]) == sorted(
        (payer, payee, 5 * units)
        for payer, payee, units in [
            ("Ann", "Pot", 4), ("Bob", "Pot", 28), ("Pot", "Cal", 45), ("Dan", "Pot", 9),
            ("Eve", "Pot", 4), ("Bob", "Ann", 24), ("Bob", "Cal", 32), ("Bob", "Dan", 19),
            ("Bob", "Eve", 24), ("Ann", "Cal", 8), ("Dan", "Ann", 5), ("Dan", "Cal", 13),
            ("Dan", "Eve", 5), ("Eve", "Cal", 8),
        ]
    )  # fmt: skip


def test_hoyle_read_gives_the_kitty_and_what_stays_undivided(api):
    session = start(api, "hoyle", FIVE[:4])
    # Hand 1, Ann deals and sits out; Bob, first to bid, forfeits the compulsory 300: 3 units
    # to the kitty. Bob -3, kitty 3.
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    # Hand 2, Bob sits out: Cal makes 350 in spades: 5 x 2 = 10 from Ann, Bob, Dan and the
    # kitty (350 reaches the threshold). The kitty, 3 - 10 = -7, is short: each of the four
    # pays 7 / 4 rounded up = 2, leaving it at 1. Ann -12, Bob -15, Cal 38, Dan -12.
    session.save(declarer="Cal", bid=350, trump="S", outcome="made")
    # Hand 3, Cal sits out: Dan is set at 300 in hearts, below the threshold: 3 x 2 = 6 to
    # each of Ann, Bob and Cal. Ann -6, Bob -9, Cal 44, Dan -30, kitty 1.
    session.save(declarer="Dan", bid=300, trump="H", outcome="set")

    read = session.read()

    standings = read["standings"]
    assert standings["kitty"] == 1
    assert figures(standings) == {"Ann": -6, "Bob": -9, "Cal": 44, "Dan": -30, "Kitty": 1}
    assert cents(standings)["Kitty"] == 10
    # Hand 4: Dan deals and sits out; Ann bids first.
    assert notes(standings)["Dan"] == "deals, sits out"
    assert standings["next_hand"]["first_bidder"]["name"] == "Ann"
    settlement = read["settlement"]
    fund = settlement["fund"]
    # 1 unit among four players: no share, 1 undivided.
    assert (fund["kind"], fund["share_units"], fund["undivided_units"]) == ("kitty", 0, 1)
    assert nets(settlement) == {"Ann": -60, "Bob": -90, "Cal": 440, "Dan": -300, "Kitty": 10}
    # Fewest: one group; Dan pays Cal 300, Bob 90, Ann the 50 Cal is still owed, and the
    # last 10 of Ann's to the kitty's undivided unit.
    assert payments(settlement["fewest"]) == [
        ("Ann", "Cal", 50), ("Ann", "Kitty", 10), ("Bob", "Cal", 90), ("Dan", "Cal", 300),
    ]  # fmt: skip
    assert settlement["fewest"][-1]["text"] == "Ann puts $0.10 in the kitty"
    # Direct, units netted pair by pair: Bob-kitty 3 + 2 = 5 in; Ann, Bob and Dan each pay
    # Cal 10 (hand 2) and Dan 6 more (hand 3): 16; the kitty pays Cal 10 less his 2: 8;
    # Ann and Dan each put 2 in the kitty; Dan pays Ann 6 and Bob 6.
    assert payments(settlement["direct"]) == sorted(
        (payer, payee, 10 * units)
        for payer, payee, units in [
            ("Bob", "Kitty", 5), ("Ann", "Cal", 10), ("Bob", "Cal", 10), ("Dan", "Cal", 16),
            ("Kitty", "Cal", 8), ("Ann", "Kitty", 2), ("Dan", "Kitty", 2), ("Dan", "Ann", 6),
            ("Dan", "Bob", 6),
        ]
    )  # fmt: skip


BISON_GAME = {"target": 500, "game_stake": 100, "set_stake": 25}


def play_bison(session) -> None:
    """Four hands of Bison to 500 for $1.00 a game and 25 cents a set (figures in the tests)."""
    # Hand 1, Ann deals: Bob 250 in hearts, meld Bob 150, Cal 40, Ann 20; counters Bob 12,
    # Cal 8, Ann 4, Bob the last trick. Bob 150 + 130 = 280 made; Cal 40 + 80; Ann 20 + 40.
    session.save(
        declarer="Bob", bid=250, trump="H", meld={"Bob": "150", "Cal": "40", "Ann": "20"},
        takes={"Ann": 4, "Bob": 12, "Cal": 8}, last_trick="Bob",
    )  # fmt: skip
    # Hand 2, Bob deals: Cal 300 in spades, meld Cal 100, Ann 40, Bob 60; counters Cal 10,
    # Ann 14, Bob 0, Ann the last trick: Cal 100 + 100 = 200 < 300, set: -300 (a double set).
    # Ann 40 + 150 = 190; Bob took no counter: nothing. Ann 250, Bob 280, Cal -180.
    session.save(
        declarer="Cal", bid=300, trump="S", meld={"Cal": "100", "Ann": "40", "Bob": "60"},
        takes={"Ann": 14, "Bob": 0, "Cal": 10}, last_trick="Ann",
    )  # fmt: skip
    # Hand 3, Cal deals: Ann 250 in diamonds, meld Ann 80, Bob 20; counters Ann 16, Bob 6,
    # Cal 2, Ann the last trick: Ann 80 + 170 = 250 made: 500, the target, and she is the
    # bidder: she goes out. Bob 20 + 60 = 80: 360. Cal 20: -160. Game 1 to Ann: Bob pays her
    # $1.00, Cal $1.00 + 2 x 25 cents for his double set = $1.50.
    session.save(
        declarer="Ann", bid=250, trump="D", meld={"Ann": "80", "Bob": "20"},
        takes={"Ann": 16, "Bob": 6, "Cal": 2}, last_trick="Ann",
    )  # fmt: skip
    # Hand 4, game 2: the winner, Ann, deals. Bob concedes 260 in clubs (a single set):
    # -260; Cal and Ann add their meld, 40 and 20.
    session.save(
        declarer="Bob", bid=260, trump="C", outcome="conceded",
        meld={"Bob": "60", "Cal": "40", "Ann": "20"},
    )  # fmt: skip


def test_bison_read_gives_games_their_winners_and_the_game_money(api):
    session = start(api, "bison", FIVE[:3], options=BISON_GAME)
    play_bison(session)

    read = session.read()

    standings = read["standings"]
    assert figures(standings) == {"Ann": 20, "Bob": -260, "Cal": 40}
    # Money so far: Ann +100 + 150, Bob -100, Cal -150; game 2 is not over, so Bob's single
    # set costs nothing yet.
    assert cents(standings) == {"Ann": 250, "Bob": -100, "Cal": -150}
    # Hand 5: the deal passes from Ann to Bob.
    assert notes(standings) == {"Ann": "1 game", "Bob": "deals", "Cal": ""}
    assert [row["leader"] for row in standings["rows"]] == [False, False, True]
    nxt = standings["next_hand"]
    assert (nxt["number"], nxt["game"], nxt["target"]) == (5, 2, 500)
    assert names(nxt["active"]) == ["Cal", "Ann", "Bob"]
    [game] = standings["games"]
    assert (game["number"], game["first_hand"], game["last_hand"]) == (1, 1, 3)
    assert game["winner"] == {"kind": "player", "name": "Ann", "player_ids": [session.ids["Ann"]]}
    assert game["reason"] == "Ann went out bidding: 500"
    assert {s["holder"]["name"]: s["points"] for s in game["scores"]} == {
        "Ann": 500, "Bob": 360, "Cal": -160,
    }  # fmt: skip
    settlement = read["settlement"]
    assert nets(settlement) == {"Ann": 250, "Bob": -100, "Cal": -150}
    assert payments(settlement["fewest"]) == [("Bob", "Ann", 100), ("Cal", "Ann", 150)]
    assert payments(settlement["direct"]) == [("Bob", "Ann", 100), ("Cal", "Ann", 150)]


def play_partnership(session) -> None:
    """Four hands of Partnership to 500 for 50 cents a game (figures in the tests)."""
    # Hand 1, Ann deals: Bob 250 in clubs, meld Bob 100, Dan 40, Ann 20; Bob & Dan take 150:
    # 140 + 150 = 290 made. Ann & Cal: 20 + 100 = 120.
    session.save(
        declarer="Bob", bid=250, trump="C", meld={"Bob": "100", "Dan": "40", "Ann": "20"},
        tricks=150,
    )  # fmt: skip
    # Hand 2, Bob deals: Cal 300 in spades, meld Cal 150, Ann 60, Bob 20; Ann & Cal take 160:
    # 210 + 160 = 370 made: 490. Bob & Dan 20 + 90 = 110: 400.
    session.save(
        declarer="Cal", bid=300, trump="S", meld={"Cal": "150", "Ann": "60", "Bob": "20"},
        tricks=160,
    )  # fmt: skip
    # Hand 3, Cal deals: Dan 250 in hearts, meld Dan 40, Ann 20; Bob & Dan take 50: 90 < 250,
    # set: -250: 150. Ann & Cal 20 + 200 = 220: 710, past 500 alone: they win game 1.
    # Each loser pays one winner 50 cents: Bob pays Ann, Dan pays Cal.
    session.save(declarer="Dan", bid=250, trump="H", meld={"Dan": "40", "Ann": "20"}, tricks=50)
    # Hand 4, game 2, the deal keeps moving: Dan deals. Ann 250 in diamonds, meld Ann 80,
    # Cal 40; Ann & Cal take 140: 260 made. Bob & Dan take 110 with no meld: 110.
    session.save(declarer="Ann", bid=250, trump="D", meld={"Ann": "80", "Cal": "40"}, tricks=140)


def test_partnership_read_gives_team_scores_games_and_paired_stakes(api):
    session = start(api, "partnership", FIVE[:4], options={"target": 500, "game_stake": 50})
    play_partnership(session)

    read = session.read()

    standings = read["standings"]
    assert figures(standings) == {"Ann & Cal": 260, "Bob & Dan": 110}
    assert cents(standings) == {"Ann & Cal": 100, "Bob & Dan": -100}
    assert notes(standings) == {"Ann & Cal": "1 game", "Bob & Dan": ""}
    team = standings["rows"][0]["holder"]
    assert (team["kind"], team["player_ids"]) == ("team", [session.ids["Ann"], session.ids["Cal"]])
    nxt = standings["next_hand"]
    assert (nxt["number"], nxt["game"], nxt["dealer"]["name"]) == (5, 2, "Ann")
    [game] = standings["games"]
    assert (game["first_hand"], game["last_hand"], game["reason"]) == (
        1,
        3,
        "Ann & Cal reached 500 first, with 710",
    )
    assert game["winner"]["name"] == "Ann & Cal"
    assert {s["holder"]["name"]: s["points"] for s in game["scores"]} == {
        "Ann & Cal": 710, "Bob & Dan": 150,
    }  # fmt: skip
    settlement = read["settlement"]
    assert nets(settlement) == {"Ann": 50, "Bob": -50, "Cal": 50, "Dan": -50}
    assert payments(settlement["fewest"]) == [("Bob", "Ann", 50), ("Dan", "Cal", 50)]
    assert payments(settlement["direct"]) == [("Bob", "Ann", 50), ("Dan", "Cal", 50)]


# -- PATCH: house rules, end and reopen --------------------------------------------------------


def test_changing_a_house_rule_replays_every_hand(api):
    session = start(api, "brooklyn", FIVE[:4])
    session.save(declarer="Bob", bid=350, trump="S", outcome="made")
    session.save(declarer="Cal", bid=300, trump="H", outcome="set")
    before = session.read()["version"]

    response = api.patch(session.url, json={"options": {"spades_double": False}})

    # Bob's 350 in spades is now worth 2, not 4, from each of Ann, Cal and Dan: Bob +6.
    # Hand 2 is unchanged (Cal pays 2 to each). Ann 0, Bob 8, Cal -8, Dan 0.
    assert response.status_code == 200
    body = response.get_json()
    assert body["options"]["spades_double"] is False
    assert body["options"]["forbidden_endings"] == [40, 90]  # the rest is kept
    assert figures(body["standings"]) == {"Ann": 0, "Bob": 8, "Cal": -8, "Dan": 0}
    assert body["version"] == before + 1
    first = session.hand(1).get_json()
    assert first["result"]["changes"][1]["change"] == 6
    assert first["result"]["text"].startswith("Bob makes 350")


# system -> (a house rule changed after the first hand of calls.FIRST_HANDS, the standings
# replayed under it, the games it ends)
RULE_CHANGES = {
    # Bob's 350 is in hearts: spades no longer doubling changes nothing.
    "brooklyn": ({"spades_double": False}, {"Ann": -2, "Bob": 6, "Cal": -2, "Dan": -2}, []),
    # Cal's 300 in spades is 6 units, no longer doubled: 6 from each of the four others; with
    # the ante of 5: Cal -5 + 24 = 19, the others -11; the pot keeps its 25.
    "brooklyn-pot": (
        {"spades_double": False},
        {"Ann": -11, "Bob": -11, "Cal": 19, "Dan": -11, "Eve": -11, "Pot": 25},
        [],
    ),
    # The forfeit pays the schedule's value for 300: 1 under hoyle-plus-two, not 3.
    "hoyle": (
        {"schedule": "hoyle-plus-two"},
        {"Ann": 0, "Bob": -1, "Cal": 0, "Dan": 0, "Kitty": 1},
        [],
    ),
    # Bob's 280 passes a target of 250 and he is the bidder: game 1 is his. Game 2 starts at 0.
    "bison": (
        {"target": 250},
        {"Ann": 0, "Bob": 0, "Cal": 0},
        [("Bob", "Bob went out bidding: 280")],
    ),
    # Bob & Dan's 290 passes 250 alone: game 1 is theirs.
    "partnership": (
        {"target": 250},
        {"Ann & Cal": 0, "Bob & Dan": 0},
        [("Bob & Dan", "Bob & Dan reached 250 first, with 290")],
    ),
}


@pytest.mark.parametrize("system", RULE_CHANGES)
def test_a_house_rule_changed_after_a_hand_replays_it_in_every_game(api, system):
    session, fields = first_hand(api, system)
    session.save(**fields)
    change, expected, games = RULE_CHANGES[system]

    response = api.patch(session.url, json={"options": change})

    assert response.status_code == 200
    body = response.get_json()
    assert {name: body["options"][name] for name in change} == change
    assert figures(body["standings"]) == expected
    assert [(g["winner"]["name"], g["reason"]) for g in body["standings"]["games"]] == games
    assert session.standings() == body["standings"]


def test_a_change_a_stored_hand_cannot_survive_is_refused_and_changes_nothing(api):
    session = start(api, "hoyle", FIVE[:4])
    session.save(declarer="Bob", bid=300, outcome="forfeit")
    session.save(declarer="Cal", bid=310, trump="C", outcome="made")
    before = session.read()

    response = api.patch(session.url, json={"options": {"min_bid": 350}})

    assert response.status_code == 422
    [(field, message)] = problem_fields(response).items()
    assert field == "options"
    assert message == (
        "options: Under these rules hand 1: Bid 300 is below the minimum bid of 350. "
        "Correct that hand first, or keep the rules."
    )
    after = session.read()
    assert after["options"]["min_bid"] == 300
    assert after["version"] == before["version"]
    assert after["standings"] == before["standings"]


def test_an_invalid_option_value_is_refused_naming_it(api):
    session = start(api, "bison", FIVE[:3])

    response = api.patch(session.url, json={"options": {"card_values": "classic", "scale": 10}})

    assert response.status_code == 422
    [field] = problem_fields(response)
    assert field == "options.scale"
    assert session.read()["options"]["scale"] == 1


def test_ending_and_reopening_a_session(api):
    session = start(api, "brooklyn-pot", FIVE[:3])
    session.save(declarer="Bob", bid=250, trump="C", outcome="made")

    ended = api.patch(session.url, json={"ended": True})

    assert ended.status_code == 200
    assert ended.get_json()["ended_at"] is not None
    assert ended.get_json()["standings"]["ended"] is True
    refused = session.post_hand(declarer="Cal", bid=250, trump="C", outcome="made")
    assert refused.status_code == 422
    assert problem_fields(refused) == {
        "session": "session: This session has ended: reopen it to add hands."
    }
    again = api.patch(session.url, json={"ended": True})
    assert again.get_json()["version"] == ended.get_json()["version"]  # already ended

    reopened = api.patch(session.url, json={"ended": False})

    assert reopened.status_code == 200
    assert reopened.get_json()["ended_at"] is None
    assert session.post_hand(declarer="Cal", bid=250, trump="C", outcome="made").status_code == 201


# -- ETags -------------------------------------------------------------------------------------


def test_standings_are_answered_304_while_unchanged_and_200_after_a_save(api):
    session = start(api, "hoyle", FIVE[:4])
    first = api.get(f"{session.url}/standings")
    etag = first.headers["ETag"]

    unchanged = api.get(f"{session.url}/standings", headers={"If-None-Match": etag})

    assert unchanged.status_code == 304
    assert unchanged.headers["ETag"] == etag
    assert unchanged.data == b""

    session.save(declarer="Bob", bid=300, outcome="forfeit")
    changed = api.get(f"{session.url}/standings", headers={"If-None-Match": etag})

    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert changed.get_json()["kitty"] == 3
    again = api.get(f"{session.url}/standings", headers={"If-None-Match": changed.headers["ETag"]})
    assert again.status_code == 304


def test_phones_polling_one_version_share_one_rendering_and_a_save_renders_anew(api, monkeypatch):
    rendered = []

    def counted(loaded):
        rendered.append(loaded.row.version)
        return session_standings(loaded)

    monkeypatch.setattr(sessions_api, "session_standings", counted)
    session = start(api, "hoyle", FIVE[:4])

    bodies = [api.get(f"{session.url}/standings") for _ in range(3)]  # three phones, no tag

    assert [b.status_code for b in bodies] == [200, 200, 200]
    assert len({b.data for b in bodies}) == 1 and len({b.headers["ETag"] for b in bodies}) == 1
    assert len(rendered) == 1
    session.save(declarer="Bob", bid=300, outcome="forfeit")  # 3 to the kitty (RULES 5)
    after = api.get(f"{session.url}/standings")
    assert after.get_json()["kitty"] == 3
    assert after.headers["ETag"] != bodies[0].headers["ETag"]
    assert len(rendered) == 2


@pytest.mark.parametrize("system", FIRST_HANDS)
def test_every_game_answers_its_standings_304_until_a_hand_is_saved(api, system):
    session, fields = first_hand(api, system)
    etag = api.get(f"{session.url}/standings").headers["ETag"]
    assert api.get(f"{session.url}/standings", headers={"If-None-Match": etag}).status_code == 304

    session.save(**fields)

    after = api.get(f"{session.url}/standings", headers={"If-None-Match": etag})
    assert after.status_code == 200
    assert after.get_json()["next_hand"]["number"] == 2


def test_the_session_read_is_tagged_too(api):
    session = start(api, "bison", FIVE[:3])
    etag = api.get(session.url).headers["ETag"]

    assert api.get(session.url, headers={"If-None-Match": etag}).status_code == 304
    api.patch(session.url, json={"options": {"target": 1000}})
    assert api.get(session.url, headers={"If-None-Match": etag}).status_code == 200


@pytest.mark.parametrize("value", [0, 1, "true", "yes"], ids=["0", "1", "text true", "yes"])
def test_ended_takes_only_true_or_false(api, value):
    sid = api.post("/api/v1/sessions", json={"system": "brooklyn", "players": ["A", "B", "C"]})
    sid = sid.get_json()["id"]

    response = api.patch(f"/api/v1/sessions/{sid}", json={"ended": value})

    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "ended"
    assert api.get(f"/api/v1/sessions/{sid}").get_json()["ended_at"] is None
