"""Every house-rule option's name, words and the games it belongs to (RULES sections 1 to 6).

``OPTION_SPECS`` is the table the forms, the print view, the PDF and the API's catalog read an
option's label, help and choices from. An option belongs to a game by what the game is (its
way of keeping score, its kitty or pot, a widow whose size is a house rule), never by its name.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..pack.deck import Deck
from ..pack.meldtable import (
    AROUNDS_DOUBLING,
    AROUNDS_PAGAT,
    ROUNDHOUSE_PARTS,
    ROUNDHOUSE_WHOLE,
)
from .ladder import RUNGS_OPTION
from .shape import SHAPES
from .specs import GameFilter, OptionSpec
from .variant import Game, Scoring


def _all(game: Game) -> bool:
    return True


def _chips(game: Game) -> bool:
    return game.kind.is_chip_game


def _cumulative(game: Game) -> bool:
    return game.kind.is_cumulative


def _each(game: Game) -> bool:
    return game.kind.scoring is Scoring.EACH


def _teams(game: Game) -> bool:
    return game.kind.scoring is Scoring.TEAMS


def _widow(game: Game) -> bool:
    """The kitty's size is a house rule: the single-deck games with an auction."""
    return game.widow


def _widow_or_teams(game: Game) -> bool:
    return game.widow or _teams(game)


def _kitty(game: Game) -> bool:
    return game.kind.has_kitty


def _pot(game: Game) -> bool:
    return game.kind.has_pot


def _spec(
    name: str,
    label: str,
    help: str,
    kind: str,
    games: GameFilter,
    choices: Iterable[tuple[str, str]] = (),
    zero: str = "",
    figures: bool = False,
) -> OptionSpec:
    return OptionSpec(name, label, help, kind, games, tuple(choices), zero, figures)


OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        _spec(
            "deck",
            "Deck",
            "Single: 48 cards, A 10 K Q J 9 twice over. Double: 80 cards, A 10 K Q J four "
            "times over (two single decks without their nines). Two packs with nines: 96 "
            "cards, A 10 K Q J 9 four times over, six or eight players in two teams.",
            "choice",
            _all,
            tuple((deck.value, deck.label) for deck in Deck),
        ),
        _spec(
            "shape",
            "Players and teams",
            "How many are dealt in and who partners whom. Partners never sit side by side: "
            "with four, seats 1 and 3 play 2 and 4; with six in three teams, 1 and 4, 2 and 5, "
            "3 and 6.",
            "choice",
            _cumulative,
            tuple((str(shape), shape.label) for shape in SHAPES),
        ),
        _spec(
            "kitty_size",
            "Cards in the kitty",
            "The kitty (widow) the bid winner takes up, discarding as many cards: 3 with three "
            "players, none with four. Wikipedia's Pinochle article (seed 003): 'a 4 card kitty "
            "(3 or 6 cards for three players)'. Each player then melds from the deck less the "
            "kitty, shared out: 14 cards with three and 6, 11 with four and 4.",
            "choice",
            _widow,
            (
                ("3", "3 cards (three players)"),
                ("6", "6 cards (three players, seed 003)"),
                ("0", "None (four players)"),
                ("4", "4 cards (four players, seed 003)"),
            ),
        ),
        _spec(
            "double_meld_bonus",
            "Double meld bonus",
            "A double meld scores the big figure: double run 1500, double pinochle 300, "
            "eight aces 1000. Off: a double is worth exactly two singles.",
            "bool",
            _all,
        ),
        _spec(
            "roundhouse_with_run",
            "Roundhouse with a run",
            "K and Q of every suit plus a run sharing the trump K and Q: 350 counts the trump "
            "marriage once; 390 counts it beside the run as well.",
            "choice",
            _all,
            (("350", "350"), ("390", "390")),
            figures=True,
        ),
        _spec(
            "double_trump_marriage",
            "Double trump marriage",
            "Both kings and queens of trump: 80 (two royal marriages), 240 as in St Joseph, "
            "Missouri (Bison, seed 001), where run and double marriage together make 390, or "
            "400 (Wikipedia's Pinochle, seed 003: 'a double marriage in trump is worth 400'), "
            "which likewise may share a run's K and Q: 550 with the run.",
            "choice",
            _all,
            (("80", "80"), ("240", "240 (St Joseph)"), ("400", "400 (Wikipedia)")),
            figures=True,
        ),
        _spec(
            "double_bonus_melds",
            "Doubles with the bonus",
            "Under the double meld bonus, the melds whose double scores the big figure (run, "
            "pinochle, aces, kings, queens, jacks); the others score two singles. Bison (seed "
            "001): 'some play with no special score for some or all of the double melds, so "
            "that for example a double rope may be worth only 300.'",
            "melds",
            _all,
        ),
        _spec(
            "double_marriage_value",
            "Double marriage in a plain suit",
            "Both kings and queens of a suit other than trump as one meld, at the figure the "
            "table names; 0: two marriages, 40. Bison (seed 001): 'some add special scores for "
            "double marriages' (the seed gives no figure).",
            "points",
            _all,
            zero="Two marriages",
        ),
        _spec(
            "run_extras",
            "Run with extra K or Q",
            "A spare trump king or queen beside a run adds 40 each: run and single marriage "
            "190, run and double marriage 230 (the four-player blog, seed 004; Parlett). "
            "Off: a spare K or Q alone adds nothing and a spare K and Q are a royal marriage.",
            "bool",
            _all,
        ),
        _spec(
            "npa_meld",
            "NPA meld values",
            "Double deck: the National Pinochle Association's figures, a single run 250 instead "
            "of 150 and a single pinochle 150 instead of 40 (25 and 15 without the trailing "
            "zero); doubles and more keep the table's figures.",
            "bool",
            _teams,  # only a team game is dealt from a double deck
        ),
        _spec(
            "double_deck_arounds",
            "Arounds with a double deck",
            "What three and four of an around are worth. Pagat: half as much again and twice the "
            "double (aces 100, 1000, 1500, 2000). Doubling: each copy doubles the last (aces "
            "100, 1000, 2000, 4000).",
            "choice",
            _teams,  # only a team game is dealt from a double deck
            (
                (str(AROUNDS_PAGAT), "Pagat: aces 100, 1000, 1500, 2000"),
                (str(AROUNDS_DOUBLING), "Doubling: aces 100, 1000, 2000, 4000"),
            ),
            figures=True,
        ),
        _spec(
            "double_roundhouse",
            "Double roundhouse",
            "Double deck: two kings and two queens of every suit. 1600 is the sum of its parts "
            "(kings 800, queens 600, two royal marriages and six marriages); 2400 scores it as "
            "a meld of its own.",
            "choice",
            _teams,  # only a team game is dealt from a double deck
            ((str(ROUNDHOUSE_PARTS), "1600, its parts"), (str(ROUNDHOUSE_WHOLE), "2400")),
            figures=True,
        ),
        _spec(
            "card_values",
            "Card values",
            "How tricks count. Classic: A 11, 10 10, K 4, Q 3, J 2. Simple: A and 10 10, K and Q "
            "5. Counters: A, 10, K 10 each. Last trick 10; always 250 in all.",
            "choice",
            _all,
            (
                ("classic", "Classic (11-10-4-3-2)"),
                ("simple", "Simple (10-10-5-5)"),
                ("counters", "Counters (10-10-10)"),
            ),
        ),
        _spec(
            "discards_count",
            "Buried cards count for the declarer",
            "On: the cards the declarer discards after taking the kitty count in their tricks. "
            "Off: they count for nobody, 'depending on the pre-established rules' (Wikipedia, "
            "seed 003): enter the declarer's tricks without them (Bison, and partnership where "
            "each team then enters its own: the takes may add up to less by what the kitty "
            "could bury).",
            "bool",
            _widow,
        ),
        _spec(
            "scale",
            "Drop the trailing zero",
            "10 divides every figure by ten (counters worth 1, game to 150). Needs the counters "
            "card values.",
            "choice",
            _all,
            (("1", "No (250, 1500)"), ("10", "Yes (25, 150)")),
        ),
        _spec("min_bid", "Minimum bid", "The lowest bid allowed.", "points", _all),
        _spec("bid_step", "Bid step", "Bids go up in steps of this many points.", "points", _all),
        _spec(
            RUNGS_OPTION,
            "Wider bid steps",
            "From some bid up, bids may go up in bigger steps, written like 'from 600 in "
            "fifties' (or 600:50). Double deck (pagat): 500, 510 ... 600, then 650, 700; Joe "
            "Andrews also goes in hundreds from 1000. Each starts on a bid below it and widens "
            "the step. Empty: the bid step all the way.",
            "rungs",
            _all,
        ),
        _spec(
            "compulsory_bid",
            "Compulsory first bid",
            "Under 'Compulsory first bid', the player left of the dealer must open at this bid, "
            "and only it may be forfeited (unseen, paying the kitty). Hoyle's rules (seed 002): "
            "300, or 250 'in many games'.",
            "choice",
            _kitty,
            (("300", "300 (Hoyle)"), ("250", "250 (Hoyle's variation)")),
        ),
        _spec(
            "forbidden_endings",
            "Forbidden bid endings",
            "Bids may not end in these (Brooklyn forbids 40 and 90: no 340, 390, 440). "
            "Leave empty to allow every ending.",
            "endings",
            _all,
        ),
        _spec(
            "all_pass",
            "When everyone passes",
            "Dealer takeover: the 300 bidder may make the dealer play at 250. Dealer must bid: "
            "the last to speak bids the minimum. Compulsory first bid: the player left of the "
            "dealer holds 300 (Hoyle: or 250) and may forfeit. Throw in: no score, next dealer.",
            "choice",
            _all,
            (
                ("dealer-takeover", "Dealer takeover at 250"),
                ("dealer-must-bid", "Dealer must bid"),
                ("compulsory-first-bid", "Compulsory first bid of 300 (or 250)"),
                ("throw-in", "Throw in, next dealer deals"),
            ),
        ),
        _spec(
            "trump_needs_meld",
            "Trump needs a meld",
            "The declarer may name trump only in a suit where they hold a run, a marriage or "
            "the dix: a house rule in Wikipedia's Pinochle article (seed 003). Checked when the "
            "declarer's meld is entered as cards; named melds and a figure cannot show it.",
            "bool",
            _widow_or_teams,
        ),
        _spec(
            "auction",
            "Bidding",
            "On: an auction, a declarer and a bid to make or be set. Off (two-handed, Parlett's "
            "cutthroat, Bicycle's partnership game): trump is turned up and each player, or "
            "each team, scores its meld and tricks; one that wins no trick loses its meld.",
            "bool",
            _cumulative,
        ),
        _spec(
            "sit_out",
            "Who sits out",
            "With more than three at the table, who gets no cards this hand (they still pay "
            "and collect as an opponent of the declarer).",
            "choice",
            _chips,
            (
                ("right-of-dealer", "The player to the dealer's right (4 players)"),
                ("dealer", "The dealer (4 players)"),
                (
                    "dealer-and-second-left",
                    "The dealer, and with 5 also the second player to the dealer's left",
                ),
                (
                    "three-left-play",
                    "The three players to the dealer's left play; the rest sit out",
                ),
            ),
        ),
        _spec(
            "schedule",
            "Payment schedule",
            "Chips the declarer wins from each opponent for a made bid, by bid.",
            "choice",
            _chips,
            (
                ("brooklyn", "Brooklyn: 1, 2, 4, 8, 16, 32"),
                ("brooklyn-gentle-a", "Gentle A: 1, 2, 4, 6, 8, 10, 12"),
                ("brooklyn-gentle-b", "Gentle B: 1, 3, 7, 10, 13, 16, 19"),
                ("brooklyn-gentle-c", "Gentle C: 2, 3, 4, 5, 6, 7, 8"),
                ("hoyle", "Hoyle: 3, 5, 10, 15, 20, 25, 30"),
                ("hoyle-doubling", "Hoyle doubling: 3, 5, 10, 20, 40, ..."),
                ("hoyle-plus-two", "Hoyle plus two: 1, 2, 4, 6, 8, ..."),
                ("hoyle-plus-one", "Hoyle plus one: 3, then 5, 6, 7, ... per 10 points"),
                ("pot", "Pot: one chip per full 50 points bid"),
            ),
        ),
        _spec(
            "spades_double",
            "Spades double",
            "Every payment is doubled when spades are trump.",
            "bool",
            _chips,
        ),
        _spec(
            "hearts_triple",
            "Hearts triple",
            "Every payment is tripled when hearts are trump.",
            "bool",
            _chips,
        ),
        _spec(
            "set_factor",
            "Set factor",
            "A declarer who plays and loses pays each opponent this many times the win value.",
            "int",
            _chips,
        ),
        _spec(
            "stake",
            "Stake per chip",
            "Money per chip, in dollars and cents: 0.10 is ten cents a chip.",
            "money",
            _chips,
        ),
        _spec(
            "kitty_threshold",
            "Kitty joins at",
            "From this bid up, the kitty pays and collects like one more opponent.",
            "points",
            _kitty,
        ),
        _spec(
            "ante",
            "Ante",
            "What every player puts in the pot at the start and after it is won, "
            "in dollars and cents (0.25 is 25 cents; a whole number of chips).",
            "money",
            _pot,
        ),
        _spec(
            "pot_threshold",
            "Pot taken at",
            "A declarer who makes a bid this big or bigger also takes the pot.",
            "points",
            _pot,
        ),
        _spec(
            "even_deals",
            "Count deals to an even round",
            "Show how many times each player has dealt and say when everyone has dealt as "
            "often as everyone else. Brooklyn (seed 000) has no fixed end: 'ideally after each "
            "player has dealt an equal number of times'. A misdeal is not a deal.",
            "bool",
            _chips,
        ),
        _spec("target", "Game to", "Points that win the game.", "points", _cumulative),
        _spec(
            "negative_floor",
            "Negative floor",
            "If a score falls below this while someone is above 0, the game ends and the highest "
            "score wins. Empty: no floor.",
            "optional-points",
            _each,
        ),
        _spec(
            "target_raise",
            "Target rises on a tie",
            "When two or more players (or teams, in a team game without a bid) pass the "
            "target on the same hand, the target goes up by this much and play goes on "
            "(Parlett: 250). 0: the higher score wins.",
            "points",
            _cumulative,
            zero="No: the higher score wins",
        ),
        _spec(
            "fixed_deals",
            "Fixed number of deals",
            "Play this many deals and the highest score wins. Empty: play to the target.",
            "optional-int",
            _each,
        ),
        _spec(
            "both_reach",
            "Both teams past the target",
            "Who wins when the teams pass the target on the same hand. The bidders, if they "
            "made their bid (else the higher score). Or the higher score, as the four-player "
            "blog (seed 004) plays: 'the first team to reach 150 points wins', and a tie at "
            "150 or more is decided by the next hand.",
            "choice",
            _teams,
            (
                ("bidders-made", "The bidders, if they made their bid"),
                ("higher", "The higher score; a tie plays another hand (seed 004)"),
            ),
        ),
        _spec(
            "game_stake",
            "Game stake",
            "Money each loser pays the game's winner, in dollars and cents (0: not for money). In "
            "partnership each player of the losing team pays one player of the winning team.",
            "money",
            _cumulative,
        ),
        _spec(
            "set_stake",
            "Set stake",
            "Money per set paid to the game's winner, in dollars and cents: one for a single set, "
            "two for a double set.",
            "money",
            _each,
        ),
        _spec(
            "meld_minimum",
            "Meld to be on the board",
            "A side's meld below this counts nothing (double deck: 20). 0: every meld counts.",
            "points",
            _teams,
            zero="Every meld counts",
        ),
        _spec(
            "meld_saved_by",
            "A side saves its meld with",
            "What a side must take in tricks to score its meld and tricks: any trick point, at "
            "least 'Trick points to save meld' (a side under it scores nothing for the hand), "
            "or nothing at all.",
            "choice",
            _teams,
            (
                ("a-trick-point", "Any trick point"),
                ("points", "At least the trick points below"),
                ("nothing", "Nothing: meld always counts"),
            ),
        ),
        _spec(
            "meld_save_points",
            "Trick points to save meld",
            "With 'At least the trick points below': a side keeps its meld only when it takes "
            "this many in tricks (double deck: 20 counters).",
            "points",
            _teams,
        ),
        _spec(
            "bidders_save_meld",
            "Bidders must save their meld too",
            "On: the bidding side's meld counts toward the bid only when it is saved as well. "
            "Off: only the other side must save its meld.",
            "bool",
            _teams,
        ),
        _spec(
            "set_keeps_meld",
            "A set side keeps its meld",
            "On: a bidding side that is set loses the bid but still scores its meld. Off: it "
            "loses the bid and its meld.",
            "bool",
            _teams,
        ),
        _spec(
            "set_to_opponents",
            "Set goes to the other side",
            "On ('progressive'): a set bid is added to the other side's score instead of taken "
            "from the bidders'. Off ('traditional'): the bidders lose it.",
            "bool",
            _teams,
        ),
        _spec(
            "surrender",
            "When the bidders give up, the other side scores",
            "What the other side scores when the bidders concede before play (no marriage in "
            "trump, too little meld): nothing, its meld, or its meld and half or all the trick "
            "points.",
            "choice",
            _teams,
            (
                ("nothing", "Nothing"),
                ("meld", "Its meld"),
                ("meld-and-half", "Its meld and half the trick points"),
                ("meld-and-all", "Its meld and all the trick points"),
            ),
        ),
        _spec(
            "bidders_no_trick",
            "Bidders who take no trick",
            "What a bidding side that took no trick point scores. As usual: its meld and tricks "
            "when they reach the bid. Nothing: the four-player blog (seed 004), 'if the bidding "
            "team took no tricks, then they also cannot receive any positive points' (a set "
            "still costs the bid). Set: they lose the bid however much they melded.",
            "choice",
            _teams,
            (
                ("as-usual", "Score as usual"),
                ("zero", "Nothing positive (seed 004)"),
                ("set", "They are set"),
            ),
        ),
        _spec(
            "summed_bids",
            "Every team's bid a contract",
            "On: each player bids on their own and partners' bids are summed (Wikipedia's "
            "Pinochle article, seed 003). The highest bidder names trump; every team's sum is "
            "its contract, so any team can make it or be set. Off: only the winning bid counts.",
            "bool",
            _teams,
        ),
    )
}
