"""``parlour rules``: the rule systems, or one system's options, bots and score flags."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from parlour.cli.app import Command, app, console, fail


@app.command("rules", cls=Command)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="A rule system: show its options.", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """List the rule systems, or one system's options with their defaults, the values
    they allow and their meanings."""
    from parlour.registry import find_system, rule_systems

    if name is None:
        systems = rule_systems()
        if as_json:
            sys.stdout.write(json.dumps([x.to_json() for x in systems], ensure_ascii=False) + "\n")
            return
        table = Table(title="Rule systems")
        for col in ("name", "players", "status", "rules"):
            table.add_column(col)
        for x in systems:
            names = x.name + "".join(f" ({a})" for a in x.aliases)
            players = ", ".join(map(str, x.players))
            table.add_row(names, players, x.status, escape(x.title))
        console.print(table)
        console.print("parlour rules NAME lists a system's options.", highlight=False)
        return
    try:
        system = find_system(name)
    except ValueError as e:
        fail(str(e))
    if as_json:
        sys.stdout.write(json.dumps(system.to_json(), ensure_ascii=False) + "\n")
        return
    alias = f" (also {', '.join(system.aliases)})" if system.aliases else ""
    console.print(f"[bold]{system.name}[/]{alias}: {escape(system.title)}", highlight=False)
    console.print(
        f"players: {', '.join(map(str, system.players))} · status: {system.status} · "
        f"from {system.source}",
        highlight=False,
    )
    if system.bot_names():
        console.print(f"bots: {', '.join(system.bot_names())}", highlight=False)
    for protocol in system.outside_bots():
        console.print(
            f"outside programs: --bots {protocol}:COMMAND (also {protocol}-json:COMMAND, "
            f"and a time limit per answer as {protocol}-0.5s:COMMAND)",
            highlight=False,
        )
    flags = [f.option for f in system.situation if f.option is not None]
    if system.scores and flags:
        console.print(
            f"parlour score --rules {system.name} takes {', '.join(flags)} "
            f"(parlour score --rules {system.name} --help says what each means)",
            highlight=False,
        )
    if system.settles:
        console.print(
            f"parlour score --rules {system.name} --table FILE settles a finished hand from "
            "every seat's hand (a JSON table)",
            highlight=False,
        )
    options = system.options()
    if not options:
        note = "no options" if system.status == "playable" else "options come when it is built"
        console.print(f"options: {note}", highlight=False)
        return
    # one option to two lines (its name, default and domain; its meaning below): a name
    # is what --option takes, never cut, and the meaning has the whole width at 80 columns
    console.print("options (--option KEY=VALUE): KEY = default · allowed", highlight=False)
    for o in options:
        head = Text.assemble((o.name, "bold"), f" = {json.dumps(o.default)} ", ("· ", "dim"))
        head.append(o.brief())
        console.print(Padding(head, (0, 0, 0, 2), expand=False), highlight=False)
        meaning = Text(o.meaning, style="dim")
        console.print(Padding(meaning, (0, 0, 0, 6), expand=False), highlight=False)
    for rule in system.option_rules():
        console.print(f"options together: {escape(rule.says)}", highlight=False)


__all__ = ["rules_command"]
