"""Who deals, who plays and who sits out (RULES sections 1 and 5).

Seats are listed clockwise and the deal passes to the left (the next seat clockwise); the
player to the dealer's left bids first. At a chip game with more than three players three are
dealt in and the rest sit out by the ``sit_out`` rule. Who partners whom is the table's shape
(``shape.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Checks, Part, SeatingError, Where
from ..game.options import Options, SitOut
from ..holders import PlayerKey, name_key


def check_players(players: Sequence[PlayerKey], options: Options) -> None:
    """Refuse blank names, a player seated twice and a count the system cannot seat (every
    one of them at once)."""
    checks = Checks()
    seen: set[object] = set()
    for seat, player in enumerate(players):
        checks.run(_check_seat, seat, player, seen)
    checks.run(options.validate, len(players))
    checks.done()


def _check_seat(seat: int, player: PlayerKey, seen: set[object]) -> None:
    """One seat: a name, and not a player already seated (``seen`` grows with each seat)."""
    name = str(player)
    if not name.strip():
        raise SeatingError(Where(Part.PLAYERS, seat=seat), "Every seat needs a player's name.")
    keys = {player, name_key(name)}
    if keys & seen:
        raise SeatingError(Where(Part.PLAYERS, player, seat), f"{name} is seated twice.")
    seen |= keys


def next_clockwise(
    seated: Sequence[PlayerKey], player: PlayerKey, order: Sequence[PlayerKey]
) -> PlayerKey:
    """The seated player after ``player`` clockwise; ``order`` is the original seating."""
    start = order.index(player)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in seated:
            return candidate
    raise SeatingError(Where(Part.PLAYERS), "Nobody is left at the table.")


def dealt_in(
    seated: Sequence[PlayerKey], dealer: PlayerKey, options: Options
) -> tuple[PlayerKey, ...]:
    """The players dealt in for a hand, in bidding order (the dealer's left first)."""
    n = len(seated)
    d = seated.index(dealer)
    clockwise = [seated[(d + k) % n] for k in range(1, n + 1)]  # dealer's left ... dealer
    if options.system.kind.is_cumulative or n == 3:
        return tuple(clockwise)
    rule = options.sit_out
    out: set[PlayerKey]
    if rule is SitOut.RIGHT_OF_DEALER:
        out = {clockwise[-2]} if n == 4 else set()
    elif rule is SitOut.DEALER:
        out = {dealer}
    elif rule is SitOut.DEALER_AND_SECOND_LEFT:
        out = {dealer} | ({clockwise[1]} if n == 5 else set())
    else:  # THREE_LEFT_PLAY: the three to the dealer's left play
        out = set(clockwise[3:])
    return tuple(p for p in clockwise if p not in out)


def deals_ahead(
    seated: Sequence[PlayerKey],
    dealer: PlayerKey,
    order: Sequence[PlayerKey],
    options: Options,
) -> tuple[tuple[PlayerKey, tuple[PlayerKey, ...]], ...]:
    """Each dealer in turn from ``dealer`` and the players they deal in, once round the table:
    the seatings of the coming hands while each passes the deal and nobody leaves (the deal
    then comes back to ``dealer``, so the list repeats)."""
    seatings = []
    for _ in seated:
        seatings.append((dealer, dealt_in(seated, dealer, options)))
        dealer = next_clockwise(seated, dealer, order)
    return tuple(seatings)
