"""One hand: what is entered (``handinput``), each of its rules checked (``handcheck``), its
outcome, and its score by the way the game keeps score (``hands`` choosing among
``chipscore``, ``eachscore``, ``teamscore``, ``teamunbid``, ``summed``), its payments and the
hand in words (``describe``).
"""
