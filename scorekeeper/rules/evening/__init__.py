"""An evening of hands: who deals and sits out (``seating``, ``rounds``), replaying the hands
into running scores (``session``), a game's end (``games``), closing a session (``closing``)
and the fewest payments that settle it (``settlement``) (RULES sections 5 to 7).
"""
