"""Small sessions of every preset, entered through the services, with figures worked by hand.

Used by the report, export and view tests. Each builder returns the session id; the comments
work every figure out from docs/RULES.md. Players sit clockwise in the order listed and the first
of them deals first; the player to the dealer's left bids first.
"""

from __future__ import annotations

from naming import ids_by_name

from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import player_leaves, save_hand
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table


def _add(session_id: int, **fields) -> None:
    """Add the next hand; ``declarer``, ``melds``, ``takes``, ``last_trick`` by player name."""
    table = default_table()
    loaded = load_session(session_id, table)
    ids = ids_by_name(loaded)
    if "declarer" in fields:
        fields["declarer"] = ids[fields["declarer"]]
    if "last_trick" in fields:
        fields["last_trick"] = ids[fields["last_trick"]]
    if "melds" in fields:
        fields["melds"] = {
            ids[name]: MeldText(*value) if isinstance(value, tuple) else MeldText("number", value)
            for name, value in fields["melds"].items()
        }
    if "takes" in fields:
        fields["takes"] = {ids[name]: n for name, n in fields["takes"].items()}
    if "bids" in fields:
        fields["bids"] = {ids[name]: n for name, n in fields["bids"].items()}
    save_hand(loaded, HandEntry(**fields))


def brooklyn(players=("Ann", "Bob", "Cal", "Dan"), **options) -> int:
    """Brooklyn, 4 players, stake 10c; Ann deals first and Dan (her right) sits out.

    Hand 1: Bob makes 350 in spades: 350-380 is worth 2 units, spades double it to 4; each
    of the three others (Dan sitting out included) pays Bob 4: Bob +12, the others -4.
    Hand 2: Bob deals, Ann (his right) sits out; Cal is set at 300 in hearts: 250-330 is
    worth 1, a set pays twice that, 2, to each of the three others: Cal -6, the others +2.
    Totals: Ann -4+2 = -2, Bob 12+2 = 14, Cal -4-6 = -10, Dan -4+2 = -2 (sum 0).
    Money (x 10c): Ann -$0.20, Bob +$1.40, Cal -$1.00, Dan -$0.20; Bob is the only one owed,
    so the fewest payments are the three debtors each paying Bob. ``options``: house rules
    beyond the preset.
    """
    row = create_session(default_table(), {"system": "brooklyn", **options}, list(players), 0)
    b, c = players[1], players[2]
    _add(row.id, declarer=b, bid=350, trump="S", outcome="made")
    _add(row.id, declarer=c, bid=300, trump="H", outcome="set")
    return row.id


def brooklyn_pot() -> int:
    """Brooklyn with a pot, 3 players, stake 5c, ante 25c (5 units): the pot opens at 15.

    Hand 1 (RULES 5's worked check): Bob bids 330, spades, played and lost. 330 is worth
    330 // 50 = 6 units, spades double it to 12; a set pays twice that, 24 units ($1.20), to
    each other player and to the pot. Bob: -5 ante -72 = -77; Ann and Cal: -5 + 24 = 19;
    pot: 15 + 24 = 39 (sum 0).
    Closing: the pot's 39 units divide among 3 players, 13 each, none left over. Units:
    Ann 19+13 = 32, Bob -77+13 = -64, Cal 32; money x 5c: Ann +$1.60, Bob -$3.20, Cal +$1.60.
    Payments: Bob pays Ann $1.60 and Bob pays Cal $1.60.
    """
    row = create_session(default_table(), {"system": "brooklyn-pot"}, ["Ann", "Bob", "Cal"], 0)
    _add(row.id, declarer="Bob", bid=330, trump="S", outcome="set")
    return row.id


def hoyle(leave: bool = False) -> int:
    """Hoyle, 4 players, stake 10c; the dealer sits out.

    Hand 1: Ann deals; Bob makes 350 in spades with 190 meld and 170 in tricks (360 >= 350).
    350-390 is worth 5, spades double it: 10 from each opponent, the kitty included (the bid
    reaches 350). The kitty holds 0 and owes 10: the 4 players chip in 10/4 rounded up = 3
    each, so it ends with 12 - 10 = 2. Ann, Cal, Dan: -10 - 3 = -13; Bob +40 - 3 = +37.
    Hand 2: Bob deals and sits out; Dan is set at 300 in hearts: worth 3, no multiplier, the
    kitty does not join below 350; a set pays 2 x 3 = 6 to each of the three others.
    Totals: Ann -7, Bob +43, Cal -7, Dan -31, kitty 2 (sum 0).
    Closing: 2 units among 4 players is 0 each, 2 stay undivided ($0.20). Money: Ann -$0.70,
    Bob +$4.30, Cal -$0.70, Dan -$3.10.
    With ``leave``, Dan gets up after hand 2 (the kitty's 2 // 4 = 0 share: nothing paid).
    """
    row = create_session(default_table(), {"system": "hoyle"}, ["Ann", "Bob", "Cal", "Dan"], 0)
    _add(row.id, declarer="Bob", bid=350, trump="S", melds={"Bob": "190"}, tricks=170)
    _add(row.id, declarer="Dan", bid=300, trump="H", outcome="set")
    if leave:
        loaded = load_session(row.id, default_table())
        player_leaves(loaded, ids_by_name(loaded)["Dan"])
    return row.id


def hoyle_variation() -> int:
    """Hoyle for Ann, Bob and Cal with the compulsory first bid at 250 (seed 002's variation,
    RULES 4.5) and bids in fifties from 400 (RULES 4.2); stake 10c, Ann deals first.

    Hand 1: Ann deals; Bob, on her left, forfeits the compulsory 250 unseen: a bid below the
    first range pays as 300-340, 3 units, to the kitty only. Bob -3, kitty 3.
    Hand 2: Bob deals; Cal makes 450 in hearts (a bid of the fifties): 450-490 is worth 15,
    hearts do not multiply, and the kitty joins from 350: 15 each from Ann, Bob and the kitty.
    The kitty holds 3 and owes 15, 12 short: the 3 players chip in 4 each, leaving it at 0.
    Totals: Ann -15-4 = -19, Bob -3-15-4 = -22, Cal +45-4 = +41, kitty 0 (sum 0).
    """
    options = {"system": "hoyle", "min_bid": 250, "compulsory_bid": 250, "bid_rungs": [[400, 50]]}
    row = create_session(default_table(), options, ["Ann", "Bob", "Cal"], 0)
    _add(row.id, declarer="Bob", bid=250, outcome="forfeit")
    _add(row.id, declarer="Cal", bid=450, trump="H", outcome="made")
    return row.id


def bison() -> int:
    """Bison to 500 for money: game stake $1.00, set stake $0.50.

    Hand 1: Ann deals, Bob bids 250 in spades. Meld: Bob 150 (a run, entered as cards),
    Ann 40, Cal 20. Counters: Bob 12, Ann 8, Cal 4 (24), Bob takes the last trick, so trick
    points are Bob 130, Ann 80, Cal 40 (250). Bob 150 + 130 = 280 >= 250: made, +280; Ann and
    Cal took counters: Ann 40+80 = +120, Cal 20+40 = +60.
    Hand 2: Bob deals, Cal bids 300 in hearts. Meld: Cal 40, Bob 60, Ann 0. Counters: Cal 10,
    Bob 14, Ann 0; Cal takes the last trick: Cal 110, Bob 140, Ann 0. Cal 40+110 = 150 < 300:
    set, -300 (a double set); Ann took no counter: 0; Bob 60+140 = +200.
    Scores: Ann 120, Bob 480, Cal -240.
    Hand 3: Cal deals, Ann bids 250 in diamonds. Meld: Ann 100, Bob 20, Cal 0. Counters: Ann
    15, Bob 9, Cal 0; Ann takes the last trick: Ann 160, Bob 90, Cal 0. Ann 260 >= 250: made,
    +260 -> 380; Bob 20+90 = +110 -> 590; Cal nothing -> -240.
    Bob has reached 500 and the bidder (Ann) has not: Bob wins game 1 with 590.
    Money: each loser pays Bob the game stake plus set stakes: Ann $1.00; Cal $1.00 + one
    double set (2 x $0.50) = $2.00. As a pot: 3 antes + $1.00 of sets = $4.00 to Bob.
    Hand 4 (game 2, Bob the winner deals): Cal concedes 250 after meld: Cal -250 (a single
    set, paid only when game 2 ends); Ann and Bob add their meld, 20 and 40.
    """
    row = create_session(
        default_table(),
        {"system": "bison", "target": 500, "game_stake": 100, "set_stake": 50},
        ["Ann", "Bob", "Cal"],
        0,
    )
    _add(
        row.id, declarer="Bob", bid=250, trump="S",
        melds={"Bob": ("cards", "AS TS KS QS JS"), "Ann": "40", "Cal": "20"},
        takes={"Bob": 12, "Ann": 8, "Cal": 4}, last_trick="Bob",
    )  # fmt: skip
    _add(
        row.id, declarer="Cal", bid=300, trump="H",
        melds={"Cal": "40", "Bob": "60", "Ann": "0"},
        takes={"Cal": 10, "Bob": 14, "Ann": 0}, last_trick="Cal",
    )  # fmt: skip
    _add(
        row.id, declarer="Ann", bid=250, trump="D",
        melds={"Ann": ("claims", "aces around"), "Bob": "20", "Cal": "0"},
        takes={"Ann": 15, "Bob": 9, "Cal": 0}, last_trick="Ann",
    )  # fmt: skip
    _add(row.id, declarer="Cal", bid=250, outcome="conceded", melds={"Ann": "20", "Bob": "40"})
    return row.id


def partnership() -> int:
    """Partnership at scale 10 (the table writes 25 for 250) to 50 (500), game stake $0.50.

    Ann & Cal (seats 1 and 3) play Bob & Dan. Figures as the table writes them.
    Hand 1: Ann deals, Bob bids 25 in clubs. Meld Bob 10, Dan 4, Ann 2, Cal 0; Bob & Dan take
    15 in tricks, so Ann & Cal take 10. Bob & Dan 14 + 15 = 29 >= 25: made, +29; Ann & Cal
    took tricks: 2 + 10 = +12.
    Hand 2: Bob deals, Cal bids 30 in spades. Meld Cal 15, Ann 6, Bob 2, Dan 0; Ann & Cal
    take 16, the others 9. Ann & Cal 21 + 16 = 37 >= 30: +37 -> 49; Bob & Dan 2 + 9 = +11 -> 40.
    Hand 3: Cal deals, Dan bids 25 in hearts. Meld Dan 4, Ann 2; Bob & Dan take 5, the others
    20. Bob & Dan 4 + 5 = 9 < 25: set, -25 -> 15; Ann & Cal 2 + 20 = +22 -> 71 >= 50: Ann & Cal
    win game 1. Money: each loser pays one winner the stake: Bob pays Ann $0.50, Dan pays
    Cal $0.50.
    """
    row = create_session(
        default_table(),
        {"system": "partnership", "scale": 10, "target": 500, "game_stake": 50},
        ["Ann", "Bob", "Cal", "Dan"],
        0,
    )
    _add(row.id, declarer="Bob", bid=25, trump="C", melds={"Bob": "10", "Dan": "4", "Ann": "2"},
         tricks=15)  # fmt: skip
    _add(row.id, declarer="Cal", bid=30, trump="S", melds={"Cal": "15", "Ann": "6", "Bob": "2"},
         tricks=16)  # fmt: skip
    _add(row.id, declarer="Dan", bid=25, trump="H", melds={"Dan": "4", "Ann": "2"}, tricks=5)
    return row.id


def double_deck() -> int:
    """Double-deck partnership (written as the table writes it: 50 a hand, game to 500).

    W, N, E, S sit clockwise: W & E (seats 1 and 3) play N & S; W deals first, N bids first.
    RULES 6.3, E1 and E2.
    Hand 1: N bids 65 in spades; N & S meld 39 as one figure, E & W 38; N & S take 31, E & W
    19. N & S 39 + 31 = 70 >= 65: +70. E & W took under 20: nothing.
    Hand 2: N deals; E bids 60 in hearts, meld E 22, N 14 (each player's figure); E & W take 34,
    N & S 16. E & W 22 + 34 = 56 < 60: set, -60. N & S: 14 is under the 20 that puts meld on
    the board, and 16 is under 20 in tricks: nothing. Totals N & S 70, W & E -60.
    """
    row = create_session(default_table(), {"system": "double-deck"}, ["W", "N", "E", "S"], 0)
    _add(row.id, declarer="N", bid=65, trump="S", melds={"N": ("side", "39"), "E": ("side", "38")},
         tricks=31)  # fmt: skip
    _add(row.id, declarer="E", bid=60, trump="H", melds={"E": "22", "N": "14"}, tricks=34)
    return row.id


def six_handed() -> int:
    """Six-handed in three teams of two: Ann & Dee, Bob & Eve, Cal & Fay (RULES 6.3).

    Hand 1: Ann deals, Bob bids 60 in clubs; meld (each side's figure) Bob & Eve 42, Ann & Dee
    25, Cal & Fay 8; tricks Bob & Eve 24, Ann & Dee 20, Cal & Fay 6. Bob & Eve 42 + 24 = 66:
    made, +66. Ann & Dee saved their meld with 20: 25 + 20 = +45. Cal & Fay: 8 is under 20 on
    the board and 6 under 20 in tricks: nothing.
    """
    row = create_session(
        default_table(), {"system": "six-handed", "shape": "6/2"},
        ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"], 0,
    )  # fmt: skip
    _add(row.id, declarer="Bob", bid=60, trump="C",
         melds={"Bob": ("side", "42"), "Ann": ("side", "25"), "Cal": ("side", "8")},
         takes={"Bob": 24, "Ann": 20, "Cal": 6})  # fmt: skip
    return row.id


def eight_handed() -> int:
    """Eight-handed in two teams of four: Ann, Cal, Eve, Gus against Bob, Dee, Fay, Hal.

    Hand 1: Ann deals, Cal bids 60 in diamonds; meld Cal 20, Gus 15 (a run), Hal 16; tricks
    Cal's team 26, the others 24. Cal's team 35 + 26 = 61: +61. Hal's 16 is under the 20 on the
    board: the others score their 24 in tricks only.
    """
    row = create_session(
        default_table(), {"system": "eight-handed"},
        ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"], 0,
    )  # fmt: skip
    _add(row.id, declarer="Cal", bid=60, trump="D", melds={"Cal": "20", "Gus": "15", "Hal": "16"},
         tricks=26)  # fmt: skip
    return row.id


def two_handed() -> int:
    """Two-handed, no bid (RULES 6.4, D1 and D2).

    Hand 1: Ann deals; Ann melds 190 and takes 140 with the last trick, Bob melds 150 and takes
    110: Ann +330, Bob +260. Hand 2: Bob deals; Ann melds 100 and takes 150, Bob 40 and 100:
    Ann +250 -> 580, Bob +140 -> 400.
    """
    row = create_session(default_table(), {"system": "two-handed"}, ["Ann", "Bob"], 0)
    _add(row.id, trump="S", melds={"Ann": "190", "Bob": "150"}, takes={"Ann": 140, "Bob": 110})
    _add(row.id, melds={"Ann": "100", "Bob": "40"}, takes={"Ann": 150, "Bob": 100})
    return row.id


def cutthroat() -> int:
    """Four-handed cutthroat, no bid (RULES 6.4, C1): meld 60, 150, 40, 20; trick points 80,
    100 (with the last trick), 70 and 0. A +140, B +250, C +110, D took nothing: 0."""
    row = create_session(default_table(), {"system": "cutthroat"}, ["A", "B", "C", "D"], 0)
    _add(row.id, trump="S", melds={"A": "60", "B": "150", "C": "40", "D": "20"},
         takes={"A": 80, "B": 100, "C": 70, "D": 0})  # fmt: skip
    return row.id


def summed_bids() -> int:
    """Double-deck partnership with every team's bid a contract (RULES 6.6), the minimum bid
    lowered to 20: W, N, E, S clockwise, W & E against N & S; W deals first, N bids first.

    Hand 1 (S2): N 40 + S 25 = 65, E 30: N declares in spades. N & S meld 39, take 31: 70,
    made, +70. E & W meld 38, take 19, under 20: their meld is not saved, 19 < 30, set, -30.
    Hand 2 (S3): N deals; N 45 + S 25 = 70, E 30 + W 20 = 50: N declares in hearts. N & S
    meld 39, take 22: 61 < 70, set, -70. E & W meld 38, take 28: 66 >= 50, made, +66.
    Totals N & S 0, W & E 36.
    """
    row = create_session(
        default_table(), {"system": "double-deck", "summed_bids": True, "min_bid": 200},
        ["W", "N", "E", "S"], 0,
    )  # fmt: skip
    melds = {"N": ("side", "39"), "E": ("side", "38")}
    _add(row.id, bids={"N": 40, "S": 25, "E": 30}, trump="S", melds=melds, tricks=31)
    _add(row.id, bids={"N": 45, "S": 25, "E": 30, "W": 20}, trump="H", melds=melds, tricks=22)
    return row.id


def partnership_no_bid() -> int:
    """Partnership with bidding off (RULES 6.4, Teams without a bid, U1): trump turned up.

    Hand 1: W deals and turns up the dix in hearts; meld N 100, S 40, E the run and the other
    dix as cards (160), W 30; N & S take all 250: N & S 140 + 250 = +390, E & W took no trick,
    0. Hand 2: misdeal. Hand 3 (N deals again): spades; N melds 20, E & W 100 as one figure; N &
    S take 130: +150 -> 540; E & W 100 + 120 = +220.
    """
    rules = {"system": "partnership", "auction": False}
    row = create_session(default_table(), rules, ["N", "E", "S", "W"], 3)
    _add(row.id, trump="H", tricks=250,
         melds={"N": "100", "S": "40", "E": ("cards", "AH TH KH QH JH 9H"), "W": "30"})  # fmt: skip
    _add(row.id, outcome="misdeal")
    _add(row.id, trump="S", tricks=130, melds={"N": "20", "E": ("side", "100")})
    return row.id


def six_handed_no_bid() -> int:
    """Six-handed with bidding off (RULES 6.4, U2), written without the zero: 20 on the board
    and 20 in tricks to score. Hand 1: Ann, Cal, Eve meld 20 + 10 + 15 and take 32: +77; Bob,
    Dee, Fay meld 18 and take 18: under 20, 0. Hand 2: Bob melds 25 and his team takes 30: +55;
    the others meld nothing and take 20: +20 -> 97."""
    rules = {"system": "six-handed", "auction": False, "trump_needs_meld": False,
             "bidders_save_meld": False}  # fmt: skip
    row = create_session(default_table(), rules, ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"], 5)
    melds = {"Ann": "20", "Cal": "10", "Eve": "15", "Bob": "8", "Dee": "6", "Fay": "4"}
    _add(row.id, trump="C", tricks=32, melds=melds)
    _add(row.id, trump="D", tricks=20, melds={"Bob": "25"})
    return row.id


def six_two_packs() -> int:
    """Six-handed on two packs with nines (RULES 6.4, P1 and P3), Fay dealing. Hand 1: Ann,
    Cal, Eve meld 150 (a run, as cards), 110, 20 and take 300: +580; Bob, Dee, Fay meld 300,
    80, 50 and take 190: +620. Hand 2: Ann melds 200 and Bob 260; Ann's team takes 300: 1080
    and 1070, both past 1000, so the target rises to 1250 and play goes on."""
    names = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
    row = create_session(default_table(), {"system": "six-two-packs"}, names, 5)
    melds = {"Ann": ("cards", "AS TS KS QS JS"), "Cal": "110", "Eve": "20", "Bob": "300",
             "Dee": "80", "Fay": "50"}  # fmt: skip
    _add(row.id, trump="S", tricks=300, melds=melds)
    _add(row.id, trump="H", tricks=300, melds={"Ann": "200", "Bob": "260"})
    return row.id


def eight_two_packs() -> int:
    """Eight-handed on two packs with nines (RULES 6.4, P2), Hal dealing: Ann, Cal, Eve, Gus
    meld 300 + 40 and take 250: +590; Bob, Dee, Fay, Hal meld 40 + 10 and take 240: +290."""
    names = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
    row = create_session(default_table(), {"system": "eight-two-packs"}, names, 7)
    melds = {"Ann": "300", "Eve": "40", "Bob": "40", "Hal": "10"}
    _add(row.id, trump="H", tricks=250, melds=melds)
    return row.id


BUILDERS = {
    "brooklyn": brooklyn,
    "brooklyn-pot": brooklyn_pot,
    "hoyle": hoyle,
    "bison": bison,
    "partnership": partnership,
    "double-deck": double_deck,
    "six-handed": six_handed,
    "eight-handed": eight_handed,
    "two-handed": two_handed,
    "cutthroat": cutthroat,
    "partnership-no-bid": partnership_no_bid,
    "six-handed-no-bid": six_handed_no_bid,
    "six-two-packs": six_two_packs,
    "eight-two-packs": eight_two_packs,
}
