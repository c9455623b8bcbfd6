"""Hangzhou mahjong in a real browser (the same server, browser and helpers as
``test_browser.py``): a hand from the home page against greedy bots shows the fortune
indicator, the fortunes marked in the hand and the rivers (in words too), the banker's
lao and factor, and is played by clicking to its end; a float round, kong streaks, the
float one may make and the four Whites as the fortunes are drawn by the page's own
renderer; the calculator scores hangzhou.md Ex 4 with a fortune indicator and a lao."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page
from test_browser import (  # noqa: F401
    READY,
    Watched,
    _page_score,
    api,
    asked,
    browser,
    person,
    running,
    server,
    shot,
    shots,
)

from parlour.render.svg import tile_words

_FORTUNE_MARKS = """() => {
  const st = window.parlour.state();
  const bare = (t) => t.replace(/\\*$/, '');
  const hand = [...document.querySelectorAll('.seat.mine .hand .tile-button')];
  const river = (s) => [...document.querySelectorAll(`.seat[data-seat="${s}"] .discards img.tile`)];
  return {
    fortune: st.observation.ruleset_state.fortune,
    hand: hand.map((b) => [bare(b.dataset.tile), b.classList.contains('fortune'),
      b.getAttribute('aria-label')]),
    rivers: st.observation.seat_names.map((_, s) => river(s).map((i) => [
      i.closest('.fortune-tile') !== null, i.getAttribute('alt')])),
    discards: st.observation.discards,
  };
}"""


def _check_fortune_marks(page: Page) -> int:
    """Every fortune in the hand and the rivers is marked, in words too, and nothing
    else is; how many fortunes the hand holds."""
    shown = page.evaluate(_FORTUNE_MARKS)
    fortune = shown["fortune"]
    held = 0
    for tile, marked, label in shown["hand"]:
        assert marked == (tile == fortune), (tile, fortune)
        assert ("(a fortune)" in label) == (tile == fortune), label
        if tile == "P" and fortune != "P":
            assert label.startswith(f"White dragon (stands for the {tile_words(fortune)})")
        held += marked
    for river, text in zip(shown["rivers"], shown["discards"], strict=True):
        names = text.split()
        assert len(river) == len(names)
        for (marked, alt), name in zip(river, names, strict=True):
            assert marked == (name == fortune), (name, fortune)
            assert ("(a fortune)" in alt) == (name == fortune), alt
    return held


def _check_fortune_info(page: Page) -> dict[str, Any]:
    """The centre shows the indicator, the fortunes, the banker's lao and factor as the
    observation has them; the ruleset state."""
    own: dict[str, Any] = page.evaluate("window.parlour.state().observation.ruleset_state")
    info = page.locator(".fortune-info")
    indicator, fortune = own["indicator"], own["fortune"]
    assert info.get_attribute("data-indicator") == (indicator or "")
    assert info.get_attribute("data-fortune") == fortune
    assert info.get_attribute("data-lao") == str(own["lao"])
    assert info.get_attribute("data-factor") == str(own["banker_factor"])
    assert own["banker_factor"] == {1: 2, 2: 4}.get(own["lao"], 8)
    words = info.inner_text()
    if indicator is not None:
        assert fortune == indicator
        assert f"the fortune indicator: {indicator} (set aside, out of play)" in words
        assert f"the other three {fortune} are the fortunes" in words
        alt = info.locator("img.indicator-tile").get_attribute("alt") or ""
        assert alt == f"{tile_words(indicator)}, the fortune indicator"
    else:
        assert "the four White dragons are the fortunes" in words
    lao = info.locator(".lao").inner_text()
    assert f"lao {own['lao']}" in lao and f"×{own['banker_factor']}" in lao, lao
    dealer = page.evaluate("window.parlour.state().observation.dealer")
    mark = page.locator(f'.seat[data-seat="{dealer}"] .dealer').inner_text()
    assert f"(banker, lao {own['lao']})" in mark
    return own


def test_a_hangzhou_hand_from_the_home_page_shows_the_fortunes_and_the_lao(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    start = time.monotonic()
    page = person.page()
    page.goto(server + "/")
    page.select_option("#rules", "hangzhou")
    for name in ("permanent_white_fortune", "float_player_may_claim", "max_loss"):
        assert page.locator(f"#opt-{name}").count() == 1, name
    page.select_option("#seat-0", "human")
    for p in (1, 2, 3):
        page.select_option(f"#seat-{p}", "greedy")
    page.select_option("#hands", "1")
    page.click("#start")
    page.click("#your-seat")
    page.wait_for_selector(".fortune-info")
    assert page.locator(".gold-info:not(.fortune-info)").count() == 0
    own = _check_fortune_info(page)
    log = page.evaluate("document.querySelector('.events').textContent")
    indicator = own["indicator"]
    assert f"the {tile_words(indicator)} is turned up and set aside: the fortune indicator" in log
    assert "a tile is set aside face down, out of play" in log
    assert f"is the banker at lao {own['lao']}" in log

    ready = page.locator(READY).first
    turns = held = 0
    for _ in range(600):
        ready.wait_for()
        if page.locator(".result").is_visible():
            break
        held += _check_fortune_marks(page)
        if asked(page) == "claim":
            win = page.locator(".actions button[data-kind=win]")
            (win.first if win.count() else page.locator('.actions [data-action="pass"]')).click()
            continue
        win = page.locator(".actions button[data-kind=win]")
        if win.count():
            win.first.click()
            continue
        drawn = page.locator('.seat.mine .hand .tile-button.drawn[aria-disabled="false"]')
        (
            drawn
            if drawn.count()
            else page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
        ).first.click()
        turns += 1
    else:
        raise AssertionError("the hand never ended")
    assert turns > 0

    # the end: the breakdown as the server scored it (or the draw), the lao, the payments
    state = page.evaluate("window.parlour.state()")
    result = state["last_hand"]["result"]
    panel = page.locator(".result")
    lao = panel.locator(".lao-note").inner_text()
    assert lao.startswith(f"The banker was at lao {result['lao']}"), lao
    if result["wins"]:
        win = result["wins"][0]
        assert int(panel.locator("table.breakdown tr.total td.points").inner_text()) == win["total"]
        assert " wins on the " in panel.locator("h3.winner").inner_text()
    else:
        assert panel.locator(".drawn-hand").inner_text() == "Nobody won: the hand is drawn."
    amounts = panel.locator(".payments li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.amount))"
    )
    assert amounts == result["payments"] and sum(amounts) == 0
    shot(page, "hangzhou-table")
    print(f"hangzhou hand: {time.monotonic() - start:.1f} s, {turns} turns, {held} fortunes held")

    # what one hand seldom shows, drawn by the page's own renderer: fortunes and a White
    # in the hand, a fortune in a river, a float round, the float one may make, kong
    # streaks and claims; then the four Whites as the fortunes (no indicator)
    obs = dict(state["observation"])
    me = obs["seat"]
    kind = own["fortune"]
    plain = [t for t in ("1m", "9s", "E") if t != kind][:2]
    white = "P" if kind != "P" else "C"
    hand = f"{kind} {kind} {white} {plain[0]} {plain[1]}"
    obs.update(
        phase="turn",
        current=me,
        window=None,
        hand=hand,
        legal=[f"discard {t}" for t in dict.fromkeys(hand.split())],
        discards=[kind if s == (me + 1) % 4 else "" for s in range(4)],
        melds=[[], [], [], []],
        ruleset_state={
            **own,
            "float": {"seat": (me + 1) % 4, "floats": 2},
            "kong_streaks": {str((me + 2) % 4): 1},
            "claims": {str(me): {str((me + 3) % 4): 2}},
            "float_discard": {"tile": kind, "floats": 1, "multiplier": 4, "now": 0},
        },
        to_act=[me],
    )
    fake = {**state, "observation": obs, "answered": False, "last_hand": None, "events": []}
    fake.update(between_hands=False, finished_table=None, match_over=False)
    whites = {
        **obs,
        "hand": f"P P {plain[0]} {plain[1]}",
        "legal": [],
        "discards": ["", "", "", ""],
        "ruleset_state": {**own, "indicator": None, "fortune": "P", "wild": "P"},
    }
    drawn = page.evaluate(
        """async ([state, whites]) => {
          const { MahjongView } = await import('/static/mahjong.js');
          const root = document.createElement('div');
          root.id = 'fortune-sample';
          document.querySelector('main').prepend(root);
          const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
          view.render(state);
          const q = (s) => [...root.querySelectorAll(s)];
          const text = (s) => root.querySelector(s)?.textContent || '';
          const out = {
            fortunes: q('.hand .tile-button.fortune').map((b) => b.getAttribute('aria-label')),
            floats: q('.hand .tile-button[data-float="yes"]').length,
            white: q(`.hand .tile-button[data-tile="${state.observation.hand.split(' ')[2]}"]`)
              .map((b) => b.getAttribute('aria-label')),
            river: q('.discards .fortune-tile img').map((i) => i.getAttribute('alt')),
            float: text('.fortune-info .float-round'),
            floatSeat: root.querySelector('.fortune-info').dataset.float,
            offer: text('.fortune-info .float-offer'),
            streaks: text('.fortune-info .kong-streaks'),
            claims: text('.fortune-info .claims'),
          };
          view.render({ ...state, observation: whites });
          out.whites = text('.fortune-info');
          out.whiteFortunes = q('.hand .tile-button.fortune')
            .map((b) => b.getAttribute('aria-label'));
          out.indicators = q('.fortune-info img.indicator-tile').length;
          clearInterval(view.ticker);
          return out;
        }""",
        [fake, whites],
    )
    page.locator("#fortune-sample").screenshot(path=str(shots() / "hangzhou-marks.png"))
    page.evaluate("() => document.querySelector('#fortune-sample').remove()")
    label = f"{tile_words(kind)} (a fortune): discard to float (float round 1;"
    assert len(drawn["fortunes"]) == 2 and all(f.startswith(label) for f in drawn["fortunes"])
    assert drawn["floats"] == 2
    if white == "P":
        assert drawn["white"] == [f"White dragon (stands for the {tile_words(kind)}): discard"]
    river = f"{tile_words(kind)} (a fortune)"
    assert drawn["river"] in ([river], [f"{river}, the last discard"])
    assert drawn["floatSeat"] == str((me + 1) % 4)
    assert "Float round:" in drawn["float"] and "floats (float round 2)" in drawn["float"]
    assert "nobody may claim" in drawn["float"]
    assert "You may float" in drawn["offer"] and "float round 1" in drawn["offer"]
    assert "×4" in drawn["offer"]
    assert "1 kong in a row" in drawn["streaks"]
    assert " 2 from " in drawn["claims"]
    assert "no indicator: the four White dragons are the fortunes" in drawn["whites"]
    assert drawn["indicators"] == 0
    assert drawn["whiteFortunes"] == ["White dragon (a fortune)"] * 2


def test_the_calculator_scores_a_hangzhou_hand_with_its_fortune_and_lao(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    """hangzhou.md Ex 4: E, the banker at lao 3, wins by a wild eye on his own tile:
    123m 456m 789p 222s 4s* +9m with indicator 4s, each other player pays 16, 48 in all;
    built by clicking (a click on a 4s adds a fortune), then typed, then with the four
    Whites as the fortunes."""
    from parlour import score

    page = person.page()
    page.goto(server + "/calculator")
    page.wait_for_selector(".palette button")
    systems = {s["name"]: s for s in api(server, "/api/rules")["systems"]}
    assert systems["hangzhou"]["required"] == ["fortune"]
    offered = page.locator("#calc-rules option:not([disabled])").evaluate_all(
        "os => os.map(o => o.value)"
    )
    assert "hangzhou" in offered
    page.select_option("#calc-rules", "hangzhou")
    assert page.is_visible("#calc-fortune-row") and page.is_hidden("#calc-gold-row")
    for row in ("banker", "lao", "floats", "kong_streak"):
        assert page.is_visible(f"#calc-{row}-row"), row
    page.select_option("#calc-fortune", "4s")
    page.select_option("#seat-wind", "E")
    page.select_option("#calc-banker", "E")
    page.fill("#calc-lao", "3")
    page.check("#mode-concealed")
    for t in ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2s", "2s", "2s", "4s"]:
        page.click(f".palette [data-tile='{t}']")
    page.check("#mode-win")
    page.click(".palette [data-tile='9m']")
    page.check("#flag-self_drawn")
    assert page.input_value("#hand-text") == "1234569m 789p 222s 4s* +9m"
    fortune = page.locator('#picked button[data-tile="4s*"]')
    assert fortune.get_attribute("aria-label") == "take out the 4 of bamboos (a fortune)"
    assert fortune.locator(".fortune-tile").count() == 1
    sent, shown = _page_score(page)
    assert sent == {
        "rules": "hangzhou",
        "hand": "1234569m 789p 222s 4s* +9m",
        "win_tile": "9m",
        "seat_wind": "E",
        "self_drawn": True,
        "fortune": "4s",
        "banker": "E",
        "lao": 3,
        "floats": 0,
        "kong_streak": 0,
    }
    assert shown["total"] == score(sent).total == 48
    assert shown["verdict"] == "A winning hand: 48 points"
    pays = page.locator("#calc-payments li").all_inner_texts()
    assert pays == ["E: +48", "S: -16", "W: -16", "N: -16"]
    shot(page, "calculator-hangzhou")

    # typed as the spec writes it
    page.fill("#hand-text", "123m 456m 789p 222s 4s* +9m")
    sent, shown = _page_score(page)
    assert sent["hand"] == "123m 456m 789p 222s 4s* +9m" and shown["total"] == 48

    # another indicator marks the hand again: 4s is no longer a fortune, 9m is
    page.select_option("#calc-fortune", "9m")
    assert page.input_value("#hand-text") == "123456m 9m* 789p 2224s +9m*"

    # no indicator: the four Whites are the fortunes
    page.select_option("#calc-fortune", "")
    page.check("#calc-opt-permanent_white_fortune")
    page.fill("#hand-text", "123m 456m 789p 222s P* +9m")
    sent, shown = _page_score(page)
    assert sent["fortune"] is None and sent["options"] == {"permanent_white_fortune": True}
    assert shown["total"] == score(sent).total == 48
