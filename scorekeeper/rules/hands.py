"""One hand: what the table enters, and the result under each game system (RULES 4 to 6).

``HandInput`` holds what was entered (declarer, bid, trump, outcome, meld per player, tricks).
``score_hand`` checks it against the rules and the hand's seating (``HandContext``, worked out
by the session replay) and returns a ``HandResult``: each holder's change, the kitty's and the
pot's, and every payment as a flow from one holder to another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .bidding import TAKEOVER_BID, check_bid, check_takeover
from .cards import Card, Hand, Rank, Suit
from .errors import (
    BidError,
    Checks,
    MeldError,
    OutcomeError,
    Part,
    PlayerError,
    TrumpError,
    Where,
)
from .holders import KITTY, POT, Holder, PlayerKey, Team
from .meld import (
    Claim,
    MeldScore,
    check_meld_number,
    meld_from_cards,
    meld_from_claims,
    meld_points,
)
from .options import OPTION_SPECS, Options, Scoring
from .outcome import Outcome
from .payments import Flow, chip_hand
from .sidemeld import check_side_meld
from .tricks import PlayerTricks, SideTricks, TrickShares, buried_most, other_side


@dataclass(frozen=True, slots=True)
class MeldNumber:
    """Meld entered as a figure, in full points: one hand's, or a side's ``hands`` together."""

    points: int
    hands: int = 1


@dataclass(frozen=True, slots=True)
class MeldCards:
    """Meld entered as the cards laid down."""

    hand: Hand


@dataclass(frozen=True, slots=True)
class MeldClaims:
    """Meld entered as named melds."""

    claims: tuple[Claim, ...]


MeldEntry = MeldNumber | MeldCards | MeldClaims


def evaluate_meld(entry: MeldEntry, trump: Suit | None, options: Options, where: Where) -> int:
    """What a meld entry is worth, checked: a figure must be attainable, cards must fit a hand."""
    if isinstance(entry, MeldNumber) and entry.hands > 1:
        check_side_meld(entry.points, entry.hands, options, where)
        return entry.points
    if isinstance(entry, MeldNumber):
        check_meld_number(entry.points, options, where)
        return entry.points
    if isinstance(entry, MeldCards):
        _check_cards(entry, options, where)
        return meld_points(entry.hand, trump, options)
    return meld_from_claims(entry.claims, trump, options, where).total


def _check_cards(entry: MeldCards, options: Options, where: Where) -> None:
    entry.hand.within(options.deck, where)  # a nine, or a card too many times, for this deck
    if len(entry.hand) > options.hand_size:
        raise MeldError(
            where,
            f"{len(entry.hand)} cards laid down, but a hand here holds at most "
            f"{options.hand_size}.",
        )


def meld_breakdown(entry: MeldEntry, trump: Suit | None, options: Options) -> MeldScore | None:
    """The meld-by-meld breakdown of a cards or claims entry (None for a bare number)."""
    if isinstance(entry, MeldCards):
        _check_cards(entry, options, Where(Part.MELD))
        return meld_from_cards(entry.hand, trump, options)
    if isinstance(entry, MeldClaims):
        return meld_from_claims(entry.claims, trump, options)
    return None


def breakdowns(hand: HandInput, options: Options) -> dict[PlayerKey, MeldScore]:
    """Each player's meld breakdown for a hand, where it was entered by cards or claims."""
    out = {}
    for player, entry in hand.meld:
        score = meld_breakdown(entry, hand.trump, options)
        if score is not None:
            out[player] = score
    return out


@dataclass(frozen=True, slots=True)
class HandInput:
    """What the table entered for one hand, in the engine's terms: players, parsed meld and
    figures in full points (made from a ``HandEntry`` by the services)."""

    outcome: Outcome | None = None  # None: derive made or set from meld and tricks
    declarer: PlayerKey | None = None
    bid: int | None = None
    trump: Suit | None = None
    meld: tuple[tuple[PlayerKey, MeldEntry], ...] = ()
    tricks: SideTricks | PlayerTricks | TrickShares | None = None
    reneger: PlayerKey | None = None
    takeover: bool = False

    def meld_entry(self, player: PlayerKey) -> MeldEntry | None:
        """The meld entered for ``player``, if any."""
        return dict(self.meld).get(player)


@dataclass(frozen=True, slots=True)
class HandContext:
    """Who is at the table for a hand, worked out by the session replay."""

    seated: tuple[PlayerKey, ...]  # everyone at the table, clockwise
    dealer: PlayerKey
    active: tuple[PlayerKey, ...]  # the players dealt in, in bidding order (dealer's left first)
    teams: tuple[Team, ...] = ()  # partnership: the two teams
    kitty: int = 0  # kitty balance before the hand (units)
    pot: int = 0  # pot balance before the hand (units)

    @property
    def sitting_out(self) -> tuple[PlayerKey, ...]:
        """Players at the table who get no cards this hand."""
        return tuple(p for p in self.seated if p not in self.active)

    @property
    def first_bidder(self) -> PlayerKey:
        """The player to the dealer's left among those dealt in."""
        return self.active[0]

    def team_of(self, player: PlayerKey) -> Team:
        """The partnership team ``player`` belongs to."""
        for team in self.teams:
            if player in team:
                return team
        raise PlayerError(Where(Part.DECLARER, player), f"{player} is on no team.")


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a hand did, as the engine works it out from a ``HandInput``: each holder's change
    and the figures that led to it."""

    outcome: Outcome
    declarer: PlayerKey | None = None
    bid: int | None = None
    trump: Suit | None = None
    changes: tuple[tuple[Holder, int], ...] = ()  # holder (player or team) -> units or points
    flows: tuple[Flow, ...] = ()  # chip games: who paid whom, kitty and pot included
    kitty_change: int = 0
    pot_change: int = 0
    melds: tuple[tuple[PlayerKey, int], ...] = ()  # player -> meld points
    tricks: tuple[tuple[Holder, int], ...] = ()  # player or team -> trick points
    declarer_side: int | None = None  # chip games: the declarer's side's trick points
    made: bool | None = None
    value: int = 0  # chip games: schedule value times trump multiplier (units)
    multiplier: int = 1
    pot_taken: int = 0
    chip_in: int = 0  # each player's share of a kitty shortfall
    ante: int = 0  # each player's ante after the pot was taken
    sets: tuple[tuple[PlayerKey, int], ...] = ()  # Bison: player -> 1 single, 2 double set
    reneger: PlayerKey | None = None
    takeover: bool = False
    passes_deal: bool = True
    notes: tuple[str, ...] = field(default=())

    @property
    def side_tricks(self) -> tuple[int, int] | None:
        """Chip games: the trick points of the declarer's side and of the opponents."""
        if self.declarer_side is None:
            return None
        return self.declarer_side, other_side(self.declarer_side)

    def change(self, holder: Holder) -> int:
        """The change for ``holder`` (0 when untouched)."""
        return dict(self.changes).get(holder, 0)

    def meld_of(self, player: PlayerKey | None) -> int:
        """Meld points of ``player`` this hand."""
        if player is None:
            return 0
        return dict(self.melds).get(player, 0)


# -- checking the entry ----------------------------------------------------------------------

OUTCOME = Where(Part.OUTCOME)
TRICKS = Where(Part.TRICKS)
PLAYED = (None, Outcome.MADE, Outcome.SET)  # outcomes whose tricks are entered


def _check_player(name: PlayerKey | None, ctx: HandContext, where: Where, role: str) -> PlayerKey:
    if name is None or name == "":
        raise PlayerError(where, f"Choose the {role}.")
    if name not in ctx.seated:
        raise PlayerError(replace(where, player=name), f"'{name}' is not at this table.")
    if name not in ctx.active:
        raise PlayerError(
            replace(where, player=name),
            f"{name} sits out this hand; the {role} is one of "
            f"{', '.join(str(p) for p in ctx.active)}.",
        )
    return name


def _allowed(outcome: Outcome, options: Options) -> None:
    if outcome.value not in options.outcomes:
        system = options.system.label
        if outcome is Outcome.FORFEIT and options.system.has_kitty:
            rule = (
                f"Only a compulsory first bid of {options.to_table(options.compulsory_bid)} can "
                "be forfeited, and these house rules have none (see 'When everyone passes')."
            )
        elif outcome is Outcome.FORFEIT:
            rule = f"A forfeit belongs to Hoyle's compulsory 300; {system} has none."
        elif outcome is Outcome.ALL_PASS:
            rule = (
                f"When everyone passes in {system}, the hand is not thrown in "
                "(see 'When everyone passes'): enter who ended up with the bid."
            )
        else:
            rule = f"{system} has no '{outcome.label}' outcome."
        raise OutcomeError(OUTCOME, rule)


def _check_bid(hand: HandInput, options: Options) -> int:
    """The bid: entered, and legal (a takeover's at 250, where the house rules have one)."""
    if hand.bid is None:
        raise BidError(Where(Part.BID), "Enter the bid.")
    if hand.takeover:
        check_takeover(hand.bid, options)
    else:
        check_bid(hand.bid, options)
    return hand.bid


def _check_forfeit(
    hand: HandInput, ctx: HandContext, options: Options, declarer: PlayerKey | None
) -> None:
    """Only the first bidder's compulsory bid (300, or 250 in Hoyle's variation) is forfeited."""
    t = options.to_table
    if hand.bid is not None and hand.bid != options.compulsory_bid:
        raise OutcomeError(
            OUTCOME,
            f"Only the compulsory bid of {t(options.compulsory_bid)} can be forfeited; "
            f"this bid is {t(hand.bid)}.",
        )
    if declarer is not None and declarer != ctx.first_bidder:
        raise OutcomeError(
            OUTCOME,
            f"Only {ctx.first_bidder}, whose {t(options.compulsory_bid)} bid was "
            "compulsory, can forfeit this hand.",
        )


def _check_trump(hand: HandInput) -> None:
    """Trump named for a hand that is played, and not for a forfeit."""
    if hand.outcome is Outcome.FORFEIT:
        if hand.trump is not None:
            raise TrumpError(
                Where(Part.TRUMP), "A forfeit is given up before trump is named: leave trump empty."
            )
    elif (
        hand.outcome in (*PLAYED, Outcome.PLAYED, Outcome.RENEGE, Outcome.OPPONENTS_CONCEDED)
        and hand.trump is None
    ):
        raise TrumpError(Where(Part.TRUMP), "Choose trump: a hand that is played has a trump suit.")


def _check_trump_meld(hand: HandInput, declarer: PlayerKey) -> None:
    """Seed 003's house rule (``trump_needs_meld``): trump only in a suit where the declarer
    holds a run, a marriage or the dix. Checked only when the declarer's meld is entered as
    cards: named melds and a figure do not say which cards the hand holds."""
    entry = hand.meld_entry(declarer)
    trump = hand.trump
    if trump is None or not isinstance(entry, MeldCards):
        return
    king, queen, nine = (Card(trump, rank) for rank in (Rank.KING, Rank.QUEEN, Rank.NINE))
    if (king in entry.hand and queen in entry.hand) or nine in entry.hand:
        return  # a run holds the K and Q too
    raise TrumpError(
        Where(Part.TRUMP, declarer),
        f"{declarer} holds no run, marriage or dix in {trump.noun}: under "
        f"'{OPTION_SPECS['trump_needs_meld'].label}' {trump.noun} cannot be trump.",
    )


def _meld(
    player: PlayerKey,
    entry: MeldEntry,
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    melders: Sequence[PlayerKey] | None,
) -> int:
    """One player's meld: someone at the table who melds in this game, and a legal meld
    (``melders`` None: who melds is not known, as the declarer is not)."""
    where = Where(Part.MELD, player)
    if player not in ctx.seated:
        raise PlayerError(where, f"'{player}' is not at this table.")
    if melders is not None and player not in melders:
        who = "the declarer" if not options.system.everyone_melds else "players dealt in"
        raise MeldError(where, f"Only {who} meld in {options.system.label}.")
    return evaluate_meld(entry, hand.trump, options, where)


def _melds(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    melders: Sequence[PlayerKey] | None,
    checks: Checks,
) -> dict[PlayerKey, int]:
    """Each player's meld, every one checked (the broken ones kept in ``checks``)."""
    melds: dict[PlayerKey, int] = {}
    for player, entry in hand.meld:
        points = checks.run(_meld, player, entry, hand, ctx, options, melders)
        if points is not None:
            melds[player] = points
    return melds


def _side_tricks(hand: HandInput, options: Options, missing: str) -> SideTricks:
    """The declarer's side's trick points, a figure the card-value scheme can produce."""
    if not isinstance(hand.tricks, SideTricks):
        raise OutcomeError(TRICKS, missing)
    hand.tricks.check(options)
    return hand.tricks


def _unplayed(hand: HandInput, not_played: str) -> OutcomeError:
    """Tricks entered for a hand that was not played (conceded, forfeited...)."""
    label = hand.outcome.label if hand.outcome else ""
    return OutcomeError(TRICKS, f"A hand that ends '{label}' is {not_played}: leave tricks empty.")


def _derive_outcome(
    hand: HandInput, meld: int | None, tricks: int | None, options: Options
) -> tuple[Outcome, bool | None]:
    """The outcome entered, checked against the figures, or derived from them."""
    if tricks is None or meld is None:
        if hand.outcome is None:
            raise OutcomeError(
                OUTCOME,
                "Enter the outcome (made, set...), or the meld and tricks to work it out.",
            )
        made = {Outcome.MADE: True, Outcome.SET: False}.get(hand.outcome)
        return hand.outcome, made
    made = meld + tricks >= (hand.bid or 0)
    derived = Outcome.MADE if made else Outcome.SET
    if hand.outcome is None or hand.outcome is derived:
        return derived, made
    if hand.outcome in (Outcome.MADE, Outcome.SET):
        verdict = "reaches" if made else "falls short of"
        t = options.to_table
        raise OutcomeError(
            OUTCOME,
            f"Meld {t(meld)} and tricks {t(tricks)} make {t(meld + tricks)}, which {verdict} the "
            f"bid of {t(hand.bid or 0)}: that hand is {derived.value}, not {hand.outcome.value}.",
        )
    return hand.outcome, None


def score_hand(hand: HandInput, ctx: HandContext, options: Options) -> HandResult:
    """Check one hand against the rules and work out its result.

    Every independent rule is checked (the outcome, declarer, bid, trump, each player's meld,
    the tricks, the reneger) and all those broken are raised together (``RuleErrors``; one
    alone as its own error). What depends on them, made or set from meld and tricks, is
    worked out only once they pass.
    """
    outcome = hand.outcome
    if outcome is Outcome.MISDEAL:
        return HandResult(Outcome.MISDEAL, passes_deal=False, notes=("redeal by the same dealer",))
    if outcome is Outcome.ALL_PASS:
        _allowed(outcome, options)
        return HandResult(Outcome.ALL_PASS, notes=("thrown in; the next player deals",))
    if not options.auction:
        return _no_bid(hand, ctx, options)
    checks = Checks()
    if outcome is not None:
        checks.run(_allowed, outcome, options)
    declarer = checks.run(_check_player, hand.declarer, ctx, Where(Part.DECLARER), "declarer")
    bid = checks.run(_check_bid, hand, options)
    if hand.takeover and bid is not None and declarer is not None and declarer != ctx.dealer:
        checks.add(
            PlayerError(
                Where(Part.DECLARER, declarer),
                f"In a dealer takeover the dealer ({ctx.dealer}) plays the 250 bid.",
            )
        )
    if outcome is None or outcome.value in options.outcomes:  # what trump needs hangs on it
        if outcome is Outcome.FORFEIT:
            checks.run(_check_forfeit, hand, ctx, options, declarer)
        checks.run(_check_trump, hand)
    if options.trump_needs_meld and declarer is not None:
        checks.run(_check_trump_meld, hand, declarer)
    scoring = options.system.scoring
    if scoring is Scoring.CHIPS:
        return _chip_game(hand, ctx, options, checks, declarer, bid)
    if scoring is Scoring.EACH:
        return _bison(hand, ctx, options, checks, declarer, bid)
    return _partnership(hand, ctx, options, checks, declarer, bid)


def _checked(checks: Checks, declarer: PlayerKey | None, bid: int | None) -> tuple[PlayerKey, int]:
    """Raise every rule broken so far; else the declarer and the bid, both checked."""
    checks.done()
    assert declarer is not None and bid is not None, "a missing one was a broken rule"
    return declarer, bid


# -- chip games ------------------------------------------------------------------------------


def _chip_game(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    if hand.reneger and hand.outcome is not Outcome.RENEGE:  # (a renege outcome is refused)
        checks.add(OutcomeError(OUTCOME, f"{options.system.label} has no renege outcome."))
    melds = _melds(hand, ctx, options, None if declarer is None else (declarer,), checks)
    tricks = None
    if hand.tricks is not None:
        sides = checks.run(_side_tricks, hand, options, "Enter the declarer's side trick points.")
        if sides is not None and hand.outcome not in PLAYED:
            checks.add(_unplayed(hand, "not played"))
        tricks = None if sides is None else sides.declarer_points
    declarer, bid = _checked(checks, declarer, bid)
    meld = melds.get(declarer)
    if tricks is not None and meld is None:
        meld = 0
    outcome, made = _derive_outcome(hand, meld, tricks, options)
    flows, notes, extra = chip_hand(outcome, declarer, bid, hand.trump, ctx, options)
    changes: dict[Holder, int] = {p: 0 for p in ctx.seated}
    kitty = pot = 0
    for flow in flows:
        for holder, sign in ((flow.payer, -1), (flow.payee, 1)):
            if holder is KITTY:
                kitty += sign * flow.amount
            elif holder is POT:
                pot += sign * flow.amount
            else:
                changes[holder] += sign * flow.amount
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        flows=tuple(flows),
        kitty_change=kitty,
        pot_change=pot,
        melds=tuple(melds.items()),
        declarer_side=tricks,
        made=made,
        takeover=hand.takeover,
        notes=tuple(notes),
        **extra,
    )


# -- Bison -----------------------------------------------------------------------------------


def _player_tricks(hand: HandInput, players: Sequence[PlayerKey], options: Options) -> PlayerTricks:
    """Each player's take and who took the last trick, adding up."""
    if not isinstance(hand.tricks, PlayerTricks):
        raise OutcomeError(
            TRICKS,
            f"Enter each player's counters and who took the last trick: {options.system.label} "
            "scores each player's own tricks.",
        )
    hand.tricks.check(players, options)
    return hand.tricks


def _bison(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    players = ctx.active
    melds = _melds(hand, ctx, options, players, checks)
    outcome = hand.outcome
    took = None
    if outcome in PLAYED:
        took = checks.run(_player_tricks, hand, players, options)
    elif hand.tricks is not None:
        checks.add(_unplayed(hand, "not played out"))
    if outcome is Outcome.RENEGE and hand.reneger not in players:
        checks.add(
            PlayerError(
                Where(Part.RENEGER, hand.reneger), "Say who reneged: the declarer or an opponent."
            )
        )
    if hand.reneger and outcome is not Outcome.RENEGE:
        checks.add(
            OutcomeError(
                Where(Part.RENEGER, hand.reneger),
                "A reneger is only named when the outcome is renege.",
            )
        )
    declarer, bid = _checked(checks, declarer, bid)
    meld = {p: melds.get(p, 0) for p in players}
    opponents = [p for p in players if p != declarer]
    changes: dict[Holder, int] = {p: 0 for p in players}
    sets: dict[PlayerKey, int] = {}
    tricks: dict[Holder, int] = {}
    made = None
    reneger = None
    if took is not None:
        tricks = {p: took.points(p, options) for p in players}
        outcome, made = _derive_outcome(hand, meld[declarer], tricks[declarer], options)
        if made:
            changes[declarer] = meld[declarer] + tricks[declarer]
        else:
            changes[declarer] = -bid
            sets[declarer] = 2
        for p in opponents:
            changes[p] = meld[p] + tricks[p] if took.took_a_counter(p) else 0
    elif outcome is Outcome.CONCEDED:
        changes[declarer] = -bid
        sets[declarer] = 1
        for p in opponents:
            changes[p] = meld[p]
    else:  # renege
        reneger = hand.reneger
        if reneger == declarer:
            changes[declarer] = -bid
            sets[declarer] = 2
            for p in opponents:
                changes[p] = meld[p]
        else:
            changes[declarer] = bid + meld[declarer]
            assert reneger is not None, "a renege without a reneger was a broken rule"
            sets[reneger] = 1
            for p in opponents:
                changes[p] = 0 if p == reneger else meld[p]
    assert outcome is not None, "a played hand's outcome is worked out from its figures"
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(tricks.items()),
        made=made,
        sets=tuple(sets.items()),
        reneger=reneger,
    )


# -- no bid (two-handed, Parlett's cutthroat) ------------------------------------------------


def _no_bidding(hand: HandInput) -> None:
    """A hand without an auction names no declarer, bid, takeover or reneger."""
    checks = Checks()
    for value, part in (
        (hand.declarer, Part.DECLARER),
        (hand.bid, Part.BID),
        (hand.reneger, Part.RENEGER),
    ):
        if value not in (None, ""):
            checks.add(BidError(Where(part), "Nobody bids in this game: leave it empty."))
    if hand.takeover:
        checks.add(BidError(Where(Part.TAKEOVER), "Nobody bids in this game: no takeover."))
    checks.done()


def _shares(hand: HandInput, ctx: HandContext, options: Options) -> dict[PlayerKey, int]:
    """Each player's trick points: entered with the last trick in them, or as takes and who
    took the last trick."""
    if isinstance(hand.tricks, TrickShares):
        hand.tricks.check(ctx.active, options, "players'")
        return {p: hand.tricks.of(p) for p in ctx.active}
    took = _player_tricks(hand, ctx.active, options)
    return {p: took.points(p, options) for p in ctx.active}


def _no_bid(hand: HandInput, ctx: HandContext, options: Options) -> HandResult:
    """Each player adds their meld and trick points; one who took nothing loses the meld. Trump
    (turned up) need not be named: it changes no figure entered as a number."""
    checks = Checks()
    if hand.outcome is not None:
        checks.run(_allowed, hand.outcome, options)
    checks.run(_no_bidding, hand)
    melds = _melds(hand, ctx, options, ctx.active, checks)
    tricks = checks.run(_shares, hand, ctx, options)
    checks.done()
    assert tricks is not None, "missing tricks were a broken rule"
    changes: dict[Holder, int] = {
        p: melds.get(p, 0) + tricks[p] if tricks[p] > 0 else 0 for p in ctx.active
    }
    return HandResult(
        Outcome.PLAYED,
        trump=hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(tricks.items()),
    )


# -- Partnership -----------------------------------------------------------------------------


def _team_tricks(
    hand: HandInput, ctx: HandContext, bidders: Team, options: Options
) -> dict[Team, int]:
    """Each team's trick points: the bidders' figure where two teams play (and the buried cards
    count: else the other side's is not the rest), else every team's."""
    if len(ctx.teams) == 2 and not buried_most(options):
        sides = _side_tricks(hand, options, "Enter the bidding team's trick points.")
        others = next(team for team in ctx.teams if team != bidders)
        return {bidders: sides.declarer_points, others: sides.other_points(options.deck)}
    if not isinstance(hand.tricks, TrickShares):
        raise OutcomeError(TRICKS, "Enter each team's trick points.")
    hand.tricks.check(_heads(ctx), options)
    return {team: hand.tricks.of(team.members[0]) for team in ctx.teams}


def _heads(ctx: HandContext) -> list[PlayerKey]:
    """The player in each team's first seat, who stands for the team's tricks."""
    return [team.members[0] for team in ctx.teams]


def _trickless_set(hand: HandInput, options: Options) -> tuple[Outcome, bool]:
    """Bidders who took no trick point are set, whatever their meld (``bidders_no_trick``)."""
    if hand.outcome not in (None, Outcome.SET):
        label = OPTION_SPECS["bidders_no_trick"].label
        raise OutcomeError(
            OUTCOME,
            f"The bidding team took no trick point: under '{label}' at 'They are set' that "
            f"hand is set, not {hand.outcome.value}.",
        )
    return Outcome.SET, False


def _partnership(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    checks: Checks,
    declarer: PlayerKey | None,
    bid: int | None,
) -> HandResult:
    melds = _melds(hand, ctx, options, ctx.active, checks)
    bidders = None if declarer is None else checks.run(ctx.team_of, declarer)
    if hand.reneger and hand.outcome is not Outcome.RENEGE:  # (a renege outcome is refused)
        checks.add(OutcomeError(OUTCOME, f"{options.system.label} has no renege outcome."))
    outcome = hand.outcome
    taken = None
    if outcome in PLAYED and bidders is not None:
        taken = checks.run(_team_tricks, hand, ctx, bidders, options)
    elif outcome in PLAYED and isinstance(hand.tricks, TrickShares):
        checks.run(hand.tricks.check, _heads(ctx), options)
    elif outcome in PLAYED:
        checks.run(_side_tricks, hand, options, "Enter the bidding team's trick points.")
    elif hand.tricks is not None:
        checks.add(_unplayed(hand, "not played out"))
    declarer, bid = _checked(checks, declarer, bid)
    assert bidders is not None, "a declarer on no team was a broken rule"
    contract = options.contract
    team_meld = {team: sum(melds.get(p, 0) for p in team) for team in ctx.teams}
    changes: dict[Holder, int] = {}
    made = None
    if taken is not None:
        if contract.trickless_set(taken[bidders]):
            outcome, made = _trickless_set(hand, options)
        else:
            counted = contract.bidders_meld(team_meld[bidders], taken[bidders])
            outcome, made = _derive_outcome(hand, counted, taken[bidders], options)
        for team in ctx.teams:
            if team == bidders:
                changes[team] = contract.bidders_score(
                    team_meld[team], taken[team], bid, made is True
                )
            else:
                changes[team] = contract.defenders_score(
                    team_meld[team], taken[team], bid, made is True
                )
    else:
        for team in ctx.teams:
            surrendered = contract.surrendered_score(team_meld[team])
            changes[team] = -bid if team == bidders else surrendered
    assert outcome is not None, "a played hand's outcome is worked out from its figures"
    return HandResult(
        outcome,
        declarer,
        bid,
        hand.trump,
        changes=tuple(changes.items()),
        melds=tuple(melds.items()),
        tricks=tuple(sorted((taken or {}).items(), key=lambda item: item[0] != bidders)),
        made=made,
    )


__all__ = [
    "KITTY",
    "POT",
    "TAKEOVER_BID",
    "Flow",
    "HandContext",
    "HandInput",
    "HandResult",
    "MeldCards",
    "MeldClaims",
    "MeldEntry",
    "MeldNumber",
    "Outcome",
    "score_hand",
]
