"""What game the table plays: its house-rule options and presets (``options``), the table's
shape (``shape``), the bid ladder (``ladder``) and a legal final bid (``bidding``), and the
contract a partnership's hand is scored by (``contract``) (RULES sections 4 and 6).
"""
