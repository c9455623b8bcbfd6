"""The compiled shape kernel, built by setuptools with the rest of the package.

Everything else about the package is in pyproject.toml. The extension is optional: where
no C compiler is found the build goes on without it and parlour uses its pure-Python
shape code (see parlour.mahjong.kernel).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "parlour.mahjong._kernel",
            sources=["src/parlour/mahjong/_kernel.c"],
            optional=True,
            extra_compile_args=["-O2"] if __import__("os").name != "nt" else [],
        )
    ]
)
