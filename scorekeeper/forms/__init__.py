"""The web forms: they check the shape of what is typed (a number where a number goes, a known
choice) and put each engine error back at its field; the rules themselves are the engine's.
``hand`` is the hand form, ``setup`` the forms that set a table up, ``club`` a club night's.
"""
