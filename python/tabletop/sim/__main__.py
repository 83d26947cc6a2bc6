"""``python3 -m tabletop.sim``: the tabletop-sim command (cli.py)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
