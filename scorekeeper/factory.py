"""The application factory: configuration, extensions, blueprints and commands."""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import make_url
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import access, security
from scorekeeper.api import openapi_settings
from scorekeeper.api.protocol.document import DocumentedApp
from scorekeeper.extensions import (
    COMPRESSED_TYPES,
    begin_sqlite_transaction,
    compress,
    csrf,
    db,
    migrate,
    set_sqlite_pragmas,
)
from scorekeeper.limits import MAX_IMPORT_REQUEST_BYTES, MAX_REQUEST_BYTES
from scorekeeper.services import unit_of_work
from scorekeeper.services.livestream import hub as live
from scorekeeper.services.tables import NEW_TABLES_PER_HOUR
from scorekeeper.settings import new_tables_per_hour, proxy_counts, sqlite_synchronous

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: templates, migrations and the instance folder live beside the package."""

TEMPLATES_DIR = ROOT / "templates"
MIGRATIONS_DIR = ROOT / "migrations"
DEFAULT_INSTANCE_PATH = ROOT / "instance"


def create_app(
    test_config: Mapping[str, Any] | None = None,
    *,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Build the app; ``instance_path`` lets tests use a folder of their own.

    Configuration, each layer overriding the one before:
    1. defaults: SQLite in the instance folder, or ``DATABASE_URL`` if set;
    2. ``<instance>/config.py``, if it exists;
    3. environment variables ``SCOREKEEPER_<KEY>`` (values parsed as JSON when they can be);
    4. ``test_config``.
    If no layer sets ``SECRET_KEY``, one is generated once and kept in ``<instance>/secret_key``.
    """
    app = DocumentedApp(
        __name__,
        **openapi_settings(),
        instance_path=os.path.abspath(instance_path or DEFAULT_INSTANCE_PATH),
        instance_relative_config=True,
        template_folder=str(TEMPLATES_DIR),
    )
    os.makedirs(app.instance_path, exist_ok=True)

    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_default_database_uri(app.instance_path),
        # A body over 1 MB is a 413 (the import page allows more, see views/reports.py).
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_FORM_MEMORY_SIZE=MAX_REQUEST_BYTES,
        MAX_FORM_PARTS=500,
        # Every form's security token lasts the evening: a form left open for hours still
        # saves (an older one is re-shown with what was typed, see errorhandlers.py).
        WTF_CSRF_TIME_LIMIT=12 * 3600,
        COMPRESS_MIMETYPES=COMPRESSED_TYPES,
        COMPRESS_ALGORITHM=["br", "gzip"],
        # Table mode (one table, open to its network) unless HOSTED; see scorekeeper/access.py.
        HOSTED=False,
        TABLE_PIN=None,
        # A phone that entered a PIN or joined a table is remembered for a year of evenings.
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        # Behind a reverse proxy: how many proxies' X-Forwarded-For / -Proto / -Host to trust.
        # 0 (the default) trusts none, so a client cannot pose as another address or as HTTPS.
        PROXY_FIX_X_FOR=0,
        PROXY_FIX_X_PROTO=0,
        PROXY_FIX_X_HOST=0,
        # Hosted: the tables one client address may start in an hour (services/tables.py).
        NEW_TABLES_PER_HOUR=NEW_TABLES_PER_HOUR,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _load_or_create_secret_key(
            Path(app.instance_path) / "secret_key"
        )

    app.config["NEW_TABLES_PER_HOUR"] = new_tables_per_hour(app.config)
    _trust_proxy(app)
    _init_extensions(app)
    _register_blueprints(app)
    _register_commands(app)
    return app


def normalise_database_url(url: str) -> str:
    """Point ``postgres://`` and ``postgresql://`` URLs (as hosts hand them out) at psycopg 3."""
    for scheme in ("postgres://", "postgresql://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url


def _default_database_uri(instance_path: str) -> str:
    database_url = os.environ.get("DATABASE_URL")
    if database_url:
        return normalise_database_url(database_url)
    return "sqlite:///" + os.path.join(instance_path, "scorekeeper.sqlite3")


def _load_or_create_secret_key(path: Path) -> str:
    """Read the key kept in ``path``, creating it (readable by the owner only) the first time."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as file:
        file.write(key + "\n")
    return key


def _trust_proxy(app: Flask) -> None:
    """Read the client's address, scheme and host from a reverse proxy's X-Forwarded-* headers,
    only as far as ``PROXY_FIX_X_*`` says (werkzeug's ProxyFix); nothing when all are 0."""
    counts = proxy_counts(app.config)
    if any(counts.values()):
        app.wsgi_app = ProxyFix(app.wsgi_app, **counts)  # type: ignore[method-assign]


def _init_extensions(app: Flask) -> None:
    is_sqlite = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == "sqlite"
    db.init_app(app)
    # SQLite cannot ALTER most things in place; batch mode rebuilds the table instead.
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR), render_as_batch=is_sqlite)
    # Before CSRFProtect, which reads the form (and so its size limit) to find the token.
    app.before_request(_request_limits)
    security.init_app(app)  # headers on every response; the session cookie's flags
    access.init_app(app)  # the one gate: who may read or change what, pages and API alike
    csrf.init_app(app)
    unit_of_work.init_app(app)  # one commit per request that saves; a GET never writes
    live.init_app(app)  # each change reaches the phones listening to its session at once
    compress.init_app(app)
    pragmas = functools.partial(set_sqlite_pragmas, synchronous=sqlite_synchronous(app.config))
    with app.app_context():
        for engine in db.engines.values():
            if engine.dialect.name == "sqlite":
                event.listen(engine, "connect", pragmas)
                event.listen(engine, "begin", begin_sqlite_transaction)


def _request_limits() -> None:
    """The import page reads a session file of up to 5 MB; every other page 1 MB."""
    from flask import request

    if request.endpoint in ("reports.import_session", "api_exports.import_session"):
        request.max_content_length = MAX_IMPORT_REQUEST_BYTES
        request.max_form_memory_size = MAX_IMPORT_REQUEST_BYTES


def _register_blueprints(app: Flask) -> None:
    """Attach the app's pages (the blueprints of ``scorekeeper/views/``) and the filters, the
    JSON API, and the answers to errors (``errorhandlers``)."""
    from scorekeeper import api, errorhandlers
    from scorekeeper.api.protocol.problems import error_problem
    from scorekeeper.views import (
        app_shell,
        clubnights,
        hands,
        players,
        ratings,
        records,
        reports,
        saved_rules,
        sessions,
        settle,
        tables,
    )
    from scorekeeper.views.routing import IdConverter
    from scorekeeper.web.templating import init_templating

    app.url_map.converters["id"] = IdConverter  # before any rule uses <id:...>
    init_templating(app)
    modules = (sessions, saved_rules, hands, players, records, settle, reports, tables, clubnights)
    for module in (*modules, app_shell):
        app.register_blueprint(module.bp)
    app.register_blueprint(ratings.bp)
    app.add_url_rule("/healthz", "healthz", _healthz)
    api.init_app(app)
    errorhandlers.register(app, error_problem)  # pages, and the API's problems
    app.add_url_rule("/favicon.ico", "favicon", _favicon)


def _healthz() -> tuple[str, int, dict[str, str]]:
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}


def _favicon():
    """The app's icon where browsers look for it by default (pages also link to the SVG)."""
    from flask import abort, current_app, send_from_directory

    folder = current_app.static_folder
    if folder is None:  # an app made without static files has no icon either
        abort(404)
    return send_from_directory(folder, "favicon.ico", mimetype="image/x-icon", max_age=86400)


def _register_commands(app: Flask) -> None:
    from scorekeeper.cli import (
        backup_command,
        count_records_command,
        hosted_command,
        restore_command,
        serve_command,
    )

    commands = (serve_command, hosted_command, backup_command, restore_command)
    for command in (*commands, count_records_command):
        app.cli.add_command(command)
