"""The compiled kernel, built by setuptools with the rest of the package.

Everything else about the package is in pyproject.toml. Every ``_*.c`` file under
``src/parlour`` is one C extension module named by its path (``src/parlour/mahjong/_kernel.c``
is ``parlour.mahjong._kernel``). The extensions are optional: where no C compiler is found
the build goes on without them and parlour uses its pure-Python reference code (see
parlour.mahjong.kernel).
"""

import os
from pathlib import Path

from setuptools import Extension, setup


def extensions() -> list[Extension]:
    out = []
    for source in sorted(Path("src/parlour").rglob("_*.c")):
        name = ".".join(source.with_suffix("").parts[1:])
        out.append(
            Extension(
                name,
                sources=[source.as_posix()],
                optional=True,
                extra_compile_args=["-O2"] if os.name != "nt" else [],
            )
        )
    return out


setup(ext_modules=extensions())
