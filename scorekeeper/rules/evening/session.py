"""Session replay (RULES section 7): the hands entered in, every figure derived out.

Like a chess position from its move stack, a session's state is never stored: the setup
(options, players clockwise, first dealer) and the ordered events (hands, players leaving)
are replayed through the rules. Each hand gets its dealer and who sits out, its result, the
running balances (chips) or game scores (points), the kitty and the pot; cumulative games end
and restart with the winner dealing. Editing any earlier event and replaying gives exactly the
figures the corrected history would have given from the start.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..errors import Checks, Part, RuleError, SeatingError, Where
from ..game.options import Options, Scoring
from ..hand.hands import HandContext, HandInput, HandResult, score_hand
from ..hand.payments import Flow, ante_units
from ..holders import KITTY, POT, Holder, Player, PlayerKey, Pool, Team, members
from .games import EndReason, game_end
from .seating import check_players, dealt_in, next_clockwise


@dataclass(frozen=True, slots=True)
class SessionSetup:
    """How a session starts: options, players clockwise from seat 1, and the first dealer."""

    options: Options
    players: tuple[PlayerKey, ...]
    first_dealer: PlayerKey

    def check(self) -> None:
        """Refuse players, counts or a first dealer the options cannot seat (all at once)."""
        checks = Checks()
        checks.run(check_players, self.players, self.options)
        if self.first_dealer not in self.players:
            checks.run(_no_first_dealer)
        checks.done()

    @property
    def teams(self) -> tuple[Team, ...]:
        """The teams of partners (empty when each plays for themselves)."""
        if self.options.system.kind.is_partnership:
            return self.options.shape.teams(self.players)
        return ()

    @property
    def holders(self) -> tuple[Holder, ...]:
        """Who keeps a score: the players, or the teams of partners."""
        if self.options.system.kind.is_partnership:
            return self.teams
        return self.players


@dataclass(frozen=True, slots=True)
class PlayerLeaves:
    """A player gets up from a chip game; they are paid their kitty share."""

    player: PlayerKey


Event = HandInput | PlayerLeaves


def _no_first_dealer() -> None:
    raise SeatingError(Where(Part.FIRST_DEALER), "The first dealer must be one of the players.")


class ReplayError(RuleError):
    """An event cannot stand where it is in the history (says which hand and why): ``cause``
    is the rule it broke (or ``RuleErrors``), placed in hand ``number`` (None for a player
    leaving)."""

    def __init__(
        self, position: int, label: str, error: RuleError, number: int | None = None
    ) -> None:
        super().__init__(replace(error.where, hand=number), f"{label}: {error.rule}")
        self.position = position
        self.cause = error


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A hand as replayed: its ``HandInput`` and ``HandResult`` with who dealt and played, and
    every holder's running total after it (the engine's full record of a hand)."""

    position: int  # index in the event list
    number: int  # 1-based among hands
    game: int  # 1-based game number (always 1 in chip games)
    context: HandContext
    input: HandInput
    result: HandResult
    balances: tuple[tuple[Holder, int], ...]  # after the hand: chips per player, or game scores
    kitty: int = 0
    pot: int = 0

    @property
    def dealer(self) -> PlayerKey:
        """Who dealt this hand."""
        return self.context.dealer

    @property
    def sitting_out(self) -> tuple[PlayerKey, ...]:
        """Who sat out this hand."""
        return self.context.sitting_out

    def balance(self, holder: Holder) -> int:
        """``holder``'s running total after this hand."""
        return dict(self.balances).get(holder, 0)

    def pool_balance(self, pool: Pool) -> int:
        """What the kitty or the pot holds after this hand."""
        return self.kitty if pool is KITTY else self.pot


@dataclass(frozen=True, slots=True)
class LeaveRecord:
    """A player leaving: what they had won or lost, and their kitty share."""

    position: int
    player: PlayerKey
    after_hand: int  # hands played before they left
    balance: int  # session balance in units, kitty share included
    kitty_share: int
    flows: tuple[Flow, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished cumulative game."""

    number: int
    first_hand: int
    last_hand: int
    scores: tuple[tuple[Holder, int], ...]
    winner: Holder
    reason: EndReason  # why it ended: worded by services/gameend_words.py
    sets: tuple[tuple[PlayerKey, int, int], ...] = ()  # Bison: player, single sets, double sets
    money: tuple[Flow, ...] = ()  # cents each loser pays the winner(s)
    winner_stakes: int = 0  # cents the winner(s) would have put into a pot

    def score(self, holder: Holder) -> int:
        """``holder``'s final score in this game."""
        return dict(self.scores).get(holder, 0)

    @property
    def pot(self) -> int:
        """The same money shown as a pot: every ante and set stake, which the winner takes."""
        return sum(flow.amount for flow in self.money) + self.winner_stakes


@dataclass(frozen=True, slots=True)
class SessionState:
    """Everything derived from a session's setup and events."""

    setup: SessionSetup
    hands: tuple[HandRecord, ...]
    leaves: tuple[LeaveRecord, ...]
    games: tuple[GameRecord, ...]
    balances: tuple[tuple[Holder, int], ...]  # chips per player, or the current game's scores
    seated: tuple[PlayerKey, ...]
    next_hand: HandContext
    kitty: int
    pot: int
    game: int  # the game the next hand belongs to
    opening: tuple[Flow, ...] = ()  # antes into the pot before the first hand
    money: tuple[tuple[PlayerKey, int], ...] = field(default=())  # cents per player (bison games)
    raised_target: int | None = None  # the current game's target once a tie has raised it
    passed_target: int | None = None  # the target several passed on one hand, raising it last

    @property
    def target(self) -> int:
        """Full points that win the current game: the option's, or higher once raised."""
        return self.raised_target if self.raised_target is not None else self.options.target

    @property
    def options(self) -> Options:
        """The session's options."""
        return self.setup.options

    @property
    def game_over(self) -> GameRecord | None:
        """The game that the last hand finished, until another hand is played."""
        if self.games and self.hands and self.games[-1].last_hand == self.hands[-1].number:
            return self.games[-1]
        return None

    def balance(self, holder: Holder) -> int:
        """``holder``'s current balance (chips) or score (points)."""
        return dict(self.balances).get(holder, 0)

    def pool_balance(self, pool: Pool) -> int:
        """What the kitty or the pot holds now."""
        return self.kitty if pool is KITTY else self.pot

    def games_won(self, holder: Holder) -> int:
        """Finished games ``holder`` won: a team's wins, or a player's own and their team's."""
        return sum(
            1 for game in self.games if game.winner == holder or holder in members(game.winner)
        )

    def hand(self, number: int) -> HandRecord:
        """The replayed hand with this 1-based number."""
        return self.hands[number - 1]

    def flows(self) -> tuple[Flow, ...]:
        """Every chip payment of the session in order: antes, hands, cash-outs."""
        out: list[Flow] = list(self.opening)
        events = sorted(
            [(h.position, h.result.flows) for h in self.hands]
            + [(leave.position, leave.flows) for leave in self.leaves]
        )
        for _, flows in events:
            out.extend(flows)
        return tuple(out)


class Replayer:
    """Applies events one by one; the only mutable object in the engine.

    ``replay`` uses it for a whole history; a caller that keeps one can ``copy`` it and
    ``apply`` the next event to get the following state without replaying from the start.
    """

    def __init__(self, setup: SessionSetup) -> None:
        setup.check()
        self.applied = 0
        self.setup = setup
        self.options = setup.options
        self.system = self.options.system
        self.order = setup.players
        self.seated = list(setup.players)
        self.teams = setup.teams
        self.holders = setup.holders
        self.dealer = setup.first_dealer
        self.balances: dict[Holder, int] = {h: 0 for h in self.holders}
        self.kitty = 0
        self.pot = 0
        self.hands: list[HandRecord] = []
        self.leaves: list[LeaveRecord] = []
        self.games: list[GameRecord] = []
        self.money: dict[PlayerKey, int] = {p: 0 for p in setup.players}
        self.game = 1
        self.game_first_hand = 1
        self.deals = 0
        self.floor_pending = False
        self.target: int | None = None  # the game's target once a tie has raised it
        self.passed_target: int | None = None  # the target passed when it was last raised
        self.sets: dict[PlayerKey, list[int]] = {p: [0, 0] for p in setup.players}
        self.opening: list[Flow] = []
        ante = ante_units(self.options)
        if ante:
            self.opening = [Flow(p, POT, ante) for p in self.seated]
            for p in self.seated:
                self.balances[p] -= ante
            self.pot = ante * len(self.seated)

    def context(self) -> HandContext:
        """The seating of the next hand."""
        active = dealt_in(self.seated, self.dealer, self.options)
        return HandContext(
            tuple(self.seated), self.dealer, active, self.teams, self.kitty, self.pot
        )

    def copy(self) -> Replayer:
        """An independent replayer at the same point (records are shared, being immutable)."""
        twin = copy.copy(self)
        twin.seated = list(self.seated)
        twin.balances = dict(self.balances)
        twin.hands = list(self.hands)
        twin.leaves = list(self.leaves)
        twin.games = list(self.games)
        twin.money = dict(self.money)
        twin.sets = {p: list(v) for p, v in self.sets.items()}
        twin.opening = list(self.opening)
        return twin

    def apply(self, event: Event) -> None:
        """Apply the next event; a broken rule raises ``ReplayError`` and changes nothing."""
        position = self.applied
        if isinstance(event, PlayerLeaves):
            self._leave(position, event.player)
        else:
            self._hand(position, event)
        self.applied += 1

    def _hand(self, position: int, hand: HandInput) -> None:
        ctx = self.context()
        number = len(self.hands) + 1
        try:
            result = score_hand(hand, ctx, self.options)
        except RuleError as error:
            raise ReplayError(position, f"Hand {number}", error, number) from error
        for holder, change in result.changes:
            self.balances[holder] += change
        self.kitty += result.kitty_change
        self.pot += result.pot_change
        game = self.game
        self.hands.append(
            HandRecord(
                position, number, game, ctx, hand, result,
                tuple(self.balances.items()), self.kitty, self.pot,
            )
        )  # fmt: skip
        if result.passes_deal:
            self.dealer = next_clockwise(self.seated, self.dealer, self.order)
            self.deals += 1
        if self.system.kind.is_cumulative:
            self._after_cumulative_hand(number, result)

    def _after_cumulative_hand(self, number: int, result: HandResult) -> None:
        for player, kind in result.sets:
            self.sets[player][kind - 1] += 1
        declarer_holder: Holder | None = result.declarer
        if self.teams and result.declarer is not None:
            declarer_holder = next(t for t in self.teams if result.declarer in t)
        verdict = game_end(
            self.system, self.balances, declarer_holder, result.made, self.options,
            self.deals, self.floor_pending, self.target,
        )  # fmt: skip
        self.floor_pending = verdict.floor_pending
        if verdict.target is not None:  # several passed the target on this hand: it rose
            self.target = verdict.target
            self.passed_target = verdict.reason.target if verdict.reason else None
        winner = verdict.winner
        if winner is None:
            return
        assert not isinstance(winner, Pool), "a cumulative game keeps no kitty or pot"
        assert verdict.reason is not None, "a game is won for a reason"
        money, winner_stakes = self._game_money(winner)
        self.games.append(
            GameRecord(
                self.game, self.game_first_hand, number, tuple(self.balances.items()),
                winner, verdict.reason,
                tuple((p, s, d) for p, (s, d) in self.sets.items()), money, winner_stakes,
            )
        )  # fmt: skip
        for flow in money:  # game and set stakes pass from player to player
            payer, payee = flow.payer, flow.payee
            assert isinstance(payer, Player | str) and isinstance(payee, Player | str)
            self.money[payer] -= flow.amount
            self.money[payee] += flow.amount
        self.game += 1
        self.game_first_hand = number + 1
        self.balances = {h: 0 for h in self.holders}
        self.deals = 0
        self.floor_pending = False
        self.target = None
        self.passed_target = None
        self.sets = {p: [0, 0] for p in self.setup.players}
        if self.system.scoring is Scoring.EACH and not isinstance(winner, Team):
            self.dealer = winner  # the winner deals first in the next game

    def _game_money(self, winner: PlayerKey | Team) -> tuple[tuple[Flow, ...], int]:
        o = self.options
        if not isinstance(winner, Team):  # Bison: one player wins
            flows: list[Flow] = []
            for p in self.setup.players:
                if p == winner:
                    continue
                singles, doubles = self.sets[p]
                amount = o.game_stake + o.set_stake * (singles + 2 * doubles)
                if amount:
                    flows.append(Flow(p, winner, amount))
            own = o.game_stake + o.set_stake * (self.sets[winner][0] + 2 * self.sets[winner][1])
            return tuple(flows), own
        if not o.game_stake:
            return (), 0
        paid = tuple(
            Flow(lo, wi, o.game_stake)
            for losers in self.teams
            if losers != winner
            for lo, wi in zip(losers, winner, strict=True)
        )  # each player of a losing team pays the winner in the same place on the team
        return paid, o.game_stake * len(winner)

    def _leave(self, position: int, player: PlayerKey) -> None:
        label = f"{player} leaving"
        leaver = Where(Part.LEAVER, player=player)
        try:
            if not self.system.kind.is_chip_game:
                raise SeatingError(
                    leaver, f"{self.system.label} needs all its players; end the session instead."
                )
            if player not in self.seated:
                raise SeatingError(leaver, f"{player} is not at the table.")
            if len(self.seated) <= 3:
                raise SeatingError(leaver, "Three players must stay at the table.")
        except RuleError as error:
            raise ReplayError(position, label, error) from error
        share = 0
        flows: tuple[Flow, ...] = ()
        if self.system.kind.has_kitty and self.kitty > 0:
            share = self.kitty // len(self.seated)
            if share:
                flows = (Flow(KITTY, player, share),)
                self.kitty -= share
                self.balances[player] += share
        if self.dealer == player:
            self.dealer = next_clockwise(self.seated, player, self.order)
        self.seated.remove(player)
        self.leaves.append(
            LeaveRecord(position, player, len(self.hands), self.balances[player], share, flows)
        )

    def state(self) -> SessionState:
        return SessionState(
            self.setup,
            tuple(self.hands),
            tuple(self.leaves),
            tuple(self.games),
            tuple(self.balances.items()),
            tuple(self.seated),
            self.context(),
            self.kitty,
            self.pot,
            self.game,
            tuple(self.opening),
            tuple(self.money.items()),
            self.target,
            self.passed_target,
        )


def replay(setup: SessionSetup, events: Iterable[Event]) -> SessionState:
    """Replay a session's events through the rules; raises ``ReplayError`` at the first bad one."""
    run = Replayer(setup)
    for event in events:
        run.apply(event)
    return run.state()


def check_new_hand(state: SessionState, hand: HandInput) -> HandResult:
    """The result of ``hand`` as the next hand of ``state``; raises the rule it breaks."""
    return score_hand(hand, state.next_hand, state.options)


def replace_event(events: Sequence[Event], position: int, event: Event | None) -> list[Event]:
    """The event list with one event replaced (or removed when ``event`` is None)."""
    edited = list(events)
    if event is None:
        del edited[position]
    else:
        edited[position] = event
    return edited


__all__ = [
    "Event",
    "GameRecord",
    "HandRecord",
    "LeaveRecord",
    "PlayerLeaves",
    "ReplayError",
    "Replayer",
    "SessionSetup",
    "SessionState",
    "check_new_hand",
    "replace_event",
    "replay",
]
