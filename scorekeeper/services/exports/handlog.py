"""A session's hand log: every event with the figures the replay derives for it.

``hand_log`` lists every event of a session (hands, and players leaving a chip game) with the
figures the replay derives for it, as the table writes them: the dealer, who sat out, the bid,
trump, meld, tricks, the outcome, and each holder's change and running total (the kitty and
the pot are holders too). The session PDF, its print view and the CSV all print this list.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...rules.evening.session import HandRecord, LeaveRecord
from ...rules.game.present import Whose
from ...rules.hand.describe import TeamBid, bid_words, describe, says_why, team_bids
from ...rules.hand.outcome import Outcome
from ...rules.holders import Holder, PlayerKey, members
from ...rules.pack.cards import Suit
from ..sessions import LoadedSession, audit_trail


@dataclass(frozen=True)
class LogEntry:
    """One event of the hand log, a hand or a player leaving, figures as the table writes them
    (every event in order, for the PDF and the CSV; unlike ``HandLine``, scaled and with leaves).

    ``changes`` and ``totals`` cover every holder of ``log_holders`` in that order: players
    (or the two teams), then the kitty or the pot. In cumulative games the totals are the
    game's scores, which start again at 0 after each game.
    """

    kind: str  # "hand" | "leave"
    number: int | None  # the hand's number; None for a player leaving
    game: int
    dealer: PlayerKey | None
    sitting_out: tuple[PlayerKey, ...]
    declarer: PlayerKey | None
    bid: int | None
    trump: Suit | None
    melds: tuple[tuple[Holder, int], ...]  # chip games: the declarer's; otherwise each holder's
    tricks: tuple[tuple[Holder, int], ...]  # chip games: the declarer's side; otherwise per holder
    outcome: str  # in words: "made", "set", "all passed", "left the table"
    text: str  # the whole hand in a sentence
    changes: tuple[tuple[Holder, int], ...]
    totals: tuple[tuple[Holder, int], ...]
    game_over: str = ""  # "Game 1 won by Ann" after the hand that ended a game
    takeover: bool = False
    reneger: PlayerKey | None = None
    team_bids: tuple[TeamBid, ...] = ()  # summed bids (RULES 6.6): each team's contract
    corrected: bool = False  # the hand was corrected after it was saved
    explains: bool = False  # some figure did not count: ``text`` says why (printed under it)

    @property
    def contracts(self) -> tuple[str, ...]:
        """Summed bids: each team's contract in words, "N & S bid 65 (N 40 + S 25)"."""
        return tuple(bid_words(one) for one in self.team_bids)

    @property
    def meld(self) -> int | None:
        """Chip games: the declarer's meld (None when none was entered)."""
        return self.melds[0][1] if self.melds else None

    @property
    def trick_points(self) -> int | None:
        """Chip games: the declarer's side's trick points (None when not played)."""
        return self.tricks[0][1] if self.tricks else None


def log_holders(loaded: LoadedSession) -> tuple[Holder, ...]:
    """Who has a column in the hand log: players or teams, then the kitty or the pot."""
    return (*loaded.setup.holders, *loaded.options.system.present.pools)


def hand_log(loaded: LoadedSession) -> list[LogEntry]:
    """Every hand and every player leaving, in the order they happened."""
    state = loaded.state
    events: list[tuple[int, HandRecord | LeaveRecord]] = [(h.position, h) for h in state.hands]
    events += [(leave.position, leave) for leave in state.leaves]
    events.sort(key=lambda pair: pair[0])
    holders = log_holders(loaded)
    totals: dict[Holder, int] = dict.fromkeys(holders, 0)
    for flow in state.opening:  # the pot's opening antes come before hand 1
        totals[flow.payer] -= flow.amount
        totals[flow.payee] += flow.amount
    games = {game.last_hand: game for game in state.games}
    edited = corrected_hands(loaded)
    out: list[LogEntry] = []
    for _, event in events:
        if isinstance(event, LeaveRecord):
            out.append(_leave_entry(loaded, event, holders, totals))
        else:
            entry = _hand_entry(loaded, event, holders, totals, games)
            out.append(replace(entry, corrected=True) if event.number in edited else entry)
    return out


def corrected_hands(loaded: LoadedSession) -> frozenset[int]:
    """The numbers of the hands corrected after they were saved (by the stored hand each
    correction's audit entry names, so a hand deleted before it does not shift the mark)."""
    ids = {entry.hand_id for entry in audit_trail(loaded.row.id) if entry.action == "edited"}
    return frozenset(
        record.number for record in loaded.state.hands if loaded.hand_ids[record.position] in ids
    )


def _hand_entry(loaded, record: HandRecord, holders, totals, games) -> LogEntry:
    options = loaded.options
    present = options.system.present
    result = record.result
    t = options.to_table
    melds: tuple[tuple[Holder, int], ...]
    tricks: tuple[tuple[Holder, int], ...] = ()
    scale = present.scale(options)  # chips as they are, points as the table writes them
    changes = {h: result.change(h) // scale for h in loaded.setup.holders}
    running = {h: points // scale for h, points in record.balances}
    for pool in present.pools:
        changes[pool], running[pool] = result.pool_change(pool), record.pool_balance(pool)
    if present.meld_of is Whose.DECLARER:  # the declarer's meld, their side's tricks
        melds = tuple((p, t(points)) for p, points in result.melds if p == result.declarer)
        if result.declarer_side is not None and result.declarer is not None:
            tricks = ((result.declarer, t(result.declarer_side)),)
    else:  # every holder's, a side's meld its members' together
        melds = (
            tuple((h, t(sum(result.meld_of(p) for p in members(h)))) for h in loaded.setup.teams)
            if present.by_sides
            else tuple((p, t(points)) for p, points in result.melds)
        )
        tricks = tuple((holder, t(points)) for holder, points in result.tricks)
    for holder in holders:
        totals[holder] = running.get(holder, 0)
    game = games.get(record.number)
    over = f"Game {game.number} won by {game.winner}" if game is not None else ""
    outcome = result.outcome
    return LogEntry(
        kind="hand",
        number=record.number,
        game=record.game,
        dealer=record.dealer,
        sitting_out=record.sitting_out,
        declarer=result.declarer,
        bid=None if result.bid is None else t(result.bid),
        trump=result.trump,
        melds=melds,
        tricks=tricks,
        outcome=outcome.label,
        text=describe(result, options),
        changes=tuple((h, changes.get(h, 0)) for h in holders),
        totals=tuple((h, totals[h]) for h in holders),
        game_over=over,
        takeover=result.takeover,
        reneger=result.reneger if outcome is Outcome.RENEGE else None,
        team_bids=team_bids(result, options),
        explains=says_why(result, options),
    )


def _leave_entry(loaded, leave: LeaveRecord, holders, totals) -> LogEntry:
    changes: dict[Holder, int] = dict.fromkeys(holders, 0)
    for flow in leave.flows:  # the kitty pays the leaver their share
        changes[flow.payer] -= flow.amount
        changes[flow.payee] += flow.amount
    for holder, change in changes.items():
        totals[holder] += change
    share = f", taking {leave.kitty_share} from the kitty" if leave.kitty_share else ""
    return LogEntry(
        kind="leave",
        number=None,
        game=1,
        dealer=None,
        sitting_out=(),
        declarer=leave.player,
        bid=None,
        trump=None,
        melds=(),
        tricks=(),
        outcome="left the table",
        text=f"{leave.player} left the table after hand {leave.after_hand}{share}.",
        changes=tuple(changes.items()),
        totals=tuple((h, totals[h]) for h in holders),
    )
