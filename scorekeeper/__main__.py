"""``python -m scorekeeper serve``: see ``scorekeeper.cli``."""

from scorekeeper.cli import main

if __name__ == "__main__":
    main()
