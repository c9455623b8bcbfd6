"""Looking at processes from the tests (Linux ``/proc``)."""

from __future__ import annotations

from pathlib import Path


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    kids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.add(int(entry.name))
    return kids
