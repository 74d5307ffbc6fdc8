"""The pack and what it counts: suits and ranks (``ranks``), cards and their notation
(``cards``), the decks, each one value carrying its data (``deck``), the meld tables
(``meldtable``) and the house rules meld reads (``meldoptions``), meld from cards, names or a
figure (``meld``, the front door of ``meldscore``, ``meldcards``, ``meldclaims`` and
``meldattain``), a side's meld (``sidemeld``) and trick points (``tricks``) (RULES sections 1
to 3). The pack imports nothing of the game: it reads a session's options through the small
protocols it declares (``meldoptions.MeldOptions``, ``tricks.TrickOptions``).
"""
