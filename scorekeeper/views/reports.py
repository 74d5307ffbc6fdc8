"""The session report (print view and PDF), the CSV and JSON exports, and the import page.

Thin views: each loads the session, calls one function of ``scorekeeper.reports`` (the
report's page and PDF) or ``scorekeeper.services.exports`` (CSV, JSON, import) and sends the
result. The page size comes from the
``PDF_PAGE_SIZE`` setting (``Letter`` unless set) and ``?size=a4`` or ``?size=letter``
overrides it for one request.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from ..access import current_table, writes_only
from ..reports.assemble import build_report
from ..reports.page import render_html
from ..reports.pdf import page_size, report_pdf
from ..services.exports import csv_export, imports, json_export
from ..services.exports.filenames import export_filename
from .downloads import download
from .loading import load_or_404
from .stale import reshown_when_stale

bp = Blueprint("reports", __name__)


def _size() -> str:
    default = page_size(current_app.config.get("PDF_PAGE_SIZE"), "Letter")
    return page_size(request.args.get("size"), default)


@bp.get("/s/<id:session_id>/print")
def print_view(session_id: int):
    """The report as a page to read on the phone or print from the browser."""
    loaded = load_or_404(session_id)
    size = _size()
    report = build_report(loaded, size)
    return render_html(
        report,
        for_pdf=False,
        back_url=url_for("sessions.show", session_id=session_id),
        pdf_url=url_for("reports.pdf", session_id=session_id, size=size.lower()),
        letter_url=url_for("reports.print_view", session_id=session_id, size="letter"),
        a4_url=url_for("reports.print_view", session_id=session_id, size="a4"),
        csv_url=url_for("reports.hands_csv", session_id=session_id),
        json_url=url_for("reports.session_json", session_id=session_id),
    )


@bp.get("/s/<id:session_id>/report.pdf")
def pdf(session_id: int):
    """The session report as a PDF download."""
    loaded = load_or_404(session_id)
    body = report_pdf(loaded, _size())
    return download(body, "application/pdf", export_filename(loaded, "pdf"))


@bp.get("/s/<id:session_id>/hands.csv")
def hands_csv(session_id: int):
    """The hand log as CSV."""
    loaded = load_or_404(session_id)
    body = csv_export.hands_csv(loaded)
    return download(body, "text/csv", export_filename(loaded, "csv"))


@bp.get("/s/<id:session_id>/session.json")
def session_json(session_id: int):
    """The whole session as JSON, to keep or to import elsewhere."""
    loaded = load_or_404(session_id)
    body = json_export.session_json(loaded)
    return download(body, "application/json", export_filename(loaded, "json"))


def _render_import(error: str | None, text: str, status: int = 200):
    return render_template(
        "reports/import.html", error=error, text=text if len(text) < 200_000 else ""
    ), status


def _reshow_import(message: str):
    """The import page with the pasted text kept, after an expired token (nothing imported)."""
    if request.files.get("file") is not None and request.files["file"].filename:
        message += " A file must be chosen again."
    return _render_import(message, request.form.get("text", ""), 422)


@bp.route("/sessions/import", methods=["GET", "POST"])
@writes_only
@reshown_when_stale(_reshow_import)
def import_session():
    """Recreate a session from its JSON export: a file, or its text pasted.

    A session file may be up to 5 MB: this page alone reads more than the app's 1 MB (set
    before the form is read, by ``factory._request_limits``).
    """
    table = current_table()
    error = None
    text = ""
    if request.method == "POST":
        upload = request.files.get("file")
        text = request.form.get("text", "")
        data: str | bytes = text
        if upload is not None and upload.filename:
            data = upload.read(imports.MAX_IMPORT_BYTES + 1)
        try:
            imported = imports.import_session(table, data)
        except imports.ImportRefused as refused:
            error = refused.rule
        else:
            hands = f"{imported.hands} hand{'s' if imported.hands != 1 else ''}"
            message = f"Session imported: {', '.join(map(str, imported.players))}; {hands}."
            if imported.added:
                message += f" Added to the roster: {', '.join(map(str, imported.added))}."
            flash(message, "ok")
            if imported.note:
                flash(f"Check the figures: {imported.note} (the rules may have changed).", "warn")
            return redirect(url_for("sessions.show", session_id=imported.session_id))
    return _render_import(error, text, 422 if error else 200)
