"""A hand's result in plain words, for the preview before saving and for the hand log.

"Ann makes 350 with 190 meld and 170 in tricks: collects 2 chips from each player." Figures are
shown as the table writes them (``scale``); chip games in chips.
"""

from __future__ import annotations

from ..figures import signed
from ..game.contract import MeldSave
from ..game.options import Options
from ..holders import KITTY, POT, Holder, PlayerKey, Pool, Team, members
from .hands import HandResult
from .outcome import Outcome


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _figures(result: HandResult, options: Options) -> str:
    t = options.to_table
    meld = result.meld_of(result.declarer)
    if result.declarer_side is not None:
        return f" with {t(meld)} meld and {t(result.declarer_side)} in tricks"
    if result.tricks and options.system.kind.is_partnership:
        team, taken = result.tricks[0]
        melded = sum(m for p, m in result.melds if p in members(team))
        return f" with {t(melded)} meld and {t(taken)} in tricks"
    if result.tricks and result.declarer is not None:
        return f" with {t(meld)} meld and {t(dict(result.tricks)[result.declarer])} in tricks"
    return ""


def _chip_tail(result: HandResult, to_declarer: bool) -> str:
    amounts: dict[Holder, int] = {
        (f.payee if f.payer == result.declarer else f.payer): f.amount
        for f in result.flows
        if result.declarer in (f.payer, f.payee)
        and (f.payee == result.declarer) == to_declarer
        and f.payer is not POT
    }
    others = [h for h in amounts if not isinstance(h, Pool)]
    if not others and KITTY in amounts:
        return f"pays {_chips(amounts[KITTY])} to the kitty"
    amount = amounts[others[0]] if others else 0
    extras = [pool for pool in (KITTY, POT) if pool in amounts]
    whom = "each player" + "".join(f" and the {pool.value}" for pool in extras)
    verb = "collects" if to_declarer else "pays"
    direction = "from" if to_declarer else "to"
    return f"{verb} {_chips(amount)} {direction} {whom}"


def describe(result: HandResult, options: Options) -> str:
    """One sentence saying what the hand did."""
    t = options.to_table
    who = result.declarer
    bid = t(result.bid or 0)
    outcome = result.outcome
    if outcome is Outcome.MISDEAL:
        return "Misdeal: the same dealer deals again."
    if outcome is Outcome.ALL_PASS:
        return "Everyone passed: thrown in, the next player deals."
    figures = _figures(result, options)
    takeover = " (dealer takeover)" if result.takeover else ""
    if options.system.kind.is_chip_game:
        if outcome is Outcome.MADE:
            text = f"{who} makes {bid}{takeover}{figures}: {_chip_tail(result, True)}"
        elif outcome is Outcome.OPPONENTS_CONCEDED:
            text = f"The opponents concede {who}'s {bid}: {_chip_tail(result, True)}"
        elif outcome is Outcome.SET:
            text = f"{who} is set at {bid}{takeover}{figures}: {_chip_tail(result, False)}"
        elif outcome is Outcome.FORFEIT:
            text = f"{who} forfeits the compulsory {bid}: {_chip_tail(result, False)}"
        else:
            text = f"{who} concedes {bid}{takeover}: {_chip_tail(result, False)}"
        if result.multiplier > 1 and result.trump is not None:
            text += f" ({result.trump.noun} pay {result.multiplier}x)"
        for note in result.notes:
            text += f"; {note}"
        return text + "."
    return _cumulative(result, options, figures)


def _too_little(options: Options) -> str:
    """Why a side that scored nothing did: what it failed to take."""
    if not options.system.kind.is_partnership:
        return "took no counter"
    if options.meld_saved_by is MeldSave.POINTS:
        return f"took under {options.to_table(options.meld_save_points)} in tricks"
    return "took no trick"


def _signed(n: int, options: Options) -> str:
    return signed(options.to_table(n))


TeamBid = tuple[Team, int, tuple[tuple[PlayerKey, int], ...]]
"""A team's contract and the own bids it sums, as the table writes them (summed bids)."""


def team_bids(result: HandResult, options: Options) -> tuple[TeamBid, ...]:
    """Under ``summed_bids`` each team that bid, the declarers first: its contract and its
    members' bids above 0."""
    t = options.to_table
    bids = dict(result.bids)
    contracts = sorted(result.contracts, key=lambda c: result.declarer not in c[0])
    return tuple(
        (team, t(contract), tuple((p, t(bids[p])) for p in team if bids.get(p)))
        for team, contract, _ in contracts
        if contract
    )


def bid_words(team_bid: TeamBid) -> str:
    """A team's contract in words: "N & S bid 65 (N 40 + S 25)"."""
    team, contract, bids = team_bid
    return f"{team} bid {contract} ({' + '.join(f'{p} {bid}' for p, bid in bids)})"


def contract_words(result: HandResult, options: Options) -> tuple[str, ...]:
    """Under ``summed_bids`` each team's contract in words, the bids it sums ("N & S bid 65 (N
    40 + S 25)"); a team that did not bid is left out."""
    return tuple(bid_words(one) for one in team_bids(result, options))


def _summed(result: HandResult, options: Options, parts: list[str]) -> str:
    """A hand under ``summed_bids``: who declared, each team's contract and its fate."""
    t = options.to_table
    taken = dict(result.tricks)
    melds = dict(result.melds)
    fates = {team: fate for team, _, fate in result.contracts}
    said = []
    for one in team_bids(result, options):
        team, fate = one[0], fates[one[0]]
        text = bid_words(one)
        if fate is not None:
            meld = sum(melds.get(p, 0) for p in team)
            verdict = "made" if fate else "set"
            text += f", {verdict} with {t(meld)} meld and {t(taken.get(team, 0))} in tricks"
        said.append(text)
    verb = "concedes" if result.outcome is Outcome.CONCEDED else "declares"
    text = f"{result.declarer} {verb}: {'; '.join(said)}: " + ", ".join(parts)
    idle = [
        str(team)
        for team, contract, _ in result.contracts
        if not contract and result.change(team) == 0 and result.outcome is not Outcome.CONCEDED
    ]
    if idle:
        text += f" ({' and '.join(idle)}: no bid, {_too_little(options)}, so nothing scores)"
    return text + "."


def _cumulative(result: HandResult, options: Options, figures: str) -> str:
    who = result.declarer
    bid = options.to_table(result.bid or 0)
    outcome = result.outcome
    parts = [f"{h} {_signed(c, options)}" for h, c in result.changes]
    if result.contracts:
        return _summed(result, options, parts)
    if outcome is Outcome.PLAYED:
        text = "Played: " + ", ".join(parts)
        nothing = [str(h) for h, c in result.changes if c == 0]
        if nothing and options.system.kind.is_partnership:
            text += f" ({' and '.join(nothing)}: {_too_little(options)}, so nothing scores)"
        elif nothing:
            text += f" ({' and '.join(nothing)}: took nothing, so the meld is lost)"
        return text + "."
    verbs = {
        Outcome.MADE: f"makes {bid}{figures}",
        Outcome.SET: f"is set at {bid}{figures}",
        Outcome.CONCEDED: f"concedes {bid}",
        Outcome.RENEGE: f"plays {bid}; {result.reneger} reneged",
    }
    text = f"{who} {verbs[outcome]}: " + ", ".join(parts)
    if options.system.kind.is_cumulative and outcome in (Outcome.MADE, Outcome.SET):
        nothing = [
            str(h) for h, c in result.changes if c == 0 and h != who and who not in members(h)
        ]
        if nothing:
            text += f" ({' and '.join(nothing)}: {_too_little(options)}, so nothing scores)"
    return text + "."
