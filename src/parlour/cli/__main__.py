"""``python -m parlour.cli``: the ``parlour`` command."""

from parlour.cli import main

main()
