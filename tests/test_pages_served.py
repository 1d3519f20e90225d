"""The pages the service serves beside its API: the board (/board/) and the Swagger UI files of
/docs, from files shipped in the package, naming no other host. (In a browser:
tests/test_board_browser.py.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parent.parent
PAGE_FOLDERS = (ROOT / "api" / "board" / "static", ROOT / "api" / "docs_ui")
ADDRESS = re.compile(rb"""(?:src|href)=["']([^"']+)["']""")


def test_the_board_is_served(client: FlaskClient) -> None:
    response = client.get("/board/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert b'<script type="module" src="js/main.js">' in response.data


def test_board_without_its_slash_is_redirected(client: FlaskClient) -> None:
    response = client.get("/board")
    assert response.status_code == 308 and response.headers["Location"].endswith("/board/")


def test_the_board_may_load_only_from_the_service(client: FlaskClient) -> None:
    policy = client.get("/board/").headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy


def test_every_module_the_board_imports_is_served_as_javascript(client: FlaskClient) -> None:
    modules = sorted((ROOT / "api" / "board" / "static" / "js").glob("*.js"))
    assert modules
    for module in modules:
        response = client.get(f"/board/js/{module.name}")
        assert response.status_code == 200 and "javascript" in str(response.mimetype), module.name


def test_a_missing_board_file_is_a_problem(client: FlaskClient) -> None:
    response = client.get("/board/js/nothing.js")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_docs_load_their_files_from_the_service(client: FlaskClient) -> None:
    page = client.get("/docs").data
    addresses = ADDRESS.findall(page)
    assert addresses and all(address.startswith(b"/docs/swagger-ui/") for address in addresses)
    for address in addresses:
        assert client.get(address.decode()).status_code == 200, address


def test_docs_with_a_trailing_slash_reach_the_docs(client: FlaskClient) -> None:
    response = client.get("/docs/")
    assert response.status_code == 308 and response.headers["Location"] == "/docs"
    assert client.get("/docs/", follow_redirects=True).data == client.get("/docs").data


def test_the_docs_ask_no_online_validator(client: FlaskClient) -> None:
    assert b'"validatorUrl": null' in client.get("/docs").data


def test_every_page_file_is_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["eights.api"]
    shipped = {path for pattern in patterns for path in (ROOT / "api").glob(pattern)}
    files = {path for folder in PAGE_FOLDERS for path in folder.rglob("*")
             if path.is_file() and path.suffix not in {".py", ".pyc"}}
    assert files and files <= shipped
