"""Allow `python -m generator`."""

from generator.cli.app import main

if __name__ == "__main__":
    main()
