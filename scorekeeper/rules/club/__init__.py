"""The club's tournament rules: a night's settings, its pairings and table rotation, and its
standings (docs/club-nights.md). Pure like the card rules, and apart from them: a round is
decided from each table's result, whatever game the table plays.
"""
