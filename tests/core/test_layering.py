"""The layering the registry of rule systems stands for, checked on the source itself.

* No module outside a rule system's own package (and the registry) names a rule system
  in its code: a string that is a rule system's name or alias (docstrings and their
  examples aside), or a test of a family's name.
* No module of the mahjong engine outside ``mahjong/rules/`` imports a rule system.
* The records of the two families do not import each other, nor does the face that
  reads every record import either family's records.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import parlour
from parlour.registry import registry

SRC = Path(parlour.__file__).resolve().parent

RULE_PACKAGES = ("mahjong/rules/", "cards/piquet/", "cards/ninety_nine/")
"""Where the rule systems live (each may name itself)."""
ALLOWED = ("registry.py",)
"""The registry names the default rule system."""


def modules() -> Iterator[tuple[str, ast.Module]]:
    yield from _parsed()


@functools.cache
def _parsed() -> tuple[tuple[str, ast.Module], ...]:
    """Every module of the package, parsed once for all these tests."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if "/migrations/" not in rel:
            out.append((rel, ast.parse(path.read_text(encoding="utf-8"), filename=rel)))
    return tuple(out)


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (of modules, classes,
    functions) or a lone string statement (an attribute's docstring)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if (
                isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            ):
                out.add(id(stmt.value))
    return out


def rule_names() -> set[str]:
    return {n for s in registry.systems() for n in s.names}


def family_names() -> set[str]:
    return {s.family for s in registry.systems()} | {s.record_game for s in registry.playable()}


def outside_the_rules(rel: str) -> bool:
    return not rel.startswith(RULE_PACKAGES) and rel not in ALLOWED


def test_no_module_outside_the_rule_systems_names_one() -> None:
    names = rule_names()
    assert {"mcr", "classical", "xiamen", "piquet", "ninety-nine"} <= names
    found = []
    checked = 0
    for rel, tree in modules():
        if not outside_the_rules(rel):
            continue
        checked += 1
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and node.value in names
            ):
                found.append(f"{rel}:{node.lineno}: {node.value!r}")
    assert checked > 50
    assert found == []


def test_no_module_branches_on_a_family() -> None:
    families = family_names()
    assert {"mahjong", "cards"} <= families
    found = []
    for rel, tree in modules():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Constant) and s.value in families for s in sides):
                found.append(f"{rel}:{node.lineno}")
    assert found == []


def imports(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            for alias in node.names:
                yield f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_the_mahjong_engine_imports_no_rule_system() -> None:
    found = []
    checked = 0
    for rel, tree in modules():
        if not rel.startswith("mahjong/") or rel.startswith("mahjong/rules/"):
            continue
        checked += 1
        found += [
            f"{rel}: {m}"
            for m in imports(tree)
            if m == "parlour.mahjong.rules" or m.startswith("parlour.mahjong.rules.")
        ]
    assert checked > 10
    assert found == []


def test_the_records_of_the_families_do_not_import_each_other() -> None:
    trees = dict(modules())
    card = set(imports(trees["cards/records.py"]))
    mahjong = set(imports(trees["mahjong/records.py"]))
    face = set(imports(trees["records.py"]))
    assert not any(m.startswith("parlour.mahjong") or m == "parlour.records" for m in card)
    assert not any(m.startswith("parlour.cards") or m == "parlour.records" for m in mahjong)
    assert not any(m.startswith("parlour.cards") for m in face)
