"""The command line as a new user meets it: unwritable record paths, Ctrl-C, unreadable
record files, messages that name the flag typed, help texts, the README's examples and
SIGINT sent to a parallel simulation."""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from places import ROOT
from processes import children

runner = CliRunner()

HAND = "123m 456p 789s EEE CC"
README = ROOT / "README.md"


def flat(text: str) -> str:
    """The output with runs of whitespace made single spaces (rich wraps long lines)."""
    return " ".join(text.split())


def invoke(*args: str, **kwargs: Any) -> Any:
    return runner.invoke(app, list(args), **kwargs)


def assert_error(result: Any, message: str) -> None:
    """``error: message`` on stderr, nothing on stdout, exit status 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert flat(result.stderr) == f"error: {message}", result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# ---------------------------------------------------------------------------------------
# 1. parlour play --record PATH: checked before the first deal; Ctrl-C keeps the record


def test_play_refuses_a_record_in_a_missing_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "--bots", "random", "--record", "nodir/game.json", input="1\n" * 50)
    assert_error(result, "cannot write the record to nodir/game.json: No such file or directory")
    assert "hand 1" not in result.output  # refused before the first deal
    assert not (tmp_path / "nodir").exists()


def test_play_refuses_a_record_that_is_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    result = invoke("play", "--bots", "random", "--record", "games", input="1\n" * 50)
    assert_error(result, "cannot write the record to games: Is a directory")
    assert "hand 1" not in result.output


def _deny_writes_under(directory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make opening a file under ``directory`` for writing fail as the kernel fails it
    for a user without write permission (EACCES). Root may write anywhere, so under root
    a read-only directory alone denies nothing."""
    real_open = builtins.open
    denied = directory.resolve()

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        path = Path(file) if isinstance(file, str | os.PathLike) else None
        if path is not None and any(c in mode for c in "wax+") and path.resolve().parent == denied:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)


def test_play_refuses_a_record_without_permission(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with monkeypatch.context() as patch:
            if os.access(locked, os.W_OK):  # root: the mode alone denies nothing
                _deny_writes_under(locked, patch)
            result = invoke("play", "--bots", "random", "--record", "locked/g.json", input="1\n")
    finally:
        locked.chmod(0o700)
    assert_error(result, "cannot write the record to locked/g.json: Permission denied")
    assert "hand 1" not in result.output
    assert list(locked.iterdir()) == []


def test_play_refuses_a_record_under_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path through a regular file fails for every user, root included (ENOTDIR)."""
    monkeypatch.chdir(tmp_path)
    Path("notes").write_text("keep")
    result = invoke("play", "--bots", "random", "--record", "notes/g.json", input="1\n")
    assert_error(result, "cannot write the record to notes/g.json: Not a directory")
    assert "hand 1" not in result.output
    assert Path("notes").read_text() == "keep"


def test_a_writable_record_path_is_left_as_it_was(tmp_path: Path) -> None:
    from parlour.terminal import record_problem

    new = tmp_path / "new.json"
    assert record_problem(new) is None
    assert not new.exists()  # the check leaves nothing behind
    old = tmp_path / "old.json"
    old.write_text("keep")
    assert record_problem(old) is None
    assert old.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]


def _interrupt(prompt: str) -> str:
    raise KeyboardInterrupt


def test_ctrl_c_during_play_still_writes_the_record(tmp_path: Path) -> None:
    from parlour.records import read_record, validate
    from parlour.terminal import play

    path = tmp_path / "game.json"
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        play(
            seed=5,
            hands=2,
            bots=["random"] * 3,
            ask=_interrupt,
            console=Console(file=out, width=100),
            record=str(path),
        )
    assert "interrupted." in out.getvalue()
    assert f"game record written to {path}" in flat(out.getvalue())
    record = read_record(path)
    report = validate(record)  # what was played, replayable: unfinished, every move agrees
    assert report.unfinished and report.message.startswith("unfinished: hand 1 stops")


def test_ctrl_c_in_the_play_command_exits_130_with_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import parlour.cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(parlour.cli.play, "_ask", _interrupt)
    result = invoke("play", "--bots", "random", "--seed", "5", "--record", "g.json")
    assert result.exit_code == 130, result.output
    assert "interrupted." in result.stdout
    assert "game record written to g.json" in result.stdout
    assert "Traceback" not in result.output
    assert (tmp_path / "g.json").exists()
    checked = invoke("validate", "g.json")
    assert checked.exit_code == 1 and "unfinished: hand 1 stops" in checked.output


# ---------------------------------------------------------------------------------------
# 2. validate and replay: a file that is missing, not UTF-8 or a directory


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin1.jsonl").write_bytes(b'{"a": "caf\xe9"}\n')
    (tmp_path / "latin1.json").write_bytes(b'{"a": "caf\xe9"}\n')
    (tmp_path / "folder.jsonl").mkdir()
    return tmp_path


@pytest.mark.parametrize("command", ["validate", "replay"])
@pytest.mark.parametrize(
    ("file", "message"),
    [
        ("x.jsonl", "cannot read x.jsonl: No such file or directory"),
        ("x.json", "cannot read x.json: No such file or directory"),
        ("latin1.jsonl", "latin1.jsonl is not UTF-8 text (byte 0xe9 at position 10)"),
        ("latin1.json", "latin1.json is not UTF-8 text (byte 0xe9 at position 10)"),
        ("folder.jsonl", "cannot read folder.jsonl: Is a directory"),
    ],
)
def test_a_record_file_that_cannot_be_read(
    files: Path, command: str, file: str, message: str
) -> None:
    assert_error(invoke(command, file), message)


def test_a_bad_line_of_a_jsonl_file_is_named_by_its_line_number(files: Path) -> None:
    (files / "gaps.jsonl").write_text("\n\n{not json\n")
    result = invoke("validate", "gaps.jsonl")
    assert_error(result, "line 3 is not JSON: Expecting property name enclosed in double quotes: "
                 "line 1 column 2")  # fmt: skip


# ---------------------------------------------------------------------------------------
# 3. and 4. parlour score: messages name the flag; --self-drawn and --discard


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "X"], "--seat must be a wind: E, S, W or N, not 'X'"),
        (["--round", "Q"], "--round must be a wind: E, S, W or N, not 'Q'"),
        (["--from", "north"], "--from must be a wind: E, S, W or N, not 'north'"),
        (["--flowers", "9"], "--flowers must be a count from 0 to 8, not 9"),
        (["--flowers", "-1"], "--flowers must be a count from 0 to 8, not -1"),
        (["--win", "Q"], "--win must be one tile, such as 9s or C, not 'Q'"),
        (["--win", "CC"], "--win must be one tile, such as 9s or C, not 'CC'"),
        (["--self-drawn", "--discard"], "--self-drawn and --discard cannot both be given"),
        (["--discard", "--self-drawn"], "--self-drawn and --discard cannot both be given"),
    ],
)
def test_score_errors_name_the_flag(args: list[str], message: str) -> None:
    win = [] if "--win" in args else ["--win", "C"]
    result = invoke("score", HAND, *win, *args)
    assert_error(result, message)
    assert "seat_wind" not in result.stderr and "win_tile" not in result.stderr


def test_winning_tile_named_twice_names_the_flag() -> None:
    assert_error(
        invoke("score", HAND + " +C", "--win", "E"),
        "the hand names C as its winning tile but --win is E",
    )


def test_winds_in_lower_case_are_still_taken() -> None:
    result = invoke("score", HAND, "--win", "C", "--seat", "s", "--json")
    assert result.exit_code == 0, result.output
    expected = parlour.score({"hand": HAND, "win_tile": "C", "seat_wind": "S"}).to_json()
    assert json.loads(result.stdout) == expected


def test_discard_alone_is_the_default_and_self_drawn_alone_still_works() -> None:
    default = invoke("score", HAND, "--win", "C", "--json")
    discard = invoke("score", HAND, "--win", "C", "--discard", "--json")
    drawn = invoke("score", HAND, "--win", "C", "--self-drawn", "--json")
    assert default.exit_code == discard.exit_code == drawn.exit_code == 0
    assert json.loads(discard.stdout) == json.loads(default.stdout)
    assert json.loads(drawn.stdout)["total"] == 23
    assert json.loads(default.stdout)["total"] == 21


def test_discard_does_not_apply_to_jsonl() -> None:
    assert_error(
        invoke("score", "--jsonl", "-", "--discard", input=""),
        "--discard does not apply to --jsonl: each line is a whole situation",
    )


# ---------------------------------------------------------------------------------------
# 5. and 6. help: no type placeholders, metavars that say what to give, true texts


def _commands() -> list[list[str]]:
    import typer.main

    group: Any = typer.main.get_command(app)
    ctx = group.make_context("parlour", [], resilient_parsing=True)
    paths: list[list[str]] = [[]]
    for name in group.list_commands(ctx):
        paths.append([name])
        command = group.get_command(ctx, name)
        if hasattr(command, "list_commands"):  # a group (its commands may be found late)
            paths += [[name, sub] for sub in command.list_commands(ctx)]
    return paths


def test_every_command_is_checked() -> None:
    names = {" ".join(p) for p in _commands()}
    assert {"score", "simulate", "play", "validate", "bench", "bench sim"} <= names


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "parlour")
def test_help_has_no_type_placeholders(path: list[str]) -> None:
    result = invoke(*path, "--help")
    assert result.exit_code == 0, result.output
    found = re.findall(r"<(?:bool|str|int|float|list[^>]*)>", result.output)
    assert not found, result.output
    assert re.search(r"--help\s+Show this message", result.output)  # a flag: no placeholder


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (["score"], ["HAND", "--win TILE", "--seat WIND", "--round WIND", "--from SEAT",
                     "--flowers N", "--option KEY=VALUE", "--jsonl FILE", "--self-drawn Won",
                     "--discard Won", "--json Print"]),
        (["simulate"], ["--games N", "--bots BOTS", "--workers N", "--seed N", "--out DIR",
                        "--records --no-records Also"]),
        (["play"], ["--seed N", "--hands N", "--bots BOTS", "--record FILE", "--rules NAME"]),
        (["analyse"], ["HAND", "--wilds N", "--wild-tile TILE", "--visible TILES",
                       "--model MODEL", "--json Print"]),
        (["validate"], ["FILE A game record"]),
        (["replay"], ["FILE A game record", "--events --no-events Print"]),
        (["bench", "shapes"], ["--hands N", "--seed N", "--repeat N"]),
    ],
)  # fmt: skip
def test_help_shows_meaningful_metavars(path: list[str], expected: list[str]) -> None:
    text = flat(re.sub(r"[│╭╮╰╯─]", " ", invoke(*path, "--help").output))
    for piece in expected:
        assert piece in text, (piece, text)


def test_simulate_help_says_where_the_records_go() -> None:
    text = flat(re.sub(r"[│╭╮╰╯─]", " ", invoke("simulate", "--help").output))
    assert "DIR/records.jsonl (needs --out)" in text
    assert "in hands.jsonl" not in text.replace("summary.json and hands.jsonl", "")
    assert "Write summary.json and hands.jsonl (one line per hand) in DIR" in text


def test_records_without_out_is_refused() -> None:
    assert_error(
        invoke("simulate", "--games", "2", "--records"),
        "--records writes records.jsonl in the --out directory: give --out DIR",
    )


def test_out_that_is_a_file_is_refused_before_simulating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("taken").write_text("")
    result = invoke("simulate", "--games", "2", "--out", "taken")
    assert_error(result, "cannot write the results to taken: Not a directory")


# ---------------------------------------------------------------------------------------
# 7. the README's simulate -> validate example works as written


def _readme_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = text.split("### Playing and simulating", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    return [line for line in block.splitlines() if line.startswith("parlour ")]


@pytest.mark.slow
def test_readme_simulate_then_validate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _readme_commands()
    simulate = next(shlex.split(c)[1:] for c in commands if " simulate " in c)
    validate = next(shlex.split(c)[1:] for c in commands if " validate sim-out" in c)
    simulate[simulate.index("--games") + 1] = "6"  # the example plays 1000: fewer will do
    assert "--records" in simulate
    result = invoke(*simulate)
    assert result.exit_code == 0, result.output
    result = invoke(*validate)
    assert result.exit_code == 0, result.output
    assert "valid: 6 records" in result.output


def test_validate_a_simulation_without_records_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("simulate", "--games", "2", "--bots", "random,random,random,random",
                    "--out", "sim-out")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert_error(
        invoke("validate", "sim-out/records.jsonl"),
        "cannot read sim-out/records.jsonl: No such file or directory "
        "(parlour simulate writes records.jsonl only with --records)",
    )


# ---------------------------------------------------------------------------------------
# 8. SIGINT sent to a parallel simulation from a script


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status  # a zombie no longer runs


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_sigint_stops_a_parallel_simulation_and_its_workers() -> None:
    args = ["simulate", "--games", "100000", "--workers", "2"]  # greedy bots: long chunks
    src = str(Path(parlour.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # as a script's child normally is: SIGINT not ignored (a background job's would be)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            workers = children(process.pid)
        assert len(workers) >= 2, "the workers did not start"
        time.sleep(2)  # well into the simulation
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        try:  # promptly: not waiting for the chunks the workers are playing
            _, err = process.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            pytest.fail("parlour simulate still runs 5 s after SIGINT")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()  # not communicate(): workers left running may hold the pipes
        left = [pid for pid in workers if _running(pid)]
        for pid in left:  # do not leave them to the next test
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        process.stderr.close()
    assert process.returncode == 130, err.decode()
    assert "interrupted" in err.decode()
    assert "Traceback" not in err.decode()
    assert not left, "worker processes left running"
