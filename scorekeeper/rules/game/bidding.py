"""Bidding (RULES section 4): which final bids the session's options allow.

A bid is on the session's bid ladder (``min_bid`` up in ``bid_step``, wider from each of
``bid_rungs``: ``ladder.BidLadder``), does not end in a forbidden ending (Brooklyn: no 340,
390, 440...) and is no more than a hand can make. Brooklyn's dealer takeover records the dealer as
declarer at 250 when the first bid of 300 stood alone; Hoyle's compulsory first bid
(``compulsory_bid``, 300 or 250) is the only bid that may be forfeited. Bids are in full
points; messages show them as the table writes them (``scale``).
"""

from __future__ import annotations

import functools

from ..errors import BidError, Part, Where
from ..pack.deck import Deck
from ..pack.meld import attainable_totals
from ..pack.tricks import trick_total
from .ladder import BidLadder, Rung
from .options import AllPass, Options

TAKEOVER_BID = 250  # what the dealer plays at after a Brooklyn takeover


def bid_ladder(options: Options) -> BidLadder:
    """The session's bid ladder: the minimum, the bid step and the wider steps above it."""
    return _ladder(options.min_bid, options.bid_step, options.bid_rungs, options.scale)


@functools.lru_cache(maxsize=64)
def _ladder(minimum: int, step: int, rungs: tuple[Rung, ...], scale: int) -> BidLadder:
    return BidLadder(minimum, step, rungs, scale)  # checked once per session's ladder


def highest_makeable(options: Options) -> int:
    """The most a declarer can score: all the trick points plus the biggest legal meld.

    In partnership the bidding team melds one hand per partner, so its ceiling is that many of
    the biggest melds (a bound, not the exact best of hands dealt from one deck).
    """
    return _highest(options.shape.team_size, options.deck, attainable_totals(options))


@functools.lru_cache(maxsize=64)
def _highest(hands: int, deck: Deck, melds: frozenset[int]) -> int:
    return trick_total(deck) + hands * max(melds)


def bid_problem(bid: int, options: Options) -> str | None:
    """Why ``bid`` is not a legal final bid under ``options``, or None when it is."""
    t = options.to_table
    if bid % options.scale:
        return f"A bid is a whole number of points; {bid / options.scale:g} is not."
    problem = bid_ladder(options).problem(bid, lambda b: _ending_allowed(b, options))
    if problem:
        return problem
    if not _ending_allowed(bid, options):
        endings = " or ".join(str(t(e)) for e in options.forbidden_endings)
        return f"Bid {t(bid)} ends in {t(bid % 100)}; house rules forbid bids ending in {endings}."
    if bid > highest_makeable(options):
        return (
            f"Bid {t(bid)} is more than any hand can make (at most {t(highest_makeable(options))})."
        )
    return None


def _ending_allowed(bid: int, options: Options) -> bool:
    """True unless ``bid`` ends in one of the forbidden endings (its last two digits)."""
    return bid % 100 not in options.forbidden_endings


def is_legal_bid(bid: int, options: Options) -> bool:
    """True if ``bid`` may be a final bid under ``options``."""
    return bid_problem(bid, options) is None


def check_bid(bid: int, options: Options) -> None:
    """Refuse a final bid the options do not allow, saying which rule it breaks."""
    problem = bid_problem(bid, options)
    if problem:
        raise BidError(Where(Part.BID), problem)


def legal_bids(options: Options, start: int | None = None, count: int = 12) -> list[int]:
    """The next ``count`` legal bids from ``start`` (default: the minimum), for quick picks.

    They climb the ladder (its steps widening from each rung), skip the forbidden endings and
    stop at the most a hand can make.
    """
    ladder = bid_ladder(options)
    top = highest_makeable(options)
    bid = ladder.next_bid((options.min_bid if start is None else start) - 1)
    bids: list[int] = []
    while len(bids) < count and bid <= top:
        if _ending_allowed(bid, options):
            bids.append(bid)
        bid = ladder.next_bid(bid)
    return bids


def step_bid(bid: int, options: Options, direction: int = 1) -> int:
    """The next legal bid above (``direction`` 1) or below (-1) ``bid``; stays put at the ends."""
    ladder = bid_ladder(options)
    top = highest_makeable(options)
    candidate: int | None = ladder.next_bid(bid) if direction > 0 else ladder.previous_bid(bid)
    while candidate is not None and candidate <= top:
        if _ending_allowed(candidate, options):
            return candidate
        candidate = ladder.next_bid(candidate) if direction > 0 else ladder.previous_bid(candidate)
    return bid


def takeover_allowed(options: Options) -> bool:
    """True if the session plays Brooklyn's dealer takeover."""
    return options.all_pass is AllPass.DEALER_TAKEOVER


def check_takeover(bid: int, options: Options) -> None:
    """Refuse a dealer takeover the options do not have, or at another figure than 250."""
    if not takeover_allowed(options):
        raise BidError(
            Where(Part.TAKEOVER),
            "These house rules have no dealer takeover (see 'When everyone passes').",
        )
    if bid != TAKEOVER_BID:
        raise BidError(
            Where(Part.BID),
            f"A dealer takeover is played at {options.to_table(TAKEOVER_BID)}, "
            f"not {options.to_table(bid)}.",
        )
