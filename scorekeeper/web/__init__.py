"""What the pages share beyond the views: template filters, charts, QR codes, options and
money in words, the recent-sessions list and JSON for a page's script.

Nothing here touches the database; the views and the reports call it with figures the
services worked out.
"""
