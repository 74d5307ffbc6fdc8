"""The rules of Auction Pinochle as a pure engine: no web, database or PDF code here.

Everything in ``docs/RULES.md`` lives in this package: cards and meld, trick counting,
bidding, each hand's result, replaying a session and settling up. Values are frozen
dataclasses and enums; every broken rule raises a ``RuleError`` (a ``ValueError``) that says
where it was broken, in the engine's own terms (``errors.Where``), and the rule; a hand
breaking several rules raises them all at once (``errors.RuleErrors``).
"""
