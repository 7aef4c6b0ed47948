"""The layers (DESIGN, Boundaries): engine → nothing of ours; a module → engine only; client →
engine and modules; tools → anything. A module's ``authoring/`` folder holds the build-time
scripts that generate its source files (run as ``python -m modules.<id>.authoring...``, never
imported by the game): they are tools and may use the shared authoring toolkit ``tools.authoring``.
Every import of every file is read (the ``ast``, imports
inside functions included) and a lower layer importing a higher one fails here. Rules packages
also keep every import at the top of the file (an import inside a function hides a knot)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "modules", "client", "tools")
#: What each layer may import of ours.
ALLOWED = {"engine": {"engine"}, "modules": {"engine", "modules"},
           "client": {"engine", "modules", "client"}, "tools": set(LAYERS)}
#: Third-party packages the engine and the modules must never import (the table's own).
TABLE_ONLY = {"pygame", "pymunk"}


def python_files(layer: str) -> list[Path]:
    """The layer's files; a module's ``authoring/`` scripts count as tools."""
    found = {p for p in (ROOT / layer).rglob("*.py") if "build" not in p.parts}
    authoring = {p for p in (ROOT / "modules").rglob("*.py")
                 if "authoring" in p.relative_to(ROOT).parts[:3] and "build" not in p.parts}
    if layer == "modules":
        found -= authoring
    elif layer == "tools":
        found |= authoring
    return sorted(found)


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(top-level package, line, inside a function?) of every import in ``path``, with
    relative imports resolved against the file's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append((alias.name.split(".")[0], child.lineno, in_function))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[:len(package) - child.level + 1]
                    top = base[0] if base else (child.module or "").split(".")[0]
                else:
                    top = (child.module or "").split(".")[0]
                found.append((top, child.lineno, in_function))
            visit(child, nested)
    visit(tree, False)
    return found


@pytest.mark.parametrize("layer", LAYERS)
def test_no_layer_imports_a_higher_one(layer):
    wrong = []
    for path in python_files(layer):
        for top, line, _ in imports(path):
            if top in LAYERS and top not in ALLOWED[layer]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {top}")
            if layer in ("engine", "modules") and top in TABLE_ONLY:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {top}")
    assert wrong == []


def test_module_rules_import_only_engine_and_never_inside_a_function():
    wrong = []
    for rules in sorted((ROOT / "modules").glob("*/rules")):
        for path in sorted(rules.rglob("*.py")):
            own = path.relative_to(ROOT).parts[1]
            for top, line, inside in imports(path):
                where = f"{path.relative_to(ROOT)}:{line}"
                if inside:
                    wrong.append(f"{where} imports inside a function ({own})")
                if top in LAYERS and top not in ("engine", "modules"):
                    wrong.append(f"{where} imports {top}")
    assert wrong == []


def test_the_checker_sees_what_it_must(tmp_path):
    """The reader resolves relative imports and finds imports inside functions."""
    pkg = ROOT / "engine" / "actions.py"
    tops = {t for t, _, _ in imports(pkg)}
    assert "engine" in tops            # `from .errors import ...` resolves to engine
    probe = ROOT / "tools" / "cmd_play.py"
    assert any(top == "client" and inside for top, _, inside in imports(probe))
