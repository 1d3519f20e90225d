"""Issue #38, "Done when": no module outside the games' own code branches on which game it
holds. The test walks every module of ``eights``, its imports and its source: a module outside the
games' own code (``eights.games``, the engines ``eights.engine``, the solvers
``eights.solver``, and each game's bots and their play: sce2's ``eights.play.bots``, the
family's ``eights.play.family``) may not name a game's own position, view or solution type
(``FamilyPosition``, ``FamilyView``, ``FamilySolution``...), ask ``is_family``, read with the
per-game readers (``read_family_position``, ``read_any_position``, ``family_or_none``), test
``isinstance`` against a game's types, or compare a ruleset's preset with ``"sce2"``; nor
import the family's own stack (its engine, bots or solver modules) beyond the ruleset that
names a game. Every tool goes through ``eights.games`` instead.

The modules not yet migrated are listed in ALLOWED (and IMPORTS_ALLOWED). The lists must shrink to empty: each
migration removes its module from it, and the test fails when a listed module no longer
branches (so that the list cannot go stale) as it fails for a module not listed that does.
"""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
from pathlib import Path

import eights

GAMES_OWN_CODE = ("eights.games", "eights.engine", "eights.solver", "eights.play.bots", "eights.play.family")
PER_GAME_NAMES = {"FamilyPosition", "FamilyView", "FamilySolution", "is_family", "read_family_position",
                  "read_any_position", "family_or_none", "AnyPosition"}
GAME_TYPES = {"Position", "View", "Solution", "Move", "MoveValue"}  # sce2's; any Family* type too

# Not yet migrated to eights.games (#38). MUST SHRINK TO EMPTY: remove a module once it no longer branches.
ALLOWED: set[str] = set()


# Modules outside the games' own code that still import the family's own stack (its engine,
# bots or solver) beyond what names a game (``eights.engine.family.ruleset``: a game is found by
# its ruleset's name). MUST SHRINK TO EMPTY, as ALLOWED.
FAMILY_STACK = ("eights.engine.family", "eights.play.family", "eights.solver.family")
SHARED = ("eights.engine.family.ruleset",)
IMPORTS_ALLOWED: set[str] = set()


def _type_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def branches(source: str) -> list[str]:
    """What in ``source`` asks which game it holds (empty: nothing)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name | ast.Attribute) and _type_name(node) in PER_GAME_NAMES:
            found.append(str(_type_name(node)))
        elif isinstance(node, ast.alias) and (node.asname or node.name).rpartition(".")[2] in PER_GAME_NAMES:
            found.append(node.name)
        elif isinstance(node, ast.FunctionDef) and node.name in PER_GAME_NAMES:
            found.append(f"def {node.name}")
        elif isinstance(node, ast.Call) and _type_name(node.func) == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for kind in map(_type_name, kinds):
                if kind is not None and (kind in GAME_TYPES or kind.startswith("Family")):
                    found.append(f"isinstance(..., {kind})")
        elif (isinstance(node, ast.Compare) and _type_name(node.left) == "preset"
              and any(isinstance(side, ast.Constant) and side.value == "sce2" for side in node.comparators)):
            found.append('preset == "sce2"')
    return sorted(set(found))


def _branching_modules() -> dict[str, list[str]]:
    """Every module outside the games' own code that branches, and how."""
    found = {}
    for name, path in _outside_modules().items():
        how = branches(path.read_text(encoding="utf-8"))
        if how:
            found[name] = how
    return found


def _outside_modules() -> dict[str, Path]:
    """Every module of ``eights`` outside the games' own code, and its file."""
    found = {}
    for module in pkgutil.walk_packages(eights.__path__, "eights."):
        spec = importlib.util.find_spec(module.name)
        if not module.name.startswith(GAMES_OWN_CODE) and spec is not None and str(spec.origin).endswith(".py"):
            found[module.name] = Path(str(spec.origin))
    return found


def _family_importers() -> dict[str, list[str]]:
    """Each module outside the games' own code (and ALLOWED) that imports the family's own
    stack, and what of it (type-checking and function-level imports too)."""
    found = {}
    for name, path in _outside_modules().items():
        if name in ALLOWED:
            continue
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        stack = sorted(module for module in imported if module.startswith(FAMILY_STACK) and not module.startswith(SHARED))
        if stack:
            found[name] = stack
    return found


def test_no_module_outside_the_games_own_code_imports_the_family_s_stack_but_those_listed() -> None:
    importers = _family_importers()
    unlisted = {name: stack for name, stack in importers.items() if name not in IMPORTS_ALLOWED}
    assert not unlisted, f"modules that import a game's own stack (go through eights.games instead): {unlisted}"
    stale = IMPORTS_ALLOWED - set(importers)
    assert not stale, f"no longer importing the family's stack: remove from IMPORTS_ALLOWED {sorted(stale)}"


def test_no_module_outside_the_games_own_code_branches_on_the_game_but_those_listed() -> None:
    branching = _branching_modules()
    unlisted = {name: how for name, how in branching.items() if name not in ALLOWED}
    assert not unlisted, f"modules that ask which game they hold (go through eights.games instead): {unlisted}"


def test_every_listed_module_still_branches_so_the_list_only_shrinks() -> None:
    stale = ALLOWED - set(_branching_modules())
    assert not stale, f"no longer branching: remove from ALLOWED {sorted(stale)}"


def test_the_detector_finds_each_kind_of_branch() -> None:
    assert branches("from eights.api.common.games import is_family") == ["is_family"]
    assert branches("if isinstance(p, FamilyPosition): pass") == ["FamilyPosition", "isinstance(..., FamilyPosition)"]
    assert branches("game = find_game(name)\nmoves = game.legal_moves(position)") == []
    assert branches("x = isinstance(result, FamilyRolloutResult)") == ["isinstance(..., FamilyRolloutResult)"]
    assert branches('if rules.preset != "sce2": pass') == ['preset == "sce2"']
    assert branches("def family_or_none(args): pass") == ["def family_or_none"]
