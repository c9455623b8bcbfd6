"""``parlour serve``: the browser pages, the JSON API and the tables' sockets."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from parlour.cli.app import Command, app, console, fail


def _worker_count(workers: str, url: str) -> int:
    """``--workers`` as a number: ``auto`` is one per core on a machine with several
    (none with one core, or with an in-memory database, which one process holds)."""
    if workers == "auto":
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
        cores = cores or os.cpu_count() or 1
        return 0 if cores < 2 or ":memory:" in url else cores
    try:
        count = int(workers)
    except ValueError:
        count = -1
    if not 0 <= count <= 64:
        fail(f"--workers must be auto or a number from 0 to 64, not {workers!r}")
    return count


@app.command("serve", cls=Command)
def serve_command(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="The database (default: PARLOUR_DATABASE_URL, else sqlite:///var/parlour.db).",
        ),
    ] = None,
    workers: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="Worker processes that run the games (0: in the server's own process; "
            "auto: one per core when there are several).",
        ),
    ] = "auto",
) -> None:
    """Serve the browser pages: play against bots or friends, watch, score, replay.

    Prints the address to open. Games are kept in the database, so a server started
    again goes on with every game where it was.
    """
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.app import database_url as default_url

    if not 0 < port < 65536:
        fail(f"--port must be 1-65535, not {port}")
    url = database_url or default_url()
    count = _worker_count(workers, url)
    try:
        application = create_app(url, workers=count, warm=True)
    except Exception as e:  # a database that cannot be opened or migrated
        fail(f"cannot open the database {url}: {e}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(f"parlour is serving at http://{shown}:{port}/ (games in {url})", highlight=False)
    uvicorn.run(application, host=host, port=port, log_level="warning")


__all__ = ["serve_command"]
