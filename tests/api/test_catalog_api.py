"""The game systems and house-rule options through the API: ``GET /api/v1/presets`` and
``GET /api/v1/options``, their figures taken from RULES (the presets' tables) and the Limits of
docs/configuration.md, and their ETags answered 304."""

from __future__ import annotations

import pytest

PRESETS = "/api/v1/presets"
OPTIONS = "/api/v1/options"
SYSTEMS = [
    "brooklyn", "brooklyn-pot", "hoyle", "bison", "partnership",
    "double-deck", "six-handed", "eight-handed", "two-handed", "cutthroat",
    "six-two-packs", "eight-two-packs",
]  # fmt: skip
CHIPS = ["brooklyn", "brooklyn-pot", "hoyle"]
EACH = ["bison", "two-handed", "cutthroat"]
TEAMS = [
    "partnership", "double-deck", "six-handed", "eight-handed", "six-two-packs", "eight-two-packs",
]  # fmt: skip
CUMULATIVE = [s for s in SYSTEMS if s not in CHIPS]
EVERY_OPTION = {
    # Every option RULES names: cards (1), meld (2), tricks (3), bidding (4), chips (5),
    # cumulative (6).
    "deck", "double_meld_bonus", "roundhouse_with_run", "double_trump_marriage", "npa_meld",
    # Meld rules from our sources (2.10): Bison's doubles and double marriages, the blog's run.
    "double_bonus_melds", "double_marriage_value", "run_extras",
    "double_deck_arounds", "double_roundhouse", "card_values",
    "scale", "min_bid", "bid_step", "bid_rungs", "compulsory_bid", "forbidden_endings",
    "all_pass", "sit_out", "schedule",
    "spades_double", "hearts_triple", "set_factor", "stake", "kitty_threshold", "ante",
    "pot_threshold", "target", "negative_floor", "fixed_deals", "game_stake", "set_stake",
    # The game's composition (1, 6): deck, table shape, bidding and the contract.
    "shape", "auction", "target_raise", "meld_minimum", "meld_saved_by",
    "meld_save_points", "bidders_save_meld", "set_keeps_meld", "set_to_opponents", "surrender",
    # House rules from the sources: Wikipedia's kitty, buried cards and trump (2.8, 3.6, 4.6),
    # Brooklyn's even deals (5.9), the four-player blog (6.5).
    "kitty_size", "discards_count", "trump_needs_meld", "even_deals", "bidders_no_trick",
    "both_reach",
    # Wikipedia's summed bids, every team's bid a contract (6.6).
    "summed_bids",
}  # fmt: skip


def presets(client) -> dict[str, dict]:
    response = client.get(PRESETS)
    assert response.status_code == 200
    return {p["system"]: p for p in response.get_json()["presets"]}


def options(client) -> dict[str, dict]:
    response = client.get(OPTIONS)
    assert response.status_code == 200
    return {o["name"]: o for o in response.get_json()["options"]}


# -- presets ---------------------------------------------------------------------------------


def test_every_game_system_is_listed_in_order_with_its_name_and_players(client):
    answer = client.get(PRESETS).get_json()["presets"]

    assert [p["system"] for p in answer] == SYSTEMS
    # RULES, the table of systems.
    assert [(p["label"], p["players"]["min"], p["players"]["max"]) for p in answer] == [
        ("Brooklyn (chips)", 3, 4),
        ("Brooklyn with a pot", 3, 8),
        ("Hoyle (chips and the kitty)", 3, 5),
        ("Bison (points to 1500)", 3, 3),
        ("Partnership", 4, 4),
        ("Double-deck partnership (to 500)", 4, 4),
        ("Six-handed (double deck)", 6, 6),
        ("Eight-handed (double deck)", 8, 8),
        ("Two-handed", 2, 2),
        ("Four-handed cutthroat", 4, 4),
        ("Six-handed, two packs (96 cards)", 6, 6),
        ("Eight-handed, two packs (96 cards)", 8, 8),
    ]


@pytest.mark.parametrize(
    ("system", "chip_game", "has_kitty", "has_pot", "cumulative", "hand_size"),
    [
        ("brooklyn", True, False, False, False, 15),
        ("brooklyn-pot", True, False, True, False, 15),
        ("hoyle", True, True, False, False, 15),
        ("bison", False, False, False, True, 15),
        ("partnership", False, False, False, True, 12),
        ("double-deck", False, False, False, True, 20),
        ("six-handed", False, False, False, True, 13),
        ("eight-handed", False, False, False, True, 10),
        ("two-handed", False, False, False, True, 24),
        ("cutthroat", False, False, False, True, 12),
        ("six-two-packs", False, False, False, True, 16),
        ("eight-two-packs", False, False, False, True, 12),
    ],
)
def test_each_system_says_how_it_scores(
    client, system, chip_game, has_kitty, has_pot, cumulative, hand_size
):
    preset = presets(client)[system]

    assert preset["chip_game"] is chip_game
    assert preset["has_kitty"] is has_kitty
    assert preset["has_pot"] is has_pot
    assert preset["cumulative"] is cumulative
    assert preset["hand_size"] == hand_size  # RULES 2.6: the deck shared out
    assert preset["everyone_melds"] is cumulative  # RULES 2.5
    assert preset["partnership"] is (system in TEAMS)


def test_each_preset_holds_the_defaults_the_rules_give_it(client):
    defaults = [preset["options"] for preset in presets(client).values()]
    brooklyn, pot, hoyle, bison, partnership, double, six, eight, two, cutthroat, *packs = defaults

    # RULES 4.1
    assert [o["min_bid"] for o in (brooklyn, pot, hoyle, bison, partnership)] == [
        300, 250, 300, 250, 250,
    ]  # fmt: skip
    assert brooklyn["forbidden_endings"] == [40, 90]
    assert pot["forbidden_endings"] == []
    assert [o["all_pass"] for o in (brooklyn, pot, hoyle, bison)] == [
        "dealer-takeover", "dealer-must-bid", "compulsory-first-bid", "throw-in",
    ]  # fmt: skip
    # RULES 2.2 and 3.1
    assert [o["double_meld_bonus"] for o in (brooklyn, pot, hoyle, bison, partnership)] == [
        False, False, False, True, True,
    ]  # fmt: skip
    assert [o["card_values"] for o in (brooklyn, pot, hoyle, bison)] == [
        "classic", "classic", "classic", "counters",
    ]  # fmt: skip
    assert brooklyn["double_trump_marriage"] == 80
    assert bison["roundhouse_with_run"] == 350
    # RULES 5.1, 5.2, 5.4, 5.7, 5.8
    assert [o["stake"] for o in (brooklyn, pot, hoyle)] == [10, 5, 10]
    assert [o["sit_out"] for o in (brooklyn, pot, hoyle)] == [
        "right-of-dealer", "three-left-play", "dealer-and-second-left",
    ]  # fmt: skip
    assert [o["schedule"] for o in (brooklyn, pot, hoyle)] == ["brooklyn", "pot", "hoyle"]
    assert hoyle["kitty_threshold"] == 350
    assert (pot["ante"], pot["pot_threshold"]) == (25, 400)
    # RULES 6.1
    assert (bison["target"], bison["negative_floor"], bison["fixed_deals"]) == (1500, None, None)
    assert (bison["game_stake"], bison["set_stake"]) == (0, 0)
    # RULES 1 and 6.3: the double-deck games, 50 to bid and 500 to win at scale 10.
    for game, shape in ((double, "4/2"), (six, "6/3"), (eight, "8/4")):
        assert (game["deck"], game["shape"], game["scale"]) == ("double", shape, 10)
        assert (game["min_bid"], game["target"]) == (500, 5000)
        assert (game["meld_minimum"], game["meld_saved_by"], game["meld_save_points"]) == (
            200, "points", 200,
        )  # fmt: skip
    # RULES 6.4: no bid, game 1000 rising by 250.
    for game, shape in ((two, "2"), (cutthroat, "4")):
        assert (game["shape"], game["auction"], game["card_values"]) == (shape, False, "classic")
        assert (game["target"], game["target_raise"]) == (1000, 250)
    # RULES 6.4, teams without a bid: two packs with nines, 490 a hand in the classic count.
    for game, shape in zip(packs, ("6/3", "8/4"), strict=True):
        assert (game["deck"], game["shape"], game["auction"]) == ("double-nines", shape, False)
        assert (game["card_values"], game["scale"], game["double_meld_bonus"]) == (
            "classic", 1, False,
        )  # fmt: skip
        assert (game["target"], game["target_raise"]) == (1000, 250)


def test_a_preset_lists_only_the_options_that_apply_to_its_system(client):
    found = presets(client)

    assert "kitty_threshold" not in found["brooklyn"]["options"]
    assert "target" not in found["hoyle"]["options"]
    assert "stake" not in found["bison"]["options"]
    assert "set_stake" not in found["partnership"]["options"]
    assert "system" not in found["bison"]["options"]


# -- options ---------------------------------------------------------------------------------


def test_every_option_the_rules_name_is_listed_with_its_words(client):
    found = options(client)

    assert set(found) == EVERY_OPTION
    for option in found.values():
        assert option["label"]
        assert option["help"]


def test_a_switch_applies_everywhere_and_each_preset_gives_its_default(client):
    bonus = options(client)["double_meld_bonus"]

    assert bonus["kind"] == "bool"
    assert bonus["unit"] == "none"
    assert bonus["systems"] == SYSTEMS
    assert bonus["choices"] == []
    assert bonus["defaults"] == {
        "brooklyn": False, "brooklyn-pot": False, "hoyle": False, "bison": True,
        "partnership": True, "double-deck": False, "six-handed": False, "eight-handed": False,
        "two-handed": False, "cutthroat": False, "six-two-packs": False, "eight-two-packs": False,
    }  # fmt: skip


def test_a_choice_lists_its_values_as_stored_with_their_words(client):
    found = options(client)

    # RULES 2.4: 350 or 390; 2.4 and 2.10: 80, 240 or 400; preset 350 and 80 everywhere.
    assert found["roundhouse_with_run"]["choices"] == [
        {"value": 350, "label": "350"},
        {"value": 390, "label": "390"},
    ]
    assert set(found["roundhouse_with_run"]["defaults"].values()) == {350}
    assert [c["value"] for c in found["double_trump_marriage"]["choices"]] == [80, 240, 400]
    assert set(found["double_trump_marriage"]["defaults"].values()) == {80}
    # RULES 3.1 and 3.2
    assert [c["value"] for c in found["card_values"]["choices"]] == [
        "classic",
        "simple",
        "counters",
    ]
    assert [c["value"] for c in found["scale"]["choices"]] == [1, 10]
    # RULES 4.3
    all_pass = found["all_pass"]["choices"]
    assert [c["value"] for c in all_pass] == [
        "dealer-takeover", "dealer-must-bid", "compulsory-first-bid", "throw-in",
    ]  # fmt: skip
    assert all(c["label"] for c in all_pass)


def test_money_options_are_in_cents_for_the_chip_games_with_their_bound(client):
    stake = options(client)["stake"]

    assert stake["kind"] == "money"
    assert stake["unit"] == "cents"
    assert stake["systems"] == CHIPS
    assert stake["defaults"] == {"brooklyn": 10, "brooklyn-pot": 5, "hoyle": 10}  # RULES 5.1
    assert stake["maximum"] == 100_000  # docs/configuration.md, Limits: $1,000.00


def test_points_options_are_in_full_points_with_their_bound(client):
    found = options(client)

    kitty = found["kitty_threshold"]
    assert (kitty["kind"], kitty["unit"], kitty["systems"]) == ("points", "points", ["hoyle"])
    assert kitty["defaults"] == {"hoyle": 350}  # RULES 5.7
    assert kitty["maximum"] == 100_000  # docs/configuration.md, Limits: points options 100,000
    assert found["target"]["systems"] == CUMULATIVE
    assert found["target"]["defaults"] == {
        "bison": 1500, "partnership": 1500, "double-deck": 5000, "six-handed": 5000,
        "eight-handed": 5000, "two-handed": 1000, "cutthroat": 1000, "six-two-packs": 1000,
        "eight-two-packs": 1000,
    }  # fmt: skip
    assert found["set_factor"]["unit"] == "none"
    assert found["set_factor"]["maximum"] == 10  # docs/configuration.md, Limits
    assert set(found["set_factor"]["defaults"].values()) == {2}  # RULES 5.6


def test_the_negative_floor_is_bounded_below_and_empty_by_default(client):
    floor = options(client)["negative_floor"]

    assert floor["kind"] == "optional-points"
    assert floor["systems"] == EACH
    assert floor["defaults"] == {"bison": None, "two-handed": None, "cutthroat": None}
    assert (floor["minimum"], floor["maximum"]) == (-100_000, None)


def test_wider_bid_steps_are_from_step_pairs_in_full_points(client):
    rungs = options(client)["bid_rungs"]

    assert (rungs["kind"], rungs["unit"]) == ("rungs", "points")
    assert rungs["systems"] == SYSTEMS
    # RULES 4.1: the single-deck presets climb in tens all the way; the double-deck ones go
    # up in ones (10 full points) to 60, then in fives (pagat, Brad Wilson).
    double = ["double-deck", "six-handed", "eight-handed"]
    assert {s: v for s, v in rungs["defaults"].items() if v} == {s: [[600, 50]] for s in double}


def test_the_compulsory_first_bid_is_hoyles_300_or_250(client):
    compulsory = options(client)["compulsory_bid"]

    assert (compulsory["kind"], compulsory["systems"]) == ("choice", ["hoyle"])
    assert [c["value"] for c in compulsory["choices"]] == [300, 250]  # seed 002
    assert compulsory["defaults"] == {"hoyle": 300}


def test_an_option_without_a_bound_says_none(client):
    endings = options(client)["forbidden_endings"]

    assert (endings["minimum"], endings["maximum"]) == (None, None)
    assert endings["defaults"]["brooklyn"] == [40, 90]


def test_the_options_defaults_are_the_presets(client):
    by_option = options(client)
    for system, preset in presets(client).items():
        for name, value in preset["options"].items():
            assert by_option[name]["defaults"][system] == value, (system, name)


# -- conditional reads -----------------------------------------------------------------------


@pytest.mark.parametrize("url", [PRESETS, OPTIONS])
def test_a_client_holding_the_current_copy_gets_a_304(client, url):
    first = client.get(url)
    etag = first.headers["ETag"]

    again = client.get(url, headers={"If-None-Match": etag})
    other = client.get(url, headers={"If-None-Match": '"not-this-one"'})

    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == etag
    assert other.status_code == 200
    assert other.get_json() == first.get_json()


def test_the_two_lists_have_different_tags(client):
    assert client.get(PRESETS).headers["ETag"] != client.get(OPTIONS).headers["ETag"]


def test_the_operations_are_in_the_document_under_their_view_names(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    ids = [op["operationId"] for path in paths.values() for op in path.values()]

    assert paths[PRESETS]["get"]["operationId"] == "list_presets"
    assert paths[OPTIONS]["get"]["operationId"] == "list_options"
    assert len(ids) == len(set(ids))


def test_the_blog_rules_are_partnership_choices_off_in_every_preset(client):
    found = options(client)

    # Seed 004 (RULES 6.5): trickless bidders score as usual, nothing positive, or are set.
    no_trick = found["bidders_no_trick"]
    assert (no_trick["kind"], no_trick["systems"]) == ("choice", TEAMS)
    assert [c["value"] for c in no_trick["choices"]] == ["as-usual", "zero", "set"]
    assert set(no_trick["defaults"].values()) == {"as-usual"}
    assert "seed 004" in no_trick["help"]
    both = found["both_reach"]
    assert [c["value"] for c in both["choices"]] == ["bidders-made", "higher"]
    assert both["systems"] == TEAMS
    assert set(both["defaults"].values()) == {"bidders-made"}


def test_the_kitty_is_3_cards_for_three_and_none_for_four_unless_the_house_deals_seed_003s(client):
    found = options(client)

    kitty = found["kitty_size"]
    assert kitty["systems"] == [*CHIPS, "bison", "partnership"]
    assert [c["value"] for c in kitty["choices"]] == [3, 6, 0, 4]
    assert kitty["defaults"] == {
        "brooklyn": 3, "brooklyn-pot": 3, "hoyle": 3, "bison": 3, "partnership": 0,
    }  # fmt: skip
    # Off in the single-deck games; on in the double-deck ones (RULES 6.3: a marriage in trump).
    assert {s for s, on in found["trump_needs_meld"]["defaults"].items() if on} == {
        "double-deck", "six-handed", "eight-handed",
    }  # fmt: skip
    assert found["discards_count"]["systems"] == [*CHIPS, "bison", "partnership"]
    assert set(found["discards_count"]["defaults"].values()) == {True}
    assert "seed 003" in found["trump_needs_meld"]["help"]
