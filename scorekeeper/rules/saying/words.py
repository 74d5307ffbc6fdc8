"""Every word a table says about a hand, defined once (issue 29; RULES 4.3 to 5.3 for the
outcomes, 1.2 for the suits).

Keyed by the engine's own values: the words for each ``Outcome`` and each ``Suit``, so an
outcome or a suit brings its words with it, and by ``Cue``, what a word says of the number or
the player beside it (a bid, meld, tricks, the last trick). Which of them a game hears is the
game's to say (``table.HandAsks``: its outcomes, whether it has a bid). A phrase is written as
it is said; ``lexer`` cuts it into words as it cuts the line.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from ..hand.outcome import Outcome
from ..pack.cards import Suit


class Cue(enum.Enum):
    """What a word says about the number or the player next to it."""

    BID = "bid"  # bid, took it for, at, for: the number after it is a bid
    IN = "in"  # "in": a bid before a number ("in at 350", "in 350"), nothing before a suit
    MELD = "meld"  # the number beside it is meld
    TRICKS = "tricks"  # the number beside it is trick points (or a player's take)
    TOOK = "took"  # "took 160", "took in 160", "Ann 90 took": tricks; "took the last trick"
    LAST_TRICK = "last trick"  # the player beside it took the last trick
    AND = "and"  # joins partners into their team: "Ann and Cy", "Ann & Cy"
    HAS = "has"  # "Cy has the dix": the melds named after it are the player's before it
    BY = "by"  # "set by 20": by how much a bid was made or set, which no field holds
    DEALT = "dealt"  # "Ann dealt", "dealer Ann": who dealt, which the session knows
    HAND = "hand"  # "hand one": the hand's number, which the session knows
    OWN_BID = "own bid"  # "reneged on his own bid": the reneger is the declarer
    THEIR_TEAM = "their team"  # "her side": the team of the one player the line names
    THEY = "they"  # "they took 100", "we took 100": the side of the players named before
    HE_SHE = "he or she"  # "she took 100": the one player named before, else asked who
    TAKEOVER = "takeover"  # "Ann took it over": Brooklyn's dealer takeover (RULES 4.3)
    PASSED = "passed"  # "Bob passed": a player out of the auction, which no field holds


OUTCOME_WORDS: Mapping[Outcome, tuple[str, ...]] = MappingProxyType(
    {
        Outcome.MADE: ("made", "made it", "makes", "makes it", "make", "made the bid", "a make",
                       "got there", "got there exactly",
                       # a declarer wins the pot only by making a big bid (RULES 5.8)
                       "takes the pot", "took the pot", "wins the pot", "won the pot",
                       "scoops the pot", "scooped the pot", "raked in the pot",
                       "raked in the whole pot", "collects the pot", "won the whole pot",
                       "took the whole pot", "takes the whole pot",
                       "made his bid", "made her bid", "made their bid", "made our bid",
                       "that's a make",
                       "bring it home", "brings it home", "brought it home", "home free",
                       "squeaked by",
                       "squeaked it out", "squeaked through", "squeaked it by",
                       # dictation's and a hurried thumb's
                       "maid", "maid it", "mde", "mad it"),
        Outcome.SET: (
            "set", "went set", "got set", "goes set", "is set", "bumped", "got bumped",
            "went bumped", "went bete", "went down", "double bete", "double set", "down",
            "got double set", "got double bete", "got double beted", "double beted",
            "down she goes", "down he goes", "down they go", "down we go",
            "goes down", "goes bete", "played and lost", "lost it", "they're set", "we're set",
            "they are set", "we are set", "went double bete", "went double set", "went back",
            "goes back", "go back",
            "took a double bete", "down the tubes", "went down the tubes", "came up short",
            "fell short", "falls short",
        ),
        Outcome.PLAYED: ("played",),
        Outcome.CONCEDED: (
            "conceded", "concedes", "concede", "conceited", "conceeded", "conseded",
            "surrendered", "surrenders",
            "threw in the towel", "throw in the towel", "thrown in", "threw it in", "threw in",
            "threw the hand in", "threw his hand in", "threw her hand in", "threw in the hand",
            "tossed it in", "tossed them in", "tossed in", "tossed the hand in",
            "throws it in", "gave up", "gave it up", "tosses it", "tosses it in",
            "throw them in", "throw em in",
            "throw 'em in", "throw it in", "threw them in", "threw 'em in", "threw em in",
            "folded", "folds", "folded it", "threw his hand in", "threw her hand in",
            "gives it up", "gives up", "decided to give it up", "give it up", "bailed",
            "bailed out", "bails", "chucked it", "chucked",
            "tossed it in", "tossed it", "tossed their hands", "tossed their cards",
            "conceding", "threw their cards in", "threw their hands in", "threw in their hands",
            "tossed in their hands",
            "threw in their cards",
            "threw his cards in", "threw her cards in",
            # Hoyle's and Bison's names for giving the bid up unplayed (a single set's stake)
            "single bete", "single set", "took a single bete", "took a single set",
            "took single bete",
        ),
        Outcome.FORFEIT: ("forfeit", "forfeited", "forfeits", "forfeiting"),
        Outcome.OPPONENTS_CONCEDED: (
            "opponents conceded", "opponents concede", "the opponents conceded",
            "the other two gave up", "the others gave up", "opponents gave up",
            "the other two conceded", "the others conceded", "gave it to him", "gave it to her",
            "conceded it to him", "conceded it to her", "conceded to him", "conceded to her",
            "conceded the hand to him", "conceded the hand to her",
        ),
        Outcome.RENEGE: ("renege", "reneged", "reneges", "reneging", "caught reneging", "revoked",
                         "revokes",
                         "renegued", "renegged", "reneeged", "renigged", "reniged", "renigged on",
                         "reneged herself", "reneged himself", "reneges herself",
                         "reneges himself", "reneged themselves"),
        Outcome.ALL_PASS: (
            "everyone passed", "everybody passed", "all passed", "all pass", "passed out",
            "they all passed", "we all passed", "all of us passed", "all three passed",
            "all four passed", "all five passed", "all six passed", "all seven passed",
            "all eight passed", "both passed", "first two passed", "the first two passed",
            "first 2 passed", "all 3 passed", "all 4 passed", "all 5 passed", "all 6 passed",
            "all 8 passed",
            "all passes", "nobody bid", "no one bid", "no bids", "nobody wanted it",
            "no one wanted it", "nobody raised", "no one raised", "no bid",
            "everybody at the table passed", "everyone at the table passed",
            "nobody would open", "no one would open", "nobody opened", "no one opened",
            "all of us passed", "all three of us passed", "all four of us passed",
            "all five of us passed", "all six of us passed", "all eight of us passed",
            "two passes", "three passes", "four passes", "five passes", "six passes",
            "seven passes",
            "eight passes", "2 passes", "3 passes", "4 passes", "5 passes", "6 passes", "8 passes",
            "passed all around", "passed all the way around", "pass all around", "passed around",
        ),
        Outcome.MISDEAL: ("misdeal", "misdealt", "mis deal", "redeal", "miss deal",
                          "miss dealt", "mis dealt", "deal it again", "deal again",
                          "deals again", "deal's no good", "deal is no good", "dealt again",
                          "bad deal", "do it over", "deal it over", "bunched", "cards were bunched",
                          "redealing", "we're redealing"),
    }
)  # fmt: skip
"""The words a table says for each way a hand ends, the engine's label among them."""

THROWN_IN: frozenset[str] = frozenset(
    {"thrown in", "threw it in", "threw in", "throws it in", "throw them in", "throw em in",
     "throw 'em in", "throw it in", "threw them in", "threw 'em in", "threw em in",
     "threw the hand in", "threw his hand in", "threw her hand in", "threw in the hand",
     "tossed it in", "tossed them in", "tossed in", "tossed the hand in"}
)  # fmt: skip
"""Words for cards thrown in: a concession, or where everyone passed in a game that throws the
hand in (RULES 4.3, ``throw-in``), that hand thrown in."""

DOUBT_WORDS: frozenset[str] = frozenset(
    {"not", "no", "never", "didn't", "wasn't", "isn't", "wasnt", "didnt", "almost", "nearly",
     "maybe", "or", "wait", "think", "forget", "sure", "unless", "but", "don't", "dont",
     "doesn't", "doesnt", "won't", "wont", "couldn't", "couldnt", "wouldn't", "shouldn't",
     "hasn't", "hadn't", "weren't", "aren't", "could", "would", "should", "if", "hardly"}
)  # fmt: skip
"""Words left unread that may undo what a line says ("not a misdeal", "almost everyone
passed", "didn't make it"): where they are among the words not understood, those words are
still asked about, and what is said straight after one fills no field ("not set" is no set)."""

WHOEVER_GAVE_UP: frozenset[str] = frozenset({"thrown in"})
"""Words for a hand given up that do not say which side gave it up: asked about where the
opponents may concede too (Hoyle), read as the declarer's concession elsewhere."""

TEAM_NOUNS: tuple[str, ...] = ("team", "side", "partners", "lot", "crew", "bunch", "crowd", "gang")
"""What follows a player's name to say their team: "Ann's team", "Bob's side"."""

_OUTLINE = {Suit.SPADES: "♤", Suit.HEARTS: "♡", Suit.DIAMONDS: "♢", Suit.CLUBS: "♧"}


def _suit_words(suit: Suit) -> tuple[str, ...]:
    """A suit's words: plural and singular, its letter, its symbol and the outline symbol (and
    the table's slang: "dimes" for diamonds)."""
    slang = {
        Suit.DIAMONDS: ("dimes", "dmds", "dmnd", "dia"),
        Suit.SPADES: ("spayed", "sp", "spaces"),
        Suit.HEARTS: ("hts",),
    }.get(suit, ())
    return (suit.noun, suit.noun[:-1], suit.value.lower(), suit.symbol, _OUTLINE[suit], *slang)


SUIT_WORDS: Mapping[Suit, tuple[str, ...]] = MappingProxyType({s: _suit_words(s) for s in Suit})
"""The words for each suit named as trump ("spades", "spade", "s", "♠", "♤")."""

NO_TRUMP_WORDS: tuple[str, ...] = ("no trump", "no trumps", "nt", "notrump")
"""A no-trump contract, which no game has (the hand form's "No trump" is a hand that ended
before trump was named, which is entered without one): known so that it is said not
understood, never read as a figure ("no" is 0)."""

CUE_WORDS: Mapping[Cue, tuple[str, ...]] = MappingProxyType(
    {
        Cue.BID: ("bid", "bids", "bid it", "took it for", "took it at", "took the bid at",
                  "took the bid for", "at", "for", "went to", "went", "stuck with",
                  "stuck at", "was stuck with", "is stuck with", "got stuck with",
                  "stuck with it", "stuck with it at", "was stuck with it",
                  "was stuck with it at", "got stuck with it", "got stuck with it at",
                  "had to play it at", "had to play it for", "said", "says", "opened",
                  "opened at", "opened with", "opnd", "opnd at", "opens", "won it at", "won it for",
                  "won at", "won for", "bought it for", "bought it at", "bought it",
                  "won the bid at", "won the bid for", "got it at", "got it for", "had it at",
                  "had it for", "had to take it at", "had to take it for", "had to take it",
                  "has to take it at", "has to take it for", "has to take it",
                  "went all the way to", "all the way to",
                  "takes it at", "takes it for", "takes the bid at", "takes the bid for",
                  "takes the contract at", "took the contract at", "wins it at",
                  "wins the auction at", "won the auction at", "wins the bid at", "holds at",
                  "opens and holds at", "opened and held at", "plays it at", "plays it for",
                  "played it at", "played it for", "is forced to take it at",
                  "forced to take it at", "won the bidding at", "wins the bidding at",
                  "won the bidding for", "wins the bidding for", "jumped to", "jumped it to",
                  "jumps to", "raised to", "raised it to", "raises to", "went up to",
                  "upped it to", "bumped it to", "pushed it to", "came in at", "on and on to",
                  "bumped her partner to", "bumped his partner to", "bumped her to",
                  "bumped him to", "bumped to",
                  "all the way up to", "got held to", "was held to", "held to",
                  # the compulsory bid (RULES 4.5), said as the bid it is
                  "compulsory", "forced", "the compulsory", "the forced", "had the compulsory",
                  "had the forced", "was stuck with the compulsory", "was stuck with the forced",
                  "got stuck with the compulsory", "got stuck with the forced",
                  "stuck on the compulsory", "was stuck on the compulsory", "stuck on",
                  "was stuck on",
                  "held the", "holds the", "was held at", "was held to the compulsory",
                  "stuck w", "stuck w the", "stuck w it at", "bud", "bit", "bed",
                  "had the bid at", "had the bid for", "has the bid at", "has the bid for",
                  "bought it at",
                  "bought the bid at", "took the widow at", "had to open at",
                  "was stuck with the opening", "stuck with the opening",
                  "held to the compulsory", "played the compulsory", "played the forced",
                  "stuck w it at", "stuck with it at", "was stuck with it at",
                  "stuck with the compulsory", "stuck with the forced", "got stuck with it at",
                  "got stuck with it for", "stuck holding the bag at", "holding the bag at",
                  "on the hook for", "forced at", "was forced at",
                  "was on the hook for",
                  "left holding the bag at"),
        Cue.IN: ("in", "on"),
        Cue.MELD: ("meld", "melds", "melded", "melding", "in meld", "meld of", "for meld",
                   "melted", "melt",  # dictation's mishearings of "melded"
                   "mld", "mld's", "meld's", "mled",  # typed in a hurry
                   "mailed", "melled",  # dictation's "melded"
                   "mlded", "mldd",
                   "everybody's meld", "everyone's meld"),
        Cue.TRICKS: ("tricks", "trick", "in tricks", "in the tricks", "counters", "counter",
                     "in counters",
                     "card points", "in cards", "takes", "trix", "in trix", "trks", "tks",
                     "cards",  # "cards Ann 110, Bob 30": never "17 cards" (counted)
                     "in the play", "in play", "in the cards", "trik", "triks",
                     "trick points", "trick points for", "points for", "trick pts", "trx",
                     "ctrs", "tk", "tkn", "taken"),
        Cue.TOOK: ("took", "took in", "takes in", "got", "take", "take in", "pulled", "swept",
                   "caught", "catches", "counted", "dragged in", "dragged",
                   "had the other", "got the other", "took the other",
                   "sweeps", "pulled in", "brought in", "managed", "scraped", "scraped together",
                   "scooped", "scooped up", "grabbed", "nabbed",
                   # what the declarer was held to, said by the other side
                   "held him to", "held her to", "held them to", "we held him to",
                   "we held her to", "we held them to"),
        Cue.LAST_TRICK: ("last trick", "last tricks", "had last", "took last", "got last",
                         "the last one", "took the last one", "got the last one",
                         "had the last trick", "had last trick", "took last trick",
                         "including the last", "including the last trick",
                         "with the last trick in it", "the last trick in it", "last trik",
                         "with the last", "with the last trick", "with last trick",
                         "got last trick", "along with the last trick", "last trick to",
                         "and the last trick went to", "and the last trick to",
                         "the last trick to", "last trick went to", "the last trick went to",
                         "taking the last trick", "taking last trick", "taking the last",
                         # the last trick added to the figure said before it (``ADDED_LAST``)
                         "plus the last trick", "and the last trick", "plus last trick",
                         "and last trick", "plus the last", "and the last"),
        Cue.AND: ("and", "&", "plus", "but"),
        Cue.HAS: ("has", "had", "have", "holds", "held", "showed", "shows", "laid down",
                  "sitting on", "is sitting on", "was sitting on",
                  "lays down", "lay down", "put down", "puts down", "laid", "lays"),
        Cue.BY: ("by",),
        Cue.DEALT: ("dealt", "deals", "dealer", "dealing", "deal", "dealt it"),
        Cue.HAND: ("hand", "hand number", "deal number", "for hand", "on hand"),
        Cue.OWN_BID: ("on his own bid", "on her own bid", "on their own bid", "on his bid",
                      "on her bid", "on his own", "on her own"),
        Cue.THEIR_TEAM: ("his team", "her team", "his side", "her side", "his partners",
                         "her partners", "their side", "their team", "their", "the team",
                         "their three", "their four", "the three of them", "the four of them",
                         "the two of them",
                         "team", "side", "the side"),
        # "our side" is the speaker's, as "we" is: the side of the players named, or asked
        Cue.THEY: ("they", "we", "our team", "our side", "our three", "our four"),
        Cue.HE_SHE: ("he", "she", "he's", "she's", "him", "his", "her", "he'd", "she'd"),
        Cue.TAKEOVER: ("takeover", "take over", "took over", "takes over", "took it over",
                       "takes it over", "dealer takeover", "taken over",
                       # the opener stuck with nobody over him, passing it to the dealer
                       "stuck", "dumped it on", "dumped it onto", "hung it on", "pushed it onto",
                       "pushed it on", "stuck the dealer with it", "made the dealer take it",
                       "made the dealer play it", "the dealer plays it",
                       "made the dealer eat it", "shoved it onto", "shoved it on",
                       "shoved it onto the dealer", "pushed it onto the dealer",
                       "dumped it onto the dealer", "dumped it on the dealer", "eats it",
                       "handed it to",
                       "ate it"),
        Cue.PASSED: ("passed", "passes", "pass", "passd", "out", "drops", "dropped",
                     "nobody else bid", "no takers", "no takers on it", "passed to",
                     "nobody bit", "no one bit",
                     "no one else bid", "nobody bids over him", "nobody bid over him",
                     "nobody bids over her", "nobody bid over her", "nobody went over",
                     "nobody went over him", "nobody went over her", "nobody came over him",
                     "nobody came over her", "nobody came over", "no one came over him",
                     "nobody would go over him", "nobody would go over her",
                     "nobody else said boo", "nobody raised him", "nobody raised her",
                     "we both passed", "both of us passed", "nobody overcalled", "nobody came in",
                     "nobody overcalled him", "the rest of us passed", "rest of us passed",
                     "the rest passed", "the other two passed", "the others passed",
                     "other two passed", "everyone else out", "everybody else out",
                     "everybody out", "everyone out", "quit", "let it go", "let him have it",
                     "let her have it", "said take it", "didn't follow", "sat on her hands",
                     "sat on his hands", "nobody would touch it", "nobody'd touch",
                     "nobody else said a word", "nobody said a word", "nobody else wanted it",
                     "no one else wanted it"),
    }
)  # fmt: skip
"""The cue words, by what they say of the number or player beside them."""

FILLER_WORDS: frozenset[str] = frozenset(
    {
        "the", "a", "an", "with", "um", "umm", "uh", "uhm", "er", "erm", "okay", "ok", "so",
        "then", "was", "is", "of", "points", "point", "it",
        "please", "well", "right", "oh", "trump", "trumps", "are", "in trump", "that's", "thats",
        "that is", "which is", "turned", "turned up", "was turned", "all",
        "pot goes to",
        "the pot goes to", "only", "just", "even", "also", "still", "exactly", "this hand",
        "that hand", "this round", "easy", "easily", "barely", "got it", "won it", "gets it",
        "wins it", "picked", "called", "chose", "named", "to him", "to her", "to them",
        "between them", "obviously", "up", "total", "in total", "altogether", "too",
        "was the bidder", "is the bidder", "the bidder", "the declarer",
        "declarer", "bidder", "on the nose", "right on the nose", "ugh", "though", "it's",
        "its", "halfway through", "were", "of them", "ouch", "the compulsory bid", "as trump",
        "as trumps",
        "to name trump", "yeah", "yep", "this time", "this one", "both",
        "pts",
        "lol", "lmao", "haha", "bc", "cuz", "because", "himself", "herself", "that time",
        "for her", "for him", "for them", "hard", "all the way round",
        "all the way around", "last trick included", "last trick counted in",
        "counting the last trick", "with the last trick included", "together", "all together",
        "between em", "between 'em", "between the two of them", "between the three of them",
        "between the four of them", "against", "the other", "amount", "result", "outcome",
        "player", "declaring team", "declaring side", "the declaring team",
        "the declaring side", "bidding team", "the bidding team", "the bidding side",
        "reading it back", "reading back", "reading it back for everybody", "for the record",
        "agreed", "good", "yes", "everybody good", "everyone agree", "everybody agree",
        "alright", "everyone", "everybody", "okay everyone", "before i save", "all told",
        "decided to", "ended up", "on the table", "to meld", "of course", "next hand",
        "write this down", "pay up", "pay up boys", "out of luck", "off him", "off her",
        "off them", "being trump", "ez", "smh", "can you believe it", "let me see", "well now",
        "by the skin of his teeth", "by the skin of her teeth", "bless his heart",
        "bless her heart", "sweetie", "first hand", "that leaves", "so that leaves",
        "laid it down", "laid it right down", "played it out", "played it out anyway", "dear",
        "poor thing", "good for her", "good for him", "later", "later on",
        "serves him right", "serves her right", "lucky stiff", "the old goat", "old goat",
        "the old dope", "old dope", "caught her red handed", "caught him red handed",
        "red handed", "first time all night", "write it down", "the whole pot", "the whole hand",
        "all hand", "obv",
        "cutthroat", "no problem", "played it", "played it and", "took one look",
        "took one look at their hands", "took one look at their cards",
        "took one look at his meld", "took one look at her meld", "took one look at the meld",
        "took one look at his hand", "took one look at her hand", "let's see", "lets see",
        "let's see now", "let's see here", "i'm pleased to say", "i'm sorry to say",
        "sorry to say", "i'm afraid", "bless her", "bless him", "handily", "at all", "just fine",
        "by a hair", "right there", "that one", "again", "lost their meld", "lost the meld",
        "lost his meld", "lost her meld", "tho", "next deal", "as dealer", "as the dealer",
        "being the dealer", "brooklyn", "brooklyn hand", "hoyle", "bison", "pot game",
        "double deck", "six hand", "six handed", "eight handed", "8 handed", "two handed",
        "2 handed", "three handed", "four handed", "two hander", "three hander", "four hander",
        "six hander", "eight hander", "six of us", "eight of us", "pot table", "tbl", "table",
        "table one", "table two", "table three", "table four", "table five", "table six",
        "table 1", "table 2", "table 3", "table 4", "table 5", "table 6", "by a mile", "flat",
        "paid the kitty", "pays the kitty", "kitty pays", "kitty pays as well", "opener",
        "gives her", "gives him", "which gives her", "which gives him", "that gives her",
        "that gives him", "she gets her", "he gets his", "so she gets her", "so he gets his",
        "with room to spare", "room to spare", "with one to spare", "i am sorry to say",
        "who is dealing", "who was dealing", "who's dealing", "lucky fellow",
        "as well", "bidders", "the bidders",
        "six with 2 packs", "six with two packs",
        "eight with two packs", "two decks", "2 decks", "two packs", "2 packs",
        "what", "it's loud in here", "its loud in here", "loud in here",
        "turns out", "it turns out", "never", "anywhere", "paid out", "paid off", "is gone",
        "that's gone", "thats gone", "so that's gone", "so thats gone", "read back",
        "read it back", "reading", "back", "confirming", "confirm", "let me confirm",
        "let me read it", "let me read", "final", "folks", "i have", "as the bidder",
        "which", "round the table", "around the table", "stands", "sits this one out",
        "the kitty sits this one out", "blind", "respectively", "counting the widow",
        "counting the last", "for the pot", "goes down as", "go down as", "put it down as",
        "write it down as", "mark it down as", "partnership", "as a team", "loses it",
        "she loses it", "he loses it", "so she loses it", "so he loses it", "loses her meld",
        "loses his meld", "loses their meld", "lose their meld", "their meld doesn't count",
        "their meld didn't count", "the meld doesn't count", "the meld didn't count",
        "meld doesn't count", "meld didn't count", "her meld doesn't count",
        "his meld doesn't count", "her meld didn't count", "his meld didn't count",
        "pays everybody", "pays everyone", "and the pot", "pays the pot", "bought the widow",
        "anyway", "either of them", "pot's his", "pot's hers", "the pot's his",
        "the pot's hers", "good evening", "evening", "poor dear", "poor", "quite",
        "comfortably", "all the same", "after all", "sorry to report", "i'm sorry to report",
        "if you please", "as he must", "as she must", "went ahead and", "dub", "ez dub", "no cap",
        "tbh", "bruh", "rip", "lmaoo", "lmaooo", "cooked", "she's cooked", "shes cooked",
        "he's cooked", "trash", "was trash", "the widow was trash", "widow was trash",
        "is dead", "meld is dead", "in the books", "first hand in the books", "unbelievable",
        "brb", "crazy", "writing it down", "dead even", "pls", "next one", "okay next one",
        "picked up the widow", "picked up the kitty", "buys the widow", "picks up the widow",
        "that", "no cards played", "didn't count", "doesn't count", "don't count",
    }
)  # fmt: skip
"""Words said around a hand that say nothing of it: ignored, and only these."""

ASIDE_WORDS: Mapping[Outcome, tuple[str, ...]] = MappingProxyType(
    {
        Outcome.CONCEDED: (
            "after seeing the widow", "after the widow", "after looking at the widow",
            "after he saw the widow", "after she saw the widow", "after the meld",
            "after melding", "before play", "before playing", "before the play",
            "looked at the widow", "saw the widow", "didn't like the widow",
            "picked up the widow", "had a look at the widow", "took a look at the widow",
            "didn't like it", "didnt like it", "did not like it", "after meld",
            "before the lead", "before the opening lead", "without playing a card",
            "looks at the widow", "looked at the meld",
            "without playing", "without playing it", "before we played", "before they played",
            "didnt like the widow", "did not like the widow", "after the meld went down",
            "wanted out", "before anybody played a card", "before anyone played a card",
            "before a card was played", "before a card was led", "before the first lead",
            "never played a card", "without a card played", "before anyone led a card",
            "without playing a trick", "paid everybody", "paid everyone",
            "took one look at the widow", "one look at the widow", "nothing there",
            "nothing in it", "didn't bother playing", "didnt bother playing",
            "didn't play it out", "didn't even play it out", "didn't want to play it out",
            "not worth playing", "wasn't worth playing", "nothing worth playing",
            "we didn't play it out", "never played it out", "without playing it out",
            "didnt play it out", "didn't play", "we didn't play", "didnt even play it out",
            "before naming trump", "before he named trump", "before she named trump",
            "once he saw the widow", "once she saw the widow", "once he saw the meld",
            "once she saw the meld", "once everyone had melded", "once everybody had melded",
            "after everybody melded", "after everyone melded", "after everyone had melded",
            "after everybody had melded", "once the meld was down", "aftr meld",
            "peeked at the widow", "before anybody led", "before anyone led",
            "not enough meld", "before any cards were played", "before any card was played",
            "aftr the meld",
            "before we played a single card",
            "before a single card was played", "without playing a single card",
            "before we played a card", "before anyone played a card", "didn't play a card",
            "didn't play it", "didn't even play it", "didn't play it out", "never played it",
            "did not play a card", "without playing a card",
        ),
        Outcome.FORFEIT: (
            "didn't look at the widow", "didnt look at the widow", "did not look at the widow",
            "without looking at the widow", "without seeing the widow",
            "didn't see the widow", "didnt see the widow", "before the widow",
            "never looked at the widow", "never even looked at the widow",
            "never saw the widow", "without touching the widow", "never touched the widow",
            "without even looking at the widow", "without even seeing the widow",
            "without even looking", "without looking", "never even looked",
            "without so much as a peek at the widow", "without a peek at the widow",
            "without peeking at the widow", "without peeking", "without a peek",
            "without even peeking at the widow", "without even peeking",
            "didn't even look at the widow", "didn't look", "never even looked at it",
            "didn't peek at the widow", "didn't even peek at the widow", "didnt look at widow",
            "didn't look at widow",
            "didnt peek at the widow", "never peeked at the widow",
            "never turned the widow over", "never turned over the widow",
            "didn't turn the widow over", "didn't turn over the widow",
            "without turning the widow over", "without turning over the widow",
            "without even turning the widow", "without turning the widow",
            "without even turning over the widow", "without even turning the widow over",
        ),
    }
)  # fmt: skip
"""Words that say when a hand was given up, which no field holds: read with the outcome they
describe (RULES 5.3: a concession comes after the widow is seen and the meld laid down, a
forfeit before the widow is looked at), and left not understood beside any other."""

CONCEDED_AFTER_THE_WIDOW: frozenset[str] = frozenset(
    {"conceded", "concedes", "concede", "conceited", "single bete", "single set"}
)  # fmt: skip
"""The words for a concession that say it came after the widow was seen (RULES 5.3); "gave it
up", "threw it in" and the rest do not, so at Hoyle's compulsory bid they may be its forfeit."""

WHOLE_DECK_WORDS: tuple[str, ...] = (
    "every trick", "all the tricks", "all tricks", "all of the tricks", "every single trick",
    "every last trick", "everything",
)  # fmt: skip
"""Every trick of the hand ("took every trick"): the hand's whole trick points, the deck's
(RULES 3.1, 3.5: 250, 490 from two packs with nines, 50 written from a double deck)."""

MINIMUM_BID_WORDS: tuple[str, ...] = ("the minimum", "the minimum bid", "minimum bid", "the min")
"""The game's lowest bid said by name ("Ann bid the minimum in spades"; RULES 4.1)."""

WHOLE_DECK: frozenset[str] = frozenset(WHOLE_DECK_WORDS)
"""The same, as the lexer writes a phrase it read (its words joined by spaces)."""

CORRECTION_WORDS: tuple[str, ...] = (
    "no wait", "wait", "wait no", "i mean", "sorry", "no sorry", "make that", "correction",
    "scratch that", "actually", "hang on", "hold on", "nvm", "never mind", "that's not right",
    "i beg your pardon", "beg your pardon",
    "that's wrong", "not right", "nah", "nah it was", "no it was",
)  # fmt: skip
"""Words that take back what was just said: the thing said after them replaces the last one
of its kind said before them ("350 spades, no wait, hearts": hearts)."""

REMARK_STARTS: frozenset[str] = frozenset({"a", "an"})
"""What a remark on the hand starts with: "an ugly hand", "a lousy hand", "what a hand" (an
article, at most two words not understood, and "hand"), which fills no field."""

NOTHING_WORDS: tuple[str, ...] = (
    "nothing", "none", "zero", "nil", "no", "zip", "zilch", "nada", "squat", "diddly", "nothin",
)  # fmt: skip
"""Words for a figure of 0 ("Cy nothing in meld")."""

CARD_RANK_WORDS: tuple[str, ...] = ("nine", "ten", "jack", "queen", "king", "ace")
"""A card's rank as said in "the nine of hearts": a card named, not a figure (a "nine" said
so is no 9 of anyone's), and no meld nor trump either: not understood, so asked about."""

REST = "rest"
"""The value of the words for what is left of the deck's trick points (``REST_WORDS``)."""

REST_WORDS: tuple[str, ...] = (
    "the rest", "rest", "all the rest", "the remainder", "everything else", "the rest of it",
    "what was left", "whatever was left", "the rest of the points", "the rest of the tricks",
    "rest of the tricks", "the rest of the cards", "the rest of the counters", "the rest of us",
    "rest of us", "the rest of them",
)  # fmt: skip
"""What is left ("Ann 180, Bob the rest"): a take the others' leave (``lists.the_rest``)."""

IN_ORDER = "in order"
"""The value of the words that say figures are the players' in seat order (``IN_ORDER_WORDS``)."""

IN_ORDER_WORDS: tuple[str, ...] = (
    "in that order", "in order", "in seat order", "in that order around the table",
    "going around", "going round",
)  # fmt: skip
"""Said after as many figures as players: each player's, in seat order (``lists.in_seat_order``)."""

OTHERS = "others"
"""The value of the words for the declarer's opponents said together (``OTHERS_WORDS``)."""

OTHERS_WORDS: tuple[str, ...] = (
    "the other two", "the other three", "the others", "the opponents", "opponents",
    "the other side", "the other team", "the defenders", "the other players",
    "his opponents", "her opponents", "everybody else", "everyone else", "other 2",
    "other two", "the other 2", "other team", "other side", "other three", "other four",
    "the other lot", "other lot", "the other crowd", "opps", "the opps", "oppos", "opp",
    "the opp",
    "the two of us", "the three of us", "us two",
)  # fmt: skip
"""The declarer's opponents said together: no player the reader can name, so a figure said of
them is theirs and fills nothing; "the other two just conceded it" is their concession, where
the opponents may concede (Hoyle, RULES 5.3)."""

ADDED_LAST: tuple[str, ...] = ("plus ", "and ")
"""How the last trick said after a figure starts when it is added to that figure ("took 200
plus the last trick"), not held in it ("170 with the last trick")."""
