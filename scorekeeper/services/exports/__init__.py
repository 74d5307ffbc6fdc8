"""A session's hand log, its exports and the import that recreates a session from one.

- ``handlog``: every event of a session with the figures the replay derives for it, as the
  table writes them (the PDF, its print view and the CSV print this list).
- ``csv_export``: the hand log as CSV, one row per event.
- ``json_export``: the whole session as JSON, what was entered and the derived figures.
- ``session_file``: the session file's schema (pydantic, a hand's fields shared with the API)
  and its refusals in words naming where in the file and what is wrong.
- ``imports``: reading and checking a session file, replaying it, and recreating it.
- ``filenames``: the download name of a session's PDF, CSV or JSON.
"""
