#!/usr/bin/env python3
"""A small Chinese Standard Mahjong bot speaking the Botzone protocol, kept running.

It passes on everything and discards the tile it has just drawn (with its hand it
keeps, it could do better: this is an example of the protocol, not of play). Seat it
at a parlour table with ``parlour play --bots botzone:"python examples/botzone_bot.py"``.

Options (to try a referee's penalties): ``--json`` reads and writes Botzone's JSON
input instead of the simple one; ``--bad`` answers an illegal move to its first draw;
``--sleep SECONDS`` waits that long before each answer to a draw; ``--die`` exits
without answering its first draw; ``--once`` answers one request and exits (a bot that
does not keep running: it is run again with the whole conversation each time).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def answer(request: str, options: argparse.Namespace, state: dict[str, int]) -> str:
    """The response to one request: PLAY the drawn tile, PASS to everything else."""
    words = request.split()
    if words and words[0] == "2":
        state["draws"] += 1
        if options.sleep:
            time.sleep(options.sleep)
        if options.die:
            sys.exit(3)
        if options.bad:
            return "PLAY Z9"
        return f"PLAY {words[1]}"
    return "PASS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bad", action="store_true")
    parser.add_argument("--die", action="store_true")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--sleep", type=float, default=0.0)
    options = parser.parse_args()
    state = {"draws": 0}
    # the first input: the whole conversation so far
    if options.json:
        data = json.loads(sys.stdin.readline())
        requests, responses = data["requests"], data["responses"]
    else:
        turns = int(sys.stdin.readline())
        lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * turns - 1)]
        requests, responses = lines[0::2], lines[1::2]
    for past in requests[: len(responses)]:
        if past.split()[:1] == ["2"]:
            state["draws"] += 1
    request = requests[-1]
    while True:
        response = answer(request, options, state)
        print(json.dumps({"response": response}) if options.json else response)
        if options.once:
            return
        print(KEEP_RUNNING, flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        request = json.loads(line) if options.json else line.rstrip("\n")


if __name__ == "__main__":
    main()
