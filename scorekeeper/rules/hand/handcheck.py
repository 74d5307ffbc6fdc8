"""Checking one hand's entry (RULES 4 to 6): each rule a small check that says where it broke.

The player named, the outcome the house rules know, the bid, a forfeit, trump, each player's
meld, the tricks; and made or set worked out from meld and tricks once they pass. Each is run
through ``Checks`` by the scorers, so every rule a hand breaks is reported at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..errors import BidError, Checks, MeldError, OutcomeError, Part, PlayerError, TrumpError, Where
from ..game.bidding import check_bid, check_takeover
from ..game.options import OPTION_SPECS, Options
from ..holders import PlayerKey
from ..pack.cards import Card, Rank
from ..pack.tricks import PlayerTricks, SideTricks
from .handinput import HandContext, HandInput, MeldCards, MeldEntry, evaluate_meld
from .outcome import Outcome

OUTCOME = Where(Part.OUTCOME)
TRICKS = Where(Part.TRICKS)
PLAYED = (None, Outcome.MADE, Outcome.SET)  # outcomes whose tricks are entered


def check_player(name: PlayerKey | None, ctx: HandContext, where: Where, role: str) -> PlayerKey:
    """The player named as ``role``: seated, and dealt in this hand."""
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


def check_allowed(outcome: Outcome, options: Options) -> None:
    """Refuse an outcome these house rules do not have, saying why."""
    if outcome.value not in options.outcomes:
        system = options.system.label
        if outcome is Outcome.FORFEIT and options.system.kind.has_kitty:
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


def check_hand_bid(hand: HandInput, options: Options) -> int:
    """The bid: entered, and legal (a takeover's at 250, where the house rules have one)."""
    if hand.bid is None:
        raise BidError(Where(Part.BID), "Enter the bid.")
    if hand.takeover:
        check_takeover(hand.bid, options)
    else:
        check_bid(hand.bid, options)
    return hand.bid


def check_forfeit(
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


def check_trump(hand: HandInput) -> None:
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


def check_trump_meld(hand: HandInput, declarer: PlayerKey) -> None:
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


def check_meld(
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
        who = "the declarer" if not options.system.kind.everyone_melds else "players dealt in"
        raise MeldError(where, f"Only {who} meld in {options.system.label}.")
    return evaluate_meld(entry, hand.trump, options, where)


def check_melds(
    hand: HandInput,
    ctx: HandContext,
    options: Options,
    melders: Sequence[PlayerKey] | None,
    checks: Checks,
) -> dict[PlayerKey, int]:
    """Each player's meld, every one checked (the broken ones kept in ``checks``)."""
    melds: dict[PlayerKey, int] = {}
    for player, entry in hand.meld:
        points = checks.run(check_meld, player, entry, hand, ctx, options, melders)
        if points is not None:
            melds[player] = points
    return melds


def side_tricks(hand: HandInput, options: Options, missing: str) -> SideTricks:
    """The declarer's side's trick points, a figure the card-value scheme can produce."""
    if not isinstance(hand.tricks, SideTricks):
        raise OutcomeError(TRICKS, missing)
    hand.tricks.check(options)
    return hand.tricks


def unplayed(hand: HandInput, not_played: str) -> OutcomeError:
    """Tricks entered for a hand that was not played (conceded, forfeited...)."""
    label = hand.outcome.label if hand.outcome else ""
    return OutcomeError(TRICKS, f"A hand that ends '{label}' is {not_played}: leave tricks empty.")


def derive_outcome(
    hand: HandInput,
    meld: int | None,
    tricks: int | None,
    options: Options,
    bid: int | None = None,
) -> tuple[Outcome, bool | None]:
    """The outcome entered, checked against the figures, or derived from them (``bid``: the
    bid to reach, when not the hand's own: a summed contract, RULES 6.6)."""
    target = (hand.bid or 0) if bid is None else bid
    if tricks is None or meld is None:
        if hand.outcome is None:
            raise OutcomeError(
                OUTCOME,
                "Enter the outcome (made, set...), or the meld and tricks to work it out.",
            )
        made = {Outcome.MADE: True, Outcome.SET: False}.get(hand.outcome)
        return hand.outcome, made
    made = meld + tricks >= target
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


def checked(checks: Checks, declarer: PlayerKey | None, bid: int | None) -> tuple[PlayerKey, int]:
    """Raise every rule broken so far; else the declarer and the bid, both checked."""
    checks.done()
    assert declarer is not None and bid is not None, "a missing one was a broken rule"
    return declarer, bid


def takes_words(options: Options) -> str:
    """What each player's figure holds, as the hand form asks it: without a bid the trick
    points each player took, the last trick in them; with one, each player's counters or card
    points, without the last trick (its taker chosen apart)."""
    if not options.auction:
        return "trick points each player took, the last trick in them"
    if options.card_values.value == "counters":
        return "counters (A, 10, K) each player took"
    return "card points each player took, without the last trick"


def takes_asked(options: Options) -> str:
    """Everything the hand asks of each player's tricks: ``takes_words``, and with a bid who
    took the last trick."""
    last = " and who took the last trick" if options.auction else ""
    return f"the {takes_words(options)}{last}"


def player_tricks(hand: HandInput, players: Sequence[PlayerKey], options: Options) -> PlayerTricks:
    """Each player's take and who took the last trick, adding up."""
    if not isinstance(hand.tricks, PlayerTricks):
        raise OutcomeError(
            TRICKS,
            f"Enter {takes_asked(options)}: {options.system.label} scores each player's own "
            "tricks.",
        )
    hand.tricks.check(players, options)
    return hand.tricks
