"""The game and the seating a line is read for, and what its hand asks for (issue 29; RULES
2.5 who melds, 3.3 and 3.4 whose tricks, 4.3 to 5.3 and 6.4 the outcomes, 6.6 summed bids).

``SayingTable`` is the reader's one input beside the line: the house rules (``Options``), the
players dealt in (their ids, names and any short names the table uses) and the teams.
``HandAsks`` is what the hand form asks of that game, asked of the options and the way the
game keeps score (``Presenter.meld_of``, ``tricks_of``), never of a game's name: the same
decisions ``forms/hand.py`` ``hand_form`` makes from them, in one pure place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..game.bidding import bid_problem
from ..game.options import Options
from ..game.present import Whose
from ..hand.handinput import HandContext
from ..hand.outcome import Outcome
from ..holders import Player, players_of
from ..pack.tricks import teams_enter_own_tricks, trick_total

NOT_PLAYED = frozenset({Outcome.ALL_PASS, Outcome.MISDEAL})
"""Outcomes of a hand nobody played: nothing but the outcome is entered (RULES 4.3, 4.4)."""

NO_TRUMP_NAMED = frozenset({Outcome.FORFEIT, Outcome.CONCEDED})
"""Outcomes entered without trump: a forfeit names none, a concession may not (RULES 5.3)."""

PLAYED = frozenset({Outcome.MADE, Outcome.SET, Outcome.PLAYED, Outcome.RENEGE})
"""Outcomes of a hand played out, whose figures (meld and tricks) are entered."""

MELD_KEPT = frozenset({Outcome.CONCEDED, Outcome.OPPONENTS_CONCEDED})
"""Outcomes before play where the points games still count meld (RULES 6.1, 6.2)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player dealt in: their id, their name as the roster holds it, and any short names
    the table calls them by ("Al" for "Alberto")."""

    id: int
    name: str
    short_names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandAsks:
    """What a game's hand is entered with, as the hand form asks it."""

    bid: bool  # a declarer and a bid (``auction``)
    summed: bool  # each player's own bid, the partners' summed (``summed_bids``)
    outcomes: frozenset[Outcome]  # the outcomes its house rules know
    meld_each: bool  # every player's meld (else the declarer's only)
    side_meld: bool  # a team's meld may be said as one figure
    takes_each: bool  # each player's take and who took the last trick (else one figure)
    takes_by_team: bool  # each team's trick points, under its first seat's player

    @classmethod
    def of(cls, options: Options, teams: int = 0) -> HandAsks:
        """What a hand of ``options`` asks for, with ``teams`` teams at the table."""
        present = options.system.present
        return cls(
            bid=options.auction,
            summed=options.auction and options.summed_bids,
            outcomes=frozenset(o for o in Outcome if o.value in options.outcomes),
            meld_each=present.meld_of is Whose.EACH,
            side_meld=options.has_teams,
            takes_each=present.tricks_of is Whose.EACH,
            takes_by_team=options.has_teams and (teams > 2 or teams_enter_own_tricks(options)),
        )

    @property
    def last_trick_apart(self) -> bool:
        """True when who took the last trick is entered apart from the takes (with a bid);
        without one each take holds the last trick (RULES 6.4)."""
        return self.bid

    @property
    def figures_decide(self) -> bool:
        """True when the figures only tell made from set (chips), so the outcome or them."""
        return not self.meld_each

    def wanted(self, outcome: Outcome | None) -> tuple[str, ...]:
        """The fields a hand ending ``outcome`` is entered with, as ``HandEntry`` names them
        (``outcome`` itself where it is not worked out from the figures)."""
        if outcome in NOT_PLAYED:
            return ()
        fields = ["outcome"] if self.bid else []
        if self.bid:
            fields += ["declarer", "bids" if self.summed else "bid"]
        if outcome not in NO_TRUMP_NAMED:
            fields.append("trump")
        if outcome is Outcome.RENEGE:
            fields.append("reneger")
        if self.figures_decide:
            return tuple(fields)
        if outcome is None or outcome in PLAYED:
            if self.takes_each:
                fields += ["takes", "last_trick"] if self.last_trick_apart else ["takes"]
            else:
                fields.append("takes" if self.takes_by_team else "tricks")
            fields.append("melds")
        elif outcome in MELD_KEPT:
            fields.append("melds")
        return tuple(fields)


@dataclass(frozen=True, slots=True)
class SayingTable:
    """A line's game and seating: the house rules, the players dealt in and the teams
    (partners' ids, first seat first, as the session holds them)."""

    options: Options
    seats: tuple[Seat, ...]
    teams: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def of(
        cls,
        options: Options,
        players: Iterable[Player],
        teams: Iterable[Iterable[int]] = (),
        short_names: Mapping[int, Iterable[str]] | None = None,
    ) -> SayingTable:
        """The table of ``players`` (dealt in, in seat order) playing ``options``, with any
        ``short_names`` by player id."""
        extra = short_names or {}
        seats = tuple(Seat(p.id, p.name, tuple(extra.get(p.id, ()))) for p in players)
        return cls(options, seats, tuple(tuple(team) for team in teams))

    @classmethod
    def at(
        cls,
        options: Options,
        context: HandContext,
        short_names: Mapping[int, Iterable[str]] | None = None,
    ) -> SayingTable:
        """The table a hand is said at: the players ``context`` deals in (in seat order) and
        its teams (first seat first)."""
        dealt = set(context.active)
        players = [p for p in context.seated if isinstance(p, Player) and p in dealt]
        teams = [tuple(p.id for p in players_of(team)) for team in context.teams]
        return cls.of(options, players, teams, short_names)

    @property
    def asks(self) -> HandAsks:
        """What this table's hand is entered with."""
        return HandAsks.of(self.options, len(self.teams))

    @property
    def trick_points(self) -> int:
        """Every trick point of a hand, as the table writes figures (RULES 3.1, 3.5: 250, 490
        from two packs with nines, 50 written from a double deck)."""
        return self.options.to_table(trick_total(self.options.deck))

    def is_bid(self, figure: int) -> bool:
        """True when ``figure``, as the table writes figures, is on the game's bid ladder
        (RULES 4.1)."""
        return bid_problem(self.options.from_table(figure), self.options) is None

    def name(self, pid: int) -> str:
        """The name of player ``pid``."""
        return next(seat.name for seat in self.seats if seat.id == pid)

    def team_of(self, pid: int) -> tuple[int, ...]:
        """The partners of ``pid``'s team, first seat first (``pid`` alone without teams)."""
        return next((team for team in self.teams if pid in team), (pid,))
