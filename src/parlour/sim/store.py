"""A simulation's units as Parquet, written chunk by chunk so that a killed run resumes.

While a simulation with an output directory ``DIR`` runs, every finished chunk of units
(a seeded range of unit numbers, whose results depend on the seed and the numbers alone,
not on who plays them) is written to ``DIR/parts/part-<first unit>.parquet`` (written
aside, then renamed: a part is whole or absent) and named in ``DIR/parts/manifest.json``
(the run's parameters and chunk size, and the chunks done). A run resumed in ``DIR``
plays only the chunks not done, with the manifest's chunk size, and reads the others
back; at the end the parts become one file, ``DIR/<units>.parquet`` (``hands.parquet``,
``games.parquet``), one row per unit: ``index``, ``seed`` (the simulation's),
``unit_seed``, ``rules``, ``options`` (JSON), ``seats``, ``bots``, ``winners``,
``payments`` (a card game's scores), ``patterns`` (their names), ``actions``, ``result``
(the unit's JSON line) and ``record`` (JSON, when kept).

pyarrow is imported only when a run writes Parquet.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.sim.intervals import seat_scores

PARTS = "parts"
MANIFEST = "manifest.json"


def _pyarrow() -> Any:
    try:
        import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as e:  # pragma: no cover - pyarrow is a dependency of parlour
        raise ValueError("writing Parquet needs pyarrow: pip install pyarrow") from e
    return pa, pq


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def rows(
    results: Sequence[Mapping[str, Any]],
    first: int,
    *,
    rules: str,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any],
) -> dict[str, list[Any]]:
    """The Parquet columns of ``results``, units ``first``, ``first + 1``, ...

    >>> cols = rows([{"seed": 7, "winners": [1], "payments": [-8, 24, -8, -8],
    ...     "patterns": [{"name": "Chicken Hand"}], "actions": 90}], 3,
    ...     rules="mcr", seed=1, bots=["random"] * 4, options={})
    >>> cols["index"], cols["patterns"], cols["payments"][0][1]
    ([3], [['Chicken Hand']], 24.0)
    """
    text = json.dumps(dict(options), sort_keys=True)
    cols: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for i, r in enumerate(results):
        cols["index"].append(first + i)
        cols["seed"].append(seed)
        cols["unit_seed"].append(r.get("seed"))
        cols["rules"].append(rules)
        cols["options"].append(text)
        cols["seats"].append(len(bots))
        cols["bots"].append(list(bots))
        cols["winners"].append(list(r.get("winners", [])))
        cols["payments"].append([float(x) for x in seat_scores(r)])
        cols["patterns"].append([p["name"] for p in r.get("patterns", [])])
        cols["actions"].append(r.get("actions"))
        brief = {k: v for k, v in r.items() if k != "record"}
        cols["result"].append(json.dumps(brief, separators=(",", ":")))
        record = r.get("record")
        cols["record"].append(None if record is None else json.dumps(record, ensure_ascii=False))
    return cols


COLUMNS = (
    "index",
    "seed",
    "unit_seed",
    "rules",
    "options",
    "seats",
    "bots",
    "winners",
    "payments",
    "patterns",
    "actions",
    "result",
    "record",
)


def _schema(pa: Any) -> Any:
    return pa.schema(
        [
            ("index", pa.int64()),
            ("seed", pa.int64()),
            ("unit_seed", pa.int64()),
            ("rules", pa.string()),
            ("options", pa.string()),
            ("seats", pa.int32()),
            ("bots", pa.list_(pa.string())),
            ("winners", pa.list_(pa.int32())),
            ("payments", pa.list_(pa.float64())),
            ("patterns", pa.list_(pa.string())),
            ("actions", pa.int64()),
            ("result", pa.string()),
            ("record", pa.string()),
        ]
    )


def unit_schema(pa: Any, extra: Sequence[tuple[str, Any]] = ()) -> Any:
    """The Parquet schema of a simulation's units (:data:`COLUMNS`), with the ``extra``
    (name, type) fields first (a tournament's deal and seating)."""
    return pa.schema([*extra, *_schema(pa)])


def results_of(table: Any) -> list[dict[str, Any]]:
    """The units' results (with their records, when kept) back from a Parquet table."""
    out: list[dict[str, Any]] = []
    for line, record in zip(
        table.column("result").to_pylist(), table.column("record").to_pylist(), strict=True
    ):
        r: dict[str, Any] = json.loads(line)
        if record is not None:
            r["record"] = json.loads(record)
        out.append(r)
    return out


def check_seed(seed: int) -> None:
    """ValueError unless ``seed`` fits the Parquet files' 64-bit seed column.

    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    ValueError: --out keeps the seed as a 64-bit integer: ... not 18446744073709551616
    """
    if not -(2**63) <= seed < 2**63:
        raise ValueError(
            f"--out keeps the seed as a 64-bit integer: give a seed from {-(2**63)} to "
            f"{2**63 - 1}, not {seed}"
        )


class Run:
    """The parts of a simulation written in ``out``: :meth:`open` it, :meth:`write`
    each finished chunk, :meth:`read` the chunks done, :meth:`finish` at the end."""

    def __init__(self, out: Path, params: Mapping[str, Any]) -> None:
        self.out = out
        self.parts = out / PARTS
        self.params = dict(params)
        self.size = 0
        self.done: set[int] = set()

    def open(self, size: int, resume: bool) -> None:
        """Start the run with chunks of ``size`` units, or (``resume``) continue the run
        found in the directory with its own chunk size; ValueError when that run is
        another (other rules, bots, seed...)."""
        check_seed(self.params["seed"])
        manifest = self.parts / MANIFEST
        if resume and manifest.exists():
            found = json.loads(manifest.read_text(encoding="utf-8"))
            if found["params"] != self.params:
                differ = sorted(
                    k
                    for k in self.params.keys() | found["params"].keys()
                    if self.params.get(k) != found["params"].get(k)
                )
                raise ValueError(
                    f"--resume: {self.out} holds another run (it differs in "
                    f"{', '.join(differ)}); give the same options as that run, or drop "
                    "--resume to start again"
                )
            self.size = int(found["size"])
            self.done = {s for s in found["done"] if self._part(s).exists()}
            return
        if self.parts.exists():
            shutil.rmtree(self.parts)
        self.parts.mkdir(parents=True)
        self.size = size
        self.done = set()
        self._save()

    def _part(self, start: int) -> Path:
        return self.parts / f"part-{start:012d}.parquet"

    def _save(self) -> None:
        manifest = {"params": self.params, "size": self.size, "done": sorted(self.done)}
        _atomic_write(self.parts / MANIFEST, (json.dumps(manifest) + "\n").encode())

    def count_done(self, total: int) -> int:
        """How many of the ``total`` units the chunks done hold."""
        return sum(min(total, s + self.size) - s for s in self.done)

    def write(self, start: int, results: Sequence[Mapping[str, Any]]) -> None:
        """Write the chunk of units ``start``, ... (whole, or not at all) and note it done."""
        pa, pq = _pyarrow()
        p = self.params
        cols = rows(
            results, start, rules=p["rules"], seed=p["seed"], bots=p["bots"], options=p["options"]
        )
        table = pa.table(cols, schema=_schema(pa))
        path = self._part(start)
        tmp = path.with_name(path.name + ".tmp")
        pq.write_table(table, tmp)
        os.replace(tmp, path)
        self.done.add(start)
        self._save()

    def read(self, start: int) -> list[dict[str, Any]]:
        """The results of the chunk done at ``start``."""
        _, pq = _pyarrow()
        return results_of(pq.read_table(self._part(start)))

    def finish(self, stem: str) -> Path:
        """Put the parts together in ``<stem>.parquet`` (by unit number) and remove them."""
        pa, pq = _pyarrow()
        tables = [pq.read_table(self._part(s)) for s in sorted(self.done)]
        table = pa.concat_tables(tables) if tables else _schema(pa).empty_table()
        path = self.out / f"{stem}.parquet"
        tmp = path.with_name(path.name + ".tmp")
        pq.write_table(table, tmp)
        os.replace(tmp, path)
        shutil.rmtree(self.parts)
        return path


def finish(out: Path, stem: str) -> Path | None:
    """Put together the parts of the finished run in ``out`` as ``<stem>.parquet``
    (None when there are none)."""
    manifest = out / PARTS / MANIFEST
    if not manifest.exists():
        return None
    found = json.loads(manifest.read_text(encoding="utf-8"))
    run = Run(out, found["params"])
    run.size = int(found["size"])
    run.done = set(found["done"])
    return run.finish(stem)


__all__ = ["COLUMNS", "Run", "check_seed", "finish", "results_of", "rows", "unit_schema"]
