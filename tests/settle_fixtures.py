"""Sessions for the settle-up tests, played through the services as the web app would.

``Table`` wraps the app's table: ``start`` seats a session, ``hand`` enters one by player
*names*, ``leave`` cashes a player out, ``end`` ends the session. Each session below is
worked out by hand in its comment (docs/RULES.md); the tests assert those figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from naming import ids_by_name

from scorekeeper.models import Table as TableRow
from scorekeeper.services import hands as hand_service
from scorekeeper.services import sessions as session_service
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.sessions import LoadedSession


@dataclass
class Table:
    """A table of the test app, with helpers that take player names."""

    row: TableRow

    def start(self, system: str, names: str, dealer: int = 0, **options: Any) -> int:
        data = {"system": system, **options}
        return session_service.create_session(self.row, data, names.split(), dealer).id

    def load(self, session_id: int) -> LoadedSession:
        return session_service.load_session(session_id, self.row)

    def ids(self, session_id: int) -> dict[str, int]:
        return ids_by_name(self.load(session_id))

    def hand(
        self,
        session_id: int,
        outcome: str | None,
        declarer: str,
        bid: int,
        trump: str | None = None,
        *,
        melds: dict[str, int] | None = None,
        tricks: int | None = None,
        takes: dict[str, int] | None = None,
        last: str | None = None,
    ) -> None:
        ids = self.ids(session_id)
        entry = HandEntry(
            outcome=outcome,
            declarer=ids[declarer],
            bid=bid,
            trump=trump,
            tricks=tricks,
            last_trick=ids[last] if last else None,
            takes={ids[name]: n for name, n in (takes or {}).items()},
            melds={ids[name]: MeldText("number", str(n)) for name, n in (melds or {}).items()},
        )
        hand_service.save_hand(self.load(session_id), entry)

    def leave(self, session_id: int, name: str) -> None:
        hand_service.player_leaves(self.load(session_id), self.ids(session_id)[name])

    def end(self, session_id: int) -> None:
        session_service.end_session(self.load(session_id))


# Brooklyn, stake 10 cents, Ann deals first.
#   1. Ann deals, Bob bids first. Bob makes 350 hearts: 2 from Ann and Cal.
#      Ann -2, Bob 4, Cal -2.
#   2. Bob deals. Cal is set at 300 spades: 1 x 2 (spades) x 2 (set) = 4 to Ann and Bob.
#      Ann 2, Bob 8, Cal -10. Money: Ann +$0.20, Bob +$0.80, Cal -$1.00.
#   Fewest: Cal pays Ann $0.20, Cal pays Bob $0.80.
#   Direct: hand 1 Ann>Bob 2, Cal>Bob 2; hand 2 Cal>Ann 4, Cal>Bob 4: Ann pays Bob $0.20,
#   Cal pays Ann $0.40, Cal pays Bob $0.60.
def brooklyn(table: Table) -> int:
    sid = table.start("brooklyn", "Ann Bob Cal")
    table.hand(sid, "made", "Bob", 350, "H")
    table.hand(sid, "set", "Cal", 300, "S")
    return sid


# Brooklyn with a pot, stake 5 cents, ante 25 cents (5 units), Ann deals first.
#   Everyone antes 5: Ann -5, Bob -5, Cal -5, pot 15.
#   1. Bob is set at 330 spades: 6 x 2 x 2 = 24 to Ann, Cal and the pot.
#      Ann 19, Bob -77, Cal 19, pot 39.
#   2. Cal concedes 250, no trump: 5 to Ann, Bob and the pot. Ann 24, Bob -72, Cal 4, pot 44.
#   End: 44 among three is 14 each ($0.70), 2 undivided ($0.10).
#   Ann 38 = +$1.90, Bob -58 = -$2.90, Cal 18 = +$0.90, pot remainder 2 = $0.10.
#   Fewest: Bob pays Ann $1.90, Bob pays Cal $0.90, Bob puts $0.10 in the pot.
def brooklyn_pot(table: Table) -> int:
    sid = table.start("brooklyn-pot", "Ann Bob Cal")
    table.hand(sid, "set", "Bob", 330, "S")
    table.hand(sid, "conceded", "Cal", 250)
    return sid


# Hoyle, four at the table, stake 10 cents, Dee deals first (seat 4).
#   1. Dee deals and sits out. Ann is set at 350 clubs: 10 to Bob, Cal, Dee and the kitty.
#      Ann -40, Bob 10, Cal 10, Dee 10, kitty 10.
#   2. Cal leaves after hand 1: 10 // 4 = 2 from the kitty. Cal 12, kitty 8.
#   3. Ann deals; Bob bids first. Bob is set at 350 hearts: 10 to Ann, Dee and the kitty.
#      Ann -30, Bob -20, Dee 20, kitty 18.
#   End: 18 among Ann, Bob and Dee: 6 each ($0.60), none undivided.
#   Ann -24 = -$2.40, Bob -14 = -$1.40, Cal 12 = +$1.20, Dee 26 = +$2.60.
#   Fewest (no pair or triple adds to 0, so 3): Ann pays Dee $2.40, Bob pays Cal $1.20,
#   Bob pays Dee $0.20.
def hoyle_with_leaver(table: Table) -> int:
    sid = table.start("hoyle", "Ann Bob Cal Dee", dealer=3)
    table.hand(sid, "set", "Ann", 350, "C")
    table.leave(sid, "Cal")
    table.hand(sid, "set", "Bob", 350, "H")
    return sid


# Bison to 500, game stake $2, set stake $1, Ann deals first.
#   1. Bob bids 300 spades, melds 100, takes 15 counters and the last trick (160): 260 < 300,
#      set (double). Bob -300. Ann melds 20 + 5 counters: 70. Cal 4 counters: 40.
#   2. Cal concedes 250 (single set): Cal -210. Ann melds 40: 110. Bob melds 20: -280.
#   3. Ann bids 400 hearts, melds 190, 20 counters and the last trick (210): 400, made.
#      Ann 510; Bob 3 counters: -250; Cal 1 counter: -200. Ann reaches 500 and wins.
#   Stakes: Bob pays Ann 2 + 2 x 1 = $4.00; Cal pays Ann 2 + 1 = $3.00.
#   As a pot: antes 3 x $2.00, Bob's double set $2.00, Cal's single set $1.00 = $9.00,
#   which Ann takes.
def bison(table: Table, finish: bool = True) -> int:
    sid = table.start("bison", "Ann Bob Cal", target=500, game_stake=200, set_stake=100)
    table.hand(
        sid, None, "Bob", 300, "S",
        melds={"Bob": 100, "Ann": 20}, takes={"Ann": 5, "Bob": 15, "Cal": 4}, last="Bob",
    )  # fmt: skip
    table.hand(sid, "conceded", "Cal", 250, "H", melds={"Ann": 40, "Bob": 20})
    if finish:
        table.hand(
            sid, None, "Ann", 400, "H",
            melds={"Ann": 190}, takes={"Ann": 20, "Bob": 3, "Cal": 1}, last="Ann",
        )  # fmt: skip
    return sid


# Partnership to 500, game stake $1: Ann & Cal against Bob & Dee, Ann deals first.
#   1. Ann bids 300 spades; Ann melds 150, Cal 40; 200 in tricks: 390, made.
#      Bob & Dee meld 20 (Bob) and take 50: 70.
#   2. Cal bids 300 hearts; Cal melds 100, Ann 20; 190 in tricks: 310, made. Ann & Cal 700;
#      Bob & Dee take 60: 130. Ann & Cal reach 500 having made the bid: they win.
#   Stakes: Bob pays Ann $1.00, Dee pays Cal $1.00. As a pot: four antes of $1.00 = $4.00,
#   Ann and Cal take $2.00 each.
def partnership(table: Table) -> int:
    sid = table.start("partnership", "Ann Bob Cal Dee", target=500, game_stake=100)
    table.hand(sid, None, "Ann", 300, "S", melds={"Ann": 150, "Cal": 40, "Bob": 20}, tricks=200)
    table.hand(sid, None, "Cal", 300, "H", melds={"Cal": 100, "Ann": 20}, tricks=190)
    return sid
