"""``python -m parlour.cli``: the same command as ``parlour``."""

from parlour.cli import main

main()
