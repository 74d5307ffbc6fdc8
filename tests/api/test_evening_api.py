"""A whole evening of each preset, played twice in two fresh apps: once through the pages (the
forms a phone posts) and once through the JSON API. Every figure the API's session read gives
(standings, kitty, pot, games, nets, fewest and direct payments) must be the same in both
apps, and the same as the pages show (the session page's standings, the settle-up page's nets
and payments); the key figures are checked against the arithmetic below, done by hand from
docs/RULES.md.

Each evening has at least ten hands and a set; the chip games have a player leaving (RULES 7),
Hoyle a forfeit to the kitty and the kitty made up when short, the pot game the pot won and
anted again, Bison and Partnership games won (to 500, for stakes), plus misdeals, all-pass
throw-ins, concessions and reneges where the preset has them. Ann deals first; players sit
clockwise in the order listed; "A -2" is Ann's total after the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from flask.testing import FlaskClient
from webhelpers import dispose, migrated_app, new_session, parse, player_ids, save_hand
from webhelpers import standings as page_standings

from scorekeeper.web.money import format_money

from .calls import API, figures, names, nets, notes, payments, start

FOUR = ["Ann", "Bob", "Cal", "Dan"]
FIVE = [*FOUR, "Eve"]
LEAVE = "leave"


@dataclass
class Evening:
    """A session and its events in order: hands by names (``save_hand``'s fields), or a
    player leaving (``(LEAVE, name)``)."""

    players: list[str]
    events: list[dict[str, Any] | tuple[str, str]]
    page_options: dict[str, Any] = field(default_factory=dict)  # as the form writes them
    api_options: dict[str, Any] = field(default_factory=dict)  # points and cents


def hand(declarer: str, bid: int, trump: str | None = None, **fields: Any) -> dict[str, Any]:
    """A hand's fields by names, as ``save_hand`` and ``Session.save`` take them."""
    return {"declarer": declarer, "bid": bid, "trump": trump, **fields}


MISDEAL = {"outcome": "misdeal"}
ALL_PASS = {"outcome": "all-pass"}

# Brooklyn, four: the dealer's right sits out; 250-340: 1, 350-390: 2, 400-440: 4,
# 450-490: 8, 500-540: 16; x 2 in spades; a set pays twice; 10 cents a unit.
BROOKLYN = Evening(
    FOUR,
    [
        hand("Bob", 350, "H", outcome="made"),  # Ann deals. Bob +2 x 3: A -2 B 6 C -2 D -2
        hand("Cal", 300, "S", outcome="made"),  # 1 x 2 from each: A -4 B 4 C 4 D -4
        hand("Dan", 400, "D", outcome="set"),  # 8 to each: A 4 B 12 C 12 D -28
        # Dan deals; nobody bids, he takes it over at 250 and makes it: 1 from each.
        hand("Dan", 250, "C", outcome="made", takeover=True),  # A 3 B 11 C 11 D -25
        # 250 meld + 200 tricks = 450 >= 450: made, 8 x 2 = 16 from each.
        hand("Bob", 450, "S", meld="250", tricks=200),  # A -13 B 59 C -5 D -41
        # 120 + 200 = 320 < 350: set, 2 x 2 = 4 to each.
        hand("Cal", 350, "C", meld="120", tricks=200),  # A -9 B 63 C -17 D -37
        MISDEAL,  # Cal deals again
        hand("Ann", 300, "H", outcome="conceded"),  # 1 to each: A -12 B 64 C -16 D -36
        (LEAVE, "Dan"),  # cashed out at -36; he was to deal, so Ann deals
        hand("Bob", 500, "S", outcome="made"),  # 16 x 2 from Ann and Cal: A -44 B 128 C -48
        hand("Cal", 360, "D", outcome="made"),  # 2 from each: A -46 B 126 C -44
        hand("Ann", 310, "S", outcome="set"),  # 1 x 2 x 2 = 4 to each: A -54 B 130 C -40
    ],
)

# Brooklyn with a pot, five: the three on the dealer's left play; 50 points a unit, x 2 in
# spades; 5 cents a unit; everyone antes 5 units (25 cents): all at -5, the pot at 25.
POT = Evening(
    FIVE,
    [
        hand("Bob", 300, "H", outcome="made"),  # 6 from each: A -11 B 19 C -11 D -11 E -11
        # 6 x 2 x 2 = 24 to each of the four and the pot: C -131, others 13 (B 43), pot 49.
        hand("Cal", 330, "S", outcome="set"),
        hand("Dan", 250, "C", outcome="conceded"),  # 5 to each and the pot: D -12, pot 54
        # 8 from each (+32), the pot's 54 (400 reaches the threshold), then all ante 5:
        # A 5 B 35 C -139 D -25 E 99, pot 25.
        hand("Eve", 400, "D", outcome="made"),
        hand("Ann", 350, "S", outcome="made"),  # 7 x 2 = 14 from each: A 61 B 21 C -153 D -39 E 85
        MISDEAL,  # Ann deals again
        # 100 + 150 = 250 < 280: set, 5 x 2 = 10 to each and the pot: C -203, pot 35.
        hand("Cal", 280, "H", meld="100", tricks=150),  # A 71 B 31 D -29 E 95
        # 9 x 2 = 18 from each, the pot's 35, all ante 5: A 48 B 8 C -226 D 73 E 72, pot 25.
        hand("Dan", 450, "S", outcome="made"),
        (LEAVE, "Bob"),  # cashed out at 8; a pot is not shared with those who leave
        hand("Eve", 300, "C", outcome="conceded"),  # 6 to each and the pot: E 48, pot 31
        hand("Ann", 250, "D", outcome="made"),  # 5 from each: A 69 C -225 D 74 E 43
        hand("Cal", 300, "S", outcome="made"),  # 12 from each: A 57 C -189 D 62 E 31
    ],
)

# Hoyle, five: the dealer and the second on the dealer's left sit out (only the dealer with
# four); 300-340: 3, 350-390: 5, 400-440: 10, 450-490: 15; x 2 in spades; the kitty joins
# from 350; 10 cents a unit.
HOYLE = Evening(
    FIVE,
    [
        hand("Bob", 300, outcome="forfeit"),  # Bob, first to bid, gives up the 300: kitty 3
        hand("Cal", 300, "H", outcome="made"),  # 3 from each of four: A -3 B -6 C 12 D -3 E -3
        # 10 from each of four and the kitty; the kitty, 3 - 10 = -7, is made up by 2 from
        # each of the five (7 / 5 rounded up): kitty 3. A -15 B -18 C 0 D 45 E -15.
        hand("Dan", 350, "S", outcome="made"),
        hand("Eve", 400, "D", outcome="set"),  # 20 to each and the kitty: E -115, kitty 23
        hand("Ann", 300, "C", outcome="conceded"),  # 3 to each, not the kitty: A -7 B 5 C 23
        hand("Dan", 360, "H", outcome="opponents-conceded"),  # 5 from each and the kitty: D 93
        # 190 + 160 = 350: made, 10 from each and the kitty: A -22 B -10 C 8 D 83 E -67, kitty 8.
        hand("Eve", 350, "S", meld="190", tricks=160),
        (LEAVE, "Cal"),  # takes 8 // 5 = 1 from the kitty: C 9, kitty 7; Dan deals instead
        hand("Eve", 300, outcome="forfeit"),  # Dan deals, Eve bids first: E -70, kitty 10
        # 15 x 2 = 30 from Ann, Dan, Eve and the kitty; 10 - 30 = -20 made up by 5 from each
        # of the four: kitty 0. A -57 B 105 D 48 E -105.
        hand("Bob", 450, "S", outcome="made"),
        hand("Dan", 310, "D", outcome="set"),  # 6 to each, not the kitty: A -51 B 111 D 30 E -99
        hand("Dan", 300, outcome="forfeit"),  # Bob deals, Dan bids first: D 27, kitty 3
    ],
)

# Bison to 500 for $1.00 a game and 25 cents a set; counters: a take of n is 10n, +10 for
# the last trick; an opponent with no counter scores nothing.
BISON = Evening(
    FIVE[:3],
    [
        # Ann deals. Bob 150 + 130 = 280 made; Cal 40 + 80; Ann 20 + 40: A 60 B 280 C 120.
        hand("Bob", 250, "H", meld={"Bob": "150", "Cal": "40", "Ann": "20"},
             takes={"Ann": 4, "Bob": 12, "Cal": 8}, last_trick="Bob"),
        # Cal 100 + 100 = 200 < 300: set, -300 (a double set); Ann 40 + 150; Bob no counter.
        hand("Cal", 300, "S", meld={"Cal": "100", "Ann": "40", "Bob": "60"},
             takes={"Ann": 14, "Bob": 0, "Cal": 10}, last_trick="Ann"),  # A 250 B 280 C -180
        ALL_PASS,  # thrown in, Ann deals next
        # Ann 80 + 170 = 250 made: 500, she goes out; Bob 80: 360; Cal 20: -160. Game 1 to
        # Ann: Bob pays 100, Cal 100 + 2 x 25 for his double set.
        hand("Ann", 250, "D", meld={"Ann": "80", "Bob": "20"},
             takes={"Ann": 16, "Bob": 6, "Cal": 2}, last_trick="Ann"),
        # Game 2, the winner deals. Bob concedes 260 (a single set); Cal and Ann add their
        # meld: A 20 B -260 C 40.
        hand("Bob", 260, "C", outcome="conceded", meld={"Bob": "60", "Cal": "40", "Ann": "20"}),
        # Cal reneges on his own 280: -280 (a double set); Ann and Bob add their meld.
        hand("Cal", 280, "S", outcome="renege", reneger="Cal",
             meld={"Cal": "100", "Ann": "40", "Bob": "20"}),  # A 60 B -240 C -240
        MISDEAL,  # Cal deals again
        # Bob reneges against Ann's 300: Ann adds 300 + 150 = 450: 510, she goes out; Bob
        # nothing (a single set); Cal his 40: -200. Game 2 to Ann: Bob 100 + 2 x 25 (two
        # single sets), Cal 100 + 2 x 25 (a double set).
        hand("Ann", 300, "H", outcome="renege", reneger="Bob",
             meld={"Ann": "150", "Bob": "60", "Cal": "40"}),
        # Game 3, Ann deals. Bob 40 + 140 = 180 < 250: set; Cal 20 + 110; Ann no counter.
        hand("Bob", 250, "H", meld={"Bob": "40", "Cal": "20"},
             takes={"Ann": 0, "Bob": 14, "Cal": 10}, last_trick="Cal"),  # A 0 B -250 C 130
        # Cal 80 + 170 = 250 < 270: set; Ann 40 + 40; Bob 20 + 40.
        hand("Cal", 270, "D", meld={"Cal": "80", "Ann": "40", "Bob": "20"},
             takes={"Ann": 4, "Bob": 4, "Cal": 16}, last_trick="Cal"),  # A 80 B -190 C -140
        # Ann 100 + 160 = 260 made; Bob 40 + 90; Cal no counter: A 340 B -60 C -140.
        hand("Ann", 250, "S", meld={"Ann": "100", "Bob": "40", "Cal": "20"},
             takes={"Ann": 15, "Bob": 9, "Cal": 0}, last_trick="Ann"),
    ],
    page_options={"target": 500, "game_stake": "1.00", "set_stake": "0.25"},
    api_options={"target": 500, "game_stake": 100, "set_stake": 25},
)  # fmt: skip

# Partnership to 500 for 50 cents a game: Ann & Cal (AC) against Bob & Dan (BD); tricks are
# the bidding team's, the other team has the rest of 250.
PARTNERSHIP = Evening(
    FOUR,
    [
        # BD meld 140 + 150 = 290 made; AC 20 + 100: AC 120 BD 290.
        hand("Bob", 250, "C", meld={"Bob": "100", "Dan": "40", "Ann": "20"}, tricks=150),
        # AC 210 + 160 = 370 made: 490; BD 20 + 90: 400.
        hand("Cal", 300, "S", meld={"Cal": "150", "Ann": "60", "Bob": "20"}, tricks=160),
        # BD 40 + 50 < 250: set, 150; AC 20 + 200: 710, past 500 alone: game 1 to AC.
        # Bob pays Ann 50 cents, Dan pays Cal.
        hand("Dan", 250, "H", meld={"Dan": "40", "Ann": "20"}, tricks=50),
        ALL_PASS,  # Dan deals (the deal keeps moving between games); thrown in
        # BD 140 + 170 = 310 made; AC 60 + 80: AC 140 BD 310.
        hand("Bob", 300, "D", meld={"Bob": "80", "Dan": "60", "Ann": "40", "Cal": "20"},
             tricks=170),
        # AC concede 260: -120; BD add their meld 60: 370.
        hand("Ann", 260, "H", outcome="conceded", meld={"Ann": "60", "Bob": "40", "Dan": "20"}),
        MISDEAL,
        # BD 190 + 250 = 440 made: 810, game 2 to BD; AC took no trick point: -120 stays.
        # Ann pays Bob 50 cents, Cal pays Dan.
        hand("Dan", 270, "S", meld={"Dan": "150", "Bob": "40", "Ann": "20"}, tricks=250),
        # AC 140 + 120 = 260 made; BD 20 + 130: AC 260 BD 150.
        hand("Ann", 250, "C", meld={"Ann": "100", "Cal": "40", "Bob": "20"}, tricks=120),
        # AC 80 + 190 = 270 < 280: set, -20; BD 40 + 60: 250.
        hand("Cal", 280, "D", meld={"Cal": "60", "Ann": "20", "Dan": "40"}, tricks=190),
        # BD 80 + 200 = 280 made: 530, game 3 to BD; AC 50: 30. Ann pays Bob, Cal pays Dan.
        hand("Bob", 250, "H", meld={"Bob": "60", "Dan": "20"}, tricks=200),
        # Game 4: BD 60 + 220 = 280 made; AC 40 + 30 = 70.
        hand("Dan", 250, "C", meld={"Dan": "40", "Bob": "20", "Ann": "40"}, tricks=220),
    ],
    page_options={"target": 500, "game_stake": "0.50"},
    api_options={"target": 500, "game_stake": 50},
)  # fmt: skip

EVENINGS = {
    "brooklyn": BROOKLYN,
    "brooklyn-pot": POT,
    "hoyle": HOYLE,
    "bison": BISON,
    "partnership": PARTNERSHIP,
}


def play_on_pages(client: FlaskClient, system: str, evening: Evening) -> int:
    """The evening through the forms; returns the session's id."""
    sid = new_session(client, system, evening.players, **evening.page_options)
    for event in evening.events:
        if isinstance(event, tuple):
            response = client.post(f"/s/{sid}/leave", data={"player": player_ids(client)[event[1]]})
            assert response.status_code == 302, event
        else:
            save_hand(client, sid, **event)
    return sid


def play_through_api(client: FlaskClient, system: str, evening: Evening) -> int:
    """The evening through the JSON API; returns the session's id."""
    session = start(client, system, evening.players, options=evening.api_options)
    for event in evening.events:
        if isinstance(event, tuple):
            assert session.leave(event[1]).status_code == 201, event
        else:
            session.save(**event)
    return session.id


def api_read(client: FlaskClient, sid: int) -> dict:
    """Everything the API says about the session (its times aside) and its hands.

    A hand keeps its melds and takes in the order they were sent (the form sends them by
    seat, the API test by who melded most), so they are sorted by player to compare."""
    read = client.get(f"{API}/sessions/{sid}").get_json()
    del read["created_at"], read["ended_at"]
    hands = client.get(f"{API}/sessions/{sid}/hands").get_json()["hands"]
    for hand in hands:
        hand["entry"]["melds"].sort(key=lambda m: m["player_id"])
        hand["entry"]["takes"].sort(key=lambda t: t["player_id"])
        hand["result"]["melds"].sort(key=lambda m: m["player_id"])
    read["all_hands"] = hands
    return read


@pytest.fixture(scope="module", params=list(EVENINGS))
def played(request, tmp_path_factory: pytest.TempPathFactory):
    """The evening of one preset played through the pages and through the API, each in a
    fresh app, once for the tests that read it: (system, pages client, API client, id)."""
    system = request.param
    root = tmp_path_factory.mktemp(system)
    pages_app = migrated_app(root / "pages")
    api_app = migrated_app(root / "api")
    pages, api = pages_app.test_client(), api_app.test_client()
    sid = play_on_pages(pages, system, EVENINGS[system])
    assert play_through_api(api, system, EVENINGS[system]) == sid
    yield system, pages, api, sid
    dispose(pages_app)
    dispose(api_app)


def test_the_api_reads_the_same_evening_the_same_whichever_way_it_was_entered(played):
    _, pages, api, sid = played

    through_pages = api_read(pages, sid)
    through_api = api_read(api, sid)

    assert len(through_api["all_hands"]) >= 10
    assert any(h["result"]["outcome"] == "set" for h in through_api["all_hands"])
    for key in ("standings", "settlement", "options", "players", "hand_count", "version"):
        assert through_pages[key] == through_api[key], key
    assert through_pages["all_hands"] == through_api["all_hands"]
    assert through_pages == through_api


def shown_payments(client: FlaskClient, url: str) -> list[str]:
    """The payments the settle-up page lists, in words."""
    tree = parse(client.get(url))
    return [
        " ".join("".join(span.itertext()).split())
        for span in tree.iter("span")
        if "pay-text" in (span.get("class") or "").split()
    ]


def shown_nets(client: FlaskClient, url: str) -> dict[str, str]:
    """Each net the settle-up page lists: the name as written, and the money."""
    tree = parse(client.get(url))
    out = {}
    for item in tree.iter("li"):
        if "net" not in (item.get("class") or "").split():
            continue
        spans = {
            cls: span for span in item.iter("span") for cls in (span.get("class") or "").split()
        }
        out[(spans["who"].text or "").strip()] = "".join(spans["net-money"].itertext()).strip()
    return out


def test_the_api_gives_the_figures_the_pages_show(played):
    _, pages, api, sid = played
    read = api_read(api, sid)
    standings, settlement = read["standings"], read["settlement"]

    shown = page_standings(pages.get(f"/s/{sid}"))

    assert {name: row.value for name, row in shown.items()} == figures(standings)
    assert {name: row.note for name, row in shown.items()} == notes(standings)
    for row in standings["rows"]:
        money = row["cents"]
        signed = row["holder"]["kind"] not in ("kitty", "pot")
        expected = "" if money is None else format_money(money, sign=signed)
        assert shown[row["holder"]["name"]].money == expected, row["holder"]["name"]
    fewest = shown_payments(pages, f"/s/{sid}/settle")
    direct = shown_payments(pages, f"/s/{sid}/settle?view=direct")
    assert fewest == [p["text"] for p in settlement["fewest"]]
    assert direct == [p["text"] for p in settlement["direct"]]
    page_nets = shown_nets(pages, f"/s/{sid}/settle")
    assert len(page_nets) == len(settlement["nets"])
    for row in settlement["nets"]:
        name = row["holder"]["name"]
        kind = row["holder"]["kind"]
        written = name if kind in ("player", "team") else f"Left in the {kind}"
        assert page_nets[written] == format_money(row["cents"], sign=True), name


# The hand-worked figures at the end of each evening (see the comments on each hand).
FINAL = {
    "brooklyn": dict(
        figures={"Ann": -54, "Bob": 130, "Cal": -40, "Dan": -36},
        # Dan left; with three, no one sits out: Ann deals hand 12, Bob bids first.
        next_hand=(12, "Ann", ["Bob", "Cal", "Ann"]),
        # One group (no two nets cancel): every debtor pays Bob.
        fewest=[("Ann", "Bob", 540), ("Cal", "Bob", 400), ("Dan", "Bob", 360)],
    ),
    "brooklyn-pot": dict(
        figures={"Ann": 57, "Bob": 8, "Cal": -189, "Dan": 62, "Eve": 31, "Pot": 31},
        next_hand=(12, "Ann", ["Cal", "Dan", "Eve"]),
        # The pot's 31 among the four still at the table: 7 each, 3 undivided. At 5 cents:
        # Ann 64 = 320, Bob 8 = 40, Cal -182 = -910, Dan 69 = 345, Eve 38 = 190, pot 15.
        fund=("pot", 31, 7, 3),
        nets={"Ann": 320, "Bob": 40, "Cal": -910, "Dan": 345, "Eve": 190, "Pot": 15},
        # Cal is the only debtor: he pays everyone.
        fewest=[("Cal", "Ann", 320), ("Cal", "Bob", 40), ("Cal", "Dan", 345),
                ("Cal", "Eve", 190), ("Cal", "Pot", 15)],
    ),
    "hoyle": dict(
        figures={"Ann": -51, "Bob": 111, "Cal": 9, "Dan": 27, "Eve": -99, "Kitty": 3},
        # Bob dealt hand 11; Dan deals hand 12 and sits out.
        next_hand=(12, "Dan", ["Eve", "Ann", "Bob"]),
        # 3 units among four players: no share, 3 undivided.
        fund=("kitty", 3, 0, 3),
        nets={"Ann": -510, "Bob": 1110, "Cal": 90, "Dan": 270, "Eve": -990, "Kitty": 30},
        # One group (no smaller one adds to 0): Eve pays Bob 990; Ann pays Dan 270, Bob the
        # 120 left, Cal 90, and the kitty's 30.
        fewest=[("Ann", "Bob", 120), ("Ann", "Cal", 90), ("Ann", "Dan", 270),
                ("Ann", "Kitty", 30), ("Eve", "Bob", 990)],
    ),
    "bison": dict(
        figures={"Ann": 340, "Bob": -60, "Cal": -140},
        next_hand=(12, "Ann", ["Bob", "Cal", "Ann"]),
        # Game 1: 100 + 150 to Ann; game 2: 150 + 150 to Ann.
        nets={"Ann": 550, "Bob": -250, "Cal": -300},
        games=[(1, 4, "Ann", {"Ann": 500, "Bob": 360, "Cal": -160}),
               (5, 8, "Ann", {"Ann": 510, "Bob": -240, "Cal": -200})],
        fewest=[("Bob", "Ann", 250), ("Cal", "Ann", 300)],
    ),
    "partnership": dict(
        figures={"Ann & Cal": 70, "Bob & Dan": 280},
        next_hand=(13, "Dan", ["Ann", "Bob", "Cal", "Dan"]),
        # 50 cents each game: Ann +50 - 50 - 50, Bob -50 + 50 + 50, the same for Cal and Dan.
        nets={"Ann": -50, "Bob": 50, "Cal": -50, "Dan": 50},
        games=[(1, 3, "Ann & Cal", {"Ann & Cal": 710, "Bob & Dan": 150}),
               (4, 8, "Bob & Dan", {"Ann & Cal": -120, "Bob & Dan": 810}),
               (9, 11, "Bob & Dan", {"Ann & Cal": 30, "Bob & Dan": 530})],
        fewest=[("Ann", "Bob", 50), ("Cal", "Dan", 50)],
    ),
}  # fmt: skip


def test_the_key_figures_are_the_hand_worked_ones(played):
    system, pages, api, sid = played
    expected = FINAL[system]

    for client in (pages, api):
        read = api_read(client, sid)
        standings, settlement = read["standings"], read["settlement"]
        assert figures(standings) == expected["figures"]
        number, dealer, active = expected["next_hand"]
        nxt = standings["next_hand"]
        assert (nxt["number"], nxt["dealer"]["name"], names(nxt["active"])) == (
            number, dealer, active,
        )  # fmt: skip
        assert payments(settlement["fewest"]) == sorted(expected["fewest"])
        if "nets" in expected:
            assert nets(settlement) == expected["nets"]
        if "fund" in expected:
            fund = settlement["fund"]
            got = (fund["kind"], fund["units"], fund["share_units"], fund["undivided_units"])
            assert got == expected["fund"]
        games = [
            (g["first_hand"], g["last_hand"], g["winner"]["name"],
             {s["holder"]["name"]: s["points"] for s in g["scores"]})
            for g in standings["games"]
        ]  # fmt: skip
        assert games == expected.get("games", [])
