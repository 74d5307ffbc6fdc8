"""Live streams: every phone on a session hears of a change within a second.

``hub`` keeps, per process, each followed session's latest version and wakes its streams;
``listen`` is the PostgreSQL listener that feeds the hub from ``NOTIFY`` (on SQLite the
version is handed over after the commit); ``notice`` is that notification's channel and
payload, which both write and read.
"""
