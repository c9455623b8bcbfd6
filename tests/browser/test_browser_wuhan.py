"""Wuhan mahjong in a real browser (the same server, browser and helpers as
``test_browser.py``): a hand from the home page against greedy bots shows the laizi
indicator and the laizi (marked ★ laizi in the hand and the rivers, in words too), the
kong-only Red, the Red and laizi kongs by each seat, and is played by clicking to its
end (the result names the laizi and each loser's share); a three-player hand the same,
at a table of three seats; a Red kong and a laizi kong laid aside, the haitei phase with
its ``keep`` button and the kong buttons' words are drawn by the page's own renderer."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page
from test_browser import (  # noqa: F401
    READY,
    Watched,
    asked,
    browser,
    person,
    running,
    server,
    shot,
    shots,
    start_from_home,
)

from parlour.render.svg import tile_words

_LAIZI_MARKS = """() => {
  const st = window.parlour.state();
  const bare = (t) => t.replace(/\\*$/, '');
  const hand = [...document.querySelectorAll('.seat.mine .hand .tile-button')];
  const river = (s) => [...document.querySelectorAll(`.seat[data-seat="${s}"] .discards img.tile`)];
  return {
    own: st.observation.ruleset_state,
    hand: hand.map((b) => [bare(b.dataset.tile), b.classList.contains('laizi'),
      b.dataset.kongOnly === 'yes', b.getAttribute('aria-label')]),
    rivers: st.observation.seat_names.map((_, s) => river(s).map((i) => [
      i.closest('.laizi-tile') !== null, i.getAttribute('alt')])),
    discards: st.observation.discards,
  };
}"""


def _check_laizi_marks(page: Page) -> int:
    """Every laizi in the hand and the rivers is marked, in words too, and nothing else
    is; a kong-only tile in the hand says so; how many laizi the hand holds."""
    shown = page.evaluate(_LAIZI_MARKS)
    laizi, kong_only = shown["own"]["laizi"], shown["own"]["kong_only"]
    held = 0
    for tile, marked, only, label in shown["hand"]:
        assert marked == (tile == laizi), (tile, laizi)
        assert (f"{tile_words(tile)} (a laizi)" in label) == (tile == laizi), label
        assert only == (tile in kong_only), (tile, kong_only)
        assert ("(kong-only)" in label) == (tile in kong_only), label
        assert "stands for" not in label, label  # a White is only a White here
        held += marked
    for river, text in zip(shown["rivers"], shown["discards"], strict=True):
        names = text.split()
        assert len(river) == len(names)
        for (marked, alt), name in zip(river, names, strict=True):
            assert marked == (name == laizi), (name, laizi)
            assert ("(a laizi)" in alt) == (name == laizi), alt
    return held


def _check_laizi_info(page: Page) -> dict[str, Any]:
    """The centre shows the indicator, the laizi, the kong-only kinds and the kongs as
    the observation has them; the ruleset state."""
    own: dict[str, Any] = page.evaluate("window.parlour.state().observation.ruleset_state")
    info = page.locator(".laizi-info")
    indicator, laizi = own["indicator"], own["laizi"]
    assert own["wild"] == laizi and indicator != laizi
    assert info.get_attribute("data-indicator") == indicator
    assert info.get_attribute("data-laizi") == laizi
    assert info.get_attribute("data-kong-only") == " ".join(own["kong_only"])
    assert info.get_attribute("data-haitei") == ("yes" if own.get("haitei") else "no")
    words = info.inner_text()
    assert (
        f"the laizi indicator: {indicator} (turned up from the tail, set aside, out of play)"
        in words
    )
    assert f"the laizi: {laizi} ({tile_words(laizi)}: wild in the concealed hand" in words
    alt = info.locator("img.indicator-tile").get_attribute("alt") or ""
    assert alt == f"{tile_words(indicator)}, the laizi indicator"
    assert info.locator(".laizi-tile img").get_attribute("alt") == f"{tile_words(laizi)} (a laizi)"
    kong_only = info.locator(".kong-only").inner_text()
    assert kong_only.startswith("Kong-only: " + ", ".join(map(tile_words, own["kong_only"])))
    assert "Red kong" in kong_only and "laizi kong" in kong_only
    kongs = info.locator(".kongs").inner_text()
    if not own.get("red_kongs") and not own.get("laizi_kongs"):
        assert kongs == "Red and laizi kongs: none yet"
    for key, word in (("red_kongs", "Red kong"), ("laizi_kongs", "laizi kong")):
        for seat, n in own.get(key, {}).items():
            assert f"{n} {word}" in kongs, (kongs, key)
            mark = page.locator(f'.seat[data-seat="{seat}"] .seat-kongs')
            assert mark.get_attribute(f"data-{key.replace('_', '-')}") == str(n)
    assert (info.locator(".haitei").count() == 1) == bool(own.get("haitei"))
    if own.get("haitei"):
        assert "Haitei: draw and keep, no discards" in info.locator(".haitei").inner_text()
    return own


def _play_to_the_end(page: Page, *, seats: int) -> dict[str, int]:
    """Click the hand to its end: every win taken, every claim passed, a Red kong made
    when offered, one laizi kong, every haitei tile kept, else the drawn tile (or the
    first) discarded; what was done, by kind."""
    done = {"turns": 0, "laizi_held": 0, "red_kong": 0, "laizi_kong": 0, "keep": 0}
    ready = page.locator(READY).first
    for _ in range(600):
        ready.wait_for()
        if page.locator(".result").is_visible():
            return done
        assert page.locator(".board .seat").count() == seats
        done["laizi_held"] += _check_laizi_marks(page)
        own = _check_laizi_info(page)
        me = page.evaluate("window.parlour.state().observation.seat")
        aside = page.locator(".seat.mine .aside img").evaluate_all(
            "is => is.map(i => i.getAttribute('alt'))"
        )
        laizi = tile_words(own["laizi"])
        assert aside.count(f"{laizi} (a laizi), laid aside (a laizi kong)") <= own.get(
            "laizi_kongs", {}
        ).get(str(me), 0)
        reds = sum(1 for a in aside if a.endswith("laid aside (a Red kong)"))
        assert reds <= own.get("red_kongs", {}).get(str(me), 0)
        assert reds + aside.count(f"{laizi} (a laizi), laid aside (a laizi kong)") == len(aside)
        win = page.locator(".actions button[data-kind=win]")
        if asked(page) == "claim":
            (win.first if win.count() else page.locator('.actions [data-action="pass"]')).click()
            continue
        assert asked(page) == "turn"
        keep = page.locator(".actions button[data-kind=keep]")
        red = page.locator(".actions button[data-kind=red_kong]")
        laizi_kong = page.locator(".actions button[data-kind=laizi_kong]")
        if win.count():
            win.first.click()
        elif keep.count():
            assert own.get("haitei") and seats == 4
            status = page.inner_text(".status")
            assert "haitei: draw and keep, no discards" in status, status
            assert page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]').count() == 0
            assert (keep.get_attribute("aria-label") or "").startswith("Keep the haitei tile")
            keep.click()
            done["keep"] += 1
        elif red.count():
            tile = red.first.get_attribute("data-action").split()[1]  # type: ignore[union-attr]
            assert red.first.get_attribute("aria-label") == (
                f"Red kong: set the {tile_words(tile)} aside face up"
                " and draw a replacement from the tail"
            )
            red.first.click()
            done["red_kong"] += 1
        elif laizi_kong.count() and not done["laizi_kong"]:
            assert laizi_kong.get_attribute("aria-label") == (
                f"Laizi kong: set a laizi (the {laizi}) aside face up"
                " and draw a replacement from the tail"
            )
            laizi_kong.click()
            done["laizi_kong"] += 1
        else:
            drawn = page.locator('.seat.mine .hand .tile-button.drawn[aria-disabled="false"]')
            (
                drawn
                if drawn.count()
                else page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
            ).first.click()
        done["turns"] += 1
    raise AssertionError("the hand never ended")


def _check_result(page: Page) -> dict[str, Any]:
    """The end of the hand as the server settled it: the laizi named, the breakdown and
    each loser's share (or the draw), the payments; the state."""
    state: dict[str, Any] = page.evaluate("window.parlour.state()")
    result = state["last_hand"]["result"]
    panel = page.locator(".result")
    note = panel.locator(".laizi-note").inner_text()
    assert note == (
        f"The laizi was the {tile_words(result['laizi'])}"
        f" (its indicator the {tile_words(result['indicator'])})."
    )
    names = page.evaluate(
        "(() => { const st = window.parlour.state();"
        " const n = {}; for (const p of st.observation.match.players) n[p.seat] = p.name;"
        " return st.observation.seat_names.map((w, s) => `${n[s]} (${w})`); })()"
    )
    if result["wins"]:
        win = result["wins"][0]
        assert int(panel.locator("table.breakdown tr.total td.points").inner_text()) == win["total"]
        assert " wins on the " in panel.locator("h3.winner").inner_text()
        losers = [f"{names[s]} {-v}" for s, v in enumerate(win["payments"]) if v < 0]
        assert losers and sum(win["payments"]) == 0
        shares = panel.locator(".shares").inner_text()
        assert shares == (
            f"Each loser pays a share: {', '.join(losers)};"
            f" {names[win['seat']]} receives {win['payments'][win['seat']]}."
        )
    else:
        assert panel.locator(".drawn-hand").inner_text() == "Nobody won: the hand is drawn."
        assert panel.locator(".shares").count() == 0
    amounts = panel.locator(".payments li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.amount))"
    )
    assert amounts == result["payments"] and sum(amounts) == 0
    return state


def _start(page: Page, base: str, players: int) -> None:
    options = ("removed_suit", "green_is_kong_tile", "pizi_kong")
    start_from_home(page, base, "wuhan", players, hands="1", options=options)
    page.wait_for_selector(".laizi-info")
    # no other wild kind's panel at a laizi table
    assert page.locator(".gold-info:not(.laizi-info)").count() == 0
    assert page.locator(".seat.mine .hand .tile-button").count() in (13, 14)


def test_a_wuhan_hand_from_the_home_page_shows_the_laizi_and_plays_to_the_end(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    start = time.monotonic()
    page = person.page()
    _start(page, server, 4)
    own = _check_laizi_info(page)
    log = page.evaluate("document.querySelector('.events').textContent")
    indicator, laizi = own["indicator"], own["laizi"]
    assert (
        f"the {tile_words(indicator)} is turned up and set aside: the laizi indicator"
        f" (the laizi: the {tile_words(laizi)})"
    ) in log
    assert page.locator(".board").get_attribute("data-seats") == "4"

    done = _play_to_the_end(page, seats=4)
    assert done["turns"] > 0
    state = _check_result(page)
    log = page.evaluate("document.querySelector('.events').textContent")
    if done["red_kong"]:
        assert ": a Red kong" in log
    if done["laizi_kong"]:
        assert "aside, face up: a laizi kong" in log
    shot(page, "wuhan-table")
    print(f"wuhan hand: {time.monotonic() - start:.1f} s, {done}")

    # the hand's own laizi, then laizi among the made-up tiles' kinds
    _check_the_renderer(page, state, own, "wuhan-haitei.png")
    for kind in {"2p", "S", "1m", "P"} - {laizi}:
        _check_the_renderer(page, state, {**own, "laizi": kind, "wild": kind})


def _check_the_renderer(
    page: Page, state: dict[str, Any], own: dict[str, Any], picture: str | None = None
) -> None:
    """What one hand seldom shows, drawn by the page's own renderer: a Red kong laid
    aside by the next seat, a laizi kong by one's own, the kongs counted by seat, the
    haitei phase with its ``keep`` button (no discard); then an ordinary turn offering a
    Red kong and a laizi kong, the discard of each named as such a kong."""
    obs = dict(state["observation"])
    me = obs["seat"]
    nxt = (me + 1) % 4
    laizi, red = own["laizi"], own["kong_only"][0]
    # the made-up tiles: no other tile of the laizi's kind than those meant
    plain = [t for t in ("1m", "9s", "P") if t != laizi][:2]
    other = "2p" if laizi != "2p" else "3p"
    sets = " ".join(g for g in ("234p", "567p", "345m", "88s", "SS") if laizi not in tiles(g))
    hand = f"{laizi} {laizi} {plain[0]} {plain[1]}"
    aside = ["", "", "", ""]
    aside[me] = laizi
    aside[nxt] = f"{red} {red}"
    obs.update(
        phase="turn",
        current=me,
        window=None,
        hand=hand,
        legal=["keep", "win"],
        discards=[f"{laizi} {other}" if s == (me + 2) % 4 else "" for s in range(4)],
        melds=[[], [], [], []],
        aside=aside,
        ruleset_state={
            **own,
            "red_kongs": {str(nxt): 3},
            "laizi_kongs": {str(me): 1, str((me + 2) % 4): 1},
            "haitei": True,
        },
        to_act=[me],
    )
    drew = [{"kind": "drawn", "seat": me, "tile": plain[0], "to": me}]
    fake = {**state, "observation": obs, "answered": False, "last_hand": None, "events": drew}
    fake.update(between_hands=False, finished_table=None, match_over=False)
    turn = {
        **obs,
        "hand": f"{hand} {red}",
        "legal": [f"discard {t}" for t in dict.fromkeys(f"{hand} {red}".split())]
        + [f"red_kong {red}", "laizi_kong"],
        "ruleset_state": {**own},
    }
    # a won hand's end: the winner's laizi marked, each loser's share (made up: the
    # greedy bots' hands above may have been drawn)
    last = state["last_hand"]
    shares = [0, 0, 0, 0]
    shares[nxt], shares[me], shares[(me + 2) % 4], shares[(me + 3) % 4] = 64, -32, -16, -16
    win = {
        "seat": nxt,
        "tile": tiles(sets.split()[-1])[-1],
        "self_drawn": False,
        "discarder": me,
        "total": 64,
        "patterns": [{"name": "small win 小胡", "value": 1, "count": 1}],
        "payments": shares,
    }
    result = {**last["result"], "wins": [win], "draw": False, "payments": shares, "laizi": laizi}
    won = {
        **fake,
        "hand": last["number"],
        "between_hands": True,
        "last_hand": {
            **last,
            "result": result,
            "revealed": [{"hand": f"{laizi} {sets}", "melds": ["[WWW>3]"]}],
        },
    }
    drawn = page.evaluate(
        """async ([state, turn, won]) => {
          const { MahjongView } = await import('/static/mahjong.js');
          const root = document.createElement('div');
          root.id = 'laizi-sample';
          document.querySelector('main').prepend(root);
          const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
          view.render(state);
          const q = (s) => [...root.querySelectorAll(s)];
          const text = (s) => root.querySelector(s)?.textContent || '';
          const me = state.observation.seat;
          const label = (b) => b.getAttribute('aria-label');
          const alts = (s) => q(`.seat[data-seat="${s}"] .aside img`)
            .map((i) => i.getAttribute('alt'));
          const out = {
            asked: root.dataset.asked,
            status: text('.status'),
            haitei: text('.laizi-info .haitei'),
            kongs: text('.laizi-info .kongs'),
            keep: q('.actions button[data-kind="keep"]').map((b) => b.getAttribute('aria-label')),
            keepShown: text('.actions button[data-kind="keep"]'),
            win: q('.actions button[data-kind="win"]').map((b) => b.getAttribute('aria-label')),
            laizi: q('.hand .tile-button.laizi').map((b) => b.getAttribute('aria-label')),
            enabled: q('.hand .tile-button[aria-disabled="false"]').length,
            mine: alts(me),
            asideMarked: q(`.seat[data-seat="${me}"] .aside .laizi-tile`).length,
            next: alts((me + 1) % 4),
            seatKongs: [0, 1, 2, 3].map((s) => text(`.seat[data-seat="${s}"] .seat-kongs`)),
            river: q('.discards .laizi-tile img').map((i) => i.getAttribute('alt')),
          };
          view.render({ ...state, observation: turn });
          out.turnAsked = root.dataset.asked;
          out.red = q('.actions button[data-kind="red_kong"]').map(label);
          out.laiziKong = q('.actions button[data-kind="laizi_kong"]').map(label);
          out.discards = q('.hand .tile-button[aria-disabled="false"]').map(label);
          out.noHaitei = q('.laizi-info .haitei').length;
          view.render(won);
          out.shares = text('.result .shares');
          out.laiziNote = text('.result .laizi-note');
          out.winning = q('.result .winning-hand .laizi-tile img')
            .map((i) => i.getAttribute('alt'));
          view.render(state);  // the haitei again, for the picture
          clearInterval(view.ticker);
          return out;
        }""",
        [fake, turn, won],
    )
    if picture:
        page.locator("#laizi-sample").screenshot(path=str(shots() / picture))
    page.evaluate("() => document.querySelector('#laizi-sample').remove()")
    words = tile_words(laizi)
    assert drawn["asked"] == "turn"
    assert "haitei: draw and keep, no discards (keep the tile, or win on it)" in drawn["status"]
    assert drawn["haitei"].startswith("Haitei: draw and keep, no discards")
    assert drawn["keep"] == [f"Keep the haitei tile (the {tile_words(plain[0])}): no discard"]
    assert drawn["keepShown"].startswith("Keep (no discard)")
    assert drawn["win"] == ["Win (self-drawn)"]
    assert drawn["enabled"] == 0  # no discard in the haitei
    assert drawn["laizi"] == [f"{words} (a laizi)"] * 2
    assert drawn["mine"] == [f"{words} (a laizi), laid aside (a laizi kong)"]
    assert drawn["asideMarked"] == 1
    assert drawn["next"] == [f"{tile_words(red)}, laid aside (a Red kong)"] * 2
    assert drawn["seatKongs"][me] == "1 laizi kong (set aside or discarded)"
    assert drawn["seatKongs"][(me + 1) % 4] == "3 Red kongs (set aside or discarded)"
    assert drawn["seatKongs"][(me + 2) % 4] == "1 laizi kong (set aside or discarded)"
    assert drawn["seatKongs"][(me + 3) % 4] == ""
    assert "you 1 laizi kong" in drawn["kongs"] and " 3 Red kongs" in drawn["kongs"]
    assert drawn["river"] in ([f"{words} (a laizi)"], [f"{words} (a laizi), the last discard"])
    assert drawn["turnAsked"] == "turn"
    assert drawn["noHaitei"] == 0
    assert drawn["red"] == [
        f"Red kong: set the {tile_words(red)} aside face up and draw a replacement from the tail"
    ]
    assert drawn["laiziKong"] == [
        f"Laizi kong: set a laizi (the {words}) aside face up and draw a replacement from the tail"
    ]
    assert (
        f"{words} (a laizi): discard it as a laizi kong (nobody may claim it)" in drawn["discards"]
    )
    assert (
        f"{tile_words(red)} (kong-only): discard it as a Red kong (nobody may claim it)"
        in drawn["discards"]
    )
    assert f"{tile_words(plain[1])}: discard" in drawn["discards"]
    names = [f"{p['name']} ({w})" for p, w in zip(_seated(obs), obs["seat_names"], strict=True)]
    losers = ", ".join(f"{names[s]} {-shares[s]}" for s in range(4) if shares[s] < 0)
    assert drawn["shares"] == f"Each loser pays a share: {losers}; {names[nxt]} receives 64."
    assert drawn["laiziNote"].startswith(f"The laizi was the {words} (its indicator the ")
    assert drawn["winning"] == [f"{words} (a laizi)"]


def tiles(group: str) -> list[str]:
    """A group's tiles: tiles("234p") is ["2p", "3p", "4p"], tiles("SS") ["S", "S"]."""
    if group[-1] in "mps":
        return [d + group[-1] for d in group[:-1]]
    return list(group)


def _seated(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """The players in seat order."""
    players = [p for p in obs["match"]["players"] if p.get("seat") is not None]
    return sorted(players, key=lambda p: p["seat"])


def test_a_three_player_wuhan_hand_is_played_to_the_end_at_a_table_of_three(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    start = time.monotonic()
    page = person.page()
    _start(page, server, 3)
    board = page.locator(".board")
    assert board.get_attribute("data-seats") == "3"
    places = page.locator(".board .seat").evaluate_all("ss => ss.map(s => s.dataset.place)")
    assert sorted(places) == ["bottom", "left", "right"]
    obs = page.evaluate("window.parlour.state().observation")
    assert obs["seat_names"] == ["E", "S", "W"]
    own = _check_laizi_info(page)
    # one suit (characters by default) and the East winds are out of the 96 tiles
    for kind in (own["indicator"], own["laizi"]):
        assert not kind.endswith("m") and kind != "E", kind
    assert "haitei" not in own
    done = _play_to_the_end(page, seats=3)
    assert done["turns"] > 0 and done["keep"] == 0
    state = _check_result(page)
    assert len(state["last_hand"]["result"]["payments"]) == 3
    assert page.locator(".result .payments li").count() == 3
    shot(page, "wuhan-three-table")
    print(f"wuhan three-player hand: {time.monotonic() - start:.1f} s, {done}")
