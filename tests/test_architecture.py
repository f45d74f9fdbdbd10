"""The shape of the code: shared layers never name a game, and no module imports one that imports it
back (not even inside a function).

A sixth game must touch only its own folders (engine/<id>/, data/<id>/, images/<id>.py), so a game
id in the shared layers is knowledge in the wrong place. Import circles hide which module owns what
and break as soon as the import order changes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from engine.core.registry import game_ids

ROOT = Path(__file__).resolve().parents[1]
SHARED = ["cogs", "table", "store", "lookup", "bot.py", "settings.py", "images/__init__.py"]  # docs (*.md) may name games
LAYERS = ["engine", "table", "cogs", "lookup", "images", "store"]


# --- no game id in the shared layers -------------------------------------------------------

def _files(paths: list[str], suffix: str | None = None) -> Iterator[Path]:
    for name in paths:
        path = ROOT / name
        found = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        yield from (p for p in found if "__pycache__" not in p.parts and not p.name.endswith(".md")
                    and (suffix is None or p.suffix == suffix))


def game_words(text: str) -> list[str]:
    """The game ids named in `text` as whole words, whatever their case."""
    ids = "|".join(map(re.escape, game_ids()))
    return re.findall(rf"(?<![A-Za-z0-9_])(?:{ids})(?![A-Za-z0-9_])", text, flags=re.I)


def test_the_word_check_sees_a_game_id():
    game = game_ids()[0]
    assert game_words(f"engine = get_game('{game}')") == [game]
    assert game_words(f"{game.title()} rules") and not game_words(f"{game}x and x{game} and {game}_id")


def test_no_shared_layer_names_a_game():
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
            for p in _files(SHARED) for n, line in enumerate(p.read_text(errors="ignore").splitlines(), 1)
            if game_words(line)]
    assert hits == [], "move this knowledge into the game or the registry:\n" + "\n".join(hits)


# --- no import circles -----------------------------------------------------------------------

def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of imports under `if TYPE_CHECKING:`: they never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for child in node.body for n in ast.walk(child)}
    return skipped


def imports(source: str, name: str, modules: set[str], *, package: bool = False) -> set[str]:
    """The modules of the tree that module `name` imports anywhere in `source` (functions included)."""
    home = name if package else name.rpartition(".")[0]
    tree = ast.parse(source)
    skipped = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = home.rsplit(".", node.level - 1)[0] if node.level > 1 else home
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:  # `from pkg import module` imports the module itself
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = list(_files(LAYERS, ".py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports(p.read_text(), module_name(p), modules, package=p.name == "__init__.py")
            for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_cycle_finder_sees_imports_inside_functions_and_circles():
    modules = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"
              "def f():\n    from . import b\n    from pkg import a\n")
    assert imports(source, "pkg.a", modules) == {"pkg.b"}  # itself and type-only imports do not count
    assert imports("from .b import x\nimport pkg.c\n", "pkg", modules, package=True) == {"pkg.b", "pkg.c"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_one_that_imports_it_back():
    found = cycles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
