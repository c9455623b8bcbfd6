"""A JSON file holding a number of more digits than Python turns into an int (4,300 by
default) is refused with a one-line error naming the file, by every command that reads
JSON: ``validate``, ``replay``, ``score --table`` and ``score --situation`` (and
``score --jsonl``, line by line). Python's ``json.loads`` raises a ValueError for such a
number, which used to reach the user as a traceback; every JSON reading of the command
line and of the records now goes through one reader
(:func:`parlour.core.records.parse_json`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.core.records import RecordError, parse_json
from parlour.records import loads_record, read_record

runner = CliRunner()

LIMIT = sys.get_int_max_str_digits()
BIG = "1" * (LIMIT + 700)

TEXTS = {
    "seed": '{"seed": ' + BIG + "}",
    "negative": '{"format": "parlour-record", "version": 2, "seed": -' + BIG + "}",
    "nested": '{"hands": [{"setup": {"seed": [1, 2, ' + BIG + "]}}]}",
    "situation": '{"hand": "123m 456p 789s EEE CC", "win_tile": "C", "flowers": ' + BIG + "}",
}

COMMANDS = [
    ["validate"],
    ["replay"],
    ["score", "--table"],
    ["score", "--situation"],
]


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_one_line_error(result: Any, message: str) -> None:
    assert result.exit_code not in (0, None), result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert flat(result.stderr) == f"error: {message}", result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("which", sorted(TEXTS))
def test_a_number_too_long_to_read_is_a_clear_error(
    tmp_path: Path, command: list[str], which: str
) -> None:
    path = tmp_path / "big.json"
    path.write_text(TEXTS[which])
    result = runner.invoke(app, [*command, str(path)])
    assert_one_line_error(result, f"a number in {path} has more than {LIMIT} digits")


@pytest.mark.parametrize("command", [["validate"], ["replay"]], ids=" ".join)
def test_a_line_of_a_jsonl_file_with_such_a_number_is_named(
    tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("\n" + TEXTS["seed"] + "\n")
    result = runner.invoke(app, [*command, str(path)])
    assert_one_line_error(result, f"a number in line 2 has more than {LIMIT} digits")


def test_a_situation_on_standard_input_with_such_a_number(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--situation", "-"], input=TEXTS["situation"])
    assert_one_line_error(result, f"a number in - has more than {LIMIT} digits")


def test_score_jsonl_names_the_line_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    good = '{"hand": "123m 456p 789s EEE CC", "win_tile": "C"}'
    path.write_text("\n".join([good, TEXTS["situation"], good]) + "\n")
    result = runner.invoke(app, ["score", "--jsonl", str(path)])
    assert "Traceback" not in result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["valid"] for line in lines] == [True, False, True]
    assert lines[1]["reason"] == f"a number in line 2 has more than {LIMIT} digits"


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_json_nested_too_deeply_is_a_clear_error(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = runner.invoke(app, [*command, str(path)])
    assert_one_line_error(result, f"{path} is nested too deeply to be read")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_text_that_is_not_json_is_still_named(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, [*command, str(path)])
    assert_one_line_error(
        result,
        f"{path} is not JSON: Expecting property name enclosed in double quotes: line 1 column 2",
    )


def test_the_one_reader(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=rf"^a number in x.json has more than {LIMIT} digits$"):
        parse_json(TEXTS["seed"], "x.json")
    with pytest.raises(RecordError, match=r"^a number in the record has more"):
        loads_record(TEXTS["seed"])
    path = tmp_path / "r.json"
    path.write_text(TEXTS["seed"])
    with pytest.raises(RecordError, match="has more than"):
        read_record(path)
    assert parse_json('{"seed": ' + "9" * LIMIT + "}", "x")["seed"] == 10**LIMIT - 1
