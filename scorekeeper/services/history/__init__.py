"""Records and ratings: what each player has done across every session of the table.

A player's record (``player``), the per-session count it is summed from (``tally``) and its
stored cache (``stored``), the ratings from finished games (``ratings``, ``ratings_games``,
``ratings_csv``) and the players page's statistics (``stats``). All of it is derived from the
hands by replaying them; nothing here is entered by the table.
"""
