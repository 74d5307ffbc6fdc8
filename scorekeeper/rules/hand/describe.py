"""A hand's result in plain words, for the preview before saving and for the hand log.

"Ann makes 350 with 190 meld and 170 in tricks: collects 2 chips from each player." Figures are
shown as the table writes them (``scale``); chip games in chips. Every figure that does not count
says why (meld under the minimum, meld lost for too few tricks, a bid not reached): "Fay is set
at 50 with 16 meld and 34 in tricks (the 16 meld does not count: under the 20 minimum; 34 in
all, short of the 50 bid)". The preview, the history, the hand log, the PDF and the API's text
all take their words from here.
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
    side = _side_figures(result, options)
    if side is None:
        return ""
    _, meld, tricks = side
    return f" with {t(meld)} meld and {t(tricks)} in tricks"


def _side_figures(result: HandResult, options: Options) -> tuple[Team | None, int, int] | None:
    """The declarer's side (a team, or None for the declarer alone), its meld and its trick
    points, where its tricks were entered."""
    if result.declarer_side is not None:
        return None, result.meld_of(result.declarer), result.declarer_side
    if result.tricks and options.system.kind.is_partnership:
        team, taken = result.tricks[0]
        assert isinstance(team, Team), "a partnership's tricks are its teams'"
        return team, sum(m for p, m in result.melds if p in members(team)), taken
    if result.tricks and result.declarer is not None:
        return None, result.meld_of(result.declarer), dict(result.tricks)[result.declarer]
    return None


def _meld_lost(meld: int, tricks: int, options: Options, whose: str = "the") -> str | None:
    """Why a side's meld does not count, under the partnership contract: under the minimum,
    or not saved by its tricks (None: it counts)."""
    contract = options.contract
    t = options.to_table
    if meld <= 0:
        return None
    if contract.on_board(meld) == 0:
        return (
            f"{whose} {t(meld)} meld does not count: under the {t(contract.meld_minimum)} minimum"
        )
    if not contract.saves_meld(tricks):
        return f"{whose} {t(meld)} meld does not count: {_too_little(options)}"
    return None


def _why(result: HandResult, options: Options) -> list[str]:
    """Every figure of the declarer's side that did not count, and why: its meld (under the
    minimum, or lost for too few tricks), and a bid not reached."""
    side = _side_figures(result, options)
    if side is None or result.outcome not in (Outcome.MADE, Outcome.SET):
        return []
    team, meld, tricks = side
    if team is None:  # each for themselves, or a chip game: meld and tricks count as taken
        return _short(meld + tricks, result.bid or 0, result.outcome is Outcome.MADE, options)
    return _contract_why(meld, tricks, result.bid or 0, result.outcome is Outcome.MADE, options)


def _short(total: int, bid: int, made: bool, options: Options) -> list[str]:
    """A bid not reached, in words: what the side counted, short of the bid."""
    if made or total >= bid:
        return []
    t = options.to_table
    return [f"{t(total)} in all, short of the {t(bid)} bid"]


def _contract_why(meld: int, tricks: int, bid: int, made: bool, options: Options) -> list[str]:
    """Under the partnership contract, why a bidding side's figures did not count: set for
    taking no trick point, its meld not on the board or not saved, its bid not reached."""
    contract = options.contract
    if not made and contract.trickless_set(tricks):
        return ["no trick point taken: set, whatever the meld"]
    counted = contract.bidders_meld(meld, tricks)
    lost = _meld_lost(meld, tricks, options) if counted == 0 else None
    return ([lost] if lost else []) + _short(counted + tricks, bid, made, options)


def _others_why(result: HandResult, options: Options) -> list[str]:
    """Every other team whose meld did not count though it scored: under the minimum."""
    if not options.system.kind.is_partnership or not options.contract.meld_minimum:
        return []
    bidders = result.tricks[0][0] if result.declarer is not None and result.tricks else None
    reasons = []
    for team, taken in result.tricks:
        if team == bidders or not isinstance(team, Team) or result.change(team) == 0:
            continue
        meld = sum(m for p, m in result.melds if p in members(team))
        if 0 < meld < options.contract.meld_minimum:
            reasons.append(_meld_lost(meld, taken, options, f"{team}'s") or "")
    return [r for r in reasons if r]


def _because(reasons: list[str]) -> str:
    """The reasons said after the figures, in brackets ("" for none)."""
    return f" ({'; '.join(reasons)})" if reasons else ""


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
    figures = _figures(result, options) + _because(_why(result, options))
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
    owed = {team: contract for team, contract, _ in result.contracts}
    said = []
    for one in team_bids(result, options):
        team, fate = one[0], fates[one[0]]
        text = bid_words(one)
        if fate is not None:
            meld = sum(melds.get(p, 0) for p in team)
            verdict = "made" if fate else "set"
            tricks = taken.get(team, 0)
            text += f", {verdict} with {t(meld)} meld and {t(tricks)} in tricks"
            text += _because(_contract_why(meld, tricks, owed[team], fate, options))
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


def _nothing(result: HandResult, options: Options) -> list[str]:
    """The holders who scored nothing though they played (not the declarer's side): they
    took too little for their meld and tricks to count."""
    who = result.declarer
    if result.contracts or not options.system.kind.is_cumulative:
        return []
    if result.outcome is Outcome.PLAYED:
        return [str(h) for h, c in result.changes if c == 0]
    if result.outcome not in (Outcome.MADE, Outcome.SET):
        return []
    return [str(h) for h, c in result.changes if c == 0 and h != who and who not in members(h)]


def says_why(result: HandResult, options: Options) -> bool:
    """True when some figure of the hand did not count, so its words (``describe``) say why:
    a meld under the minimum or lost for too few tricks, a bid not reached, a side that
    scored nothing. The hand log prints those words under such a hand."""
    if result.contracts:
        owed = {team: contract for team, contract, _ in result.contracts}
        melds, taken = dict(result.melds), dict(result.tricks)
        return any(
            _contract_why(
                sum(melds.get(p, 0) for p in team), taken.get(team, 0), owed[team], fate, options
            )
            for team, _, fate in result.contracts
            if fate is not None
        ) or any(not c and result.change(t) == 0 for t, c, _ in result.contracts)
    return bool(_why(result, options) or _others_why(result, options) or _nothing(result, options))


def _cumulative(result: HandResult, options: Options, figures: str) -> str:
    who = result.declarer
    bid = options.to_table(result.bid or 0)
    outcome = result.outcome
    parts = [f"{h} {_signed(c, options)}" for h, c in result.changes]
    if result.contracts:
        return _summed(result, options, parts)
    nothing = _nothing(result, options)
    if outcome is Outcome.PLAYED:
        text = "Played: " + ", ".join(parts)
        if nothing and options.system.kind.is_partnership:
            text += f" ({' and '.join(nothing)}: {_too_little(options)}, so nothing scores)"
        elif nothing:
            text += f" ({' and '.join(nothing)}: took nothing, so the meld is lost)"
        return text + _because(_others_why(result, options)) + "."
    verbs = {
        Outcome.MADE: f"makes {bid}{figures}",
        Outcome.SET: f"is set at {bid}{figures}",
        Outcome.CONCEDED: f"concedes {bid}",
        Outcome.RENEGE: f"plays {bid}; {result.reneger} reneged",
    }
    text = f"{who} {verbs[outcome]}: " + ", ".join(parts)
    if nothing:
        text += f" ({' and '.join(nothing)}: {_too_little(options)}, so nothing scores)"
    return text + _because(_others_why(result, options)) + "."
