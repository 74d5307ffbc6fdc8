"""The API's documentation page (/api/v1/docs): everything it loads comes from the app itself,
and it has no inline script or style, so a strict Content-Security-Policy
(``script-src 'self'; style-src 'self'``) can be put on it."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from webhelpers import parse

from scorekeeper.factory import TEMPLATES_DIR

DOCS = "/api/v1/docs"


def referenced(html: str) -> list[str]:
    """Every address the page makes the browser fetch: stylesheets, icons, scripts, images."""
    tree = parse(html)
    urls = [el.get("href") for el in tree.iter("link")]
    urls += [el.get("src") for el in tree.iter() if el.tag in ("script", "img")]
    return [url for url in urls if url]


def test_the_docs_page_is_html_from_the_app(client):
    response = client.get(DOCS)

    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert 'data-openapi="/api/v1/openapi.json"' in response.get_data(as_text=True)


def test_every_asset_of_the_docs_page_answers_200_from_the_app(client):
    urls = referenced(client.get(DOCS).get_data(as_text=True))
    expected_types = {
        "swagger-ui.css": "text/css",
        "swagger-ui-bundle.js": "text/javascript",
        "api-docs.css": "text/css",
        "api-docs.js": "text/javascript",
        "icon.svg": "image/svg+xml",
    }

    names = [urlsplit(url).path.rsplit("/", 1)[-1] for url in urls]
    assert sorted(names) == sorted(expected_types)
    for url, name in zip(urls, names, strict=True):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.mimetype == expected_types[name], url
        assert len(response.get_data()) > 0, url


def test_the_docs_page_asks_no_other_site_for_anything(client):
    html = client.get(DOCS).get_data(as_text=True)

    for url in referenced(html):
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc, f"{url} is not one of the app's own"
        assert url.startswith("/"), url
    assert "http://" not in html and "https://" not in html


def test_the_script_names_the_document_swagger_ui_reads(client):
    html = client.get(DOCS).get_data(as_text=True)
    tree = parse(html)
    root = next(el for el in tree.iter() if el.get("id") == "swagger-ui")
    document = client.get(root.get("data-openapi"))
    script = client.get("/static/api-docs.js").get_data(as_text=True)

    assert document.status_code == 200
    assert document.json["openapi"].startswith("3.1")
    assert 'getAttribute("data-openapi")' in script
    assert "SwaggerUIBundle(" in script
    assert "http://" not in script and "https://" not in script


@pytest.mark.parametrize(
    "source",
    ["rendered", "template"],
)
def test_the_docs_page_has_no_inline_script_or_style(client, source):
    if source == "rendered":
        html = client.get(DOCS).get_data(as_text=True)
    else:
        html = (TEMPLATES_DIR / "api" / "docs.html").read_text()
    tree = parse(html)

    scripts = list(tree.iter("script"))
    assert len(scripts) == 2
    for script in scripts:
        assert script.get("src"), "a <script> without src is inline"
        assert "".join(script.itertext()).strip() == "", "a <script src> with a body"
    assert list(tree.iter("style")) == []
    for element in tree.iter():
        assert element.get("style") is None, f"<{element.tag} style=...>"
        inline_handlers = [name for name in element.attrib if name.lower().startswith("on")]
        assert inline_handlers == [], f"<{element.tag} {inline_handlers[0]}=...>"
    assert "javascript:" not in html


@pytest.mark.parametrize(
    "name",
    [
        "plugins.py",
        "__init__.py",
        "swagger.svg",
        "swagger-ui-standalone-preset.js",
        "css/swagger-ui.css",
        "swagger-ui/swagger-ui.css",
        "..%2Fplugins.py",
        "..%2F..%2F__init__.py",
    ],
)
def test_only_the_two_swagger_ui_files_are_served_from_the_package(client, name):
    response = client.get(f"{DOCS}/{name}")

    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_the_docs_routes_take_only_get(app):
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("api_docs.")]

    assert {rule.rule for rule in rules} == {
        DOCS,
        f"{DOCS}/swagger-ui.css",
        f"{DOCS}/swagger-ui-bundle.js",
        "/api/v1/problems",
    }
    for rule in rules:
        assert rule.methods <= {"GET", "HEAD", "OPTIONS"}, rule


def test_a_post_to_the_docs_page_is_refused(client):
    response = client.post(DOCS, json={})

    assert response.status_code == 405


def test_the_docs_are_not_operations_of_the_document(client):
    paths = client.get("/api/v1/openapi.json").json["paths"]

    assert paths, "the document lists the API's operations"
    assert not [path for path in paths if "docs" in path]


def test_the_docs_page_is_open_to_read_when_the_table_has_an_api_token(app, client):
    app.config["API_TOKEN"] = "s3cret-table-token"

    assert client.get(DOCS).status_code == 200
    assert client.get(f"{DOCS}/swagger-ui.css").status_code == 200
