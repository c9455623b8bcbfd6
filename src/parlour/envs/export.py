"""Imitation data: game records as arrays (``parlour export``).

:func:`record_arrays` replays records (the simulator's ``--records`` lines, the
server's, ``parlour play --record`` files) and turns every recorded action into one
row, encoded by the same encoders as the environments (:mod:`parlour.envs`):

============== ================== ===================================================
array          shape, dtype       what it holds
============== ================== ===================================================
``observation`` (N, rows, width)  the acting seat's observation before the action,
               float32            encoded
``mask``       (N, actions) int8  the seat's legal actions then
``action``     (N,) int64         the action taken (an index of the action encoding)
``reward``     (N,) float32       what the rulebook paid the acting seat from this
                                  action to its next one (a hand's payments land on
                                  every seat's last action of the hand, whoever's
                                  action finished it; 0 for most actions)
``seat``       (N,) int64         the acting seat
``hand``       (N,) int64         the hand (deal) of the record the action is in,
                                  from 1
``record``     (N,) int64         the record the row comes from, from 0
============== ================== ===================================================

The records of one export are of one rule system with the same options (the arrays
share one layout). :func:`decode_actions` turns the ``action`` array back into actions.

>>> from parlour.registry import find_system
>>> from parlour.records import record_of
>>> import random
>>> game = find_system("mcr").new_hand({}, seed=3)
>>> rng = random.Random(3)
>>> while not game.is_over():
...     seat = game.to_act()[0]
...     _ = game.apply(seat, rng.choice(game.legal_actions(seat)))
>>> rec = record_of(game)
>>> arrays = record_arrays([rec])
>>> arrays["observation"].shape[0] == len(rec["hands"][0]["actions"])
True
>>> [str(a) for a in decode_actions([rec], arrays["action"])][:2]
['discard 1p', 'pass']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.core.actions import Action
from parlour.core.errors import ParlourError
from parlour.core.records import RecordError
from parlour.envs.games import Episodes, payments_since

FORMATS = ("npz", "parquet")
"""The files :func:`write_arrays` writes."""

ARRAYS = ("observation", "mask", "action", "reward", "seat", "hand", "record")
"""The arrays of an export, in order."""


def _system_name(record: Mapping[str, Any]) -> str:
    name = record.get("ruleset", record.get("rules"))
    if not isinstance(name, str):
        raise RecordError("the record names no rule system")
    return name


def episodes_of(record: Mapping[str, Any], **encoding: Any) -> Episodes:
    """The episodes (and so the encoder and action encoding) a record's rows are made
    with: its rule system and options, a whole match for a match's record."""
    return Episodes(
        _system_name(record),
        match=record.get("kind") == "session",
        encoding=encoding or None,
        **dict(record.get("options") or {}),
    )


def record_arrays(
    records: Iterable[Mapping[str, Any]], **encoding: Any
) -> dict[str, npt.NDArray[Any]]:
    """The arrays of ``records`` (see the module docstring); ``encoding`` passes options
    to the family's encoder (``discards``). Raises
    :class:`~parlour.records.RecordError` for a record that does not replay, or of
    another rule system or options than the first."""
    from parlour.records import check_record, family_of

    episodes: Episodes | None = None
    key: tuple[str, str, bool] | None = None
    rows: dict[str, list[Any]] = {name: [] for name in ARRAYS}
    for r, record in enumerate(records):
        check_record(record)
        this = (_system_name(record), repr(record.get("options")), record.get("kind") == "session")
        if episodes is None:
            episodes, key = episodes_of(record, **encoding), this
        elif this != key:
            raise RecordError(
                f"record {r}: every record of an export is of one rule system with the same "
                f"options (the first: {key[0] if key else ''})"
            )
        _rows(episodes, family_of(record).replay_games(record), r, rows)
    if episodes is None:
        raise RecordError("there are no records to export")
    enc = episodes.encoder
    n = len(rows["action"])
    out: dict[str, npt.NDArray[Any]] = {
        "observation": (
            np.stack(rows["observation"]) if n else np.zeros((0, *enc.shape), np.float32)
        ),
        "mask": np.stack(rows["mask"]) if n else np.zeros((0, episodes.action_size), np.int8),
        "action": np.asarray(rows["action"], np.int64),
        "reward": np.asarray(rows["reward"], np.float32),
        "seat": np.asarray(rows["seat"], np.int64),
        "hand": np.asarray(rows["hand"], np.int64),
        "record": np.asarray(rows["record"], np.int64),
    }
    return out


def _rows(
    episodes: Episodes, steps: Iterable[tuple[Any, int, Action]], r: int, rows: dict[str, list[Any]]
) -> None:
    """Append the rows of one record's replay ``steps`` to ``rows``."""
    game: Any = None
    seen = 0
    hand = 0
    last: dict[int, int] = {}  # each seat's last row: paid what it is paid until its next

    def pay() -> None:
        nonlocal seen, hand
        payments, done = payments_since(game, seen)
        if payments is not None:
            for s, amount in enumerate(payments):
                if amount and s in last:
                    rows["reward"][last[s]] += amount
        hand += done - seen
        seen = done

    for now, seat, action in steps:
        if game is not None:
            pay()
        if now is not game:
            if game is not None and seen == 0:
                hand += 1  # a hand that ended unfinished
            game, seen = now, 0
        last[seat] = len(rows["action"])
        rows["observation"].append(episodes.encode_game(game, seat))
        rows["mask"].append(episodes.mask(game, seat))
        rows["action"].append(game.encode(action))
        rows["reward"].append(0.0)
        rows["seat"].append(seat)
        rows["hand"].append(hand + 1)
        rows["record"].append(r)
    if game is not None:
        pay()


def decode_actions(records: Sequence[Mapping[str, Any]], actions: npt.NDArray[Any]) -> list[Action]:
    """The actions of an export's ``action`` array (an index of the action encoding of
    the records' rule system each) as actions."""
    if not records:
        return []
    game = episodes_of(records[0]).new_game(seed=0)
    return [game.decode(int(a)) for a in actions]


def write_arrays(
    arrays: Mapping[str, npt.NDArray[Any]], path: str | os.PathLike[str], fmt: str = "npz"
) -> Path:
    """Write ``arrays`` to ``path`` as ``fmt``: ``npz`` (numpy, compressed) or
    ``parquet`` (one row per action; the observation and mask flattened into lists;
    needs pyarrow). Answers the path written.

    >>> import tempfile
    >>> arrays = {"action": np.arange(3), "observation": np.zeros((3, 2, 2), np.float32)}
    >>> with tempfile.TemporaryDirectory() as d:
    ...     path = write_arrays(arrays, Path(d) / "x.npz")
    ...     sorted(np.load(path))
    ['action', 'observation']
    """
    target = Path(path)
    if fmt == "npz":
        np.savez_compressed(target, **dict(arrays))  # type: ignore[arg-type]
        return target
    if fmt == "parquet":
        try:
            import pyarrow as pa  # type: ignore[import-not-found,import-untyped,unused-ignore]
            import pyarrow.parquet as pq  # type: ignore[import-not-found,import-untyped,unused-ignore]
        except ImportError:
            raise ParlourError(
                "writing parquet needs pyarrow: pip install pyarrow (or use --format npz)"
            ) from None
        columns = {}
        for name, array in arrays.items():
            flat = array.reshape(len(array), -1) if array.ndim > 1 else array
            columns[name] = list(flat) if array.ndim > 1 else flat
        table = pa.table(columns)
        table = table.replace_schema_metadata(
            {f"shape:{k}": repr(tuple(v.shape[1:])) for k, v in arrays.items()}
        )
        pq.write_table(table, target)
        return target
    raise ParlourError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


__all__ = ["ARRAYS", "FORMATS", "decode_actions", "episodes_of", "record_arrays", "write_arrays"]
