"""Kawuxing in a real browser (the same server, browser and helpers as
``test_browser.py``): a hand from the home page against greedy bots is played by
clicking to its end at a table of three seats named by role (no winds, no wind round),
every disclosed hand shown with its waits (open, or the waits only), every kong paid at
once shown in the centre as it is made, and the end naming the disclosures and the kong
payments; four people with one resting; what one hand seldom shows (a kong chain's
payments, one's own declaration button, a frozen seat, a double win) is drawn by the
page's own renderer."""

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

ROLES = ["banker", "right", "left"]
_RESTING = '.status:has-text("you sit this hand out")'

_SHOWN = """() => {
  const st = window.parlour.state();
  const q = (s) => [...document.querySelectorAll(s)];
  const seat = (s) => document.querySelector(`.seat[data-seat="${s}"]`);
  return {
    obs: st.observation,
    status: document.querySelector('.status').textContent,
    round: document.querySelector('.centre .round').textContent,
    heads: st.observation.seat_names.map((_, s) => seat(s).querySelector('h2').textContent),
    disclosed: st.observation.seat_names.map((_, s) => {
      const d = seat(s).querySelector('.disclosed');
      return d ? [d.dataset.waits, d.dataset.order, d.textContent] : null;
    }),
    open: st.observation.seat_names.map(
      (_, s) => seat(s).querySelectorAll('.public img.tile').length),
    transfers: q('.centre .transfers-info li').map(
      (l) => [Number(l.dataset.seat), l.dataset.payments, l.textContent]),
    net: document.querySelector('.centre .transfers-info')?.dataset.net ?? null,
  };
}"""


def _check_table(page: Page) -> dict[str, Any]:
    """The table as the observation has it: seats named by role, no wind round, every
    disclosed seat's waits (and its open hand under the full scope), every kong paid so
    far with each seat's net; the observation."""
    shown = page.evaluate(_SHOWN)
    obs, own = shown["obs"], shown["obs"]["ruleset_state"]
    names = obs["seat_names"]  # from the banker on, in turn order
    assert names == [ROLES[(s - obs["dealer"]) % 3] for s in range(3)], names
    assert "round" not in shown["status"] and "wind" not in shown["round"], shown["round"]
    assert shown["round"].startswith("Hand ")
    for s, head in enumerate(shown["heads"]):
        assert f"role: {obs['seat_names'][s]}" in head, head
    waits = own.get("waits", {})
    order = own.get("disclosed", [])
    for s, mark in enumerate(shown["disclosed"]):
        if s not in order:
            assert mark is None and shown["open"][s] == 0, mark
            continue
        assert mark is not None
        assert mark[0] == waits[str(s)] and int(mark[1]) == order.index(s) + 1
        words = ", ".join(f"the {tile_words(t)}" for t in waits[str(s)].split())
        assert mark[2].endswith(f"waits on {words}"), mark
        if s != obs["seat"]:  # the default scope lays the whole hand open
            hand = obs["public_hands"][s]
            assert hand is not None and shown["open"][s] == _count(hand)
    made = own.get("transfers", [])
    assert len(shown["transfers"]) == len(made)
    for (seat, payments, words), t in zip(shown["transfers"], made, strict=True):
        assert seat == t["seat"] and payments == " ".join(map(str, t["payments"]))
        assert "kong paid at once: " in words, words
        assert sum(t["payments"]) == 0 and t["payments"][t["seat"]] > 0
    if made:
        net = [sum(t["payments"][s] for t in made) for s in range(3)]
        assert shown["net"] == " ".join(map(str, net))
    else:
        assert shown["net"] is None
    return dict(obs)


def _count(hand: str) -> int:
    """How many tiles a hand's text holds: "12258p CC F" is 8."""
    return sum(len(g) - 1 if g[-1] in "mps" else len(g) for g in hand.split())


def _play_to_the_end(page: Page) -> dict[str, int]:
    """Click the hand to its end: every win taken, the first declaration offered made,
    every kong offered made (so that kongs are paid), other claims passed, else the drawn
    tile (or the first one allowed) discarded; what was done, by kind."""
    done = {"turns": 0, "declare": 0, "kong": 0, "disclosed_seen": 0, "paid_seen": 0}
    ready = page.locator(READY).first
    for _ in range(400):
        ready.wait_for()
        if page.locator(".result").is_visible():
            return done
        assert page.locator(".board .seat").count() == 3
        obs = _check_table(page)
        own = obs["ruleset_state"]
        done["disclosed_seen"] += bool(own.get("disclosed"))
        done["paid_seen"] += bool(own.get("transfers"))
        win = page.locator(".actions button[data-kind=win], .actions button[data-kind=rob]")
        kong = page.locator(
            ".actions button[data-kind=kong], .actions button[data-kind=concealed_kong],"
            " .actions button[data-kind=added_kong]"
        )
        declare = page.locator(".actions button[data-kind=declare]")
        if win.count():
            win.first.click()
        elif kong.count():
            kong.first.click()
            done["kong"] += 1
        elif asked(page) == "claim":
            page.locator('.actions [data-action="pass"]').click()
        elif declare.count() and not done["declare"]:
            action = declare.first.get_attribute("data-action") or ""
            tile = action.split()[1]
            assert action == f"discard {tile} declare"
            assert declare.first.get_attribute("aria-label") == (
                f"Declare ready: discard the {tile_words(tile)} and declare your hand ready"
                " (the others see what it waits on)"
            )
            declare.first.click()
            done["declare"] += 1
        else:
            assert asked(page) == "turn"
            if obs["seat"] in own.get("disclosed", []):
                status = page.inner_text(".status")
                assert "your hand is declared ready, so discard the tile you drew" in status
            drawn = page.locator('.seat.mine .hand .tile-button.drawn[aria-disabled="false"]')
            (
                drawn
                if drawn.count()
                else page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
            ).first.click()
        done["turns"] += 1
    raise AssertionError("the hand never ended")


def _check_result(page: Page) -> dict[str, Any]:
    """The end of the hand as the server settled it: each winner, the disclosures in
    order, the kongs paid during the hand, the payments (wins, kongs and a drawn hand's
    disclosure payment together); the state."""
    state: dict[str, Any] = page.evaluate("window.parlour.state()")
    result = state["last_hand"]["result"]
    panel = page.locator(".result")
    assert panel.locator("h3.winner").count() == len(result["wins"])
    disclosed = result.get("disclosed", [])
    if disclosed:
        note = panel.locator(".disclosed-note")
        assert note.get_attribute("data-disclosed") == " ".join(disclosed)
        assert note.inner_text().startswith("Declared ready (in order): ")
    else:
        assert panel.locator(".disclosed-note").count() == 0
    made = result.get("transfers", [])
    shown = panel.locator(".transfers li").evaluate_all(
        "ls => ls.map(l => [Number(l.dataset.seat), l.dataset.payments])"
    )
    assert shown == [[t["seat"], " ".join(map(str, t["payments"]))] for t in made]
    amounts = panel.locator(".payments li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.amount))"
    )
    assert amounts == result["payments"] and sum(amounts) == 0
    if result["wins"]:
        total = [
            sum(w["payments"][s] for w in result["wins"]) + sum(t["payments"][s] for t in made)
            for s in range(3)
        ]
        assert total == result["payments"]
    return state


def _start(page: Page, base: str, people: int) -> None:
    hands = "1" if people == 3 else "4"
    options = ("removed_suit", "disclosure_scope", "max_doubles")
    start_from_home(page, base, "kawuxing", people, hands=hands, options=options)
    page.locator(f"{READY}, {_RESTING}").first.wait_for()


def test_kawuxing_hands_from_the_home_page_show_disclosures_and_kong_payments(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    """Hands are played to the end until one has shown a disclosure; every state of
    every hand is checked against the observation on the way."""
    start = time.monotonic()
    seen = {"turns": 0, "declare": 0, "kong": 0, "disclosed_seen": 0, "paid_seen": 0}
    hands = 0
    while hands < 6 and not (seen["disclosed_seen"] and seen["turns"]):
        page = person.page()
        _start(page, server, 3)
        assert page.locator(".board").get_attribute("data-seats") == "3"
        done = _play_to_the_end(page)
        for k, v in done.items():
            seen[k] += v
        _check_result(page)
        hands += 1
    assert seen["turns"] > 0 and seen["disclosed_seen"] > 0, seen
    shot(page, "kawuxing-table")
    print(f"kawuxing: {hands} hands, {time.monotonic() - start:.1f} s, {seen}")


def _names(obs: dict[str, Any]) -> list[str]:
    """Each seat's player name, in seat order."""
    players = {p["seat"]: p["name"] for p in obs["match"]["players"] if p.get("seat") is not None}
    return [players[s] for s in range(len(obs["seat_names"]))]


def test_the_renderer_draws_a_kong_chains_payments_a_declaration_a_freeze_and_a_double_win(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    """A made-up turn from a real table's state: two kongs of one's own paid at once (a
    chain: 2 each, then 2 x 2 from one), the next seat disclosed under ``waits_only``
    (its waits shown, its hand still face down), one's own freeze, a declaration to make;
    then the hand's end with a double win on one discard, the kongs and the disclosure."""
    page = person.page()
    _start(page, server, 3)
    state: dict[str, Any] = page.evaluate("window.parlour.state()")
    obs = dict(state["observation"])
    me = obs["seat"]
    nxt, prev = (me + 1) % 3, (me + 2) % 3
    names = _names(obs)
    chain = [[0, 0, 0], [0, 0, 0]]
    chain[0][me], chain[0][nxt], chain[0][prev] = 4, -2, -2
    chain[1][me], chain[1][nxt] = 4, -4
    transfers = [{"reason": "kong", "seat": me, "payments": p} for p in chain]
    obs.update(
        phase="turn",
        current=me,
        window=None,
        hand="1233p 456s 5p CC",
        legal=["discard 1p", "discard 2p", "discard 5p", "discard 5p declare", "discard C"],
        melds=[["{7777s}", "[FFFF>1]"] if s == me else [] for s in range(3)],
        discards=["", "", ""],
        public_hands=[None, None, None],
        hand_sizes=[14 if s == me else 13 for s in range(3)],
        ruleset_state={
            "disclosed": [nxt],
            "waits": {str(nxt): "3p 6p"},
            "transfers": transfers,
            "frozen": 4,
        },
        to_act=[me],
    )
    fake = {**state, "observation": obs, "answered": False, "last_hand": None, "events": []}
    fake.update(between_hands=False, finished_table=None, match_over=False)
    wins = [
        {
            "seat": s,
            "tile": "5p",
            "self_drawn": False,
            "discarder": me,
            "total": 8,
            "patterns": [{"name": "Disclosure", "value": 1, "count": 1, "unit": "doubles"}],
            "payments": [(8 if t == s else -8 if t == me else 0) for t in range(3)],
        }
        for s in (nxt, prev)
    ]
    net = [sum(w["payments"][s] for w in wins) + chain[0][s] + chain[1][s] for s in range(3)]
    roles = obs["seat_names"]
    result = {
        "wins": wins,
        "draw": False,
        "transfers": transfers,
        "payments": net,
        "disclosed": [roles[nxt]],
    }
    last = state.get("last_hand") or {"number": 1, "seat_names": roles}
    won = {
        **fake,
        "between_hands": True,
        "last_hand": {**last, "number": 1, "seat_names": roles, "result": result, "revealed": []},
    }
    events = [
        {"kind": "payment", "seat": me, "reason": "kong", "payments": chain[1]},
        {"kind": "disclosure", "seat": nxt, "waits": ["3p", "6p"], "scope": "waits_only"},
        {"kind": "disclosure", "seat": prev, "waits": ["2s"], "scope": "full"},
    ]
    drawn = page.evaluate(
        """async ([state, won, events]) => {
          const { MahjongView } = await import('/static/mahjong.js');
          const root = document.createElement('div');
          root.id = 'kawuxing-sample';
          document.querySelector('main').prepend(root);
          const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
          view.render(state);
          const q = (s) => [...root.querySelectorAll(s)];
          const text = (s) => root.querySelector(s)?.textContent || '';
          const obs = state.observation;
          const nxt = (obs.seat + 1) % 3;
          const out = {
            asked: root.dataset.asked,
            status: text('.status'),
            round: text('.centre .round'),
            lines: q('.centre .transfers-info li').map((l) => l.textContent),
            net: text('.centre .transfer-net'),
            netData: root.querySelector('.centre .transfers-info')?.dataset.net,
            disclosed: q('.seat .disclosed').map(
              (d) => [d.closest('.seat').dataset.seat, d.textContent]),
            backs: root.querySelector(`.seat[data-seat="${nxt}"] .concealed-tiles`)?.dataset.count,
            open: root.querySelectorAll(`.seat[data-seat="${nxt}"] .public`).length,
            declare: q('.actions button[data-kind="declare"]').map((b) =>
              [b.dataset.action, b.getAttribute('aria-label'), b.textContent]),
            plain: q('.actions button[data-kind="discard"]').length,
            events: events.map((e) => view.eventText(obs, e)),
          };
          view.render(won);
          out.winners = q('.result h3.winner').map((h) => h.textContent);
          out.resultDisclosed = text('.result .disclosed-note');
          out.resultTransfers = q('.result .transfers li').map((l) => l.textContent);
          out.payments = q('.result .payments li').map((l) => Number(l.dataset.amount));
          view.render(state);  // the turn again, for the picture
          clearInterval(view.ticker);
          return out;
        }""",
        [fake, won, events],
    )
    page.locator("#kawuxing-sample").screenshot(path=str(shots() / "kawuxing-kongs.png"))
    page.evaluate("() => document.querySelector('#kawuxing-sample').remove()")

    def who(s: int) -> str:
        return "you" if s == me else names[s]

    def amounts(p: list[int], name: Any = who) -> str:
        sign = {1: "+", -1: "−", 0: ""}
        return ", ".join(f"{name(s)} {sign[(v > 0) - (v < 0)]}{abs(v)}" for s, v in enumerate(p))

    assert drawn["asked"] == "turn"
    assert drawn["round"] == "Hand 1" or drawn["round"].startswith("Hand ")
    assert "round" not in drawn["status"]
    assert (
        "you let a win go: until your next turn you may win on a discard only for more than 4"
        in drawn["status"]
    )
    assert drawn["lines"] == [f"you: kong paid at once: {amounts(p)}" for p in chain]
    total = [chain[0][s] + chain[1][s] for s in range(3)]
    assert drawn["net"] == f"So far: {amounts(total)}"
    assert drawn["netData"] == " ".join(map(str, total))
    assert drawn["disclosed"] == [
        [str(nxt), "Declared ready: waits on the 3 of circles, the 6 of circles"]
    ]
    assert drawn["backs"] == "13" and drawn["open"] == 0  # waits only: the hand stays hidden
    assert drawn["declare"] == [
        [
            "discard 5p declare",
            "Declare ready: discard the 5 of circles and declare your hand ready"
            " (the others see what it waits on)",
            "Declare ready, discarding ",
        ]
    ]
    assert drawn["plain"] == 0  # plain discards are made by clicking the hand's tiles
    plain = lambda s: names[s]  # noqa: E731
    assert drawn["events"] == [
        f"{names[me]}'s kong paid at once: {amounts(chain[1], plain)}",
        f"{names[nxt]} declares the hand ready, waiting on the 3 of circles,"
        " the 6 of circles (the waits only are shown)",
        f"{names[prev]} declares the hand ready, waiting on the 2 of bamboos"
        " (the hand is laid open)",
    ]
    full = [f"{names[s]} ({roles[s]})" for s in range(3)]
    assert drawn["winners"] == [
        f"{full[s]} wins on the 5 of circles, on the discard of {full[me]}" for s in (nxt, prev)
    ]
    assert drawn["resultDisclosed"] == f"Declared ready (in order): {full[nxt]}."
    assert drawn["resultTransfers"] == [
        f"{full[me]}: kong: {amounts(p, lambda s: full[s])}" for p in chain
    ]
    assert drawn["payments"] == net and sum(net) == 0


def test_four_people_play_kawuxing_one_resting_each_hand(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    """Four people at three seats: one rests (named in the status and the centre), the
    board has three seats, and two hands are played to the end; after the first the
    resting player takes a seat as the rules say (the last winner's, or stays out after a
    drawn hand's rotation)."""
    page = person.page()
    _start(page, server, 4)
    assert page.locator(".board").get_attribute("data-seats") == "3"
    resting: list[str] = []
    for hand in (1, 2):
        page.locator(f"{READY}, {_RESTING}").first.wait_for()
        if not page.locator(".result").is_visible():
            # read at one moment, from the observation the board is drawn from (a table of
            # bots may finish the hand meanwhile: the board then shows the finished hand)
            obs, centre = page.evaluate(
                """() => {
                  const state = window.parlour.state();
                  const finished = document.querySelector('.board')?.dataset.view === 'finished';
                  return [finished ? state.finished_table.observation : state.observation,
                    document.querySelector('.centre .resting-line')?.innerText || ''];
                }"""
            )
            out = [p["name"] for p in obs["match"]["players"] if p.get("seat") is None]
            assert len(out) == 1, out
            resting.append(out[0])
            assert f"sitting out: {out[0]}" in centre, centre
            if obs["seat"] is not None:
                _play_to_the_end(page)
            else:  # this person rests: the bots play the hand
                page.locator(".result:not([hidden])").wait_for(timeout=60_000)
        state = _check_result(page)
        assert len(state["last_hand"]["result"]["payments"]) == 3
        assert page.locator(".result .resting").inner_text().endswith("sat this hand out.")
        if hand == 1:
            page.click("#next")
    assert resting, "no hand was seen live"
    shot(page, "kawuxing-four-people")
