"""Meld without a session through the API: ``POST /api/v1/meld`` scores cards laid down in
the trump named and in every trump, ``POST /api/v1/meld/check`` checks named melds or a meld
figure. Every figure is worked out by hand from RULES section 2 (full points)."""

from __future__ import annotations

import pytest

MELD = "/api/v1/meld"
CHECK = "/api/v1/meld/check"


def score(client, system: str, cards: str, trump: str | None = None, options=None):
    """POST the cards; the response."""
    body = {"system": system, "cards": cards, "trump": trump, "options": options or {}}
    return client.post(MELD, json=body)


def scored(client, system: str, cards: str, trump: str | None = None, options=None) -> dict:
    """POST the cards; the answer, which must be a 200."""
    response = score(client, system, cards, trump, options)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def lines(answer: dict) -> list[tuple[str, int, str | None, int]]:
    """The breakdown as (meld, count, suit, points)."""
    return [(ln["meld"], ln["count"], ln["suit"], ln["points"]) for ln in answer["breakdown"]]


def order(answer: dict) -> list[tuple[str, int]]:
    """``by_trump`` as (trump, total), in the order answered."""
    return [(item["trump"], item["total"]) for item in answer["by_trump"]]


def check(client, system: str, trump: str | None = None, options=None, **claim_or_number):
    """POST a claim or a figure to check; the response."""
    body = {"system": system, "trump": trump, "options": options or {}, **claim_or_number}
    return client.post(CHECK, json=body)


def verdict(client, system: str, trump: str | None = None, options=None, **claim_or_number):
    """POST a claim or a figure to check; the answer, which must be a 200."""
    response = check(client, system, trump, options, **claim_or_number)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def problem_of(response) -> tuple[str, str]:
    """A 422 problem's first field and message."""
    assert response.status_code == 422, response.get_json()
    assert response.mimetype == "application/problem+json"
    first = response.get_json()["errors"][0]
    return first["field"], first["message"]


# -- scoring cards ---------------------------------------------------------------------------


def test_a_run_and_the_dix_in_trump_make_160_and_only_a_marriage_in_another_trump(client):
    # RULES 2.1: run 150 + dix 10. In another trump K and Q of spades are a marriage (20),
    # and the 9 of spades is no dix.
    answer = scored(client, "brooklyn", "AS KS QS JS TS 9S", "S")

    assert answer["total"] == 160
    assert answer["unit"] == "points"
    assert answer["scale"] == 1
    assert answer["trump"] == "S"
    assert answer["cards"] == "AS TS KS QS JS 9S"
    assert lines(answer) == [("run", 1, None, 150), ("dix", 1, None, 10)]
    assert [ln["text"] for ln in answer["breakdown"]] == ["run 150", "dix 10"]
    assert answer["text"] == "run 150, dix 10 = 160"
    assert order(answer) == [("S", 160), ("H", 20), ("D", 20), ("C", 20)]


def test_by_trump_is_best_first_and_equal_totals_keep_the_order_spades_hearts_diamonds_clubs(
    client,
):
    # Hearts or diamonds trump: royal marriage 40 + the other marriage 20 = 60. Spades or
    # clubs trump: two plain marriages, 20 + 20 = 40. No trump named: the two marriages.
    answer = scored(client, "brooklyn", "KH QH KD QD")

    assert answer["trump"] is None
    assert answer["total"] == 40
    assert lines(answer) == [("marriage", 1, "H", 20), ("marriage", 1, "D", 20)]
    assert [ln["text"] for ln in answer["breakdown"]] == ["marriage ♥ 20", "marriage ♦ 20"]
    assert order(answer) == [("H", 60), ("D", 60), ("S", 40), ("C", 40)]


def test_a_meld_in_no_trump_at_all_is_the_same_in_every_trump_listed_spades_first(client):
    # Aces around 100 + pinochle (Q♠ J♦) 40 = 140, whatever the trump.
    answer = scored(client, "hoyle", "AS AH AD AC QS JD", "C")

    assert answer["total"] == 140
    assert lines(answer) == [("pinochle", 1, None, 40), ("aces around", 1, None, 100)]
    assert order(answer) == [("S", 140), ("H", 140), ("D", 140), ("C", 140)]


@pytest.mark.parametrize(
    ("cards", "trump", "name", "brooklyn", "bison"),
    [
        # RULES 2.2: double_meld_bonus off (brooklyn) is two singles; on (bison) the big figure.
        ("QS QS JD JD", "H", "pinochle", 2 * 40, 300),
        ("AS AS TS TS KS KS QS QS JS JS", "S", "run", 2 * 150, 1500),
        ("AS AS AH AH AD AD AC AC", "C", "aces around", 2 * 100, 1000),
        ("KC KC KD KD KH KH KS KS", "D", "kings around", 2 * 80, 800),
        ("JC JC JD JD JH JH JS JS", "H", "jacks around", 2 * 40, 400),
    ],
)
def test_a_double_is_two_singles_in_brooklyn_and_the_big_figure_in_bison(
    client, cards, trump, name, brooklyn, bison
):
    for system, points in (("brooklyn", brooklyn), ("bison", bison)):
        answer = scored(client, system, cards, trump)
        assert lines(answer) == [(name, 2, None, points)], system
        assert answer["total"] == points
        assert answer["breakdown"][0]["text"] == f"double {name} {points}"


def test_a_double_run_tops_the_trumps_and_its_kings_and_queens_marry_twice_elsewhere(client):
    # Spades trump: a double run. Any other trump: K K Q Q of spades are two marriages, 40
    # (two singles, and also the double figure of a marriage).
    for system, run in (("brooklyn", 300), ("bison", 1500)):
        answer = scored(client, system, "AS AS TS TS KS KS QS QS JS JS", "S")
        assert order(answer) == [("S", run), ("H", 40), ("D", 40), ("C", 40)], system


def test_a_run_and_a_second_trump_king_and_queen_are_190_or_390_with_the_240_custom(client):
    # RULES 2.3: the run's K and Q are used up; the second K Q of trump is a royal marriage:
    # 150 + 40 = 190. RULES 2.4: with double_trump_marriage 240, K K Q Q of trump is 240 and may
    # share the run's K and Q: 150 + 240 = 390. Another trump: two marriages in hearts, 40.
    cards = "AH TH KH KH QH QH JH"
    plain = scored(client, "brooklyn", cards, "H")
    custom = scored(client, "brooklyn", cards, "H", {"double_trump_marriage": 240})

    assert lines(plain) == [("run", 1, None, 150), ("royal marriage", 1, None, 40)]
    assert plain["total"] == 190
    assert lines(custom) == [("run", 1, None, 150), ("royal marriage", 2, None, 240)]
    assert custom["total"] == 390
    assert order(custom) == [("H", 390), ("S", 40), ("D", 40), ("C", 40)]


def test_a_roundhouse_is_240_in_every_trump(client):
    # RULES 2.4: kings around 80 + queens around 60 + royal marriage 40 + three marriages 60.
    answer = scored(client, "bison", "KS QS KH QH KD QD KC QC", "S")

    assert answer["total"] == 240
    assert lines(answer) == [
        ("royal marriage", 1, None, 40),
        ("marriage", 1, "H", 20),
        ("marriage", 1, "D", 20),
        ("marriage", 1, "C", 20),
        ("kings around", 1, None, 80),
        ("queens around", 1, None, 60),
    ]
    assert order(answer) == [("S", 240), ("H", 240), ("D", 240), ("C", 240)]


def test_a_run_with_a_roundhouse_is_350_or_390_under_roundhouse_with_run(client):
    # RULES 2.4: 150 + 80 + 60 + 60 = 350; at 390 the roundhouse's trump marriage adds 40.
    # Hearts trump: no run, so the roundhouse alone, 240.
    cards = "AS TS KS QS JS KH QH KD QD KC QC"
    at_350 = scored(client, "brooklyn", cards, "S")
    at_390 = scored(client, "brooklyn", cards, "S", {"roundhouse_with_run": 390})

    assert at_350["total"] == 350
    assert order(at_350) == [("S", 350), ("H", 240), ("D", 240), ("C", 240)]
    assert at_390["total"] == 390
    assert ("roundhouse's trump marriage", 1, None, 40) in lines(at_390)


def test_figures_stay_in_full_points_at_scale_10_and_the_scale_is_said(client):
    # Bison plays counters, so scale 10 is allowed; a run is still answered as 150.
    answer = scored(client, "bison", "AD TD KD QD JD", "D", {"scale": 10})

    assert answer["scale"] == 10
    assert answer["unit"] == "points"
    assert answer["total"] == 150


def test_cards_are_read_in_any_case_with_10_for_the_ten_and_suit_symbols(client):
    # RULES 1.2: "10D", "td" and "9♣" are cards. Diamonds trump: the run 150 and a pinochle
    # (Q♠ J♦) 40 = 190; the nine is of clubs, so no dix.
    answer = scored(client, "brooklyn", "ad, 10D kd qd jd qs 9♣", "D")

    assert answer["cards"] == "QS AD TD KD QD JD 9C"  # spades, hearts, diamonds, clubs
    assert answer["total"] == 190


def test_an_empty_hand_melds_nothing(client):
    answer = scored(client, "brooklyn", " ", "S")

    assert answer["total"] == 0
    assert answer["breakdown"] == []
    assert order(answer) == [("S", 0), ("H", 0), ("D", 0), ("C", 0)]


def test_partnership_hands_hold_12_cards_and_a_13th_is_refused_naming_the_cards(client):
    cards = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH"
    # Brooklyn's 15-card hand takes them: a double run 300 + two dix 2 x 10 = 320.
    assert scored(client, "brooklyn", cards, "S")["total"] == 320

    field, message = problem_of(score(client, "partnership", cards, "S"))

    assert field == "cards"
    assert message == "cards: 13 cards laid down, but a hand here holds at most 12."


@pytest.mark.parametrize(
    ("cards", "options", "field", "rule"),
    [
        ("AS ZZ KS", {}, "cards", "'ZZ' is not a card"),
        ("QS QS QS", {}, "cards", "3 copies of QS (Q♠): a pinochle deck has only two."),
        ("AS", {"double_run": 1500}, "options.double_run", "'double_run' is not a house-rule"),
        (
            "AS",
            {"kitty_threshold": 400},
            "options.kitty_threshold",
            "Kitty joins at does not apply to Brooklyn (chips).",
        ),
        (
            "AS",
            {"double_trump_marriage": 120},
            "options.double_trump_marriage",
            "Double trump marriage must be one of 80, 240, 400, not '120'.",
        ),
        ("AS", {"system": "bison"}, "options.system", "not among the options"),
    ],
)
def test_a_bad_card_or_option_is_a_422_naming_the_input_and_the_rule(
    client, cards, options, field, rule
):
    found, message = problem_of(score(client, "brooklyn", cards, "S", options))

    assert found == field
    assert message.startswith(f"{field}: ")
    assert rule in message


def test_a_trump_that_is_not_a_suit_letter_is_refused_naming_trump(client):
    field, _ = problem_of(score(client, "brooklyn", "AS", "X"))

    assert field == "trump"


def test_a_system_that_is_not_a_preset_is_refused_naming_system(client):
    field, _ = problem_of(client.post(MELD, json={"system": "euchre", "cards": "AS"}))

    assert field == "system"


# -- checking claims and figures -------------------------------------------------------------


def test_a_figure_some_hand_can_meld_is_allowed_and_one_none_can_is_refused_with_the_rule(
    client,
):
    # RULES 2.6: 30 is fine (a marriage and a dix); 35 is not a multiple of 10.
    assert verdict(client, "brooklyn", number=30) == {
        "allowed": True,
        "points": 30,
        "reason": None,
        "unit": "points",
        "scale": 1,
    }
    refused = verdict(client, "brooklyn", number=35)

    assert refused["allowed"] is False
    assert refused["points"] is None
    assert refused["reason"] == "Meld 35 is impossible: every meld is worth a multiple of 10."


def test_a_negative_figure_is_refused_with_the_rule(client):
    answer = verdict(client, "brooklyn", number=-10)

    assert answer["allowed"] is False
    assert answer["reason"] == "Meld cannot be negative (-10)."


def test_a_double_run_figure_is_allowed_in_bison_and_beyond_any_hand_in_brooklyn(client):
    # RULES 2.2: 1500 is a double run with the bonus. Without it (brooklyn) even every double
    # together (300 + 3 x 40 + 20 + 80 + 200 + 160 + 120 + 80 = 1080) stays below 1500.
    assert verdict(client, "bison", number=1500)["points"] == 1500
    refused = verdict(client, "brooklyn", number=1500)

    assert refused["allowed"] is False
    assert refused["reason"].startswith("Meld 1500 is more than any hand can show here")


def test_a_figure_is_read_as_the_table_writes_it_and_answered_in_full_points(client):
    # Scale 10: the table writes 15 for a run of 150.
    answer = verdict(client, "bison", options={"scale": 10}, number=15)

    assert answer["allowed"] is True
    assert answer["points"] == 150
    assert answer["scale"] == 10


def test_named_melds_are_scored_when_one_hand_can_hold_them(client):
    # Run 150 + royal marriage 40 + pinochle 40 + kings around 80 = 310, in 11 cards.
    answer = verdict(client, "brooklyn", "S", claims="run, royal marriage, pinochle, kings around")

    assert answer["allowed"] is True
    assert answer["points"] == 310


def test_a_named_double_pinochle_is_80_in_brooklyn_and_300_in_bison(client):
    assert verdict(client, "brooklyn", claims="double pinochle")["points"] == 80
    assert verdict(client, "bison", claims="double pinochle")["points"] == 300


def test_a_named_run_with_a_roundhouse_is_350_or_390(client):
    # RULES section 8, decision 6.
    assert verdict(client, "brooklyn", "H", claims="run, roundhouse")["points"] == 350
    options = {"roundhouse_with_run": 390}
    assert verdict(client, "brooklyn", "H", options, claims="run, roundhouse")["points"] == 390


@pytest.mark.parametrize(
    ("options", "claims", "points"),
    [
        # seed 001: "a double rope may be worth only 300" (RULES 2.10)
        pytest.param({"double_bonus_melds": "pinochle, aces"}, "double run", 300, id="2 x 150"),
        pytest.param({"double_bonus_melds": "run"}, "double run", 1500, id="run listed"),
        pytest.param({"double_bonus_melds": "run"}, "double pinochle", 80, id="2 x 40"),
        # seed 003: a double marriage in trump 400, sharing the run's K and Q: 150 + 400
        pytest.param({"double_trump_marriage": 400}, "run, double royal marriage", 550, id="400"),
        # seed 004: run and single marriage 19, run and double marriage 23 (without the zero)
        pytest.param({"run_extras": True}, "run, extra king", 190, id="run and a spare K"),
        pytest.param({"run_extras": True}, "run, extra king, extra queen", 230, id="K and Q"),
        # seed 001: a plain double marriage at the table's figure
        pytest.param({"double_marriage_value": 300}, "double marriage C", 300, id="300"),
    ],
)  # fmt: skip
def test_the_seed_meld_rules_score_named_melds_in_bison(client, options, claims, points):
    assert verdict(client, "bison", "H", options, claims=claims)["points"] == points


def test_a_seed_meld_rule_clashing_with_another_is_a_422_naming_both(client):
    options = {"run_extras": True, "double_trump_marriage": 240}
    field, message = problem_of(score(client, "bison", "AH TH KH QH JH", "H", options))
    assert field == "options.run_extras"
    assert message == (
        "options.run_extras: 'Run with extra K or Q' and 'Double trump marriage' clash: both "
        "price a run's spare trump K and Q: 230 beside the run, or the double marriage sharing "
        "the run's K and Q (390)."
    )


def test_melds_that_need_more_cards_than_a_hand_holds_fit_bison_but_not_partnership(client):
    # Double run 10 cards, double pinochle adds J♦ J♦ (the Q♠s are the run's: another class),
    # aces around adds A♥ A♦ A♣: 15 cards. 1500 + 300 + 100 = 1900 in Bison's 15-card hand.
    claims = "double run, double pinochle, aces around"
    assert verdict(client, "bison", "S", claims=claims)["points"] == 1900

    refused = verdict(client, "partnership", "S", claims=claims)

    assert refused["allowed"] is False
    assert refused["reason"] == "These melds need at least 15 cards, but a hand here holds 12."


@pytest.mark.parametrize(
    ("trump", "claims", "reason"),
    [
        (None, "run", "A run is a trump meld: name trump first."),
        ("S", "run, run, run", "3 runs need three copies of a card; the deck has two."),
        (None, "roundhouse", "A roundhouse holds the royal marriage: name trump first."),
    ],
)
def test_claims_the_rules_refuse_are_answered_with_the_engines_rule(client, trump, claims, reason):
    answer = verdict(client, "brooklyn", trump, claims=claims)

    assert answer == {
        "allowed": False,
        "points": None,
        "reason": reason,
        "unit": "points",
        "scale": 1,
    }


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        ({"claims": "sequins"}, "claims", "'sequins' is not a meld"),
        ({"claims": "marriage"}, "claims", "say which suit the marriage is in"),
        ({}, "claims", "Send either the named melds as 'claims' or a figure as 'number'"),
        ({"claims": "run", "number": 150}, "number", "not both"),
        ({"number": 30, "options": {"pot_threshold": 500}}, "options.pot_threshold", "apply"),
        ({"number": 30, "options": {"house": 1}}, "options.house", "not a house-rule option"),
    ],
)
def test_a_claim_that_names_no_meld_or_a_bad_request_is_a_422_naming_the_input(
    client, body, field, rule
):
    found, message = problem_of(client.post(CHECK, json={"system": "hoyle", **body}))

    assert found == field
    assert message.startswith(f"{field}: ")
    assert rule in message


def test_a_figure_beyond_what_a_hand_form_takes_is_refused_naming_number(client):
    field, _ = problem_of(check(client, "brooklyn", number=100_000))

    assert field == "number"


def test_the_operations_are_in_the_document_under_their_view_names(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]

    assert paths[MELD]["post"]["operationId"] == "score_meld"
    assert paths[CHECK]["post"]["operationId"] == "check_meld"
