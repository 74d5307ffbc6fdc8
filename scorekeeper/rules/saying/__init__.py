"""The hand said in one line (issue 29): a line as a scorer types or dictates it at the table,
"Bob, three fifty in spades, made it", read into the fields of a hand for a game and seating.

Pure, as the rest of the engine: it reads words and never checks a rule (a bid under the
minimum is read as said; the engine refuses it when the hand is entered). What a line cannot
settle is said, never guessed: a word that could mean two things is ``ambiguous`` with its
choices, a field the hand asks for and the line lacks is ``missing``, a word not understood is
``unknown``. The modules:

- ``words``: every word a table says, once, keyed by the engine's own enums (outcomes, suits)
  and by what each cue says (a bid, meld, tricks, the last trick), and the filler words;
- ``numbers``: figures in digits or as people say them ("three fifty", "fifteen hundred");
- ``table``: the game and seating a line is read for (``SayingTable``) and what its hand asks
  for (``HandAsks``), asked of the options, never of a game's name;
- ``lexer``: the line cut into words and the words into things (players, numbers, suits...);
- ``clauses``: the parts of the hand the things say, clause by clause, each a claim on a field
  (``draft``: the claims, and how they are weighed);
- ``reader``: ``read_hand``, the line to a ``Reading``, trying each reading of a word that is
  also a name; ``reading``: the ``Reading``, what it lacks, ``say_hand``, its line, and
  ``reading_of``, a hand entered as a line says it.
"""

from .reader import read_hand
from .reading import Ambiguity, Meld, Reading, reading_of, say_hand
from .table import HandAsks, SayingTable, Seat

__all__ = [
    "Ambiguity",
    "HandAsks",
    "Meld",
    "Reading",
    "SayingTable",
    "Seat",
    "read_hand",
    "reading_of",
    "say_hand",
]
