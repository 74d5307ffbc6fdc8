"""Words typed short or heard wrong, written out before a line is read (issue 29): "b4",
"evry1", "w/", "@", "+", "5o" for 50, "w/o", "had 2 take it", "lookin", dictation's "fifty
won", "a buck fifty" (150), a correction said as a question ("no Fay?": Dee or Fay, asked),
and a take of nothing said in words ("didn't take a trick", "got skunked"), which RULES 6.4
enters as 0.
"""

from __future__ import annotations

import re

_ROUND_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WITHOUT = re.compile(r"\bw/o\b", re.IGNORECASE)
""""w/o" typed for "without" ("forfeited w/o looking at the widow")."""

_SHORTHAND = (
    (re.compile(r"\bb4\b", re.IGNORECASE), "before"),
    (re.compile(r"\bev(?:e)?ry(?:1|one)\b", re.IGNORECASE), "everyone"),
    (re.compile(r"\bw/(?=\s)", re.IGNORECASE), "with"),
    (re.compile(r"@"), " at "),
    (re.compile(r"\+"), " plus "),
    (re.compile(r"(?<=\d)o\b", re.IGNORECASE), "0"),
    (re.compile(r"\b(came up|fell) (\w+) short\b", re.IGNORECASE), r"\1 short by \2"),
    (re.compile(r"\b(had|has|have) 2 (?=take|play|eat|go|bid)", re.IGNORECASE), r"\1 to "),
    # a correction said as a question ("Dee... no Fay?", "65 no 75?") is a doubt: either one
    (re.compile(r"\b(?:no|wait no|no wait),? (\w+)\?", re.IGNORECASE), r", \1,"),
    # "w it", "w a double run"; never "W 0", "W a hundred": a player called W
    (re.compile(r"\bw (?=it\b|a\b(?! hundred| thousand))", re.IGNORECASE), "with "),
    (
        re.compile(r"\b(look|play|tak|mak|count|go|meld|bidd)in'?(?=\s|$|[.,;!?])", re.IGNORECASE),
        r"\1ing",
    ),
    (re.compile(rf"\b({'|'.join(_ROUND_TENS)})[ -]won\b", re.IGNORECASE), r"\1 one"),
    (re.compile(r"\b(?:got|was|were) skunked\b", re.IGNORECASE), "took 0 tricks"),
    (re.compile(r"\ba buck\b", re.IGNORECASE), "a hundred"),  # "a buck fifty": 150
    (re.compile(r"\b(?:hunnid|hunid|hundo)\b", re.IGNORECASE), "hundred"),
    # an apostrophe left out: "didnt", "doesnt", "dont", "cant"
    (
        re.compile(r"\b(did|does|do|is|was|were|are|could|would|has|have|had)nt\b", re.IGNORECASE),
        r"\1n't",
    ),
    (re.compile(r"\bcant\b", re.IGNORECASE), "can't"),
    (re.compile(r"\ball (?:\w+ )?of us passed\b", re.IGNORECASE), "everybody passed"),
    # dictation's "one" after a meld word: "melded won twenty" is 120
    (
        re.compile(rf"\b(meld|melded|had) won (?=(?:{'|'.join(_ROUND_TENS)})\b)", re.IGNORECASE),
        r"\1 one ",
    ),
    (
        re.compile(
            r"\b(?:didn'?t|did not|never|couldn'?t) (?:take|took|get|got|win|won) "
            r"(?:a|any|one) (?:single )?tricks?\b",
            re.IGNORECASE,
        ),
        "took 0 tricks",
    ),
    (
        re.compile(
            r"\bwithout (?:taking|winning|getting) (?:a|any) (?:single )?tricks?\b", re.IGNORECASE
        ),
        "took 0 tricks",
    ),
)
"""Words typed short with a digit or a sign: "b4 play", "evry1 passed", "made w/ 33", "@ 250",
"80 + the last trick", an "o" for a nought ("5o" is 50), "came up 20 short", "had 2 take
it" (to), "w it" (with), "lookin" (looking); dictation's "fifty won" (one); and a take of
nothing said in words ("didn't take a trick", "without taking a trick")."""


def written_out(line: str) -> str:
    """``line`` with its shorthand written out as the words it stands for."""
    line = _WITHOUT.sub("without", line)
    for typed, word in _SHORTHAND:
        line = typed.sub(word, line)
    return line
