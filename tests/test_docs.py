"""The documentation (issue #27): the Sphinx site in docs/ builds with no warning, with the
settings table and the command line reference written from the code; the rules' pages are
../shared's files (in a clone without ../shared, the copies recorded in
docs/rules/shared.sha256); every link stays inside the repository (#38); and every example
of the README, and of the docs' command line and Python pages, does what it shows: its
Python as a doctest, its ``eights`` commands run and their output compared, its curl hint
asked of the service."""

from __future__ import annotations

import doctest
import hashlib
import json
import re
import shlex
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from eights.api import create_app
from eights.answers.settings import Settings, env_name
from eights.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"
README = ROOT / "README.md"
BUILD_SECONDS = 300
CLI_PAGES = (README, DOCS / "cli.md", DOCS / "game-and-series.md")  # pages whose ``$ eights`` examples are run
PYTHON_PAGES = (README, DOCS / "python.md")  # pages whose ``>>>`` examples are run
CURL_PAGES = (README, DOCS / "getting-started.md", DOCS / "service.md")
VARYING = ("time_ms",)  # a hint's fields that differ from run to run


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built as the docs say, every warning an error (``-W``); its folder."""
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(out / ".doctrees"), str(DOCS), str(out / "html")],
                          cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS)
    assert done.returncode == 0, f"the docs build failed or warned:\n{done.stderr[-5000:]}"
    return out / "html"


def test_the_docs_build_without_a_warning(site: Path) -> None:
    assert (site / "index.html").is_file() and (site / "reference" / "engine.html").is_file()


def test_the_settings_page_lists_every_setting_from_the_code(site: Path) -> None:
    page = (site / "settings.html").read_text(encoding="utf-8")
    missing = [env_name(setting.name) for setting in fields(Settings) if env_name(setting.name) not in page]
    assert not missing and "EIGHTS_READ_TIMEOUT_S" in page


def test_the_cli_reference_shows_every_command_and_option(site: Path) -> None:
    page = (site / "cli-reference.html").read_text(encoding="utf-8")
    commands = next(action for action in build_parser()._actions if action.choices and action.dest == "command")
    for name, parser in commands.choices.items():
        assert f"usage: eights {name}" in page, name
        for action in parser._actions:
            for option in action.option_strings:
                assert option in page, (name, option)


def test_the_python_api_comes_from_the_docstrings(site: Path) -> None:
    page = (site / "reference" / "solver.html").read_text(encoding="utf-8")
    assert 'id="eights.solver.Solver.solve"' in page


def test_the_service_page_links_the_openapi_document(site: Path) -> None:
    linked = list(site.glob("_downloads/*/openapi.json"))
    assert len(linked) == 1 and linked[0].read_bytes() == (ROOT / "openapi" / "openapi.json").read_bytes()


@pytest.mark.parametrize("name", ["RULES.md", "NOTATION.md", "RULES-FAMILY.md"])
def test_the_rules_pages_are_the_shared_files(name: str) -> None:
    """Each copy equals ../shared's file where the specification is beside the clone, and the
    digest recorded with the copies (docs/rules/shared.sha256) in a clone without it; with
    ../shared the digest is compared too, so that it is recorded again with each copy."""
    copy = (DOCS / "rules" / name).read_bytes()
    recorded = dict(reversed(line.split()) for line in (DOCS / "rules" / "shared.sha256").read_text().splitlines())
    if SHARED.is_dir():
        assert copy == (SHARED / name).read_bytes(), f"copy ../shared/{name} to docs/rules/{name}"
    assert hashlib.sha256(copy).hexdigest() == recorded[name], \
        f"docs/rules/{name} is not the copy recorded in docs/rules/shared.sha256 (see docs/about.md)"


def markdown_pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


LINK = re.compile(r"\]\(([^)\s]+)\)|<(https?://[^>]+)>")


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_no_link_leaves_the_repository(page: Path) -> None:
    """A page's links to files resolve inside the repository (a clone is complete), and no
    page names a file of ../shared, which a clone does not have, as the one to read."""
    text = page.read_text(encoding="utf-8")
    assert not re.findall(r"`\.\./shared/[^`\s]+`", text)
    targets = [match.group(1) for match in LINK.finditer(text) if match.group(1)]
    for target in targets:
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        resolved = (page.parent / target.split("#")[0]).resolve()
        assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{target} does not lead to a file of the repository"


def test_the_readme_keeps_no_copy_of_the_settings_table() -> None:
    assert "EIGHTS_READ_TIMEOUT_S" not in README.read_text(encoding="utf-8")


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150


def test_the_readmes_test_command_is_what_ci_runs() -> None:
    commands = code_lines(README)
    tests = next(line for line in commands if line.endswith("&& pytest"))
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_readmes_service_command_installs_and_serves() -> None:
    serve = next(line for line in code_lines(README) if "eights serve" in line)
    assert serve.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e . && eights serve")


def test_the_docs_set_up_as_the_readme_does() -> None:
    def set_up(page: Path) -> list[str]:
        return [line for line in code_lines(page) if line.startswith("python3 -m venv")]
    assert set_up(DOCS / "getting-started.md") == set_up(README) and len(set_up(README)) == 2


def test_the_readmes_docs_command_builds_as_the_tests_do() -> None:
    command = next(line for line in code_lines(README) if "sphinx" in line)
    assert "pip install -e '.[docs]' && python -m sphinx -W -b html docs docs/_build/html" in command


# The examples


def code_blocks(page: Path) -> list[list[str]]:
    """The page's indented code blocks (four spaces, after a blank line), each as its lines
    without the indent; a blank line inside a block is kept, those at its end are not."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    after_blank = True
    for line in page.read_text(encoding="utf-8").splitlines():
        if current is not None:
            if line.startswith("    ") or not line.strip():
                current.append(line[4:])
                continue
            blocks.append(current)
            current = None
        if line.startswith("    ") and after_blank:
            current = [line[4:]]
        after_blank = not line.strip()
    if current is not None:
        blocks.append(current)
    for block in blocks:
        while block and not block[-1].strip():
            block.pop()
    return blocks


def code_lines(page: Path) -> list[str]:
    return [line for block in code_blocks(page) for line in block]


def shell_examples(page: Path, program: str) -> list[tuple[str, str]]:
    """``(command, output)`` for each ``$ PROGRAM ...`` line of the page's code blocks, the
    output being the block's lines up to the next ``$``; a command continued with ``\\``
    is joined."""
    examples: list[tuple[str, str]] = []
    for block in code_blocks(page):
        command: str | None = None
        output: list[str] = []
        lines = iter(block)
        for line in lines:
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(output)))
                command, output = line[2:], []
                while command.endswith("\\"):
                    command = command[:-1] + next(lines).strip()
            elif command is not None:
                output.append(line)
        if command is not None:
            examples.append((command, "\n".join(output)))
    return [(command, output) for command, output in examples if command.startswith(program + " ")]


def test_every_page_with_examples_has_them() -> None:
    assert all(shell_examples(page, "eights") for page in CLI_PAGES)
    assert all(shell_examples(page, "curl") for page in CURL_PAGES)


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=lambda page: page.name)
def test_python_examples(page: Path) -> None:
    results = doctest.testfile(str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted and not results.failed


def examples(pages: tuple[Path, ...], program: str) -> list[object]:
    """Each page's examples of PROGRAM as parameters, named by page and number."""
    return [pytest.param(command, output, id=f"{page.name}-{number}")
            for page in pages for number, (command, output) in enumerate(shell_examples(page, program), 1)]


@pytest.mark.parametrize("command, output", examples(CLI_PAGES, "eights"))
def test_command_line_examples(capsys: pytest.CaptureFixture[str], command: str, output: str) -> None:
    status = main(shlex.split(command)[1:])
    printed, errors = capsys.readouterr()
    assert (status, errors) == (0, "")
    assert printed.rstrip("\n") == output


@pytest.mark.parametrize("command, output", examples(CURL_PAGES, "curl"))
def test_http_examples(command: str, output: str) -> None:
    words = shlex.split(command)
    url, body = next(word for word in words if word.startswith("http://")), words[words.index("-d") + 1]
    method = words[words.index("-X") + 1]
    path = "/" + url.split("/", 3)[3]
    client = create_app({"TESTING": True}).test_client()
    response = client.open(path, method=method, json=json.loads(body))
    answer, shown = response.get_json(), json.loads(output)
    varying = VARYING if "depth" in json.loads(body) else (*VARYING, "depth")  # a search by time reaches its own depth
    assert response.status_code == 200
    assert {**answer, **{key: None for key in varying}} == {**shown, **{key: None for key in varying}}
