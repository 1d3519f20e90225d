"""Issue #27: the modules of ``eights`` import one another without a circle (type-checking
imports included), so that each layer can be read, tested and changed on its own, and the
command line does not stand on the benchmarks."""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import eights

ROOT = Path(__file__).resolve().parent.parent


def _modules() -> dict[str, Path]:
    """Every module of ``eights`` and its file (the C core's too, which imports nothing of ours)."""
    found = {"eights": Path(eights.__file__)}
    for module in pkgutil.walk_packages(eights.__path__, "eights."):
        spec = importlib.util.find_spec(module.name)
        if spec is not None and spec.origin is not None:
            found[module.name] = Path(spec.origin)
    return found


def _imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``eights`` that ``name`` imports, anywhere in its source (type-checking
    and function-level imports too): each import's longest known module."""
    targets: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
        elif isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
    imported = set()
    for target in targets:
        parts = target.split(".")
        prefixes = (".".join(parts[:length]) for length in range(len(parts), 0, -1))
        module = next((prefix for prefix in prefixes if prefix in known), None)
        if module is not None and module != name:
            imported.add(module)
    return imported


def test_no_module_of_eights_imports_itself_round_a_circle() -> None:
    known = _modules()
    graph = {name: _imported(name, path, known) for name, path in known.items() if path.suffix == ".py"}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        raise AssertionError(f"an import circle: {' -> '.join(error.args[1])}") from None


def test_the_command_line_does_not_import_the_benchmarks() -> None:
    known = _modules()
    for name in (module for module, path in known.items() if module.startswith("eights.cli") and path.suffix == ".py"):
        assert not {m for m in _imported(name, known[name], known) if m.startswith("eights.bench")}, name


def test_no_module_of_eights_imports_the_openspiel_module() -> None:
    """``eights.openspiel`` needs pyspiel, an optional package: it stays at the top, imported by
    no module of eights (issue #38)."""
    known = _modules()
    importers = [name for name, path in known.items() if path.suffix == ".py" and "eights.openspiel" in _imported(name, path, known)]
    assert not importers


def _closure(start: str, known: dict[str, Path]) -> set[str]:
    """``start`` and every module of eights it imports, directly or through others (each
    package's ``__init__`` with its modules)."""
    reached, todo = {start}, [start]
    while todo:
        name = todo.pop()
        path = known[name]
        if path.suffix != ".py":
            continue
        parents = {".".join(name.split(".")[:length]) for length in range(1, len(name.split(".")))}
        for module in _imported(name, path, known) | (parents & known.keys()):
            if module not in reached:
                reached.add(module)
                todo.append(module)
    return reached


def test_the_commands_on_positions_and_records_do_not_import_the_service() -> None:
    """Issue #38: the modules of ``eights show/moves/apply/deal/perft/replay`` (and the command
    line's entry, which imports a command's module only when it runs, and the service only for
    ``eights serve``) do not stand on ``eights.api``, nor on play/; ``eights rollout``'s not on
    ``eights.api``."""
    known = _modules()
    for start in ("eights.cli.positions", "eights.cli.records", "eights.cli.common"):
        reached = _closure(start, known)
        assert not {module for module in reached if module.startswith(("eights.api", "eights.play"))}, start
    assert not {module for module in _closure("eights.cli.rollout", known) if module.startswith("eights.api")}
    main = _imported("eights.cli.main", known["eights.cli.main"], known)
    assert {module for module in main if module.startswith("eights.api")} == {"eights.api.server"}  # in cmd_serve


def test_the_command_line_imports_nothing_of_the_service_but_to_serve() -> None:
    """Issue #38: ``eights.cli`` runs the answering layer (``eights.answers``) in its process and
    imports nothing of the HTTP service (``eights.api``) but ``eights serve``'s server, which the
    entry imports in ``cmd_serve`` alone (the test above)."""
    known = _modules()
    commands = [name for name, path in known.items() if name.startswith("eights.cli.") and path.suffix == ".py"]
    for name in (command for command in commands if command != "eights.cli.main"):
        assert not {module for module in _closure(name, known) if module.startswith("eights.api")}, name


def test_the_answering_layer_stands_without_the_service_and_flask() -> None:
    """Issue #38: ``eights.answers`` (what the service and the command line answer alike) imports
    nothing of ``eights.api``, nor Flask: a door gives it what it needs of a request."""
    known = _modules()
    answers = [name for name, path in known.items() if name.startswith("eights.answers") and path.suffix == ".py"]
    assert "eights.answers.service" in answers
    for name in answers:
        assert not {module for module in _closure(name, known) if module.startswith("eights.api")}, name
        tree = ast.parse(known[name].read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {module for module in imported if module.split(".")[0].startswith("flask")}, name


EXAMPLE = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"  # the README's
SEARCHING = {"hint": ["hint", EXAMPLE, "--depth", "1"],
             "fair-hint": ["hint", EXAMPLE.replace("S:J92.9.54.A2", "S:?8") + " view:W", "--depth", "1", "--samples", "2"],
             "batch": ["batch", "-", "--depth", "1"]}


@pytest.mark.parametrize("argv", SEARCHING.values(), ids=SEARCHING.keys())
def test_a_command_that_searches_as_the_service_loads_neither_the_service_nor_flask(argv: list[str]) -> None:
    """Issue #38: ``eights hint`` and ``eights batch`` run the service's searches (``eights.answers``)
    without loading ``eights.api`` or Flask (``eights moves``: tests/test_cli.py)."""
    script = ("import sys; from eights.cli.main import main; status = main(sys.argv[1:]); "
              "print(status, sorted(m for m in sys.modules if m.startswith(('eights.api', 'flask'))))")
    done = subprocess.run([sys.executable, "-c", script, *argv], cwd=ROOT, capture_output=True, text=True,
                          input=EXAMPLE + "\n", timeout=120)
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr
