#!/usr/bin/env python3
"""A Botzone-protocol test bot that keeps its hand from the requests alone and plays
every kind of move: it claims a pung, a chow (from the player before it) or a kong when
its hand allows, declares concealed and added kongs, and discards a tile of its hand at
random (seeded by its first argument). Every move it makes is legal only if the requests
told it its hand exactly, so a game without a forfeit by it proves the translation.
``--json`` reads the JSON input; ``--bad-claim`` promises to discard the tile it pungs
(which it no longer holds). It never declares a win (it cannot count fans)."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


class Tracker:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.me = -1
        self.hand: Counter[str] = Counter()
        self.pungs: set[str] = set()
        self.last: tuple[int, str] | None = None  # the last discard: player, tile
        self.wall = 0  # tiles left to draw: no claim nor kong when none is left
        self.bad_claim = False  # --bad-claim: a pung's discard is the tile claimed

    def take(self, request: str) -> str:
        w = request.split()
        if w[0] == "0":
            self.me = int(w[1])
            return "PASS"
        if w[0] == "1":
            counts = [int(x) for x in w[1:5]]
            self.hand.update(w[5:18])
            self.wall = 144 - 13 * 4 - sum(counts)
            assert len(w) == 18 + sum(counts), request
            return "PASS"
        if w[0] == "2":
            self.wall -= 1
            tile = w[1]
            self.hand[tile] += 1
            return self.turn(tile)
        player, what = int(w[1]), w[2]
        if what in ("DRAW", "BUHUA"):
            self.wall -= 1
        if what == "PLAY":
            self.last = (player, w[3])
            if player == self.me:
                return "PASS"
            return self.claim(player, w[3])
        if player == self.me:
            self.own(what, w[3:])
            return "PASS"
        if what in ("PENG", "CHI"):
            self.last = (player, w[-1])
            return self.claim(player, w[-1])
        return "PASS"

    def own(self, what: str, args: list[str]) -> None:
        """Its own move, as the referee tells everyone."""
        if what == "PENG":
            assert self.last is not None
            self.hand[self.last[1]] -= 2
            self.pungs.add(self.last[1])
            self.hand[args[0]] -= 1
        elif what == "CHI":
            assert self.last is not None
            mid = args[0]
            for k in (-1, 0, 1):
                t = f"{mid[0]}{int(mid[1]) + k}"
                if t != self.last[1]:
                    self.hand[t] -= 1
            self.hand[args[1]] -= 1
        elif what == "PLAY":
            self.hand[args[0]] -= 1
        assert all(v >= 0 for v in self.hand.values()), (what, args, self.hand)

    def turn(self, drawn: str) -> str:
        for tile, n in self.hand.items():
            if not self.wall:
                break
            if n == 4 and self.rng.random() < 0.5:
                self.hand[tile] -= 4
                return f"GANG {tile}"
        if drawn in self.pungs and self.wall and self.rng.random() < 0.5:
            self.pungs.discard(drawn)
            self.hand[drawn] -= 1
            return f"BUGANG {drawn}"
        tile = self.rng.choice(sorted(t for t, n in self.hand.items() if n))
        self.hand[tile] -= 1
        return f"PLAY {tile}"

    def claim(self, player: int, tile: str) -> str:
        held = self.hand[tile]
        if not self.wall:
            return "PASS"
        if held == 3 and self.rng.random() < 0.5:
            self.hand[tile] -= 3
            return "GANG"
        rest = self.hand.copy()
        if held >= 2 and self.rng.random() < 0.5:
            rest[tile] -= 2
            discard = self.rng.choice(sorted(t for t, n in rest.items() if n))
            return f"PENG {tile if self.bad_claim else discard}"
        if player == (self.me + 3) % 4 and tile[0] in "WBT" and self.rng.random() < 0.7:
            n = int(tile[1])
            for mid in (n - 1, n, n + 1):
                if not 2 <= mid <= 8:
                    continue
                need = [f"{tile[0]}{k}" for k in (mid - 1, mid, mid + 1) if k != n]
                if all(rest[t] >= 1 for t in need):
                    for t in need:
                        rest[t] -= 1
                    discard = self.rng.choice(sorted(t for t, c in rest.items() if c))
                    return f"CHI {tile[0]}{mid} {discard}"
        return "PASS"


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 0
    use_json = "--json" in sys.argv
    bot = Tracker(seed)
    bot.bad_claim = "--bad-claim" in sys.argv
    if use_json:
        data = json.loads(sys.stdin.readline())
        requests = data["requests"]
    else:
        turns = int(sys.stdin.readline())
        requests = [sys.stdin.readline().rstrip("\n") for _ in range(2 * turns - 1)][0::2]
    for past in requests[:-1]:
        bot.take(past)  # a fresh run: the past again (its random choices replay alike)
    request = requests[-1]
    while True:
        response = bot.take(request)
        print(json.dumps({"response": response}) if use_json else response)
        print(KEEP_RUNNING, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        request = json.loads(line) if use_json else line.rstrip("\n")


if __name__ == "__main__":
    main()
