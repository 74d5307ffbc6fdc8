"""The end of a cumulative game on the table's screen: the board starts again at 0, and until
the next hand is saved a banner says who won and why, with every player's (or team's) final
score of the finished game and a way on to the next game's form."""

from __future__ import annotations

import pytest
import reportsessions as rs
from webhelpers import figures, new_session, page_text, parse, save_hand, text_of

from scorekeeper.services.sessions import create_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

THREE = ["Ann", "Bob", "Cal"]
FOUR = ["Ann", "Bob", "Cal", "Dee"]


def _banner(page) -> dict[str, object]:
    """The game-over banner: its title, each final score as written, the winner's, its links."""
    tree = parse(page)
    banner = next(
        (s for s in tree.iter("section") if "game-over" in (s.get("class") or "").split()), None
    )
    if banner is None:
        return {}
    items = [li for ul in banner.iter("ul") if ul.get("class") == "final-scores" for li in ul]
    return {
        "title": text_of(next(banner.iter("p"))),
        "scores": [text_of(li) for li in items],
        "winners": [text_of(li) for li in items if li.get("class") == "winner"],
        "links": {text_of(a): a.get("href") for a in banner.iter("a")},
    }


def test_bison_keeps_the_final_scores_of_a_won_game_until_the_next_hand(client):
    sid = new_session(client, "bison", THREE, target=500)
    # Ann deals. 1. Bob bids 300 in spades, melds 100 and takes 15 counters and the last
    # trick: 100 + 150 + 10 = 260 < 300, set: -300. Ann 20 meld + 5 counters = 70; Cal 4
    # counters = 40.
    save_hand(
        client, sid, declarer="Bob", bid=300, trump="S", meld={"Bob": "100", "Ann": "20"},
        takes={"Ann": 5, "Bob": 15, "Cal": 4}, last_trick="Bob",
    )  # fmt: skip
    # 2. Cal concedes 250 in hearts: 40 - 250 = -210 (a conceded hand counts no meld);
    # Ann melds 40: 110; Bob melds 20: -280.
    save_hand(
        client, sid, declarer="Cal", bid=250, trump="H", outcome="conceded",
        meld={"Ann": "40", "Bob": "20"},
    )  # fmt: skip
    # 3. Ann bids 400 in hearts, melds 190, takes 20 counters and the last trick: 190 + 210
    # = 400, made: 510, past 500 as the bidder. Bob 3 counters: -250; Cal 1 counter: -200.
    page = save_hand(
        client, sid, declarer="Ann", bid=400, trump="H", meld={"Ann": "190"},
        takes={"Ann": 20, "Bob": 3, "Cal": 1}, last_trick="Ann",
    )  # fmt: skip

    banner = _banner(page)
    assert banner["title"] == "★ Game 1 goes to Ann"
    assert "Ann went out bidding: 510. Ann deals game 2." in page_text(page)
    assert banner["scores"] == ["★ Ann +510", "Bob −250", "Cal −200"]
    assert banner["winners"] == ["★ Ann +510"]
    assert figures(page) == {"Ann": 0, "Bob": 0, "Cal": 0}
    next_game = banner["links"]["Next game →"]
    assert next_game == "#hand-form"
    assert parse(page).find(".//form[@id='hand-form']") is not None

    # The live fragment that other phones load shows the same banner.
    assert _banner(client.get(f"/s/{sid}/standings"))["scores"] == banner["scores"]

    page = save_hand(client, sid, outcome="all_pass")
    assert _banner(page) == {}


def test_a_partnership_game_shows_both_teams_final_scores(client):
    sid = new_session(client, "partnership", FOUR, target="500")
    # Ann & Cal against Bob & Dee; Ann deals. 1. Ann bids 300 in spades; Ann melds 150, Cal
    # 40, Bob 20; Ann & Cal take 200: 390, made. Bob & Dee 20 + 50 = 70.
    save_hand(
        client, sid, declarer="Ann", bid=300, trump="S",
        meld={"Ann": "150", "Cal": "40", "Bob": "20"}, tricks=200,
    )  # fmt: skip
    # 2. Cal bids 300 in hearts; Cal melds 100, Ann 20; they take 190: 310, made: 700, past
    # 500 alone. Bob & Dee take 60: 130.
    page = save_hand(
        client, sid, declarer="Cal", bid=300, trump="H", meld={"Cal": "100", "Ann": "20"},
        tricks=190,
    )  # fmt: skip

    banner = _banner(page)
    assert banner["title"] == "★ Game 1 goes to Ann & Cal"
    assert "Ann & Cal reached 500 first, with 700." in page_text(page)
    assert banner["scores"] == ["★ Ann & Cal +700", "Bob & Dee +130"]
    assert banner["winners"] == ["★ Ann & Cal +700"]
    assert figures(page) == {"Ann & Cal": 0, "Bob & Dee": 0}


# Every other cumulative game, through the services (reportsessions._add), a target low
# enough for one or two hands to end game 1.
ENDINGS = {
    # Two-handed, no bid, to 500: 1. Ann 190 meld + 140 = 330, Bob 150 + 110 = 260. 2. Ann
    # 100 + 150 = 250 -> 580, Bob 40 + 100 = 140 -> 400. Ann alone past 500.
    "two-handed": (
        {"target": 500}, ["Ann", "Bob"],
        [{"trump": "S", "melds": {"Ann": "190", "Bob": "150"}, "takes": {"Ann": 140, "Bob": 110}},
         {"melds": {"Ann": "100", "Bob": "40"}, "takes": {"Ann": 150, "Bob": 100}}],
        "★ Game 1 goes to Ann", ["★ Ann +580", "Bob +400"],
    ),
    # Four-handed cutthroat, no bid, to 250: meld 60, 150, 40, 20 and trick points 80, 100,
    # 70, 0: A 140, B 250, C 110, D 0 (no trick, no meld counted). B alone reaches 250.
    "cutthroat": (
        {"target": 250}, ["A", "B", "C", "D"],
        [{"trump": "S", "melds": {"A": "60", "B": "150", "C": "40", "D": "20"},
          "takes": {"A": 80, "B": 100, "C": 70, "D": 0}}],
        "★ Game 1 goes to B", ["A +140", "★ B +250", "C +110", "D 0"],
    ),
    # Double-deck partnership to 60 (as the table writes it): N bids 65 in spades, N & S
    # meld 39 and take 31: 70, made; E & W took 19, under 20: nothing. N & S reach 60.
    "double-deck": (
        {"target": 600}, ["W", "N", "E", "S"],
        [{"declarer": "N", "bid": 65, "trump": "S",
          "melds": {"N": ("side", "39"), "E": ("side", "38")}, "tricks": 31}],
        "★ Game 1 goes to N & S", ["W & E 0", "★ N & S +70"],
    ),
    # Eight-handed on two packs to 500: Ann, Cal, Eve, Gus meld 300 + 40 and take 250: 590;
    # Bob, Dee, Fay, Hal meld 40 + 10 and take 240: 290. Ann's team alone past 500.
    "eight-two-packs": (
        {"target": 500}, ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"],
        [{"trump": "H", "tricks": 250,
          "melds": {"Ann": "300", "Eve": "40", "Bob": "40", "Hal": "10"}}],
        "★ Game 1 goes to Ann & Cal & Eve & Gus",
        ["★ Ann & Cal & Eve & Gus +590", "Bob & Dee & Fay & Hal +290"],
    ),
}  # fmt: skip


def play_ending(app, system: str) -> int:
    """The session of ``ENDINGS[system]`` with its hands saved (its game over): its id."""
    options, names, hands, _title, _scores = ENDINGS[system]
    with app.app_context():
        with unit_of_work():
            sid = create_session(default_table(), {"system": system, **options}, names, 0).id
        for fields in hands:
            with unit_of_work():
                rs._add(sid, **{k: dict(v) if isinstance(v, dict) else v
                                for k, v in fields.items()})  # fmt: skip
    return sid


@pytest.mark.parametrize("system", list(ENDINGS))
def test_every_cumulative_game_shows_each_final_score_when_it_ends(app, client, system):
    _options, _names, _hands, title, scores = ENDINGS[system]
    sid = play_ending(app, system)

    page = client.get(f"/s/{sid}")
    banner = _banner(page)
    assert banner["title"] == title
    assert banner["scores"] == scores
    assert set(figures(page).values()) == {0}
