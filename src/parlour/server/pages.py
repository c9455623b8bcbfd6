"""The server's pages: small HTML shells that load the ES-module client.

The pages know no game: the table page loads ``/static/client.js``, which speaks the
game protocol over the seat's socket and hands each state to the renderer of the game's
family (``/static/mahjong.js`` for every mahjong rule system, ``/static/cards.js`` for
the card games).
"""

from __future__ import annotations

from html import escape

from parlour import __version__


def _page(title: str, body: str, *, script: str = "") -> str:
    module = f'<script type="module">{script}</script>' if script else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · parlour</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/cards.css">
</head>
<body>
<header class="top"><a href="/" class="brand">parlour</a>
<nav><a href="/">New table</a> <a href="/calculator">Calculator</a>
<a href="/records">Records</a> <a href="/results">Results</a></nav>
</header>
<main id="main">{body}
<noscript><p class="error">This page needs JavaScript.</p></noscript></main>
<footer>parlour {escape(__version__)} · every rule enforced, every hand scored</footer>
{module}
</body>
</html>
"""


def home() -> str:
    """Pick a rule system and its options, who sits where, and start; or join by link."""
    body = """
<h1>New table</h1>
<form id="new-table" class="panel">
  <label>Rule system <select id="rules" name="rules"></select></label>
  <p id="rules-title" class="note"></p>
  <fieldset id="options"><legend>Options</legend></fieldset>
  <fieldset id="seats"><legend>Who sits where</legend></fieldset>
  <fieldset id="policy"><legend>Time</legend>
    <label>Claim window
      <input id="claim" type="number" min="1" max="600" value="10"> s</label>
    <label><input id="no-timer" type="checkbox"> no timer (friends and learners)</label>
    <label>Turn clock
      <input id="turn" type="number" min="0" max="600" value="0"> s (0: none)</label>
    <label>When someone leaves <select id="away">
      <option value="bot_hand" selected>a bot plays for them to the end of the hand</option>
      <option value="bot">a bot plays for them until they return</option>
      <option value="wait">the table waits for them</option>
    </select></label>
    <label>A bot takes over after
      <input id="absence" type="number" min="5" max="600" value="60"> s away</label>
    <label>Hands to play <select id="hands">
      <option value="">the whole match</option>
      <option value="1">1 (a quick game)</option>
      <option value="4">4</option>
      <option value="8">8</option>
    </select></label>
  </fieldset>
  <button type="submit" id="start">Start</button>
</form>
<section id="made" class="panel" hidden></section>
<form id="join" class="panel">
  <label>Join by link
    <input id="link" type="text" inputmode="url" aria-describedby="link-problem"
      placeholder="paste a seat or spectator link"></label>
  <button type="submit">Join</button>
  <p id="link-problem" class="error" role="alert" hidden></p>
</form>
"""
    return _page("New table", body, script="import {home} from '/static/home.js'; home();")


def table(token: str, game_id: str, *, spectator: bool, family: str, finished: bool = False) -> str:
    """A seat's (or a spectator's) view of a table; ``family`` (the rule system's
    renderer: ``mahjong``, ``cards``) chooses the script the client loads. The
    ``away`` notice says who is away and who plays for them; a ``finished`` table
    links to its replay."""
    role = "spectator" if spectator else "player"
    done = (
        f'<p class="note" id="finished">This table has finished: '
        f'<a href="/replay/{escape(game_id)}">step through its replay</a>, '
        f'<a href="/tables/{escape(game_id)}/results" id="results-link">see its results</a> or '
        f'<a href="/">start a new table</a>.</p>'
        if finished
        else ""
    )
    body = f"""{done}
<div id="away" class="away" role="status" aria-live="polite" hidden></div>
<p id="clock" class="clock" role="timer" aria-live="off" hidden></p>
<div id="table" class="table" data-token="{escape(token)}" data-game="{escape(game_id)}"
     data-role="{role}" data-family="{escape(family)}">
  <p class="note">Connecting…</p>
</div>
"""
    return _page("Table", body, script="import {start} from '/static/client.js'; start();")


def calculator() -> str:
    """Build a hand by clicking tiles, melds, flags, winds and bonus tiles; score it."""
    body = """
<h1>Calculator</h1>
<p class="note">Build a finished hand by clicking tiles (or type it as <code>parlour score</code>
takes it), say how it was won, and see its score line by line.</p>
<div id="calculator" class="panel"></div>
"""
    return _page(
        "Calculator", body, script="import {calculator} from '/static/calc.js'; calculator();"
    )


def records() -> str:
    """Finished and running games, with replays and the JSON records."""
    body = """
<h1>Records</h1>
<table id="records" class="records"><thead><tr><th>table</th><th>rules</th><th>players</th>
<th>status</th><th>started</th><th></th></tr></thead><tbody></tbody></table>
"""
    return _page("Records", body, script="import {records} from '/static/records.js'; records();")


def replay(game_id: str) -> str:
    """Step through a finished game move by move."""
    body = f"""
<h1>Replay</h1>
<div id="replay" class="panel" data-game="{escape(game_id)}"></div>
"""
    return _page("Replay", body, script="import {replay} from '/static/records.js'; replay();")


def _figures(figures: list[tuple[str, str, str]]) -> str:
    """Figures as ``<figure>`` elements: (id, caption, the SVG markup the server drew)."""
    return "\n".join(
        f'<figure class="plot" id="plot-{escape(name)}">{svg}'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
        for name, caption, svg in figures
    )


def table_results(game_id: str, title: str, figures: list[tuple[str, str, str]]) -> str:
    """The figures of a finished table's hands (score distributions, cumulative
    scores, win and deal-in rates, patterns), drawn by the server as inline SVG."""
    body = f"""
<h1>Results</h1>
<p class="note" id="results-title">{escape(title)} ·
<a href="/replay/{escape(game_id)}">its replay</a> ·
<a href="/api/tables/{escape(game_id)}/record">its record (JSON)</a></p>
<div id="figures" class="figures">{_figures(figures)}</div>
"""
    return _page("Results", body)


def results() -> str:
    """Upload a simulation's rows (``hands.parquet``, ``games.parquet``, or JSON) and
    see its figures; the upload is drawn and forgotten."""
    body = """
<h1>Results of a simulation</h1>
<form id="upload" class="panel">
  <p class="note">Choose the <code>hands.parquet</code> or <code>games.parquet</code> that
  <code>parlour simulate --out DIR</code> wrote (or a JSON object with its
  <code>results</code>, <code>rules</code> and <code>bots</code>) to see its figures. The
  file is drawn, not kept.</p>
  <label>Simulation <input id="file" type="file" accept=".parquet,.json,application/json"
    aria-describedby="upload-problem" required></label>
  <button type="submit" id="draw">Draw</button>
  <p id="upload-problem" class="error" role="alert" hidden></p>
</form>
<p id="results-title" class="note" aria-live="polite"></p>
<div id="figures" class="figures"></div>
"""
    return _page("Results", body, script="import {results} from '/static/results.js'; results();")


def problem(title: str, detail: str, advice: str, *, replay: str | None = None) -> str:
    """A page for a browser whose link or request cannot be served (a wrong or
    expired link): what is wrong, what to do, and the way home and to the records
    (and to a game's ``replay`` when there is one to see)."""
    more = f'<li><a href="/replay/{escape(replay)}">Its replay</a></li>' if replay else ""
    body = f"""
<h1 id="problem">{escape(title)}</h1>
<div class="panel">
<p class="error">{escape(detail)}</p>
<p>{escape(advice)}</p>
<ul class="ways">{more}<li><a href="/" id="home">Start a new table</a></li>
<li><a href="/records">See the records of the tables played here</a></li></ul>
</div>
"""
    return _page(title, body)


__all__ = [
    "calculator",
    "home",
    "problem",
    "records",
    "replay",
    "results",
    "table",
    "table_results",
]
