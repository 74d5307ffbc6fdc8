"""A whole evening at the table through the Python client that openapi-python-client generates
from the API's document (package ``scorekeeper_client``), as a program using it would be
written: no cast, no token (the table has none), every answer narrowed by its type.

``tests/api/test_generated_client.py`` generates the package next to a copy of this file,
plays the evening against the app and type-checks both with ``mypy --strict``.

Brooklyn (docs/RULES.md section 5), three players (nobody sits out), Ann deals first, 10 cents
a unit; schedule 250-340: 1 unit, 350-390: 2, 400-440: 4, 450-490: 8; spades double every
payment; a set pays twice (``set_factor`` 2). "A -2 B 4 C -2" is each total in units after the
hand.

1. Bob 350 in hearts, made: 2 from each.                 A -2  B 4  C -2
2. Cal 300 in spades, made: 1 x 2 from each.             A -4  B 2  C 2
3. Ann 400 in diamonds, set: 4 x 2 to each.              A -20 B 10 C 10
   Hand 2 corrected (If-Match): Cal was set, 1 x 2 x 2 = 4 to each.
                                          after 1: A -2 B 4 C -2; 2: A 2 B 8 C -10;
                                                            3: A -14 B 16 C -2
   Hand 3 deleted (If-Match).                            A 2   B 8  C -10
3. Bob 450 in clubs, meld 250 and tricks 200 = 450: made, 8 from each.
                                                         A -6  B 24 C -18
Settled at 10 cents: Ann -60, Bob +240, Cal -180; the fewest payments: Ann pays Bob 60 cents
and Cal pays Bob 180. Cal hands Bob 180 cents: Ann's 60 is all that is still to pay.

The API's field names the evening sends and reads are in ``hand``, ``meld``, ``payment``,
``totals`` and ``owed`` and where ``play`` reads a session (``hands``).
"""

from __future__ import annotations

from typing import TypeVar

from scorekeeper_client import Client
from scorekeeper_client.api.hands import create_hand, delete_hand, read_hand, replace_hand
from scorekeeper_client.api.payments import record_payment
from scorekeeper_client.api.sessions import create_session, read_session
from scorekeeper_client.models import (
    GameSystem,
    HandBody,
    HandBodyTrumpType0,
    HandOut,
    MeldBody,
    Outcome,
    PaymentBody,
    PaymentOut,
    SavedHandOut,
    SavedPaymentOut,
    SessionCreate,
    SessionOut,
    Standings,
)

T = TypeVar("T")

Suit = HandBodyTrumpType0


def answer(kind: type[T], value: object) -> T:
    """``value`` when it is the answer the evening expects (a ``kind``), else a failure saying
    what came instead (a ``Problem`` says why)."""
    if not isinstance(value, kind):
        raise AssertionError(f"expected {kind.__name__}, got {value!r}")
    return value


def hand(
    declarer: int,
    bid: int,
    trump: Suit,
    outcome: Outcome | None = None,
    melds: list[MeldBody] | None = None,
    tricks: int | None = None,
) -> HandBody:
    """A hand as the table enters it: the outcome, or the figures it is worked out from."""
    body = HandBody(declarer_id=declarer, bid=bid, trump=trump)
    if outcome is not None:
        body.outcome = outcome
    if melds is not None:
        body.melds = melds
    if tricks is not None:
        body.tricks = tricks
    return body


def meld(player: int, points: int) -> MeldBody:
    """One player's meld, as a number."""
    return MeldBody(player_id=player, text=str(points))


def payment(payer: int, payee: int, cents: int) -> PaymentBody:
    """Money one player handed another toward the session."""
    return PaymentBody(payer_id=payer, payee_id=payee, cents=cents, note="at the table")


def totals(standings: Standings, names: dict[int, str]) -> dict[str, int]:
    """Each player's total in units, by name."""
    return {
        names[row.holder.player_ids[0]]: row.figure
        for row in standings.rows
        if row.holder.kind.value == "player"
    }


def player_id(value: int | None) -> int:
    """A payment's payer or payee id: every payment of this evening is between two players."""
    if value is None:
        raise AssertionError("a payment between players names both by id")
    return value


def owed(payments: list[PaymentOut], names: dict[int, str]) -> dict[tuple[str, str], int]:
    """Who pays whom how many cents, by names (by the ids a payment is posted with)."""
    return {(names[player_id(p.payer_id)], names[player_id(p.payee_id)]): p.cents for p in payments}


def play(client: Client) -> None:
    """The evening above, each figure checked as the table worked it out."""
    started = create_session.sync(
        client=client,
        body=SessionCreate(players=["Ann", "Bob", "Cal"], system=GameSystem.BROOKLYN),
        idempotency_key="evening-1",
    )
    session = answer(SessionOut, started)
    names = {player.id: player.name for player in session.players}
    ann, bob, cal = (player.id for player in session.players)
    sid = session.id

    def enter(body: HandBody) -> SavedHandOut:
        return answer(SavedHandOut, create_hand.sync(sid, client=client, body=body))

    first = enter(hand(bob, 350, Suit.H, Outcome.MADE))
    assert totals(first.standings, names) == {"Ann": -2, "Bob": 4, "Cal": -2}
    second = enter(hand(cal, 300, Suit.S, Outcome.MADE))
    assert totals(second.standings, names) == {"Ann": -4, "Bob": 2, "Cal": 2}
    third = enter(hand(ann, 400, Suit.D, Outcome.SET))
    assert totals(third.standings, names) == {"Ann": -20, "Bob": 10, "Cal": 10}

    corrected = replace_hand.sync(
        sid, 2, client=client, body=hand(cal, 300, Suit.S, Outcome.SET), if_match=second.hand.etag
    )
    assert totals(answer(SavedHandOut, corrected).standings, names) == {
        "Ann": -14, "Bob": 16, "Cal": -2,
    }  # fmt: skip
    latest = answer(SavedHandOut, corrected).hand
    assert answer(HandOut, read_hand.sync(sid, 2, client=client)).etag == latest.etag

    deleted = delete_hand.sync(sid, 3, client=client, if_match=third.hand.etag)
    assert totals(answer(Standings, deleted), names) == {"Ann": 2, "Bob": 8, "Cal": -10}

    last = enter(hand(bob, 450, Suit.C, melds=[meld(bob, 250)], tricks=200))
    assert last.hand.number == 3
    assert last.hand.result.outcome == Outcome.MADE
    assert totals(last.standings, names) == {"Ann": -6, "Bob": 24, "Cal": -18}

    read = answer(SessionOut, read_session.sync(sid, client=client))
    assert read.hand_count == 3
    assert {names[n.holder.player_ids[0]]: n.cents for n in read.settlement.nets} == {
        "Ann": -60, "Bob": 240, "Cal": -180,
    }  # fmt: skip
    assert owed(read.settlement.fewest, names) == {("Ann", "Bob"): 60, ("Cal", "Bob"): 180}

    paid = record_payment.sync(
        sid, client=client, body=payment(cal, bob, 180), idempotency_key="cal-pays-bob"
    )
    recorded = answer(SavedPaymentOut, paid)
    assert recorded.payment.cents == 180
    assert owed(recorded.still_to_pay, names) == {("Ann", "Bob"): 60}
