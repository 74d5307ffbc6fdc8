"""The session report: what it prints, its HTML page, and the PDF WeasyPrint makes of it.

- ``assemble``: ``build_report`` gathers everything the report prints from a
  ``LoadedSession`` through the services (settle-up, hand log, running-score series), so the
  template only prints.
- ``handlog_layout``: the hand log as padded monospaced columns, names shortened, the font
  size and orientation that fit the page.
- ``page``: ``templates/reports/report.html``, the one template behind both the print view
  and the PDF.
- ``pdf``: WeasyPrint rendering with ``StaticFetcher``, a URL fetcher that reads the app's own
  ``/static/`` files from disk and refuses everything else.
"""
