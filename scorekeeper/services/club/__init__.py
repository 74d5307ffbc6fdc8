"""Club nights: the organiser's side of a tournament of tables.

``nights`` starts a night, seats and pairs its rounds and calls time; ``results`` reads each
table's session to decide its round. The tournament rules themselves (pairing, rotation,
standings) are the pure ``scorekeeper.rules.club``.
"""
