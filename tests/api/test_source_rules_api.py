"""House rules from the sources through the API (RULES 5.9): the standings' deal count."""

from __future__ import annotations

from .calls import FOUR, changes, start


def test_the_standings_say_each_players_deals_and_when_the_round_is_even(api):
    # Seed 000 (Brooklyn): Ann, Bob and Cal deal thrown-in hands, Dan misdeals (no deal).
    session = start(api, "brooklyn", FOUR, options={"even_deals": True, "all_pass": "throw-in"})
    for outcome in ("all-pass", "all-pass", "all-pass", "misdeal"):
        session.save(outcome=outcome)
    deals = session.standings()["deals"]
    assert [(d["player"]["name"], d["deal_count"]) for d in deals["players"]] == [
        ("Ann", 1), ("Bob", 1), ("Cal", 1), ("Dan", 0),
    ]  # fmt: skip
    assert (deals["even"], deals["round_count"], deals["since_hand"]) == (False, 0, 0)
    assert deals["text"] == "For an even round, still to deal: Dan."
    answer = session.save(outcome="all-pass")["standings"]["deals"]
    assert (answer["even"], answer["round_count"]) == (True, 1)
    assert answer["text"] == "Everyone has dealt once: an even place to stop."


def test_the_standings_count_no_deals_unless_the_house_does(api):
    assert start(api, "brooklyn", FOUR).standings()["deals"] is None
    assert start(api, "bison", FOUR[:3]).standings()["deals"] is None


def test_two_teams_send_their_own_tricks_when_buried_cards_count_for_nobody(api):
    # RULES 3.6 (seed 003), a kitty of 4: Ann bids 300 in spades; Ann & Cal meld 170 and take
    # 120, Bob & Dan meld 50 and take 110 (20 buried for nobody). Ann & Cal: 290 < 300, set.
    session = start(api, "partnership", FOUR, options={"kitty_size": 4, "discards_count": False})
    answer = session.save(
        declarer="Ann", bid=300, trump="S", takes={"Ann": 120, "Bob": 110},
        meld={"Ann": "170", "Cal": "0", "Bob": "50", "Dan": "0"},
    )  # fmt: skip
    assert changes(answer["hand"]) == {"Ann & Cal": -300, "Bob & Dan": 160}
