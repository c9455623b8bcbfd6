"""parlour export: records of every rule system turn into arrays whose actions decode
back to the record's, whose observations and masks are the environments', whose rewards
add up to the payments; npz written by the command, parquet explained without pyarrow."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from typer.testing import CliRunner

from parlour.cli import app
from parlour.core.systems import Registry
from parlour.envs.export import decode_actions, record_arrays
from parlour.envs.games import Episodes, payments_since
from parlour.records import record_of, replay
from parlour.registry import load_builtin

SYSTEMS = [pytest.param(s.name, id=s.name) for s in Registry(load_builtin).playable()]


def _played(name: str, seed: int, match: bool) -> tuple[dict[str, Any], list[float]]:
    """A record of a game of random moves, and what each move earned the seat that made
    it: every payment to a seat goes to that seat's last move (whoever's move finished
    the hand); every seat's payments are on its moves."""
    game = Episodes(name, match=match, hands=2).new_game(seed=seed)
    rng = random.Random(seed)
    rewards: list[float] = []
    seats: list[int] = []
    last: dict[int, int] = {}
    paid = [0] * game.num_seats
    seen = 0
    for _ in range(20_000):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        last[seat] = len(rewards)
        rewards.append(0.0)
        seats.append(seat)
        payments, seen = payments_since(game, seen)
        for s, amount in enumerate(payments or ()):
            paid[s] += amount
            if s in last:
                rewards[last[s]] += amount
    # every seat moves before the first payment here: every payment is on a move
    for s in range(game.num_seats):
        assert sum(r for r, who in zip(rewards, seats, strict=True) if who == s) == paid[s]
    return record_of(game), rewards


def _actions(record: dict[str, Any]) -> list[Any]:
    return [s.action for s in replay(record) if s.action is not None]


@pytest.mark.parametrize("match", [False, True], ids=["hand", "match"])
@pytest.mark.parametrize("name", SYSTEMS)
def test_the_arrays_decode_back_to_the_records_actions(name: str, match: bool) -> None:
    records, rewards = zip(*(_played(name, seed, match) for seed in (1, 2)), strict=True)
    arrays = record_arrays(records)
    actions = [a for r in records for a in _actions(r)]
    assert len(actions) > 0
    assert decode_actions(list(records), arrays["action"]) == actions
    assert arrays["observation"].shape[0] == arrays["mask"].shape[0] == len(actions)
    rows = np.arange(len(actions))
    assert (arrays["mask"][rows, arrays["action"]] == 1).all()
    assert arrays["reward"].tolist() == [x for r in rewards for x in r]
    assert arrays["hand"].min() == 1


def test_the_rows_are_the_environments_observations_and_masks() -> None:
    record, _ = _played("mcr", 5, False)
    arrays = record_arrays([record])
    eps = Episodes("mcr")
    game = eps.new_game(seed=0)
    from parlour.mahjong.records import replay_games

    for i, (now, seat, action) in enumerate(replay_games(record)):
        assert np.array_equal(arrays["observation"][i], eps.encode(now.observation(seat)))
        assert np.array_equal(arrays["mask"][i], eps.mask(now, seat))
        assert game.decode(int(arrays["action"][i])) == action
        assert arrays["seat"][i] == seat
    assert i + 1 == len(arrays["action"])


def test_the_command_writes_npz_and_explains_parquet(tmp_path: Path) -> None:
    lines = [json.dumps(_played("ninety-nine", s, False)[0]) for s in (1, 2)]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n")
    runner = CliRunner()
    out = runner.invoke(app, ["export", str(path)])
    assert out.exit_code == 0, out.output
    arrays = np.load(tmp_path / "records.npz")
    assert sorted(arrays) == sorted(
        ["observation", "mask", "action", "reward", "seat", "hand", "record"]
    )
    assert set(arrays["record"].tolist()) == {0, 1}
    out = runner.invoke(app, ["export", str(path), "--format", "csv"])
    assert out.exit_code == 2 and "not a format" in out.output


def test_parquet_holds_the_same_arrays_one_row_per_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ast

    import pyarrow.parquet as pq

    lines = [json.dumps(_played("mcr", s, False)[0]) for s in (1, 2)]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n")
    runner = CliRunner()
    assert runner.invoke(app, ["export", str(path)]).exit_code == 0
    out = runner.invoke(app, ["export", str(path), "--format", "parquet"])
    assert out.exit_code == 0, out.output
    arrays = np.load(tmp_path / "records.npz")
    table = pq.read_table(tmp_path / "records.parquet")
    assert table.num_rows == len(arrays["action"]) > 0
    meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
    for name in arrays:
        column = table.column(name).to_pylist()
        shape = ast.literal_eval(meta[f"shape:{name}"])
        back = np.array(column, dtype=arrays[name].dtype).reshape((len(column), *shape))
        assert np.array_equal(back, arrays[name]), name
    # without pyarrow the command says how to get it, and writes nothing
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    (tmp_path / "records.parquet").unlink()
    out = runner.invoke(app, ["export", str(path), "--format", "parquet"])
    assert out.exit_code == 2 and "pip install pyarrow" in out.output
    assert not (tmp_path / "records.parquet").exists()


def test_a_won_hand_pays_every_seat_on_its_own_last_move() -> None:
    """A hand won by greedy bots: every seat's rewards add up to what the result pays
    it (the winner's and the payers' alike, not only the seat whose move ended the
    hand), each on that seat's last move of the hand."""
    from parlour.registry import find_system

    system = find_system("mcr")
    for seed in range(40):
        game = Episodes("mcr").new_game(seed=seed)
        bots = [system.make_bot("greedy", seed=s) for s in range(4)]
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        payments, _ = payments_since(game, 0)
        if payments and sum(1 for p in payments if p) >= 2:
            break
    else:
        pytest.fail("no won hand in 40 seeds")
    arrays = record_arrays([record_of(game)])
    seats = arrays["seat"]
    for s in range(4):
        mine = np.flatnonzero(seats == s)
        assert arrays["reward"][mine].sum() == payments[s]
        assert (arrays["reward"][mine[:-1]] == 0).all()  # on its last move alone
