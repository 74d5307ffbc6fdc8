"""Properties every figure must satisfy (RULES section 7), over random legal histories.

- Every chip hand is zero-sum: players + kitty + pot changes add to 0, and the flows say the
  same as the changes.
- Every chip session is zero-sum at every hand (balances + kitty + pot == 0), and neither the
  kitty nor the pot ever goes negative.
- Replaying a history with one hand edited gives exactly what entering the edited history hand
  by hand from the start gives.

Histories are built one event at a time from the replayed state: the declarer is drawn from
those dealt in (``SessionState.next_hand``), the bid from ``legal_bids``, the outcome from
``options.outcomes``, and figures from what the rules can produce.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.evening.seating import dealt_in
from scorekeeper.rules.evening.session import (
    PlayerLeaves,
    Replayer,
    ReplayError,
    SessionSetup,
    check_new_hand,
    replace_event,
    replay,
)
from scorekeeper.rules.game.bidding import legal_bids
from scorekeeper.rules.game.options import AllPass, CardValues, Options, Schedule, Scoring, SitOut
from scorekeeper.rules.game.shape import Shape
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldNumber, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.hand.payments import KITTY, POT
from scorekeeper.rules.pack.cards import Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.meld import attainable_totals
from scorekeeper.rules.pack.tricks import (
    PlayerTricks,
    SideTricks,
    TrickShares,
    side_totals,
    trick_total,
)

NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
SUITS = list(Suit)
FAST = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- strategies ----------------------------------------------------------------------------------


@st.composite
def chip_options(draw) -> tuple[Options, int]:
    """A chip game's options with house rules drawn, and a player count it seats."""
    options = Options.preset(draw(st.sampled_from(["brooklyn", "brooklyn-pot", "hoyle"])))
    system = options.system.value
    low, high = options.system.player_range
    players = draw(st.integers(low, high))
    changes: dict = {
        "set_factor": draw(st.integers(1, 3)),
        "spades_double": draw(st.booleans()),
        "hearts_triple": draw(st.booleans()),
        "schedule": draw(st.sampled_from(list(Schedule))),
    }
    if system == "brooklyn" and players == 4:
        changes["sit_out"] = draw(st.sampled_from([SitOut.RIGHT_OF_DEALER, SitOut.DEALER]))
    if system == "brooklyn" and changes.get("sit_out") is not SitOut.DEALER:
        # a dealer who sits out cannot take over the bid (options refuse that pairing)
        changes["all_pass"] = draw(st.sampled_from([AllPass.DEALER_TAKEOVER, AllPass.THROW_IN]))
    elif system == "brooklyn":
        changes["all_pass"] = AllPass.THROW_IN
    if system == "hoyle":
        changes["kitty_threshold"] = draw(st.sampled_from([300, 350, 400, 450]))
    if system == "brooklyn-pot":
        changes["pot_threshold"] = draw(st.sampled_from([300, 350, 400, 450]))
        changes["ante"] = options.stake * draw(st.integers(0, 6))
    options = replace(options, **changes)
    options.validate(players)
    return options, players


@st.composite
def chip_setups(draw) -> SessionSetup:
    options, n = draw(chip_options())
    players = NAMES[:n]
    return SessionSetup(options, players, draw(st.sampled_from(players)))


CUMULATIVE = (
    "bison", "partnership", "double-deck", "six-handed", "eight-handed", "two-handed", "cutthroat",
)  # fmt: skip


NO_BIDDERS = {
    "auction": False,
    "trump_needs_meld": False,
    "bidders_save_meld": False,
    "set_to_opponents": False,
    "set_keeps_meld": False,
}
"""A team game without a bid (RULES 6.4): the options that concern only bidders left alone."""


@st.composite
def cumulative_setups(draw) -> SessionSetup:
    """A cumulative game of every shape: each for themselves (2 to 4), or 2 to 4 teams, with
    a bid or (teams too) without."""
    system = draw(st.sampled_from(CUMULATIVE))
    options = Options.preset(system)
    changes: dict = {
        "target": draw(st.sampled_from([500, 1000, 1500])),
        "game_stake": draw(st.sampled_from([0, 50, 100])),
    }
    if system in ("six-handed", "eight-handed"):
        changes["shape"] = draw(st.sampled_from([options.shape, Shape(options.shape.players, 2)]))
        if changes["shape"] == options.shape and draw(st.booleans()):
            changes["deck"] = Deck.NINES  # two packs with nines seat the two-team shapes
    if options.system.scoring is Scoring.EACH:
        changes["set_stake"] = draw(st.sampled_from([0, 25]))
        changes["negative_floor"] = draw(st.sampled_from([None, -500, -1000]))
        changes["fixed_deals"] = draw(st.sampled_from([None, 3, 6]))
    if options.system.kind.is_partnership and draw(st.booleans()):  # trump turned up, no bid
        changes.update(NO_BIDDERS, target_raise=draw(st.sampled_from([0, 250])))
    elif options.system.kind.is_partnership:
        changes["set_to_opponents"] = draw(st.booleans())
        changes["set_keeps_meld"] = draw(st.booleans())
    options = replace(options, **changes)
    players = NAMES[: options.shape.players]
    return SessionSetup(options, players, draw(st.sampled_from(players)))


def split(draw, total: int, parts: int, unit: int = 1) -> list[int]:
    """``total`` shared out among ``parts`` in multiples of ``unit``."""
    cuts = sorted(draw(st.integers(0, total // unit)) * unit for _ in range(parts - 1))
    edges = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(edges)]


def _small_melds(options: Options) -> list[int]:
    return sorted(m for m in attainable_totals(options) if m <= 600)


def draw_hand(draw, ctx: HandContext, options: Options, allow_misdeal: bool = True) -> HandInput:
    """A legal hand for the seating ``ctx`` under ``options``."""
    names = sorted(options.outcomes)
    if not allow_misdeal:
        names.remove("misdeal")
    outcome = Outcome(draw(st.sampled_from(names)))
    if outcome in (Outcome.MISDEAL, Outcome.ALL_PASS):
        return HandInput(outcome)
    if outcome is Outcome.PLAYED:
        return draw_played(draw, ctx, options)
    if outcome is Outcome.FORFEIT:
        return HandInput(outcome, ctx.first_bidder, 300)
    takeover = (
        options.all_pass is AllPass.DEALER_TAKEOVER
        and ctx.dealer in ctx.active
        and draw(st.integers(0, 4)) == 0
    )
    if takeover:
        declarer, bid = ctx.dealer, 250
    else:
        declarer = draw(st.sampled_from(ctx.active))
        bid = draw(st.sampled_from(legal_bids(options, count=40)))
    if outcome is Outcome.CONCEDED:
        trump = draw(st.sampled_from([None, *SUITS]))
    else:
        trump = draw(st.sampled_from(SUITS))
    melds = _small_melds(options)
    if options.system.kind.is_chip_game:
        if outcome in (Outcome.MADE, Outcome.SET) and draw(st.booleans()):
            # enter the figures and let the outcome be worked out
            meld = ((declarer, MeldNumber(draw(st.sampled_from(melds)))),)
            tricks = SideTricks(draw(st.sampled_from(sorted(side_totals(options.card_values)))))
            return HandInput(None, declarer, bid, trump, meld, tricks, takeover=takeover)
        return HandInput(outcome, declarer, bid, trump, takeover=takeover)
    meld = tuple((p, MeldNumber(draw(st.sampled_from(melds)))) for p in ctx.active)
    if outcome is Outcome.CONCEDED:
        return HandInput(outcome, declarer, bid, trump, meld)
    if outcome is Outcome.RENEGE:
        reneger = draw(st.sampled_from(ctx.active))
        return HandInput(outcome, declarer, bid, trump, meld, reneger=reneger)
    return HandInput(None, declarer, bid, trump, meld, draw_tricks(draw, ctx, options))


def draw_tricks(draw, ctx: HandContext, options: Options):
    """Trick figures that add up: a side's, each team's, or each player's take."""
    total = trick_total(options.deck)
    if options.system.kind.is_partnership and len(ctx.teams) == 2:
        return SideTricks(draw(st.sampled_from(range(0, total + 1, 10))))
    if options.system.kind.is_partnership:
        shares = split(draw, total, len(ctx.teams), 10)
        return TrickShares(tuple((t.members[0], n) for t, n in zip(ctx.teams, shares, strict=True)))
    last = draw(st.sampled_from(ctx.active))
    if options.card_values is CardValues.COUNTERS:
        taken = split(draw, options.deck.counters, len(ctx.active))
    else:  # card points in whole counters' worth (tens), less the last trick
        taken = split(draw, total - options.deck.last_trick, len(ctx.active), 10)
    return PlayerTricks.of(dict(zip(ctx.active, taken, strict=True)), last)


def draw_played(draw, ctx: HandContext, options: Options) -> HandInput:
    """A hand without a bid: each player's meld and take."""
    melds = _small_melds(options)
    meld = tuple((p, MeldNumber(draw(st.sampled_from(melds)))) for p in ctx.active)
    return HandInput(
        None, None, None, draw(st.sampled_from(SUITS)), meld, draw_tricks(draw, ctx, options)
    )


def draw_event(draw, state):
    """The next event of a session: usually a hand, at a chip table sometimes a departure."""
    if (
        state.options.system.kind.is_chip_game
        and len(state.seated) > 3
        and draw(st.integers(0, 7)) == 0
    ):
        return PlayerLeaves(draw(st.sampled_from(state.seated)))
    return draw_hand(draw, state.next_hand, state.options)


@st.composite
def histories(draw, setups, max_events: int = 10):
    """A setup and a list of events, each legal where it stands (applied as it is drawn)."""
    setup = draw(setups)
    events: list = []
    run = Replayer(setup)
    for _ in range(draw(st.integers(1, max_events))):
        event = draw_event(draw, run.state())
        run.apply(event)  # raises if the generated event is not legal
        events.append(event)
    return setup, events


# -- helpers -------------------------------------------------------------------------------------


def flow_nets(result) -> dict[str, int]:
    net: dict[str, int] = {}
    for flow in result.flows:
        net[flow.payer] = net.get(flow.payer, 0) - flow.amount
        net[flow.payee] = net.get(flow.payee, 0) + flow.amount
    return {holder: amount for holder, amount in net.items() if amount}


def assert_hand_zero_sum(result) -> None:
    changes = dict(result.changes)
    assert sum(changes.values()) + result.kitty_change + result.pot_change == 0
    for flow in result.flows:
        assert type(flow.amount) is int and flow.amount > 0
        assert flow.payer != flow.payee
    expected = {h: c for h, c in changes.items() if c}
    if result.kitty_change:
        expected[KITTY] = result.kitty_change
    if result.pot_change:
        expected[POT] = result.pot_change
    assert flow_nets(result) == expected


# -- properties ----------------------------------------------------------------------------------


@st.composite
def single_chip_hands(draw):
    options, n = draw(chip_options())
    players = NAMES[:n]
    dealer = draw(st.sampled_from(players))
    ctx = HandContext(
        players,
        dealer,
        dealt_in(players, dealer, options),
        kitty=draw(st.integers(0, 40)) if options.system.kind.has_kitty else 0,
        pot=draw(st.integers(0, 60)) if options.system.kind.has_pot else 0,
    )
    return ctx, options, draw_hand(draw, ctx, options)


@FAST
@given(single_chip_hands())
def test_every_chip_hand_is_zero_sum(case):
    ctx, options, entry = case
    result = score_hand(entry, ctx, options)
    assert_hand_zero_sum(result)
    assert ctx.kitty + result.kitty_change >= 0  # the kitty never goes negative
    assert ctx.pot + result.pot_change >= 0
    for holder, _ in result.changes:
        assert holder in ctx.seated


@FAST
@given(histories(chip_setups()))
def test_every_chip_session_is_zero_sum_at_every_hand(history):
    setup, events = history
    state = replay(setup, events)
    assert sum(b for _, b in state.balances) + state.kitty + state.pot == 0
    for record in state.hands:
        assert_hand_zero_sum(record.result)
        assert sum(b for _, b in record.balances) + record.kitty + record.pot == 0
        assert record.kitty >= 0 and record.pot >= 0
    # the session's flows, antes and cash-outs included, account for every balance
    nets: dict[str, int] = {}
    for flow in state.flows():
        nets[flow.payer] = nets.get(flow.payer, 0) - flow.amount
        nets[flow.payee] = nets.get(flow.payee, 0) + flow.amount
    assert {h: b for h, b in state.balances if b} == {
        h: v for h, v in nets.items() if v and h not in (KITTY, POT)
    }
    assert nets.get(KITTY, 0) == state.kitty and nets.get(POT, 0) == state.pot


def _edited(draw, setup, events):
    """The history with one hand replaced by another legal hand that deals the same way."""
    positions = [
        i
        for i, event in enumerate(events)
        if isinstance(event, HandInput) and event.outcome is not Outcome.MISDEAL
    ]
    if not positions:
        return None
    i = draw(st.sampled_from(positions))
    before = replay(setup, events[:i])
    # Not a misdeal, so the deal moves on as before and every later hand keeps its seating.
    new = draw_hand(draw, before.next_hand, setup.options, allow_misdeal=False)
    return i, replace_event(events, i, new)


def _check_edit(data, setups):
    setup, events = data.draw(histories(setups, max_events=8))
    edit = _edited(data.draw, setup, events)
    if edit is None:
        return
    i, edited = edit
    original = replay(setup, events)
    replayed = replay(setup, edited)
    # hands before the edit are untouched
    assert [h for h in replayed.hands if h.position < i] == [
        h for h in original.hands if h.position < i
    ]
    # entering the edited history from the start, one event at a time as the table does,
    # gives the same figures at every step
    records = {h.position: h for h in replayed.hands}
    run = Replayer(setup)
    for k, event in enumerate(edited):
        entered = run.state()
        if isinstance(event, HandInput):
            assert entered.next_hand == records[k].context
            assert check_new_hand(entered, event) == records[k].result
        before = run.copy()
        run.apply(event)
        assert before.state() == entered  # a copy is not disturbed by applying to the other
        if isinstance(event, HandInput):
            assert run.state().hands[-1] == records[k]
    assert run.state() == replayed
    # correcting from the point of the edit (the state before hand i, then the rest) agrees
    resumed = Replayer(setup)
    for event in events[:i]:
        resumed.apply(event)
    for event in edited[i:]:
        resumed.apply(event)
    assert resumed.state() == replayed
    if setup.options.system.kind.is_chip_game:
        # the running totals are the sum of the hands entered (antes and cash-outs included)
        totals = {p: 0 for p in setup.players}
        for flow in replayed.opening:
            totals[flow.payer] -= flow.amount
        for record in replayed.hands:
            for holder, change in record.result.changes:
                totals[holder] += change
        for leave in replayed.leaves:
            totals[leave.player] += leave.kitty_share
        assert totals == dict(replayed.balances)


@FAST
@given(st.data())
def test_editing_a_chip_hand_equals_entering_the_edited_history(data):
    _check_edit(data, chip_setups())


@FAST
@given(st.data())
def test_editing_a_cumulative_hand_equals_entering_the_edited_history(data):
    _check_edit(data, cumulative_setups())


@FAST
@given(histories(cumulative_setups(), max_events=12))
def test_cumulative_scores_are_the_sum_of_each_games_hands(history):
    setup, events = history
    state = replay(setup, events)
    totals = {h: 0 for h in setup.holders}
    game = 1
    for record in state.hands:
        if record.game != game:
            totals = {h: 0 for h in setup.holders}
            game = record.game
        for holder, change in record.result.changes:
            totals[holder] += change
        assert totals == dict(record.balances)
    for finished in state.games:
        assert finished.winner in setup.holders
        # the winner's money is what the others pay; money never comes from nowhere
        assert sum(f.amount for f in finished.money) >= 0
    assert sum(amount for _, amount in state.money) == 0


@FAST
@given(histories(chip_setups(), max_events=6), st.sampled_from(["stranger", "leaver", "sitter"]))
def test_a_refused_event_changes_nothing(history, kind):
    setup, events = history
    run = Replayer(setup)
    for event in events:
        run.apply(event)
    state = run.state()
    ctx = state.next_hand
    if kind == "stranger":
        bad = HandInput(Outcome.CONCEDED, "Zed", legal_bids(setup.options, count=1)[0])
    elif kind == "leaver":
        bad = PlayerLeaves("Zed")
    elif ctx.sitting_out:
        bad = HandInput(Outcome.CONCEDED, ctx.sitting_out[0], legal_bids(setup.options)[0])
    else:
        return
    try:
        run.apply(bad)
    except ReplayError as error:
        assert error.position == len(events)
    else:
        raise AssertionError(f"{bad} was accepted")
    assert run.state() == state
