"""Which shape kernel answers: the compiled one or the pure-Python reference.

The hot fast paths of :mod:`parlour.mahjong.shapes` (:func:`~parlour.mahjong.shapes.shanten_of`,
:func:`~parlour.mahjong.shapes.is_complete_of`, :func:`~parlour.mahjong.shapes.could_be_ready`,
:func:`~parlour.mahjong.shapes.is_complete_counts`, and the plain-list fast paths of
:func:`~parlour.mahjong.shapes.shanten` and :func:`~parlour.mahjong.shapes.is_complete`)
have a twin in C, the extension module ``parlour.mahjong._kernel``, built by setuptools
when the package is installed (``setup.py``); the search of the regular shape with wild
tiles (:func:`parlour.mahjong.shapes.regular._regular`, behind every decomposition,
completeness test and constrained shanten with wilds) has one in ``parlour.mahjong._wilds``
(:data:`wild_search`). The Python code stays the reference and the fallback: where an
extension was not built (no compiler) or ``PARLOUR_PURE=1`` is set in the environment
before parlour is imported, the pure path answers.

>>> active() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sysconfig
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

PURE_ENV = "PARLOUR_PURE"
"""The environment variable that forces the pure-Python path (any value but "" or "0")."""


class Kernel(Protocol):
    """The functions of the compiled kernel (``parlour/mahjong/_kernel.c``)."""

    def shanten_of(self, tiles: Sequence[int], /) -> int: ...
    def improving_of(self, tiles: Sequence[int], shanten: int, /) -> tuple[int, ...]: ...
    def need_of(self, tiles: Sequence[int], /) -> int: ...
    def is_complete_counts(self, counts: Sequence[int], /) -> bool: ...
    def is_complete_of(self, tiles: Sequence[int], /, melds: int = 0) -> bool: ...
    def could_be_ready(self, tiles: Sequence[int], /, melds: int = 0) -> bool: ...
    def regular_need(self, tiles: Sequence[int], sets: int, /) -> int: ...
    def waits_of(self, tiles: Sequence[int], /) -> list[int]: ...
    def general_need(
        self, counts: Sequence[int], sets: int, melds: int, size: int, loose: bool, /
    ) -> int: ...
    def suit_need(self, key: int, loose: bool = False, /) -> tuple[int, ...]: ...
    def discard_needs(
        self, counts: Sequence[int], sets: int, melds: int, size: int, loose: bool, /
    ) -> dict[int, int]: ...
    def draw_needs(
        self, counts: Sequence[int], sets: int, melds: int, size: int, loose: bool, /
    ) -> dict[int, int]: ...


class WildKernel(Protocol):
    """The functions of the compiled wild-tile search (``parlour/mahjong/_wilds.c``), the
    twin of :func:`parlour.mahjong.shapes.regular._regular` with wilds."""

    MAX_WILDS: int
    MAX_SETS: int

    def regular_search(
        self,
        counts: Sequence[int],
        sets: int,
        want_pair: bool,
        wild_pool: Sequence[int],
        pre_stands: Sequence[int],
        limit: Sequence[int],
        rules: Sequence[int],
        free: int,
        drops: int,
        first_only: bool,
        cache: dict[int, Any] | None = None,
        make_meld: Callable[[int], Any] | None = None,
        fixed: tuple[Any, ...] | None = None,
        /,
    ) -> list[Any]: ...
    def set_reading_type(self, cls: type, /) -> None: ...


def pure_forced() -> bool:
    """True when the environment asks for the pure-Python path."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def stale_build(directory: Path | None = None, name: str = "_kernel") -> str | None:
    """Why the built extension ``name`` beside its C source is out of date, or None.

    In a source checkout (an editable install) an extension is built in place next to its
    ``.c`` source; one older than its source was built before the source changed, and is
    not loaded. An installed wheel ships no source, so nothing is stale there.
    """
    here = Path(__file__).parent if directory is None else directory
    source = here / f"{name}.c"
    if not source.exists():
        return None
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = here / f"{name}{suffix}"
    if built.exists() and built.stat().st_mtime < source.stat().st_mtime:
        return (
            f"{built.name} is older than {source.name}: rebuild it (make test, or pip install -e .)"
        )
    return None


def load_extension(module: str) -> ModuleType | None:
    """The compiled extension ``module`` (a dotted name such as ``parlour.mahjong._kernel``),
    or None when ``PARLOUR_PURE`` is set, when it is not built, or when it is older than its
    source (named in a warning). Every C extension of parlour is loaded through here, so
    that one switch and one staleness rule hold for all of them.

    >>> load_extension("parlour.mahjong._no_such_extension") is None
    True
    """
    if pure_forced():
        return None
    package, _, name = module.rpartition(".")
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    stale = stale_build(Path(spec.origin).parent, name)
    if stale is not None:
        warnings.warn(f"parlour's compiled {module} is not used: {stale}", stacklevel=2)
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def load() -> Kernel | None:
    """The compiled shape kernel, or None when it is not built or is older than its source
    (whatever the environment says); a stale build is named in a warning."""
    stale = stale_build()
    if stale is not None:
        warnings.warn(f"parlour's shape kernel is not used: {stale}", stacklevel=2)
        return None
    try:
        from parlour.mahjong import _kernel
    except ImportError:
        return None
    return _kernel


def extensions() -> dict[str, str]:
    """Every C extension of the package (found by its ``.c`` source beside the Python code,
    or by its built file in a wheel) and whether it is ``compiled``, ``pure`` or ``stale``.

    >>> extensions()["parlour.mahjong._kernel"] in ("compiled", "pure", "stale")
    True
    """
    root = Path(__file__).resolve().parent.parent
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found: dict[str, Path] = {}
    for path in [*root.rglob("_*.c"), *root.rglob(f"_*{suffix}")]:
        stem = path.name[: -len(suffix)] if path.name.endswith(suffix) else path.stem
        rel = path.parent.relative_to(root.parent).parts
        found[".".join((*rel, stem))] = path.parent
    out: dict[str, str] = {}
    for module, directory in sorted(found.items()):
        if stale_build(directory, module.rpartition(".")[2]) is not None:
            out[module] = "stale"
        elif pure_forced() or importlib.util.find_spec(module) is None:
            out[module] = "pure"
        else:
            out[module] = "compiled"
    return out


native: Kernel | None = None if pure_forced() else load()
"""The kernel the shape functions were bound to when :mod:`parlour.mahjong.shapes` was
imported; None on the pure path."""


wild_search: WildKernel | None = cast("WildKernel | None", load_extension("parlour.mahjong._wilds"))
"""The compiled wild-tile search the regular shape's search was bound to at import; None
on the pure path (``PARLOUR_PURE``, not built, or stale)."""


def active() -> str:
    """``"compiled"`` when the shape fast paths run in C, ``"pure"`` otherwise."""
    return "pure" if native is None else "compiled"


def main() -> int:
    """``python -m parlour.mahjong.kernel``: print the shape kernel in use, and each other
    compiled extension's state; exit 1 when a built extension is stale, or when
    ``--require`` is given and an extension is not compiled."""
    import sys

    stale = stale_build()
    print(f"shape kernel: {active()}" + (f" ({stale})" if stale else ""))
    states = extensions()
    for module, state in states.items():
        if module != "parlour.mahjong._kernel":
            print(f"{module}: {state}")
    bad = stale is not None or "stale" in states.values()
    required = "--require" in sys.argv[1:] and not pure_forced()
    if required and (native is None or "pure" in states.values()):
        bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
