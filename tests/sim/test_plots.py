"""The figures of a simulation (parlour.sim.plots): each file written is opened and
checked as an image (PNG: a real image of 800 × 500 pixels with more than a few
colours; SVG: XML with an <svg> root that has a width and a height), for a small MCR
simulation and a card game's; ``simulate --plots`` and ``parlour plot DIR``; the
server's results page of a finished table and the upload of a simulation."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from PIL import Image
from typer.testing import CliRunner

from parlour.cli import app
from parlour.server.app import MAX_UPLOAD, create_app
from parlour.server.limits import Limits
from parlour.sim import simulate, write_outputs
from parlour.sim.plots import (
    Series,
    figures,
    from_results,
    load,
    rates,
    render,
    series,
    write_plots,
)

runner = CliRunner()
BROWSER = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
PARQUET = {"content-type": "application/octet-stream"}


def check_png(path: Path) -> None:
    assert path.stat().st_size > 5000, path
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (800, 500)
        image.load()
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 8, (path, colours)


def check_svg(path: Path) -> None:
    assert path.stat().st_size > 5000, path
    root = ET.fromstring(path.read_bytes())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("width", "").endswith("pt") and root.get("height", "").endswith("pt")
    assert float(root.get("width", "0")[:-2]) > 0 and float(root.get("height", "0")[:-2]) > 0


def check_files(written: list[Path], names: set[str]) -> None:
    assert {p.stem for p in written} == names
    assert sorted(p.suffix for p in written) == sorted([".png", ".svg"] * len(names))
    for path in written:
        (check_png if path.suffix == ".png" else check_svg)(path)


@pytest.fixture(scope="module")
def mcr_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mcr")
    bots = ["greedy", "greedy", "random", "random"]
    summary = simulate(bots, hands=8, seed=1, rules="mcr", out=out)
    write_outputs(summary, out, "mcr")
    return out


@pytest.fixture(scope="module")
def card_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cards")
    summary = simulate(["heuristic", "random"], hands=3, seed=1, rules="piquet", out=out)
    write_outputs(summary, out, "piquet")
    return out


def test_an_mcr_simulation_draws_four_figures_as_png_and_svg(mcr_out: Path, tmp_path: Path) -> None:
    written = write_plots(mcr_out, tmp_path)
    check_files(written, {"score-distribution", "cumulative-score", "win-rates", "patterns"})
    sim = load(mcr_out / "hands.parquet")
    assert sim.rules == "mcr" and len(sim.units) == 8 and sim.unit == "hands"
    assert sim.claims  # mahjong results: a winning tile may be another's discard
    summary = json.loads((mcr_out / "summary.json").read_text())
    rows = [json.loads(line) for line in (mcr_out / "hands.jsonl").read_text().splitlines()]
    lines = series(sim)
    for s, (line, seat) in enumerate(zip(lines, summary["seats"], strict=True)):
        assert line.wins == seat["wins"]
        assert line.dealt_in == sum(r["dealt_in"] == s for r in rows)
        assert sum(line.scores) / len(line.scores) == pytest.approx(seat["mean_score"])
    assert sum(line.dealt_in or 0 for line in lines) == sum(r["dealt_in"] is not None for r in rows)
    # results that do not say who dealt in: the figure says so and draws no deal-in bars
    for r in rows:
        del r["dealt_in"]
    bots = ["greedy", "greedy", "random", "random"]
    fig = figures(from_results(rows, rules="mcr", bots=bots))["win-rates"]
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any("do not say who discarded the winning tile" in t for t in texts)
    assert "deal-in rate" not in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


def test_a_card_game_draws_its_own_figures_and_no_patterns(card_out: Path, tmp_path: Path) -> None:
    written = write_plots(card_out, tmp_path)
    check_files(written, {"score-distribution", "cumulative-score", "win-rates", "game-stats"})
    assert load(card_out).unit == "games"


def test_per_bot_series_and_known_deal_ins() -> None:
    results = [
        {"winners": [1], "payments": [-8, 24, -8, -8], "self_drawn": [False], "dealt_in": [0]},
        {"winners": [], "payments": [0, 0, 0, 0], "self_drawn": [], "dealt_in": []},
    ]
    sim = from_results(results, rules="mcr", bots=["a", "b", "a", "c"])
    lines = series(sim, by="bot")
    assert [(s.label, s.units, s.wins, s.dealt_in) for s in lines] == [
        ("a", 4, 0, 1),
        ("b", 2, 1, 0),
        ("c", 2, 0, 0),
    ]
    fig = figures(sim)["win-rates"]
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "deal-in rate" in labels and "win rate" in labels
    # a tournament's series, labelled as it likes
    own = rates([Series("x", (1.0, -1.0), 1), Series("y", (-1.0, 1.0), 1)], "a tournament")
    assert render(own, "png")[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_long_run_is_drawn_with_bounded_points() -> None:
    n = 5000
    results = [
        {"winners": [i % 3], "scores": [float(i % 3 == s) for s in range(3)]} for i in range(n)
    ]
    sim = from_results(results, rules="ninety-nine", bots=["a", "b", "c"])
    drawn = figures(sim)
    line = drawn["cumulative-score"].axes[0].lines[0]
    assert len(line.get_xdata()) <= 2001 and list(line.get_xdata())[-1] == n
    assert list(line.get_ydata())[-1] == sum(r["scores"][0] for r in results)
    assert len(render(drawn["score-distribution"], "svg")) < 200_000  # no outliers one by one


def test_malformed_results_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="result 0: 1 scores for 2 seats"):
        from_results([{"payments": [1]}], rules="mcr", bots=["a", "b"])
    with pytest.raises(ValueError, match="winners is not a list of seats 0 to 1"):
        from_results([{"payments": [1, -1], "winners": [5]}], rules="mcr", bots=["a", "b"])
    with pytest.raises(ValueError, match="not a number"):
        from_results([{"payments": [1, "x"]}], rules="mcr", bots=["a", "b"])


def test_a_record_gives_the_results_its_game_had_in_every_rule_system() -> None:
    from parlour.registry import registry

    checked = 0
    for system in registry.playable():
        if system.name.startswith("test-"):  # registered by another test module, not parlour's
            continue
        for players in system.players:
            options = system.check_options({"players": players} if len(system.players) > 1 else {})
            bots = system.default_bots(system.seats(options))
            result = system.play_one(bots, 5, 0, options, record=True)
            (found,) = system.record_results(result["record"])
            assert found["winners"] == result["winners"], system.name
            assert found.get("dealt_in") == result.get("dealt_in"), system.name
            assert found.get("payments", found.get("scores")) == result.get(
                "payments", result.get("scores")
            ), system.name
            checked += 1
    assert checked >= 14


def test_simulate_plots_and_parlour_plot(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    args = ["simulate", "--rules", "ninety-nine", "--games", "2", "--seed", "3"]
    result = runner.invoke(app, [*args, "--bots", "heuristic,random,random", "--plots"])
    assert result.exit_code == 2
    assert "--plots draws the figures in the --out directory: give --out DIR" in result.output
    result = runner.invoke(
        app, [*args, "--bots", "heuristic,random,random", "--out", str(out), "--plots"]
    )
    assert result.exit_code == 0, result.output
    names = {"score-distribution", "cumulative-score", "win-rates", "game-stats"}
    check_files([p for p in out.iterdir() if p.suffix in (".png", ".svg")], names)
    again = tmp_path / "again"
    result = runner.invoke(app, ["plot", str(out), "--out", str(again), "--no-svg"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in again.iterdir()) == sorted(f"{n}.png" for n in names)
    result = runner.invoke(app, ["plot", str(tmp_path / "nothing")])
    assert result.exit_code == 2 and "no such file or directory" in result.output
    result = runner.invoke(app, ["plot", str(again)])
    assert result.exit_code == 2 and "holds no hands.parquet or games.parquet" in result.output


def test_plot_draws_the_chunks_a_stopped_run_finished(tmp_path: Path) -> None:
    # simulate writes each chunk as it is finished; the run's files are put together at
    # the end (write_outputs): before that, only its chunks are there, as after a kill
    bots = ["random"] * 4
    simulate(bots, hands=6, seed=4, workers=2, rules="mcr", out=tmp_path)
    assert not (tmp_path / "hands.parquet").exists()
    assert len(list((tmp_path / "parts").glob("part-*.parquet"))) > 1
    sim = load(tmp_path)
    assert len(sim.units) == 6 and sim.unit == "hands"
    result = runner.invoke(app, ["plot", str(tmp_path), "--no-png"])
    assert result.exit_code == 0, result.output
    check_svg(tmp_path / "cumulative-score.svg")


def test_a_tournament_is_drawn_by_entry(tmp_path: Path) -> None:
    from parlour.sim.tournament import entry_labels, tournament

    bots = ["greedy", "random", "random", "random"]
    table = tournament("mcr", bots, deals=1, seed=5, out=tmp_path)
    sim = load(tmp_path)
    assert len(sim.units) == 24
    lines = {s.label: s for s in series(sim, by="bot")}
    for row in table.to_pylist():  # the figures' series are the ranking's entries
        line = lines[entry_labels(bots)[row["entry"]]]
        assert line.units == row["hands"] and line.dealt_in == row["deal_ins"]
        assert sum(line.scores) / line.units == pytest.approx(row["mean_score"])
    assert sim.by == "bot"  # by entry by default
    result = runner.invoke(app, ["plot", str(tmp_path), "--out", str(tmp_path / "figures")])
    assert result.exit_code == 0, result.output
    check_png(tmp_path / "figures" / "win-rates.png")
    legend = figures(sim)["cumulative-score"].axes[0].get_legend().get_texts()
    assert [t.get_text() for t in legend] == ["greedy", "random#1", "random#2", "random#3"]


def test_tournament_plots(tmp_path: Path) -> None:
    """parlour tournament --plots draws the figures by entry beside its files."""
    args = ["tournament", "--rules", "piquet", "--bots", "heuristic,random", "--deals", "2"]
    result = runner.invoke(app, [*args, "--plots"])
    assert result.exit_code == 2
    assert "--plots draws the figures in the --out directory: give --out DIR" in result.output
    out = tmp_path / "tour"
    result = runner.invoke(app, [*args, "--out", str(out), "--plots"])
    assert result.exit_code == 0, result.output
    names = {"score-distribution", "cumulative-score", "win-rates", "game-stats"}
    check_files([p for p in out.iterdir() if p.suffix in (".png", ".svg")], names)
    legend = figures(load(out))["cumulative-score"].axes[0].get_legend().get_texts()
    assert [t.get_text() for t in legend] == ["heuristic", "random"]


# -- the server ------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", limits=Limits.none())) as c:
        yield c


def _svgs(figures: list[dict[str, str]]) -> list[ET.Element]:
    return [ET.fromstring(f["svg"]) for f in figures]


def test_a_finished_tables_results_page_shows_its_figures(client: TestClient) -> None:
    spec = {"seats": ["greedy"] * 4, "policy": {"hands": 2, "bot_seconds": 0}}
    made = client.post("/api/tables", json=spec | {"wait_seconds": 30}).json()
    assert made["status"] == "finished"
    table = client.get(made["spectator"], headers=BROWSER).text
    assert f'href="/tables/{made["id"]}/results"' in table
    page = client.get(f"/tables/{made['id']}/results", headers=BROWSER)
    assert page.status_code == 200
    for name in ("score-distribution", "cumulative-score", "win-rates"):
        assert f'id="plot-{name}"' in page.text
    assert page.text.count('<svg role="img" aria-label=') >= 3
    assert "greedy 1, greedy 2, greedy 3, greedy 4 · 2 hands" in page.text
    running = client.post("/api/tables", json={"seats": ["human", "random", "random", "random"]})
    game = running.json()["id"]
    page = client.get(f"/tables/{game}/results", headers=BROWSER)
    assert page.status_code == 409 and "This table is still being played" in page.text
    assert client.get("/tables/nope/results").status_code == 404


@pytest.mark.parametrize(("rules", "players"), [("kawuxing", 4), ("classical", 5)])
def test_a_table_with_a_resting_player_is_drawn_by_player(
    client: TestClient, rules: str, players: int
) -> None:
    from parlour.registry import find_system

    spec = {
        "rules": rules,
        "options": {"players": players},
        "seats": ["greedy"] * players,
        "policy": {"hands": 3, "bot_seconds": 0},
        "wait_seconds": 30,
    }
    made = client.post("/api/tables", json=spec).json()
    assert made["status"] == "finished"
    record = client.get(f"/api/tables/{made['id']}/record").json()
    results = find_system(rules).record_results(record)
    assert len(results) == 3
    start = record["results"]["scores"][0] - sum(r["payments"][0] for r in results)
    for p in range(players):  # each player's hands add up to their score in the standings
        assert start + sum(r["payments"][p] for r in results) == record["results"]["scores"][p]
    assert all(len(h["setup"]["seating"]) < players for h in record["hands"])  # one rests
    page = client.get(f"/tables/{made['id']}/results", headers=BROWSER)
    assert page.status_code == 200 and page.text.count("<svg") >= 3


def test_a_finished_card_table_is_drawn_as_one_game(client: TestClient) -> None:
    spec = {"rules": "piquet", "seats": ["random", "random"], "policy": {"bot_seconds": 0}}
    made = client.post("/api/tables", json=spec | {"wait_seconds": 30}).json()
    assert made["status"] == "finished"
    page = client.get(f"/tables/{made['id']}/results", headers=BROWSER)
    assert page.status_code == 200 and "piquet · random 1, random 2 · 1 game ·" in page.text
    assert 'id="plot-win-rates"' in page.text


def test_an_uploaded_simulation_is_drawn(client: TestClient, mcr_out: Path) -> None:
    page = client.get("/results", headers=BROWSER)
    assert page.status_code == 200 and 'id="upload"' in page.text
    assert 'href="/results"' in client.get("/", headers=BROWSER).text
    data = (mcr_out / "hands.parquet").read_bytes()
    answer = client.post("/api/results", content=data, headers=PARQUET)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["units"] == 8 and body["rules"] == "mcr"
    assert [f["name"] for f in body["figures"]] == [
        "score-distribution",
        "cumulative-score",
        "win-rates",
        "patterns",
    ]
    assert all(s.tag == "{http://www.w3.org/2000/svg}svg" for s in _svgs(body["figures"]))
    rows = [json.loads(line) for line in (mcr_out / "hands.jsonl").read_text().splitlines()]
    summary = json.loads((mcr_out / "summary.json").read_text())
    answer = client.post("/api/results", json={"summary": summary, "results": rows})
    assert answer.status_code == 200 and answer.json()["units"] == 8


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"", "no file"),
        (b"hello", "neither Parquet nor JSON"),
        (b"PAR1 but nothing else", "not a Parquet file that can be read"),
        (b'{"results": 3}', "the JSON is not a simulation"),
        (b'{"results": [{"payments": [1]}], "bots": ["a", "b"]}', "1 scores for 2 seats"),
    ],
)
def test_a_bad_upload_is_refused_naming_the_problem(
    client: TestClient, body: bytes, problem: str
) -> None:
    answer = client.post("/api/results", content=body, headers=PARQUET)
    assert answer.status_code == 400 and problem in answer.json()["detail"]


def test_a_parquet_file_of_other_rows_and_an_oversized_upload(
    client: TestClient, tmp_path: Path
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1, 2]}), path)
    answer = client.post("/api/results", content=path.read_bytes(), headers=PARQUET)
    assert answer.status_code == 400
    assert "no rules, bots, result column" in answer.json()["detail"]
    answer = client.post("/api/results", content=b"PAR1" + b"\0" * MAX_UPLOAD, headers=PARQUET)
    assert answer.status_code == 413


def test_names_in_an_upload_cannot_reach_the_page(client: TestClient) -> None:
    bots = ["<script>alert(1)</script>", "$\\frac$"]
    result = {"winners": [0], "payments": [1, -1], "patterns": [{"name": "--><img onerror=x>"}]}
    answer = client.post("/api/results", json={"rules": "mcr", "bots": bots, "results": [result]})
    assert answer.status_code == 200
    for svg in (f["svg"] for f in answer.json()["figures"]):
        assert "<script" not in svg and "<img" not in svg
        ET.fromstring(svg)


# -- the README --------------------------------------------------------------------------------


def test_the_readme_plot_commands_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex

    readme = Path(__file__).resolve().parents[2] / "README.md"
    block = readme.read_text(encoding="utf-8").split("### Playing and simulating", 1)[1]
    block = block.split("```sh", 1)[1].split("```", 1)[0]
    lines = [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("parlour ")]
    plots = next(c for c in lines if c[0] == "simulate" and "--plots" in c)
    plot = next(c for c in lines if c[0] == "plot")
    first = next(c for c in lines if c[0] == "simulate" and "--out" in c)
    assert plot[1] == first[first.index("--out") + 1]  # it draws the README's first run
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, plots)
    assert result.exit_code == 0, result.output
    out = Path(plots[plots.index("--out") + 1])
    assert (out / "win-rates.png").is_file() and (out / "game-stats.svg").is_file()
    first[first.index("--games") + 1] = "4"  # the README plays 1000: fewer will do
    first[first.index("--workers") + 1] = "1"
    result = runner.invoke(app, first)
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, plot)
    assert result.exit_code == 0, result.output
    check_png(Path(plot[1]) / "score-distribution.png")
